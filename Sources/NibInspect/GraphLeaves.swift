import NibArchive

/// One leaf of a graph as a loader sees it: the path of keys from the root, the value type and the value.
public struct GraphLeaf: Hashable, Sendable, CustomStringConvertible {
    /// `/NSObject.UINibObjectsKey/NSArray.[00002]/UILabel.UIText/NSString.NS.bytes` style path.
    public var path: String
    /// The value type name (`int8`, `double`, `data`, …) or `ref` for a repeated reference.
    public var type: String
    /// The value as text (a canonical path for `ref`).
    public var value: String

    public var description: String { "\(path) \(type) \(value)" }
}

/// Flattens a graph into leaves, the definition behind `nibc diff` (the same as
/// `shared/tools/nibcheck.py`, so their scores agree).
///
/// Objects without references (strings, numbers, data) are expanded wherever they are referenced, so
/// sharing them or not does not matter. Every other object is expanded once, at the first path that
/// reaches it in a depth-first walk taking keys in sorted order; later references become `ref` leaves
/// naming that path. Array entries keep their index, set entries do not, dictionary values are named
/// by their key's string. Floating-point values are rounded to 4 decimals.
public enum GraphLeaves {
    static let setClasses: Set<String> = ["NSSet", "NSMutableSet", "NSCountedSet"]
    static let dictionaryClasses: Set<String> = ["NSDictionary", "NSMutableDictionary"]

    /// Deepest nesting followed by default. Paths grow with depth, so the cost of a walk grows with the
    /// square of the depth; real nibs stay far below this.
    public static let defaultMaxDepth = 1_000
    /// Most characters of leaf paths and values produced before a walk stops (a hostile graph could
    /// otherwise ask for gigabytes of text: paths grow with depth, and a string object is expanded at every
    /// reference to it).
    public static let defaultPathBudget = 256 << 20

    /// The leaves of `graph`, in walk order. Deeper than `maxDepth` an object becomes one `depth-limit`
    /// leaf; past `pathBudget` characters of paths and values the walk stops with a final `truncated` leaf.
    public static func leaves(_ graph: NibGraph, maxDepth: Int = defaultMaxDepth,
                              pathBudget: Int = defaultPathBudget) -> [GraphLeaf] {
        let objects = graph.objects
        guard !objects.isEmpty else { return [] }
        var out = [GraphLeaf]()
        var canonical = [String?](repeating: nil, count: objects.count)
        let isLeafObject = objects.map { o in !o.entries.contains { $0.value.objectIndex != nil } }

        struct Frame {
            var entries: [(key: String, value: NibGraphValue)]
            var next: Int
            var path: String
            var className: String
        }
        var stack = [Frame]()

        func stringOf(_ index: Int) -> String? {
            for entry in objects[index].entries where entry.key == "NS.bytes" {
                if case .data(let bytes) = entry.value { return String(decoding: bytes, as: UTF8.self) }
            }
            return nil
        }

        var budget = pathBudget
        func visit(_ index: Int, path: String) {
            let object = objects[index]
            let cls = object.className
            if let canon = canonical[index], !isLeafObject[index] {
                budget -= canon.utf8.count
                out.append(GraphLeaf(path: path, type: "ref", value: canon))
                return
            }
            canonical[index] = path + "@" + cls
            if stack.count >= maxDepth {
                out.append(GraphLeaf(path: path, type: "depth-limit", value: cls))
                return
            }
            var entries = [(key: String, value: NibGraphValue)]()
            var raw = object.entries
            if dictionaryClasses.contains(cls) {
                let elements = raw.filter { $0.key == "UINibEncoderEmptyKey" }.map(\.value)
                raw.removeAll { $0.key == "UINibEncoderEmptyKey" }
                var i = 0
                while i + 1 < elements.count {
                    var label: String? = nil
                    if case .object(let k) = elements[i] { label = stringOf(k) }
                    entries.append(("{\(label ?? "#\(i / 2)")}", elements[i + 1]))
                    i += 2
                }
            }
            var position = 0
            for entry in raw {
                var key = entry.key
                if key == "UINibEncoderEmptyKey" {
                    key = setClasses.contains(cls) ? "[]" : "[" + String(position).leftPadded(5) + "]"
                    position += 1
                }
                entries.append((key, entry.value))
            }
            // Stable sort by key, like Python's sort with a key function.
            let sorted = entries.enumerated().sorted { a, b in
                a.element.key != b.element.key ? a.element.key.utf8.lexicographicallyPrecedes(b.element.key.utf8) : a.offset < b.offset
            }.map(\.element)
            stack.append(Frame(entries: sorted, next: 0, path: path, className: cls))
        }

        visit(0, path: "")
        while !stack.isEmpty {
            if budget < 0 {
                out.append(GraphLeaf(path: "", type: "truncated", value: "text budget of \(pathBudget) characters (paths and values) exhausted"))
                break
            }
            let top = stack.count - 1
            if stack[top].next >= stack[top].entries.count {
                stack.removeLast()
                continue
            }
            let (key, value) = stack[top].entries[stack[top].next]
            stack[top].next += 1
            let p = "\(stack[top].path)/\(stack[top].className).\(key)"
            budget -= p.utf8.count
            switch value {
            case .object(let target), .conditionalObject(let target):
                visit(target, path: p)
            default:
                let t = text(value)
                budget -= t.utf8.count
                out.append(GraphLeaf(path: p, type: value.valueType.description, value: t))
            }
        }
        return out
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

    /// Lower-case hex of `bytes`, built in one buffer (data leaves can be megabytes).
    static func hex(_ bytes: [UInt8]) -> String {
        let digits = Array("0123456789abcdef".utf8)
        return String(unsafeUninitializedCapacity: 2 * bytes.count) { buffer in
            for (i, b) in bytes.enumerated() {
                buffer[2 * i] = digits[Int(b >> 4)]
                buffer[2 * i + 1] = digits[Int(b & 0x0F)]
            }
            return 2 * bytes.count
        }
    }

    static func rounded(_ x: Double) -> String {
        guard x.isFinite else { return String(x) }
        let r = (x * 10_000).rounded() / 10_000
        return String(r == 0 ? 0 : r)
    }

    /// The order-blind form of a leaf: array positions dropped, references reduced to their class.
    public static func loosen(_ leaf: GraphLeaf) -> GraphLeaf {
        var path = ""
        var i = leaf.path.startIndex
        let p = leaf.path
        while i < p.endIndex {
            if p[i] == "[", let close = p[i...].firstIndex(of: "]"), p.index(after: i) < close,
               p[p.index(after: i)..<close].allSatisfy(\.isNumber) {
                path += "[]"
                i = p.index(after: close)
            } else {
                path.append(p[i])
                i = p.index(after: i)
            }
        }
        var value = leaf.value
        if leaf.type == "ref", let at = value.lastIndex(of: "@") { value = String(value[value.index(after: at)...]) }
        return GraphLeaf(path: path, type: leaf.type, value: value)
    }
}
