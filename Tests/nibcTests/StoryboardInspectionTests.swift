import Foundation
import NibTestSupport
import Testing

/// `nibc verify`, `dump`, `diff` on compiled storyboards and `.nib` directories, and `nibc ibtool --link`,
/// with Apple's compiled storyboards of the corpus.
@Suite struct StoryboardInspectionTests {
    static func scratch(_ name: String) throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("nibc-sb-\(getpid())-\(name)")
        try? FileManager.default.removeItem(at: dir)
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir
    }

    static func corpus(_ relative: String) throws -> String { try SharedCorpus.require().appendingPathComponent(relative).path }

    /// A writable copy of a corpus storyboard (the corpus is read-only).
    static func copy(_ relative: String, to dir: URL, as name: String? = nil) throws -> URL {
        let target = dir.appendingPathComponent(name ?? (relative as NSString).lastPathComponent)
        try FileManager.default.copyItem(atPath: try corpus(relative), toPath: target.path)
        for case let url as URL in FileManager.default.enumerator(at: target, includingPropertiesForKeys: nil)! {
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: url.path)
        }
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: target.path)
        return target
    }

    @Test func verifyAcceptsEveryCorpusStoryboard() throws {
        if SharedCorpus.directory == nil && SharedCorpus.allowMissing { return }
        let all = try SharedCorpus.compiledStoryboards().map(\.path)
        #expect(all.count == 32)
        let r = try NibcProcess.run(["verify", "-v"] + all)
        #expect(r.status == 0, "\(r.stderr)")
        // One line per storyboard, one per nib file (the 33 Settings nibs have two variants each; 12 Flutter template nibs).
        #expect(r.stdout.components(separatedBy: ": ok: compiled storyboard").count - 1 == 32)
        #expect(r.stdout.components(separatedBy: ": ok: NIBArchive").count - 1 == 146 + 33 + 19 + 12)
        // A .nib directory with two variants: both checked.
        let nibDir = try Self.corpus("recent/clevertap-xcode26/CleverTapInboxViewController.nib")
        let d = try NibcProcess.run(["verify", "-v", nibDir])
        #expect(d.status == 0, "\(d.stderr)")
        #expect(d.stdout.contains("nib directory, 2 nibs"))
        #expect(d.stdout.contains("/objects-11.0+.nib: ok") && d.stdout.contains("/runtime.nib: ok"))
    }

    @Test func verifyReportsBrokenStoryboardsWithoutCrashing() throws {
        if SharedCorpus.directory == nil && SharedCorpus.allowMissing { return }
        let dir = try Self.scratch("verify-broken")
        defer { try? FileManager.default.removeItem(at: dir) }
        // A missing scene nib.
        let missing = try Self.copy("nib/duckduckgo/Base.lproj/Home.storyboardc", to: dir, as: "Missing.storyboardc")
        try FileManager.default.removeItem(at: missing.appendingPathComponent("HomeViewController.nib"))
        var r = try NibcProcess.run(["verify", missing.path])
        #expect(r.status == 1 && r.exitedNormally)
        #expect(r.stderr.contains("HomeViewController.nib: error: UIViewControllerIdentifiersToNibNames[\"HomeViewController\"]: the scene nib"), "\(r.stderr)")
        // A missing view nib: found by the cross-check of the controllers' UINibName.
        let noView = try Self.copy("nib/duckduckgo/Base.lproj/Home.storyboardc", to: dir, as: "NoView.storyboardc")
        try FileManager.default.removeItem(at: noView.appendingPathComponent("LJ1-RN-ckE-view-klK-ZJ-wmA.nib"))
        r = try NibcProcess.run(["verify", noView.path])
        #expect(r.status == 1)
        #expect(r.stderr.contains("UINibName: the view nib \"LJ1-RN-ckE-view-klK-ZJ-wmA.nib\" is missing"), "\(r.stderr)")
        // A truncated nib and a corrupt Info.plist: each reported, every other nib still checked.
        let broken = try Self.copy("nib/duckduckgo/Base.lproj/Home.storyboardc", to: dir, as: "Broken.storyboardc")
        try Data([0x4E, 0x49, 0x42]).write(to: broken.appendingPathComponent("HomeViewController.nib"))
        r = try NibcProcess.run(["verify", broken.path])
        #expect(r.status == 1)
        #expect(r.stderr.contains("HomeViewController.nib: error:"))
        try Data("bplist00garbage".utf8).write(to: broken.appendingPathComponent("Info.plist"))
        r = try NibcProcess.run(["verify", broken.path])
        #expect(r.status == 1 && r.exitedNormally)
        #expect(r.stderr.contains("Info.plist: error: bplist at byte"), "\(r.stderr)")
        for command in [["dump"], ["dump", "--json"]] {
            let d = try NibcProcess.run(command + [broken.path])
            #expect(d.status == 1 && d.stdout.isEmpty)
        }
        // A directory that is neither.
        let empty = dir.appendingPathComponent("empty")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        r = try NibcProcess.run(["verify", empty.path])
        #expect(r.status == 1)
        #expect(r.stderr.contains("neither a compiled storyboard"))
    }

    @Test func dumpShowsThePlistThenEachNibInNameOrder() throws {
        if SharedCorpus.directory == nil && SharedCorpus.allowMissing { return }
        let home = try Self.corpus("nib/duckduckgo/Base.lproj/Home.storyboardc")
        let r = try NibcProcess.run(["dump", home])
        #expect(r.status == 0)
        let headers = r.stdout.split(separator: "\n").filter { $0.hasPrefix("== ") }
        #expect(headers == ["== Info.plist", "== HomeViewController.nib", "== LJ1-RN-ckE-view-klK-ZJ-wmA.nib", "== UIViewController-Ad2-7l-5O5.nib"])
        #expect(r.stdout.contains("        UIReferencedStoryboardName: DaxOnboarding"))
        let j = try NibcProcess.run(["dump", "--json", home])
        #expect(j.status == 0)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(j.stdout.utf8)) as? [String: Any])
        #expect(json["kind"] as? String == "storyboard")
        #expect(json["platform"] as? String == "iOS")
        let plist = try #require(json["infoPlist"] as? [String: Any])
        #expect(plist["UIStoryboardVersion"] as? Int == 1)
        let nibs = try #require(json["nibs"] as? [[String: Any]])
        #expect(nibs.map { $0["file"] as? String } == ["HomeViewController.nib", "LJ1-RN-ckE-view-klK-ZJ-wmA.nib", "UIViewController-Ad2-7l-5O5.nib"])
        #expect(nibs.allSatisfy { ($0["graph"] as? [String: Any])?["objects"] is [Any] })
        // Deterministic.
        #expect(try NibcProcess.run(["dump", "--json", home]).stdout == j.stdout)
    }

    @Test func diffComparesFileByFile() throws {
        if SharedCorpus.directory == nil && SharedCorpus.allowMissing { return }
        let dir = try Self.scratch("diff")
        defer { try? FileManager.default.removeItem(at: dir) }
        let home = try Self.corpus("nib/duckduckgo/Base.lproj/Home.storyboardc")
        var r = try NibcProcess.run(["diff", home, home])
        #expect(r.status == 0)
        #expect(r.stdout.hasPrefix("total score 1.0000"))
        // One nib removed, one nib replaced by another scene's: missing file, a nib diff, a lower score.
        let changed = try Self.copy("nib/duckduckgo/Base.lproj/Home.storyboardc", to: dir)
        try FileManager.default.removeItem(at: changed.appendingPathComponent("UIViewController-Ad2-7l-5O5.nib"))
        r = try NibcProcess.run(["diff", home, changed.path])
        #expect(r.status == 1)
        #expect(r.stdout.contains("- UIViewController-Ad2-7l-5O5.nib\n"))
        #expect(r.stdout.contains("1 missing files, 0 extra"))
        let score = try #require(r.stdout.split(separator: "\n").last.flatMap { Double($0.split(separator: " ")[2]) })
        #expect(score < 1 && score > 0.9)
        r = try NibcProcess.run(["diff", "--json", home, changed.path])
        #expect(r.status == 1)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        #expect(json["missingFiles"] as? [String] == ["UIViewController-Ad2-7l-5O5.nib"])
        #expect((json["nibs"] as? [Any])?.count == 2)
        #expect(json["equivalent"] as? Bool == false)
        r = try NibcProcess.run(["diff", "--quiet", home, changed.path])
        #expect(r.stdout.split(separator: "\n").count == 1)
        // A .nib directory against a flat nib: its loaded variant (objects-14.0+.nib) is compared.
        let settings = try Self.corpus("nib/duckduckgo/Base.lproj/Settings.storyboardc/AutoClearSettingsViewController.nib")
        r = try NibcProcess.run(["diff", settings, settings + "/objects-14.0+.nib"])
        #expect(r.status == 0, "\(r.stdout)\(r.stderr)")
        #expect(r.stdout.hasPrefix("score 1.0000"))
        // A storyboard against a single nib: unreadable pair, exit 2.
        r = try NibcProcess.run(["diff", home, home + "/HomeViewController.nib"])
        #expect(r.status == 2)
        // Two different storyboards: plist leaves listed.
        r = try NibcProcess.run(["diff", home, try Self.corpus("nib/duckduckgo/Base.lproj/Tab.storyboardc")])
        #expect(r.status == 1)
        #expect(r.stdout.contains("~ Info.plist\n"))
    }

    // MARK: ibtool --link

    @Test func linkCopiesTheSetAsRulesAppleCallsIt() throws {
        if SharedCorpus.directory == nil && SharedCorpus.allowMissing { return }
        let dir = try Self.scratch("link")
        defer { try? FileManager.default.removeItem(at: dir) }
        let base = try Self.corpus("nib/duckduckgo/Base.lproj")
        // The whole app: every reference resolves within the set.
        let inputs = try SharedCorpus.compiledStoryboards().map(\.path).filter { $0.contains("/duckduckgo/") && !$0.contains("/PlugIns/") }
        let out = dir.appendingPathComponent("storyboards/App")
        // rules_apple: ibtool --link OUT --minimum-deployment-target V --target-device D... INPUTS
        let r = try NibcProcess.run(["ibtool", "--link", out.path, "--minimum-deployment-target", "13.0",
                                     "--target-device", "iphone", "--target-device", "ipad"] + inputs)
        #expect(r.status == 0, "\(r.stdout)")
        #expect(r.stdout.isEmpty)
        // Inputs inside Base.lproj keep it, as Xcode's declared link outputs do.
        let linked = out.appendingPathComponent("Base.lproj/Home.storyboardc")
        let d = try NibcProcess.run(["diff", base + "/Home.storyboardc", linked.path])
        #expect(d.status == 0, "\(d.stdout)")
        #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent("Base.lproj/Settings.storyboardc/AutoClearSettingsViewController.nib/runtime.nib").path))
        // Byte-identical copies.
        #expect(try Data(contentsOf: linked.appendingPathComponent("Info.plist")) == Data(contentsOf: URL(fileURLWithPath: base + "/Home.storyboardc/Info.plist")))
        // No staging directory left behind.
        #expect(try FileManager.default.contentsOfDirectory(atPath: out.path).sorted()
            == ["Base.lproj", "BlankSnapshot.storyboardc", "Debug.storyboardc", "WebContainer.storyboardc"])
        // Linking again replaces in place; a reference can be satisfied by what OUT already holds.
        let again = try NibcProcess.run(["ibtool", "--link", out.path, base + "/Home.storyboardc"])
        #expect(again.status == 0, "\(again.stdout)")
    }

    @Test func linkRefusesMissingInputsAndDanglingReferencesAtomically() throws {
        if SharedCorpus.directory == nil && SharedCorpus.allowMissing { return }
        let dir = try Self.scratch("link-errors")
        defer { try? FileManager.default.removeItem(at: dir) }
        let base = try Self.corpus("nib/duckduckgo/Base.lproj")
        let out = dir.appendingPathComponent("out")
        // Home references DaxOnboarding, which is not in the set nor in OUT.
        var r = try NibcProcess.run(["ibtool", "--link", out.path, base + "/Home.storyboardc", base + "/Tab.storyboardc"])
        #expect(r.status == 1)
        #expect(r.stdout.contains("Home.storyboardc/Info.plist: error: UIViewControllerIdentifiersToExternalStoryboardReferences[\"UIViewController-Ad2-7l-5O5\"]: the referenced storyboard \"DaxOnboarding\""), "\(r.stdout)")
        #expect(!FileManager.default.fileExists(atPath: out.appendingPathComponent("Base.lproj").path))
        // A missing input among good ones: nothing is written.
        r = try NibcProcess.run(["ibtool", "--output-format", "human-readable-text", "--link", out.path,
                                 base + "/Settings.storyboardc", dir.appendingPathComponent("Nope.storyboardc").path])
        #expect(r.status == 1)
        #expect(r.stdout.contains("Nope.storyboardc: error: not a directory"), "\(r.stdout)")
        #expect(!FileManager.default.fileExists(atPath: out.appendingPathComponent("Base.lproj").path))
        // A reference to a controller the referenced storyboard lacks.
        let copy = try Self.copy("nib/duckduckgo/Base.lproj/DaxOnboarding.storyboardc", to: dir)
        let plist = copy.appendingPathComponent("Info.plist")
        var bytes = [UInt8](try Data(contentsOf: plist))
        // The string object "DaxDialog" (ASCII marker 0x59: 9 bytes); the first is the map's key (keys are
        // written before values), so the scene nib stays and only its identifier changes.
        let needle = [0x59] + Array("DaxDialog".utf8)
        let at = try #require((0...(bytes.count - needle.count)).first { Array(bytes[$0..<$0 + needle.count]) == needle })
        bytes[at + 1] = UInt8(ascii: "X")  // DaxDialog -> XaxDialog: Home's reference target is gone
        try Data(bytes).write(to: plist)
        let onboarding = base + "/Onboarding.storyboardc"
        r = try NibcProcess.run(["ibtool", "--output-format", "human-readable-text", "--link", out.path, base + "/Home.storyboardc", copy.path, onboarding])
        #expect(r.status == 1)
        #expect(r.stdout.contains("has no controller with identifier \"DaxDialog\""), "\(r.stdout)")
        // Not a compiled storyboard; no input at all.
        r = try NibcProcess.run(["ibtool", "--link", out.path, base + "/Home.storyboard"])
        #expect(r.status == 1)
        r = try NibcProcess.run(["ibtool", "--link", out.path])
        #expect(r.status == 1)
        #expect(r.stdout.contains("needs at least one compiled storyboard"))
    }
}
