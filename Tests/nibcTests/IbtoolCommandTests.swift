import Foundation
import NibTestSupport
import Testing

/// End-to-end tests of `nibc ibtool` and of nibc run through a symlink named `ibtool`, with the argument
/// lists rules_apple and Xcode pass (docs/IBTOOL.md): outputs equal `nibc compile`, reports parse back
/// as property lists with ibtool's keys.
@Suite struct IbtoolCommandTests {
    static func scratch(_ name: String) throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("nibc-ibtool-\(getpid())-\(name)")
        try? FileManager.default.removeItem(at: dir)
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir
    }

    /// A symlink named `ibtool` to the built nibc, in `dir`.
    static func ibtoolLink(in dir: URL) throws -> URL {
        let link = dir.appendingPathComponent("bin/ibtool")
        try FileManager.default.createDirectory(at: link.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: NibcProcess.binary.path)
        return link
    }

    static let login = ProjectCorpus.directory.appendingPathComponent("ios/LoginViewController.xib").path

    /// A macOS document from the shared corpus that compiles with warnings and is clean for Interface Builder:
    /// Vienna's FeedCredentials has accessibility relationship connections, which nibc reports and does not
    /// archive for lack of a source (docs/APPKIT-COVERAGE.md).
    static func macDocument() throws -> String {
        try SharedCorpus.require().appendingPathComponent("macos/vienna/FeedCredentials.xib").path
    }

    /// `nibc compile IN -o OUT` with the same module and deployment target: the reference bytes.
    static func reference(_ input: String, module: String, target: String, in dir: URL) throws -> Data {
        let out = dir.appendingPathComponent("reference-\(UUID().uuidString).nib").path
        let r = try NibcProcess.run(["compile", input, "-o", out, "--module", module, "--minimum-deployment-target", target])
        #expect(r.status == 0, "\(r.stderr)")
        return try Data(contentsOf: URL(fileURLWithPath: out))
    }

    static func plist(_ text: String) throws -> [String: Any] {
        let value = try PropertyListSerialization.propertyList(from: Data(text.utf8), options: [], format: nil)
        return try #require(value as? [String: Any], "not a dictionary: \(text)")
    }

    /// rules_apple's compile_xib: `ibtool --compile OUT --minimum-deployment-target M --target-device …
    /// --module X IN`; a quiet success prints nothing.
    @Test(arguments: ["nibc", "symlink"]) func rulesAppleXibCompile(_ how: String) throws {
        let dir = try Self.scratch("rules-apple-\(how)")
        let out = dir.appendingPathComponent("out/LoginViewController.nib").path
        let args = ["--compile", out, "--minimum-deployment-target", "15.0",
                    "--target-device", "iphone", "--target-device", "ipad", "--module", "App", Self.login]
        let r = how == "nibc" ? try NibcProcess.run(["ibtool"] + args)
                              : try NibcProcess.run(args, executable: try Self.ibtoolLink(in: dir))
        #expect(r.status == 0, "\(r.stdout)\(r.stderr)")
        #expect(r.stdout.isEmpty && r.stderr.isEmpty, "\(r.stdout)\(r.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: out)) == Self.reference(Self.login, module: "App", target: "15.0", in: dir))
    }

    /// Xcode's CompileXIB command line (swift-build's IBCompiler.xcspec and task-construction tests), for
    /// an iOS and a macOS document, through the symlink; with the xml1 report parsed back.
    @Test(arguments: ["ios", "macos"]) func xcodeXibCompile(_ platform: String) throws {
        let dir = try Self.scratch("xcode-\(platform)")
        let input = platform == "ios" ? Self.login : try Self.macDocument()
        let devices = platform == "ios" ? ["--target-device", "iphone", "--target-device", "ipad"] : ["--target-device", "mac"]
        let name = ((input as NSString).lastPathComponent as NSString).deletingPathExtension
        let out = dir.appendingPathComponent("App.app/Contents/Resources/\(name).nib").path
        let partial = dir.appendingPathComponent("App.build/\(name)-PartialInfo.plist").path
        let ibtool = try Self.ibtoolLink(in: dir)
        func xcode(_ format: String) -> [String] {
            ["--errors", "--warnings", "--notices", "--module", "App", "--output-partial-info-plist", partial,
             "--auto-activate-custom-fonts", "--cocoatouch-compiler-mode", "toolchain"] + devices
                + ["--minimum-deployment-target", "14.0", "--output-format", format, "--compile", out, input]
        }
        let reference = try Self.reference(input, module: "App", target: "14.0", in: dir)

        let text = try NibcProcess.run(xcode("human-readable-text"), executable: ibtool)
        #expect(text.status == 0, "\(text.stdout)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: out)) == reference)
        let partialInfo = try PropertyListSerialization.propertyList(from: Data(contentsOf: URL(fileURLWithPath: partial)), format: nil)
        #expect((partialInfo as? [String: Any])?.isEmpty == true)

        try FileManager.default.removeItem(atPath: out)
        let xml = try NibcProcess.run(xcode("xml1"), executable: ibtool)
        #expect(xml.status == 0)
        #expect(try Data(contentsOf: URL(fileURLWithPath: out)) == reference)
        let report = try Self.plist(xml.stdout)
        #expect(Set(report.keys) == ["com.apple.ibtool.document.errors", "com.apple.ibtool.document.warnings",
                                     "com.apple.ibtool.document.notices"])
        #expect((report["com.apple.ibtool.document.errors"] as? [String: Any])?.isEmpty == true)
        // Both documents are clean for Interface Builder: nibc's own findings are notices, never Apple warnings.
        #expect((report["com.apple.ibtool.document.warnings"] as? [String: Any])?.isEmpty == true, "\(xml.stdout)")
        #expect(!text.stdout.contains(": warning: "), "\(text.stdout)")
        let notices = try #require(report["com.apple.ibtool.document.notices"] as? [String: [[String: Any]]])
        let entries = notices.values.flatMap { $0 }
        // Each text line `PATH:LINE: note: MESSAGE` is one plist entry under `nibc:LINE`, of type `nibc`.
        let lines = text.stdout.split(separator: "\n").filter { $0.contains(": note: ") }
        #expect(entries.count == lines.count)
        for entry in entries {
            let line = try #require(entry["line"] as? Int)
            let message = try #require(entry["message"] as? String)
            #expect(entry["type"] as? String == "nibc")
            #expect(notices["nibc:\(line)"] != nil)
            #expect(lines.contains("\(input):\(line): note: \(message)"[...]), "\(message)")
        }
        if platform == "macos" {
            #expect(!entries.isEmpty, "the macOS document is chosen for nibc's own warnings")
            #expect(text.stdout.hasPrefix("/* com.apple.ibtool.document.notices */\n"), "\(text.stdout)")
        }
    }

    /// Document errors: exit 1, nothing written, each error under `com.apple.ibtool.document.errors` with
    /// its line, and without `--errors` under `com.apple.ibtool.errors`.
    /// `--xcode-version` (and `NIBC_XCODE_VERSION`) choose the Xcode reproduced: Flutter's launch screen as Xcode 14.2 and
    /// 26.1 compiled it differ in the scene nib's version key, and nibc's output follows; a bad version is a usage error.
    @Test func xcodeVersionChoosesTheVocabulary() throws {
        let dir = try Self.scratch("xcode-version")
        defer { try? FileManager.default.removeItem(at: dir) }
        let corpus = try SharedCorpus.require().appendingPathComponent("recent-storyboards")
        let input = corpus.appendingPathComponent("flutter-recaptcha-xcode14.2/Base.lproj/LaunchScreen.storyboard").path
        let scene = "UIViewController-01J-lp-oVM.nib"
        func compiled(_ name: String, _ extra: [String], environment: [String: String] = [:]) throws -> Data {
            let out = dir.appendingPathComponent(name + ".storyboardc")
            let r = try NibcProcess.run(["ibtool", "--minimum-deployment-target", "11.0"] + extra + ["--compile", out.path, input], environment: environment)
            #expect(r.status == 0, "\(r.stdout)")
            return try Data(contentsOf: out.appendingPathComponent(scene))
        }
        for (version, folder) in [("14.2", "flutter-recaptcha-xcode14.2"), ("26.1", "flutter-reactive-orm-xcode26.1")] {
            let apple = try Data(contentsOf: corpus.appendingPathComponent("\(folder)/Base.lproj/LaunchScreen.storyboardc/\(scene)"))
            let ours = try compiled("flag-\(version)", ["--xcode-version", version])
            #expect(ours.suffix(4) == apple.suffix(4), "the LNE trailer as Xcode \(version) writes it")
            #expect(try compiled("env-\(version)", [], environment: ["NIBC_XCODE_VERSION": version]) == ours)
        }
        #expect(try compiled("default", []) == (try compiled("newest", ["--xcode-version", "26.1"])))
        let bad = try NibcProcess.run(["ibtool", "--xcode-version", "fifteen", "--compile", dir.appendingPathComponent("bad.storyboardc").path, input])
        #expect(bad.status == 1 && bad.stdout.contains("Invalid value 'fifteen' for '--xcode-version'"), "\(bad.stdout)")
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("bad.storyboardc").path))
        let compile = try NibcProcess.run(["compile", input, "-o", dir.appendingPathComponent("c.storyboardc").path, "--xcode-version", "1.2.3.4"])
        #expect(compile.status == 64 && compile.stderr.contains("--xcode-version"), "\(compile.stderr)")
    }

    /// Xcode's command line for a Base-localized XIB (swift-build's `ResourceTaskConstructionTests`) through the `ibtool`
    /// symlink: the nib in `Base.lproj` with `NSLocalizableString`s, each companion strings file copied verbatim into its
    /// `LOCALE.lproj` named after the output; a storyboard with `--compilation-directory` the same; an output outside
    /// `Base.lproj` or a missing strings file fails with nothing written. `nibc compile` has the same flag.
    @Test func companionStringsFilesLandBesideBaseLproj() throws {
        let dir = try Self.scratch("companions")
        defer { try? FileManager.default.removeItem(at: dir) }
        let ibtool = try Self.ibtoolLink(in: dir)
        let src = dir.appendingPathComponent("src")
        for sub in ["Base.lproj", "en.lproj", "de.lproj"] { try FileManager.default.createDirectory(at: src.appendingPathComponent(sub), withIntermediateDirectories: true) }
        let xib = src.appendingPathComponent("Base.lproj/foo.xib")
        try FileManager.default.copyItem(atPath: Self.login, toPath: xib.path)
        let en = Data("/* Class = \"UILabel\"; text = \"Sign in\"; ObjectID = \"x\"; */\n\"x.text\" = \"Sign in\";\n".utf8)
        let de = Data("\"x.text\" = \"Anmelden\";\n".utf16BigEndianWithBOM)
        try en.write(to: src.appendingPathComponent("en.lproj/foo.strings"))
        try de.write(to: src.appendingPathComponent("de.lproj/foo.strings"))
        let resources = dir.appendingPathComponent("out/Resources")
        let companions = ["--companion-strings-file", "en:" + src.appendingPathComponent("en.lproj/foo.strings").path,
                          "--companion-strings-file", "de:" + src.appendingPathComponent("de.lproj/foo.strings").path]
        let r = try NibcProcess.run(["--errors", "--warnings", "--notices"] + companions + [
            "--module", "App", "--output-partial-info-plist", dir.appendingPathComponent("out/foo-partial.plist").path,
            "--auto-activate-custom-fonts", "--target-device", "iphone", "--minimum-deployment-target", "15.0",
            "--output-format", "human-readable-text", "--compile", resources.appendingPathComponent("Base.lproj/foo.nib").path, xib.path,
        ], executable: ibtool)
        #expect(r.status == 0, "\(r.stdout)\(r.stderr)")
        let nib = try Data(contentsOf: resources.appendingPathComponent("Base.lproj/foo.nib"))
        #expect(nib.range(of: Data("NSLocalizableString".utf8)) != nil)
        #expect(try Data(contentsOf: resources.appendingPathComponent("en.lproj/foo.strings")) == en)
        #expect(try Data(contentsOf: resources.appendingPathComponent("de.lproj/foo.strings")) == de)

        // A storyboard through --compilation-directory (DuckDuckGo's Base-localized Home storyboard).
        let storyboard = try SharedCorpus.require().appendingPathComponent("nib/duckduckgo/Base.lproj/Home.storyboard").path
        let sb = try NibcProcess.run(["--module", "DuckDuckGo", "--minimum-deployment-target", "13.0"] + companions + [
            "--compilation-directory", resources.appendingPathComponent("Base.lproj").path, storyboard,
        ], executable: ibtool)
        #expect(sb.status == 0, "\(sb.stdout)")
        #expect(FileManager.default.fileExists(atPath: resources.appendingPathComponent("Base.lproj/Home.storyboardc/Info.plist").path))
        #expect(try Data(contentsOf: resources.appendingPathComponent("de.lproj/Home.strings")) == de)

        // Not in Base.lproj, or a strings file that is not there: exit 1, nothing written.
        let stray = dir.appendingPathComponent("stray/foo.nib")
        let bad = try NibcProcess.run(companions + ["--compile", stray.path, xib.path], executable: ibtool)
        #expect(bad.status == 1 && bad.stdout.contains("Base.lproj"), "\(bad.stdout)")
        #expect(!FileManager.default.fileExists(atPath: stray.path))
        let missingOut = dir.appendingPathComponent("other/Base.lproj/foo.nib")
        let missing = try NibcProcess.run(["--companion-strings-file", "fr:" + src.appendingPathComponent("fr.lproj/foo.strings").path,
                                           "--compile", missingOut.path, xib.path], executable: ibtool)
        #expect(missing.status == 1 && missing.stdout.contains("fr.lproj/foo.strings"), "\(missing.stdout)")
        #expect(!FileManager.default.fileExists(atPath: missingOut.path))
        let malformed = try NibcProcess.run(["--companion-strings-file", "nolocale", "--compile", missingOut.path, xib.path], executable: ibtool)
        #expect(malformed.status == 1 && malformed.stdout.contains("LOCALE:PATH"), "\(malformed.stdout)")

        // nibc compile, renamed for a device-specific output.
        let compiled = dir.appendingPathComponent("c/Base.lproj/foo~iphone.nib")
        try FileManager.default.createDirectory(at: compiled.deletingLastPathComponent(), withIntermediateDirectories: true)
        let c = try NibcProcess.run(["compile", xib.path, "-o", compiled.path] + companions)
        #expect(c.status == 0, "\(c.stderr)")
        #expect(try Data(contentsOf: dir.appendingPathComponent("c/de.lproj/foo~iphone.strings")) == de)
    }

    @Test func documentErrorsAreReportedAndNothingIsWritten() throws {
        let dir = try Self.scratch("errors")
        let xib = dir.appendingPathComponent("Broken.xib")
        try Data(NibcFixtures.brokenXIB.utf8).write(to: xib)
        let out = dir.appendingPathComponent("Broken.nib").path
        let r = try NibcProcess.run(["ibtool", "--errors", "--warnings", "--notices", "--output-format", "xml1", "--compile", out, xib.path])
        #expect(r.status == 1)
        #expect(!FileManager.default.fileExists(atPath: out))
        let report = try Self.plist(r.stdout)
        let errors = try #require(report["com.apple.ibtool.document.errors"] as? [String: [[String: Any]]])
        #expect(errors["nibc:5"]?.first?["message"] as? String == "reference to unknown id 'nope'", "\(errors)")
        #expect(errors["nibc:5"]?.first?["column"] as? Int != nil)
        // nibc's own warning (an attribute it does not know) is a notice, not an Interface Builder warning.
        #expect((report["com.apple.ibtool.document.warnings"] as? [String: Any])?.isEmpty == true)
        let notices = try #require(report["com.apple.ibtool.document.notices"] as? [String: [[String: Any]]])
        #expect((notices["nibc:4"]?.first?["message"] as? String)?.contains("frobnicate") == true, "\(notices)")
        let withoutNotices = try NibcProcess.run(["ibtool", "--errors", "--warnings", "--output-format", "xml1", xib.path])
        #expect(try Self.plist(withoutNotices.stdout)["com.apple.ibtool.document.notices"] == nil)

        let quiet = try NibcProcess.run(["ibtool", "--compile", out, xib.path])
        #expect(quiet.status == 1)
        let tool = try #require(try Self.plist(quiet.stdout)["com.apple.ibtool.errors"] as? [[String: Any]])
        #expect((tool.first?["description"] as? String)?.hasPrefix("\(xib.path):5:") == true, "\(tool)")
    }

    /// Unknown options, a missing input, a broken storyboard and `--link`: `com.apple.ibtool.errors`, exit 1.
    @Test func commandLineErrors() throws {
        let dir = try Self.scratch("usage")
        let out = dir.appendingPathComponent("X.nib").path
        let unknown = try NibcProcess.run(["ibtool", "--store", "--compile", out, Self.login])
        #expect(unknown.status == 1)
        #expect(!FileManager.default.fileExists(atPath: out))
        let entry = try #require((try Self.plist(unknown.stdout)["com.apple.ibtool.errors"] as? [[String: Any]])?.first)
        #expect(entry["description"] as? String == "Unknown argument '--store'.")
        let supported = try #require(entry["recovery-suggestion"] as? String)
        for flag in ["--compile", "--errors", "--output-format", "--module", "--target-device", "--flatten",
                     "--output-partial-info-plist", "--compilation-directory", "--link"] {
            #expect(supported.contains(flag), "\(flag)")
        }

        let none = try NibcProcess.run(["ibtool", "--compile", out])
        #expect(none.status == 1)
        #expect(try Self.plist(none.stdout)["com.apple.ibtool.errors"] != nil)

        // A storyboard that is not one: a located document error, nothing written.
        let storyboard = dir.appendingPathComponent("Main.storyboard")
        try Data("<document/>".utf8).write(to: storyboard)
        let sb = try NibcProcess.run(["ibtool", "--output-format", "human-readable-text",
                                      "--compilation-directory", dir.path, storyboard.path])
        #expect(sb.status == 1)
        #expect(sb.stdout.hasPrefix("/* com.apple.ibtool.errors */\nibtool: error: \(storyboard.path):1:"), "\(sb.stdout)")
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("Main.storyboardc").path))
        let link = try NibcProcess.run(["ibtool", "--link", dir.path, dir.appendingPathComponent("Main.storyboardc").path])
        #expect(link.status == 1)
        // A missing input: a typed error naming it, nothing linked (StoryboardCommandTests covers --link fully).
        #expect(link.stdout.contains("Main.storyboardc: error: not a directory"), "\(link.stdout)")

        let format = try NibcProcess.run(["ibtool", "--output-format", "yaml", "--compile", out, Self.login])
        #expect(format.status == 1)
        #expect(!FileManager.default.fileExists(atPath: out))
    }

    /// `--target-device` must fit the document: iOS documents refuse `mac` (as Xcode 26's ibtool does).
    @Test func targetDeviceMustFitTheDocument() throws {
        let dir = try Self.scratch("device")
        let out = dir.appendingPathComponent("X.nib").path
        let r = try NibcProcess.run(["ibtool", "--compile", out, "--target-device", "mac", Self.login])
        #expect(r.status == 1)
        #expect(!FileManager.default.fileExists(atPath: out))
        let entry = try #require((try Self.plist(r.stdout)["com.apple.ibtool.errors"] as? [[String: Any]])?.first)
        #expect((entry["description"] as? String)?.contains("\"mac\"") == true)
    }

    /// `--flatten NO` writes a `.nib` directory whose `runtime.nib` is the flattened nib; binary1 reports
    /// are binary property lists; `--version` gives ibtool's version keys; `--compilation-directory` names
    /// the output after the input.
    @Test func flattenBinaryVersionAndCompilationDirectory() throws {
        let dir = try Self.scratch("flatten")
        let flat = dir.appendingPathComponent("Flat.nib").path
        let bundle = dir.appendingPathComponent("Dir.nib").path
        #expect(try NibcProcess.run(["ibtool", "--compile", flat, "--flatten", "YES", Self.login]).status == 0)
        #expect(try NibcProcess.run(["ibtool", "--compile", bundle, "--flatten", "NO", Self.login]).status == 0)
        #expect(try FileManager.default.contentsOfDirectory(atPath: bundle) == ["runtime.nib"])
        #expect(try Data(contentsOf: URL(fileURLWithPath: bundle + "/runtime.nib")) == Data(contentsOf: URL(fileURLWithPath: flat)))

        let binary = try NibcProcess.run(["ibtool", "--warnings", "--output-format", "binary1", Self.login])
        #expect(binary.status == 0)
        #expect(binary.stdout.hasPrefix("bplist00"))

        let version = try NibcProcess.run(["ibtool", "--version", "--output-format", "xml1"])
        #expect(version.status == 0)
        let info = try #require(try Self.plist(version.stdout)["com.apple.ibtool.version"] as? [String: String])
        #expect(info["bundle-version"] != nil && info["short-bundle-version"] != nil)

        #expect(try NibcProcess.run(["ibtool", "--compilation-directory", dir.path + "/cd", Self.login]).status == 0)
        #expect(try Data(contentsOf: dir.appendingPathComponent("cd/LoginViewController.nib")) == Data(contentsOf: URL(fileURLWithPath: flat)))
    }

    /// `--module` wins over a stale `customModule` on a `customModuleProvider="target"` class (macOS here;
    /// the iOS case is in NibCompilerTests).
    @Test func moduleWinsOverStaleCustomModuleOnMacOS() throws {
        let input = try SharedCorpus.require().appendingPathComponent("nib/appkit-samples/module_override.xib").path
        let dir = try Self.scratch("module")
        let out = dir.appendingPathComponent("M.nib").path
        #expect(try NibcProcess.run(["ibtool", "--module", "App", "--compile", out, input]).status == 0)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: out))
        #expect(bytes.range(of: Data("_TtC3App10MyDelegate".utf8)) != nil)
        #expect(bytes.range(of: Data("_TtC14OriginalModule10MyDelegate".utf8)) == nil)
    }

    // MARK: storyboards

    /// The files of a `.storyboardc` directory by relative path.
    static func files(_ path: String) throws -> [String: Data] {
        try StoryboardCommandTests.files(in: URL(fileURLWithPath: path))
    }

    /// `nibc compile X.storyboard -o …` with the same module and deployment target: the reference files.
    static func referenceStoryboard(_ input: String, module: String, target: String, in dir: URL) throws -> [String: Data] {
        let out = dir.appendingPathComponent("reference-\(UUID().uuidString).storyboardc").path
        let r = try NibcProcess.run(["compile", input, "-o", out, "--module", module, "--minimum-deployment-target", target])
        #expect(r.status == 0, "\(r.stderr)")
        return try files(out)
    }

    /// rules_apple's whole storyboard flow (`resources_support.bzl` `_storyboards`, `ibtool.bzl`): each storyboard
    /// compiled with `--compilation-directory <parent>_storyboardc` (the `.storyboardc` tree artifact exists, empty,
    /// before the action runs), then every compiled storyboard linked with `--link`, then the result verified.
    /// DaxOnboarding references Onboarding, so the link checks a reference between two nibc-compiled storyboards.
    @Test(arguments: ["nibc", "symlink"]) func rulesAppleStoryboardCompileAndLink(_ how: String) throws {
        if SharedCorpus.directory == nil && SharedCorpus.allowMissing { return }
        let base = try SharedCorpus.require().appendingPathComponent("nib/duckduckgo/Base.lproj")
        let dir = try Self.scratch("rules-apple-sb-\(how)")
        defer { try? FileManager.default.removeItem(at: dir) }
        let ibtool = try Self.ibtoolLink(in: dir)
        func run(_ args: [String]) throws -> NibcProcess.Output {
            how == "nibc" ? try NibcProcess.run(["ibtool"] + args) : try NibcProcess.run(args, executable: ibtool)
        }
        let compileDir = dir.appendingPathComponent("bin/App/Base_storyboardc")
        var compiled = [String]()
        for name in ["DaxOnboarding", "Onboarding"] {
            let input = base.appendingPathComponent("\(name).storyboard").path
            let treeArtifact = compileDir.appendingPathComponent("\(name).storyboardc")
            try FileManager.default.createDirectory(at: treeArtifact, withIntermediateDirectories: true)
            let r = try run(["--compilation-directory", compileDir.path, "--errors", "--warnings", "--notices",
                             "--auto-activate-custom-fonts", "--output-format", "human-readable-text",
                             "--minimum-deployment-target", "13.0", "--target-device", "iphone", "--target-device", "ipad",
                             "--module", "App", input])
            #expect(r.status == 0, "\(r.stdout)")
            #expect(!r.stdout.contains(": error: "), "\(r.stdout)")
            #expect(try Self.files(treeArtifact.path) == Self.referenceStoryboard(input, module: "App", target: "13.0", in: dir))
            compiled.append(treeArtifact.path)
        }
        // Nothing but the two outputs in the compilation directory (no staging directory left).
        #expect(try FileManager.default.contentsOfDirectory(atPath: compileDir.path).sorted() == ["DaxOnboarding.storyboardc", "Onboarding.storyboardc"])

        // One storyboard alone: its reference to Onboarding dangles, nothing is linked.
        let linked = dir.appendingPathComponent("bin/App/storyboards/App")
        let link = ["--link", linked.path, "--minimum-deployment-target", "13.0", "--target-device", "iphone", "--target-device", "ipad"]
        let alone = try run(link + [compiled[0]])
        #expect(alone.status == 1)
        #expect(alone.stdout.contains("the referenced storyboard \"Onboarding\""), "\(alone.stdout)")
        #expect(!FileManager.default.fileExists(atPath: linked.appendingPathComponent("DaxOnboarding.storyboardc").path))

        let r = try run(link + compiled)
        #expect(r.status == 0, "\(r.stdout)")
        #expect(r.stdout.isEmpty, "\(r.stdout)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: linked.path).sorted() == ["DaxOnboarding.storyboardc", "Onboarding.storyboardc"])
        for name in ["DaxOnboarding", "Onboarding"] {
            let out = linked.appendingPathComponent("\(name).storyboardc").path
            let verify = try NibcProcess.run(["verify", out])
            #expect(verify.status == 0, "\(verify.stdout)\(verify.stderr)")
            #expect(try Self.files(out) == Self.files(compileDir.appendingPathComponent("\(name).storyboardc").path))
            // Apple's compile of the same storyboard: the same file set.
            let apple = try Self.files(base.appendingPathComponent("\(name).storyboardc").path)
            #expect(Set(try Self.files(out).keys) == Set(apple.keys))
        }
    }

    /// Xcode's CompileStoryboard and LinkStoryboards command lines (swift-build's task-construction tests: the
    /// input before `--compilation-directory`, a `Base.lproj` compilation directory, the partial Info.plist,
    /// `--module` also on the link), for the project's iOS storyboards and its macOS one, with xml1 reports.
    @Test(arguments: ["ios", "macos"]) func xcodeStoryboardCompileAndLink(_ platform: String) throws {
        let dir = try Self.scratch("xcode-sb-\(platform)")
        defer { try? FileManager.default.removeItem(at: dir) }
        let ibtool = try Self.ibtoolLink(in: dir)
        let names = platform == "ios" ? ["LaunchScreen", "Main"] : ["Main"]
        let devices = platform == "ios" ? ["--target-device", "iphone", "--target-device", "ipad"] : ["--target-device", "mac"]
        let temp = dir.appendingPathComponent("App.build/Base.lproj")
        let target = platform == "ios" ? "15.0" : "13.0"
        var compiled = [String]()
        for name in names {
            let input = ProjectCorpus.directory.appendingPathComponent("\(platform)/\(name).storyboard").path
            let partial = temp.appendingPathComponent("\(name)-SBPartialInfo.plist").path
            let r = try NibcProcess.run(["--errors", "--warnings", "--notices", "--module", "App", "--output-partial-info-plist", partial,
                                         "--auto-activate-custom-fonts", "--cocoatouch-compiler-mode", "simulator"] + devices
                                        + ["--minimum-deployment-target", target, "--output-format", "xml1", input,
                                           "--compilation-directory", temp.path], executable: ibtool)
            #expect(r.status == 0, "\(r.stdout)")
            let report = try Self.plist(r.stdout)
            #expect(Set(report.keys) == ["com.apple.ibtool.document.errors", "com.apple.ibtool.document.warnings",
                                         "com.apple.ibtool.document.notices"], "\(r.stdout)")
            #expect((report["com.apple.ibtool.document.errors"] as? [String: Any])?.isEmpty == true)
            let out = temp.appendingPathComponent("\(name).storyboardc").path
            #expect(try Self.files(out) == Self.referenceStoryboard(input, module: "App", target: target, in: dir))
            let info = try PropertyListSerialization.propertyList(from: Data(contentsOf: URL(fileURLWithPath: partial)), format: nil)
            #expect((info as? [String: Any])?.isEmpty == true)
            compiled.append(out)
        }
        let resources = dir.appendingPathComponent("App.app/Contents/Resources")
        let r = try NibcProcess.run(["--errors", "--warnings", "--notices", "--module", "App"] + devices
                                    + ["--minimum-deployment-target", target, "--output-format", "human-readable-text",
                                       "--link", resources.path] + compiled, executable: ibtool)
        #expect(r.status == 0, "\(r.stdout)")
        for name in names {
            let out = resources.appendingPathComponent("Base.lproj/\(name).storyboardc").path
            #expect(try NibcProcess.run(["verify", out]).status == 0)
            #expect(try Self.files(out) == Self.files(temp.appendingPathComponent("\(name).storyboardc").path))
        }
    }

    /// `--compile OUT.storyboardc` (Apple's transcript x32: a quiet success writes the directory). A storyboard
    /// with a document error: exit 1, its errors reported, an existing `.storyboardc` left as it was. `--flatten
    /// NO` and a device the document cannot target are refused before compiling.
    @Test func storyboardCompileErrorsLeaveTheOutputUntouched() throws {
        let dir = try Self.scratch("sb-errors")
        defer { try? FileManager.default.removeItem(at: dir) }
        let main = ProjectCorpus.directory.appendingPathComponent("ios/Main.storyboard").path
        let out = dir.appendingPathComponent("A32.storyboardc").path
        let ok = try NibcProcess.run(["ibtool", "--compile", out, "--target-device", "iphone", "--module", "App", main])
        #expect(ok.status == 0 && ok.stdout.isEmpty, "\(ok.stdout)")
        let before = try Self.files(out)
        #expect(before.keys.contains("Info.plist"))

        var text = try String(contentsOfFile: main, encoding: .utf8)
        text = text.replacingOccurrences(of: "destination=\"det-00-001\"", with: "destination=\"nowhere\"")
        let bad = dir.appendingPathComponent("Main.storyboard")
        try text.write(to: bad, atomically: true, encoding: .utf8)
        let r = try NibcProcess.run(["ibtool", "--errors", "--output-format", "xml1", "--compile", out, bad.path])
        #expect(r.status == 1)
        let errors = try #require(try Self.plist(r.stdout)["com.apple.ibtool.document.errors"] as? [String: [[String: Any]]])
        #expect((errors["nibc:54"]?.first?["message"] as? String)?.contains("segue destination 'nowhere'") == true, "\(errors)")
        #expect(try Self.files(out) == before)
        #expect(Set(try FileManager.default.contentsOfDirectory(atPath: dir.path)) == ["A32.storyboardc", "Main.storyboard"])

        let flat = try NibcProcess.run(["ibtool", "--flatten", "NO", "--compile", dir.appendingPathComponent("F.storyboardc").path, main])
        #expect(flat.status == 1)
        #expect(flat.stdout.contains("--flatten NO is not supported for storyboards"), "\(flat.stdout)")
        let mac = try NibcProcess.run(["ibtool", "--target-device", "mac", "--compile", dir.appendingPathComponent("M.storyboardc").path, main])
        #expect(mac.status == 1)
        #expect(mac.stdout.contains("\"mac\""), "\(mac.stdout)")
        #expect(Set(try FileManager.default.contentsOfDirectory(atPath: dir.path)) == ["A32.storyboardc", "Main.storyboard"])
    }
}

extension String {
    /// UTF-16 big-endian with a byte-order mark, the encoding of Apple's exported strings files.
    var utf16BigEndianWithBOM: [UInt8] {
        [0xFE, 0xFF] + utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
    }
}
