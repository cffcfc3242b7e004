import NibArchive
import XIB

/// The iOS / UIKit back end (`targetRuntime="iOS.CocoaTouch"`): builds the `UINib…Key` root object.
struct UIKitPlatform: PlatformCompiler {
    var platform: XIBPlatform { .iOS }

    func compile(document: XIBNode, context: CompileContext) {
        UIKitCompiler(context: context).run(document)
    }
}

/// An element encoder: creates the object for `node` and returns its index.
typealias UIKitEncoder = @Sendable (UIKitCompiler, XIBNode) -> Int

/// Element name → encoder. One entry per XIB element the UIKit back end understands.
enum UIKitEncoders {
    static let table: [String: UIKitEncoder] = [
        "view": { $0.encodeView($1, className: "UIView") },
        "label": { $0.encodeLabel($1) },
        "button": { $0.encodeButton($1) },
        "imageView": { $0.encodeImageView($1) },
        "textField": { $0.encodeTextField($1) },
        "textView": { $0.encodeTextView($1) },
        "switch": { $0.encodeSwitch($1) },
        "slider": { $0.encodeSlider($1) },
        "activityIndicatorView": { $0.encodeActivityIndicator($1) },
        "progressView": { $0.encodeProgressView($1) },
        "segmentedControl": { $0.encodeSegmentedControl($1) },
        "stepper": { $0.encodeStepper($1) },
        "pageControl": { $0.encodePageControl($1) },
        "datePicker": { $0.encodeDatePicker($1) },
        "searchBar": { $0.encodeSearchBar($1) },
        "tabBar": { $0.encodeTabBar($1) },
        "tabBarItem": { $0.encodeTabBarItem($1) },
        "stackView": { $0.encodeStackView($1) },
        "scrollView": { $0.encodeScrollView($1, className: "UIScrollView") },
        "tableView": { $0.encodeTableView($1) },
        "tableViewCell": { $0.encodeTableViewCell($1) },
        "collectionView": { $0.encodeCollectionView($1) },
        "collectionViewCell": { $0.encodeCollectionViewCell($1) },
        "collectionReusableView": { c, node in
            c.encodeViewObject(node, className: "UICollectionReusableView", style: ViewStyle()) { e, _ in
                if let r = node["reuseIdentifier"] { e.obj("UIReuseIdentifier", c.b.string(r)) }
            }
        },
        "visualEffectView": { $0.encodeVisualEffectView($1) },
        // UIPickerView's coder (decompiled iOS 26.1 UIKitCore; no corpus pair): cell selection is on for every picker
        // made with a frame, as Interface Builder's are; the selection bar only when shown.
        "pickerView": { c, node in
            c.encodeViewObject(node, className: "UIPickerView", style: ViewStyle()) { e, _ in
                if node.bool("showsSelectionIndicator") == true { e.bool("UIShowsSelectionBar", true) }
                e.bool("UIAllowSelectingCells", true)
            }
        },
        "wkWebView": { $0.encodeWebView($1) },
        "glkView": { $0.encodeGLKView($1) },
        "navigationBar": { $0.encodeBar($1, className: "UINavigationBar") },
        "toolbar": { $0.encodeBar($1, className: "UIToolbar") },
        "navigationItem": { $0.encodeNavigationItem($1) },
        "barButtonItem": { $0.encodeBarButtonItem($1) },
        "tapGestureRecognizer": { $0.encodeGestureRecognizer($1, className: "UITapGestureRecognizer") },
        "panGestureRecognizer": { $0.encodeGestureRecognizer($1, className: "UIPanGestureRecognizer") },
        "swipeGestureRecognizer": { $0.encodeGestureRecognizer($1, className: "UISwipeGestureRecognizer") },
        "pinchGestureRecognizer": { $0.encodeGestureRecognizer($1, className: "UIPinchGestureRecognizer") },
        "pongPressGestureRecognizer": { $0.encodeGestureRecognizer($1, className: "UILongPressGestureRecognizer") },
        "screenEdgePanGestureRecognizer": { $0.encodeGestureRecognizer($1, className: "UIScreenEdgePanGestureRecognizer") },
        "rotationGestureRecognizer": { $0.encodeGestureRecognizer($1, className: "UIRotationGestureRecognizer") },
        "customObject": { $0.encodeCustomObject($1) },
        // Storyboard container views are archived as plain views (STORYBOARD.md §2.7).
        "containerView": { $0.encodeView($1, className: "UIView") },
    ]
}

