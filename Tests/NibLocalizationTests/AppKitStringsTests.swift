import Foundation
import NibCompiler
import NibLocalization
import NibTestSupport
import StringsFile
import Testing

/// AppKit control texts in a Base-localized document: cell titles and placeholders, box titles, tab view item
/// labels, table column header titles, segment labels and toolbar item labels are archived as
/// `NSLocalizableString` and exported under the keys Apple's ibtool exports them with (docs/LOCALIZATION.md).
@Suite struct AppKitStringsTests {
    /// Quicksilver's catalog preferences: buttons, text fields, boxes, tab view items, table columns and a
    /// segmented control.
    static func catalog() throws -> [UInt8] {
        try LocalizationFixtures.bytes(SharedCorpus.require().appendingPathComponent("macos/quicksilver/QSCatalog.xib"))
    }

    /// Each kind is exported with ibtool's key and class, and the exported keys are the compiled `NSKey`s;
    /// the same document outside Base.lproj compiles no `NSLocalizableString` at all.
    @Test func controlTextsAreLocalizable() throws {
        let bytes = try Self.catalog()
        let localized = try LocalizedDocument(bytes: bytes, fileName: "Base.lproj/QSCatalog.xib")
        func has(_ className: String, _ property: String, _ text: String) -> Bool {
            localized.strings.contains { $0.className == className && $0.property == property && $0.text == text }
        }
        #expect(has("NSButtonCell", "title", "Reset"))
        #expect(has("NSTextFieldCell", "title", "Rescan"))
        #expect(has("NSTabViewItem", "label", "Source Options"))
        #expect(has("NSBox", "title", "Settings"))
        #expect(has("NSTableColumn", "headerCell.title", "Sources"))
        #expect(has("NSSegmentedCell", "ibShadowedLabels[1]", "Contents"))
        let segment = try #require(localized.strings.first { $0.property == "ibShadowedLabels[0]" })
        #expect(LocalizedDocument.comment(for: segment).contains("\(segment.objectID).ibShadowedLabels[0] = \"Source Options\""))

        let exported = Set(localized.strings.map(\.key))
        var options = CompileOptions()
        options.baseLocalized = true
        let compiled = try LocalizationFixtures.compiledKeys(nib: XIBCompiler(options: options).compile(xib: bytes, fileName: "QSCatalog.xib").bytes)
        #expect(exported == compiled, "only exported \(exported.subtracting(compiled).sorted()), only compiled \(compiled.subtracting(exported).sorted())")
        let plain = try LocalizationFixtures.compiledKeys(nib: XIBCompiler().compile(xib: bytes, fileName: "QSCatalog.xib").bytes)
        #expect(plain.isEmpty)
    }

    /// A translation of every AppKit text lands in the document (a header title in the header cell, keyed on
    /// its column; segment labels in their segments) and exports back as the translation.
    @Test func translatedImport() throws {
        let bytes = try Self.catalog()
        let localized = try LocalizedDocument(bytes: bytes, fileName: "Base.lproj/QSCatalog.xib")
        var table = StringsTable()
        for s in localized.strings { table.append(.init(key: s.key, value: "«\(s.text)» & <fr>")) }
        let result = StringsImport.apply(table, tableFile: "fr.strings", to: bytes, localized: localized)
        #expect(result.warnings.isEmpty)
        #expect(result.replaced == localized.strings.count)
        let again = try LocalizedDocument(bytes: result.bytes, fileName: "Base.lproj/QSCatalog.xib")
        #expect(again.strings.map(\.key) == localized.strings.map(\.key))
        #expect(again.strings.allSatisfy { $0.text == table[$0.key] })
    }
}
