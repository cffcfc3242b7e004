import CompiledStoryboard
import NibArchive
import XIB

/// Builds the nibs of a macOS storyboard with the AppKit encoders: `MainMenu` from the application
/// scene, a scene nib per instantiable controller (window controllers carry their window template and
/// content view controller), a view nib per view controller with a root view. Evidence: the 7 pairs of
/// `storyboards/appkit` (window controller → content view controller only; other AppKit segues and
/// container relationships have no compiled sample: segue templates follow AppKitSegueTemplates.swift,
/// split and tab view controllers AppKitContainerControllers.swift).
final class AppKitStoryboardBuilder {
    let scenes: StoryboardScenes
    let context: CompileContext
    /// The controllers archived inside the scene nib being built besides its own controller (a window's content
    /// controller, split and tab items' controllers, recursively), in the order they were encoded.
    var embedded: [StoryboardController] = []
    /// The ids of the controllers being encoded, outermost first: a relationship back into one of them is a cycle.
    var embeddingPath: [String] = []
    /// The elements (by document order) the split and tab view controller rules have warned about.
    var warnedElements: Set<Int> = []

    init(scenes: StoryboardScenes, context: CompileContext) {
        self.scenes = scenes
        self.context = context
    }

    /// The application scene's main menu, if any.
    private var mainMenu: (application: XIBNode, menu: XIBNode)? {
        for (_, app) in scenes.applicationScenes {
            if let menu = app.children.first(where: { $0.name == "menu" && $0.peek("key") == "mainMenu" }) { return (app, menu) }
        }
        return nil
    }

    func build() -> [(name: String, bytes: [UInt8])] {
        var out: [(name: String, bytes: [UInt8])] = []
        if let (app, menu) = mainMenu, let scene = scenes.applicationScenes.first(where: { $0.application == app })?.scene {
            out.append(("MainMenu", mainMenuNib(app, menu, scene: scene)))
            context.nibLog?.name("MainMenu")
        }
        for (scene, app) in scenes.applicationScenes where mainMenu?.application != app {
            context.ignore(app)
            context.warning(at: scene, "application scene without a main menu; nothing archived")
        }
        for controller in scenes.controllers where scenes.hasOwnNib(controller) {
            out.append((controller.identifier, sceneNib(controller)))
            context.nibLog?.name(controller.identifier)
        }
        for controller in scenes.controllers {
            guard let name = controller.viewNibName, let view = controller.rootView else { continue }
            out.append((name, viewNib(controller, rootView: view)))
            context.nibLog?.name(name)
        }
        return out
    }

    func infoPlist() -> StoryboardInfoPlist {
        var plist = StoryboardInfoPlist(platform: .macOS)
        // Present in all 7 compiled samples, also without an application scene.
        plist.mainMenu = "MainMenu"
        if mainMenu != nil { plist.nibNames.append("MainMenu") }
        for c in scenes.controllers where scenes.hasOwnNib(c) {
            plist.nibNames.append(c.identifier)
            if !c.isReference { plist.uuids.append((c.identifier, Self.uuid(context.fileName, c.identifier))) }
        }
        for c in scenes.controllers where c.isReference {
            c.node.markUsed("storyboardName", "referencedIdentifier", "bundleIdentifier", "sceneMemberID")
            plist.references.append((c.identifier, c.referencedStoryboard(fileName: context.fileName), c.node.peek("referencedIdentifier").flatMap { $0.isEmpty ? nil : $0 }))
        }
        if let initial = scenes.initial { plist.entryPoint = (initial.identifier, initial.storyboardIdentifier != nil) }
        return plist
    }

    /// ibtool writes a random UUID per controller (`uniqueIdentifierForStoryboardCompilation`, Info.plist's
    /// `NSViewControllerIdentifiersToUUIDs`); nibc derives one from the file name and the identifier so
    /// that output bytes are reproducible.
    static func uuid(_ file: String, _ identifier: String) -> String {
        let base = file.split(separator: "/").last.map(String.init) ?? file
        var h1: UInt64 = 0xcbf2_9ce4_8422_2325, h2: UInt64 = 0x8422_2325_cbf2_9ce4
        for byte in Array((base + "\u{0}" + identifier).utf8) {
            h1 = (h1 ^ UInt64(byte)) &* 0x100_0000_01b3
            h2 = (h2 ^ UInt64(byte)) &* 0x100_0000_01b3 &+ 0x9e37_79b9
        }
        let hex = String(format64(h1) + format64(h2))
        func part(_ a: Int, _ n: Int) -> Substring { hex.dropFirst(a).prefix(n) }
        // Version 4, variant 10xx (RFC 4122), as ibtool's random UUIDs.
        let variant = String("89ab"[String.Index(utf16Offset: Int(h2 >> 62), in: "89ab")])
        return "\(part(0, 8))-\(part(8, 4))-4\(part(13, 3))-\(variant)\(part(17, 3))-\(part(20, 12))".uppercased()
    }

