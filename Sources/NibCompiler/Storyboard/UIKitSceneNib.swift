import NibArchive
import XIB

/// The scene nib of one controller (STORYBOARD.md §2): File's Owner (receives `sceneViewController`),
/// First Responder, the storyboard placeholder, scene-level extra objects and the controller — with
/// relationship children (a navigation controller's root) archived inside it.
final class UIKitSceneNib {
    let controller: StoryboardController
    let parent: CompileContext
    let upstreams: [String: [(name: String, id: String)]]
    /// XML id → identifier of every controller (segue destinations, §1.2).
    let identifiers: [String: String]
    /// What `UIKitCompiler.prepare` collects from the document, collected once per storyboard.
    let prepared: PreparedUIKitDocument
    /// The document's segues.
    let segues: SegueIndex
    /// Ids of the scene objects archived here (outside root views).
    private var sceneIDs = SceneObjectIDs()
    /// The generated `storyboard` outlets, container first (§5.3).
    private var storyboardOutlets: [Int] = []
    /// Extra objects of embedded children: at the end of the top-level list (§2.8).
    private var extrasAfter: [Int] = []
    /// The storyboard placeholder of each embedded controller's scene, by XML id.
    private var childPlaceholders: [String: Int] = [:]

    init(controller: StoryboardController, parent: CompileContext, upstreams: [String: [(name: String, id: String)]], identifiers: [String: String],
         prepared: PreparedUIKitDocument, segues: SegueIndex) {
        self.prepared = prepared
        self.segues = segues
        self.controller = controller
        self.parent = parent
        self.upstreams = upstreams
        self.identifiers = identifiers
    }

    func build() -> [UInt8] {
        let ctx = CompileContext(options: parent.options, fileName: parent.fileName, tracker: parent.tracker, slots: parent.slotPool, strings: parent.strings)
        defer { parent.absorb(ctx) }
        let c = UIKitCompiler(context: ctx)
        prepared.apply(to: c)
        c.segueHandler = { [unowned c] segue, source in c.recordSegueTrigger(segue, source: source) }

        var top: [Int] = []
        // Embedded children's storyboard placeholders come first (§2.2).
        // Every controller embedded through relationships (children, their children…) brings its scene's
        // storyboard placeholder (§2.2, §2.8).
        var embedded: [StoryboardController] = []
        func collect(_ c: StoryboardController) {
            for child in c.relationshipChildren where !child.isReference && !embedded.contains(where: { $0 === child }) && child !== controller {
                embedded.append(child)
                collect(child)
            }
        }
        collect(controller)
        for child in embedded { childPlaceholders[child.id] = c.storyboardProxy("UIStoryboardPlaceholder") }
        top += embedded.compactMap { childPlaceholders[$0.id] }
        let owner = c.storyboardProxy("IBFilesOwner")
        let objects = controller.scene.children.first { $0.name == "objects" }
        let firstResponderNode = objects?.children.first { $0.name == "placeholder" && $0.peek("placeholderIdentifier") == "IBFirstResponder" }
        let firstResponder = firstResponderNode.map { c.encodePlaceholder($0) } ?? c.storyboardProxy("IBFirstResponder")
        let placeholder = c.storyboardProxy("UIStoryboardPlaceholder")
        top += [owner, firstResponder, placeholder]
        for p in objects.map({ Array($0.children) }) ?? [] where (p.name == "placeholder" && p != firstResponderNode) || p.name == "exit" { c.ctx.ignore(p) }
        // An embedded child's scene placeholders (its first responder, exit) are archived by no nib: the child lives
        // in this one, which has its own (a tab bar controller's navigation children in corpus/ios warned of them).
        // First Responder is one proxy whatever scene declares it (UIProxyObject "IBFirstResponder", resolved
        // through the responder chain at run time), so a connection from the child's objects to its own scene's
        // First Responder — a navigation item's bar button action, archived here with the child — targets this
        // nib's First Responder.
        for child in embedded {
            guard let childObjects = child.scene.children.first(where: { $0.name == "objects" }) else { continue }
            for p in childObjects.children where p.name == "placeholder" || p.name == "exit" {
                c.ctx.ignore(p)
                if p.peek("placeholderIdentifier") == "IBFirstResponder", let id = p.peek("id") { c.ctx.bind(id: id, to: firstResponder) }
            }
        }

        if controller.isReference {
            let i = ctx.define(controller.node, className: "UIStoryboardViewControllerPlaceholder")
            c.b.append(i, "UIStoryboardIdentifier", .object(c.b.string(controller.identifier)))
            if let item = controller.node.children.first(where: { $0.name == "navigationItem" }) {
                // An orphan navigation item: listed, referenced by nothing (§2.9).
                c.objectListChildren[i, default: []].append(c.encodeNavigationItem(item))
            }
            // A reference that is a tab's child carries its tab bar item; archived like the navigation item above
            // (no compiled sample of a reference with a tab bar item).
            if let item = controller.node.children.first(where: { $0.name == "tabBarItem" }) {
                c.objectListChildren[i, default: []].append(c.encodeTabBarItem(item))
            }
            top.append(i)
            sceneIDs.insert(controller.id)
            c.connections.outlets.append(.init(label: "sceneViewController", source: owner, destination: controller.id, node: controller.node))
        } else {
            var extrasBefore: [Int] = []
            let index = encodeController(controller, in: c, parentIndex: nil, placeholder: placeholder,
                                         extras: &extrasBefore)
            top += extrasBefore
            top.append(index)
            top += extrasAfter
            c.connections.outlets.append(.init(label: "sceneViewController", source: owner, destination: controller.id, node: controller.node))
        }
        Self.keepSceneConnections(&c.connections, sceneIDs: sceneIDs, in: ctx)
        ctx.finishReferences()
        c.writeRoot(topLevel: top, topLevelNodes: [], leadingConnections: storyboardOutlets)
        LNEVersion.mark(&c.b.graph, xcode: ctx.options.xcodeVersion)
        parent.nibLog?.record(c.b.graph, context: ctx)
        return c.b.archive(reusing: ctx.slotPool.writerScratch)
    }

