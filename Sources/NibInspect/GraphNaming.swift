import NibArchive

/// One entry of an object as the diff sees it: array elements labelled `[00003]` (ordered) or `[]`
/// (sets), dictionary values labelled `{key}`, other keys as archived.
struct LabelledEntry {
    var label: String
    var value: NibGraphValue
    /// The reference points up or across the tree (`GraphKeyRoles`), so it never names its target.
    var isLink: Bool
    /// The position among the elements of an ordered array, nil for any other entry.
    var position: Int?
}

/// A deterministic 64-bit FNV-1a hash (Swift's `Hasher` is seeded per process; matching must not be).
struct StableHash {
    private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

    mutating func addByte(_ byte: UInt8) {
        value = (value ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
    }
    mutating func add(_ string: String) {
        for b in string.utf8 { addByte(b) }
        addByte(0xff)
    }
    mutating func add(_ word: UInt64) {
        var w = word
        for _ in 0..<8 { addByte(UInt8(truncatingIfNeeded: w)); w >>= 8 }
    }
}

/// The per-graph facts the naming and the leaves need: labelled entries, which objects are plain values
/// (no references: strings, numbers, data), and content hashes used to pair array elements.
final class GraphFacts {
    let graph: NibGraph
    let isValueObject: [Bool]
    private var entryCache: [[LabelledEntry]?]
    private var treeHashes: [UInt64?]

    init(_ graph: NibGraph) {
        self.graph = graph
        let count = graph.objects.count
        isValueObject = graph.objects.map { o in !o.entries.contains { $0.value.objectIndex.map { $0 >= 0 && $0 < count } ?? false } }
        entryCache = Array(repeating: nil, count: count)
        treeHashes = Array(repeating: nil, count: count)
    }

    func className(_ i: Int) -> String { graph.objects[i].className }

    /// The index an entry refers to, when it is an in-range object reference.
    func target(_ value: NibGraphValue) -> Int? {
        guard let i = value.objectIndex, i >= 0, i < graph.objects.count else { return nil }
        return i
    }

    func isOrderedArray(_ i: Int) -> Bool {
        let cls = className(i)
        return !GraphLeaves.setClasses.contains(cls) && !GraphLeaves.dictionaryClasses.contains(cls)
            && graph.objects[i].entries.contains { $0.key == "UINibEncoderEmptyKey" }
    }

    func string(_ i: Int) -> String? {
        for entry in graph.objects[i].entries where entry.key == "NS.bytes" {
            if case .data(let bytes) = entry.value { return String(decoding: bytes, as: UTF8.self) }
        }
        return nil
    }

