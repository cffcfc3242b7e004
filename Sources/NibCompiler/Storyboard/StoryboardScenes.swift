import XIB

/// One controller of a storyboard (the `sceneMemberID="viewController"` member of a `<scene>`), with
/// what the compiled directory needs to know about it (STORYBOARD.md §1).
final class StoryboardController {
    /// The controller element (`viewController`, `navigationController`, `windowController`, …).
    let node: XIBNode
    /// Its `<scene>`.
    let scene: XIBNode
    /// The XML id.
    let id: String
    /// `storyboardIdentifier`, when given.
    let storyboardIdentifier: String?
    /// The name used everywhere the controller is referred to: the storyboard identifier, else
    /// `<framework class>-<XML id>` (§1.2).
    let identifier: String
    /// The framework class of the element (never the custom class).
    let frameworkClass: String
    /// The root view element (`key="view"`), if any.
    let rootView: XIBNode?
    /// Incoming segues, by kind.
    var incomingRelationship = 0
    var incomingOther = 0
    /// Incoming embed segues (a container view sizes the controller's view).
    var incomingEmbed = 0
    /// Children reached through relationship segues, in segue order.
    var relationshipChildren: [StoryboardController] { children.map(\.controller) }
    /// The container that embeds this controller through a relationship segue.
    weak var parent: StoryboardController?
    /// Not owned: `StoryboardScenes.controllers` owns every controller, and relationship segues can form a cycle
    /// (two controllers each the other's child leaked every compile: found by Fuzz/storyboard-compile).
    private var children: [Unowned] = []
    private struct Unowned { unowned let controller: StoryboardController }

    /// Records `child` as reached through a relationship segue of this controller.
    func addRelationshipChild(_ child: StoryboardController) {
        children.append(Unowned(controller: child))
        child.parent = self
    }

    init(node: XIBNode, scene: XIBNode, id: String, frameworkClass: String) {
        self.node = node
        self.scene = scene
        self.id = id
        self.frameworkClass = frameworkClass
        storyboardIdentifier = node.peek("storyboardIdentifier").flatMap { $0.isEmpty ? nil : $0 }
        identifier = storyboardIdentifier ?? "\(frameworkClass)-\(id)"
        rootView = node.children.first { $0.peek("key") == "view" && $0.name != "nil" }
    }

    /// The storyboard a reference names. Without `storyboardName` it is the storyboard itself (the file's base name):
    /// rswift's References.storyboard has such a reference; no compiled sample shows ibtool's plist for it, and
    /// writing none made an Info.plist no reader accepts (found by Fuzz/storyboard-compile).
    func referencedStoryboard(fileName: String) -> String {
        if let name = node.peek("storyboardName"), !name.isEmpty { return name }
        let base = fileName.split(separator: "/").last.map(String.init) ?? fileName
        return base.hasSuffix(".storyboard") ? String(base.dropLast(".storyboard".count)) : base
    }

    /// A storyboard reference (`viewControllerPlaceholder`).
    var isReference: Bool { node.name == "viewControllerPlaceholder" || node.name == "controllerPlaceholder" }

    /// The view nib name `<controller id>-view-<view id>` (§1.2).
    var viewNibName: String? {
        guard !isReference, let rootView, let viewID = rootView.peek("id") else { return nil }
        return "\(id)-view-\(viewID)"
    }

    /// The scene members that are neither the controller nor a placeholder (scene-level gesture
    /// recognizers and other objects), in XML order.
    var extraObjects: [XIBNode] {
        guard let objects = scene.children.first(where: { $0.name == "objects" }) else { return [] }
        return objects.children.filter { $0 != node && $0.name != "placeholder" && $0.name != "exit" && $0.peek("sceneMemberID") != "firstResponder" }
    }
}

/// The scenes of a storyboard and the relations between them, checked: unknown segue destinations,
/// duplicate storyboard identifiers and a missing initial controller are located errors.
struct StoryboardScenes {
    /// Controllers in document order.
    var controllers: [StoryboardController] = []
    /// Controllers by XML id.
    var byID: [String: StoryboardController] = [:]
    /// The initial controller (`initialViewController` / `initialViewController` on the document).
    var initial: StoryboardController?
    /// The document's platform.
    var platform: XIBPlatform = .iOS
    /// Non-controller scene roots (the macOS application scene), in document order.
    var applicationScenes: [(scene: XIBNode, application: XIBNode)] = []
    /// The document's segues, for the segues under a node.
    let segueIndex: SegueIndex

