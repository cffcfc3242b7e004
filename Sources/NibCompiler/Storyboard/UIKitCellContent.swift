import NibArchive
import XIB

/// Storyboard-only content of table and collection views in a view nib: prototype cells as nested
/// archives (STORYBOARD.md §4) and static sections (UIKIT-MAPPING §6.9, a top-level
/// `UITableViewDataSource`).
final class UIKitCellContent {
    unowned let c: UIKitCompiler
    /// Static tables met while encoding, in encoding order.
    private(set) var staticTables: [XIBNode] = []
    /// Objects of the view nib that prototype external-object tables refer to (they may be Upstream proxies).
    private(set) var prototypeReferences: [Int] = []
    /// The ids of `prototypeReferences`' objects: a prototype nested in a prototype cell refers to them through the
    /// enclosing cell's nib, which makes Upstream proxies of those outside it.
    private(set) var prototypeReferenceIDs: [String] = []

    /// The document state every compiler of the storyboard shares (`UIKitCompiler.prepare`'s).
    let prepared: PreparedUIKitDocument
    /// The document's segues.
    let segues: SegueIndex

    init(compiler: UIKitCompiler, prepared: PreparedUIKitDocument, segues: SegueIndex) {
        c = compiler
        self.prepared = prepared
        self.segues = segues
    }

    /// The `cellContentHandler` of the view nib's compiler.
    func handle(_ node: XIBNode, _ e: inout Entries) {
        if node.name == "tableView" {
            if let prototypes = node.child("prototypes") {
                let (nibs, externals) = prototypeDictionaries(prototypes.children.filter { $0.name == "tableViewCell" })
                let at = e.list.firstIndex { ["UISeparatorInset", "UITableHeaderView", "UITableFooterView", "UISeparatorInsetReference"].contains($0.key) } ?? e.list.count
                e.list.insert(NibEntry(key: "UITableViewCellPrototypeNibs", value: .object(nibs)), at: at)
                let at2 = e.list.firstIndex { $0.key == "UISeparatorInsetReference" } ?? e.list.count
                e.list.insert(NibEntry(key: "UITableViewCellPrototypeNibExternalObjects", value: .object(externals)), at: at2)
            }
            // A prototype table's empty `<sections/>` archives nothing (Feedback 8h9, Debug wII): only static
            // tables get a data source.
            if let sections = node.child("sections") {
                if node.peek("dataMode") == "static" || !sections.children.isEmpty { staticTables.append(node) }
            }
        } else {
            if let cells = node.child("cells") {
                let (nibs, externals) = prototypeDictionaries(cells.children.filter { $0.name == "collectionViewCell" || $0.name == "collectionReusableView" })
                e.obj("UICollectionViewCellNibDict", nibs)
                e.obj("UICollectionViewCellPrototypeNibExternalObjects", externals)
            }
            // Section header and footer prototypes: nested archives like the cells, keyed "kind/identifier", the
            // key UICollectionView builds for `dequeueReusableSupplementaryView(ofKind:withReuseIdentifier:)`.
            // Inferred, no compiled sample: the two key names and the "kind/identifier" form come from
            // reimplementations that load Apple's nibs (WinObjC's and PSTCollectionView's `initWithCoder:`);
            // their place after the cell dictionaries is a guess.
            let supplementary = node.children.filter { $0.name == "collectionReusableView" && Self.supplementaryKinds[$0.peek("key") ?? ""] != nil }
            if supplementary.contains(where: { $0.has("reuseIdentifier") }) {
                let (nibs, externals) = prototypeDictionaries(supplementary, what: "collection reusable view") { view, reuse in
                    "\(Self.supplementaryKinds[view.peek("key") ?? ""] ?? "")/\(reuse)"
                }
                e.obj("UICollectionViewSupplementaryViewNibDict", nibs)
                e.obj("UICollectionViewSupplementaryViewPrototypeNibExternalObjects", externals)
            } else {
                for view in supplementary { skipUnidentified(view, what: "collection reusable view") }
            }
        }
    }

    /// A collection view's `<collectionReusableView key=…>` → the element kind UIKit names it by.
    private static let supplementaryKinds = [
        "sectionHeaderView": "UICollectionElementKindSectionHeader",
        "sectionFooterView": "UICollectionElementKindSectionFooter",
    ]

    /// A prototype without a reuse identifier has no key in the reuse-identifier dictionaries above and could never be
    /// dequeued: warned and left out. ibtool warns of it too ("Prototype table cells must have reuse identifiers");
    /// whether it still archives the cell somehow, no compiled sample shows (the 5 such cells and 2 reusable views of
    /// corpus/ios are all in uncompiled documents).
    private func skipUnidentified(_ cell: XIBNode, what: String) {
        c.ctx.warning(at: cell, "\(what) without reuseIdentifier; not archived (it could never be dequeued)")
        c.ctx.ignore(cell)
    }

