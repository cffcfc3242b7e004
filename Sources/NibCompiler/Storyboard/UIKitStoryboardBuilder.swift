import CompiledStoryboard
import NibArchive
import XIB

/// Builds the nibs of an iOS storyboard: a view nib per controller with a root view (§3), then a
/// scene nib per instantiable controller (§2), whose external-objects table names the view nib's
/// Upstream placeholders.
final class UIKitStoryboardBuilder {
    let scenes: StoryboardScenes
    let context: CompileContext
    /// Upstream placeholders of each controller's view nib: (name, XML id of the scene object), numbered order.
    /// A second pass over the same document (the `runtime.nib` variant) starts from the first pass's table.
    var upstreams: [String: [(name: String, id: String)]] = [:]
    /// When set, only the view nibs of these controllers (XML ids) are built.
    var onlyViewNibs: Set<String>?
    /// When set, only the scene nibs of these controllers (XML ids) are built.
    var onlySceneNibs: Set<String>?

    init(scenes: StoryboardScenes, context: CompileContext) {
        self.scenes = scenes
        self.context = context
    }

    /// Every nib as (name without `.nib`, bytes), view nibs first.
    func build() -> [(name: String, bytes: [UInt8])] {
        var identifiers: [String: String] = [:]
        for c in scenes.controllers { identifiers[c.id] = c.identifier }
        var out: [(name: String, bytes: [UInt8])] = []
        let prepared = PreparedUIKitDocument(context: context)
        for controller in scenes.controllers where onlyViewNibs?.contains(controller.id) ?? true {
            guard let name = controller.viewNibName, let view = controller.rootView else { continue }
            out.append((name, UIKitViewNib(controller: controller, rootView: view, parent: context, prepared: prepared, segues: scenes.segueIndex)
                .build(upstreams: &upstreams)))
            context.nibLog?.name(name)
        }
        for controller in scenes.controllers where scenes.hasOwnNib(controller) && onlySceneNibs?.contains(controller.id) ?? true {
            out.append((controller.identifier, UIKitSceneNib(controller: controller, parent: context, upstreams: upstreams,
                                                             identifiers: identifiers, prepared: prepared,
                                                             segues: scenes.segueIndex).build()))
            context.nibLog?.name(controller.identifier)
        }
        return out
    }

    /// The `Info.plist` (§1.4).
    func infoPlist() -> StoryboardInfoPlist {
        var plist = StoryboardInfoPlist(platform: .iOS)
        for c in scenes.controllers where scenes.hasOwnNib(c) { plist.nibNames.append(c.identifier) }
        for c in scenes.controllers where c.isReference {
            c.node.markUsed("storyboardName", "referencedIdentifier", "bundleIdentifier", "sceneMemberID")
            let storyboard = c.referencedStoryboard(fileName: context.fileName)
            let referenced = c.node.peek("referencedIdentifier").flatMap { $0.isEmpty ? nil : $0 }
            plist.references.append((c.identifier, storyboard, referenced))
        }
        if let initial = scenes.initial {
            plist.entryPoint = (initial.identifier, initial.storyboardIdentifier != nil)
        }
        return plist
    }
}

/// Shared pieces of storyboard nibs built with a `UIKitCompiler`.
extension UIKitCompiler {
    /// A `UIProxyObject` for `identifier` (File's Owner, storyboard placeholder, Upstream proxies).
    func storyboardProxy(_ identifier: String) -> Int {
        let i = b.new("UIProxyObject")
        b.append(i, "UIProxiedObjectIdentifier", .object(b.string(identifier)))
        return i
    }

    /// A `UIRuntimeOutletConnection` object.
    func outletConnection(_ label: String, source: Int, destination: Int) -> Int {
        var e = Entries()
        e.obj("UILabel", b.string(label))
        e.obj("UISource", source)
        e.obj("UIDestination", destination)
        return b.graph.add(.init(className: "UIRuntimeOutletConnection", entries: e.list))
    }

    /// Records the trigger connection of a segue declared under `trigger` (source object `source`) as
    /// STORYBOARD.md §2.7 lists them: `perform:` from controls and bar items, `selectionSegueTemplate`
    /// from table cells, `containerView` from an embed template to its container.
    func recordSegueTrigger(_ segue: XIBNode, source: Int) {
        guard let segueID = segue.peek("id") else { return }
        let trigger = segue.element.parent?.parent.map { ctx.tracker.node($0) }
        if let anchor = segue.peek("popoverAnchorView") {
            connections.outlets.append(.init(label: "anchorView", source: ctx.reference(segueID, from: segue), destination: anchor, node: segue))
        }
        // A segue in the controller's own connections is triggered from code only (§2.7).
        if let trigger, trigger.peek("sceneMemberID") == "viewController" { return }
        switch trigger?.name ?? "" {
        case "tableViewCell", "collectionViewCell":
            connections.outlets.append(.init(label: "selectionSegueTemplate", source: source, destination: segueID, node: segue))
        case "containerView":
            if let triggerID = trigger?.peek("id") {
                connections.outlets.append(.init(label: "containerView", source: ctx.reference(segueID, from: segue), destination: triggerID, node: segue))
            }
        case "button", "segmentedControl", "switch", "slider", "textField", "control", "stepper", "datePicker":
            connections.actions.append(.init(selector: "perform:", source: source, destination: segueID, eventType: "touchUpInside", node: segue))
        default:
            connections.actions.append(.init(selector: "perform:", source: source, destination: segueID, eventType: nil, node: segue))
        }
    }
}
