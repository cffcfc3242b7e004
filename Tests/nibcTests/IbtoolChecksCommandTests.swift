import Foundation
import NibTestSupport
import Testing

/// Interface Builder's document rules and ibtool's inspection modes through the built binary (the static
/// release binary too, in CI): Apple's findings keyed by object id in xml1, binary1 and text; error-level
/// rules refusing the document in `nibc ibtool` and `nibc compile`; `--hierarchy` … `--all`.
@Suite struct IbtoolChecksCommandTests {
    static let dynamicTypeWarning = "Automatically Adjusts Font requires using a Dynamic Type text style"
    static let staticTableError = "Static table views are only valid when embedded in UITableViewController instances"

    /// An iOS XIB whose label turns on Dynamic Type with a system font (an Interface Builder warning).
    static let dynamicTypeXIB = """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="21701" targetRuntime="iOS.CocoaTouch" propertyAccessControl="none" useAutolayout="YES" useTraitCollections="YES" colorMatched="YES">
            <dependencies>
                <deployment identifier="iOS"/>
                <plugIn identifier="com.apple.InterfaceBuilder.IBCocoaTouchPlugin" version="21679"/>
            </dependencies>
            <objects>
                <placeholder placeholderIdentifier="IBFilesOwner" id="-1" userLabel="File's Owner"/>
                <placeholder placeholderIdentifier="IBFirstResponder" id="-2" customClass="UIResponder"/>
                <label opaque="NO" userInteractionEnabled="NO" contentMode="left" text="Title" adjustsFontForContentSizeCategory="YES" id="lbl-00-001">
                    <rect key="frame" x="0.0" y="0.0" width="120" height="21"/>
                    <fontDescription key="fontDescription" type="system" pointSize="17"/>
                </label>
            </objects>
        </document>
        """

    /// An iOS storyboard with a static table view in a plain view controller (an Interface Builder error).
    static let staticTableStoryboard = """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="21701" targetRuntime="iOS.CocoaTouch" propertyAccessControl="none" useAutolayout="YES" useTraitCollections="YES" colorMatched="YES" initialViewController="vc0-00-001">
            <dependencies>
                <plugIn identifier="com.apple.InterfaceBuilder.IBCocoaTouchPlugin" version="21679"/>
            </dependencies>
            <scenes>
                <scene sceneID="scn-00-001">
                    <objects>
                        <viewController id="vc0-00-001" sceneMemberID="viewController">
                            <tableView key="view" clipsSubviews="YES" contentMode="scaleToFill" dataMode="static" style="grouped" rowHeight="44" id="tbl-00-001">
                                <rect key="frame" x="0.0" y="0.0" width="375" height="667"/>
                                <autoresizingMask key="autoresizingMask" widthSizable="YES" heightSizable="YES"/>
                            </tableView>
                        </viewController>
                        <placeholder placeholderIdentifier="IBFirstResponder" id="frs-00-001" sceneMemberID="firstResponder"/>
                    </objects>
                </scene>
            </scenes>
        </document>
        """

