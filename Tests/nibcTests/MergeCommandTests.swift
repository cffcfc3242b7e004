import Foundation
import NibTestSupport
import Testing

/// End-to-end tests of `nibc merge`: as git's merge driver in a real repository, its exit statuses, its
/// report, and that a bad input leaves OURS untouched.
@Suite struct MergeCommandTests {
    static let storyboard = ProjectCorpus.directory.appendingPathComponent("ios/Main.storyboard")

    static func scratch(_ name: String) throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("nibc-merge-\(getpid())-\(name)")
        try? FileManager.default.removeItem(at: dir)
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir
    }

    @discardableResult
    static func git(_ arguments: [String], in dir: URL) throws -> NibcProcess.Output {
        try NibcProcess.run(["git"] + arguments, currentDirectory: dir, executable: URL(fileURLWithPath: "/usr/bin/env"),
                            environment: ["GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@example.com",
                                          "GIT_COMMITTER_NAME": "t", "GIT_COMMITTER_EMAIL": "t@example.com"])
    }

    /// `text` with `old` replaced by `new` once.
    static func edit(_ text: String, _ old: String, _ new: String) -> String {
        let parts = text.components(separatedBy: old)
        #expect(parts.count >= 2, "'\(old)' not found")
        return parts[0] + new + parts.dropFirst().joined(separator: old)
    }

    /// Two `id`s of the storyboard with a `<rect key="frame">` child, and one frame line of each.
    static func twoFrames(_ text: String) -> [String] {
        text.components(separatedBy: "\n").filter { $0.contains(#"<rect key="frame""#) }
    }

    /// A repository with the storyboard on `main`, a branch `a` and a branch `b` editing it.
    static func repository(_ name: String, a: (String) -> String, b: (String) -> String) throws -> URL {
        let dir = try scratch(name)
        try git(["init", "-q", "-b", "main"], in: dir)
        try git(["config", "merge.nibc.driver", "\(NibcProcess.binary.path) merge %O %A %B --name %P"], in: dir)
        try git(["config", "merge.nibc.name", "nibc"], in: dir)
        try "*.storyboard merge=nibc\n*.xib merge=nibc\n".write(to: dir.appendingPathComponent(".gitattributes"), atomically: true, encoding: .utf8)
        let base = try String(contentsOf: storyboard, encoding: .utf8)
        let file = dir.appendingPathComponent("Main.storyboard")
        try base.write(to: file, atomically: true, encoding: .utf8)
        try git(["add", "."], in: dir)
        try git(["commit", "-q", "-m", "base"], in: dir)
        try git(["checkout", "-q", "-b", "a"], in: dir)
        try a(base).write(to: file, atomically: true, encoding: .utf8)
        try git(["commit", "-q", "-am", "a"], in: dir)
        try git(["checkout", "-q", "main"], in: dir)
        try git(["checkout", "-q", "-b", "b"], in: dir)
        try b(base).write(to: file, atomically: true, encoding: .utf8)
        try git(["commit", "-q", "-am", "b"], in: dir)
        return dir
    }

    @Test func gitMergesEditsOfDifferentObjectsThroughTheDriver() throws {
        let base = try String(contentsOf: Self.storyboard, encoding: .utf8)
        // Two adjacent lines, two elements: a navigation bar's frame and its autoresizing mask. A line merge
        // conflicts on adjacent edits; the driver merges them.
        let frame = try #require(Self.twoFrames(base).first)
        let mask = #"<autoresizingMask key="autoresizingMask"/>"#
        try #require(base.contains(frame + "\n" + String(frame.prefix { $0 == " " }) + mask))
        let editedFrame = frame.replacingOccurrences(of: #"width="393""#, with: #"width="390""#)
        let editedMask = #"<autoresizingMask key="autoresizingMask" flexibleMaxX="YES"/>"#
        let a = { (text: String) in Self.edit(text, frame, editedFrame) }
        let b = { (text: String) in Self.edit(text, mask, editedMask) }
        // git's own line merge of the same three versions conflicts.
        let files = try Self.scratch("clean-files")
        for (name, text) in [("B", base), ("A", a(base)), ("C", b(base))] {
            try text.write(to: files.appendingPathComponent(name), atomically: true, encoding: .utf8)
        }
        let lineMerge = try Self.git(["merge-file", "-p", "A", "B", "C"], in: files)
        #expect(lineMerge.status == 1)

        let dir = try Self.repository("clean", a: a, b: b)
        let merge = try Self.git(["merge", "-q", "--no-edit", "a"], in: dir)
        #expect(merge.status == 0, "\(merge.stdout)\(merge.stderr)")
        let merged = try String(contentsOf: dir.appendingPathComponent("Main.storyboard"), encoding: .utf8)
        #expect(merged == Self.edit(a(base), mask, editedMask))
        #expect(!merged.contains("<<<<<<<"))
    }

    @Test func gitStopsOnTheSameAttributeChangedDifferentlyWithMarkersAndAList() throws {
        let base = try String(contentsOf: Self.storyboard, encoding: .utf8)
        let frame = try #require(Self.twoFrames(base).last)
        let dir = try Self.repository("conflict", a: { Self.edit($0, frame, frame.replacingOccurrences(of: #"x=""#, with: #"x="1"#)) },
                                      b: { Self.edit($0, frame, frame.replacingOccurrences(of: #"x=""#, with: #"x="2"#)) })
        let merge = try Self.git(["merge", "--no-edit", "a"], in: dir)
        #expect(merge.status != 0)
        #expect(merge.stdout.contains("Main.storyboard"))
        #expect((merge.stdout + merge.stderr).contains("conflict: attribute:"))
        let merged = try String(contentsOf: dir.appendingPathComponent("Main.storyboard"), encoding: .utf8)
        #expect(merged.contains("\n<<<<<<< ours\n") && merged.contains("\n=======\n") && merged.contains("\n>>>>>>> theirs"))
        let status = try Self.git(["status", "--porcelain"], in: dir)
        #expect(status.stdout.contains("UU Main.storyboard"))
    }

    @Test func jsonReportAndExitStatuses() throws {
        let dir = try Self.scratch("json")
        let base = try String(contentsOf: Self.storyboard, encoding: .utf8)
        let frame = try #require(Self.twoFrames(base).last)
        let paths = ["B", "O", "T"].map { dir.appendingPathComponent("\($0).storyboard").path }
        try base.write(toFile: paths[0], atomically: true, encoding: .utf8)
        try Self.edit(base, frame, frame.replacingOccurrences(of: #"x=""#, with: #"x="1"#)).write(toFile: paths[1], atomically: true, encoding: .utf8)
        try Self.edit(base, frame, frame.replacingOccurrences(of: #"x=""#, with: #"x="2"#)).write(toFile: paths[2], atomically: true, encoding: .utf8)
        let out = dir.appendingPathComponent("R.storyboard").path
        let result = try NibcProcess.run(["merge"] + paths + ["-o", out, "--json"])
        #expect(result.status == 1)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(json["clean"] as? Bool == false)
        let conflicts = try #require(json["conflicts"] as? [[String: Any]])
        #expect(conflicts.count == 1)
        #expect(conflicts.first?["attribute"] as? String == "x")
        #expect(FileManager.default.fileExists(atPath: out))
        // OURS merged with itself: exit 0, written over OURS by default.
        let clean = try NibcProcess.run(["merge", paths[0], paths[1], paths[0]])
        #expect(clean.status == 0 && clean.stdout.isEmpty)
    }

    @Test func aLayoutRulesDecisionIsANoteInTheTextAndTheJSON() throws {
        let dir = try Self.scratch("notes")
        let base = try String(contentsOf: ProjectCorpus.directory.appendingPathComponent("ios/LoginViewController.xib"), encoding: .utf8)
        // OURS deletes the spinner; THEIRS only moves it (its frame): the deletion stands, with a note.
        let spinnerFrame = #"<rect key="frame" x="0.0" y="194" width="366" height="26"/>"#
        let spinnerStart = try #require(base.range(of: "                        <activityIndicatorView ")).lowerBound
        let spinnerEnd = try #require(base.range(of: "</activityIndicatorView>\n")).upperBound
        let ours = base.replacingCharacters(in: spinnerStart..<spinnerEnd, with: "")
        let theirs = Self.edit(base, spinnerFrame, #"<rect key="frame" x="0.0" y="190" width="366" height="30"/>"#)
        let paths = ["B", "O", "T"].map { dir.appendingPathComponent("\($0).xib").path }
        for (text, path) in zip([base, ours, theirs], paths) { try text.write(toFile: path, atomically: true, encoding: .utf8) }
        let out = dir.appendingPathComponent("R.xib").path

        let text = try NibcProcess.run(["merge"] + paths + ["-o", out, "--name", "Login.xib"])
        #expect(text.status == 0)
        let lines = text.stdout.split(separator: "\n")
        #expect(lines.count == 1)
        #expect(lines.first?.hasPrefix("Login.xib: note: deleted-view-geometry: <activityIndicatorView> (id sPn-ai-001)") == true)
        #expect(!(try String(contentsOfFile: out, encoding: .utf8)).contains("sPn-ai-001"))

        let json = try NibcProcess.run(["merge"] + paths + ["-o", out, "--json"])
        #expect(json.status == 0)
        let report = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(report["clean"] as? Bool == true)
        #expect((report["conflicts"] as? [Any])?.isEmpty == true)
        let notes = try #require(report["notes"] as? [[String: Any]])
        #expect(notes.count == 1)
        #expect(notes.first?["rule"] as? String == "deleted-view-geometry")
        #expect(notes.first?["side"] as? String == "ours")
        #expect((notes.first?["object"] as? [String: Any])?["id"] as? String == "sPn-ai-001")
        #expect((notes.first?["object"] as? [String: Any])?["element"] as? String == "activityIndicatorView")
    }

    @Test func aMalformedInputLeavesOursUntouchedWithALocatedError() throws {
        let dir = try Self.scratch("malformed")
        let base = try String(contentsOf: Self.storyboard, encoding: .utf8)
        let paths = ["B", "O", "T"].map { dir.appendingPathComponent("\($0).storyboard").path }
        try base.write(toFile: paths[0], atomically: true, encoding: .utf8)
        let ours = Self.edit(base, "</scenes>", "</scenes><extra>")
        try ours.write(toFile: paths[1], atomically: true, encoding: .utf8)
        try base.write(toFile: paths[2], atomically: true, encoding: .utf8)
        let result = try NibcProcess.run(["merge"] + paths)
        #expect(result.status == 2)
        #expect(result.stderr.contains("O.storyboard:") && result.stderr.contains("error:"))
        #expect(try String(contentsOfFile: paths[1], encoding: .utf8) == ours)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).count == 3)
    }
}
