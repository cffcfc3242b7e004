import NibCompiler
import StringsFile

/// Checks a translated table (`xx.lproj/Name.strings`) against its Base-localized document: keys that no
/// longer name a localizable property, properties without a translation, and translations whose format
/// specifiers differ from the development text's.
public enum StringsCheck {
    /// One finding.
    public struct Problem: Sendable, Hashable, CustomStringConvertible {
        public enum Kind: String, Sendable, Hashable {
            /// The key names no localizable property of the document (deleted or renamed object).
            case staleKey = "stale-key"
            /// A localizable property of the document has no entry.
            case missingTranslation = "missing-translation"
            /// The translation's format specifiers (`%@`, `%d`, `%1$@`, …) differ from the development text's.
            case formatMismatch = "format-mismatch"
            /// The key appears more than once (the last entry wins).
            case duplicateKey = "duplicate-key"
        }
        public var kind: Kind
        public var key: String
        public var message: String
        public var location: StringsLocation
        /// Whether the problem fails a check (duplicates are warnings).
        public var isError: Bool { kind != .duplicateKey }

        /// `file:line:col: error|warning: message [kind]`.
        public var description: String { "\(location): \(isError ? "error" : "warning"): \(message) [\(kind.rawValue)]" }
    }

    /// The problems of `table` (read from `file`) against `document`, in table order, then the missing keys
    /// in the document's export order.
    public static func check(_ table: StringsTable, file: String, against document: LocalizedDocument) -> [Problem] {
        var problems: [Problem] = []
        var byKey: [String: LocalizableString] = [:]
        for s in document.strings { byKey[s.key] = s }
        let top = StringsLocation(file: file, line: 1, column: 1)
        var duplicates = Set(table.duplicateKeys)
        for entry in table.entries {
            let place = entry.location ?? top
            if duplicates.remove(entry.key) != nil {
                problems.append(Problem(kind: .duplicateKey, key: entry.key, message: "'\(entry.key)' appears more than once; the last entry wins", location: place))
            }
            guard let string = byKey[entry.key] else {
                problems.append(Problem(kind: .staleKey, key: entry.key, message: "'\(entry.key)' names no localizable property of \(document.fileName)", location: place))
                continue
            }
            let expected = formatSpecifiers(string.text), found = formatSpecifiers(entry.value)
            if expected != found {
                problems.append(Problem(kind: .formatMismatch, key: entry.key,
                                        message: "'\(entry.key)' has format specifiers \(describe(found)) where the development text has \(describe(expected))",
                                        location: place))
            }
        }
        for string in document.strings where table[string.key] == nil {
            problems.append(Problem(kind: .missingTranslation, key: string.key,
                                    message: "no translation for '\(string.key)' (\"\(StringsFileWriter.escaped(string.text))\")", location: top))
        }
        return problems
    }

    static func describe(_ specifiers: [String]) -> String {
        specifiers.isEmpty ? "none" : specifiers.map { "%" + $0 }.joined(separator: " ")
    }

    /// The printf-style specifiers of `text` that consume arguments, normalised and ordered by the argument
    /// they take (`%2$@ %1$d` → `["1$d", "2$@"]`; unnumbered ones are numbered in order): `%%` and flags, width and
    /// precision are left out, and `i`/`D` count as `d`, `U` as `u`, `O` as `o`.
    public static func formatSpecifiers(_ text: String) -> [String] {
        let s = Array(text.unicodeScalars)
        var out: [(Int, String)] = []
        var next = 1
        var i = 0
        while i < s.count {
            guard s[i] == "%" else { i += 1; continue }
            var j = i + 1
            guard j < s.count else { break }
            if s[j] == "%" { i = j + 1; continue }
            // Position: digits followed by `$`.
            var position: Int?
            var k = j, digits = 0
            while k < s.count, ("0"..."9").contains(s[k]), digits < 4 { digits += 1; k += 1 }
            if digits > 0, k < s.count, s[k] == "$" {
                position = Int(String(String.UnicodeScalarView(s[j..<k])))
                j = k + 1
            }
            while j < s.count, "-+ #0'".unicodeScalars.contains(s[j]) { j += 1 }
            while j < s.count, ("0"..."9").contains(s[j]) || s[j] == "*" { j += 1 }
            if j < s.count, s[j] == "." { j += 1; while j < s.count, ("0"..."9").contains(s[j]) || s[j] == "*" { j += 1 } }
            var length = ""
            while j < s.count, "hlqLzjt".unicodeScalars.contains(s[j]), length.count < 2 { length.unicodeScalars.append(s[j]); j += 1 }
            guard j < s.count else { break }
            var conversion = s[j]
            switch conversion {
            case "i", "D": conversion = "d"
            case "U": conversion = "u"
            case "O": conversion = "o"
            default: break
            }
            if "@dDiuUxXoOfFeEgGcCsSpaA".unicodeScalars.contains(s[j]) {
                let index = position ?? next
                if position == nil { next += 1 }
                out.append((index, "\(index)$" + length + String(conversion)))
            }
            i = j + 1
        }
        return out.sorted { $0.0 < $1.0 }.map(\.1)
    }
}
