/// A small, strict XML reader producing `XMLNode` trees with line/column positions.
///
/// Interim adapter until the `XIB` module's document API is final: it handles the XML subset that
/// XIB documents use (declaration, comments, CDATA, elements, attributes, character and entity
/// references) and rejects malformed input with a position.
struct MiniXMLReader {
    struct Failure: Error {
        var line: Int
        var column: Int
        var message: String
    }

    private let bytes: [UInt8]
    private var pos = 0
    private var line = 1
    private var lineStart = 0
    private var order = 0

    init(bytes: [UInt8]) { self.bytes = bytes }

    mutating func parse() throws(Failure) -> XMLNode {
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { pos = 3; lineStart = 3 }
        var stack: [XMLNode] = []
        var root: XMLNode?
        while pos < bytes.count {
            let b = bytes[pos]
            if b == UInt8(ascii: "<") {
                if starts("<?") { try skip(until: "?>"); continue }
                if starts("<!--") { try skip(until: "-->"); continue }
                if starts("<![CDATA[") {
                    pos += 9
                    let s = pos
                    try skip(until: "]]>")
                    if let top = stack.last { top.text += String(decoding: bytes[s..<(pos - 3)], as: UTF8.self) }
                    continue
                }
                if starts("<!") { try skip(until: ">"); continue }
                if starts("</") {
                    pos += 2
                    let name = try readName()
                    skipSpace()
                    guard pos < bytes.count, bytes[pos] == UInt8(ascii: ">") else { throw fail("expected '>'") }
                    pos += 1
                    guard let top = stack.popLast(), top.name == name else {
                        throw fail("mismatched closing tag '</\(name)>'")
                    }
                    continue
                }
                let (l, c) = (line, pos - lineStart + 1)
                pos += 1
                let name = try readName()
                let node = XMLNode(name: name, line: l, column: c)
                node.order = order
                order += 1
                var selfClosing = false
                while true {
                    skipSpace()
                    guard pos < bytes.count else { throw fail("unexpected end of input in tag") }
                    if bytes[pos] == UInt8(ascii: "/") {
                        guard pos + 1 < bytes.count, bytes[pos + 1] == UInt8(ascii: ">") else { throw fail("expected '/>'") }
                        pos += 2
                        selfClosing = true
                        break
                    }
                    if bytes[pos] == UInt8(ascii: ">") { pos += 1; break }
                    let attr = try readName()
                    skipSpace()
                    guard pos < bytes.count, bytes[pos] == UInt8(ascii: "=") else { throw fail("expected '=' after attribute '\(attr)'") }
                    pos += 1
                    skipSpace()
                    guard pos < bytes.count, bytes[pos] == UInt8(ascii: "\"") || bytes[pos] == UInt8(ascii: "'") else {
                        throw fail("expected quoted value for attribute '\(attr)'")
                    }
                    let q = bytes[pos]
                    pos += 1
                    let s = pos
                    while pos < bytes.count, bytes[pos] != q {
                        if bytes[pos] == UInt8(ascii: "<") { throw fail("'<' in attribute value") }
                        if bytes[pos] == 0x0A { line += 1; lineStart = pos + 1 }
                        pos += 1
                    }
                    guard pos < bytes.count else { throw fail("unterminated attribute value") }
                    let value = try decode(s, pos)
                    pos += 1
                    if node.peek(attr) != nil { throw fail("duplicate attribute '\(attr)'") }
                    node.addAttribute(attr, value)
                }
                if let top = stack.last {
                    node.parent = top
                    top.children.append(node)
                } else {
                    if root != nil { throw fail("more than one root element") }
                    root = node
                }
                if !selfClosing { stack.append(node) }
            } else {
                let s = pos
                while pos < bytes.count, bytes[pos] != UInt8(ascii: "<") {
                    if bytes[pos] == 0x0A { line += 1; lineStart = pos + 1 }
                    pos += 1
                }
                if let top = stack.last {
                    top.text += try decode(s, pos)
                } else if bytes[s..<pos].contains(where: { $0 != 0x20 && $0 != 0x0A && $0 != 0x0D && $0 != 0x09 }) {
                    throw fail("text outside the root element")
                }
            }
        }
        if let open = stack.last { throw Failure(line: open.line, column: open.column, message: "element '\(open.name)' is not closed") }
        guard let root else { throw fail("no root element") }
        return root
    }

    private func fail(_ message: String) -> Failure {
        Failure(line: line, column: pos - lineStart + 1, message: message)
    }

    private func starts(_ s: StaticString) -> Bool {
        let n = s.utf8CodeUnitCount
        guard pos + n <= bytes.count else { return false }
        let p = s.utf8Start
        for i in 0..<n where bytes[pos + i] != p[i] { return false }
        return true
    }

    private mutating func skip(until s: StaticString) throws(Failure) {
        while pos < bytes.count {
            if starts(s) { pos += s.utf8CodeUnitCount; return }
            if bytes[pos] == 0x0A { line += 1; lineStart = pos + 1 }
            pos += 1
        }
        throw fail("unterminated construct")
    }

    private mutating func skipSpace() {
        while pos < bytes.count {
            let b = bytes[pos]
            if b == 0x20 || b == 0x09 || b == 0x0D { pos += 1 } else if b == 0x0A { pos += 1; line += 1; lineStart = pos } else { break }
        }
    }

    private mutating func readName() throws(Failure) -> String {
        let s = pos
        while pos < bytes.count {
            let b = bytes[pos]
            if b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D || b == UInt8(ascii: "=") || b == UInt8(ascii: ">")
                || b == UInt8(ascii: "/") || b == UInt8(ascii: "<") { break }
            pos += 1
        }
        if s == pos { throw fail("expected a name") }
        return String(decoding: bytes[s..<pos], as: UTF8.self)
    }

    private func decode(_ s: Int, _ e: Int) throws(Failure) -> String {
        var i = s
        var hasAmp = false
        while i < e { if bytes[i] == UInt8(ascii: "&") { hasAmp = true; break }; i += 1 }
        if !hasAmp { return String(decoding: bytes[s..<e], as: UTF8.self) }
        var out: [UInt8] = []
        out.reserveCapacity(e - s)
        i = s
        while i < e {
            let b = bytes[i]
            guard b == UInt8(ascii: "&") else { out.append(b); i += 1; continue }
            var j = i + 1
            while j < e, bytes[j] != UInt8(ascii: ";") { j += 1 }
            guard j < e else { throw fail("unterminated entity reference") }
            let ent = String(decoding: bytes[(i + 1)..<j], as: UTF8.self)
            switch ent {
            case "amp": out.append(UInt8(ascii: "&"))
            case "lt": out.append(UInt8(ascii: "<"))
            case "gt": out.append(UInt8(ascii: ">"))
            case "quot": out.append(UInt8(ascii: "\""))
            case "apos": out.append(UInt8(ascii: "'"))
            default:
                var scalar: UInt32?
                if ent.hasPrefix("#x") { scalar = UInt32(ent.dropFirst(2), radix: 16) } else if ent.hasPrefix("#") { scalar = UInt32(ent.dropFirst(1)) }
                guard let v = scalar, let u = Unicode.Scalar(v) else { throw fail("unknown entity '&\(ent);'") }
                out.append(contentsOf: Array(String(Character(u)).utf8))
            }
            i = j + 1
        }
        return String(decoding: out, as: UTF8.self)
    }
}
