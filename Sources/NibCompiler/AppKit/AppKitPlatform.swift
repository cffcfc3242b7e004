import NibArchive
import XIB

/// The macOS / AppKit back end (`targetRuntime="MacOSX.Cocoa"`): builds the `NSIBObjectData` root.
struct AppKitPlatform: PlatformCompiler {
    var platform: XIBPlatform { .macOS }

    func compile(document: XIBNode, context: CompileContext) {
        AppKitCompiler(context: context).run(document)
    }
}

/// One AppKit compilation: walks the document, encodes every object and assembles `NSIBObjectData`.
final class AppKitCompiler {
    let ctx: CompileContext
    /// `customObjectInstantitationMethod="direct"`.
    var direct = false
    var autolayout = false
    var toolsVersion = 0
    /// The document is a storyboard (`type` …`Cocoa.Storyboard.XIB`), whose omitted attributes can default
    /// otherwise than a XIB's.
    var storyboard = false
    /// Project images from `<resources>`: name → size.
    var resourceImages: [String: (Double, Double)] = [:]
    /// Ids referenced by some constraint as first or second item.
    var constraintItemIDs: Set<String> = []
    /// Ids of elements encoded as archived objects (members of `NSObjectsKeys`).
    var archivedIDs: Set<String> = []
    var connectors: [PendingConnector] = []
    var stackConnectors: [Int] = []
    var axConnectors: [Int] = []
    var visibleWindows: [Int] = []
    var fontCache: [String: Int] = [:]
    var colorCache: [String: Int] = [:]
    var imageCache: [String: Int] = [:]
    var colorSpaceCache: [Int: Int] = [:]
    /// Nested-archive mode (prototype cell views): differences in the copy archived inside NSNib.
    var nested = false
    /// Storyboard nibs: called for each `<segue>` in a `<connections>` element with the index of the
    /// object that declares it; XIB compilation leaves it nil and warns.
    var segueHandler: ((XIBNode, Int) -> Void)?
    /// Storyboard application scenes: the segue templates of the main menu's items, top-level objects of
    /// `MainMenu.nib` (`encodeMenuItemSegue`).
    var menuSegueTemplates: [Int] = []
    /// Storyboard scenes' First Responder objects: an action sent to one has no target (as `-1` in a XIB).
    var firstResponderIDs: Set<String> = []
    /// Objects that live beside a storyboard controller in its scene (controllers of bindings, shared
    /// formatters, menus, accessory views): archived in whichever nib references them, like iOS scene-level
    /// objects (STORYBOARD.md §3), so being reached only through a reference is expected, not warned about.
    var sceneMemberIDs: Set<String> = []

    init(context: CompileContext) { ctx = context }

    var b: GraphBuilder {
        get { ctx.builder }
        _modify { yield &ctx.builder }
    }

    func str(_ s: String) -> Int { b.string(s) }

    // MARK: Document

    func run(_ document: XIBNode) {
        prepare(document)
        var objectsNode: XIBNode?
        for c in document.children where c.isNamed("objects") { objectsNode = c; c.visited = true }
        guard let objectsNode else {
            ctx.error(at: document, "document has no <objects>")
            return
        }
        var owner: Int?
        for child in objectsNode.children {
            if child.peek("id", is: "-2") {
                owner = encodeCustomObject(child)
                continue
            }
            if child.peek("id", is: "-1") { ctx.ignore(child); continue }
            _ = encodeTopLevel(child)
        }
        let root = owner ?? {
            let i = b.graph.add(NibObject(className: "NSCustomObject", entries: [NibEntry(key: "NSClassName", value: .object(str("NSObject")))]))
            return i
        }()
        finishObjectData(topLevel: Array(objectsNode.children), owner: root, rootObject: 0)
        applyXcodeVocabulary()
        canonicalizeNumbers()
    }

    /// Reads the document-level settings and what encoders look up across the document (constraint
    /// items, resource images). Storyboard nibs call it once per nib.
    func prepare(_ document: XIBNode) {
        document.visited = true
        document.markUsed("type", "version", "toolsVersion", "targetRuntime", "propertyAccessControl", "useAutolayout",
                          "customObjectInstantitationMethod", "systemVersion", "useTraitCollections", "colorMatched", "initialViewController")
        direct = document.peek("customObjectInstantitationMethod", is: "direct")
        autolayout = document.peek("useAutolayout", is: "YES")
        toolsVersion = Int(document.peek("toolsVersion") ?? "") ?? 0
        storyboard = document.peek("type")?.hasSuffix(".Storyboard.XIB") == true
        collectConstraintItems(document)
        for c in document.children {
            switch c.name {
            case "objects", "scenes": break
            case "resources": collectResources(c)
            default: ctx.ignore(c)
            }
        }
    }