    /// Encodes `controller` (and, through `embed`, its relationship children) into `c`; returns its index.
    /// UIKit's UIPageViewController coder (decompiled iOS 26 UIKitCore; no compiled page view controller exists in
    /// the corpus): after the view controller's keys, the transition style (page curl 0, scroll 1), the navigation
    /// orientation (horizontal 0, vertical 1), the spine location (none 0, min 1, mid 2, max 3; always none when
    /// scrolling, and a page curl's mid spine is double-sided), `UIDoubleSided`, then `UIViewControllersAreChildren`
    /// (an archived controller has no pages yet, and its page list equals its empty children) and the page spacing.
    /// The delegate and data source are connections, set after the controller is decoded.
    static func pageViewControllerKeys(_ node: XIBNode, into e: inout Entries) {
        let curl = (node["transitionStyle"] ?? "pageCurl") == "pageCurl"
        let spine = curl ? ["none": 0, "min": 1, "mid": 2, "max": 3][node["spineLocation"] ?? "min"] ?? 1 : 0
        e.int("UITransitionStyle", curl ? 0 : 1)
        e.int("UINavigationOrientation", node["navigationOrientation"] == "vertical" ? 1 : 0)
        e.int("UISpineLocation", spine)
        e.bool("UIDoubleSided", curl && (spine == 2 || node.bool("doubleSided") == true))
        e.bool("UIViewControllersAreChildren", true)
        e.int("UIPageSpacing", Int(node.double("pageSpacing") ?? 0))
        node.markUsed("spineLocation", "doubleSided", "pageSpacing")
    }

