import NibCompiler
import StringsFile
import XIB

/// The localizable strings of an Interface Builder document, as ibtool's `--export-strings-file` lists them.
///
/// The strings are the ones the compiler archives as `NSLocalizableString` (`LocalizableString`): the
/// document is compiled as Base-localized and every recorded string becomes an entry, so the export and
/// the compiled `NSKey`s are one set. Empty texts are not localizable and are not exported.
public struct LocalizedDocument: Sendable {
    /// The document's file name (used in diagnostics).
    public var fileName: String
    /// The localizable strings in ibtool's export order (`exportOrder`).
    public var strings: [LocalizableString]
    /// The compiler's warnings.
    public var diagnostics: [CompileDiagnostic]

    /// Compiles `bytes` (a `.xib` or, when `fileName` ends in `.storyboard`, a storyboard) as Base-localized
    /// and collects its localizable strings. A document that does not compile throws the compiler's errors.
    public init(bytes: [UInt8], fileName: String, options: CompileOptions = CompileOptions()) throws(CompileError) {
        let storyboard = fileName.hasSuffix(".storyboard")
        try self.init(document: XIBDocument.open(bytes, fileName: fileName, options: options, storyboard: storyboard),
                      fileName: fileName, options: options)
    }

    /// Compiles `document` (parsed already, a XIB or a storyboard) as Base-localized and collects its
    /// localizable strings. A document that does not compile throws the compiler's errors.
    public init(document: XIBDocument, fileName: String, options: CompileOptions = CompileOptions()) throws(CompileError) {
        var options = options
        options.baseLocalized = true
        let strings: [LocalizableString]
        if document.isStoryboard {
            let result = try StoryboardCompiler(options: options).compile(document: document, fileName: fileName)
            strings = result.localizableStrings
            diagnostics = result.diagnostics
        } else {
            let result = try XIBCompiler(options: options).compile(document: document, fileName: fileName)
            strings = result.localizableStrings
            diagnostics = result.diagnostics
        }
        self.fileName = fileName
        self.strings = strings.sorted(by: Self.exportOrder)
    }

    /// ibtool's order: by object id, ids of digits only first in numeric order, then the others by UTF-16
    /// code units; for one id, by property in code-unit order.
    public static func exportOrder(_ a: LocalizableString, _ b: LocalizableString) -> Bool {
        if a.objectID != b.objectID { return idPrecedes(a.objectID, b.objectID) }
        return a.property.utf16.lexicographicallyPrecedes(b.property.utf16)
    }

    static func idPrecedes(_ a: String, _ b: String) -> Bool {
        let an = isNumeric(a), bn = isNumeric(b)
        if an != bn { return an }
        if an {
            // Numbers of any length, compared without converting: fewer significant digits first.
            let x = a.drop { $0 == "0" }, y = b.drop { $0 == "0" }
            if x.utf8.count != y.utf8.count { return x.utf8.count < y.utf8.count }
            if x != y { return x.utf8.lexicographicallyPrecedes(y.utf8) }
        }
        return a.utf16.lexicographicallyPrecedes(b.utf16)
    }

    static func isNumeric(_ id: String) -> Bool { !id.isEmpty && id.utf8.allSatisfy { $0 >= 0x30 && $0 <= 0x39 } }

    /// The export's comment for `string`: `Class = "…"; <property> = "…"; ObjectID = "…";` and
    /// `Note = "…";` when the object has a localizer comment. An indexed property (`segmentTitles[0]`) is
    /// named with its id, as ibtool does.
    public static func comment(for string: LocalizableString) -> String {
        let property = string.property.contains("[") ? string.key : string.property
        var c = "Class = \"\(StringsFileWriter.escaped(string.className))\"; \(property) = \"\(StringsFileWriter.escaped(string.text))\"; ObjectID = \"\(StringsFileWriter.escaped(string.objectID))\";"
        if let note = string.note { c += " Note = \"\(StringsFileWriter.escaped(note))\";" }
        return c
    }

    /// The export as a table: each string's key, development text and comment.
    public var table: StringsTable {
        StringsTable(entries: strings.map { .init(key: $0.key, value: $0.text, comment: Self.comment(for: $0)) })
    }

    /// The export file: `table` written as ibtool writes it (UTF-16 little-endian with a byte-order mark by default).
    public func exportBytes(encoding: StringsFileEncoding = .utf16LittleEndian) -> [UInt8] {
        StringsFileWriter.bytes(table, encoding: encoding)
    }
}
