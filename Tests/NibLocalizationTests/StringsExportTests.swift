import Foundation
import NibCompiler
import NibLocalization
import StringsFile
import NibTestSupport
import Testing

/// `--export-strings-file` against Apple's output, and the export/compile key-set equality.
@Suite struct StringsExportTests {
    /// IQKeyboardManager's untranslated `ar.lproj` tables are ibtool's raw export (leading empty line, ibtool's
    /// order): the export of the storyboard of the same commit is the same text, character for character.
    @Test func exportReproducesApplesUntranslatedTables() throws {
        let pairs = try LocalizationFixtures.iqKeyboardManagerPairs()
        #expect(pairs.count == 7)
        var entries = 0
        for (document, strings) in pairs {
            let exported = try LocalizedDocument(bytes: LocalizationFixtures.bytes(document), fileName: document.lastPathComponent)
            let apple = try LocalizationFixtures.bytes(strings)
            let appleTable = try StringsFileParser.parse(apple, file: strings.path)
            entries += appleTable.entries.count
            #expect(StringsFileWriter.text(exported.table) == String(decoding: apple, as: UTF8.self), "\(document.lastPathComponent)")
            #expect(exported.table == StringsTable(entries: appleTable.entries.map { .init(key: $0.key, value: $0.value, comment: $0.comment) }))
        }
        #expect(entries > 100)
    }

    /// ibtool writes UTF-16 little-endian with a byte-order mark; an empty table is the mark and one newline.
    @Test func exportBytesAreUTF16WithBOM() throws {
        let (document, _) = try #require(LocalizationFixtures.iqKeyboardManagerPairs().first { $0.document.lastPathComponent == "SpecialCase.storyboard" })
        let bytes = try LocalizedDocument(bytes: LocalizationFixtures.bytes(document), fileName: "SpecialCase.storyboard").exportBytes()
        #expect(Array(bytes.prefix(8)) == [0xFF, 0xFE, 0x0A, 0x00, 0x2F, 0x00, 0x2A, 0x00])
        #expect(StringsFileWriter.bytes(StringsTable()) == [0xFF, 0xFE, 0x0A, 0x00])
        #expect(try StringsFileParser.parse(bytes, file: "x").entries.count == 25)
    }

    /// ibtool's order: numeric ids first in numeric order, then code-unit order, then property.
    @Test func exportOrder() {
        func s(_ id: String, _ p: String) -> LocalizableString { LocalizableString(objectID: id, property: p, text: "t", className: "UILabel") }
        let shuffled = [s("abc", "text"), s("110", "title"), s("ABC", "text"), s("5", "title"), s("0Ab", "text"), s("23", "b"),
                        s("23", "a"), s("1200", "title"), s("9zz", "x"), s("1Xy", "x")]
        let sorted = shuffled.sorted(by: LocalizedDocument.exportOrder).map(\.key)
        #expect(sorted == ["5.title", "23.a", "23.b", "110.title", "1200.title", "0Ab.text", "1Xy.x", "9zz.x", "ABC.text", "abc.text"])
    }

    /// The comment names the class, the property with the text, the id, and the localizer's note.
    @Test func commentFields() {
        var string = LocalizableString(objectID: "gBo-Cu-e2k", property: "text", text: "Say \"hi\"\n", className: "UILabel",
                                       note: "Fire button animation settings item")
        #expect(LocalizedDocument.comment(for: string)
                == #"Class = "UILabel"; text = "Say \"hi\"\n"; ObjectID = "gBo-Cu-e2k"; Note = "Fire button animation settings item";"#)
        string.property = "segmentTitles[0]"
        string.note = nil
        #expect(LocalizedDocument.comment(for: string) == #"Class = "UILabel"; gBo-Cu-e2k.segmentTitles[0] = "Say \"hi\"\n"; ObjectID = "gBo-Cu-e2k";"#)
    }

