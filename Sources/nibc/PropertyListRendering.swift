import NibInspect
import PropertyList

/// Property lists (a storyboard's `Info.plist`) as text for `dump`, as JSON for `dump --json`, and as leaves
/// for `diff`.
enum PropertyListRendering {
    /// An indented tree in file order: `key: value` per line, containers on their own line.
    static func text(_ value: PropertyListValue, indent: String = "") -> String {
        var out = ""
        func line(_ label: String, _ v: PropertyListValue, _ indent: String) {
            if let scalar = scalarText(v) {
                out += "\(indent)\(label): \(scalar)\n"
            } else {
                out += "\(indent)\(label):\n"
                children(v, indent + "    ")
            }
        }
        func children(_ v: PropertyListValue, _ indent: String) {
            switch v {
            case .dictionary(let entries): for e in entries { line(e.key, e.value, indent) }
            case .array(let items), .set(let items): for (i, item) in items.enumerated() { line("[\(i)]", item, indent) }
            default: out += "\(indent)\(scalarText(v) ?? "")\n"
            }
        }
        children(value, indent)
        return out
    }

    /// The value of a scalar, nil for containers (empty containers print as `{}` / `[]`).
    static func scalarText(_ v: PropertyListValue) -> String? {
        switch v {
        case .null: return "null"
        case .bool(let b): return b ? "true" : "false"
        case .integer(let i): return String(i)
        case .real(let d): return "\(d)"
        case .float(let f): return "\(f)"
        case .date(let d): return "date \(d)"
        case .data(let bytes): return "data <\(bytes.map { String($0, radix: 16).leftPadded(2) }.joined())>"
        case .string(let s): return s
        case .uid(let u): return "uid \(u)"
        case .dictionary(let e): return e.isEmpty ? "{}" : nil
        case .array(let a), .set(let a): return a.isEmpty ? "[]" : nil
        }
    }

    /// JSON with dictionary keys in file order; data, dates and UIDs as one-key objects.
    static func json(_ v: PropertyListValue, indent: String = "") -> String {
        let inner = indent + "  "
        switch v {
        case .null: return "null"
        case .bool(let b): return b ? "true" : "false"
        case .integer(let i): return String(i)
        case .real(let d): return d.isFinite ? "\(d)" : "null"
        case .float(let f): return f.isFinite ? "\(f)" : "null"
        case .date(let d): return "{\"date\": \(d.isFinite ? "\(d)" : "null")}"
        case .data(let bytes): return "{\"data\": \"\(bytes.map { String($0, radix: 16).leftPadded(2) }.joined())\"}"
        case .string(let s): return DiffReport.jsonString(s)
        case .uid(let u): return "{\"uid\": \(u)}"
        case .array(let items), .set(let items):
            if items.isEmpty { return "[]" }
            return "[\n" + items.map { inner + json($0, indent: inner) }.joined(separator: ",\n") + "\n\(indent)]"
        case .dictionary(let entries):
            if entries.isEmpty { return "{}" }
            return "{\n" + entries.map { inner + DiffReport.jsonString($0.key) + ": " + json($0.value, indent: inner) }
                .joined(separator: ",\n") + "\n\(indent)}"
        }
    }

    /// Every scalar as `key.path = value`, sorted: two lists with equal leaves are equal as property lists,
    /// whatever their dictionaries' key order.
    static func leaves(_ v: PropertyListValue, path: String = "") -> [String] {
        switch v {
        case .dictionary(let entries) where !entries.isEmpty:
            return entries.flatMap { leaves($0.value, path: path.isEmpty ? $0.key : path + "." + $0.key) }.sorted()
        case .array(let items) where !items.isEmpty, .set(let items) where !items.isEmpty:
            return items.enumerated().flatMap { leaves($0.element, path: "\(path)[\($0.offset)]") }.sorted()
        default:
            return ["\(path) = \(scalarText(v) ?? "")"]
        }
    }
}

extension String {
    /// Left-padded with zeros to `width`.
    func leftPadded(_ width: Int) -> String { count >= width ? self : String(repeating: "0", count: width - count) + self }
}