    static func scratch(_ name: String) throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("nibc-checks-\(getpid())-\(name)")
        try? FileManager.default.removeItem(at: dir)
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir
    }

    static func write(_ text: String, _ name: String, in dir: URL) throws -> String {
        let url = dir.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url.path
    }

    static func plist(_ data: Data) throws -> [String: Any] {
        let value = try PropertyListSerialization.propertyList(from: data, options: [], format: nil)
        return try #require(value as? [String: Any])
    }

    /// The line of `needle` in `text` (1-based).
    static func line(of needle: String, in text: String) -> Int? {
        text.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.contains(needle) }.map { $0 + 1 }
    }

    /// An Interface Builder warning: exit 0, the nib written, the finding keyed by the label's object id with
    /// its line and column in xml1 and binary1, and Apple's `PATH:OBJECTID: warning: TEXT` line in text.
    @Test(arguments: ["xml1", "binary1"]) func warningIsReportedByObjectID(_ format: String) throws {
        let dir = try Self.scratch("warning-\(format)")
        defer { try? FileManager.default.removeItem(at: dir) }
        let xib = try Self.write(Self.dynamicTypeXIB, "Title.xib", in: dir)
        let out = dir.appendingPathComponent("Title.nib").path
        let r = try NibcProcess.run(["ibtool", "--errors", "--warnings", "--notices", "--output-format", format, "--compile", out, xib])
        #expect(r.status == 0, "\(r.stdout)")
        #expect(FileManager.default.fileExists(atPath: out))
        let report = try Self.plist(r.stdoutData)
        #expect((report["com.apple.ibtool.document.errors"] as? [String: Any])?.isEmpty == true)
        let warnings = try #require(report["com.apple.ibtool.document.warnings"] as? [String: [[String: Any]]], "\(report)")
        #expect(Array(warnings.keys) == ["lbl-00-001"])
        let entry = try #require(warnings["lbl-00-001"]?.first)
        #expect(entry["message"] as? String == Self.dynamicTypeWarning)
        #expect(entry["line"] as? Int == Self.line(of: "adjustsFontForContentSizeCategory", in: Self.dynamicTypeXIB))
        #expect((entry["column"] as? Int ?? 0) > 1)
    }

    @Test func warningInHumanReadableText() throws {
        let dir = try Self.scratch("warning-text")
        defer { try? FileManager.default.removeItem(at: dir) }
        let xib = try Self.write(Self.dynamicTypeXIB, "Title.xib", in: dir)
        let r = try NibcProcess.run(["ibtool", "--errors", "--warnings", "--notices", "--output-format", "human-readable-text", xib])
        #expect(r.status == 0)
        #expect(r.stdout == "/* com.apple.ibtool.document.warnings */\n\(xib):lbl-00-001: warning: \(Self.dynamicTypeWarning)\n", "\(r.stdout)")
    }

    /// `nibc compile` prints the warning at its place with the object id; `--warnings-as-errors` fails on it
    /// and writes nothing.
    @Test func compilePrintsLocatedWarnings() throws {
        let dir = try Self.scratch("compile-warning")
        defer { try? FileManager.default.removeItem(at: dir) }
        let xib = try Self.write(Self.dynamicTypeXIB, "Title.xib", in: dir)
        let out = dir.appendingPathComponent("Title.nib").path
        let r = try NibcProcess.run(["compile", xib, "-o", out])
        #expect(r.status == 0, "\(r.stderr)")
        let line = try #require(Self.line(of: "adjustsFontForContentSizeCategory", in: Self.dynamicTypeXIB))
        #expect(r.stderr.contains("\(xib):\(line):"), "\(r.stderr)")
        #expect(r.stderr.contains(": warning: \(Self.dynamicTypeWarning) (object lbl-00-001)"), "\(r.stderr)")
        try FileManager.default.removeItem(atPath: out)
        let strict = try NibcProcess.run(["compile", xib, "-o", out, "--warnings-as-errors"])
        #expect(strict.status == 1)
        #expect(!FileManager.default.fileExists(atPath: out))
    }

    /// An Interface Builder error: exit 1, nothing written, in `nibc ibtool` (under the object's id; as a
    /// tool error without `--errors`) and in `nibc compile`.
    @Test func errorRefusesTheDocument() throws {
        let dir = try Self.scratch("error")
        defer { try? FileManager.default.removeItem(at: dir) }
        let storyboard = try Self.write(Self.staticTableStoryboard, "Main.storyboard", in: dir)
        let out = dir.appendingPathComponent("Main.storyboardc").path
        let r = try NibcProcess.run(["ibtool", "--errors", "--warnings", "--notices", "--output-format", "xml1", "--compile", out, storyboard])
        #expect(r.status == 1)
        #expect(!FileManager.default.fileExists(atPath: out))
        let errors = try #require(try Self.plist(r.stdoutData)["com.apple.ibtool.document.errors"] as? [String: [[String: Any]]], "\(r.stdout)")
        #expect(errors["tbl-00-001"]?.first?["message"] as? String == Self.staticTableError)
        #expect(errors["tbl-00-001"]?.first?["type"] as? String == "Illegal Configuration")

        let quiet = try NibcProcess.run(["ibtool", "--output-format", "human-readable-text", "--compile", out, storyboard])
        #expect(quiet.status == 1)
        #expect(quiet.stdout.contains("\(storyboard):tbl-00-001: error: \(Self.staticTableError)"), "\(quiet.stdout)")
        #expect(!FileManager.default.fileExists(atPath: out))

        let compile = try NibcProcess.run(["compile", storyboard, "-o", out])
        #expect(compile.status == 1)
        #expect(compile.stderr.contains("error: \(Self.staticTableError) (object tbl-00-001)"), "\(compile.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out))
    }

    /// `--hierarchy`, `--connections`, `--objects`, `--version-history` and `--all` in the transcripts' keys,
    /// as xml1 and binary1; inspection alone compiles nothing and writes nothing.
    @Test(arguments: ["xml1", "binary1"]) func inspectionModes(_ format: String) throws {
        let dir = try Self.scratch("inspect-\(format)")
        defer { try? FileManager.default.removeItem(at: dir) }
        let xib = try Self.write(Self.dynamicTypeXIB, "Title.xib", in: dir)
        let r = try NibcProcess.run(["ibtool", "--hierarchy", "--connections", "--objects", "--version-history", "--output-format", format, xib])
        #expect(r.status == 0, "\(r.stdout)")
        let report = try Self.plist(r.stdoutData)
        #expect(Set(report.keys) == Set(["hierarchy", "connections", "objects", "version-history"].map { "com.apple.ibtool.document.\($0)" }))
        let hierarchy = try #require(report["com.apple.ibtool.document.hierarchy"] as? [[String: Any]])
        #expect(hierarchy.map { $0["object-id"] as? String } == ["-1", "-2", "lbl-00-001"])
        #expect(hierarchy.first?["label"] as? String == "File's Owner")
        let objects = try #require(report["com.apple.ibtool.document.objects"] as? [String: [String: Any]])
        #expect(objects["lbl-00-001"]?["class"] as? String == "IBUILabel")
        #expect(objects["lbl-00-001"]?["ibDesignFrame"] as? String == "{{0, 0}, {120, 21}}")
        let versions = try #require(report["com.apple.ibtool.document.version-history"] as? [String: [String: String]])
        #expect(versions["interface-builder-version"]?["com.apple.InterfaceBuilderKit"] == "21701")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["Title.xib"])

        let all = try NibcProcess.run(["ibtool", "--all", "--output-format", format, xib])
        #expect(all.status == 0)
        let allReport = try Self.plist(all.stdoutData)
        #expect(Set(allReport.keys) == Set(["connections", "errors", "hierarchy", "localizable-all", "notices", "objects", "version-history", "warnings"]
            .map { "com.apple.ibtool.document.\($0)" }))
        #expect((allReport["com.apple.ibtool.document.warnings"] as? [String: Any])?.keys.first == "lbl-00-001")
        let localizable = try #require(allReport["com.apple.ibtool.document.localizable-all"] as? [String: [String: Any]])
        #expect(localizable["lbl-00-001"]?["text"] as? String == "Title")
        #expect(localizable["lbl-00-001"]?["frameSize"] as? String == "{120, 21}")
        if format == "xml1" {
            // Apple's order (IBTOOL-CHECKS.md §5: classes, connections, errors, hierarchy, localizable-all, notices,
            // objects, version-history, warnings; nibc has no --classes).
            let keys = all.stdout.components(separatedBy: "<key>com.apple.ibtool.document.").dropFirst().map { $0.prefix { $0 != "<" } }
            #expect(keys == ["connections", "errors", "hierarchy", "localizable-all", "notices", "objects", "version-history", "warnings"])
        }
    }

    /// The `--localizable-*` modes in the three output formats: the label's text and geometry under each mode's
    /// key, `<dict/>` for the views with nothing; the document is not compiled to an output.
    @Test(arguments: ["xml1", "binary1", "human-readable-text"]) func localizableModes(_ format: String) throws {
        let dir = try Self.scratch("localizable-\(format)")
        defer { try? FileManager.default.removeItem(at: dir) }
        let xib = try Self.write(Self.dynamicTypeXIB, "Title.xib", in: dir)
        let kinds = ["strings", "stringarrays", "geometry", "other", "to-many-relationships", "all"]
        let r = try NibcProcess.run(["ibtool"] + kinds.map { "--localizable-\($0)" } + ["--output-format", format, xib])
        #expect(r.status == 0, "\(r.stdout)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["Title.xib"])
        if format == "human-readable-text" {
            #expect(r.stdout.contains("/* com.apple.ibtool.document.localizable-strings */\nlbl-00-001.text: Title\n"), "\(r.stdout)")
            #expect(r.stdout.contains("/* com.apple.ibtool.document.localizable-other */\n/* "), "\(r.stdout)")
            #expect(r.stdout.contains("lbl-00-001.frameSize: {120, 21}\n"), "\(r.stdout)")
            #expect(r.stdout.contains("lbl-00-001.ibDesignAutoresizingMask: 36\n"), "\(r.stdout)")
            return
        }
        let report = try Self.plist(r.stdoutData)
        #expect(Set(report.keys) == Set(kinds.map { "com.apple.ibtool.document.localizable-\($0)" }))
        let strings = try #require(report["com.apple.ibtool.document.localizable-strings"] as? [String: [String: String]])
        #expect(strings == ["lbl-00-001": ["text": "Title"]])
        let geometry = try #require(report["com.apple.ibtool.document.localizable-geometry"] as? [String: [String: Any]])
        #expect(Array(geometry.keys) == ["lbl-00-001"])
        #expect(geometry["lbl-00-001"]?["frameOrigin"] as? String == "{0, 0}")
        #expect(geometry["lbl-00-001"]?["ibShadowedHorizontalContentHuggingPriority"] as? Double == 250)
        #expect(geometry["lbl-00-001"]?["ibExternalExplicitTranslatesAutoresizingMaskIntoConstraints"] as? Bool == true)
        for empty in ["stringarrays", "other", "to-many-relationships"] {
            #expect((report["com.apple.ibtool.document.localizable-\(empty)"] as? [String: Any])?.isEmpty == true, "\(empty)")
        }
        let all = try #require(report["com.apple.ibtool.document.localizable-all"] as? [String: [String: Any]])
        let allLabel = try #require(all["lbl-00-001"]), geometryLabel = try #require(geometry["lbl-00-001"])
        #expect(Set(allLabel.keys) == Set(geometryLabel.keys).union(["text"]))
        if format == "xml1" {
            #expect(r.stdout.contains("<key>com.apple.ibtool.document.localizable-other</key>\n\t<dict/>"), "\(r.stdout)")
        }
    }

    /// A `--localizable-*` view combines with `--compile`: the report and the nib, the compiler's warnings once.
    @Test func localizableViewWithCompile() throws {
        let dir = try Self.scratch("localizable-compile")
        defer { try? FileManager.default.removeItem(at: dir) }
        let xib = try Self.write(Self.dynamicTypeXIB, "Title.xib", in: dir)
        let nib = dir.appendingPathComponent("Title.nib").path
        let r = try NibcProcess.run(["ibtool", "--warnings", "--localizable-geometry", "--compile", nib, xib])
        #expect(r.status == 0, "\(r.stdout)")
        #expect(FileManager.default.fileExists(atPath: nib))
        let report = try Self.plist(r.stdoutData)
        #expect((report["com.apple.ibtool.document.localizable-geometry"] as? [String: Any])?.keys.first == "lbl-00-001")
        let warnings = try #require(report["com.apple.ibtool.document.warnings"] as? [String: [[String: Any]]])
        #expect(warnings["lbl-00-001"]?.count == 1, "the Dynamic Type warning once: \(warnings)")
    }

    /// `--upgrade`/`--write` are refused (nibc does not rewrite documents); a missing input gets Apple's text.
    @Test func rewriteIsRefusedAndMissingInputNamed() throws {
        let dir = try Self.scratch("upgrade")
        defer { try? FileManager.default.removeItem(at: dir) }
        let xib = try Self.write(Self.dynamicTypeXIB, "Title.xib", in: dir)
        let written = dir.appendingPathComponent("Upgraded.xib").path
        let r = try NibcProcess.run(["ibtool", "--upgrade", xib, "--write", written])
        #expect(r.status == 1)
        let errors = try #require(try Self.plist(r.stdoutData)["com.apple.ibtool.errors"] as? [[String: Any]])
        #expect(errors.first?["description"] as? String == "nibc's ibtool does not rewrite documents: --upgrade is not supported.")
        #expect(!FileManager.default.fileExists(atPath: written))

        let missing = try NibcProcess.run(["ibtool", "--errors", dir.appendingPathComponent("Gone.xib").path])
        #expect(missing.status == 1)
        let missingErrors = try #require(try Self.plist(missing.stdoutData)["com.apple.ibtool.errors"] as? [[String: Any]])
        #expect(missingErrors.first?["description"] as? String == "Interface Builder could not open the document \"Gone.xib\" because it does not exist.")
    }
}
