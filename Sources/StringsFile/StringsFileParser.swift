import PropertyList

/// Reads `.strings` files: old-style property-list text in UTF-16 (with a byte-order mark, either order)
/// or UTF-8, and binary property lists (`bplist00`, what Xcode copies into built products).
///
/// The text grammar is CoreFoundation's strings-file form of the old-style syntax: `key = value;` entries,
/// where key and value are quoted strings (`"…"` or `'…'`) or unquoted words, `key;` meaning `key = key;`,
/// `/* … */` and `//` comments anywhere, optionally the whole inside `{ … }`. Escapes in quoted strings:
/// `\n \t \r \a \b \f \v \" \' \\`, `\U` with up to four hex digits, `\` with one to three octal digits;
/// any other escaped character stands for itself, as in CoreFoundation.
///
/// Swift on Linux has CoreFoundation's old-style parser behind `PropertyListSerialization`, but it keeps
/// neither the entries' order, nor duplicates, nor comments (which carry the export's `Note`), reports no
/// column, and logs to standard error; this parser is written for those and is checked against it.
public enum StringsFileParser {
    /// Limits for untrusted input.
    public struct Limits: Sendable, Hashable {
        /// The largest file accepted, in bytes.
        public var maxBytes: Int = 64 << 20
        public init() {}
    }

    /// The table in `bytes` (text or binary); `file` names the file in errors.
    public static func parse(_ bytes: [UInt8], file: String, limits: Limits = Limits()) throws(StringsFileError) -> StringsTable {
        guard bytes.count <= limits.maxBytes else {
            throw StringsFileError("the file is larger than \(limits.maxBytes) bytes", at: StringsLocation(file: file, line: 1, column: 1))
        }
        if bytes.starts(with: BinaryPropertyList.magic) { return try parseBinary(bytes, file: file) }
        let text = try DecodedText.decode(bytes, file: file)
        var parser = Parser(scalars: text.scalars, file: file)
        return try parser.table()
    }

    /// The encoding a text strings file is in, by its byte-order mark.
    public static func encoding(of bytes: [UInt8]) -> StringsFileEncoding { StringsFileEncoding.detect(bytes).0 }

    static func parseBinary(_ bytes: [UInt8], file: String) throws(StringsFileError) -> StringsTable {
        let value: PropertyListValue
        do {
            value = try PropertyListValue(try BinaryPropertyList(bytes: bytes))
        } catch {
            throw StringsFileError("invalid binary property list: \(error)", at: StringsLocation(file: file, line: 1, column: 1))
        }
        guard case .dictionary(let entries) = value else {
            throw StringsFileError("a binary strings file must hold a dictionary", at: StringsLocation(file: file, line: 1, column: 1))
        }
        var table = StringsTable()
        for entry in entries {
            guard case .string(let s) = entry.value else {
                throw StringsFileError("the value of \"\(entry.key)\" is not a string", at: StringsLocation(file: file, line: 1, column: 1))
            }
            table.append(.init(key: entry.key, value: s))
        }
        return table
    }

    /// A recursive-descent reader over decoded scalars; every loop advances, nothing recurses.
    struct Parser {
        let scalars: [Unicode.Scalar]
        var position = 0
        var tracker: LineTracker
        /// The last comment read since the previous entry.
        var pendingComment: String?

        init(scalars: [Unicode.Scalar], file: String) {
            self.scalars = scalars
            tracker = LineTracker(file: file)
        }

        var atEnd: Bool { position >= scalars.count }
        var current: Unicode.Scalar? { position < scalars.count ? scalars[position] : nil }
        func peek(_ offset: Int) -> Unicode.Scalar? {
            let i = position + offset
            return i < scalars.count ? scalars[i] : nil
        }

        mutating func advance() {
            guard position < scalars.count else { return }
            tracker.advance(scalars[position])
            position += 1
        }

        func error(_ message: String, at location: StringsLocation? = nil) -> StringsFileError {
            StringsFileError(message, at: location ?? tracker.location)
        }

        mutating func table() throws(StringsFileError) -> StringsTable {
            var table = StringsTable()
            try skipTrivia()
            var braced = false
            if current == "{" { braced = true; advance(); try skipTrivia() }
            while let c = current {
                if braced && c == "}" {
                    advance()
                    try skipTrivia()
                    if !atEnd { throw error("unexpected text after the closing '}'") }
                    return table
                }
                let start = tracker.location
                let comment = pendingComment
                pendingComment = nil
                let key = try string(what: "a key")
                try skipTrivia()
                let value: String
                if current == ";" {
                    value = key
                } else if current == "=" {
                    advance()
                    try skipTrivia()
                    value = try string(what: "a value")
                    try skipTrivia()
                } else {
                    throw error(current.map { "expected '=' or ';' after the key, found '\(Self.describe($0))'" } ?? "expected '=' or ';' after the key, found the end of the file")
                }
                guard current == ";" else {
                    throw error(current.map { "missing ';' after the value (found '\(Self.describe($0))')" } ?? "missing ';' at the end of the file")
                }
                advance()
                table.append(.init(key: key, value: value, comment: comment, location: start))
                try skipTrivia()
            }
            if braced { throw error("missing '}' at the end of the file") }
            return table
        }

