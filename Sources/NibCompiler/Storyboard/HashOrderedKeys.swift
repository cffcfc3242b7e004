import NibArchive

/// The NIBArchive keys table in ibtool's order (STORYBOARD.md §6.1): a CF hash table of the key
/// strings, each registered when first met in a depth-first pre-order walk of the graph (a key before
/// its value is descended into). Used for nested prototype archives, which a comparer sees as bytes.
/// The model reproduces 126 of 186 Apple archives' tables; the rest differ in the moment of a rehash.
enum HashOrderedKeys {
    /// The bytes `builder.archive()` gives, with the keys table in hash order: the same
    /// objects, values and class table.
    ///
    /// The writer's own passes (interning, depth-first numbering) run once here and the graph is written
    /// once with the key order as its layout; writing it, reading the archive back and writing it again
    /// cost a quarter of a storyboard's compile.
    ///
    /// The builder's objects are taken out of it (it is left without objects): renumbering moves them into
    /// their new order instead of copying every object's entries.
    static func archive(_ builder: inout GraphBuilder, reusing scratch: NibArchiveWriter.Scratch? = nil) -> [UInt8] {
        guard !builder.graph.objects.isEmpty else { return builder.archive(reusing: scratch) }
        var graph: NibGraph
        if builder.isInterned {
            graph = builder.graph
            builder.graph.objects = []
            NibGraphLayout.renumberDepthFirst(&graph)
        } else {
            // The writer's interning pass merges what the builder could not (`isInterned`).
            graph = NibGraphLayout.internedDepthFirst(builder.graph)
        }
        var keys = FirstUseKeys(expectedCount: 128)
        // After numbering every conditional reference left points at an archived object and is written as a
        // plain one, so the walk descends through it.
        var visited = [Bool](repeating: false, count: graph.objects.count)
        visited[0] = true
        NibGraphLayout.walkDepthFirst(graph.objects) { entry in
            keys.add(entry.key)
            guard let t = entry.value.objectIndex, !visited[t] else { return nil }
            visited[t] = true
            return t
        }
        // Numbering kept only objects reachable from the root, so the walk met every key; the class table
        // is rebuilt from the same objects in the same order, as the first write would have.
        graph.layout = NibTableLayout(keys: CFHashOrder.order(keys.keys, hashes: keys.hashes, growAfterInsert: true), classes: [])
        return NibArchiveWriter(options: .preserveLayout).write(graph, reusing: scratch)
    }
}

/// The distinct keys of an archive in first-use order with their CF hashes. Keys are told apart by their
/// bytes, as the writer's key table does, and with its table: its cache of recent strings answers most of the
/// entries (the same literal keys over and over) without hashing them, and the CF hash, which the key order
/// needs, is computed once per distinct key.
private struct FirstUseKeys {
    private var table: ByteStringTable
    private(set) var keys: [String] = []
    private(set) var hashes: [UInt64] = []

    init(expectedCount: Int) {
        table = ByteStringTable(expectedCount: expectedCount)
        keys.reserveCapacity(expectedCount)
        hashes.reserveCapacity(expectedCount)
    }

    mutating func add(_ key: String) {
        guard table.insert(key).inserted else { return }
        keys.append(key)
        hashes.append(CFHashOrder.hash(key))
    }
}