    /// ibtool shares numerically equal NSNumbers across int/double: the first one encoded (depth-first in
    /// key order from the root) wins. Rewrites references accordingly.
    func canonicalizeNumbers() {
        var first: [Double: Int] = [:]
        var replace: [Int: Int] = [:]
        var visited = [Bool](repeating: false, count: b.graph.objects.count)
        var stack: [(Int, Int)] = [(0, 0)]
        visited[0] = true
        while let (obj, k) = stack.last {
            let entries = b.graph.objects[obj].entries
            if k == 0, b.graph.objects[obj].className == "NSNumber" {
                var value: Double?
                for e in entries {
                    if e.key == "NS.intval", case .int(let v) = e.value { value = Double(v) }
                    if e.key == "NS.dblval", case .double(let d) = e.value { value = d == 0 ? 0 : d }
                }
                if let value {
                    if let f = first[value], f != obj { replace[obj] = f } else { first[value] = obj }
                }
            }
            if k >= entries.count { stack.removeLast(); continue }
            stack[stack.count - 1].1 = k + 1
            if case .object(let t) = entries[k].value, !visited[t] {
                visited[t] = true
                stack.append((t, 0))
            }
        }
        guard !replace.isEmpty else { return }
        b.graph.redirectReferences { replace[$0] }
    }

    /// Builds NSIBObjectData into object `rootObject` (0 for the main archive).
    /// `topLevel` are the elements whose archived objects fill `NSObjectsKeys` (File's Owner and First
    /// Responder are skipped); `extraObjects` (objects without an element of their own, such as a
    /// storyboard's placeholders, with their parent) come first; `leadingConnectors` (generated
    /// connections) go before the collected ones.
    func finishObjectData(topLevel: [XIBNode], owner: Int, rootObject: Int, extraObjects: [(object: Int, parent: Int)] = [],
                          leadingConnectors: [Int] = []) {
        defineDanglingReferences()
        var conns = leadingConnectors + buildConnectors(connectors)
        // An object first referenced by a connection is archived on its own now, with its own connections (a
        // storyboard scene's view that the controller's outlets name, and the outlets it has): built in turn.
        var built = connectors.count
        defineDanglingReferences()
        while connectors.count > built {
            let batch = Array(connectors[built...])
            built = connectors.count
            conns += buildConnectors(batch)
            defineDanglingReferences()
        }
        ctx.finishReferences()
        // NSObjectsKeys / NSObjectsValues.
        var keys: [Int] = extraObjects.map(\.object)
        var values: [Int] = extraObjects.map(\.parent)
        for c in topLevel where c.peek("id") != "-2" && c.peek("id") != "-1" {
            collectObjectParents(c, parent: owner, keys: &keys, values: &values)
        }
        var oids = [owner]
        oids.append(contentsOf: keys)
        oids.append(contentsOf: conns)
        var oidValues: [Int] = []
        for n in 1...oids.count { oidValues.append(b.number(Int64(n))) }
        var axValues: [Int] = []
        for n in 0..<axConnectors.count { axValues.append(b.number(Int64(oids.count + 1 + n))) }

        var e = Entries()
        e.obj("NSRoot", owner)
        e.obj("NSVisibleWindows", b.collection("NSMutableSet", visibleWindows))
        e.obj("NSConnections", b.mutableArray(stackConnectors + conns))
        e.obj("NSObjectsKeys", b.array(keys))
        e.obj("NSObjectsValues", b.array(values))
        e.obj("NSOidsKeys", b.array(oids))
        e.obj("NSOidsValues", b.array(oidValues))
        e.obj("NSAccessibilityConnectors", b.mutableArray(axConnectors))
        e.obj("NSAccessibilityOidsKeys", b.array(axConnectors))
        e.obj("NSAccessibilityOidsValues", b.array(axValues))
        let data = b.graph.add(NibObject(className: "NSIBObjectData", entries: e.list))
        b.graph.objects[rootObject] = NibObject(className: "NSObject", entries: [
            NibEntry(key: "IB.objectdata", value: .object(data)),
            NibEntry(key: "IB.systemFontUpdateVersion", value: .int(1)),
        ])
    }

    /// Elements referenced (outlets, constraints, bindings, selected items…) but not reached by any encoder:
    /// archive them on their own, as top-level objects, instead of failing.
    func defineDanglingReferences() {
        var changed = true
        var rounds = 0
        while changed && rounds < 8 {
            changed = false
            rounds += 1
            for id in ctx.tracker.document.identifiers.sorted() where id != "-1" {
                guard ctx.objectIndex(forID: id) != nil, !ctx.isDefined(id), let el = ctx.element(withID: id) else { continue }
                if !sceneMemberIDs.contains(id) {
                    ctx.warning(at: el, "element <\(el.name)> id '\(id)' is referenced but not archived by its container; archived on its own")
                }
                _ = encodeTopLevel(el)  // its own rules (a storyboard scene's controller or menu), else the generic ones
                changed = true
            }
        }
    }

    func collectResources(_ node: XIBNode) {
        ctx.ignore(node)
        for c in node.children where c.isNamed("image") {
            if let n = c.peek("name"), let w = Double(c.peek("width") ?? ""), let h = Double(c.peek("height") ?? "") {
                resourceImages[n] = (w, h)
            }
        }
    }

