/// Entity and character references, and the decoding of attribute values and character data.
///
/// The tokenizer validates every reference once; the decoders here run later, only when a value
/// is asked for, over bytes already known to be well-formed.
enum EntityDecoding {
    /// The result of reading one reference starting at `&`.
    enum Reference {
        /// The reference names `scalar` and is `length` bytes long including `&` and `;`.
        case scalar(UInt32, length: Int)
        /// The reference is malformed.
        case failure(TokenizerFailure)
    }

    /// Reads the reference at `p[start]` (which is `&`), never reading at or past `end`.
    static func readReference(_ p: UnsafePointer<UInt8>, at start: Int, end: Int) -> Reference {
        var i = start + 1
        guard i < end else { return .failure(TokenizerFailure(.unexpectedEndOfInput, at: end, "unexpected end of input in a reference")) }
        if p[i] == UInt8(ascii: "#") {
            i += 1
            let hex = i < end && p[i] == UInt8(ascii: "x")
            if hex { i += 1 }
            var value: UInt32 = 0
            var digits = 0
            var tooLarge = false
            while i < end {
                let b = p[i]
                let digit: UInt32
                switch b {
                case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(b - 48)
                case UInt8(ascii: "a")...UInt8(ascii: "f") where hex: digit = UInt32(b - 87)
                case UInt8(ascii: "A")...UInt8(ascii: "F") where hex: digit = UInt32(b - 55)
                default: digit = 99
                }
                if digit == 99 { break }
                if !tooLarge {
                    value = value * (hex ? 16 : 10) + digit
                    if value > 0x10FFFF { tooLarge = true }
                }
                digits += 1
                i += 1
            }
            guard i < end else { return .failure(TokenizerFailure(.unexpectedEndOfInput, at: end, "unexpected end of input in a character reference")) }
            guard digits > 0, p[i] == UInt8(ascii: ";") else {
                return .failure(TokenizerFailure(.malformedReference, at: start,
                    hex ? "malformed character reference; expected '&#x' hex digits ';'" : "malformed character reference; expected '&#' digits ';' or '&#x' hex digits ';'"))
            }
            guard !tooLarge, XMLCharacters.isXMLChar(value) else {
                let text = tooLarge ? "a value above U+10FFFF" : hexScalar(value)
                return .failure(TokenizerFailure(.invalidCharacterReference, at: start,
                                                 "character reference to \(text), which is not an XML character"))
            }
            return .scalar(value, length: i + 1 - start)
        }
        let nameStart = i
        while i < end, p[i] >= 0x80 || XMLCharacters.isASCIINameChar(p[i]) { i += 1 }
        guard i < end else { return .failure(TokenizerFailure(.unexpectedEndOfInput, at: end, "unexpected end of input in an entity reference")) }
        guard i > nameStart, p[i] == UInt8(ascii: ";") else {
            return .failure(TokenizerFailure(.malformedReference, at: start,
                                             "'&' does not start a reference; write '&amp;' for a literal ampersand"))
        }
        let length = i - nameStart
        let scalar: UInt32?
        switch (length, p[nameStart]) {
        case (2, UInt8(ascii: "l")) where p[nameStart + 1] == UInt8(ascii: "t"): scalar = 0x3C
        case (2, UInt8(ascii: "g")) where p[nameStart + 1] == UInt8(ascii: "t"): scalar = 0x3E
        case (3, UInt8(ascii: "a")) where p[nameStart + 1] == UInt8(ascii: "m") && p[nameStart + 2] == UInt8(ascii: "p"): scalar = 0x26
        case (4, UInt8(ascii: "q")) where equals(p + nameStart, "quot"): scalar = 0x22
        case (4, UInt8(ascii: "a")) where equals(p + nameStart, "apos"): scalar = 0x27
        default: scalar = nil
        }
        guard let scalar else {
            let name = String(decoding: UnsafeBufferPointer(start: p + nameStart, count: length), as: UTF8.self)
            return .failure(TokenizerFailure(.undefinedEntity, at: start,
                "undefined entity '&\(name);' (only &lt; &gt; &amp; &quot; &apos; and character references are allowed)"))
        }
        return .scalar(scalar, length: i + 1 - start)
    }