    private static func format64(_ v: UInt64) -> String {
        let s = String(v, radix: 16)
        return String(repeating: "0", count: 16 - s.count) + s
    }

    // MARK: Nibs

    private func compiler() -> (AppKitCompiler, CompileContext) {
        let ctx = CompileContext(options: context.options, fileName: context.fileName, tracker: context.tracker, slots: context.slotPool, strings: context.strings)
        let a = AppKitCompiler(context: ctx)
        a.prepare(context.document)
        for controller in scenes.controllers {
            ignoreFirstResponder(controller.scene, in: a)
            // Archived in the nib that references them: the view nib, or the window controller's nib holding the
            // controller as its content.
            a.sceneMemberIDs.formUnion(controller.extraObjects.compactMap { $0.peek("id") })
        }
        for (scene, _) in scenes.applicationScenes { ignoreFirstResponder(scene, in: a) }
        let controllerIDs = Set(scenes.controllers.filter { !$0.isReference }.map(\.id))
        let identifiers = controllerIdentifiers
        a.segueHandler = { [unowned a] segue, source in
            // A relationship is the containment itself (a window's content view controller).
            if segue.peek("kind") == "relationship" { segue.visited = true; return }
            segue.markUsed("popoverAnchorView")
            let owner = segue.parent?.parent
            if Self.controllerOwning(segue, ids: controllerIDs) != nil {
                // The template is in its controller's NSStoryboardSegueTemplates; what connects to it (a control's
                // perform: action, the anchor, the container) is archived where its ends are.
                segue.visited = true
                let manual = owner?.peek("id").map(controllerIDs.contains) ?? false
                if segue.peek("id") == nil, !manual {
                    a.ctx.warning(at: segue, "<segue kind='\(segue.peek("kind") ?? "")'> without an id: its trigger on <\(owner?.name ?? "")> is not archived")
                }
                a.recordSegueConnections(segue, owner: owner, source: source, isManual: manual)
            } else if let owner, owner.name == "menuItem" {
                // A main-menu item's segue: its template is a top-level object of MainMenu.nib.
                a.encodeMenuItemSegue(segue, item: owner, source: source, identifiers: identifiers)
            } else {
                // Any other object outside a controller has neither a controller nor a menu nib to hold a template.
                a.ctx.warning(at: segue, "<segue kind='\(segue.peek("kind") ?? "")'> on <\(owner?.name ?? "")> outside a controller is not archived: only main-menu items and objects inside a controller have a nib that holds the template; ignored")
                a.ctx.ignore(segue)
            }
        }
        return (a, ctx)
    }

    private func ignoreFirstResponder(_ scene: XIBNode, in a: AppKitCompiler) {
        guard let objects = scene.children.first(where: { $0.name == "objects" }) else { return }
        for o in objects.children where o.peek("sceneMemberID") == "firstResponder" || o.name == "exit" {
            if let id = o.peek("id") { a.firstResponderIDs.insert(id) }
            a.ctx.ignore(o)
        }
    }

    func object(_ a: AppKitCompiler, _ className: String, _ entries: [(String, NibGraphValue)]) -> Int {
        a.b.graph.add(NibObject(className: className, entries: entries.map { NibEntry(key: $0.0, value: $0.1) }))
    }

    private func fileOwner(_ a: AppKitCompiler) -> Int { object(a, "NSCustomObject", [("NSClassName", .object(a.str("NSObject")))]) }
    private func application(_ a: AppKitCompiler) -> Int { object(a, "NSCustomObject", [("NSClassName", .object(a.str("NSApplication")))]) }
    func storyboardPlaceholder(_ a: AppKitCompiler) -> Int {
        object(a, "NSNibExternalObjectPlaceholder", [("NSExternalObjectPlaceholderIdentifier", .object(a.str("NSStoryboardPlaceholder")))])
    }