    /// The exported keys are the compiled `NSKey`s, read back from the compiled nibs, for every Base-localized
    /// document of the corpus and of the fixtures.
    @Test func exportKeysAreTheCompiledKeys() throws {
        let corpus = try SharedCorpus.require()
        var documents: [(URL, CompileOptions)] = []
        let walker = FileManager.default.enumerator(at: corpus, includingPropertiesForKeys: nil)
        while let url = walker?.nextObject() as? URL {
            guard url.path.contains("/Base.lproj/"), url.pathExtension == "xib" || url.pathExtension == "storyboard" else { continue }
            let flags = SharedCorpus.storyboardFlags(SharedCorpus.relative(url))
            var options = CompileOptions(moduleName: flags.moduleName, minimumDeploymentTarget: flags.minimumDeploymentTarget)
            if let v = flags.xcodeVersion, let x = XcodeVersion(v) { options.xcodeVersion = x }
            documents.append((url, options))
        }
        documents += try LocalizationFixtures.iqKeyboardManagerPairs().map { ($0.document, CompileOptions()) }
        #expect(documents.count >= 30)
        var total = 0
        for (url, options) in documents {
            let bytes = try LocalizationFixtures.bytes(url)
            let name = "Base.lproj/" + url.lastPathComponent
            let exported = Set(try LocalizedDocument(bytes: bytes, fileName: name, options: options).strings.map(\.key))
            var compiled: Set<String> = []
            if url.pathExtension == "storyboard" {
                for file in try StoryboardCompiler(options: options).compile(storyboard: bytes, fileName: name).files
                    where file.bytes.starts(with: Array("NIBArchive".utf8)) {
                    compiled.formUnion(try LocalizationFixtures.compiledKeys(nib: file.bytes))
                }
            } else {
                compiled = try LocalizationFixtures.compiledKeys(nib: XIBCompiler(options: options).compile(xib: bytes, fileName: name).bytes)
            }
            #expect(exported == compiled, "\(url.path): only exported \(exported.subtracting(compiled).sorted()), only compiled \(compiled.subtracting(exported).sorted())")
            total += exported.count
        }
        #expect(total > 300)
    }

    /// Against Apple: the `NSKey`s in the nibs Apple's ibtool compiled from the corpus's Base-localized
    /// documents (`X.storyboardc`, `X.nib` beside the document) are the keys nibc exports for them.
    @Test func exportKeysAreApplesCompiledKeys() throws {
        let corpus = try SharedCorpus.require()
        var compared = 0, keys = 0
        let walker = FileManager.default.enumerator(at: corpus, includingPropertiesForKeys: nil)
        while let url = walker?.nextObject() as? URL {
            guard url.path.contains("/Base.lproj/"), url.pathExtension == "xib" || url.pathExtension == "storyboard" else { continue }
            let compiled = url.deletingPathExtension().appendingPathExtension(url.pathExtension == "xib" ? "nib" : "storyboardc")
            guard FileManager.default.fileExists(atPath: compiled.path) else { continue }
            let flags = SharedCorpus.storyboardFlags(SharedCorpus.relative(url))
            var options = CompileOptions(moduleName: flags.moduleName, minimumDeploymentTarget: flags.minimumDeploymentTarget)
            if let v = flags.xcodeVersion, let x = XcodeVersion(v) { options.xcodeVersion = x }
            let exported = Set(try LocalizedDocument(bytes: LocalizationFixtures.bytes(url), fileName: "Base.lproj/" + url.lastPathComponent,
                                                     options: options).strings.map(\.key))
            let apple = try LocalizationFixtures.compiledKeys(at: compiled)
            #expect(exported == apple, "\(url.path): only exported \(exported.subtracting(apple).sorted()), only Apple's \(apple.subtracting(exported).sorted())")
            compared += 1
            keys += apple.count
        }
        #expect(compared >= 20)
        #expect(keys > 200)
    }
}
