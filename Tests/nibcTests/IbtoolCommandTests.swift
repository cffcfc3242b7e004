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

    /// A macOS document from the shared corpus that compiles with warnings: QSCatalog has an `<drawer>`
    /// (NSDrawer, deprecated, no encoder). hexfiend/Preferences.xib served until Interface Builder's own
    /// metadata (its only warnings: canvas location, the content view's frame) became silent.
    static func macDocument() throws -> String {
        try SharedCorpus.require().appendingPathComponent("macos/quicksilver/QSCatalog.xib").path
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
        let warnings = try #require(report["com.apple.ibtool.document.warnings"] as? [String: [[String: Any]]])
        let entries = warnings.values.flatMap { $0 }
        // Each text line `PATH:LINE: warning: MESSAGE` is one plist entry under its line.
        let lines = text.stdout.split(separator: "\n").filter { $0.contains(": warning: ") }
        #expect(entries.count == lines.count)
        for entry in entries {
            let line = try #require(entry["line"] as? Int)
            let message = try #require(entry["message"] as? String)
            #expect(warnings[String(line)] != nil)
            #expect(lines.contains("\(input):\(line): warning: \(message)"[...]), "\(message)")
        }
        if platform == "macos" {
            #expect(!entries.isEmpty, "the macOS document is chosen for its warnings")
            #expect(text.stdout.hasPrefix("/* com.apple.ibtool.document.warnings */\n"), "\(text.stdout)")
        }
    }

    /// Document errors: exit 1, nothing written, each error under `com.apple.ibtool.document.errors` with
    /// its line, and without `--errors` under `com.apple.ibtool.errors`.
    @Test func documentErrorsAreReportedAndNothingIsWritten() throws {
        let dir = try Self.scratch("errors")
        let xib = dir.appendingPathComponent("Broken.xib")
        try Data("""
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="17701" targetRuntime="iOS.CocoaTouch">
                <objects>
                    <view contentMode="scaleToFill" id="v1" frobnicate="YES">
                        <connections><outlet property="a" destination="nope" id="c1"/></connections>
                    </view>
                </objects>
            </document>
            """.utf8).write(to: xib)
        let out = dir.appendingPathComponent("Broken.nib").path
        let r = try NibcProcess.run(["ibtool", "--errors", "--warnings", "--output-format", "xml1", "--compile", out, xib.path])
        #expect(r.status == 1)
        #expect(!FileManager.default.fileExists(atPath: out))
        let report = try Self.plist(r.stdout)
        let errors = try #require(report["com.apple.ibtool.document.errors"] as? [String: [[String: Any]]])
        #expect(errors["5"]?.first?["message"] as? String == "reference to unknown id 'nope'", "\(errors)")
        #expect(errors["5"]?.first?["column"] as? Int != nil)
        let warnings = try #require(report["com.apple.ibtool.document.warnings"] as? [String: [[String: Any]]])
        #expect((warnings["4"]?.first?["message"] as? String)?.contains("frobnicate") == true, "\(warnings)")
        #expect(report["com.apple.ibtool.document.notices"] == nil)

        let quiet = try NibcProcess.run(["ibtool", "--compile", out, xib.path])
        #expect(quiet.status == 1)
        let tool = try #require(try Self.plist(quiet.stdout)["com.apple.ibtool.errors"] as? [[String: Any]])
        #expect((tool.first?["description"] as? String)?.hasPrefix("\(xib.path):5:") == true, "\(tool)")
    }

    /// Unknown options, a missing input, storyboards and `--link`: `com.apple.ibtool.errors`, exit 1.
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

        let storyboard = dir.appendingPathComponent("Main.storyboard")
        try Data("<document/>".utf8).write(to: storyboard)
        let sb = try NibcProcess.run(["ibtool", "--output-format", "human-readable-text",
                                      "--compilation-directory", dir.path, storyboard.path])
        #expect(sb.status == 1)
        #expect(sb.stdout.hasPrefix("/* com.apple.ibtool.errors */\nibtool: error: Storyboards are not supported by nibc yet"), "\(sb.stdout)")
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
}
