import Foundation
import NibCompiler
import NibLocalization
import NibTestSupport
import StringsFile
import Testing
import XIB

/// `--export-xliff` / `--import-xliff`: the strings export's entries as XLIFF 1.2, read back through the
/// strings import.
@Suite struct XLIFFTests {
    static func export(_ localized: LocalizedDocument, _ bytes: [UInt8], target: String? = nil) throws -> [UInt8] {
        try XLIFFExport.bytes(localized, document: bytes, fileName: localized.fileName,
                              options: .init(sourceLanguage: "en", targetLanguage: target, toolVersion: "1"))
    }

    /// The header is the captured one; every exported string is one trans-unit inside its object's group,
    /// with the development text as source and the strings export's comment as note.
    @Test func exportShape() throws {
        let pair = try #require(LocalizationFixtures.iqKeyboardManagerPairs().first { $0.document.lastPathComponent == "SpecialCase.storyboard" })
        let bytes = try LocalizationFixtures.bytes(pair.document)
        let localized = try LocalizedDocument(bytes: bytes, fileName: "SpecialCase.storyboard")
        let xliff = try Self.export(localized, bytes, target: "ja")
        let text = String(decoding: xliff, as: UTF8.self)
        #expect(text.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<xliff xmlns=\"urn:oasis:names:tc:xliff:document:1.2\" xmlns:xsi=\"http://www.w3.org/2001/XMLSchema-instance\" xmlns:ib=\"com.apple.InterfaceBuilder3\" version=\"1.2\""))
        #expect(text.contains("<file original=\"SpecialCase.storyboard\" datatype=\"x-com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB\" tool-id=\"com.apple.ibtool\" source-language=\"en\" target-language=\"ja\">"))
        #expect(text.contains("<body><group ib:member-type=\"objects\">"))
        #expect(text.contains("<group ib:member-type=\"connections\">"))
        let tree = try XMLTree(bytes: xliff, file: "x.xlf")
        let units = tree.elements.filter { $0.isNamed("trans-unit") }
        #expect(units.map { $0.attribute("id") ?? "" } .sorted() == localized.strings.map(\.key).sorted())
        for unit in units {
            let s = try #require(localized.strings.first { $0.key == unit.attribute("id") })
            #expect(unit.parent?.attribute("ib:object-id") == s.objectID)
            #expect(unit.parent?.attribute("ib:class") == s.className)
            #expect(unit.firstChild(named: "source")?.text == s.text)
            #expect(unit.firstChild(named: "note")?.text == LocalizedDocument.comment(for: s))
            #expect(unit.firstChild(named: "target") == nil)
        }
        #expect(try Self.export(localized, bytes, target: "ja") == xliff)
        // Placeholders (File's Owner, First Responder, exits) get no group.
        let groups = tree.elements.compactMap { $0.attribute("ib:object-id") }
        #expect(!groups.isEmpty)
        #expect(!groups.contains("NUL-9c-m8o"))  // a scene's First Responder
    }

    /// Export then import, untranslated, gives back the document byte for byte (every Base-localized
    /// document of the fixtures and the corpus); targets replace the texts, and a unit without a target
    /// keeps its source.
    @Test func roundTrip() throws {
        var documents = try LocalizationFixtures.iqKeyboardManagerPairs().map(\.document)
        let walker = FileManager.default.enumerator(at: try SharedCorpus.require(), includingPropertiesForKeys: nil)
        while let url = walker?.nextObject() as? URL {
            if url.path.contains("/Base.lproj/"), url.pathExtension == "xib" || url.pathExtension == "storyboard" { documents.append(url) }
        }
        #expect(documents.count >= 30)
        var units = 0
        for document in documents {
            let bytes = try LocalizationFixtures.bytes(document)
            let name = document.lastPathComponent
            let localized = try LocalizedDocument(bytes: bytes, fileName: name)
            let xliff = try Self.export(localized, bytes)
            let table = try XLIFFImport.table(xliff, file: "x.xlf", documentName: name)
            // Units come in document order (groups nest as the document does), every string once.
            #expect(table.keys.sorted() == localized.strings.map(\.key).sorted(), "\(document.path)")
            #expect(table.duplicateKeys.isEmpty)
            units += table.entries.count
            let result = StringsImport.apply(table, tableFile: "x.xlf", to: bytes, localized: localized)
            #expect(result.bytes == bytes, "\(document.path)")
            #expect(result.warnings.isEmpty)
        }
        #expect(units > 100)
    }