    func collectConstraintItems(_ node: XIBNode) {
        if node.isNamed("constraint") {
            if let f = node.peek("firstItem") { constraintItemIDs.insert(f) } else if let owner = node.parent?.parent?.peek("id") {
                constraintItemIDs.insert(owner)
            }
            if let s = node.peek("secondItem") { constraintItemIDs.insert(s) }
        }
        for c in node.children { collectConstraintItems(c) }
    }

    // MARK: Defining objects

    /// Allocates (or reuses) the object of `node` and records it as archived (member of NSObjectsKeys).
    func define(_ node: XIBNode, _ className: String) -> Int {
        if let id = node.peek("id") { archivedIDs.insert(id) }
        return ctx.define(node, className: className)
    }

    /// Sets the entries of an object created with `define`.
    func finish(_ index: Int, _ className: String, _ e: Entries) {
        b.graph.objects[index] = NibObject(className: className, entries: e.list)
    }

    /// Top-level element of `<objects>`.
    func encodeTopLevel(_ node: XIBNode) -> Int? {
        switch node.name {
        case "customObject": return encodeCustomObject(node)
        case "window", "panel": return encodeWindow(node)
        case "menu": return encodeMenu(node, parentItem: nil)
        case "userDefaultsController": return encodeUserDefaultsController(node)
        // A formatter shared through `formatter` outlets sits among the top-level objects: the same archive
        // as a cell's own `<numberFormatter key="formatter">` (wild: Vienna's preferences, CotEditor, Hex Fiend).
        case "numberFormatter", "dateFormatter", "byteCountFormatter": return encodeFormatter(node)
        // A formatter subclass is made like a custom object: by class name, its module's Swift name included.
        // Inferred (no compiled sample): the swapper's original class is the element's base class, NSFormatter.
        case "customFormatter": return encodeCustomObject(node, baseClass: "NSFormatter")
        case _ where Self.controllerClasses[node.name] != nil: return encodeController(node)
        default:
            if isView(node) { return encodeView(node, superview: nil) }
            if let i = encodeTopLevelItemOrCell(node) { return i }
            return encodeGenericObject(node)
        }
    }

    /// An element this back end has no rule for: archived as a plain object so references resolve.
    func encodeGenericObject(_ node: XIBNode) -> Int {
        ctx.warning(at: node, "element <\(node.name)> is not supported yet; archived as NSObject")
        let cls = node.peek("customClass") ?? "NSObject"
        let i = define(node, "NSCustomObject")
        var e = Entries()
        e.obj("NSClassName", str(cls))
        finish(i, "NSCustomObject", e)
        ctx.ignore(node)
        collectConnections(node, source: i)
        return i
    }

    // MARK: Class names

    /// The class name written for `customClass`, Swift-mangled when a module applies.
    func className(_ node: XIBNode) -> String? {
        CustomClassName(node, moduleName: ctx.options.moduleName)?.name
    }

    /// `IBClassReference` for an element with `customClass`.
    func classReference(_ node: XIBNode) -> Int? {
        guard let cls = node.peek("customClass") else { return nil }
        var e = Entries()
        e.obj("IBClassName", str(cls))
        if let m = node.peek("customModule") { e.obj("IBModuleName", str(m)) } else { e.null("IBModuleName") }
        if let p = node.peek("customModuleProvider") { e.obj("IBModuleProvider", str(p)) } else { e.null("IBModuleProvider") }
        return b.graph.add(NibObject(className: "IBClassReference", entries: e.list))
    }

    // MARK: Placeholders and custom objects

    func encodeCustomObject(_ node: XIBNode, baseClass: String = "NSObject") -> Int {
        node.markUsed("userLabel", "customModule", "customModuleProvider")
        let id = node.peek("id")
        let cls = node.peek("customClass")
        if id == "-2" || id == "-3" || !direct || cls == nil || isFrameworkClass(cls!) {
            let i = id == "-2" ? ctx.define(node, className: "NSCustomObject") : define(node, "NSCustomObject")
            var e = Entries()
            if let r = classReference(node) { e.obj("IBClassReference", r) }
            _ = node["customClass"]
            let name = id == "-3" ? "NSApplication" : (cls.map { id == "-2" ? $0 : (className(node) ?? $0) } ?? baseClass)
            e.obj("NSClassName", str(name))
            finish(i, "NSCustomObject", e)
            collectConnections(node, source: i)
            return i
        }
        let i = define(node, "NSClassSwapper")
        var e = Entries()
        e.obj("NSClassName", str(className(node) ?? cls!))
        e.obj("NSOriginalClassName", str(baseClass))
        e.bool("NSInitializeWithInit", true)
        finish(i, "NSClassSwapper", e)
        collectConnections(node, source: i)
        return i
    }

    func isFrameworkClass(_ cls: String) -> Bool {
        cls.hasPrefix("NS") && cls.count > 2 && cls.dropFirst(2).first!.isUppercase
    }
}
