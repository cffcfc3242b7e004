import Foundation
import NibTestSupport
import Testing

/// `nibc verify`, `dump`, `diff` and `convert` on keyed-archive nibs, through the built binary.
@Suite struct KeyedCommandTests {
    static func corpus(_ relative: String) throws -> String {
        try SharedCorpus.require().appendingPathComponent(relative).path
    }

    static func temporary(_ name: String) throws -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("nibc-keyed-tests-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir.appendingPathComponent(name).path
    }

    @Test func verifyNamesTheFormatOfEveryKeyedNib() throws {
        if SharedCorpus.directory == nil && SharedCorpus.allowMissing { return }
        // The seven Sparkle nibs and the three old .nib bundle directories (resolved to keyedobjects.nib).
        let files = try SharedCorpus.files(under: "nib/sparkle", suffix: ".nib").map(\.path)
            + ["legacy/sparkle/SUStatus.nib", "legacy/sparkle/en.lproj/SUUpdateAlert.nib", "legacy/sparkle/en.lproj/SUAutomaticUpdateAlert.nib"].map(Self.corpus)
        #expect(files.count == 10)
        let result = try NibcProcess.run(["verify", "-v"] + files)
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.count == 10)
        #expect(lines.allSatisfy { $0.contains(": ok: keyed archive (NSKeyedArchiver 100000), ") }, "\(lines)")
    }

    @Test func verifySaysWhatOtherFilesAre() throws {
        if SharedCorpus.directory == nil && SharedCorpus.allowMissing { return }
        let plist = try Self.corpus("nib/sparkle/framework-Info.plist")
        let storyboard = try Self.corpus("legacy/duckduckgo/Settings.conflict-markers.storyboard")
        let binaryPlist = try Self.corpus("nib/duckduckgo/Debug.storyboardc/Info.plist")
        let truncated = try Self.temporary("truncated-keyed.nib")
        let bytes = try Data(contentsOf: URL(fileURLWithPath: Self.corpus("nib/sparkle/SUStatus.nib")))
        try bytes.prefix(bytes.count - 40).write(to: URL(fileURLWithPath: truncated))
        let result = try NibcProcess.run(["verify", plist, storyboard, binaryPlist, truncated])
        #expect(result.status == 1)
        let lines = result.stderr.split(separator: "\n").map(String.init)
        #expect(lines.count == 4, "\(lines)")
        #expect(lines[0] == "\(plist): error: header at byte 0: missing \"NIBArchive\" magic; this is an XML property list, not a nib")
        #expect(lines[1].hasSuffix("this is a storyboard document, not a nib"))
        #expect(lines[2].hasPrefix("\(binaryPlist): error: keyed archive: bplist at byte ") && lines[2].contains("not a keyed archive"))
        #expect(lines[3].hasPrefix("\(truncated): error: keyed archive: bplist at byte "), "\(lines[3])")
    }

    @Test func dumpPrintsTheKeyedGraph() throws {
        if SharedCorpus.directory == nil && SharedCorpus.allowMissing { return }
        let nib = try Self.corpus("nib/sparkle/SUStatus.nib")
        let tree = try NibcProcess.run(["dump", nib])
        #expect(tree.status == 0)
        #expect(tree.stdout.hasPrefix("keyed archive (NSKeyedArchiver 100000), 140 objects\n#0 NSObject\n"), "\(tree.stdout.prefix(200))")
        #expect(tree.stdout.contains("NSClassName = #3 NSString \"SUStatusController\""))
        let json = try NibcProcess.run(["dump", "--json", nib])
        #expect(json.status == 0)
        #expect(json.stdout.contains("\"class\":\"NSIBObjectData\""))
    }

    /// Keyed → NIBArchive → keyed: each step verifies and diff finds all three equivalent.
    @Test func convertBothWaysKeepsTheGraph() throws {
        if SharedCorpus.directory == nil && SharedCorpus.allowMissing { return }
        let keyed = try Self.corpus("nib/sparkle/en.lproj/SUUpdateAlert.nib")
        let nib = try Self.temporary("SUUpdateAlert-converted.nib")
        let back = try Self.temporary("SUUpdateAlert-back.nib")
        #expect(try NibcProcess.run(["convert", keyed, nib]).status == 0)
        #expect(try NibcProcess.run(["convert", nib, back]).status == 0)
        let verify = try NibcProcess.run(["verify", "-v", nib, back])
        #expect(verify.stdout.contains("\(nib): ok: NIBArchive coder 10"), "\(verify.stdout)")
        #expect(verify.stdout.contains("\(back): ok: keyed archive"))
        for (a, b) in [(keyed, nib), (keyed, back), (nib, back)] {
            let diff = try NibcProcess.run(["diff", a, b])
            #expect(diff.status == 0 && diff.stdout.hasPrefix("score 1.0000"), "\(a) vs \(b): \(diff.stdout.prefix(300))")
        }
    }

    /// A NIBArchive nib (coder 9) through the keyed form and back, with its coder version.
    @Test func nibArchiveThroughKeyedAndBack() throws {
        if SharedCorpus.directory == nil && SharedCorpus.allowMissing { return }
        let original = try Self.corpus("nib/swiftmessages/7.0.0/CardView.nib")
        let keyed = try Self.temporary("CardView-keyed.nib")
        let back = try Self.temporary("CardView-back.nib")
        #expect(try NibcProcess.run(["convert", original, keyed]).status == 0)
        #expect(try NibcProcess.run(["convert", "--coder-version", "9", keyed, back]).status == 0)
        let diff = try NibcProcess.run(["diff", original, back])
        #expect(diff.status == 0, "\(diff.stdout.prefix(300))")
        // Across formats diff compares (a keyed archive reads in the coder-10 vocabulary, so only the NSSet
        // form differs from this coder-9 nib).
        let keyedDiff = try NibcProcess.run(["diff", "--loose", original, keyed])
        #expect(keyedDiff.status == 1 && keyedDiff.stdout.contains("~ NSSet ") && keyedDiff.stdout.contains("- NSInlinedValue"),
                "\(keyedDiff.stdout.prefix(600))")
    }

    /// `--preserve-layout` to keyed and `--layout-from` the original on the way back give the original bytes, for
    /// a nib whose object order is not depth-first (NSKeyedArchiver's order, the default, renumbers it: the graph
    /// comes back equivalent but not byte-identical) and for a coder-9 nib (coder version from the original).
    @Test func nibArchiveThroughKeyedAndBackByteForByte() throws {
        if SharedCorpus.directory == nil && SharedCorpus.allowMissing { return }
        for (n, relative) in ["nib/appkit-samples/HSChooserWindow.nib", "nib/swiftmessages/7.0.0/CardView.nib"].enumerated() {
            let original = try Self.corpus(relative)
            let keyed = try Self.temporary("layout-\(n)-keyed.nib"), back = try Self.temporary("layout-\(n)-back.nib")
            #expect(try NibcProcess.run(["convert", "--preserve-layout", original, keyed]).status == 0)
            #expect(try NibcProcess.run(["verify", "-v", keyed]).stdout.contains("ok: keyed archive (NSKeyedArchiver 100000)"))
            #expect(try NibcProcess.run(["convert", "--layout-from", original, keyed, back]).status == 0)
            #expect(try Data(contentsOf: URL(fileURLWithPath: back)) == Data(contentsOf: URL(fileURLWithPath: original)), "\(relative)")
        }
        let original = try Self.corpus("nib/appkit-samples/HSChooserWindow.nib")
        let keyed = try Self.temporary("layout-default-keyed.nib"), back = try Self.temporary("layout-default-back.nib")
        #expect(try NibcProcess.run(["convert", original, keyed]).status == 0)
        #expect(try NibcProcess.run(["convert", "--layout-from", original, keyed, back]).status == 0)
        #expect(try Data(contentsOf: URL(fileURLWithPath: back)) != Data(contentsOf: URL(fileURLWithPath: original)))
        #expect(try NibcProcess.run(["diff", original, back]).stdout.hasPrefix("score 1.0000"))
        // --layout-from is for a NIBArchive output: a usage error with --to keyed, an error (nothing written) when
        // a NIBArchive input would become keyed.
        let unwritten = try Self.temporary("layout-unwritten.nib")
        #expect(try NibcProcess.run(["convert", "--to", "keyed", "--layout-from", original, original, unwritten]).status == 64)
        let mismatch = try NibcProcess.run(["convert", "--layout-from", original, original, unwritten])
        #expect(mismatch.status == 1 && mismatch.stderr.contains("--layout-from applies to a NIBArchive output"), "\(mismatch.stderr)")
        #expect(!FileManager.default.fileExists(atPath: unwritten))
    }

    /// `compile --format keyed` writes the compiled graph as a keyed archive: it verifies as one, diff finds it
    /// equal to the NIBArchive compile, and it scores against Apple's keyed nib as the NIBArchive output does; a keyed
    /// compile writes the AppKit vocabulary of the last Xcode that writes keyed nibs (`XcodeVersion.writing(_:)`),
    /// which is what lifts this pair to 0.9885 loose.
    @Test func compileToKeyedForm() throws {
        if SharedCorpus.directory == nil && SharedCorpus.allowMissing { return }
        let xib = try Self.corpus("nib/sparkle/SUStatus.xib")
        let keyed = try Self.temporary("SUStatus-keyed.nib"), nib = try Self.temporary("SUStatus-nibarchive.nib")
        #expect(try NibcProcess.run(["compile", "--format", "keyed", xib, "-o", keyed]).status == 0)
        // The same graph as a NIBArchive compile reproducing that Xcode.
        #expect(try NibcProcess.run(["compile", "--xcode-version", "13.4.1", xib, "-o", nib]).status == 0)
        #expect(try NibcProcess.run(["verify", "-v", keyed]).stdout.contains("ok: keyed archive (NSKeyedArchiver 100000)"))
        #expect(try NibcProcess.run(["diff", nib, keyed]).stdout.hasPrefix("score 1.0000"))
        let apple = try NibcProcess.run(["diff", "--loose", "--quiet", Self.corpus("nib/sparkle/SUStatus.nib"), keyed])
        let score = Double(apple.stdout.split(separator: " ")[1]) ?? 0
        #expect(score >= 0.9885, "\(apple.stdout)")
    }

    /// Without `--format`, the deployment target chooses the form: every Sparkle XIB compiled for its target
    /// (10.7, `LSMinimumSystemVersion` of framework-Info.plist) is a keyed archive, as Apple's nibs beside it;
    /// 10.13 gives NIBArchive, and `--format` overrides. Mean loose score against Apple's 7 nibs: 0.9849 (the lowest,
    /// 0.9779, the permission prompts: their table, compiled by Xcode 12.2, grows where current ibtool fits its
    /// columns).
    @Test func deploymentTargetChoosesTheKeyedForm() throws {
        if SharedCorpus.directory == nil && SharedCorpus.allowMissing { return }
        let xibs = try SharedCorpus.files(under: "nib/sparkle", suffix: ".xib").map(\.path)
        #expect(xibs.count == 7)
        var total = 0.0
        for (n, xib) in xibs.enumerated() {
            let out = try Self.temporary("target-\(n).nib")
            #expect(try NibcProcess.run(["compile", "--minimum-deployment-target", "10.7", xib, "-o", out]).status == 0)
            #expect(try NibcProcess.run(["verify", "-v", out]).stdout.contains("ok: keyed archive (NSKeyedArchiver 100000)"), "\(xib)")
            let apple = String(xib.dropLast(4)) + ".nib"
            let diff = try NibcProcess.run(["diff", "--loose", "--quiet", apple, out])
            total += Double(diff.stdout.split(separator: " ")[1]) ?? 0
        }
        #expect(total / Double(xibs.count) >= 0.9848, "mean \(total / Double(xibs.count))")
        let xib = try Self.corpus("nib/sparkle/SUStatus.xib")
        let current = try Self.temporary("target-current.nib"), forced = try Self.temporary("target-forced.nib")
        #expect(try NibcProcess.run(["compile", "--minimum-deployment-target", "10.13", xib, "-o", current]).status == 0)
        #expect(try NibcProcess.run(["verify", "-v", current]).stdout.contains("ok: NIBArchive"))
        #expect(try NibcProcess.run(["compile", "--minimum-deployment-target", "10.7", "--format", "nibarchive", xib, "-o", forced]).status == 0)
        #expect(try NibcProcess.run(["verify", "-v", forced]).stdout.contains("ok: NIBArchive"))
    }
}