/// One UIKit compilation: walks the document and fills `context.builder`.
final class UIKitCompiler {
    let ctx: CompileContext
    /// Children listed after an object in `UINibObjectsKey` (keyed children, constraints, subviews).
    var objectListChildren: [Int: [Int]] = [:]
    /// The blank `UILayoutGuide` listed for each archived guide (UIKIT-MAPPING §2.3), by the guide's index.
    var blankGuideOf: [Int: Int] = [:]
    /// Accessibility configurations and key-value pairs with the document order of their owner.
    var accessibilityConfigurations: [(order: Int, index: Int)] = []
    var keyValuePairs: [(order: Int, index: Int)] = []
    var connections = ConnectionTable()
    /// Ids used as `firstItem`/`secondItem` of some constraint (decides which layout guides are archived).
    var constraintItemIDs: Set<String> = []
    /// Resources by name.
    var namedColors: [String: XIBNode] = [:]
    var systemColors: [String: XIBNode] = [:]
    /// System fonts by face/size/usage/traits (they are shared per file).
    var fontCache: [String: Int] = [:]
    /// Each view's constraints in archive order, excluded ones included (trait-storage candidates).
    var constraintCandidates: [Int: [Int]] = [:]
    /// Attributed-string attribute dictionaries by deep fingerprint (shared per file, Labels.swift).
    var attributeDictionaries: [AttributeFingerprint: Int] = [:]
    /// Fonts of plain text views by description (attributes of their text, uniqued with it).
    var textAttributeFonts: [String: Int] = [:]
    /// Image placeholders by name (shared per file).
    var imageCache: [String: Int] = [:]
    /// The document is marked `colorMatched="YES"` (saved by Xcode 8 or later): its Generic RGB colours are
    /// converted to sRGB when compiled; older documents keep their components (Colors.swift).
    var colorMatched = true
    /// Size classes of the document's design device, whose `<variation>`s become base values (DesignTraits.swift).
    var designTraits: DesignTraits?
    /// Storyboard nibs: called for each `<segue>` in a `<connections>` element with the index of the
    /// object that declares it (the segue's trigger); XIB compilation leaves it nil and warns.
    var segueHandler: ((XIBNode, Int) -> Void)?
    /// Storyboard nibs: adds the prototype-cell and static-section content of a table or collection view
    /// to its entries; XIB compilation leaves it nil and warns about such content.
    var cellContentHandler: ((XIBNode, inout Entries) -> Void)?

    init(context: CompileContext) { ctx = context }

    var b: GraphBuilder {
        get { ctx.builder }
        _modify { yield &ctx.builder }
    }
    var coder10: Bool { ctx.coderVersion >= 10 }

    func run(_ document: XIBNode) {
        prepare(document)
        var objectsNode: XIBNode?
        for c in document.children where c.isNamed("objects") { objectsNode = c; c.visited = true }
        var topLevel: [Int] = []
        var topLevelNodes: [(XIBNode, Int)] = []
        if let objectsNode {
            for child in objectsNode.children {
                if child.isNamed("placeholder") {
                    topLevel.append(encodePlaceholder(child))
                } else if child.isNamed("viewController") {
                    // One sample (a controller with its view inline, in corpus/ios) and no compiled XIB with a
                    // controller: whether ibtool keeps the view inline (UIViewController's `UIView` key) or gives it a
                    // nib of its own (`UINibName`, as in storyboards) is unknown, so neither is guessed.
                    ctx.warning(at: child, "<viewController> as a top-level object of a XIB is not archived (no ibtool output in reach "
                        + "shows whether it keeps the view inline or in a nib of its own); ignored with its view")
                    ctx.ignore(child)
                } else if let i = encodeTopLevel(child) {
                    topLevel.append(i)
                    topLevelNodes.append((child, i))
                }
            }
        } else {
            ctx.error(at: document, "document has no <objects>")
        }
        ctx.finishReferences()
        writeRoot(topLevel: topLevel, topLevelNodes: topLevelNodes)
        LNEVersion.mark(&b.graph, xcode: ctx.options.xcodeVersion)
    }

