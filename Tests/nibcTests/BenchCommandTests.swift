import Foundation
import NibArchive
import NibTestSupport
import Testing

/// End-to-end test of `nibc bench` through the built binary: output format and exit status only (no timing).
@Suite struct BenchCommandTests {
    @Test func benchPrintsDecodeSpeedAndCachedRatio() throws {
        let nib = try SharedCorpus.require().appendingPathComponent("nib/duckduckgo/FavoriteHomeCell.nib").path
        let result = try NibcProcess.run(["bench", nib, "--seconds", "0.05"])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 5, "\(result.stdout)")
        guard lines.count == 5 else { return }
        #expect(lines[0].hasPrefix("\(nib): 4731 bytes, 87 objects, 417 values"), "\(lines[0])")
        #expect(lines[1].wholeMatch(of: /decode: [0-9]+\.[0-9] MB\/s \(verify \+ full decode, [0-9]+ runs in [0-9]+\.[0-9]{2} s\)/) != nil, "\(lines[1])")
        #expect(lines[2].wholeMatch(of: /instantiate cached: [0-9]+\.[0-9] µs per instantiation \([0-9]+ runs\)/) != nil, "\(lines[2])")
        #expect(lines[3].wholeMatch(of: /instantiate from disk: [0-9]+\.[0-9] µs per instantiation \([0-9]+ runs: read \+ decode \+ plan \+ instantiate\)/) != nil, "\(lines[3])")
        #expect(lines[4].wholeMatch(of: /cached vs disk: [0-9]+\.[0-9]x faster/) != nil, "\(lines[4])")
    }

    @Test func benchReportsGzipAndBadInput() throws {
        let nib = try SharedCorpus.require().appendingPathComponent("nib/duckduckgo/FavoriteHomeCell.nib")
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("nibc-bench-tests-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let gz = dir.appendingPathComponent("FavoriteHomeCell.nib")
        try Data(Gzip.compress([UInt8](try Data(contentsOf: nib)))).write(to: gz)
        let ok = try NibcProcess.run(["bench", gz.path, "--seconds", "0.02"])
        #expect(ok.status == 0, "\(ok.stderr)")
        #expect(ok.stdout.hasPrefix("\(gz.path): "), "\(ok.stdout)")
        #expect(ok.stdout.contains("(gzip, 4731 inflated), 87 objects"), "\(ok.stdout)")

        let bad = dir.appendingPathComponent("bad.nib")
        try Data("not a nib".utf8).write(to: bad)
        let failed = try NibcProcess.run(["bench", bad.path, "--seconds", "0.02"])
        #expect(failed.status == 1)
        #expect(failed.stdout.isEmpty)
        #expect(failed.stderr.hasPrefix("\(bad.path): error: "), "\(failed.stderr)")
    }

    @Test func benchOfAStoryboardInstantiatesEveryControllerPerRound() throws {
        let sb = try SharedCorpus.require().appendingPathComponent("nib/duckduckgo/Base.lproj/Home.storyboardc").path
        let result = try NibcProcess.run(["bench", sb, "--seconds", "0.05"])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 4, "\(result.stdout)")
        guard lines.count == 4 else { return }
        // Home: 2 scenes, one a storyboard reference (not measured); HomeViewController and its view.
        #expect(lines[0] == "\(sb): compiled storyboard (iOS), 2 scenes, 3 nibs; a round instantiates 2 controllers and views", "\(lines[0])")
        #expect(lines[1].wholeMatch(of: /round cached: [0-9]+\.[0-9] µs \([0-9]+ rounds, storyboard kept open\)/) != nil, "\(lines[1])")
        #expect(lines[3].wholeMatch(of: /cached vs disk: [0-9]+\.[0-9]x faster/) != nil, "\(lines[3])")
    }
}
