import NibArchive

/// The NIBArchive keys table in ibtool's order (STORYBOARD.md §6.1): a CF hash table of the key
/// strings, each registered when first met in a depth-first pre-order walk of the graph (a key before
/// its value is descended into). Used for nested prototype archives, which a comparer sees as bytes.
/// The model reproduces 126 of 186 Apple archives' tables; the rest differ in the moment of a rehash.
enum HashOrderedKeys {
    /// `bytes` (an archive written by `NibArchiveWriter`) rewritten with the keys table in hash order;
    /// the same graph, the same objects and values.
    static func rewrite(_ bytes: [UInt8]) -> [UInt8] {
        guard let archive = try? NibArchive(bytes: bytes) else { return bytes }
        var graph = NibGraph(archive)
        guard let layout = graph.layout, !graph.objects.isEmpty else { return bytes }
        var order: [String] = []
        var seenKeys = Set<String>()
        var visited = [Bool](repeating: false, count: graph.objects.count)
        // Iterative pre-order walk: (object, next entry).
        var stack: [(Int, Int)] = [(0, 0)]
        visited[0] = true
        while let (object, k) = stack.last {
            let entries = graph.objects[object].entries
            if k >= entries.count { stack.removeLast(); continue }
            stack[stack.count - 1].1 = k + 1
            if seenKeys.insert(entries[k].key).inserted { order.append(entries[k].key) }
            if case .object(let t) = entries[k].value, !visited[t] {
                visited[t] = true
                stack.append((t, 0))
            }
        }
        for key in layout.keys where !seenKeys.contains(key) { order.append(key) }
        graph.layout = NibTableLayout(keys: CFHashOrder.order(order, growAfterInsert: true), classes: layout.classes,
                                      emptyObjectFirstValue: layout.emptyObjectFirstValue)
        return NibArchiveWriter(options: .preserveLayout).write(graph)
    }
}