    /// Element name → framework class for the controller prefix of generated names (§1.2).
    static let uiKitClasses: [String: String] = [
        "viewController": "UIViewController", "tableViewController": "UITableViewController",
        "collectionViewController": "UICollectionViewController", "navigationController": "UINavigationController",
        "tabBarController": "UITabBarController", "pageViewController": "UIPageViewController",
        "splitViewController": "UISplitViewController", "viewControllerPlaceholder": "UIViewController",
        "glkViewController": "GLKViewController", "avPlayerViewController": "AVPlayerViewController",
        "hostingController": "UIHostingController",
    ]
    static let appKitClasses: [String: String] = [
        "viewController": "NSViewController", "windowController": "NSWindowController",
        "tabViewController": "NSTabViewController", "splitViewController": "NSSplitViewController",
        "pagecontroller": "NSPageController", "viewControllerPlaceholder": "NSViewController",
        // A macOS storyboard reference; its generated-name prefix has no compiled sample (U).
        "controllerPlaceholder": "NSViewController",
        "avPlayerViewController": "AVPlayerViewController", "hostingController": "NSHostingController",
    ]

    /// Reads the scenes of `document` (the `<document>` node); problems go to `context`.
    init(document: XIBNode, platform: XIBPlatform, context: CompileContext) {
        self.platform = platform
        segueIndex = SegueIndex(document: document)
        let classes = platform == .iOS ? Self.uiKitClasses : Self.appKitClasses
        guard let scenesNode = document.children.first(where: { $0.name == "scenes" }) else { return }
        scenesNode.visited = true
        var identifiers: [String: StoryboardController] = [:]
        for scene in scenesNode.children {
            guard scene.name == "scene" else { continue }
            scene.visited = true
            scene.markUsed("sceneID")
            for c in scene.children where c.name == "point" && c.peek("key") == "canvasLocation" { context.ignore(c) }
            guard let objects = scene.children.first(where: { $0.name == "objects" }) else {
                context.warning(at: scene, "<scene> without <objects>; ignored")
                continue
            }
            objects.visited = true
            var found = false
            for member in objects.children {
                if member.name == "application" { applicationScenes.append((scene, member)); found = true; continue }
                guard member.peek("sceneMemberID") == "viewController" || (!found && member.name != "placeholder" && classes[member.name] != nil),
                      let cls = classes[member.name] else { continue }
                guard let id = member.peek("id") else { context.error(at: member, "<\(member.name)> without an id"); continue }
                let controller = StoryboardController(node: member, scene: scene, id: id, frameworkClass: cls)
                if let sid = controller.storyboardIdentifier {
                    if let first = identifiers[sid] {
                        context.error(at: member, attribute: "storyboardIdentifier",
                                      "storyboard identifier '\(sid)' is also used by <\(first.node.name)> at \(first.node.line):\(first.node.column)")
                    } else {
                        identifiers[sid] = controller
                    }
                }
                checkFileNames(controller, context: context)
                controllers.append(controller)
                byID[id] = controller
                found = true
                break
            }
            if !found { context.warning(at: scene, "<scene> has no view controller; ignored") }
        }
        // Segues: every `<segue>` must name a controller of this storyboard.
        for controller in controllers { linkSegues(in: controller.node, owner: controller, context: context) }
        for (_, application) in applicationScenes { linkSegues(in: application, owner: nil, context: context) }
        if let initialID = document.peek("initialViewController") {
            if let c = byID[initialID] {
                initial = c
            } else {
                context.error(at: document, attribute: "initialViewController", "initial view controller '\(initialID)' is not a controller of this storyboard")
            }
        }
    }

