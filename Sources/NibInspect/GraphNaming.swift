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
        var text = string
        var h = value
        text.withUTF8 { bytes in
            for b in bytes { h = (h ^ UInt64(b)) &* 0x0000_0100_0000_01b3 }
        }
        value = h
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
    private var valueObjectHashes: [Int: UInt64] = [:]

    init(_ graph: NibGraph) {
        self.graph = graph
        let count = graph.objects.count
        var isValue = graph.objects.map { o in !o.entries.contains { $0.value.objectIndex.map { $0 >= 0 && $0 < count } ?? false } }
        // A parent in AppKit's object table owns objects (`ownedChildren`), so it has a name even
        // without references of its own.
        for object in graph.objects {
            guard let values = object.value(forKey: "NSObjectsValues")?.objectIndex, values >= 0, values < count else { continue }
            for e in graph.objects[values].entries {
                if let p = e.value.objectIndex, p >= 0, p < count { isValue[p] = false }
            }
        }
        isValueObject = isValue
        entryCache = Array(repeating: nil, count: count)
        treeHashes = Array(repeating: nil, count: count)
    }

    func className(_ i: Int) -> String { graph.objects[i].className }

    /// AppKit's object table: `NSObjectsKeys[i]`'s parent is `NSObjectsValues[i]`. A top-level window,
    /// menu or custom object has no containment path from the root but this one (its parent is the
    /// File's Owner), so the naming follows it as containment of a second rank: only where no archived
    /// containment path exists. Children of one parent, sorted by class and content.
    private(set) lazy var ownedChildren: [Int: [Int]] = {
        var out = [Int: [Int]]()
        for object in graph.objects {
            guard let keys = object.value(forKey: "NSObjectsKeys").flatMap(target),
                  let values = object.value(forKey: "NSObjectsValues").flatMap(target) else { continue }
            let children = graph.objects[keys].entries.filter { $0.key == "UINibEncoderEmptyKey" }.map(\.value)
            let parents = graph.objects[values].entries.filter { $0.key == "UINibEncoderEmptyKey" }.map(\.value)
            for (child, parent) in zip(children, parents) {
                guard let c = target(child), let p = target(parent), !isValueObject[c] else { continue }
                out[p, default: []].append(c)
            }
        }
        for (p, list) in out {
            out[p] = Array(Set(list)).sorted { a, b in
                if className(a) != className(b) { return className(a).utf8.lexicographicallyPrecedes(className(b).utf8) }
                if treeHash(a) != treeHash(b) { return treeHash(a) < treeHash(b) }
                return (incomingHash(a), a) < (incomingHash(b), b)
            }
        }
        return out
    }()

    /// The objects that refer to each object, with the key.
    private lazy var referrers: [[(object: Int, key: String)]] = {
        var out = [[(object: Int, key: String)]](repeating: [], count: graph.objects.count)
        for (r, object) in graph.objects.enumerated() {
            for entry in object.entries {
                if let t = target(entry.value), !isValueObject[t] { out[t].append((r, entry.key)) }
            }
        }
        return out
    }()
    private var incomingHashes: [Int: UInt64] = [:]

    /// What refers to an object: a hash of the referrers' classes, keys and contents (a collection's
    /// content not, it holds its elements in an order that means nothing here). It tells apart objects
    /// alike in content (two storyboard placeholders) by who points at them.
    func incomingHash(_ t: Int) -> UInt64 {
        if let h = incomingHashes[t] { return h }
        var parts = [UInt64]()
        for (r, key) in referrers[t] {
            let object = graph.objects[r]
            var h = StableHash()
            h.add(object.className + "." + key)
            if !object.entries.contains(where: { $0.key == "UINibEncoderEmptyKey" }) {
                h.add(combine(r) { _, target in self.treeHash(target) })
            }
            parts.append(h.value)
        }
        var h = StableHash()
        for p in parts.sorted() { h.add(p) }
        incomingHashes[t] = h.value
        return h.value
    }

    /// The index an entry refers to, when it is an in-range object reference.
    func target(_ value: NibGraphValue) -> Int? {
        guard let i = value.objectIndex, i >= 0, i < graph.objects.count else { return nil }
        return i
    }

    func isOrderedArray(_ i: Int) -> Bool {
        let cls = className(i)
        return !FoundationClasses.sets.contains(cls) && !FoundationClasses.dictionaries.contains(cls)
            && graph.objects[i].entries.contains { $0.key == "UINibEncoderEmptyKey" }
    }

    func string(_ i: Int) -> String? {
        for entry in graph.objects[i].entries where entry.key == FoundationKeys.bytes {
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
        if FoundationClasses.dictionaries.contains(cls) {
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
        let isSet = FoundationClasses.sets.contains(cls)
        for entry in raw {
            if isSet, entry.key.hasPrefix("NS.object."), entry.key.dropFirst(10).allSatisfy(\.isNumber) {
                // A set archived with numbered keys: the numbers are no order either.
                out.append(LabelledEntry(label: "[]", value: entry.value, isLink: false, position: nil))
            } else if entry.key == "UINibEncoderEmptyKey" {
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
            if let cached = valueObjectHashes[t] { return cached }
            h.add("object " + className(t))
            var parts = [UInt64]()
            for e in entries(t) {
                var p = StableHash()
                p.add(e.label)
                p.add(valueHash(e.value))
                parts.append(p.value)
            }
            for p in parts.sorted() { h.add(p) }
            valueObjectHashes[t] = h.value
            return h.value
        }
        h.addByte(value.valueType.rawValue)
        switch value {
        case .int(let v), .fixedWidthInteger(let v, _): h.add(UInt64(bitPattern: v))
        case .bool(let b): h.addByte(b ? 1 : 0)
        case .data(let bytes):
            for b in bytes { h.addByte(b) }
            h.add(UInt64(bytes.count))
        case .float, .double: h.add(GraphLeaves.text(value))  // rounded as the leaves are
        case .null, .object, .conditionalObject: break
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

    /// The content of an element: its values and containment subtree, links counted by their target's
    /// class (a view's superview or next key view does not make it another view).
    func contentHash(_ value: NibGraphValue) -> UInt64 {
        guard let t = target(value), !isValueObject[t] else { return valueHash(value) }
        return treeHash(t)
    }

    /// The identity of an element by where its links go: its content with each link named by its
    /// target's name (its hash) where `nameOf` knows it, by the target's content otherwise (an outlet differs from
    /// another by its source and destination).
    func linkHash(_ value: NibGraphValue, nameOf: (Int) -> UInt64?) -> UInt64? {
        guard let t = target(value), !isValueObject[t] else { return nil }
        return combine(t) { e, target in
            guard e.isLink else { return self.treeHash(target) }
            var h = StableHash()
            if let name = nameOf(target) { h.add("link"); h.add(name) } else { h.add("content"); h.add(self.treeHash(target)) }
            return h.value
        }
    }

    /// The values of an element's containment subtree, each hashed with its path from the element
    /// (at most `limit`): what two changed elements share, to pair an element with its likeliest
    /// counterpart.
    func fingerprints(_ value: NibGraphValue, limit: Int = 4_096) -> [UInt64: Int] {
        var out = [UInt64: Int]()
        guard let root = target(value) else { out[valueHash(value)] = 1; return out }
        var stack: [(object: Int, path: UInt64)] = [(root, 0)]
        var seen: Set<Int> = [root]
        var count = 0
        while let (o, path) = stack.popLast(), count < limit {
            for e in entries(o) {
                var h = StableHash()
                h.add(path)
                h.add(e.label)
                if let t = target(e.value), !isValueObject[t] {
                    if !e.isLink, seen.insert(t).inserted { stack.append((t, h.value)) }
                    h.add("link " + className(t))
                } else {
                    h.add(valueHash(e.value))
                }
                out[h.value, default: 0] += 1
                count += 1
            }
        }
        return out
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
/// first by identity and content (`pair`), then the unpaired ones by position, and each element is
/// named by its partner's reference position: a reordered array renames nothing, and its order is one
/// finding (`orders`).
struct GraphNaming {
    let facts: GraphFacts
    /// The name of each object (`/NSObject.UINibTopLevelObjectsKey/NSArray.[00001]`), nil when unreached.
    var names: [String?]
    /// The names in `--loose` form (`GraphLeaves.looseName`), built along.
    var looseNames: [String?]
    /// The object whose entry named each object (-1 for the root and unnamed objects).
    var namedBy: [Int]
    /// A hash of each name (nil while unnamed): what the pairing compares.
    var nameHashes: [UInt64?]
    /// Objects in naming order.
    var order: [Int] = []
    /// Each named object's place in `order`.
    var rank: [Int?]
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
        looseNames = Array(repeating: nil, count: count)
        namedBy = Array(repeating: -1, count: count)
        nameHashes = Array(repeating: nil, count: count)
        namingKey = Array(repeating: nil, count: count)
        rank = Array(repeating: nil, count: count)
        guard count > 0 else { return }
        // Link count first, then object-table edges, then depth, then the holder's place in the naming
        // order and the key (the order of the path texts, without comparing whole paths).
        // A candidate holds its holder and label, not its path: the path is built once, when it names.
        typealias Candidate = (links: Int, owned: Int, depth: Int, parent: Int, key: String, object: Int,
                               looseKey: String, holder: Int)
        var heap = MinHeap<Candidate> { a, b in
            if a.links != b.links { return a.links < b.links }
            if a.owned != b.owned { return a.owned < b.owned }
            if a.depth != b.depth { return a.depth < b.depth }
            if a.parent != b.parent { return a.parent < b.parent }
            if a.key != b.key { return a.key.utf8.lexicographicallyPrecedes(b.key.utf8) }
            return a.object < b.object
        }
        heap.push((0, 0, 0, -1, "", 0, "", -1))
        while let c = heap.pop() {
            if names[c.object] != nil { continue }
            if c.depth > maxDepth {
                tooDeep.insert(c.object)
                continue
            }
            let holderClass = c.holder < 0 ? "" : facts.className(c.holder)
            let path = c.holder < 0 ? "" : "\(names[c.holder]!)/\(holderClass).\(c.key)"
            let loosePath = c.holder < 0 ? "" : "\(looseNames[c.holder]!)/\(holderClass).\(c.looseKey)"
            pathBudget -= path.utf8.count + loosePath.utf8.count
            if pathBudget < 0 {
                truncated = true
                break
            }
            names[c.object] = path
            looseNames[c.object] = loosePath
            namedBy[c.object] = c.holder
            var nameHash = StableHash()
            nameHash.add(path)
            nameHashes[c.object] = nameHash.value
            namingKey[c.object] = c.key
            nameToObject[path] = c.object
            rank[c.object] = order.count
            order.append(c.object)
            var labels: [String]? = nil
            if let reference, facts.isOrderedArray(c.object), let r = reference.nameToObject[path],
               reference.facts.isOrderedArray(r) {
                labels = align(c.object, with: r, in: reference, path: path, key: c.key)
                elementLabels[c.object] = labels
            }
            for e in facts.entries(c.object) {
                guard let t = facts.target(e.value), !facts.isValueObject[t], names[t] == nil else { continue }
                let label = e.position.flatMap { labels?[$0] } ?? e.label
                let loose = e.position == nil ? label : GraphLeaves.looseLabel(label, heldBy: Substring(c.key))
                heap.push((c.links + (e.isLink ? 1 : 0), c.owned, c.depth + 1, order.count - 1, label, t, loose, c.object))
            }
            if let owned = facts.ownedChildren[c.object] {
                var positions = Array(owned.indices)
                if let reference, let r = reference.nameToObject[path], let theirs = reference.facts.ownedChildren[r] {
                    positions = Self.pair(owned.map { .object($0) }, facts, { [nameHashes] in nameHashes[$0] },
                                          with: theirs.map { .object($0) }, reference.facts, reference.names(before: r)).partner
                }
                for (k, t) in owned.enumerated() where names[t] == nil {
                    let label = "(owns)" + GraphLeaves.indexLabel(positions[k])
                    heap.push((c.links, c.owned + 1, c.depth + 1, order.count - 1, label, t, "(owns)[]", c.object))
                }
            }
        }
        // Anything still queued deeper than the limit is reported, not named.
        for (i, name) in names.enumerated() where name != nil { tooDeep.remove(i) }
    }

    /// The names as they stood when `object` was named (what the other graph's naming knows at that
    /// point, so both sides pair elements on the same facts).
    func names(before object: Int) -> (Int) -> UInt64? {
        let limit = rank[object] ?? Int.max
        return { [nameHashes, rank] t in (rank[t] ?? Int.max) < limit ? nameHashes[t] : nil }
    }

    /// Labels for the elements of `array` (this graph) paired with those of `ref` (the reference).
    private mutating func align(_ array: Int, with ref: Int, in reference: GraphNaming, path: String, key: String) -> [String] {
        let mine = facts.entries(array).filter { $0.position != nil }.sorted { $0.position! < $1.position! }
        let theirs = reference.facts.entries(ref).filter { $0.position != nil }.sorted { $0.position! < $1.position! }
        let (partner, paired) = Self.pair(mine.map(\.value), facts, { [nameHashes] in nameHashes[$0] },
                                          with: theirs.map(\.value), reference.facts, reference.names(before: ref))
        if paired.count >= 2 {
            pairedArrays.append(array)
            pairedReferenceArrays.append(ref)
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
        return partner.map { GraphLeaves.indexLabel($0) }
    }

    /// Pairs the elements `mine` (of `facts`, named so far by `names`) with `theirs` (of the reference,
    /// named as it stood at the same point), in passes, each pairing in order what the previous left: the same object (an
    /// entry of an object list: both already named alike), the same links (a connection: same class,
    /// values and named source and destination), the same content; then the unpaired ones (changed
    /// elements) take the free reference positions in order, and extras new positions past the end.
    /// Returns each element's reference position, and the positions of the elements paired by identity
    /// or content in `mine`'s order.
    static func pair(_ mine: [NibGraphValue], _ facts: GraphFacts, _ names: @escaping (Int) -> UInt64?, with theirs: [NibGraphValue],
                     _ referenceFacts: GraphFacts, _ referenceNames: @escaping (Int) -> UInt64?) -> (partner: [Int], paired: [Int]) {
        var partner = [Int?](repeating: nil, count: mine.count)
        var taken = [Bool](repeating: false, count: theirs.count)
        func pass<K: Hashable>(_ key: (NibGraphValue, GraphFacts, (Int) -> UInt64?) -> K?) {
            var byKey = [K: [Int]]()
            for k in theirs.indices.reversed() where !taken[k] {
                if let x = key(theirs[k], referenceFacts, referenceNames) { byKey[x, default: []].append(k) }
            }
            guard !byKey.isEmpty else { return }
            for j in mine.indices where partner[j] == nil {
                if let x = key(mine[j], facts, names), let k = byKey[x]?.popLast() {
                    partner[j] = k
                    taken[k] = true
                }
            }
        }
        pass { v, f, n in f.target(v).flatMap { f.isValueObject[$0] ? nil : n($0) } }
        pass { v, f, n in f.linkHash(v, nameOf: n) }
        pass { v, f, _ in f.contentHash(v) }
        // Changed elements: the most alike of one class first (a reordered, slightly changed list still
        // pairs each element with its counterpart), within a bound on the work.
        let openMine = mine.indices.filter { partner[$0] == nil }, openTheirs = theirs.indices.filter { !taken[$0] }
        if !openMine.isEmpty, !openTheirs.isEmpty, openMine.count * openTheirs.count <= 4_096 {
            let a = openMine.map { facts.fingerprints(mine[$0]) }, b = openTheirs.map { referenceFacts.fingerprints(theirs[$0]) }
            func cls(_ v: NibGraphValue, _ f: GraphFacts) -> String? { f.target(v).map(f.className) }
            var candidates = [(shared: Int, j: Int, k: Int)]()
            for (x, j) in openMine.enumerated() {
                for (y, k) in openTheirs.enumerated() where cls(mine[j], facts) == cls(theirs[k], referenceFacts) {
                    var shared = 0
                    for (h, n) in a[x] { shared += min(n, b[y][h] ?? 0) }
                    if shared > 0 { candidates.append((shared, j, k)) }
                }
            }
            candidates.sort { ($0.shared, -$0.j, -$0.k) > ($1.shared, -$1.j, -$1.k) }
            for c in candidates where partner[c.j] == nil && !taken[c.k] {
                partner[c.j] = c.k
                taken[c.k] = true
            }
        }
        var paired = [Int]()
        for p in partner { if let p { paired.append(p) } }
        var free = (0..<theirs.count).filter { !taken[$0] }.makeIterator()
        var next = theirs.count
        for j in mine.indices where partner[j] == nil {
            if let k = free.next() { partner[j] = k } else { partner[j] = next; next += 1 }
        }
        return (partner.map { $0! }, paired)
    }
}
