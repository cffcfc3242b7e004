import Foundation
import NibCompiler
import NibRuntime
import NibTestSupport
import PropertyList
import StringsFile
import Testing

/// Base-localized nibs and storyboards translated at run time through `<language>.lproj/<Table>.strings`.
@Suite struct LocalizationTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures")

    /// A bundle with `Base.lproj/Login.nib` (the project's login XIB compiled as Base-localized) and
    /// `Base.lproj/Launch.storyboardc` (IQKeyboardManager's launch storyboard), a German table of each as UTF-16 text,
    /// a French login table as a binary property list, and a Spanish one that translates only the label.
    static func makeBundle() throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("nibc-l10n-\(UUID().uuidString)")
        let fm = FileManager.default
        for sub in ["Base.lproj", "de.lproj", "fr.lproj", "es.lproj"] {
            try fm.createDirectory(at: dir.appendingPathComponent(sub), withIntermediateDirectories: true)
        }
        let xib = [UInt8](try Data(contentsOf: ProjectCorpus.directory.appendingPathComponent("ios/LoginViewController.xib")))
        let nib = try XIBCompiler().compile(xib: xib, fileName: "Base.lproj/Login.xib")
        try Data(nib.bytes).write(to: dir.appendingPathComponent("Base.lproj/Login.nib"))
        let sbBytes = [UInt8](try Data(contentsOf: fixtures.appendingPathComponent("Localization/IQKeyboardManager/Base.lproj/Launch.storyboard")))
        let sb = try StoryboardCompiler().compile(storyboard: sbBytes, fileName: "Base.lproj/Launch.storyboard")
        for file in sb.files {
            let url = dir.appendingPathComponent("Base.lproj/Launch.storyboardc/" + file.path)
            try fm.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(file.bytes).write(to: url)
        }
        func write(_ entries: [(String, String)], _ path: String) throws {
            let table = StringsTable(entries: entries.map { .init(key: $0.0, value: $0.1) })
            try Data(StringsFileWriter.bytes(table)).write(to: dir.appendingPathComponent(path))
        }
        try write([("tTl-lb-001.text", "Anmelden"), ("eMl-fd-001.placeholder", "E-Mail")], "de.lproj/Login.strings")
        try write([("8Gp-lr-M5c.text", "IQKeyboardManager auf Deutsch")], "de.lproj/Launch.strings")
        try write([("tTl-lb-001.text", "Iniciar sesión")], "es.lproj/Login.strings")
        let french = BinaryPropertyListWriter().write(.dictionary([
            PropertyListEntry("tTl-lb-001.text", .string("Connexion")), PropertyListEntry("eMl-fd-001.placeholder", .string("Courriel")),
        ]))
        try Data(french).write(to: dir.appendingPathComponent("fr.lproj/Login.strings"))
        return dir
    }

    /// The label's text and the e-mail field's placeholder of a fresh Login instantiation.
    static func loginTexts(_ bundle: NibBundle) throws -> (label: String?, placeholder: String?) {
        let template = try bundle.template(named: "Login")
        let objects = reachableObjects(from: try template.instantiate(owner: RecordingOwner()))
        let generic = objects.compactMap { $0 as? GenericNibObject }
        let label = generic.first { $0.className == "UILabel" }?.string(forKey: "UIText")
        // The e-mail field is the one whose placeholder is not the password field's (the same in every table here).
        let placeholders = generic.filter { $0.className == "UITextField" }.compactMap { $0.string(forKey: "UIPlaceholder") }
        return (label, placeholders.first { $0 != "Password" })
    }

    @Test func xibTranslatedWithFallback() throws {
        let dir = try Self.makeBundle()
        defer { try? FileManager.default.removeItem(at: dir) }
        func texts(_ languages: [String]) throws -> (String?, String?) {
            try Self.loginTexts(NibBundle(directory: dir.path, registry: NibClassRegistry(), preferredLanguages: languages))
        }
        #expect(try texts([]) == ("Sign in", "Email"))
        #expect(try texts(["de"]) == ("Anmelden", "E-Mail"))
        // Binary table; a regional language falls back to its base language.
        #expect(try texts(["fr-CA"]) == ("Connexion", "Courriel"))
        // Spanish translates the label only: the placeholder comes from the next language, then the development text.
        #expect(try texts(["es", "de"]) == ("Iniciar sesión", "E-Mail"))
        #expect(try texts(["es"]) == ("Iniciar sesión", "Email"))
        #expect(try texts(["ja"]) == ("Sign in", "Email"))
    }

    /// The table is read when the template is made: instantiations do not read it again, so a table changed
    /// afterwards does not show until a new template.
    @Test func tableReadOncePerTemplate() throws {
        let dir = try Self.makeBundle()
        defer { try? FileManager.default.removeItem(at: dir) }
        let bundle = NibBundle(directory: dir.path, registry: NibClassRegistry(), preferredLanguages: ["de"])
        let template = try bundle.template(named: "Login")
        try Data(StringsFileWriter.bytes(StringsTable(entries: [.init(key: "tTl-lb-001.text", value: "Neu")])))
            .write(to: dir.appendingPathComponent("de.lproj/Login.strings"))
        for _ in 0..<2 {
            let labels = reachableObjects(from: try template.instantiate(owner: RecordingOwner()))
                .compactMap { $0 as? GenericNibObject }.filter { $0.className == "UILabel" }
            #expect(labels.first?.string(forKey: "UIText") == "Anmelden")
        }
        #expect(try Self.loginTexts(bundle).label == "Neu")
    }

    /// A storyboard's nibs all use the table named after the storyboard.
    @Test func storyboardTranslatedWithFallback() throws {
        let dir = try Self.makeBundle()
        defer { try? FileManager.default.removeItem(at: dir) }
        func label(_ languages: [String]) throws -> String? {
            let bundle = NibBundle(directory: dir.path, registry: NibClassRegistry(), preferredLanguages: languages)
            let storyboard = try NibStoryboard(named: "Launch", in: bundle)
            let controller = try #require(try storyboard.instantiateInitialController())
            let view = try controller.view()
            let objects = reachableObjects(from: [view].compactMap { $0 } + controller.viewTopLevelObjects)
            return objects.compactMap { $0 as? GenericNibObject }.first { $0.className == "UILabel" }?.string(forKey: "UIText")
        }
        // The development text has a line separator (U+2028) between the words.
        #expect(try label([]) == "IQKeyboardManager\u{2028}Swift")
        #expect(try label(["de-DE"]) == "IQKeyboardManager auf Deutsch")
        #expect(try label(["fr", "de"]) == "IQKeyboardManager auf Deutsch")
        #expect(try label(["fr"]) == "IQKeyboardManager\u{2028}Swift")
    }

    /// A malformed table is an error naming its file, line and column.
    @Test func malformedTableIsLocated() throws {
        let dir = try Self.makeBundle()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("de.lproj/Login.strings").path
        try Data("\"a\" = \"b\"\n\"c\" = \"d\";".utf8).write(to: URL(fileURLWithPath: path))
        let bundle = NibBundle(directory: dir.path, registry: NibClassRegistry(), preferredLanguages: ["de"])
        #expect { try bundle.template(named: "Login") } throws: { error in
            (error as? NibLoadingError)?.description == "\(path):2:1: error: missing ';' after the value (found '\"')"
        }
    }
}