    private func outlet(_ a: AppKitCompiler, _ label: String, _ source: Int, _ destination: Int) -> Int {
        object(a, "NSNibOutletConnector", [("NSSource", .object(source)), ("NSDestination", .object(destination)),
                                           ("NSLabel", .object(a.str(label))), ("NSChildControllerCreationSelectorName", .null)])
    }

    private func finish(_ a: AppKitCompiler, _ ctx: CompileContext, topLevel: [XIBNode], owner: Int, extra: [(object: Int, parent: Int)],
                        leading: [Int]) -> [UInt8] {
        a.finishObjectData(topLevel: topLevel, owner: owner, rootObject: 0, extraObjects: extra, leadingConnectors: leading)
        a.canonicalizeNumbers()
        context.absorb(ctx)
        context.nibLog?.record(a.b.graph, context: ctx)
        return a.b.archive(reusing: ctx.slotPool.writerScratch)
    }

    /// `MainMenu.nib`: the application object holding the main menu (`IBMainMenu`).
    private func mainMenuNib(_ app: XIBNode, _ menu: XIBNode, scene: XIBNode) -> [UInt8] {
        let (a, ctx) = compiler()
        let owner = fileOwner(a)
        let appIndex = a.define(app, "NSCustomObject")
        app.markUsed("sceneMemberID")
        // The application's custom class is not archived: the placeholder stays NSApplication (NSApp is created
        // from the Info.plist's principal class before the nib loads). Rests on one XIB sample, with_app_class,
        // whose Application placeholder names a custom class and archives NSApplication.
        app.markUsed("customClass", "customModule", "customModuleProvider")
        let menuIndex = a.encodeMenu(menu, parentItem: nil)
        a.finish(appIndex, "NSCustomObject", { var e = Entries(); e.obj("IBMainMenu", menuIndex); e.obj("NSClassName", a.str("NSApplication")); return e }())
        a.collectConnections(app, source: appIndex)
        // The scene's other objects (the app delegate, controllers) are top-level objects of this nib.
        var topLevel = [menu]
        for x in scene.children.first(where: { $0.name == "objects" }).map({ Array($0.children) }) ?? []
        where x != app && x.name != "exit" && x.peek("sceneMemberID") != "firstResponder" {
            _ = a.encodeTopLevel(x)
            topLevel.append(x)
        }
        // The menu's parent is File's Owner, not the application object (the 6 samples with a menu).
        let templates = a.menuSegueTemplates.map { (object: $0, parent: owner) }
        return finish(a, ctx, topLevel: topLevel, owner: owner, extra: [(appIndex, owner), (application(a), owner)] + templates, leading: [])
    }

