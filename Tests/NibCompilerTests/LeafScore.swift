import NibArchive

/// A leaf-match score between two object graphs, mirroring `nibcheck.py`'s `leaves()` / `compare()`:
/// the graph reachable from object 0 is flattened into (path, type, value) leaves; value objects
/// (no references) are expanded at every use, other objects once (first path in a sorted-key walk)
/// and referenced afterwards; score = common leaves / reference leaves.
enum LeafScore {
    static let dictionaryClasses: Set<String> = ["NSDictionary", "NSMutableDictionary"]
    static let setClasses: Set<String> = ["NSSet", "NSMutableSet"]

    struct Leaf: Hashable {
        var path: String
        var type: String
        var value: String
    }

    static func leaves(_ g: NibGraph) -> [Leaf] {
        var out: [Leaf] = []
        var canon: [Int: String] = [:]
        func stringOf(_ i: Int) -> String? {
            for e in g.objects[i].entries where e.key == "NS.bytes" {
                if case .data(let d) = e.value { return String(decoding: d, as: UTF8.self) }
            }
            return nil
        }
        func isLeafObject(_ i: Int) -> Bool {
            !g.objects[i].entries.contains { if case .object = $0.value { return true }; if case .conditionalObject = $0.value { return true }; return false }
        }
        func typeName(_ v: NibGraphValue) -> String {
            switch v.valueType {
            case .int8: return "int8"
            case .int16: return "int16"
            case .int32: return "int32"
            case .int64: return "int64"
            case .boolFalse: return "false"
            case .boolTrue: return "true"
            case .float32: return "float"
            case .float64: return "double"
            case .data: return "data"
            case .null: return "nil"
            default: return "object"
            }
        }
        func valueText(_ v: NibGraphValue) -> String {
            switch v {
            case .int(let x), .fixedWidthInteger(let x, _): return String(x)
            case .bool(let b): return b ? "T" : "F"
            case .float(let f): return rounded(Double(f))
            case .double(let d): return rounded(d)
            case .data(let d): return d.map { String($0) }.joined(separator: ",")
            case .null: return "nil"
            case .object(let i), .conditionalObject(let i): return String(i)
            }
        }
        func walk(_ idx: Int, _ path: String) {
            let o = g.objects[idx]
            let cls = o.className
            if let c = canon[idx], !isLeafObject(idx) {
                out.append(Leaf(path: path, type: "ref", value: c))
                return
            }
            canon[idx] = path + "@" + cls
            var entries: [(String, NibGraphValue)] = []
            var raw = o.entries
            if dictionaryClasses.contains(cls) {
                let elems = raw.filter { $0.key == "UINibEncoderEmptyKey" }.map(\.value)
                raw = raw.filter { $0.key != "UINibEncoderEmptyKey" }
                var i = 0
                while i + 1 < elems.count {
                    let label = elems[i].objectIndex.flatMap { stringOf($0) } ?? "#\(i / 2)"
                    entries.append(("{\(label)}", elems[i + 1]))
                    i += 2
                }
            }
            var pos = 0
            for e in raw {
                var key = e.key
                if key == "UINibEncoderEmptyKey" {
                    key = setClasses.contains(cls) ? "[]" : "[" + String(repeating: "0", count: max(0, 5 - String(pos).count)) + String(pos) + "]"
                    pos += 1
                }
                entries.append((key, e.value))
            }
            // Python sorts by key string (code points); stable for equal keys.
            let sorted = entries.enumerated().sorted { a, b in
                a.element.0 != b.element.0 ? a.element.0.unicodeScalars.lexicographicallyPrecedes(b.element.0.unicodeScalars) : a.offset < b.offset
            }.map(\.element)
            for (key, v) in sorted {
                let p = "\(path)/\(cls).\(key)"
                if let t = v.objectIndex { walk(t, p) } else { out.append(Leaf(path: p, type: typeName(v), value: valueText(v))) }
            }
        }
        if !g.objects.isEmpty { walk(0, "") }
        return out
    }

    private static func rounded(_ d: Double) -> String {
        let r = (d * 10000).rounded() / 10000
        return String(r)
    }

    static func loosen(_ l: Leaf) -> Leaf {
        var p = ""
        var inBracket = false
        var digits = ""
        for ch in l.path {
            if inBracket {
                if ch.isNumber { digits.append(ch); continue }
                if ch == "]" { p += digits.isEmpty ? "[]" : "[]"; inBracket = false; digits = ""; continue }
                p += "[" + digits; inBracket = false; digits = ""
            }
            if ch == "[" { inBracket = true; continue }
            p.append(ch)
        }
        if inBracket { p += "[" + digits }
        var v = l.value
        if l.type == "ref", let at = v.lastIndex(of: "@") { v = String(v[v.index(after: at)...]) }
        return Leaf(path: p, type: l.type, value: v)
    }

    /// Common leaves / reference leaves.
    static func score(reference: NibGraph, output: NibGraph, loose: Bool = false) -> Double {
        var a = leaves(reference), b = leaves(output)
        if loose { a = a.map(loosen); b = b.map(loosen) }
        var counts: [Leaf: Int] = [:]
        for l in b { counts[l, default: 0] += 1 }
        var common = 0
        for l in a { if let c = counts[l], c > 0 { counts[l] = c - 1; common += 1 } }
        return Double(common) / Double(max(a.count, 1))
    }
}
