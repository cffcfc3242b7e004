import Foundation
import NibArchive
import NibTestSupport
import Testing

/// `nibc compile` on storyboards: the `.storyboardc` directory, batches, atomic replacement.
@Suite struct StoryboardCommandTests {
    static let main = ProjectCorpus.directory.appendingPathComponent("ios/Main.storyboard").path

    static func files(in dir: URL) throws -> [String: Data] {
        var out: [String: Data] = [:]
        let enumerator = try #require(FileManager.default.enumerator(atPath: dir.path))
        for case let path as String in enumerator {
            var isDir: ObjCBool = false
            let url = dir.appendingPathComponent(path)
            if FileManager.default.fileExists(atPath: url.path, isDirectory: &isDir), !isDir.boolValue { out[path] = try Data(contentsOf: url) }
        }
        return out
    }

    @Test func compilesAStoryboardIntoADirectory() throws {
        let dir = try CompileCommandTests.scratch("sb-single")
        let out = dir.appendingPathComponent("Main.storyboardc")
        let result = try NibcProcess.run(["compile", Self.main, "--module", "SampleApp", "-o", out.path])
        #expect(result.status == 0, "\(result.stderr)")
        let files = try Self.files(in: out)
        #expect(files.keys.contains("Info.plist") && files.keys.contains("Detail.nib"))
        for (path, data) in files where path.hasSuffix(".nib") { _ = try NibArchive(bytes: [UInt8](data)) }
        // No temporary directory is left beside the output.
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["Main.storyboardc"])
    }

    @Test func batchesWriteStoryboardcBesideNibsWithTheSameBytesForAnyJobs() throws {
        let dir = try CompileCommandTests.scratch("sb-batch")
        let input = ProjectCorpus.directory.appendingPathComponent("ios").path
        let one = dir.appendingPathComponent("one"), four = dir.appendingPathComponent("four")
        #expect(try NibcProcess.run(["compile", input, "--module", "SampleApp", "--output-dir", one.path, "--jobs", "1"]).status == 0)
        #expect(try NibcProcess.run(["compile", input, "--module", "SampleApp", "--output-dir", four.path, "--jobs", "4"]).status == 0)
        let a = try Self.files(in: one), b = try Self.files(in: four)
        #expect(a.keys.contains("Main.storyboardc/Info.plist") && a.keys.contains("LaunchScreen.storyboardc/Info.plist"))
        #expect(a.keys.contains("LoginViewController.nib"))
        #expect(a == b)
    }

    @Test func failedCompileLeavesExistingDirectoryUntouched() throws {
        let dir = try CompileCommandTests.scratch("sb-atomic")
        let out = dir.appendingPathComponent("Main.storyboardc")
        #expect(try NibcProcess.run(["compile", Self.main, "--module", "SampleApp", "-o", out.path]).status == 0)
        let before = try Self.files(in: out)
        let bad = dir.appendingPathComponent("Main.storyboard")
        var text = try String(contentsOfFile: Self.main, encoding: .utf8)
        text = text.replacingOccurrences(of: "destination=\"det-00-001\"", with: "destination=\"nowhere\"")
        try text.write(to: bad, atomically: true, encoding: .utf8)
        let result = try NibcProcess.run(["compile", bad.path, "-o", out.path])
        #expect(result.status == 1)
        #expect(result.stderr.contains("\(bad.path):54:") && result.stderr.contains("error: segue destination 'nowhere'"), "\(result.stderr)")
        #expect(try Self.files(in: out) == before)
        #expect(Set(try FileManager.default.contentsOfDirectory(atPath: dir.path)) == ["Main.storyboardc", "Main.storyboard"])
        // A successful compile replaces the whole directory.
        try Data("stale".utf8).write(to: out.appendingPathComponent("Stale.nib"))
        #expect(try NibcProcess.run(["compile", Self.main, "--module", "SampleApp", "-o", out.path]).status == 0)
        #expect(try Self.files(in: out) == before)
    }
}