    /// The names a controller gives files (its scene nib, its view nib, a referenced storyboard) must be plain file
    /// names: the compiled directory never reaches outside itself, and the Info.plist reads back (found by
    /// Fuzz/storyboard-compile).
    private func checkFileNames(_ controller: StoryboardController, context: CompileContext) {
        // A byte scan: `String.contains(_:)` with a string argument is a Foundation search, which cost more than
        // all the rest of reading the scenes.
        func plain(_ name: String) -> Bool { !name.isEmpty && name != "." && name != ".." && !name.utf8.contains { $0 == 0x2F || $0 == 0 } }
        let what = "cannot name a file of the compiled storyboard (empty, '.', '..', or holding '/' or NUL)"
        if !plain(controller.identifier) {
            context.error(at: controller.node, attribute: controller.storyboardIdentifier != nil ? "storyboardIdentifier" : "id",
                          "controller identifier '\(controller.identifier)' \(what)")
        }
        if let name = controller.viewNibName, let view = controller.rootView, !plain(name) {
            context.error(at: view, attribute: "id", "view nib name '\(name)' \(what)")
        }
        if controller.isReference {
            let name = controller.referencedStoryboard(fileName: context.fileName)
            if !plain(name) { context.error(at: controller.node, attribute: "storyboardName", "storyboard name '\(name)' \(what)") }
        }
    }

    /// Counts incoming segues and records relationship children; reports unknown destinations.
    private mutating func linkSegues(in node: XIBNode, owner: StoryboardController?, context: CompileContext) {
        for segue in segueIndex.segues(under: node) {
            guard let destination = segue.peek("destination") else {
                if segue.peek("kind") != "unwind" { context.error(at: segue, "<segue> without a destination") }
                continue
            }
            // An unwind segue's destination is its scene's Exit placeholder, not a controller.
            if segue.peek("kind") == "unwind", let exit = context.tracker.node(withID: destination), exit.name == "exit" { continue }
            guard let target = byID[destination] else {
                let what = context.tracker.node(withID: destination).map { "<\($0.name)>, not a controller" } ?? "no element of this storyboard"
                context.error(at: segue, attribute: "destination", "segue destination '\(destination)' is \(what)")
                continue
            }
            if segue.peek("kind") == "relationship" {
                // A relationship is the containment itself: no template, nothing else to archive.
                segue.markUsed("destination", "kind", "relationship")
                target.incomingRelationship += 1
                if let owner, target.parent == nil, owner !== target {
                    owner.addRelationshipChild(target)
                }
            } else {
                target.incomingOther += 1
                if segue.peek("kind") == "embed" { target.incomingEmbed += 1 }
            }
        }
    }

    /// Every `<segue>` below `node` (in `<connections>` elements), in document order.
    static func segues(under node: XIBNode) -> [XIBNode] {
        let tree = node.tracker.document.tree
        guard let segue = tree.name("segue"), let connections = tree.name("connections") else { return [] }
        var out: [XIBNode] = []
        let elements = tree.elements
        // Document order, not descending into the segues found.
        var i = node.order + 1
        let end = node.subtreeEnd
        while i < end {
            let e = elements[i]
            if e.xmlName == segue, e.parent?.xmlName == connections {
                out.append(node.tracker.node(e))
                i = e.descendants.endIndex
            } else {
                i += 1
            }
        }
        return out
    }

    /// The AppKit controllers whose relationship children are archived inside their nib.
    static let appKitEmbeddingContainers: Set<String> = ["windowController", "splitViewController", "tabViewController"]

    /// Whether `controller` gets a scene nib of its own (§1.1): all but relationship-only children
    /// without identifier that are not the initial controller.
    func hasOwnNib(_ controller: StoryboardController) -> Bool {
        // A reference is resolved by its identifier, so it always has a scene nib (as all 19 compiled
        // references do; none of them is a relationship child, U).
        if controller.storyboardIdentifier != nil || controller === initial || controller.isReference { return true }
        // AppKit embeds a window's content view controller (the one compiled case) and the controllers of split
        // and tab view items (AppKitContainerControllers.swift, U); children of other containers get a scene nib of
        // their own so they are archived (U).
        if platform == .macOS, let parent = controller.parent, !Self.appKitEmbeddingContainers.contains(parent.node.name) { return true }
        return !(controller.incomingRelationship > 0 && controller.incomingOther == 0)
    }
}
