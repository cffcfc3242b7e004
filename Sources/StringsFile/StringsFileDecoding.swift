/// The text encodings of strings files.
public enum StringsFileEncoding: String, Sendable, Hashable, CaseIterable {
    /// UTF-16 little-endian with a byte-order mark (`FF FE`): what ibtool writes.
    case utf16LittleEndian = "utf-16le"
    /// UTF-16 big-endian with a byte-order mark (`FE FF`).
    case utf16BigEndian = "utf-16be"
    /// UTF-8 without a byte-order mark (what Xcode and most tools commit).
    case utf8 = "utf-8"

    /// The encoding of `bytes` by its byte-order mark (UTF-8 when there is none or a UTF-8 mark), and the
    /// length of that mark.
    static func detect(_ bytes: [UInt8]) -> (StringsFileEncoding, bomLength: Int) {
        if bytes.count >= 2 && bytes[0] == 0xFF && bytes[1] == 0xFE { return (.utf16LittleEndian, 2) }
        if bytes.count >= 2 && bytes[0] == 0xFE && bytes[1] == 0xFF { return (.utf16BigEndian, 2) }
        if bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF { return (.utf8, 3) }
        return (.utf8, 0)
    }

    /// `text` in this encoding, with the byte-order mark for UTF-16.
    public func encode(_ text: String) -> [UInt8] {
        switch self {
        case .utf8: return Array(text.utf8)
        case .utf16LittleEndian:
            var out: [UInt8] = [0xFF, 0xFE]
            out.reserveCapacity(2 + text.utf16.count * 2)
            for u in text.utf16 { out.append(UInt8(u & 0xFF)); out.append(UInt8(u >> 8)) }
            return out
        case .utf16BigEndian:
            var out: [UInt8] = [0xFE, 0xFF]
            out.reserveCapacity(2 + text.utf16.count * 2)
            for u in text.utf16 { out.append(UInt8(u >> 8)); out.append(UInt8(u & 0xFF)) }
            return out
        }
    }
}

/// Strings-file bytes decoded to Unicode scalars, with the line and column of each invalid sequence.
struct DecodedText {
    var scalars: [Unicode.Scalar]
    var encoding: StringsFileEncoding

    /// Decodes `bytes` by their byte-order mark; an invalid sequence (a lone surrogate, a bad UTF-8 byte,
    /// an odd UTF-16 length) is an error at its line and column.
    static func decode(_ bytes: [UInt8], file: String) throws(StringsFileError) -> DecodedText {
        let (encoding, bom) = StringsFileEncoding.detect(bytes)
        var scalars: [Unicode.Scalar] = []
        scalars.reserveCapacity(bytes.count)
        var tracker = LineTracker(file: file)
        func fail(_ what: String) -> StringsFileError {
            StringsFileError("invalid \(encoding.rawValue) text (\(what))", at: tracker.location)
        }
        switch encoding {
        case .utf8:
            var it = bytes[bom...].makeIterator()
            var decoder = UTF8()
            loop: while true {
                switch decoder.decode(&it) {
                case .scalarValue(let s): scalars.append(s); tracker.advance(s)
                case .emptyInput: break loop
                case .error: throw fail("a malformed UTF-8 sequence")
                }
            }
        case .utf16LittleEndian, .utf16BigEndian:
            guard (bytes.count - bom) % 2 == 0 else {
                throw StringsFileError("invalid \(encoding.rawValue) text (an odd number of bytes)", at: StringsLocation(file: file, line: 1, column: 1))
            }
            let little = encoding == .utf16LittleEndian
            var units: [UInt16] = []
            units.reserveCapacity((bytes.count - bom) / 2)
            var i = bom
            while i + 1 < bytes.count {
                let a = UInt16(bytes[i]), b = UInt16(bytes[i + 1])
                units.append(little ? (b << 8 | a) : (a << 8 | b))
                i += 2
            }
            var it = units.makeIterator()
            var decoder = UTF16()
            loop: while true {
                switch decoder.decode(&it) {
                case .scalarValue(let s): scalars.append(s); tracker.advance(s)
                case .emptyInput: break loop
                case .error: throw fail("an unpaired surrogate")
                }
            }
        }
        return DecodedText(scalars: scalars, encoding: encoding)
    }
}

/// Line and column of a position in decoded text (LF, CR and CRLF end a line).
struct LineTracker {
    let file: String
    var line = 1
    var column = 1
    private var lastWasCR = false

    init(file: String) { self.file = file }

    var location: StringsLocation { StringsLocation(file: file, line: line, column: column) }

    mutating func advance(_ s: Unicode.Scalar) {
        if s == "\n" {
            if !lastWasCR { line += 1; column = 1 }
            lastWasCR = false
        } else if s == "\r" {
            line += 1; column = 1; lastWasCR = true
        } else {
            column += 1; lastWasCR = false
        }
    }
}
