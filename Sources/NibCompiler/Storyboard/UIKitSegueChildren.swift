import NibArchive
import XIB

/// Child elements of an iOS `<segue>` besides the popover arrow directions.
extension UIKitCompiler {
    /// Accounts for the segue's children that add nothing to its template:
    ///
    /// - `<nil key="action"/>`: Interface Builder's record of a segue property left unset (one sample, a `show` segue
    ///   from a button); a nil value has nothing to archive, and the button still performs the segue through the
    ///   generated `perform:` action (STORYBOARD.md §2.7).
    /// - `<segue key="commit">` / `<segue key="preview">` (3D Touch "peek and pop", deprecated since iOS 13): UIKit's
    ///   controller coder reads `UIStoryboardPreviewSegueTemplates`, `UIStoryboardCommitSegueTemplates` and
    ///   `UIStoryboardPreviewingRegistrants`, whose objects (`UIStoryboardPreviewingRegistrant`,
    ///   `UIStoryboardPreviewingSegueTemplateStorage`) decode no keys and are wired by connections no compiled storyboard
    ///   in reach shows. The segue is archived as a plain template, without previewing, and each of the two says so.
    func noteSegueChildren(_ segue: XIBNode) {
        for child in segue.children {
            if child.isNamed("nil"), child.peek("key", is: "action") {
                ctx.ignore(child)
            } else if child.isNamed("segue"), let key = child.peek("key"), key == "commit" || key == "preview" {
                ctx.warning(at: child, "<segue key='\(key)'> (peek and pop) is not archived: the segue is archived without its \(key) template "
                    + "(no ibtool output in reach shows how it wires UIKit's previewing registrants)")
                ctx.ignore(child)
            }
        }
    }
}
