import NibArchive

/// One leaf of a graph as a loader sees it: a value of a named object, under a key.
public struct GraphLeaf: Hashable, Sendable, CustomStringConvertible {
    /// The tree path of the object holding the value (`/NSObject.UINibTopLevelObjectsKey/NSArray.[00001]`;
    /// empty for the root).
    public var object: String
    /// That object's class.
    public var objectClass: String
    /// The key, extended through value objects (`UIText/NSString.NS.bytes`), `[00002]` for an array
    /// element, `{name}` for a dictionary value, `(order)` for an array's order.
    public var key: String
    /// The value type name (`int8`, `double`, `data`, …), `ref` for a reference to a named object,
    /// `order` / `order-indifferent` for an array's order, `depth-limit` or `truncated`.
    public var type: String
    /// The value as text (`path@Class` for `ref`, `in order` or the other order for `order`).
    public var value: String

    /// `/NSObject.UINibObjectsKey/NSArray.[00002]/UILabel.UIText/NSString.NS.bytes` style path.
    public var path: String { objectClass.isEmpty ? key : "\(object)/\(objectClass).\(key)" }

    public var description: String { "\(path) \(type) \(value)" }
}

/// Flattens a graph into leaves, the definition behind `nibc diff` and every fidelity score.
///
/// Objects are named by their place in the tree (`GraphNaming`, `GraphKeyRoles`): the cheapest path from
/// the root where containment keys cost 1 and links (connections, object lists, back-links, constraint
/// items, targets, delegates, …) cost more than any containment path. So a different order of the
/// connection list, of the object table or of a key-view loop renames nothing. Each named object gives
/// one leaf per value; objects without references (strings, numbers, data) are expanded wherever they are
/// referenced, so sharing them or not does not matter; a reference to another named object is a `ref`
/// leaf naming it, unless that reference is the one that names it. Array entries keep their index, set
/// entries do not, dictionary values are named by their key's string. In a comparison (`NibDiff`), an
/// ordered array that shares two or more elements with the reference's array of the same name has one
/// `(order)` leaf on each side. Floating-point values are rounded to 4 decimals. A data value that is itself
/// a NIBArchive (a prototype cell's nib) gives the leaves of its own graph, named below the value's path
/// (`NestedArchives`), not one leaf of bytes.
public enum GraphLeaves {

    /// Deepest containment path named by default; real nibs stay far below this.
    public static let defaultMaxDepth = 1_000
    /// Most characters of names and leaf paths produced before a walk stops (a hostile graph could
    /// otherwise ask for gigabytes of path text).
    public static let defaultPathBudget = 256 << 20

    /// The value of an `(order)` leaf whose array stands as in the reference.
    public static let inOrder = "in order"

    /// The leaves of `graph`, in naming order. An object deeper than `maxDepth` becomes one `depth-limit`
    /// leaf where it is referenced; past `pathBudget` characters the walk stops with a final `truncated` leaf.
    public static func leaves(_ graph: NibGraph, maxDepth: Int = defaultMaxDepth,
                              pathBudget: Int = defaultPathBudget) -> [GraphLeaf] {
        var budget = pathBudget
        return NestedArchives.standaloneLeaves(graph, loose: false, maxDepth: maxDepth, pathBudget: &budget,
                                               originalBudget: pathBudget, nestingLeft: NestedArchives.maxNesting)
    }

    /// The tree-path name of each object of `graph` (nil when the root does not reach it), as `nibc diff`
    /// names it.
    public static func objectNames(_ graph: NibGraph, maxDepth: Int = defaultMaxDepth) -> [String?] {
        var budget = defaultPathBudget
        return GraphNaming(GraphFacts(graph), maxDepth: maxDepth, pathBudget: &budget).names
    }

    static func indexLabel(_ position: Int) -> String { "[" + String(position).leftPadded(5) + "]" }