    private func encodeController(_ controller: StoryboardController, in c: UIKitCompiler, parentIndex: Int?, placeholder: Int,
                                  extras extrasBefore: inout [Int]) -> Int {
        let ctx = c.ctx
        let node = controller.node
        let index = ctx.define(node, className: "UIClassSwapper")
        // Scene-side ids: everything in the scene outside the root view (§3.3).
        sceneIDs.add(scene: controller.scene, excluding: controller.rootView)
        storyboardOutlets.append(c.outletConnection("storyboard", source: index, destination: placeholder))

        // Scene-level extra objects: before the controller, reverse XML order (§2.2, §5.2).
        var extras: [Int] = []
        for x in controller.extraObjects {
            if let i = c.encodeTopLevel(x) { extras.append(i) } else { ctx.warning(at: x, "scene object <\(x.name)> is not supported yet; ignored") }
        }
        // A table view controller's go after it (PrivacyProtection inG, the one table view controller with an
        // extra object, against 14 view controllers with theirs before).
        if node.name == "tableViewController", parentIndex == nil { extrasAfter += extras.reversed() } else { extrasBefore += extras.reversed() }

        var e = Entries()
        let titleElement = node.children.first { $0.name == "string" && $0.peek("key") == "title" }
        if let title = node["title"] ?? titleElement.map({ $0.text }) {
            titleElement?.visited = true
            titleElement?.markAllAttributesUsed()
            e.obj("UITitle", ctx.localizable(title, owner: node, property: "title"))
        }
        var listed: [Int] = []
        if let item = node.children.first(where: { $0.name == "navigationItem" && $0.peek("key") == "navigationItem" }) {
            item.visited = true
            let i = c.encodeNavigationItem(item)
            e.obj("UINavigationItem", i)
            listed.append(i)
        }
        // `<tabBarItem key="tabBarItem">` → `UITabBarItem` (UIViewController's coder key; no compiled storyboard in
        // the corpus has one, so this rests on UIKit's coders, as the XIB tab bar rules in UIKit/TabBars.swift do).
        if let item = node.children.first(where: { $0.name == "tabBarItem" && $0.peek("key") == "tabBarItem" }) {
            item.visited = true
            let i = c.encodeTabBarItem(item)
            e.obj("UITabBarItem", i)
            listed.append(i)
        }
        if let table = upstreams[controller.id] {
            let pairs = CFHashOrder.order(table.map(\.name)).compactMap { name -> (Int, Int)? in
                guard let entry = table.first(where: { $0.name == name }) else { return nil }
                return (c.b.string(name), ctx.reference(entry.id, from: node))
            }
            e.obj("UIExternalObjectsTableForViewLoading", c.b.dictionary("NSDictionary", pairs))
        }
        if let nibName = controller.viewNibName { e.obj("UINibName", c.b.string(nibName)) }
        if let sid = controller.storyboardIdentifier { e.obj("UIStoryboardIdentifier", c.b.string(sid)) }
        if node.bool("useStoryboardIdentifierAsRestorationIdentifier") == true, let sid = controller.storyboardIdentifier {
            e.obj("UIRestorationIdentifier", c.b.string(sid))
        } else if let rid = node["restorationIdentifier"] {
            e.obj("UIRestorationIdentifier", c.b.string(rid))
        }
        Self.keyCommandsKey(node, in: c, into: &e)
        if let parentIndex { e.obj("UIParentViewController", parentIndex) }
        Self.autoresizesArchivedViewKey(node, into: &e)
        for child in controller.relationshipChildren {
            guard let childPlaceholder = childPlaceholders[child.id], !ctx.isDefined(child.id) else { continue }
            var childExtras: [Int] = []
            _ = encodeController(child, in: c, parentIndex: index, placeholder: childPlaceholder, extras: &childExtras)
            extrasAfter += childExtras
        }
        let childIndices = controller.relationshipChildren.compactMap { ctx.objectIndex(forID: $0.id) }
        if !childIndices.isEmpty { e.obj("UIChildViewControllers", c.b.mutableArray(childIndices)) }
        var toolbarItems: [Int] = []
        if let items = node.children.first(where: { $0.name == "toolbarItems" }) {
            items.visited = true
            for item in items.children { if let i = c.encodeTopLevel(item) { toolbarItems.append(i) } }
            if !toolbarItems.isEmpty { e.obj("UIToolbarItems", c.b.array(toolbarItems)) }
        }
        // Templates: the controller's own segues first, then those inside its hierarchy (§5.2).
        var templates: [Int] = []
        let own = node.children.filter { $0.name == "connections" }.flatMap { $0.children.filter { $0.name == "segue" } }
        // Segues declared on scene-level extra objects (a gesture recognizer, a detached button) belong to it too.
        let all = own + segues.segues(under: node).filter { !own.contains($0) }
            + controller.extraObjects.flatMap { segues.segues(under: $0) }
        for segue in all where segue.peek("kind") != "relationship" {
            let destination = segue.peek("destination").flatMap { identifiers[$0] }
            let t = c.encodeSegueTemplate(segue, destination: destination)
            templates.append(t)
            c.connections.outlets.append(.init(label: "viewController", source: t, destination: controller.id, node: segue))
        }
        if !templates.isEmpty { e.obj("UIStoryboardSegueTemplates", c.b.array(templates)) }
        if node.bool("extendedLayoutIncludesOpaqueBars") == true { e.int("UIKeyExtendedLayoutIncludesOpaqueBars", 1) }
        if !extras.isEmpty { e.obj("UITopLevelObjectsToKeepAliveFromStoryboard", c.b.array(extras)) }
        if node.bool("definesPresentationContext") == true { e.bool("UIDefinesPresentationContext", true) }
        if let edges = node.children.first(where: { $0.name == "extendedEdge" && $0.peek("key") == "edgesForExtendedLayout" }) {
            edges.visited = true
            edges.markUsed("key")
            var flags = 0
            for (name, bit) in [("top", 1), ("left", 2), ("bottom", 4), ("right", 8)] where edges.bool(name) == true { flags |= bit }
            e.int("UIKeyEdgesForExtendedLayout", flags)
        }
        if node.bool("clearsSelectionOnViewWillAppear") == false { e.bool("UIClearsSelectionOnViewWillAppear", false) }
        if node.name != "navigationController" { Self.preferredContentSizeKey(node, into: &e) }
        var navigationBar: Int?
        var toolbar: Int?
        if node.name == "navigationController" {
            if !childIndices.isEmpty { e.obj("UIViewControllers", c.b.mutableArray(childIndices)) }
            // `<nil name="viewControllers"/>`: Interface Builder's record of a navigation controller without a
            // root relationship; there is nothing to archive.
            for empty in node.children where empty.name == "nil" && empty.peek("name") == "viewControllers" { ctx.ignore(empty) }
            Self.preferredContentSizeKey(node, into: &e)
            if let bar = node.children.first(where: { $0.name == "navigationBar" && $0.peek("key") == "navigationBar" }) {
                let i = c.encodeBar(bar, className: "UINavigationBar")
                Self.placeContainerBar(i, bar, in: c, navigation: true)
                navigationBar = i
                e.obj("UINavigationBar", i)
                // The root's navigation item is the bar's item; the item points back conditionally (§2.5).
                if let rootID = controller.relationshipChildren.first?.node.children.first(where: { $0.name == "navigationItem" })?.peek("id"),
                   let item = ctx.objectIndex(forID: rootID) {
                    c.b.append(i, "UIItems", .object(c.b.mutableArray([item])))
                    var entries = c.b.graph.objects[item].entries
                    let at = entries.firstIndex { $0.key == "UIClassName" } ?? entries.count
                    entries.insert(NibEntry(key: "UINavigationBar", value: .conditionalObject(i)), at: at)
                    c.b.graph.objects[item].entries = entries
                }
                c.b.append(i, "UIDelegate", .conditionalObject(index))
            }
            if let bar = node.children.first(where: { $0.name == "toolbar" && $0.peek("key") == "toolbar" }) {
                let i = c.encodeBar(bar, className: "UIToolbar")
                Self.placeContainerBar(i, bar, in: c, navigation: false)
                toolbar = i
                e.obj("UIToolbar", i)
            }
            if node.bool("toolbarHidden") == false { e.bool("UIToolbarShown", true) }
            node.markUsed("toolbarHidden", "navigationBarHidden")
        }
        var tabBar: Int?
        if node.name == "tabBarController" {
            tabBar = Self.tabBarControllerKeys(controller, index: index, children: childIndices, in: c, into: &e)
        }
        if node.name == "pageViewController" { Self.pageViewControllerKeys(node, into: &e) }
        if node.name == "glkViewController" { Self.glkViewControllerKeys(node, in: ctx, into: &e) }
        // UISplitViewController's primary edge (iOS 14: leading 0, trailing 1), written even at its default: Apple's
        // UIKitCatalog split view as Xcode 15.0 compiled it (`Corpus/pairs`, leading, one sample).
        if node.name == "splitViewController" {
            e.int("UISplitViewControllerPrimaryEdge", node["primaryEdge"] == "trailing" ? 1 : 0)
        }
        node.markUsed("sceneMemberID", "storyboardIdentifier", "useStoryboardIdentifierAsRestorationIdentifier", "automaticallyAdjustsScrollViewInsets",
                      "hidesBottomBarWhenPushed", "modalPresentationStyle", "modalTransitionStyle")
        for child in node.children where ["layoutGuides", "size", "simulatedNavigationBarMetrics", "simulatedToolbarMetrics", "simulatedTabBarMetrics"].contains(child.name)
            || (child.name == "nil" && child.peek("key") == "simulatedTopBarMetrics") {
            ctx.ignore(child)
        }
        // The root view lives in the view nib; it was encoded there.
        controller.rootView?.visited = true
        if node["customClass"] != nil {
            c.finishClass(node, index: index, originalClass: controller.frameworkClass, entries: &e)
        } else if parentIndex != nil, controller.storyboardIdentifier == nil, ctx.options.xcodeVersion >= .embeddedPlainControllersAsOwnClass {
            c.b.set(index, NibObject(className: controller.frameworkClass, entries: e.list))
        } else {
            let name = c.b.string(controller.frameworkClass)
            e.obj("UIClassName", name)
            e.obj("UIOriginalClassName", name)
            c.b.set(index, NibObject(className: "UIClassSwapper", entries: e.list))
        }
        c.encodeCommonChildren(node, index: index)
        // Object-list blocks (§5.2): a navigation controller lists its bars and children, a controller
        // its navigation item, templates and toolbar items.
        c.objectListChildren[index, default: []] += [navigationBar, toolbar, tabBar].compactMap { $0 } + childIndices + listed + templates + toolbarItems
        return index
    }