        static func describe(_ s: Unicode.Scalar) -> String {
            s.properties.generalCategory == .control ? "U+" + String(s.value, radix: 16, uppercase: true) : String(s)
        }

        static func isUnquotedCharacter(_ s: Unicode.Scalar) -> Bool {
            switch s {
            case "a"..."z", "A"..."Z", "0"..."9", "_", "$", "+", "/", ":", ".", "-": return true
            default: return false
            }
        }

        /// Whitespace and comments; the text of the last comment is kept for the next entry.
        mutating func skipTrivia() throws(StringsFileError) {
            while let c = current {
                if c.properties.isWhitespace || c == "\u{FEFF}" {
                    advance()
                } else if c == "/" && peek(1) == "*" {
                    let start = tracker.location
                    advance(); advance()
                    var text: [Unicode.Scalar] = []
                    while true {
                        guard let d = current else { throw error("unterminated comment (opened here)", at: start) }
                        if d == "*" && peek(1) == "/" { advance(); advance(); break }
                        text.append(d)
                        advance()
                    }
                    pendingComment = Self.trimmed(text)
                } else if c == "/" && peek(1) == "/" {
                    var text: [Unicode.Scalar] = []
                    advance(); advance()
                    while let d = current, d != "\n", d != "\r" { text.append(d); advance() }
                    pendingComment = Self.trimmed(text)
                } else {
                    return
                }
            }
        }

        static func trimmed(_ text: [Unicode.Scalar]) -> String {
            var view = text[...]
            while let f = view.first, f.properties.isWhitespace { view = view.dropFirst() }
            while let l = view.last, l.properties.isWhitespace { view = view.dropLast() }
            var s = String.UnicodeScalarView()
            s.append(contentsOf: view)
            return String(s)
        }

        mutating func string(what: String) throws(StringsFileError) -> String {
            guard let c = current else { throw error("expected \(what), found the end of the file") }
            if c == "\"" || c == "'" { return try quoted(c) }
            guard Self.isUnquotedCharacter(c) else { throw error("expected \(what), found '\(Self.describe(c))'") }
            var s = String.UnicodeScalarView()
            while let d = current, Self.isUnquotedCharacter(d) { s.append(d); advance() }
            return String(s)
        }

        mutating func quoted(_ quote: Unicode.Scalar) throws(StringsFileError) -> String {
            let start = tracker.location
            advance()
            var s = String.UnicodeScalarView()
            while true {
                guard let c = current else { throw error("unterminated string (opened here)", at: start) }
                advance()
                if c == quote { return String(s) }
                guard c == "\\" else { s.append(c); continue }
                let escapeStart = tracker.location
                guard let e = current else { throw error("unterminated string (opened here)", at: start) }
                advance()
                switch e {
                case "n": s.append("\n")
                case "t": s.append("\t")
                case "r": s.append("\r")
                case "a": s.append("\u{07}")
                case "b": s.append("\u{08}")
                case "f": s.append("\u{0C}")
                case "v": s.append("\u{0B}")
                case "U", "u":
                    var value: UInt32 = 0, digits = 0
                    while digits < 4, let h = current, let v = Self.hexValue(h) { value = value << 4 | v; digits += 1; advance() }
                    guard digits > 0 else { throw error("\\\(e) needs hexadecimal digits", at: escapeStart) }
                    if (0xD800...0xDBFF).contains(value), current == "\\", peek(1) == "U" || peek(1) == "u" {
                        // A surrogate pair spelled as two escapes.
                        let save = (position, tracker)
                        advance(); advance()
                        var low: UInt32 = 0, lowDigits = 0
                        while lowDigits < 4, let h = current, let v = Self.hexValue(h) { low = low << 4 | v; lowDigits += 1; advance() }
                        if lowDigits > 0, (0xDC00...0xDFFF).contains(low),
                           let scalar = Unicode.Scalar(0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00)) {
                            s.append(scalar)
                            continue
                        }
                        (position, tracker) = save
                    }
                    guard let scalar = Unicode.Scalar(value) else {
                        throw error("\\\(e)\(String(value, radix: 16, uppercase: true)) is not a Unicode scalar (an unpaired surrogate)", at: escapeStart)
                    }
                    s.append(scalar)
                case "0"..."7":
                    var value = e.value - 0x30, digits = 1
                    while digits < 3, let d = current, ("0"..."7").contains(d) { value = value * 8 + (d.value - 0x30); digits += 1; advance() }
                    // CoreFoundation reads an octal escape as a NeXTSTEP-encoded byte; below 0x80 that is ASCII.
                    guard let scalar = Unicode.Scalar(value) else { throw error("invalid octal escape", at: escapeStart) }
                    s.append(scalar)
                default:
                    s.append(e)
                }
            }
        }

        static func hexValue(_ s: Unicode.Scalar) -> UInt32? {
            switch s {
            case "0"..."9": return s.value - 0x30
            case "a"..."f": return s.value - 0x61 + 10
            case "A"..."F": return s.value - 0x41 + 10
            default: return nil
            }
        }
    }
}
