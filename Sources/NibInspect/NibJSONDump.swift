import NibArchive

/// The stable machine-readable form of `nibc dump --json`.
///
/// Layout: `{"coderVersion":10,"trailer":"none","classes":[…],"objects":[{"index":0,"class":"NSObject",
/// "values":[{"key":"…","type":"int8","value":1},…]},…]}`. Objects are listed flat in archive order, so
/// cycles need no special handling; a reference is `{"ref":N}`. Data is `{"utf8":"…"}` when it is valid
/// UTF-8, else `{"hex":"…"}`, plus `"struct":[…]` for packed geometry. Keys are emitted in a fixed
/// order, so equal archives give equal text.
public enum NibJSONDump {
    /// The JSON text of `graph`.
    public static func json(_ graph: NibGraph) -> String {
        var out = ""
        write(graph) { out += $0 }
        return out
    }

    /// Writes the JSON text of `graph` to `sink` in pieces of about `chunkSize` bytes (a command can print a
    /// large dump without holding all of it).
    public static func write(_ graph: NibGraph, chunkSize: Int = 1 << 20, to sink: (String) -> Void) {
        var out = "{\"coderVersion\":\(graph.coderVersion),\"trailer\":\(graph.hasLNETrailer ? "\"LNE\"" : "\"none\"")"
        out += ",\"classFallbacks\":{"
        out += graph.classFallbacks.keys.sorted().map { name in
            string(name) + ":[" + graph.classFallbacks[name]!.map(string).joined(separator: ",") + "]"
        }.joined(separator: ",")
        out += "},\"objects\":["
        for (index, object) in graph.objects.enumerated() {
            if out.utf8.count >= chunkSize {
                sink(out)
                out = ""
            }
            if index > 0 { out += "," }
            out += "\n{\"index\":\(index),\"class\":\(string(object.className)),\"values\":["
            for (e, entry) in object.entries.enumerated() {
                if e > 0 { out += "," }
                out += "{\"key\":\(string(entry.key)),\"type\":\"\(entry.value.valueType)\",\"value\":\(value(entry.key, entry.value))}"
            }
            out += "]}"
        }
        sink(out + "\n]}\n")
    }

    static func value(_ key: String, _ value: NibGraphValue) -> String {
        switch value {
        case .int(let v), .fixedWidthInteger(let v, _): return String(v)
        case .bool(let b): return b ? "true" : "false"
        case .float(let f): return number(Double(f))
        case .double(let d): return number(d)
        case .null: return "null"
        case .object(let i), .conditionalObject(let i): return "{\"ref\":\(i)}"
        case .data(let bytes):
            var out = "{"
            if let text = String(validating: bytes, as: UTF8.self) {
                out += "\"utf8\":" + string(text)
            } else {
                out += "\"hex\":\"" + bytes.map { String($0, radix: 16).leftPadded(2) }.joined() + "\""
            }
            if PackedGeometry.knownKeys[key] != nil, let elements = PackedGeometry.decode(bytes) {
                out += ",\"struct\":[" + elements.map(number).joined(separator: ",") + "]"
            }
            return out + "}"
        }
    }

    static func number(_ x: Double) -> String {
        guard x.isFinite else { return "\"\(x)\"" }
        return PackedGeometry.formatNumber(x)
    }

    /// A JSON string literal.
    static func string(_ text: String) -> String { StringEscaping.json(text) }
}