    /// name → `UINib`, name → external objects; both in CF hash order of the ascending names (§6.1). A cell's
    /// name is its reuse identifier; `name` lets a supplementary view add its kind.
    private func prototypeDictionaries(_ cells: [XIBNode], what: String = "prototype cell",
                                       name: (XIBNode, String) -> String = { _, reuse in reuse }) -> (Int, Int) {
        var nibs: [String: Int] = [:]
        var externals: [String: Int] = [:]
        for cell in cells {
            guard let reuse = cell.peek("reuseIdentifier") else {
                skipUnidentified(cell, what: what)
                continue
            }
            let (nib, ext) = nestedArchive(cell)
            nibs[name(cell, reuse)] = nib
            externals[name(cell, reuse)] = ext
        }
        let order = CFHashOrder.order(nibs.keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) })
        let n = c.b.dictionary("NSMutableDictionary", order.map { (c.b.string($0), nibs[$0]!) })
        let x = c.b.dictionary("NSMutableDictionary", order.map { (c.b.string($0), externals[$0]!) })
        return (n, x)
    }

    /// One prototype cell as a complete archive wrapped in `UINib`, and its external-objects dictionary.
    private func nestedArchive(_ cell: XIBNode) -> (nib: Int, externals: Int) {
        let outer = c.ctx
        let ctx = CompileContext(options: outer.options, fileName: outer.fileName, tracker: outer.tracker, root: cell, slots: outer.slotPool, strings: outer.strings)
        defer { outer.absorb(ctx) }
        let n = UIKitCompiler(context: ctx)
        prepared.apply(to: n)
        n.segueHandler = { [unowned n] segue, source in n.recordSegueTrigger(segue, source: source) }
        // Prototypes nest as deep as the document nests them: a collection view in a table view's prototype cell
        // archives its own prototypes inside this cell's nib.
        let nested = UIKitCellContent(compiler: n, prepared: prepared, segues: segues)
        n.cellContentHandler = { [unowned nested] node, entries in nested.handle(node, &entries) }
        let owner = n.storyboardProxy("IBFilesOwner")
        let firstResponder = n.storyboardProxy("IBFirstResponder")
        guard let cellIndex = n.encodeTopLevel(cell) else { return (c.b.graph.add(NibObject(className: "UINib")), c.b.dictionary("NSMutableDictionary", [])) }
        // Ends outside the cell become the nested nib's Upstream proxies (§4).
        // Segue templates live in the scene nib even when the segue is declared on the cell.
        let inside = UIKitViewNib.ids(in: cell).subtracting(segues.segues(under: cell))
        var proxyOf: [String: Int] = [:]
        var idOf: [Int: String] = [:]
        func bind(_ id: String) {
            guard !inside.contains(id), proxyOf[id] == nil, outer.tracker.node(withID: id) != nil else { return }
            let p = n.b.new("UIProxyObject")
            ctx.bind(id: id, to: p)
            proxyOf[id] = p
            idOf[p] = id
        }
        for o in n.connections.outlets { bind(o.destination) }
        for a in n.connections.actions { bind(a.destination) }
        for col in n.connections.collections { for (d, _) in col.destinations { bind(d) } }
        for id in nested.prototypeReferenceIDs { bind(id) }
        for table in nested.staticTables {
            c.ctx.warning(at: table, "<\(table.name)>: static sections inside a prototype cell are not archived yet; ignored")
        }
        ctx.finishReferences()
        n.writeRoot(topLevel: [owner, firstResponder, cellIndex], topLevelNodes: [(cell, cellIndex)])
        // The nested prototypes' references, as bound now (an id outside this cell became a proxy after the
        // nested archive referred to it).
        let nestedReferences = nested.prototypeReferenceIDs.compactMap { ctx.objectIndex(forID: $0) }
        let numbered = UIKitViewNib.numberUpstreams(in: &n.b, proxies: Set(idOf.keys), after: 2, also: nestedReferences)
        let bytes = HashOrderedKeys.archive(&n.b, reusing: ctx.slotPool.writerScratch)

        let data = c.b.graph.add(NibObject(className: "NSData", entries: [NibEntry(key: FoundationKeys.bytes, value: .data(bytes))]))
        let nib = c.b.graph.add(NibObject(className: "UINib", entries: [
            NibEntry(key: "captureEnclosingNIBBundleOnDecode", value: .bool(true)),
            NibEntry(key: "archiveData", value: .object(data)),
        ]))
        let names = CFHashOrder.order(numbered.map(\.name))
        let pairs = names.compactMap { name -> (Int, Int)? in
            guard let entry = numbered.first(where: { $0.name == name }), let id = idOf[entry.index] else { return nil }
            let target = outer.reference(id, from: cell)
            prototypeReferences.append(target)
            prototypeReferenceIDs.append(id)
            return (c.b.string(name), target)
        }
        return (nib, c.b.dictionary("NSMutableDictionary", pairs))
    }

    /// The `UITableViewDataSource` of a static table: sections of rows, each row holding its cell.
    func staticDataSource(_ table: XIBNode) -> Int {
        var sections: [Int] = []
        var cellsBySection: [Int: [Int]] = [:]
        for section in table.child("sections").map({ Array($0.children) }) ?? [] where section.name == "tableViewSection" {
            section.visited = true
            var rows: [Int] = []
            var cells: [Int] = []
            for cell in section.child("cells").map({ Array($0.children) }) ?? [] where cell.name == "tableViewCell" {
                let ci = c.encodeTableViewCell(cell)
                cells.append(ci)
                var r = Entries()
                r.obj("UITableRowCell", ci)
                r.float("UITableRowHeight", cell.double("rowHeight") ?? -1)
                rows.append(c.b.graph.add(.init(className: "UITableViewRow", entries: r.list)))
            }
            var s = Entries()
            if let h = section["headerTitle"] { s.obj("UITableSectionHeaderTitle", c.ctx.localizable(h, owner: section, property: "headerTitle")) }
            if let f = section["footerTitle"] { s.obj("UITableSectionFooterTitle", c.ctx.localizable(f, owner: section, property: "footerTitle")) }
            s.obj("UITableSectionRows", c.b.array(rows))
            let si = c.b.graph.add(.init(className: "UITableViewSection", entries: s.list))
            sections.append(si)
            cellsBySection[si] = cells
        }
        let ds = c.b.graph.add(.init(className: "UITableViewDataSource", entries: [NibEntry(key: "UITableSections", value: .object(c.b.array(sections)))]))
        c.objectListChildren[ds, default: []] += sections
        for (s, cells) in cellsBySection { c.objectListChildren[s, default: []] += cells }
        return ds
    }
}
