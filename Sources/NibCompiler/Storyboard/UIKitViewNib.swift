import NibArchive
import XIB

/// The view nib of one controller (STORYBOARD.md §3): File's Owner (the controller at load time),
/// First Responder, `UpstreamPlaceholder-N` proxies for the scene objects its connections need, the
/// root view. Connections with at least one end in the view live here; scene-side ends become proxies.
struct UIKitViewNib {
    let controller: StoryboardController
    let rootView: XIBNode
    let parent: CompileContext
    /// What `UIKitCompiler.prepare` collects from the document, collected once per storyboard.
    let prepared: PreparedUIKitDocument
    /// The document's segues.
    let segues: SegueIndex

    /// The nib bytes; records the controller's Upstream placeholders (name, scene object id) in `upstreams`.
    func build(upstreams: inout [String: [(name: String, id: String)]]) -> [UInt8] {
        let ctx = CompileContext(options: parent.options, fileName: parent.fileName, tracker: parent.tracker, slots: parent.slotPool, strings: parent.strings)
        defer { parent.absorb(ctx) }
        let c = UIKitCompiler(context: ctx)
        prepared.apply(to: c)
        c.segueHandler = { [unowned c] segue, source in c.recordSegueTrigger(segue, source: source) }
        let cellContent = UIKitCellContent(compiler: c, prepared: prepared, segues: segues)
        c.cellContentHandler = { [unowned cellContent] node, entries in cellContent.handle(node, &entries) }

        // Segues declared in the view are scene objects (their templates live in the scene nib).
        let viewSegues = segues.segues(under: rootView)
        let viewIDs = Self.ids(in: rootView).subtracting(viewSegues)
        // Every scene object outside the view may be needed as an Upstream proxy; unused ones are not archived.
        var proxyOf: [String: Int] = [:]
        var idOfProxy: [Int: String] = [:]
        var sceneSide: [XIBNode] = []
        func collectSceneSide(_ n: XIBNode) {
            if n == rootView { return }
            if let id = n.peek("id"), n.name != "placeholder" || n.peek("placeholderIdentifier") != "IBFirstResponder" {
                let p = c.b.new("UIProxyObject")
                ctx.bind(id: id, to: p)
                proxyOf[id] = p
                idOfProxy[p] = id
                sceneSide.append(n)
            }
            // The controller's layout guides are view-nib objects (bound below), not Upstream proxies.
            for child in n.children where child.name != "connections" && child.name != "layoutGuides" { collectSceneSide(child) }
            for conn in n.children where conn.name == "connections" {
                for s in conn.children where s.name == "segue" {
                    if let id = s.peek("id"), s.peek("kind") != "relationship" {
                        let p = c.b.new("UIProxyObject")
                        ctx.bind(id: id, to: p)
                        proxyOf[id] = p
                        idOfProxy[p] = id
                    }
                }
            }
        }
        let objects = controller.scene.children.first { $0.name == "objects" }
        for member in objects.map({ Array($0.children) }) ?? [] { collectSceneSide(member) }
        // Segues declared inside the view are scene objects too (their templates live in the scene nib).
        for s in viewSegues where s.peek("kind") != "relationship" {
            if let id = s.peek("id"), proxyOf[id] == nil {
                let p = c.b.new("UIProxyObject")
                ctx.bind(id: id, to: p)
                proxyOf[id] = p
                idOfProxy[p] = id
            }
        }

        let owner = c.storyboardProxy("IBFilesOwner")
        let firstResponderNode = objects?.children.first { $0.name == "placeholder" && $0.peek("placeholderIdentifier") == "IBFirstResponder" }
        let firstResponder = firstResponderNode.map { c.encodePlaceholder($0) } ?? c.storyboardProxy("IBFirstResponder")
        let guides = c.bindLayoutGuides(of: controller.node)
        guard let root = c.encodeTopLevel(rootView) else {
            ctx.error(at: rootView, "root view <\(rootView.name)> cannot be archived")
            return []
        }
        c.attachLayoutGuides(guides, to: root)
        c.applyDeviceFrame(root: root, rootView: rootView, controller: controller.node, document: parent.document,
                           embedded: controller.incomingEmbed > 0)
        // Connections declared by scene objects (the controller's outlets into its view, bar items' actions).
        for n in sceneSide {
            guard let id = n.peek("id"), let p = proxyOf[id] else { continue }
            for conn in n.children where conn.name == "connections" { c.collectConnections(conn, source: p) }
        }
        var top = [owner, firstResponder, root]
        var leading: [Int] = []
        for table in cellContent.staticTables {
            let ds = cellContent.staticDataSource(table)
            top.append(ds)
            leading.append(c.outletConnection("staticDataSource", source: owner, destination: ds))
        }
        if let viewID = rootView.peek("id") {
            c.connections.outlets.append(.init(label: "view", source: owner, destination: viewID, node: rootView))
        }
        Self.keepViewConnections(&c.connections, viewIDs: viewIDs, proxies: Set(idOfProxy.keys), proxyOf: proxyOf)
        // Equal labels keep reverse document order (a stable label sort of the reversed list, §5.3: 59 of 62 view nibs).
        c.connections.outlets.reverse()
        c.connections.actions.reverse()
        Self.orderSelectionSegues(&c.connections.outlets)

        ctx.finishReferences()
        c.writeRoot(topLevel: top, topLevelNodes: [(rootView, root)], leadingConnections: leading)
        let numbered = Self.numberUpstreams(in: &c.b, proxies: Set(idOfProxy.keys), after: 2, also: cellContent.prototypeReferences)
        upstreams[controller.id] = numbered.map { (name: $0.name, id: idOfProxy[$0.index] ?? "") }
        LNEVersion.mark(&c.b.graph, xcode: ctx.options.xcodeVersion)
        parent.nibLog?.record(c.b.graph, context: ctx)
        return c.b.archive(reusing: ctx.slotPool.writerScratch)
    }