    /// The leaves of a named graph; the arrays in `orderLeaves` get an `(order)` leaf.
    /// `loose` gives the leaves in `loosen`ed form, without the order of arrays a loader reads in any order.
    /// Data values that are themselves NIBArchives go to `nested` instead of becoming hex leaves, when it is given.
    static func leaves(of naming: GraphNaming, orderLeaves: Set<Int>, loose: Bool = false, pathBudget budget: inout Int,
                       originalBudget: Int, nested: NestedArchives? = nil) -> [GraphLeaf] {
        let facts = naming.facts
        var out = [GraphLeaf]()
        func truncated() -> [GraphLeaf] {
            out.append(GraphLeaf(object: "", objectClass: "", key: "", type: "truncated",
                                 value: "text budget of \(originalBudget) characters (paths and values) exhausted"))
            return out
        }
        if naming.truncated { return truncated() }
        for i in naming.order {
            let name = loose ? naming.looseNames[i]! : naming.names[i]!
            let cls = facts.className(i)
            let labels = naming.elementLabels[i]
            let heldBy = naming.namingKey[i].map { Substring($0) }
            for e in facts.entries(i) {
                var key = e.position.flatMap { labels?[$0] } ?? e.label
                if loose, e.position != nil { key = looseLabel(key, heldBy: heldBy) }
                budget -= name.utf8.count + key.utf8.count + cls.utf8.count + 2
                if budget < 0 { return truncated() }
                guard let t = facts.target(e.value) else {
                    if let nested, nested.collect(e.value, object: name, objectClass: cls, key: key, budget: &budget) {
                        if budget < 0 { return truncated() }
                        continue
                    }
                    // Values count against the budget too: data leaves can be megabytes of hex.
                    let value = text(e.value)
                    budget -= value.utf8.count
                    if budget < 0 { return truncated() }
                    out.append(GraphLeaf(object: name, objectClass: cls, key: key, type: e.value.valueType.description, value: value))
                    continue
                }
                if facts.isValueObject[t] {
                    let first = out.count
                    // A shared string is expanded at every reference to it, so each expansion is charged.
                    if !expand(t, object: name, objectClass: cls, key: key, facts: facts, budget: &budget, into: &out, nested: nested) {
                        return truncated()
                    }
                    if loose, GraphKeyRoles.randomUUIDKeys.contains(key) { markRandomUUIDs(&out[first...]) }
                    continue
                }
                if let target = naming.names[t] {
                    // Not the reference that names it (same holder, same label).
                    let names = naming.namedBy[t] == i && naming.namingKey[t] == (e.position.flatMap { labels?[$0] } ?? e.label)
                    if !names {
                        out.append(GraphLeaf(object: name, objectClass: cls, key: key, type: "ref",
                                             value: loose ? facts.className(t) : target + "@" + facts.className(t)))
                    }
                } else if naming.tooDeep.contains(t) {
                    out.append(GraphLeaf(object: name, objectClass: cls, key: key, type: "depth-limit", value: facts.className(t)))
                }
            }
            if orderLeaves.contains(i) {
                let indifferent = GraphKeyRoles.orderIndifferentKeys.contains(naming.namingKey[i] ?? "")
                if loose && indifferent { continue }
                let value = naming.orders[i].map { $0.other.joined(separator: ", ") } ?? inOrder
                out.append(GraphLeaf(object: name, objectClass: cls, key: "(order)", type: indifferent ? "order-indifferent" : "order", value: value))
            }
        }
        return out
    }

    /// Loose form of a value drawn at random (`GraphKeyRoles.randomUUIDKeys`): a UUID's text (a data leaf,
    /// in hex) becomes `random UUID`, so that any two UUIDs match.
    private static func markRandomUUIDs(_ leaves: inout ArraySlice<GraphLeaf>) {
        for i in leaves.indices where leaves[i].type == "data" && leaves[i].value.utf8.count == 72 {
            let hex = Array(leaves[i].value.utf8)
            func nibble(_ c: UInt8) -> UInt8 { c <= 0x39 ? c - 0x30 : c - 0x57 }
            let bytes = (0..<36).map { nibble(hex[2 * $0]) << 4 | nibble(hex[2 * $0 + 1]) }
            if GraphKeyRoles.isUUIDText(bytes) { leaves[i].value = "random UUID" }
        }
    }

    /// The leaves of a value object (no references) under `key`, one per entry; false when they exhaust
    /// `budget` (characters of keys and values).
    static func expand(_ i: Int, object: String, objectClass: String, key: String, facts: GraphFacts,
                       budget: inout Int, into out: inout [GraphLeaf], nested: NestedArchives? = nil) -> Bool {
        let cls = facts.className(i)
        for e in facts.entries(i) {
            let entryKey = "\(key)/\(cls).\(e.label)"
            if let nested, nested.collect(e.value, object: object, objectClass: objectClass, key: entryKey, budget: &budget) {
                if budget < 0 { return false }
                continue
            }
            let value = text(e.value)
            budget -= value.utf8.count + entryKey.utf8.count
            if budget < 0 { return false }
            out.append(GraphLeaf(object: object, objectClass: objectClass, key: entryKey,
                                 type: e.value.valueType.description, value: value))
        }
        return true
    }