    /// A tab bar controller's keys after UIViewController's, in the order of UIKit's UITabBarController coder (decompiled
    /// iOS 26.1 UIKitCore): `UITabBar`, `UICustomizableViewControllers`, `UIViewControllers` (the relationship children,
    /// in segue order; `UIChildViewControllers` and each child's `UIParentViewController` are UIViewController's). Setting
    /// a tab bar controller's view controllers makes them its customizable ones too (UIKit's documented default), so both
    /// lists hold the children. The bar (`UIKitCompiler.encodeTabBar`, written as a controller's bar) lists the
    /// children's tab bar items, the first selected, and points back at the controller conditionally. No Apple-compiled
    /// tab bar controller is in reach: the keys rest on the coders and on how Apple archives the navigation controller,
    /// the other container (`Corpus/pairs`). Returns the bar's index.
    static func tabBarControllerKeys(_ controller: StoryboardController, index: Int, children: [Int], in c: UIKitCompiler,
                                     into e: inout Entries) -> Int? {
        let ctx = c.ctx
        var tabBar: Int?
        if let bar = controller.node.children.first(where: { $0.name == "tabBar" && $0.peek("key") == "tabBar" }) {
            bar.visited = true
            let i = c.encodeTabBar(bar, ofController: true)
            placeTabBar(i, bar, in: c)
            let items = controller.relationshipChildren.compactMap { child -> Int? in
                child.node.children.first { $0.name == "tabBarItem" && $0.peek("key") == "tabBarItem" }?.peek("id")
                    .flatMap { ctx.objectIndex(forID: $0) }
            }
            // UITabBar's coder: the delegate first, then the items and the selected item.
            var entries = c.b.graph.objects[i].entries
            let at = entries.firstIndex { ["UIItems", "UISelectedItem", "UIBarTintColor", "UIBarUnselectedImageTintColor"].contains($0.key) } ?? entries.count
            var own = [NibEntry(key: "UIDelegate", value: .conditionalObject(index))]
            if !items.isEmpty, !entries.contains(where: { $0.key == "UIItems" }) {
                own += [NibEntry(key: "UIItems", value: .object(c.b.array(items))), NibEntry(key: "UISelectedItem", value: .object(items[0]))]
            }
            entries.insert(contentsOf: own, at: at)
            c.b.graph.objects[i].entries = entries
            tabBar = i
            e.obj("UITabBar", i)
        }
        if !children.isEmpty {
            e.obj("UICustomizableViewControllers", c.b.array(children))
            e.obj("UIViewControllers", c.b.mutableArray(children))
        }
        return tabBar
    }

