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
/// a template from a control (its `perform:` action, a popover's anchor view, an embed's container view) follows
/// the UIKit layout too (`recordSegueConnections`); with no AppKit sample it is unverified.
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
        var templates: [Int] = []
        for segue in Self.templateSegues(of: controller) {
            let template = encodeSegueTemplate(segue, destination: segue.peek("destination").flatMap { identifiers[$0] })
            // Connections to the template (a control's `perform:` action) name it by the segue's id.
            if let id = segue.peek("id") { ctx.bind(id: id, to: template) }
            templates.append(template)
        }
        return templates.isEmpty ? nil : b.array(templates)
    }

    /// The segues of `controller` that become templates, in `NSStoryboardSegueTemplates` order: its own
    /// connections first, then those inside its view or window, in document order; relationships have none.
    static func templateSegues(of controller: XIBNode) -> [XIBNode] {
        let own = controller.children.filter { $0.name == "connections" }.flatMap { $0.children.filter { $0.name == "segue" } }
        let all = own + StoryboardScenes.segues(under: controller).filter { !own.contains($0) }
        return all.filter { $0.peek("kind") != "relationship" }
    }

    /// What connects to a template besides its controller (STORYBOARD.md §2.7, the UIKit layout, the only one with
    /// compiled evidence): a segue declared on a control is triggered by the control's `perform:` action to the
    /// template; an embed segue's container is the template's `containerView` outlet; `popoverAnchorView` is its
    /// `anchorView` outlet. Recorded as pending connections of the nib being built, which the storyboard builder
    /// places in the scene nib or, when an end lies in the controller's view, in the view nib (there the template
    /// is an Upstream placeholder bound to the segue's id). `owner` is the element declaring the segue, `source`
    /// its object.
    func recordSegueConnections(_ segue: XIBNode, owner: XIBNode?, source: Int, isManual: Bool) {
        // The template (or its placeholder) is bound to the segue's id in each nib that holds one of its connections.
        guard let id = segue.peek("id"), ctx.isDefined(id), let template = ctx.objectIndex(forID: id) else { return }
        if let anchor = segue["popoverAnchorView"] {
            connectors.append(PendingConnector(group: 0, sourceID: id, label: "anchorView", node: segue, source: template, destinationID: anchor))
        }
        guard !isManual, let owner, let ownerID = owner.peek("id") else { return }
        if segue.peek("kind") == "embed" {
            connectors.append(PendingConnector(group: 0, sourceID: id, label: "containerView", node: segue, source: template, destinationID: ownerID))
        } else {
            connectors.append(PendingConnector(group: 1, sourceID: ownerID, label: "perform:", node: segue, source: source, destinationID: id))
        }
    }

    /// A segue whose source is an item of the application scene's main menu (`Preferences…` showing a window
    /// controller). There is no controller to list the template, so it is one of `MainMenu.nib`'s top-level
    /// objects (`menuSegueTemplates`, File's Owner its parent) and the item triggers it with its `perform:` action,
    /// as a control inside a controller triggers its template. Derived from the controller case; no
    /// Apple-compiled pair has a menu item segue, so how AppKit hands such a template its storyboard (it has
    /// no source controller) is unverified.
    func encodeMenuItemSegue(_ segue: XIBNode, item: XIBNode, source: Int, identifiers: [String: String]) {
        guard let id = segue.peek("id") else {
            ctx.warning(at: segue, "<segue kind='\(segue.peek("kind") ?? "")'> without an id: its menu item trigger is not archived")
            ctx.ignore(segue)
            return
        }
        let template = encodeSegueTemplate(segue, destination: segue.peek("destination").flatMap { identifiers[$0] })
        ctx.bind(id: id, to: template)
        menuSegueTemplates.append(template)
        segue.visited = true
        recordSegueConnections(segue, owner: item, source: source, isManual: false)
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
