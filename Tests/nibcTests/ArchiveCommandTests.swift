import Foundation
import NibArchive
import NibTestSupport
import Testing

/// End-to-end tests of `nibc verify`, `dump` and `diff` through the built binary.
@Suite struct ArchiveCommandTests {
    static func corpusNib(_ relative: String) throws -> String {
        try SharedCorpus.require().appendingPathComponent("nib").appendingPathComponent(relative).path
    }

    static func temporaryFile(_ name: String, _ bytes: [UInt8]) throws -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("nibc-tests-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let url = dir.appendingPathComponent(name)
        try Data(bytes).write(to: url)
        return url.path
    }

    @Test func verifyAcceptsEveryCorpusArchive() throws {
        let files = try SharedCorpus.files(under: "nib", suffix: ".nib").map(\.path).filter {
            (try? FileHandle(forReadingFrom: URL(fileURLWithPath: $0)).read(upToCount: 10)) == Data("NIBArchive".utf8)
        }
        #expect(files.count > 250)
        let result = try NibcProcess.run(["verify"] + files)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.isEmpty)
    }

    @Test func verifyReportsTableAndOffset() throws {
        let good = try Self.corpusNib("swiftmessages/7.0.0/StatusLine.nib")
        var bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: good)))
        bytes.removeLast(3)
        let bad = try Self.temporaryFile("truncated.nib", bytes)
        let notNib = try Self.corpusNib("sparkle/SUStatus.xib")
        let result = try NibcProcess.run(["verify", good, bad, notNib])
        #expect(result.status == 1)
        let lines = result.stderr.split(separator: "\n").map(String.init)
        #expect(lines.count == 2)
        #expect(lines.first?.hasPrefix("\(bad): error: class names at byte ") == true, "\(lines)")
        #expect(lines.last == "\(notNib): error: header at byte 0: missing \"NIBArchive\" magic; this is a XIB document, not a nib")
    }

    @Test func diffOfANibWithItselfIsEmpty() throws {
        let nib = try Self.corpusNib("duckduckgo/FavoriteHomeCell.nib")
        let result = try NibcProcess.run(["diff", nib, nib])
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("score 1.0000"), "\(result.stdout)")
        #expect(!result.stdout.contains("\n- ") && !result.stdout.hasPrefix("- "))
    }

    @Test func diffOfTwoVersionsShowsPathsAndScore() throws {
        let a = try Self.corpusNib("swiftmessages/7.0.0/StatusLine.nib")
        let b = try Self.corpusNib("swiftmessages/4.1.0/StatusLine.nib")
        let result = try NibcProcess.run(["diff", a, b])
        #expect(result.status == 1)
        // The 4.1.0 nib lacks the runtime attributes 7.0.0 sets through UINibKeyValuePairsKey and vice versa.
        #expect(result.stdout.contains("/NSObject.UINibKeyValuePairsKey/NSArray.["))
        let score = try #require(result.stdout.split(separator: "\n").last { $0.hasPrefix("score ") })
        let value = try #require(Double(score.split(separator: " ")[1]))
        #expect(value > 0.5 && value < 1.0)
    }

    @Test func diffReportIsGroupedByObjectAndReordersAreOrder() throws {
        // The same nib with its connection list reversed: equivalent for --loose, one order finding strict.
        let path = try Self.corpusNib("duckduckgo/Base.lproj/OmniBar.nib")
        var graph = NibGraph(try NibArchive(bytes: [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))))
        let list = try #require(graph.objects[0].value(forKey: "UINibConnectionsKey")?.objectIndex)
        let positions = graph.objects[list].entries.indices.filter { graph.objects[list].entries[$0].key == "UINibEncoderEmptyKey" }
        let values = positions.map { graph.objects[list].entries[$0].value }
        for (p, v) in zip(positions, values.reversed()) { graph.objects[list].entries[p].value = v }
        let reversed = try Self.temporaryFile("OmniBar-reversed.nib", NibArchiveWriter().write(graph))
        let loose = try NibcProcess.run(["diff", "--loose", path, reversed])
        #expect(loose.status == 0 && loose.stdout.hasPrefix("score 1.0000"), "\(loose.stdout)")
        let strict = try NibcProcess.run(["diff", path, reversed])
        #expect(strict.status == 1)
        #expect(strict.stdout.hasPrefix("~ NSArray /NSObject.UINibConnectionsKey: 0 changed, 0 missing, 0 extra, order\n"), "\(strict.stdout)")
        #expect(strict.stdout.contains("    order of UINibConnectionsKey (loader-indifferent):\n      reference: [00000] UIRuntimeOutletCollectionConnection, [00001] "))
        #expect(strict.stdout.contains("\n      other:     [00047] UIRuntimeEventConnection, [00046] "))

        // Two versions: changed keys with both values (strings as text), grouped under their object.
        let a = try Self.corpusNib("swiftmessages/7.0.0/StatusLine.nib")
        let b = try Self.corpusNib("swiftmessages/4.1.0/StatusLine.nib")
        let text = try NibcProcess.run(["diff", a, b])
        #expect(text.stdout.contains("~ UINibKeyValuePair /NSObject.UINibKeyValuePairsKey/NSArray.[00000]: 2 changed, 0 missing, 0 extra\n"
            + "    ~ UIKeyPath/NSString.NS.bytes: data \"leftLayoutMarginAddition\" -> data \"statusBarOffset\"\n"), "\(text.stdout)")
        let json = try NibcProcess.run(["diff", "--json", a, b])
        #expect(json.status == 1)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(object["equivalent"] as? Bool == false)
        let objects = try #require(object["objects"] as? [[String: Any]])
        #expect(objects.contains { $0["class"] as? String == "UINibKeyValuePair" && ($0["changed"] as? [[String: Any]])?.isEmpty == false })
        #expect((object["score"] as? Double).map { $0 > 0.5 && $0 < 1 } == true)
    }

    @Test func diffOfUnreadableFileExitsTwo() throws {
        let a = try Self.corpusNib("swiftmessages/7.0.0/StatusLine.nib")
        let result = try NibcProcess.run(["diff", a, "/nonexistent/file.nib"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("/nonexistent/file.nib: error: file at byte 0: cannot open"))
    }

    @Test func dumpPrintsTreeAndStableJSON() throws {
        let nib = try Self.corpusNib("swiftmessages/7.0.0/StatusLine.nib")
        let tree = try NibcProcess.run(["dump", nib])
        #expect(tree.status == 0)
        #expect(tree.stdout.hasPrefix("NIBArchive coder 9, "))
        #expect(tree.stdout.contains("UIProxiedObjectIdentifier = #"))
        #expect(tree.stdout.contains("\"IBFilesOwner\""))
        #expect(tree.stdout.contains("(struct)"))
        #expect(tree.stdout.contains("-> #"), "references back into the graph print as -> #N")
        let json1 = try NibcProcess.run(["dump", "--json", nib])
        let json2 = try NibcProcess.run(["dump", "--json", nib])
        #expect(json1.status == 0)
        #expect(json1.stdout == json2.stdout)
        let parsed = try JSONSerialization.jsonObject(with: Data(json1.stdout.utf8)) as? [String: Any]
        let objects = try #require(parsed?["objects"] as? [[String: Any]])
        #expect(objects.count == (try NibArchive(contentsOf: nib).objectCount))
    }
}