    /// The bar UIKit gives a tab bar controller: it builds its view on init and prepares the bar there
    /// (`_prepareTabBar`, decompiled iOS 26.1 UIKitCore): `sizeToFit` gives the default bar metrics' height, 49
    /// points (the home-indicator extension needs a window, which an archived controller is not in), and the
    /// autoresizing mask comes from a table by bar position; for a bottom bar that is flexible width and top margin
    /// (10), UIKit's mask for a bottom bar since iOS 2 (inferred: the table's values are not readable in the
    /// decompile). The origin and width stay the XML's. No Apple-compiled tab bar controller checks this.
    static func placeTabBar(_ i: Int, _ bar: XIBNode, in c: UIKitCompiler) {
        let (x, y, w) = barFrame(bar)
        let h = tabBarHeight
        var entries = c.b.graph.objects[i].entries
        put(&entries, "UIBounds", packedDoubles([0, 0, w, h]), after: "")
        put(&entries, "UICenter", packedDoubles([x + w / 2, y + h / 2]), after: "UIBounds")
        put(&entries, "UIAutoresizingMask", .int(bottomBarAutoresizingMask), after: "UIAutoresizeSubviews")
        c.b.graph.objects[i].entries = entries
    }

    /// A container bar's XML origin and width; a bar saved without a frame has a frameless view's width.
    static func barFrame(_ bar: XIBNode) -> (x: Double, y: Double, width: Double) {
        let frame = bar.children.first { $0.name == "rect" && $0.peek("key") == "frame" }
        return (frame?.peek("x").flatMap(Double.init) ?? 0, frame?.peek("y").flatMap(Double.init) ?? 0,
                frame?.peek("width").flatMap(Double.init) ?? UIKitCompiler.frameDefaultSide)
    }

