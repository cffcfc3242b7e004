import NibArchive
import XIB

/// Segue templates (STORYBOARD.md §2.7): one object per non-relationship `<segue>` whose source lies
/// in a controller's scene, owned by that controller.
extension UIKitCompiler {
    /// Template class per `kind`; kinds without compiled evidence follow UIKit's class names (U).
    static let segueTemplateClasses: [String: String] = [
        "show": "UIStoryboardShowSegueTemplate", "showDetail": "UIStoryboardShowSegueTemplate",
        "presentation": "UIStoryboardPresentationSegueTemplate", "embed": "UIStoryboardEmbedSegueTemplate",
        "popoverPresentation": "UIStoryboardPopoverPresentationSegueTemplate", "push": "UIStoryboardPushSegueTemplate",
        "modal": "UIStoryboardModalSegueTemplate", "custom": "UIStoryboardSegueTemplate",
        "unwind": "UIStoryboardUnwindSegueTemplate", "presentationPopover": "UIStoryboardPopoverPresentationSegueTemplate",
    ]
    static let modalPresentationStyles: [String: Int] = [
        "fullScreen": 0, "pageSheet": 1, "formSheet": 2, "currentContext": 3, "custom": 4, "overFullScreen": 5,
        "overCurrentContext": 6, "popover": 7, "none": -1, "automatic": -2,
    ]
    static let modalTransitionStyles: [String: Int] = ["coverVertical": 0, "flipHorizontal": 1, "crossDissolve": 2, "partialCurl": 3]

    /// The template object of `segue`; `destination` is the destination's identifier (§1.2).
    func encodeSegueTemplate(_ segue: XIBNode, destination: String?) -> Int {
        let kind = segue["kind"] ?? "show"
        let className = Self.segueTemplateClasses[kind] ?? "UIStoryboardSegueTemplate"
        if Self.segueTemplateClasses[kind] == nil { ctx.warning(at: segue, "segue kind '\(kind)' is not known; archived as a generic segue template") }
        let index = ctx.define(segue, className: className)
        var e = Entries()
        if let identifier = segue["identifier"] { e.obj("UIIdentifier", b.string(identifier)) }
        if let destination { e.obj("UIDestinationViewControllerIdentifier", b.string(destination)) }
        _ = segue["destination"]
        segue.markUsed("popoverAnchorView", "relationship")
        switch kind {
        case "show", "showDetail":
            e.obj("UIActionName", b.string(kind == "show" ? "showViewController:sender:" : "showDetailViewController:sender:"))
        case "presentation", "modal":
            if segue.bool("animates") == false { e.bool("UIAnimates", false) }
            if let s = segue["modalPresentationStyle"].flatMap({ Self.modalPresentationStyles[$0] }) { e.int("UIModalPresentationStyle", s) }
            if let s = segue["modalTransitionStyle"].flatMap({ Self.modalTransitionStyles[$0] }) { e.int("UIModalTransitionStyle", s) }
        case "embed":
            e.bool("UIPerformOnViewLoad", true)
            e.null("UIContainerView")
        case "popoverPresentation", "presentationPopover":
            var directions = 0
            if let arrows = segue.child("popoverArrowDirection", key: "popoverArrowDirection") {
                for (name, bit) in [("up", 1), ("down", 2), ("left", 4), ("right", 8)] where arrows.bool(name) == true { directions |= bit }
            }
            e.int("UIPermittedArrowDirections", directions)
            e.null("UIPassthroughViews")
            e.null("UIAnchorBarButtonItem")
            e.null("UIAnchorView")
        case "unwind":
            if let action = segue["unwindAction"] { e.obj("UIActionName", b.string(action)) }
        default: break
        }
        // A segue of any kind may name its class; like a controller's, a Swift class is archived by its mangled
        // runtime name (the one rule of the corpus, a `custom` segue, had no module; other kinds: no compiled sample).
        if let cls = customClassRuntimeName(segue) { e.obj("UISegueClassName", b.string(cls)) }
        segue.markUsed("customModule", "customModuleProvider")
        noteSegueChildren(segue)
        b.set(index, NibObject(className: className, entries: e.list))
        return index
    }
}
