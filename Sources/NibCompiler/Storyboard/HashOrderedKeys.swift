#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
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
        var keys = FirstUseKeys()
        var visited = [Bool](repeating: false, count: graph.objects.count)
        // Iterative pre-order walk: (object, next entry). After numbering every conditional reference left
        // points at an archived object and is written as a plain one, so the walk descends through it.
        var stack: [(Int, Int)] = [(0, 0)]
        visited[0] = true
        while let (object, k) = stack.last {
            let entries = graph.objects[object].entries
            if k >= entries.count { stack.removeLast(); continue }
            stack[stack.count - 1].1 = k + 1
            keys.add(entries[k].key)
            if let t = entries[k].value.objectIndex, !visited[t] {
                visited[t] = true
                stack.append((t, 0))
            }
        }
        // Numbering kept only objects reachable from the root, so the walk met every key; the class table
        // is rebuilt from the same objects in the same order, as the first write would have.
        graph.layout = NibTableLayout(keys: CFHashOrder.order(keys.keys, hashes: keys.hashes, growAfterInsert: true), classes: [])
        return NibArchiveWriter(options: .preserveLayout).write(graph)
    }
}

/// The distinct keys of an archive in first-use order with their CF hashes, in an open-addressing table
/// on that hash: the hash is needed for the key order anyway, and a `Set<String>` hashed every entry's key
/// a second time (SipHash). Keys are told apart by their bytes, as the writer's key table does.
private struct FirstUseKeys {
    /// Slot → key index + 1 (0: empty); a power of two, at most half full.
    private var slots = [Int32](repeating: 0, count: 256)
    private(set) var keys: [String] = []
    private(set) var hashes: [UInt64] = []

    mutating func add(_ key: String) {
        var bytes = key
        bytes.withUTF8 { new in
            let h = CFHashOrder.asciiHash(new) ?? CFHashOrder.hash(key)
            let mask = slots.count - 1
            var slot = Int(truncatingIfNeeded: (h &* 0x9E37_79B9_7F4A_7C15) >> 40) & mask
            while slots[slot] != 0 {
                let i = Int(slots[slot] - 1)
                if hashes[i] == h, Self.sameBytes(keys[i], new) { return }
                slot = (slot + 1) & mask
            }
            slots[slot] = Int32(keys.count + 1)
            keys.append(key)
            hashes.append(h)
        }
        if keys.count * 2 > slots.count { grow() }
    }

    private static func sameBytes(_ a: String, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
        var a = a
        return a.withUTF8 { $0.count == b.count && ($0.isEmpty || memcmp($0.baseAddress!, b.baseAddress!, b.count) == 0) }
    }

    private mutating func grow() {
        slots = [Int32](repeating: 0, count: slots.count * 2)
        let mask = slots.count - 1
        for (i, h) in hashes.enumerated() {
            var slot = Int(truncatingIfNeeded: (h &* 0x9E37_79B9_7F4A_7C15) >> 40) & mask
            while slots[slot] != 0 { slot = (slot + 1) & mask }
            slots[slot] = Int32(i + 1)
        }
    }
}
