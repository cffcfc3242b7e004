import Foundation
import NibTestSupport
import Testing

/// `nibc ibtool --export-xliff OUT [--source-language L] [--target-language L] DOC` and
/// `--import-xliff IN --write OUT DOC` through the built binary.
@Suite struct IbtoolXLIFFTests {
    static let storyboard = IbtoolStringsTests.storyboard

    /// Export, import unchanged: the same bytes. A target added in the XLIFF lands in the written document.
    /// Malformed XLIFF: a located error, exit 1, no output file.
    @Test func exportAndImport() throws {
        let dir = try IbtoolCommandTests.scratch("xliff")
        defer { try? FileManager.default.removeItem(at: dir) }
        let xliff = dir.appendingPathComponent("out/fr.xlf")
        let r1 = try NibcProcess.run(["ibtool", "--export-xliff", xliff.path, "--source-language", "en", "--target-language", "fr", Self.storyboard.path])
        #expect(r1.status == 0, "\(r1.stdout)")
        let text = try String(contentsOf: xliff, encoding: .utf8)
        #expect(text.contains("source-language=\"en\" target-language=\"fr\""))
        #expect(text.contains("<trans-unit id=\"2mf-mU-ovU.placeholder\" ib:key-path-category=\"string\" ib:key-path=\"placeholder\"><source>Custom Work</source>"), "\(text)")

        let original = try Data(contentsOf: Self.storyboard)
        let same = dir.appendingPathComponent("same.storyboard")
        let r2 = try NibcProcess.run(["ibtool", "--import-xliff", xliff.path, "--write", same.path, Self.storyboard.path])
        #expect(r2.status == 0, "\(r2.stdout)")
        #expect(try Data(contentsOf: same) == original)

        let translatedXLIFF = dir.appendingPathComponent("fr-done.xlf")
        let edited = text.replacingOccurrences(of: "<source>Custom Work</source>", with: "<source>Custom Work</source><target>Travail personnalisé</target>")
        #expect(edited != text)
        try Data(edited.utf8).write(to: translatedXLIFF)
        let translated = dir.appendingPathComponent("fr.storyboard")
        let r3 = try NibcProcess.run(["ibtool", "--import-xliff", translatedXLIFF.path, "--write", translated.path, Self.storyboard.path])
        #expect(r3.status == 0, "\(r3.stdout)")
        let before = String(decoding: original, as: UTF8.self)
        #expect(try String(contentsOf: translated, encoding: .utf8)
                == before.replacingOccurrences(of: "placeholder=\"Custom Work\"", with: "placeholder=\"Travail personnalisé\""))

        let broken = dir.appendingPathComponent("broken.xlf")
        try Data("<xliff version=\"1.2\">\n<file original=\"SpecialCase.storyboard\"><body>\n<trans-unit id=\"x\">\n</body></file></xliff>\n".utf8).write(to: broken)
        let never = dir.appendingPathComponent("never.storyboard")
        let r4 = try NibcProcess.run(["ibtool", "--import-xliff", broken.path, "--write", never.path, Self.storyboard.path])
        #expect(r4.status == 1)
        #expect(r4.stdout.contains("\(broken.path):4:"), "\(r4.stdout)")
        #expect(!FileManager.default.fileExists(atPath: never.path))

        let r5 = try NibcProcess.run(["ibtool", "--target-language", "fr", Self.storyboard.path])
        #expect(r5.status == 1 && r5.stdout.contains("--export-xliff"), "\(r5.stdout)")
    }
}