    /// Ties of static cells' `selectionSegueTemplate` outlets: reverse cell order within a section but
    /// sections in document order (§5.3, V 3/3 tables); the reversed list has the sections backwards.
    static func orderSelectionSegues(_ outlets: inout [ConnectionTable.Outlet]) {
        let positions = outlets.indices.filter { outlets[$0].label == "selectionSegueTemplate" }
        func section(_ o: ConnectionTable.Outlet) -> Int {
            var n = o.node.parent
            while let p = n, p.name != "tableViewSection" { n = p.parent }
            return n?.order ?? -1
        }
        // Stable: within a section the reversed (cell-descending) order stays.
        let ordered = positions.map { outlets[$0] }.enumerated()
            .sorted { (section($0.element), $0.offset) < (section($1.element), $1.offset) }.map(\.element)
        for (i, p) in positions.enumerated() { outlets[p] = ordered[i] }
    }

    /// Every `id` in the subtree of `node`.
    static func ids(in node: XIBNode) -> SubtreeIDs { SubtreeIDs(node) }

    /// §3.3: a connection belongs to the view nib when one end lies in the view; connections between
    /// scene objects stay in the scene nib and connections to other scenes are dropped.
    static func keepViewConnections(_ table: inout ConnectionTable, viewIDs: SubtreeIDs, proxies: Set<Int>, proxyOf: [String: Int]) {
        func known(_ id: String) -> Bool { viewIDs.contains(id) || proxyOf[id] != nil }
        table.outlets.removeAll { o in !known(o.destination) || (proxies.contains(o.source) && !viewIDs.contains(o.destination)) }
        table.actions.removeAll { a in !known(a.destination) || (proxies.contains(a.source) && !viewIDs.contains(a.destination)) }
        for i in table.collections.indices { table.collections[i].destinations.removeAll { !known($0.0) } }
        table.collections.removeAll { c in
            c.destinations.isEmpty || (proxies.contains(c.source) && !c.destinations.contains { viewIDs.contains($0.0) })
        }
    }

    /// Names the proxies used by the connections `UpstreamPlaceholder-1…N` in order of first
    /// appearance (source, then destination, §3.2) and lists them in the top-level and object lists
    /// after the first `after` entries. Returns them in number order.
    static func numberUpstreams(in builder: inout GraphBuilder, proxies: Set<Int>, after: Int, also extra: [Int] = []) -> [(name: String, index: Int)] {
        guard let connections = builder.graph.objects[0].value(forKey: "UINibConnectionsKey")?.objectIndex else { return [] }
        var order: [Int] = []
        var seen = Set<Int>()
        func note(_ i: Int?) {
            guard let i else { return }
            if proxies.contains(i) { if seen.insert(i).inserted { order.append(i) }; return }
            if builder.graph.objects[i].className == "NSMutableArray" || builder.graph.objects[i].className == "NSArray" {
                for e in builder.graph.objects[i].entries where e.key == "UINibEncoderEmptyKey" { note(e.value.objectIndex) }
            }
        }
        for entry in builder.graph.objects[connections].entries where entry.key == "UINibEncoderEmptyKey" {
            guard let ci = entry.value.objectIndex else { continue }
            note(builder.graph.objects[ci].value(forKey: "UISource")?.objectIndex)
            note(builder.graph.objects[ci].value(forKey: "UIDestination")?.objectIndex)
        }
        // Then the objects prototype cells reach through their external-object tables (§3.2, §4).
        for i in extra { note(i) }
        var out: [(name: String, index: Int)] = []
        for (n, p) in order.enumerated() {
            let name = "UpstreamPlaceholder-\(n + 1)"
            let s = builder.string(name)
            builder.graph.objects[p] = NibObject(className: "UIProxyObject", entries: [NibEntry(key: "UIProxiedObjectIdentifier", value: .object(s))])
            out.append((name, p))
        }
        for key in ["UINibTopLevelObjectsKey", "UINibObjectsKey"] {
            guard let list = builder.graph.objects[0].value(forKey: key)?.objectIndex else { continue }
            // Entry 0 is NSInlinedValue; elements follow.
            let at = min(1 + after, builder.graph.objects[list].entries.count)
            builder.graph.objects[list].entries.insert(contentsOf: order.map { NibEntry(key: "UINibEncoderEmptyKey", value: .object($0)) }, at: at)
        }
        return out
    }
}