    /// The labelled entries of object `i`, sorted by label (stable, so array elements keep their order).
    func entries(_ i: Int) -> [LabelledEntry] {
        if let cached = entryCache[i] { return cached }
        let object = graph.objects[i]
        let cls = object.className
        var out = [LabelledEntry]()
        var raw = object.entries
        if GraphLeaves.dictionaryClasses.contains(cls) {
            let elements = raw.filter { $0.key == "UINibEncoderEmptyKey" }.map(\.value)
            raw.removeAll { $0.key == "UINibEncoderEmptyKey" }
            var k = 0
            while k + 1 < elements.count {
                let label = target(elements[k]).flatMap(string)
                out.append(LabelledEntry(label: "{\(label ?? "#\(k / 2)")}", value: elements[k + 1], isLink: false, position: nil))
                k += 2
            }
        }
        var position = 0
        let isSet = GraphLeaves.setClasses.contains(cls)
        for entry in raw {
            if entry.key == "UINibEncoderEmptyKey" {
                if isSet {
                    out.append(LabelledEntry(label: "[]", value: entry.value, isLink: false, position: nil))
                } else {
                    out.append(LabelledEntry(label: GraphLeaves.indexLabel(position), value: entry.value, isLink: false, position: position))
                }
                position += 1
            } else {
                out.append(LabelledEntry(label: entry.key, value: entry.value,
                                         isLink: GraphKeyRoles.isLink(key: entry.key, className: cls), position: nil))
            }
        }
        let sorted = out.enumerated().sorted { a, b in
            a.element.label != b.element.label
                ? a.element.label.utf8.lexicographicallyPrecedes(b.element.label.utf8) : a.offset < b.offset
        }.map(\.element)
        entryCache[i] = sorted
        return sorted
    }

    /// The hash of a value that is not a reference to a non-value object.
    func valueHash(_ value: NibGraphValue) -> UInt64 {
        var h = StableHash()
        if let t = target(value) {
            h.add("object " + className(t))
            var parts = [UInt64]()
            for e in entries(t) {
                var p = StableHash()
                p.add(e.label)
                p.add(valueHash(e.value))
                parts.append(p.value)
            }
            for p in parts.sorted() { h.add(p) }
        } else {
            h.add(value.valueType.description)
            h.add(GraphLeaves.text(value))
        }
        return h.value
    }

    /// A hash of everything below object `i` through containment (links count by their target's class):
    /// equal for equal subtrees whatever their place in the tables. Iterative, so deep graphs are safe.
    func treeHash(_ root: Int) -> UInt64 {
        if let h = treeHashes[root] { return h }
        var inProgress = Set<Int>([root])
        var stack: [(object: Int, next: Int)] = [(root, 0)]
        while let top = stack.last {
            let entries = entries(top.object)
            if top.next < entries.count {
                stack[stack.count - 1].next += 1
                let e = entries[top.next]
                if !e.isLink, let t = target(e.value), !isValueObject[t], treeHashes[t] == nil, !inProgress.contains(t) {
                    inProgress.insert(t)
                    stack.append((t, 0))
                }
                continue
            }
            stack.removeLast()
            inProgress.remove(top.object)
            treeHashes[top.object] = combine(top.object) { e, t in
                if e.isLink { var h = StableHash(); h.add("link " + self.className(t)); return h.value }
                // A containment cycle (not in real nibs) counts by class.
                return self.treeHashes[t] ?? { var h = StableHash(); h.add("cycle " + self.className(t)); return h.value }()
            }
        }
        return treeHashes[root]!
    }

    /// The hash that pairs array elements across two graphs: the element's content, its containment
    /// subtree, and the subtrees its links point at (an outlet differs from another by its source).
    func elementHash(_ value: NibGraphValue) -> UInt64 {
        guard let t = target(value), !isValueObject[t] else { return valueHash(value) }
        return combine(t) { _, target in self.treeHash(target) }
    }

    private func combine(_ i: Int, reference: (LabelledEntry, Int) -> UInt64) -> UInt64 {
        var parts = [UInt64]()
        for e in entries(i) {
            var p = StableHash()
            p.add(e.label)
            if let t = target(e.value), !isValueObject[t] { p.add(reference(e, t)) } else { p.add(valueHash(e.value)) }
            parts.append(p.value)
        }
        var h = StableHash()
        h.add(className(i))
        for p in parts.sorted() { h.add(p) }
        return h.value
    }
}

/// A binary min-heap.
struct MinHeap<Element> {
    private var items: [Element] = []
    let less: (Element, Element) -> Bool
    init(less: @escaping (Element, Element) -> Bool) { self.less = less }
    var isEmpty: Bool { items.isEmpty }

    mutating func push(_ x: Element) {
        items.append(x)
        var i = items.count - 1
        while i > 0 {
            let p = (i - 1) / 2
            guard less(items[i], items[p]) else { break }
            items.swapAt(i, p)
            i = p
        }
    }

    mutating func pop() -> Element? {
        guard !items.isEmpty else { return nil }
        items.swapAt(0, items.count - 1)
        let top = items.removeLast()
        var i = 0
        while true {
            let l = 2 * i + 1, r = l + 1
            var m = i
            if l < items.count, less(items[l], items[m]) { m = l }
            if r < items.count, less(items[r], items[m]) { m = r }
            if m == i { break }
            items.swapAt(i, m)
            i = m
        }
        return top
    }
}

/// How two ordered arrays at the same name differ in order: the reference's elements as they stand,
/// and the other's, each element labelled by its reference position.
public struct OrderDifference: Sendable, Equatable {
    /// The array's tree path.
    public var path: String
    /// The array's class.
    public var className: String
    /// The key that holds the array (`UISubviews`, `UINibConnectionsKey`, …).
    public var key: String
    /// Elements in the reference's order (`[00002] UILabel`).
    public var reference: [String]
    /// The same elements in the other graph's order.
    public var other: [String]
    /// The loader reads this array in any order (`GraphKeyRoles.orderIndifferentKeys`).
    public var loaderIndifferent: Bool
}

/// Names every object of a graph by its place in the tree (see `GraphKeyRoles`): the cheapest path from
/// the root, where a link costs more than any containment path, ties broken by the path text.
///
/// Given a reference naming, the elements of an array that has the same name in both graphs are paired
/// first by content (`GraphFacts.elementHash`), then the unpaired ones by position, and each element is
/// named by its partner's reference position: a reordered array renames nothing, and its order is one
/// finding (`orders`).
struct GraphNaming {
    let facts: GraphFacts
    /// The name of each object (`/NSObject.UINibTopLevelObjectsKey/NSArray.[00001]`), nil when unreached.
    var names: [String?]
    /// Objects in naming order.
    var order: [Int] = []
    /// The key and the holder's class by which each object was named.
    var namingKey: [String?]
    /// Labels given to the elements of ordered arrays (by position) when they differ from the position.
    var elementLabels: [Int: [String]] = [:]
    /// Arrays whose paired elements stand in another order than in the reference.
    var orders: [Int: OrderDifference] = [:]
    /// Arrays of this graph with two or more elements paired by content with a reference array, and
    /// those reference arrays: each pair has one `(order)` leaf on both sides.
    var pairedArrays: [Int] = []
    var pairedReferenceArrays: [Int] = []
    /// Objects past the depth limit that a named object refers to.
    var tooDeep = Set<Int>()
    /// True when the naming stopped on the path budget.
    var truncated = false
    var nameToObject: [String: Int] = [:]

    init(_ facts: GraphFacts, reference: GraphNaming? = nil, maxDepth: Int, pathBudget: inout Int) {
        self.facts = facts
        let count = facts.graph.objects.count
        names = Array(repeating: nil, count: count)
        namingKey = Array(repeating: nil, count: count)
        guard count > 0 else { return }
        // Link count first, then depth, then the path text.
        typealias Candidate = (links: Int, depth: Int, path: String, object: Int, key: String)
        var heap = MinHeap<Candidate> { a, b in
            if a.links != b.links { return a.links < b.links }
            if a.depth != b.depth { return a.depth < b.depth }
            if a.path != b.path { return a.path.utf8.lexicographicallyPrecedes(b.path.utf8) }
            return a.object < b.object
        }
        heap.push((0, 0, "", 0, ""))
        while let c = heap.pop() {
            if names[c.object] != nil { continue }
            if c.depth > maxDepth {
                tooDeep.insert(c.object)
                continue
            }
            pathBudget -= c.path.utf8.count
            if pathBudget < 0 {
                truncated = true
                break
            }
            names[c.object] = c.path
            namingKey[c.object] = c.key
            nameToObject[c.path] = c.object
            order.append(c.object)
            let cls = facts.className(c.object)
            var labels: [String]? = nil
            if let reference, facts.isOrderedArray(c.object), let r = reference.nameToObject[c.path],
               reference.facts.isOrderedArray(r) {
                labels = align(c.object, with: r, in: reference, path: c.path, key: c.key)
                elementLabels[c.object] = labels
            }
            for e in facts.entries(c.object) {
                guard let t = facts.target(e.value), !facts.isValueObject[t], names[t] == nil else { continue }
                let label = e.position.flatMap { labels?[$0] } ?? e.label
                heap.push((c.links + (e.isLink ? 1 : 0), c.depth + 1, "\(c.path)/\(cls).\(label)", t, label))
            }
        }
        // Anything still queued deeper than the limit is reported, not named.
        for (i, name) in names.enumerated() where name != nil { tooDeep.remove(i) }
    }

    /// Labels for the elements of `array` (this graph) paired with those of `ref` (the reference).
    private mutating func align(_ array: Int, with ref: Int, in reference: GraphNaming, path: String, key: String) -> [String] {
        let mine = facts.entries(array).filter { $0.position != nil }.sorted { $0.position! < $1.position! }
        let theirs = reference.facts.entries(ref).filter { $0.position != nil }.sorted { $0.position! < $1.position! }
        var byHash = [UInt64: [Int]]()
        for (k, e) in theirs.enumerated().reversed() { byHash[reference.facts.elementHash(e.value), default: []].append(k) }
        var partner = [Int?](repeating: nil, count: mine.count)
        var taken = [Bool](repeating: false, count: theirs.count)
        for (j, e) in mine.enumerated() {
            let h = facts.elementHash(e.value)
            if let k = byHash[h]?.popLast() {
                partner[j] = k
                taken[k] = true
            }
        }
        let paired = partner.compactMap { $0 }
        if paired.count >= 2 {
            pairedArrays.append(array)
            pairedReferenceArrays.append(ref)
        }
        // Unpaired elements (changed ones) take the free reference positions in order; extras get new ones.
        var free = (0..<theirs.count).filter { !taken[$0] }.makeIterator()
        var next = theirs.count
        for j in mine.indices where partner[j] == nil {
            if let k = free.next() { partner[j] = k } else { partner[j] = next; next += 1 }
        }
        if paired != paired.sorted() {
            func describe(_ k: Int) -> String {
                let e = theirs[k]
                if let t = reference.facts.target(e.value) { return "\(e.label) \(reference.facts.className(t))" }
                return "\(e.label) \(GraphLeaves.text(e.value))"
            }
            orders[array] = OrderDifference(path: path, className: facts.className(array), key: key,
                                            reference: paired.sorted().map(describe), other: paired.map(describe),
                                            loaderIndifferent: GraphKeyRoles.orderIndifferentKeys.contains(key))
        }
        return partner.map { GraphLeaves.indexLabel($0!) }
    }
}
