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
    static func archive(_ builder: GraphBuilder) -> [UInt8] {
        // The builder interned strings and numbers; the writer's pass runs only when it could not (`isInterned`).
        let input = builder.graph
        var graph = builder.isInterned ? NibGraphLayout.renumberDepthFirst(input) : NibGraphLayout.internedDepthFirst(input)
        guard !graph.objects.isEmpty else { return builder.archive() }
        var order: [String] = []
        var seenKeys = Set<String>(minimumCapacity: 128)
        var visited = [Bool](repeating: false, count: graph.objects.count)
        // Iterative pre-order walk: (object, next entry). After numbering every conditional reference left
        // points at an archived object and is written as a plain one, so the walk descends through it.
        var stack: [(Int, Int)] = [(0, 0)]
        visited[0] = true
        while let (object, k) = stack.last {
            let entries = graph.objects[object].entries
            if k >= entries.count { stack.removeLast(); continue }
            stack[stack.count - 1].1 = k + 1
            if seenKeys.insert(entries[k].key).inserted { order.append(entries[k].key) }
            if let t = entries[k].value.objectIndex, !visited[t] {
                visited[t] = true
                stack.append((t, 0))
            }
        }
        // Numbering kept only objects reachable from the root, so the walk met every key; the class table
        // is rebuilt from the same objects in the same order, as the first write would have.
        graph.layout = NibTableLayout(keys: CFHashOrder.order(order, growAfterInsert: true), classes: [])
        return NibArchiveWriter(options: .preserveLayout).write(graph)
    }
}
