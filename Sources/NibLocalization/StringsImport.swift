import NibCompiler
import StringsFile
import XIB
import XMLEscaping

/// Writes translations into a document: each localizable text named by a key of the table is replaced by
/// the table's value, in place; every other byte of the document stays as it was (ibtool's
/// `--import-strings-file IN --write OUT DOC`).
public enum StringsImport {
    /// The translated document and what could not be applied.
    public struct Result: Sendable {
        /// The document with the translated values.
        public var bytes: [UInt8]
        /// Keys of the table that name no localizable property of the document, or whose text cannot be
        /// rewritten.
        public var warnings: [Warning]
        /// How many values changed.
        public var replaced: Int
    }

    /// A key that was not applied, with its place in the table when known.
    public struct Warning: Sendable, Hashable, CustomStringConvertible {
        public var key: String
        public var message: String
        public var location: StringsLocation?
        /// `file:line:col: warning: message`.
        public var description: String { (location.map { "\($0): " } ?? "") + "warning: " + message }
    }

    /// `document` (the bytes `localized` was made from) with the values of `table` applied.
    public static func apply(_ table: StringsTable, tableFile: String, to document: [UInt8], localized: LocalizedDocument) -> Result {
        var byKey: [String: LocalizableString] = [:]
        for s in localized.strings { byKey[s.key] = s }
        var warnings: [Warning] = []
        var edits: [(range: Range<Int>, bytes: [UInt8])] = []
        for key in table.keys {
            guard let entry = table.entry(key) else { continue }
            let place = entry.location ?? StringsLocation(file: tableFile, line: 1, column: 1)
            guard let string = byKey[key] else {
                warnings.append(Warning(key: key, message: "'\(key)' names no localizable property of \(localized.fileName); ignored", location: place))
                continue
            }
            if entry.value == string.text { continue }
            guard let location = string.location, location.range.upperBound <= document.count else {
                warnings.append(Warning(key: key, message: "the text of '\(key)' could not be placed in \(localized.fileName); ignored", location: place))
                continue
            }
            let quote: UInt8 = location.range.lowerBound > 0 ? document[location.range.lowerBound - 1] : UInt8(ascii: "\"")
            edits.append((location.range, encode(entry.value, as: location.form, quote: quote)))
        }
        edits.sort { $0.range.lowerBound < $1.range.lowerBound }
        var out: [UInt8] = []
        out.reserveCapacity(document.count)
        var cursor = 0
        for edit in edits where edit.range.lowerBound >= cursor {
            out.append(contentsOf: document[cursor..<edit.range.lowerBound])
            out.append(contentsOf: edit.bytes)
            cursor = edit.range.upperBound
        }
        out.append(contentsOf: document[cursor...])
        return Result(bytes: out, warnings: warnings, replaced: edits.count)
    }

    /// `text` as the document spells it at a place of `form`.
    static func encode(_ text: String, as form: LocalizableString.TextLocation.Form, quote: UInt8) -> [UInt8] {
        switch form {
        case .base64: return Base64.encode(Array(text.utf8))
        case .characterData:
            var out: [UInt8] = []
            XMLEscaping.append(text.utf8, for: .characterData, to: &out)
            return out
        case .attribute:
            var out: [UInt8] = []
            XMLEscaping.append(text.utf8, for: .attributeValue(quote: quote == UInt8(ascii: "'") ? .single : .double), to: &out)
            return out
        }
    }
}

/// Standard base64 with padding (the `base64-UTF8="YES"` strings of XIBs).
enum Base64 {
    static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    static func encode(_ bytes: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        var i = 0
        while i < bytes.count {
            let n = min(3, bytes.count - i)
            let b0 = UInt32(bytes[i]), b1 = n > 1 ? UInt32(bytes[i + 1]) : 0, b2 = n > 2 ? UInt32(bytes[i + 2]) : 0
            let v = b0 << 16 | b1 << 8 | b2
            out.append(alphabet[Int(v >> 18 & 63)])
            out.append(alphabet[Int(v >> 12 & 63)])
            out.append(n > 1 ? alphabet[Int(v >> 6 & 63)] : UInt8(ascii: "="))
            out.append(n > 2 ? alphabet[Int(v & 63)] : UInt8(ascii: "="))
            i += 3
        }
        return out
    }
}