    /// A translated XLIFF (targets added, one unit left without) gives the translated document.
    @Test func translatedImport() throws {
        let pair = try #require(LocalizationFixtures.iqKeyboardManagerPairs().first { $0.document.lastPathComponent == "SpecialCase.storyboard" })
        let bytes = try LocalizationFixtures.bytes(pair.document)
        let localized = try LocalizedDocument(bytes: bytes, fileName: "SpecialCase.storyboard")
        var text = String(decoding: try Self.export(localized, bytes, target: "de"), as: UTF8.self)
        let untouched = try #require(localized.strings.last)
        for s in localized.strings.dropLast() {
            let source = "<source>\(XLIFFExport.escapedCharacterData(s.text))</source>"
            text = text.replacingOccurrences(of: "id=\"\(s.key)\" ib:key-path-category=\"string\" ib:key-path=\"\(s.property)\">" + source,
                                             with: "id=\"\(s.key)\" ib:key-path-category=\"string\" ib:key-path=\"\(s.property)\">" + source + "<target>DE &amp; \(XLIFFExport.escapedCharacterData(s.text))</target>")
        }
        let table = try XLIFFImport.table(Array(text.utf8), file: "de.xlf", documentName: "SpecialCase.storyboard")
        let result = StringsImport.apply(table, tableFile: "de.xlf", to: bytes, localized: localized)
        #expect(result.replaced == localized.strings.count - 1)
        let translated = try LocalizedDocument(bytes: result.bytes, fileName: "SpecialCase.storyboard")
        for s in translated.strings {
            let original = try #require(localized.strings.first { $0.key == s.key })
            #expect(s.text == (s.key == untouched.key ? original.text : "DE & " + original.text))
        }
    }

    /// Malformed XML, a non-XLIFF root, XLIFF 2, a unit without id or source, and a file for another
    /// document are errors at file:line:col.
    @Test func malformedInput() throws {
        func error(_ text: String, document: String = "Main.storyboard") -> String? {
            do { _ = try XLIFFImport.table(Array(text.utf8), file: "bad.xlf", documentName: document); return nil } catch { return error.description }
        }
        let head = "<xliff version=\"1.2\">\n<file original=\"Main.storyboard\"><body>\n"
        #expect(error(head + "<trans-unit id=\"a.text\"><source>x</source>\n</body></file></xliff>")?.hasPrefix("bad.xlf:4:") == true)
        #expect(error("<plist/>") == "bad.xlf:1:1: error: the root element is <plist>, not an XLIFF <xliff>")
        #expect(error("<xliff version=\"2.0\"/>")?.hasPrefix("bad.xlf:1:1: error: XLIFF 2.0 is not supported") == true)
        #expect(error(head + "  <trans-unit><source>x</source></trans-unit></body></file></xliff>") == "bad.xlf:3:3: error: <trans-unit> has no id attribute")
        #expect(error(head + "<trans-unit id=\"a.text\"><target>x</target></trans-unit></body></file></xliff>") == "bad.xlf:3:1: error: <trans-unit id=\"a.text\"> has no <source>")
        let two = "<xliff version=\"1.2\"><file original=\"A.xib\"/><file original=\"B.xib\"/></xliff>"
        #expect(error(two)?.hasPrefix("bad.xlf:1:1: error: no <file original=") == true)
        #expect(error(two, document: "B.xib") == nil)
        #expect(error(head + "<trans-unit id=\"a.text\"><source>x</source></trans-unit></body></file></xliff>") == nil)
    }
}