    static func text(_ value: NibGraphValue) -> String {
        switch value {
        case .int(let v), .fixedWidthInteger(let v, _): return String(v)
        case .bool(let b): return b ? "True" : "False"
        case .float(let f): return rounded(Double(f))
        case .double(let d): return rounded(d)
        case .null: return "None"
        case .data(let bytes): return hex(bytes)
        case .object(let i), .conditionalObject(let i): return "#\(i)"
        }
    }

    static func hex(_ bytes: [UInt8]) -> String {
        let digits = Array("0123456789abcdef".utf8)
        return String(unsafeUninitializedCapacity: bytes.count * 2) { buffer in
            for (i, b) in bytes.enumerated() {
                buffer[2 * i] = digits[Int(b >> 4)]
                buffer[2 * i + 1] = digits[Int(b & 15)]
            }
            return bytes.count * 2
        }
    }

    static func rounded(_ x: Double) -> String {
        guard x.isFinite else { return String(x) }
        let r = (x * 10_000).rounded() / 10_000
        return String(r == 0 ? 0 : r)
    }

    /// The loose form of a leaf: references reduced to their target's class, and the positions dropped
    /// from the names of elements of arrays a loader reads in any order (connections, object lists,
    /// constraints; `GraphKeyRoles.orderIndifferentKeys`) and of AppKit's object-table children. Other
    /// elements keep their position, which the pairing with the reference made independent of order.
    public static func loosen(_ leaf: GraphLeaf) -> GraphLeaf {
        loosen([leaf])[0]
    }

    /// `loosen` over many leaves, converting each object path once.
    public static func loosen(_ leaves: [GraphLeaf]) -> [GraphLeaf] {
        var objects = [String: (name: String, lastKey: Substring?)]()
        return leaves.map { leaf in
            var value = leaf.value
            if leaf.type == "ref", let at = value.lastIndex(of: "@") { value = String(value[value.index(after: at)...]) }
            let object: (name: String, lastKey: Substring?)
            if let known = objects[leaf.object] {
                object = known
            } else {
                object = (looseName(leaf.object), leaf.object.split(separator: "/").last.map(segmentKey))
                objects[leaf.object] = object
            }
            var key = leaf.key
            if key.hasPrefix("[") || key.hasPrefix("(owns)[") {
                let end = key.firstIndex(of: "/") ?? key.endIndex
                key = looseLabel(String(key[..<end]), heldBy: object.lastKey) + key[end...]
            }
            return GraphLeaf(object: object.name, objectClass: leaf.objectClass, key: key, type: leaf.type, value: value)
        }
    }

    /// A tree path in loose form (see `loosen`).
    public static func looseName(_ path: String) -> String {
        guard path.contains("[") else { return path }
        var out = [String]()
        var previousKey: Substring? = nil
        for segment in path.split(separator: "/", omittingEmptySubsequences: false) {
            let key = segmentKey(segment)
            if let dot = segment.firstIndex(of: "."), key.hasPrefix("[") || key.hasPrefix("(owns)[") {
                out.append(segment[..<dot] + "." + looseLabel(String(key), heldBy: previousKey))
            } else {
                out.append(String(segment))
            }
            previousKey = key
        }
        return out.joined(separator: "/")
    }

    /// The key part of a `Class.key` path segment (class names have no dot).
    static func segmentKey(_ segment: Substring) -> Substring {
        guard let dot = segment.firstIndex(of: ".") else { return segment }
        return segment[segment.index(after: dot)...]
    }

    static func looseLabel(_ label: String, heldBy key: Substring?) -> String {
        if label.hasPrefix("(owns)[") { return "(owns)[]" }
        guard let key, GraphKeyRoles.orderIndifferentKeys.contains(String(key)),
              label.first == "[", label.last == "]", label.dropFirst().dropLast().allSatisfy(\.isNumber) else { return label }
        return "[]"
    }
}