    /// Sets `key` in `entries`, or inserts it after the entry `previous` (at the end when there is none).
    static func put(_ entries: inout [NibEntry], _ key: String, _ value: NibGraphValue, after previous: String) {
        if let at = entries.firstIndex(where: { $0.key == key }) { entries[at].value = value; return }
        let at = entries.firstIndex { $0.key == previous }.map { $0 + 1 } ?? entries.count
        entries.insert(NibEntry(key: key, value: value), at: at)
    }

    /// UITabBar's height for the default bar metrics (`_UITabBarVisualProviderLegacyIOS`).
    static let tabBarHeight = 49.0
    /// Flexible width (2) and flexible top margin (8): a bottom bar's mask (a tab bar controller's bar, a navigation
    /// controller's toolbar).
    static let bottomBarAutoresizingMask: Int64 = 10

    /// A navigation controller's bars ignore their XML frame (UIKIT-MAPPING §5.3): the navigation bar
    /// gets bounds (0, 0, 0, 50), centre (0, y + 25), mask 2; the toolbar bounds (0, 0, w, 50), centre
    /// (w/2, y + 25), mask 10. A translucent navigation bar is not opaque.
    static func placeContainerBar(_ i: Int, _ bar: XIBNode, in c: UIKitCompiler, navigation: Bool) {
        // A toolbar without a frame is as wide as a frameless view, 1000 points (one sample, PrivacyProtection).
        let (_, y, w) = barFrame(bar)
        var entries = c.b.graph.objects[i].entries
        put(&entries, "UIBounds", packedDoubles([0, 0, navigation ? 0 : w, 50]), after: "")
        put(&entries, "UICenter", packedDoubles([navigation ? 0 : w / 2, y + 25]), after: "UIBounds")
        put(&entries, "UIAutoresizingMask", .int(navigation ? 2 : bottomBarAutoresizingMask), after: "UIAutoresizeSubviews")
        if navigation, bar.peek("translucent") != "NO" { entries.removeAll { $0.key == "UIOpaque" } }
        // A navigation controller locks its bar, and UINavigationBar's coder writes `UIIsLocked` for a locked bar, after the
        // view keys (`XcodeVersion.containerBarsArchiveLock`).
        if navigation, c.ctx.options.xcodeVersion >= .containerBarsArchiveLock {
            put(&entries, "UIIsLocked", .bool(true), after: "UIViewLargeContentStoredProperties")
        }
        // A container's toolbar without items still archives an empty item list (one sample, PrivacyProtection).
        if !navigation, !entries.contains(where: { $0.key == "UIItems" }) { entries.append(NibEntry(key: "UIItems", value: .object(c.b.array([])))) }
        // The title text attributes (`UIKitCompiler.textAttributes`, written by `encodeBar`) come last in a container's bar.
        if let at = entries.firstIndex(where: { $0.key == "UITitleTextAttributes" }) { entries.append(entries.remove(at: at)) }
        c.b.graph.objects[i].entries = entries
    }