    /// Compares bytes at `p` with an ASCII string.
    @inline(__always)
    static func equals(_ p: UnsafePointer<UInt8>, _ s: StaticString) -> Bool {
        let n = s.utf8CodeUnitCount
        let q = s.utf8Start
        for k in 0..<n where p[k] != q[k] { return false }
        return true
    }

    /// Appends the UTF-8 encoding of a valid scalar.
    static func appendUTF8(_ v: UInt32, to out: inout [UInt8]) {
        switch v {
        case 0..<0x80:
            out.append(UInt8(v))
        case 0x80..<0x800:
            out.append(UInt8(0xC0 | v >> 6)); out.append(UInt8(0x80 | v & 0x3F))
        case 0x800..<0x10000:
            out.append(UInt8(0xE0 | v >> 12)); out.append(UInt8(0x80 | (v >> 6) & 0x3F))
            out.append(UInt8(0x80 | v & 0x3F))
        default:
            out.append(UInt8(0xF0 | v >> 18)); out.append(UInt8(0x80 | (v >> 12) & 0x3F))
            out.append(UInt8(0x80 | (v >> 6) & 0x3F)); out.append(UInt8(0x80 | v & 0x3F))
        }
    }

    /// Appends the character that the validated reference at `p[i]` stands for and moves `i` past it.
    @inline(__always)
    private static func appendReference(_ p: UnsafePointer<UInt8>, at i: inout Int, end: Int, to out: inout [UInt8]) {
        if case .scalar(let v, let length) = readReference(p, at: i, end: end) {
            appendUTF8(v, to: &out)
            i += length
        } else {
            i += 1 // unreachable for validated input
        }
    }

    /// Decodes a validated attribute value: references are replaced, and each literal tab, LF, CR or
    /// CRLF becomes one space (XML attribute-value normalization for CDATA attributes).
    static func decodeAttributeValue(_ p: UnsafePointer<UInt8>, from start: Int, to end: Int) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(end - start)
        var i = start
        while i < end {
            let b = p[i]
            switch b {
            case UInt8(ascii: "&"):
                appendReference(p, at: &i, end: end, to: &out)
                continue
            case 0x0D, 0x0A, 0x09:
                // Tab, LF, CR and CRLF each become one space.
                if b == 0x0D && i + 1 < end && p[i + 1] == 0x0A { i += 1 }
                out.append(0x20)
            default:
                out.append(b)
            }
            i += 1
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Appends the character data of validated element content `p[start..<end]` (which contains no
    /// child elements) to `out`: references are replaced, CRLF and lone CR become LF, CDATA sections
    /// contribute their text, comments and processing instructions are dropped.
    static func appendCharacterData(_ p: UnsafePointer<UInt8>, from start: Int, to end: Int, into out: inout [UInt8]) {
        var i = start
        while i < end {
            let b = p[i]
            switch b {
            case UInt8(ascii: "&"):
                appendReference(p, at: &i, end: end, to: &out)
                continue
            case 0x0D:
                out.append(0x0A)
                if i + 1 < end && p[i + 1] == 0x0A { i += 1 }
            case UInt8(ascii: "<"):
                if i + 8 < end && equals(p + i, "<![CDATA[") {
                    var j = i + 9
                    while j + 2 < end && !(p[j] == 0x5D && p[j + 1] == 0x5D && p[j + 2] == 0x3E) { j += 1 }
                    var k = i + 9
                    while k < j {
                        if p[k] == 0x0D {
                            out.append(0x0A)
                            if k + 1 < j && p[k + 1] == 0x0A { k += 1 }
                        } else {
                            out.append(p[k])
                        }
                        k += 1
                    }
                    i = j + 3
                } else if i + 3 < end && equals(p + i, "<!--") {
                    var j = i + 4
                    while j + 2 < end && !(p[j] == 0x2D && p[j + 1] == 0x2D && p[j + 2] == 0x3E) { j += 1 }
                    i = j + 3
                } else { // processing instruction
                    var j = i + 2
                    while j + 1 < end && !(p[j] == 0x3F && p[j + 1] == 0x3E) { j += 1 }
                    i = j + 2
                }
                continue
            default:
                out.append(b)
            }
            i += 1
        }
    }
}
