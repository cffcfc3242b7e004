import NibArchive
import XIB

/// Segue templates of macOS storyboards: one object per non-relationship `<segue>` of a controller (declared on
/// the controller or inside its view), listed in the controller's `NSStoryboardSegueTemplates`, as UIKit lists
/// them in `UIStoryboardSegueTemplates` (STORYBOARD.md §2.7).
///
/// Evidence: no Apple-compiled AppKit storyboard with such a segue exists in the corpus (the 7 pairs of
/// `storyboards/appkit` have only window-content relationships), so nothing here is checked against ibtool's
/// bytes. The class names are AppKit's (`NSStoryboardShowSegueTemplate`, `…ModalSegueTemplate`,
/// `…SheetSegueTemplate`, `…PopoverSegueTemplate`, `…EmbedSegueTemplate`, and the base class for custom segues,
/// from AppKit's class dumps); the keys are those an AppKit-compatible runtime decodes (`NSIdentifier`,
/// `NSDestinationControllerIdentifier`, `NSSegueClassName`, `NSPopoverBehavior`, `NSPreferredEdge`) and the
/// UIKit layout's `NS` counterparts (`NSPerformOnViewLoad` for embeds, as `UIPerformOnViewLoad`). What triggers
/// a template from a control (its `perform:` action, a popover's anchor view, an embed's container view) lives in
/// the view nib and is not archived yet: each such segue gets a warning.
extension AppKitCompiler {
    /// Template class per `kind`.
    static let segueTemplateClasses: [String: String] = [
        "show": "NSStoryboardShowSegueTemplate", "modal": "NSStoryboardModalSegueTemplate",
        "sheet": "NSStoryboardSheetSegueTemplate", "popover": "NSStoryboardPopoverSegueTemplate",
        "embed": "NSStoryboardEmbedSegueTemplate", "custom": "NSStoryboardSegueTemplate",
    ]
    /// `popoverBehavior`: NSPopoverBehavior (applicationDefined 0, transient 1, semitransient 2).
    static let popoverBehaviors: [String: Int] = ["a": 0, "t": 1, "s": 2]
    /// `preferredEdge`: NSRectEdge (minX 0, minY 1, maxX 2, maxY 3).
    static let rectEdges: [String: Int] = ["minX": 0, "minY": 1, "maxX": 2, "maxY": 3]

    /// The template objects of `controller`'s segues (its own connections first, then those inside its view, in
    /// document order, as UIKit orders them), or nil when it has none. `identifiers` maps controller ids to their
    /// storyboard identifiers (the destination's scene nib name).
    func encodeSegueTemplates(of controller: XIBNode, identifiers: [String: String]) -> Int? {
        let own = controller.children.filter { $0.name == "connections" }.flatMap { $0.children.filter { $0.name == "segue" } }
        let all = own + StoryboardScenes.segues(under: controller).filter { !own.contains($0) }
        var templates: [Int] = []
        for segue in all where segue.peek("kind") != "relationship" {
            templates.append(encodeSegueTemplate(segue, destination: segue.peek("destination").flatMap { identifiers[$0] }))
        }
        return templates.isEmpty ? nil : b.array(templates)
    }

    private func encodeSegueTemplate(_ segue: XIBNode, destination: String?) -> Int {
        let kind = segue["kind"] ?? "show"
        let className = Self.segueTemplateClasses[kind] ?? "NSStoryboardSegueTemplate"
        if Self.segueTemplateClasses[kind] == nil {
            ctx.warning(at: segue, "<segue kind='\(kind)'>: kind not known for AppKit; archived as a generic NSStoryboardSegueTemplate")
        }
        var e = Entries()
        if let identifier = segue["identifier"] { e.obj("NSIdentifier", str(identifier)) }
        if let destination { e.obj("NSDestinationControllerIdentifier", str(destination)) }
        _ = segue["destination"]
        switch kind {
        case "popover":
            if let behavior = segue["popoverBehavior"] {
                if let v = Self.popoverBehaviors[behavior] { e.int("NSPopoverBehavior", v) } else {
                    ctx.warning(at: segue, "<segue kind='popover'>: popoverBehavior '\(behavior)' not known; left out")
                }
            }
            if let edge = segue["preferredEdge"] {
                if let v = Self.rectEdges[edge] { e.int("NSPreferredEdge", v) } else {
                    ctx.warning(at: segue, "<segue kind='popover'>: preferredEdge '\(edge)' not known; left out")
                }
            }
        case "embed":
            e.bool("NSPerformOnViewLoad", true)
        case "custom":
            if let cls = segue["customClass"] { e.obj("NSSegueClassName", str(cls)) }
            segue.markUsed("customModule", "customModuleProvider")
        default: break
        }
        let index = b.graph.add(NibObject(className: className, entries: e.list))
        return index
    }
}