    /// §3.3: only connections whose ends both lie in the scene (outside the root view) stay here. A destination
    /// that names no element of the document is a located error, not a connection dropped without a word.
    static func keepSceneConnections(_ table: inout ConnectionTable, sceneIDs: SceneObjectIDs, in ctx: CompileContext) {
        for (destination, node) in table.outlets.map({ ($0.destination, $0.node) }) + table.actions.map({ ($0.destination, $0.node) })
        where ctx.element(withID: destination) == nil {
            ctx.error(at: node, attribute: "destination", "reference to unknown id '\(destination)'")
        }
        table.outlets.removeAll { !sceneIDs.contains($0.destination) }
        table.actions.removeAll { !sceneIDs.contains($0.destination) }
        for i in table.collections.indices { table.collections[i].destinations.removeAll { !sceneIDs.contains($0.0) } }
        table.collections.removeAll { $0.destinations.isEmpty }
    }
}

/// The ids of a scene nib's objects: every id in the scenes archived (outside their root views), plus
/// ids added one by one. Membership goes through the document's id index and the subtrees' ranges of
/// document order; a set of every id string cost more than the connections it filters.
struct SceneObjectIDs {
    private var regions: [(scene: XIBNode, excluding: XIBNode?)] = []
    private var extra: Set<String> = []

    /// Every id in `scene`'s subtree except the subtree of `excluding`.
    mutating func add(scene: XIBNode, excluding: XIBNode?) { regions.append((scene, excluding)) }

    mutating func insert(_ id: String) { extra.insert(id) }

    func contains(_ id: String) -> Bool {
        if extra.contains(id) { return true }
        guard let tracker = regions.first?.scene.tracker, let node = tracker.node(withID: id) else { return false }
        return regions.contains { $0.scene.contains(node) && !($0.excluding?.contains(node) ?? false) }
    }
}