    /// A controller object: the swapper (or plain class) with its storyboard keys.
    func encodeController(_ controller: StoryboardController, in a: AppKitCompiler, placeholder: Int,
                                  leading: inout [Int], extra: inout [(object: Int, parent: Int)]) -> Int {
        let node = controller.node
        let index = a.define(node, controller.frameworkClass)
        var e = Entries()
        var contentController: Int?
        // Before the window and the view: connections recorded while encoding them look the templates up.
        let templates = a.encodeSegueTemplates(of: node, identifiers: controllerIdentifiers)
        if node.name == "windowController" {
            if let window = node.children.first(where: { ($0.name == "window" || $0.name == "panel") && $0.peek("key") == "window" }) {
                let template = a.encodeWindow(window)
                // A storyboard window has no content view element; ibtool archives an empty view of the
                // content size, replaced by the content view controller's view at load time.
                if window.children.first(where: { $0.peek("key") == "contentView" }) == nil,
                   let rect = window.children.first(where: { $0.name == "rect" && $0.peek("key") == "contentRect" }) {
                    let size = "{\(shortNumber(rect.double("width") ?? 0)), \(shortNumber(rect.double("height") ?? 0))}"
                    let view = object(a, "NSView", [("NSNextResponder", .null), ("NSNibTouchBar", .null), ("NSvFlags", .int(256)),
                                                    ("NSFrameSize", .object(a.str(size))), ("NSViewWantsBestResolutionOpenGLSurface", .bool(true)),
                                                    ("IBNSSafeAreaLayoutGuide", .null), ("IBNSLayoutMarginsGuide", .null), ("IBNSClipsToBounds", .int(0))])
                    if let at = a.b.graph.objects[template].entries.firstIndex(where: { $0.key == "NSWindowView" }) {
                        a.b.graph.objects[template].entries[at].value = .object(view)
                    }
                    extra.append((view, template))
                }
                e.obj("IBWindowTemplate", template)
                if Self.implicitWindowDelegate(window, controller: node, toolsVersion: a.toolsVersion) {
                    leading.append(outlet(a, "delegate", template, index))
                }
                leading.append(outlet(a, "window", index, template))
                // A content controller already being encoded (relationships forming a cycle through split or tab items)
                // is not archived twice.
                if let child = controller.relationshipChildren.first, !embeddingPath.contains(child.id) {
                    let childPlaceholder = storyboardPlaceholder(a)
                    extra.insert((childPlaceholder, -1), at: 0)
                    embedded.append(child)
                    embeddingPath.append(child.id)
                    let ci = encodeController(child, in: a, placeholder: childPlaceholder, leading: &leading, extra: &extra)
                    embeddingPath.removeLast()
                    extra.append((ci, template))
                    contentController = ci
                    e.obj("IBWindowTemplateContentViewController", ci)
                    var values = Entries()
                    values.obj("NSObject", template)
                    values.obj("NSValues", a.b.array([ci]))
                    values.obj("NSKeyPaths", a.b.array([a.str("contentViewController")]))
                    leading.append(a.b.graph.add(NibObject(className: "NSIBUserDefinedRuntimeAttributesConnector", entries: values.list)))
                }
            }
        } else {
            if let nib = controller.viewNibName { e.obj("NSNibName", a.str(nib)) }
            if controller.rootView != nil {
                var pairs: [(Int, Int)] = []
                let sceneObjects = Set(Self.sceneObjectsConnectingIntoView(controller).compactMap { $0.peek("id") })
                for (name, id) in Self.viewUpstreams(controller) {
                    // A scene object is encoded after the controller: referred to now, defined then.
                    guard let object = id.map({ sceneObjects.contains($0) ? a.ctx.reference($0, from: node) : a.ctx.objectIndex(forID: $0) }) ?? index
                    else { continue }
                    pairs.append((a.str(name), object))
                }
                e.obj("NSExternalObjectsTableForViewLoading", a.b.dictionary("NSMutableDictionary", pairs))
            }
            if let title = node["title"] { e.obj("NSTitle", a.str(title)) }
            if node.name == "splitViewController" {
                splitViewControllerKeys(controller, index: index, in: a, e: &e, leading: &leading, extra: &extra)
            } else if node.name == "tabViewController" {
                tabViewControllerKeys(controller, index: index, in: a, e: &e, leading: &leading, extra: &extra)
            }
        }
        if let templates { e.obj("NSStoryboardSegueTemplates", templates) }
        _ = contentController
        // One sample (sb_swift_wc): a window controller's identifier is `explicitStoryboardIdentifier`.
        if let sid = controller.storyboardIdentifier {
            e.obj(node.name == "windowController" ? "explicitStoryboardIdentifier" : "NSStoryboardIdentifier", a.str(sid))
        }
        e.int("showSeguePresentationStyle", 0)
        e.obj("uniqueIdentifierForStoryboardCompilation", a.str(Self.uuid(context.fileName, controller.identifier)))
        if let cls = a.className(node) {
            e.obj("NSClassName", a.str(cls))
            // One sample (sb_swift_wc): a custom window controller swaps from `IBNSWindowController`.
            e.obj("NSOriginalClassName", a.str(node.name == "windowController" ? "IBNSWindowController" : controller.frameworkClass))
            node.markUsed("customModule", "customModuleProvider")
            a.finish(index, "NSClassSwapper", e)
        } else {
            a.finish(index, controller.frameworkClass, e)
        }
        node.markUsed("sceneMemberID", "storyboardIdentifier", "showSeguePresentationStyle")
        controller.rootView?.visited = true
        leading.append(outlet(a, "storyboard", index, placeholder))
        // Connections into the root view belong to the view nib.
        let before = a.connectors.count
        a.collectConnections(node, source: index)
        if let view = controller.rootView {
            let viewIDs = UIKitViewNib.ids(in: view)
            a.connectors[before...].removeAll { p in
                (p.destinationID ?? p.node.peek("destination") ?? p.node.peek("target")).map(viewIDs.contains) ?? false
            }
        }
        return index
    }

