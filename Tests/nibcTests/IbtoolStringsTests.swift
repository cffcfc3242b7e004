import Foundation
import NibArchive
import NibTestSupport
import Testing

/// `nibc ibtool --export-strings-file / --generate-strings-file / --import-strings-file --write /
/// --localizable-strings` through the built binary (and its `ibtool` symlink).
@Suite struct IbtoolStringsTests {
    /// IQKeyboardManager's SpecialCase storyboard with the untranslated table Apple's ibtool exported for it.
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/Localization/IQKeyboardManager")
    static let storyboard = fixtures.appendingPathComponent("Base.lproj/SpecialCase.storyboard")
    static let appleTable = fixtures.appendingPathComponent("ar.lproj/SpecialCase.strings")

    /// Both option names write Apple's table: UTF-16LE with a byte-order mark, the same text as Apple's file.
    @Test func exportAndGenerateWriteApplesTable() throws {
        let dir = try IbtoolCommandTests.scratch("strings-export")
        defer { try? FileManager.default.removeItem(at: dir) }
        let ibtool = try IbtoolCommandTests.ibtoolLink(in: dir)
        let apple = try String(contentsOf: Self.appleTable, encoding: .utf8)
        for option in ["--export-strings-file", "--generate-strings-file"] {
            let out = dir.appendingPathComponent("out\(option).strings")
            let r = try NibcProcess.run([option, out.path, Self.storyboard.path], executable: ibtool)
            #expect(r.status == 0, "\(r.stdout)\(r.stderr)")
            #expect(r.stdout.isEmpty)
            let bytes = try Data(contentsOf: out)
            #expect(Array(bytes.prefix(2)) == [0xFF, 0xFE])
            #expect(String(data: bytes, encoding: .utf16) == apple)
        }
    }

    /// `--localizable-strings` reports object id → property → text under ibtool's key.
    @Test func localizableStringsReport() throws {
        let r = try NibcProcess.run(["ibtool", "--localizable-strings", Self.storyboard.path])
        #expect(r.status == 0, "\(r.stdout)")
        let plist = try #require(try PropertyListSerialization.propertyList(from: Data(r.stdout.utf8), format: nil) as? [String: Any])
        let strings = try #require(plist["com.apple.ibtool.document.localizable-strings"] as? [String: [String: String]])
        #expect(strings["2mf-mU-ovU"] == ["placeholder": "Custom Work"])
        #expect(strings.values.reduce(0) { $0 + $1.count } == 25)
    }

    /// Import: the unchanged table gives back the document byte for byte; a translation changes only the
    /// values and compiles to nibs with the translated text; unknown keys are warnings naming them; a
    /// malformed table is a located error and nothing is written.
    @Test func importStringsFile() throws {
        let dir = try IbtoolCommandTests.scratch("strings-import")
        defer { try? FileManager.default.removeItem(at: dir) }
        let original = try Data(contentsOf: Self.storyboard)
        let unchanged = dir.appendingPathComponent("same.storyboard")
        let r1 = try NibcProcess.run(["ibtool", "--import-strings-file", Self.appleTable.path, "--write", unchanged.path, Self.storyboard.path])
        #expect(r1.status == 0, "\(r1.stdout)")
        #expect(try Data(contentsOf: unchanged) == original)

        let table = dir.appendingPathComponent("de.strings")
        try Data("\"2mf-mU-ovU.placeholder\" = \"Eigene Arbeit\";\n\"zzz-zz-zzz.text\" = \"x\";\n".utf8).write(to: table)
        let translated = dir.appendingPathComponent("Base.lproj/SpecialCase.storyboard")
        let r2 = try NibcProcess.run(["ibtool", "--warnings", "--output-format", "human-readable-text", "--import-strings-file", table.path,
                                      "--write", translated.path, Self.storyboard.path])
        #expect(r2.status == 0, "\(r2.stdout)")
        #expect(r2.stdout.contains("\(table.path):2: warning: 'zzz-zz-zzz.text' names no localizable property"), "\(r2.stdout)")
        let text = try String(contentsOf: translated, encoding: .utf8)
        let before = String(decoding: original, as: UTF8.self)
        #expect(text == before.replacingOccurrences(of: "placeholder=\"Custom Work\"", with: "placeholder=\"Eigene Arbeit\""))
        #expect(text != before)
        let compiled = dir.appendingPathComponent("SpecialCase.storyboardc")
        let c = try NibcProcess.run(["compile", translated.path, "-o", compiled.path])
        #expect(c.status == 0, "\(c.stderr)")
        var found = false
        for name in try FileManager.default.contentsOfDirectory(atPath: compiled.path) {
            let data = try Data(contentsOf: compiled.appendingPathComponent(name))
            if data.range(of: Data("Eigene Arbeit".utf8)) != nil { found = true }
            #expect(data.range(of: Data("Custom Work".utf8)) == nil)
        }
        #expect(found)

        let broken = dir.appendingPathComponent("broken.strings")
        try Data("\"a\" = \"b\"\n\"c\" = \"d\";\n".utf8).write(to: broken)
        let out = dir.appendingPathComponent("never.storyboard")
        let r3 = try NibcProcess.run(["ibtool", "--import-strings-file", broken.path, "--write", out.path, Self.storyboard.path])
        #expect(r3.status == 1)
        #expect(r3.stdout.contains("\(broken.path):2:1: error: missing ';'"), "\(r3.stdout)")
        #expect(!FileManager.default.fileExists(atPath: out.path))
        let r4 = try NibcProcess.run(["ibtool", "--import-strings-file", table.path, Self.storyboard.path])
        #expect(r4.status == 1 && r4.stdout.contains("--write"), "\(r4.stdout)")
    }
}