    /// Marks the document attributes read and collects what encoders look up across the document
    /// (constraint items, named and system colours). Storyboard nibs call it once per nib.
    /// `constraintItems`: the document's constraint items when already collected. A storyboard prepares one compiler
    /// per nib (and per prototype cell) over the same document; collecting them every time walked the whole document
    /// once per nib and made storyboard compilation slower per MB than XIB compilation (Benchmarks/README.md).
    func prepare(_ document: XIBNode, constraintItems: Set<String>? = nil) {
        document.visited = true
        colorMatched = document.peek("colorMatched", is: "YES")
        designTraits = DesignTraits(document: document)
        document.markUsed("type", "version", "toolsVersion", "targetRuntime", "propertyAccessControl", "useAutolayout",
                          "useTraitCollections", "useSafeAreas", "colorMatched", "launchScreen", "initialViewController", "systemVersion")
        constraintItemIDs = constraintItems ?? Self.constraintItemIDs(in: document)
        for c in document.children {
            switch c.name {
            case "resources": collectResources(c)
            // Interface Builder's own document metadata, never archived: the canvas device, plug-in versions,
            // designable renderings, font registrations, storyboard layout tie-breakers, and Xcode 4's class
            // descriptions and default simulated metrics.
            case "device", "dependencies", "designables", "customFonts", "inferredMetricsTieBreakers", "classes",
                 "simulatedMetricsContainer": ctx.ignore(c)
            default: break
            }
        }
    }

    /// Encodes a top-level (non-placeholder) element with its encoder; nil when no encoder knows it.
    func encodeTopLevel(_ child: XIBNode) -> Int? {
        if let encoder = UIKitEncoders.table[child.name] { return encoder(self, child) }
        if let cls = Self.fallbackViewClasses[child.name] { return encodeFallbackView(child, className: cls) }
        return nil
    }

    /// Builds the root object from the top-level objects; `leadingConnections` (outlet connections
    /// already built, such as a storyboard's generated outlets) go before the collected outlets, after
    /// the outlet collections (STORYBOARD.md §5.3: collections first; Settings `fAo-H3-Yyo`'s collections
    /// precede its `staticDataSource`).
    func writeRoot(topLevel: [Int], topLevelNodes: [(XIBNode, Int)], leadingConnections: [Int] = []) {
        let all = objectListOrder(topLevel: topLevel)

        var connectionObjects = buildConnections()
        let collections = connectionObjects.prefix { b.graph.objects[$0].className == "UIRuntimeOutletCollectionConnection" }.count
        connectionObjects.insert(contentsOf: leadingConnections, at: collections)
        let traitLists = buildTraitStorageLists(topLevel: topLevelNodes)
        var root = NibObject(className: "NSObject")
        root.append("UINibTopLevelObjectsKey", .object(b.array(topLevel)))
        root.append("UINibObjectsKey", .object(b.array(all)))
        root.append("UINibConnectionsKey", .object(b.array(connectionObjects)))
        root.append("UINibVisibleWindowsKey", .object(b.array([])))
        root.append("UINibAccessibilityConfigurationsKey", .object(b.array(Self.byOwnerOrder(accessibilityConfigurations))))
        root.append("UINibTraitStorageListsKey", .object(b.array(traitLists)))
        root.append("UINibKeyValuePairsKey", .object(b.array(Self.byOwnerOrder(keyValuePairs))))
        b.set(0, root)
        b.graph.classFallbacks = usedClassFallbacks()
    }

    /// The archive's class fallbacks, of which those of the classes used are written.
    static let classFallbacks: [(name: String, fallbacks: [String])] =
        [("UIColor", ["NSColor"]), ("UIFont", ["NSFont"]), ("UITableViewCellContentView", ["UIView"])]

    /// `classFallbacks` of the classes some object of the graph has, found in one scan of the objects
    /// (a scan per class cost three per nib). Lengths first: a String == per object and class name was 1 %
    /// of a compile.
    private func usedClassFallbacks() -> [String: [String]] {
        var used = [Bool](repeating: false, count: Self.classFallbacks.count)
        var found = 0
        b.graph.objects.withUnsafeBufferPointer { objects in
            for o in objects.indices where found < used.count {
                let length = objects[o].className.utf8.count
                for (k, c) in Self.classFallbacks.enumerated() where !used[k] && c.name.utf8.count == length && c.name == objects[o].className {
                    used[k] = true
                    found += 1
                }
            }
        }
        var result = [String: [String]]()
        for (k, c) in Self.classFallbacks.enumerated() where used[k] { result[c.name] = c.fallbacks }
        return result
    }