    /// Whether ibtool adds the window's `delegate` outlet to its window controller although the document does
    /// not record it: documents of Interface Builder versions that left it implicit (the two samples at
    /// toolsVersion 10117 get it; the four at 22505 without the outlet do not, and every real document in the
    /// corpus from 17154 on records it). The first version that records it is not known; 17154 bounds it.
    /// A recorded outlet is archived as any other connection, never twice.
    static func implicitWindowDelegate(_ window: XIBNode, controller: XIBNode, toolsVersion: Int) -> Bool {
        guard toolsVersion < 17154, let id = controller.peek("id") else { return false }
        let recorded = window.children.filter { $0.name == "connections" }.flatMap(\.children).contains {
            $0.name == "outlet" && $0.peek("property") == "delegate" && $0.peek("destination") == id
        }
        return !recorded
    }

    /// Controller ids → storyboard identifiers (scene nib names), for segue destinations.
    private var controllerIdentifiers: [String: String] {
        Dictionary(scenes.controllers.map { ($0.id, $0.identifier) }, uniquingKeysWith: { first, _ in first })
    }

    /// The controller whose subtree holds `node`, if any.
    static func controllerOwning(_ node: XIBNode, ids: Set<String>) -> XIBNode? {
        var n = node.parent
        while let current = n {
            if let id = current.peek("id"), ids.contains(id) { return current }
            n = current.parent
        }
        return nil
    }

    /// The scene nib: File's Owner (`sceneController` outlet), the controller and the storyboard placeholder.
    private func sceneNib(_ controller: StoryboardController) -> [UInt8] {
        let (a, ctx) = compiler()
        let owner = fileOwner(a)
        let placeholder = storyboardPlaceholder(a)
        var leading: [Int] = []
        var extra: [(object: Int, parent: Int)] = []
        embedded = []
        embeddingPath = [controller.id]
        let index: Int
        if controller.isReference {
            index = a.define(controller.node, "NSStoryboardControllerPlaceholder")
            a.finish(index, "NSStoryboardControllerPlaceholder", { var e = Entries(); e.obj("NSStoryboardIdentifier", a.str(controller.identifier)); return e }())
        } else {
            index = encodeController(controller, in: a, placeholder: placeholder, leading: &leading, extra: &extra)
        }
        leading.insert(outlet(a, "sceneController", owner, index), at: 0)
        // Scene-level extra objects (custom objects, gesture recognizers) are archived beside the controller.
        // So are those of the controllers embedded in this nib (a window's content controller, split and tab items').
        var topLevel = [controller.node]
        let members = [controller] + embedded
        for member in members where !member.isReference {
            let before = a.connectors.count
            for x in member.extraObjects where x.name != "exit" && x.peek("sceneMemberID") != "firstResponder" {
                _ = a.encodeTopLevel(x)
                topLevel.append(x)
            }
            // Their connections into the view belong to the view nib, which reaches them through Upstream proxies.
            if let view = member.rootView {
                let viewIDs = UIKitViewNib.ids(in: view)
                a.connectors[before...].removeAll { p in
                    (p.destinationID ?? p.node.peek("destination") ?? p.node.peek("target")).map(viewIDs.contains) ?? false
                }
            }
        }
        // Placeholders and objects without a parent of their own belong to File's Owner.
        let objects = extra.map { ($0.object, $0.parent < 0 ? owner : $0.parent) } + [(application(a), owner), (placeholder, owner)]
        return finish(a, ctx, topLevel: topLevel, owner: owner, extra: objects, leading: leading)
    }

    /// Whether the view nib refers to its controller (then through `UpstreamPlaceholder-1`, as on iOS):
    /// the controller has connections into the view, or a view object connects to the controller.
    static func viewNeedsController(_ controller: StoryboardController) -> Bool {
        guard let view = controller.rootView else { return false }
        let viewIDs = UIKitViewNib.ids(in: view)
        for conn in controller.node.children where conn.name == "connections" {
            for k in conn.children where k.name != "segue" {
                if let d = k.peek("destination") ?? k.peek("target"), viewIDs.contains(d) { return true }
            }
        }
        var found = false
        func walk(_ n: XIBNode) {
            if found { return }
            if n.name == "outlet" || n.name == "action" || n.name == "binding" || n.name == "outletCollection",
               (n.peek("destination") ?? n.peek("target")) == controller.id { found = true; return }
            for c in n.children { walk(c) }
        }
        walk(view)
        return found
    }

