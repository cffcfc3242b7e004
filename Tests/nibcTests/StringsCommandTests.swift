import Foundation
import Testing

/// `nibc strings export|check` over a tree of Base-localized documents, through the built binary.
@Suite struct StringsCommandTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/Localization/IQKeyboardManager")

    /// A project tree: `App/Base.lproj/{Settings,Launch}.storyboard` with Apple's untranslated Arabic tables.
    static func tree(_ name: String) throws -> URL {
        let dir = try IbtoolCommandTests.scratch(name)
        let fm = FileManager.default
        for sub in ["App/Base.lproj", "App/ar.lproj", "App/de.lproj"] {
            try fm.createDirectory(at: dir.appendingPathComponent(sub), withIntermediateDirectories: true)
        }
        for doc in ["Settings", "Launch"] {
            try fm.copyItem(at: fixtures.appendingPathComponent("Base.lproj/\(doc).storyboard"), to: dir.appendingPathComponent("App/Base.lproj/\(doc).storyboard"))
            try fm.copyItem(at: fixtures.appendingPathComponent("ar.lproj/\(doc).strings"), to: dir.appendingPathComponent("App/ar.lproj/\(doc).strings"))
        }
        return dir
    }

    @Test func exportWritesEveryTable() throws {
        let dir = try Self.tree("strings-export-tree")
        defer { try? FileManager.default.removeItem(at: dir) }
        let r = try NibcProcess.run(["strings", "export", "--language", "en", dir.appendingPathComponent("App").path])
        #expect(r.status == 0, "\(r.stderr)")
        for doc in ["Settings", "Launch"] {
            let data = try Data(contentsOf: dir.appendingPathComponent("App/en.lproj/\(doc).strings"))
            #expect(Array(data.prefix(2)) == [0xFF, 0xFE])
            #expect(String(data: data, encoding: .utf16) == (try String(contentsOf: Self.fixtures.appendingPathComponent("ar.lproj/\(doc).strings"), encoding: .utf8)))
        }
        let out = dir.appendingPathComponent("out")
        let r2 = try NibcProcess.run(["strings", "export", "--encoding", "utf-8", "-o", out.path, dir.path])
        #expect(r2.status == 0, "\(r2.stderr)")
        #expect(try Data(contentsOf: out.appendingPathComponent("App/Launch.strings"))
                == Data(contentsOf: Self.fixtures.appendingPathComponent("ar.lproj/Launch.strings")))
    }

    @Test func checkFindsStaleMissingAndMismatchedKeys() throws {
        let dir = try Self.tree("strings-check-tree")
        defer { try? FileManager.default.removeItem(at: dir) }
        let app = dir.appendingPathComponent("App").path
        let clean = try NibcProcess.run(["strings", "check", app])
        #expect(clean.status == 0, "\(clean.stderr)")
        #expect(clean.stdout.contains("ar.lproj/Settings.strings: 16 keys, 0 errors, 0 warnings"), "\(clean.stdout)")

        // German: one translation with a stray format specifier, one key of a deleted object, the rest missing.
        let german = dir.appendingPathComponent("App/de.lproj/Launch.strings")
        try Data("\"8Gp-lr-M5c.text\" = \"%@ auf Deutsch\";\n\"gone-00-000.text\" = \"Alt\";\n".utf8).write(to: german)
        try Data("\"GZq-JS-dIA.text\" = \"x\";\n".utf8).write(to: dir.appendingPathComponent("App/de.lproj/Settings.strings"))
        let r = try NibcProcess.run(["strings", "check", app])
        #expect(r.status == 1)
        #expect(r.stderr.contains("\(german.path):1:1: error: '8Gp-lr-M5c.text' has format specifiers %1$@ where the development text has none [format-mismatch]"), "\(r.stderr)")
        #expect(r.stderr.contains("\(german.path):2:1: error: 'gone-00-000.text' names no localizable property"), "\(r.stderr)")
        #expect(r.stderr.contains("de.lproj/Settings.strings:1:1: error: no translation for"), "\(r.stderr)")
        let allowing = try NibcProcess.run(["strings", "check", "--allow-missing", app])
        #expect(allowing.stderr.contains("warning: no translation for"))
        #expect(allowing.status == 1)  // the stale key and the mismatch are still errors

        // A malformed table is a located error.
        try Data("\"a\" = \"b\"".utf8).write(to: german)
        let bad = try NibcProcess.run(["strings", "check", app])
        #expect(bad.status == 1)
        #expect(bad.stderr.contains("\(german.path):1:10: error: missing ';' at the end of the file"), "\(bad.stderr)")
    }
}