    /// Stable sort by the owning element's document position.
    static func byOwnerOrder(_ items: [(order: Int, index: Int)]) -> [Int] {
        items.enumerated().sorted { $0.element.order != $1.element.order ? $0.element.order < $1.element.order : $0.offset < $1.offset }
            .map(\.element.index)
    }

    /// The ids used as `firstItem`/`secondItem` of some constraint under `node`.
    static func constraintItemIDs(in node: XIBNode) -> Set<String> {
        var ids = Set<String>()
        node.forEachInSubtree(named: "constraint") { c in
            if let f = c.peek("firstItem") { ids.insert(f) }
            if let s = c.peek("secondItem") { ids.insert(s) }
        }
        return ids
    }

    func collectResources(_ node: XIBNode) {
        node.visited = true
        for r in node.children {
            switch r.name {
            case "namedColor":
                if let n = r.peek("name") { namedColors[n] = r }
                ctx.ignore(r)
            case "systemColor":
                if let n = r.peek("name") { systemColors[n] = r }
                ctx.ignore(r)
            case "image", "namedImage", "systemImage": ctx.ignore(r)
            default: break
            }
        }
    }

    // MARK: Placeholders and custom objects

    func encodePlaceholder(_ node: XIBNode) -> Int {
        let i = ctx.define(node, className: "UIProxyObject")
        // The placeholder's class is not archived (§3.1).
        node.markUsed("customClass", "customModule", "customModuleProvider", "sceneMemberID")
        let ident = node["placeholderIdentifier"] ?? ""
        if ident.isEmpty { ctx.error(at: node, "placeholder without placeholderIdentifier") }
        b.append(i, "UIProxiedObjectIdentifier", .object(b.string(ident)))
        encodeCommonChildren(node, index: i)
        return i
    }

    func encodeCustomObject(_ node: XIBNode) -> Int {
        let i = ctx.define(node, className: "NSObject")
        var e = Entries()
        finishClass(node, index: i, originalClass: "NSObject", entries: &e)
        encodeCommonChildren(node, index: i)
        return i
    }

    /// Connections, runtime attributes and accessibility children shared by every element.
    func encodeCommonChildren(_ node: XIBNode, index: Int) {
        // Interned-name comparisons (`isNamed`): a `switch` on `c.name` compared Strings case by case.
        for c in node.children {
            if c.isNamed("connections") {
                collectConnections(c, source: index)
            } else if c.isNamed("userDefinedRuntimeAttributes") {
                encodeRuntimeAttributes(c, object: index)
            } else if c.isNamed("accessibility") {
                encodeAccessibility(c, object: index)
            } else if c.isNamed("point") {
                if c.peek("key", is: "canvasLocation") { ctx.ignore(c) }
            } else if c.isNamed("nil") {
                if ["simulatedStatusBarMetrics", "simulatedTopBarMetrics", "simulatedBottomBarMetrics"].contains(where: { c.peek("key", is: $0) }) {
                    ctx.ignore(c)
                }
            } else if ["freeformSimulatedSizeMetrics", "simulatedMetricsContainer", "simulatedStatusBarMetrics",
                       "simulatedNavigationBarMetrics", "simulatedScreenMetrics", "simulatedOrientationMetrics"].contains(where: c.isNamed) {
                ctx.ignore(c)
            }
        }
    }

    /// Writes `entries` into `index`, wrapping the object in `UIClassSwapper` when it has a custom class.
    func finishClass(_ node: XIBNode, index: Int, originalClass: String, entries e: inout Entries) {
        if let name = customClassRuntimeName(node) {
            e.obj("UIClassName", b.string(name))
            e.obj("UIOriginalClassName", b.string(originalClass))
            b.set(index, NibObject(className: "UIClassSwapper", entries: e.list))
        } else {
            node.markUsed("customModule", "customModuleProvider")
            b.set(index, NibObject(className: originalClass, entries: e.list))
        }
    }

    /// The runtime name of `node`'s `customClass` (nil without one): the Swift mangled name in its module.
    func customClassRuntimeName(_ node: XIBNode) -> String? {
        guard let custom = CustomClassName(node, moduleName: ctx.options.moduleName) else { return nil }
        if custom.module == nil, node.peek("customModuleProvider", is: "target") {
            ctx.warning(at: node, "customModuleProvider=\"target\" but no module name given; using '\(custom.name)' unmangled")
        }
        return custom.name
    }
}

