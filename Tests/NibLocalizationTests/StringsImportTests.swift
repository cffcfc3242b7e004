import Foundation
import NibCompiler
import NibLocalization
import NibTestSupport
import StringsFile
import Testing

/// `--import-strings-file`: only the localized values change.
@Suite struct StringsImportTests {
    static func document(_ name: String) throws -> (bytes: [UInt8], localized: LocalizedDocument) {
        let pair = try #require(LocalizationFixtures.iqKeyboardManagerPairs().first { $0.document.lastPathComponent == name })
        let bytes = try LocalizationFixtures.bytes(pair.document)
        return (bytes, try LocalizedDocument(bytes: bytes, fileName: name))
    }

    /// Importing the unchanged export gives back the document byte for byte; a translation of every string,
    /// imported, exports back as that translation: for the fixtures and every Base-localized corpus document
    /// (storyboards and XIBs).
    @Test func unchangedImportIsTheSameBytes() throws {
        var documents = try LocalizationFixtures.iqKeyboardManagerPairs().map(\.document)
        let walker = FileManager.default.enumerator(at: try SharedCorpus.require(), includingPropertiesForKeys: nil)
        while let url = walker?.nextObject() as? URL {
            if url.path.contains("/Base.lproj/"), url.pathExtension == "xib" || url.pathExtension == "storyboard" { documents.append(url) }
        }
        #expect(documents.count >= 30)
        #expect(documents.contains { $0.pathExtension == "xib" })
        for document in documents {
            let bytes = try LocalizationFixtures.bytes(document)
            let localized = try LocalizedDocument(bytes: bytes, fileName: document.lastPathComponent)
            let table = try StringsFileParser.parse(localized.exportBytes(), file: "export.strings")
            let result = StringsImport.apply(table, tableFile: "export.strings", to: bytes, localized: localized)
            #expect(result.bytes == bytes)
            #expect(result.replaced == 0)
            #expect(result.warnings.isEmpty)
            var translated = StringsTable()
            for string in localized.strings { translated.append(.init(key: string.key, value: "«\(string.text)» & <\"ü\">\n")) }
            let imported = StringsImport.apply(translated, tableFile: "t", to: bytes, localized: localized)
            #expect(imported.replaced == localized.strings.count, "\(document.path)")
            let again = try LocalizedDocument(bytes: imported.bytes, fileName: document.lastPathComponent)
            #expect(again.strings.map(\.key) == localized.strings.map(\.key), "\(document.path)")
            #expect(again.strings.allSatisfy { $0.text == translated[$0.key] }, "\(document.path)")
        }
    }

    /// Translated values land in the document, escaped for XML, and everything else is untouched: the
    /// translated document's export has the translations, and its text differs only inside the values.
    @Test func translatedImport() throws {
        let (bytes, localized) = try Self.document("SpecialCase.storyboard")
        var table = StringsTable()
        for (i, s) in localized.strings.enumerated() { table.append(.init(key: s.key, value: "«\(i)» <\"&'>\n" + s.text)) }
        table.append(.init(key: "nope-00-000.text", value: "x", location: .init(file: "t.strings", line: 9, column: 1)))
        let result = StringsImport.apply(table, tableFile: "t.strings", to: bytes, localized: localized)
        #expect(result.replaced == localized.strings.count)
        #expect(result.warnings.map(\.description) == ["t.strings:9:1: warning: 'nope-00-000.text' names no localizable property of SpecialCase.storyboard; ignored"])
        let translated = try LocalizedDocument(bytes: result.bytes, fileName: "SpecialCase.storyboard")
        #expect(translated.strings.map(\.key) == localized.strings.map(\.key))
        for s in translated.strings { #expect(s.text == table[s.key]) }
        // Back to the original texts gives back the original bytes.
        let back = StringsImport.apply(localized.table, tableFile: "b", to: result.bytes, localized: translated)
        #expect(back.bytes == bytes)
    }

    /// export → translate → import → compile: the compiled nibs carry the translated texts.
    @Test func translatedDocumentCompilesWithTranslations() throws {
        let (bytes, localized) = try Self.document("ScrollView.storyboard")
        var table = StringsTable()
        for s in localized.strings { table.append(.init(key: s.key, value: "AR " + s.text)) }
        let result = StringsImport.apply(table, tableFile: "t", to: bytes, localized: localized)
        let compiled = try StoryboardCompiler().compile(storyboard: result.bytes, fileName: "ar.lproj/ScrollView.storyboard")
        var texts = Set<String>()
        for file in compiled.files where file.bytes.starts(with: Array("NIBArchive".utf8)) {
            let text = String(decoding: file.bytes, as: UTF8.self)
            for s in localized.strings where text.contains("AR " + s.text) { texts.insert(s.key) }
        }
        #expect(texts == Set(localized.strings.map(\.key)))
    }
}