    /// The scene objects the view nib reaches through `UpstreamPlaceholder-N` proxies, as (name, id; nil for the
    /// controller itself): the controller when the view connects to it, then the segue templates with an end in
    /// the view (a control's trigger, an anchor or container view), in template order. iOS numbers its proxies by
    /// their first use in the connection list (STORYBOARD.md §3.2); no AppKit sample has a template proxy, so this
    /// order is nibc's (the controller alone, as `UpstreamPlaceholder-1`, matches the samples).
    static func viewUpstreams(_ controller: StoryboardController) -> [(name: String, id: String?)] {
        guard let view = controller.rootView else { return [] }
        let viewIDs = UIKitViewNib.ids(in: view)
        var out: [String?] = viewNeedsController(controller) ? [nil] : []
        for segue in AppKitCompiler.templateSegues(of: controller.node) {
            guard let id = segue.peek("id") else { continue }
            if viewIDs.contains(id) || segue.peek("popoverAnchorView").map(viewIDs.contains) == true { out.append(id) }
        }
        // Then the scene's other objects with outlets, actions or bindings into the view (a text finder's client
        // and find bar container): as on iOS, a connection with an end in the view is the view nib's (no AppKit
        // sample has one; the place in the order is nibc's).
        out += sceneObjectsConnectingIntoView(controller).map { $0.peek("id") }
        return out.enumerated().map { ("UpstreamPlaceholder-\($0.offset + 1)", $0.element) }
    }

    /// The scene's objects beside the controller (in document order) that have a connection into its root view.
    static func sceneObjectsConnectingIntoView(_ controller: StoryboardController) -> [XIBNode] {
        guard let view = controller.rootView else { return [] }
        let viewIDs = UIKitViewNib.ids(in: view)
        return controller.extraObjects.filter { x in
            x.name != "exit" && x.peek("sceneMemberID") != "firstResponder" && x.peek("id") != nil
                && x.children.contains { conn in
                    conn.name == "connections" && conn.children.contains { k in
                        k.name != "segue" && (k.peek("destination") ?? k.peek("target")).map(viewIDs.contains) == true
                    }
                }
        }
    }

    /// The view nib: File's Owner's `view` outlet names the root view; the scene objects its connections reach
    /// (the controller, segue templates) are `UpstreamPlaceholder-N` proxies (`viewUpstreams`).
    private func viewNib(_ controller: StoryboardController, rootView: XIBNode) -> [UInt8] {
        let (a, ctx) = compiler()
        let owner = fileOwner(a)
        var extra: [(object: Int, parent: Int)] = []
        var upstream = owner
        for (name, id) in Self.viewUpstreams(controller) {
            let proxy = object(a, "NSNibExternalObjectPlaceholder", [("NSExternalObjectPlaceholderIdentifier", .object(a.str(name)))])
            ctx.bind(id: id ?? controller.id, to: proxy)
            if id == nil { upstream = proxy }
            extra.append((proxy, owner))
        }
        if upstream == owner { ctx.bind(id: controller.id, to: owner) }
        let root = a.encodeTopLevel(rootView) ?? owner
        let viewIDs = UIKitViewNib.ids(in: rootView)
        let before = a.connectors.count
        a.collectConnections(controller.node, source: upstream)
        for x in Self.sceneObjectsConnectingIntoView(controller) {
            guard let id = x.peek("id"), let proxy = ctx.objectIndex(forID: id) else { continue }
            // Only its connections: the object's own attributes (tool tip, accessibility) stay in the scene nib.
            let accessibility = a.axConnectors.count
            a.collectConnections(x, source: proxy)
            a.axConnectors.removeSubrange(accessibility...)
        }
        a.connectors[before...].removeAll { p in
            !((p.destinationID ?? p.node.peek("destination") ?? p.node.peek("target")).map(viewIDs.contains) ?? false)
        }
        let view = outlet(a, "view", owner, root)
        return finish(a, ctx, topLevel: [rootView], owner: owner, extra: extra + [(application(a), owner)], leading: [view])
    }
}
