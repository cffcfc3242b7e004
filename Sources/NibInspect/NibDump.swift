import NibArchive

/// A readable tree of a nib from its root object, for `nibc dump`.
///
/// Each object is printed once, as `#index ClassName`, at the first place the walk reaches it;
/// later references print `-> #index ClassName`. `NSString` objects are shown inline as their text,
/// packed geometry structs as `(x, y, w, h)`, data as UTF-8 text when printable, otherwise hex.
/// The walk is iterative and depth-bounded, so deep and cyclic graphs are safe.
public struct NibDump {
    /// Deepest nesting printed; deeper objects print `…` instead.
    public var maxDepth: Int
    /// Longest data value printed in full (in bytes).
    public var maxDataBytes: Int

    /// Creates a dumper.
    public init(maxDepth: Int = 1_000, maxDataBytes: Int = 256) {
        self.maxDepth = maxDepth
        self.maxDataBytes = maxDataBytes
    }

    /// Deepest nesting shown by indentation; deeper lines keep this indentation and start with `[depth]`, so
    /// the text of a deep graph grows with its size, not with size times depth.
    public static let maxIndentDepth = 64

    /// The dump text of `graph`.
    public func text(_ graph: NibGraph) -> String {
        var out = ""
        write(graph) { out += $0 }
        return out
    }

    /// Writes the dump text of `graph` to `sink` in pieces of about `chunkSize` bytes (a command can print a
    /// large dump without holding all of it).
    public func write(_ graph: NibGraph, chunkSize: Int = 1 << 20, to sink: (String) -> Void) {
        var out = "NIBArchive coder \(graph.coderVersion), \(graph.objects.count) objects\n"
        defer { sink(out) }
        guard !graph.objects.isEmpty else { return }
        var printed = [Bool](repeating: false, count: graph.objects.count)
        // Stack of (object, next entry, depth); an object's header is printed when pushed.
        var stack: [(object: Int, entry: Int, depth: Int)] = []
        func open(_ index: Int, prefix: String, depth: Int) {
            let object = graph.objects[index]
            // Strings print inline wherever they are used, long ones only the first time: a long string
            // referenced from every value would otherwise multiply the output (and its UTF-8 check the time).
            if let bytes = Self.stringBytes(object), !printed[index] || bytes.count <= maxDataBytes,
               let text = String(validating: bytes, as: UTF8.self) {
                out += "\(prefix)#\(index) \(object.className) \(Self.quote(text))\n"
                printed[index] = true
                return
            }
            if printed[index] {
                out += "\(prefix)-> #\(index) \(object.className)\n"
                return
            }
            printed[index] = true
            if depth > maxDepth {
                out += "\(prefix)#\(index) \(object.className) … (depth limit \(maxDepth))\n"
                return
            }
            out += "\(prefix)#\(index) \(object.className)\n"
            stack.append((index, 0, depth))
        }
        open(0, prefix: "", depth: 0)
        while let top = stack.last {
            let entries = graph.objects[top.object].entries
            if top.entry >= entries.count {
                stack.removeLast()
                continue
            }
            stack[stack.count - 1].entry += 1
            if out.utf8.count >= chunkSize {
                sink(out)
                out = ""
            }
            let entry = entries[top.entry]
            let indent = top.depth < Self.maxIndentDepth
                ? String(repeating: "  ", count: top.depth + 1)
                : String(repeating: "  ", count: Self.maxIndentDepth) + "[\(top.depth + 1)] "
            switch entry.value {
            case .object(let target), .conditionalObject(let target):
                open(target, prefix: "\(indent)\(entry.key) = ", depth: top.depth + 1)
            default:
                out += "\(indent)\(entry.key) = \(describe(entry.key, entry.value))\n"
            }
        }
    }

    /// The bytes of a plain `NSString`/`NSMutableString` object, if `object` is one.
    static func stringBytes(_ object: NibObject) -> [UInt8]? {
        guard object.className == "NSString" || object.className == "NSMutableString",
              object.entries.count == 1, object.entries[0].key == FoundationKeys.bytes,
              case .data(let bytes) = object.entries[0].value else { return nil }
        return bytes
    }

    /// A value printed with its type.
    func describe(_ key: String, _ value: NibGraphValue) -> String {
        switch value {
        case .int(let v), .fixedWidthInteger(let v, _): return "\(v) (\(value.valueType))"
        case .bool(let b): return b ? "true" : "false"
        case .float(let f): return "\(f) (float)"
        case .double(let d): return "\(d) (double)"
        case .null: return "nil"
        case .data(let bytes):
            if PackedGeometry.knownKeys[key] != nil, let elements = PackedGeometry.decode(bytes) {
                return "\(PackedGeometry.format(elements)) (struct)"
            }
            if bytes.starts(with: NibArchiveHeader.magic) { return "<nested NIBArchive, \(bytes.count) bytes>" }
            if let text = String(validating: bytes, as: UTF8.self), text.unicodeScalars.allSatisfy({ $0.value >= 0x20 || $0 == "\n" || $0 == "\t" || $0 == "\0" }) {
                return Self.quote(text) + " (data)"
            }
            let shown = bytes.prefix(maxDataBytes).map { String($0, radix: 16).leftPadded(2) }.joined()
            return "<\(shown)\(bytes.count > maxDataBytes ? "…" : "")> (\(bytes.count) bytes)"
        case .object(let i), .conditionalObject(let i): return "#\(i)"
        }
    }

    /// `"text"` with quotes, backslashes and control characters escaped.
    static func quote(_ text: String) -> String { StringEscaping.swift(text) }
}

extension String {
    func leftPadded(_ width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
