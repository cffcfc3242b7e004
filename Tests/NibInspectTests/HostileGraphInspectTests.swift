import NibArchive
import NibInspect
import Testing

/// Dump and diff on graphs that would multiply their output: the text stays proportional to the graph.
@Suite struct HostileGraphInspectTests {
    /// A root with `references` values that all refer to one string of `length` bytes.
    static func sharedString(length: Int, references: Int) -> NibGraph {
        var g = NibGraph()
        g.add(NibObject(className: "NSObject", entries: (0..<references).map { _ in NibEntry(key: "UIText", value: .object(1)) }))
        g.add(NibObject(className: "NSString", entries: [NibEntry(key: "NS.bytes", value: .data(Array(repeating: UInt8(ascii: "x"), count: length)))]))
        return g
    }

    @Test func dumpPrintsALongSharedStringOnceAndShortOnesEverywhere() {
        let long = NibDump().text(Self.sharedString(length: 1 << 16, references: 1000))
        #expect(long.utf8.count < (1 << 16) + 40_000, "\(long.utf8.count) bytes")
        #expect(long.components(separatedBy: "UIText = -> #1 NSString\n").count == 1000)
        let short = NibDump().text(Self.sharedString(length: 5, references: 3))
        #expect(short.components(separatedBy: "UIText = #1 NSString \"xxxxx\"\n").count == 4)
    }

    @Test func dumpIndentationStopsGrowingPastMaxIndentDepth() {
        let depth = 1000
        let text = NibDump(maxDepth: depth + 10).text(DiffAndDumpTests.chain(depth: depth))
        let lines = text.split(separator: "\n")
        let widest = lines.map { $0.prefix { $0 == " " }.count }.max() ?? 0
        #expect(widest == 2 * NibDump.maxIndentDepth)
        #expect(lines.last?.hasSuffix("[\(depth)] UITag = 7 (int8)") == true, "\(lines.last ?? "")")
        // Shallow graphs are indented as before.
        #expect(NibDump().text(DiffAndDumpTests.chain(depth: 3)).contains("\n      UITag = 7 (int8)\n"))
    }

    @Test func chunkedWritesGiveTheSameText() {
        let g = DiffAndDumpTests.chain(depth: 300)
        var pieces = [String]()
        NibDump().write(g, chunkSize: 100) { pieces.append($0) }
        #expect(pieces.count > 10)
        #expect(pieces.joined() == NibDump().text(g))
        var json = [String]()
        NibJSONDump.write(g, chunkSize: 100) { json.append($0) }
        #expect(json.count > 10)
        #expect(json.joined() == NibJSONDump.json(g))
    }

    @Test func leafValuesCountAgainstTheTextBudget() {
        // 1000 references to a 64 KB string: 128 MB of hex if every reference were expanded.
        let g = Self.sharedString(length: 1 << 16, references: 1000)
        let leaves = GraphLeaves.leaves(g, pathBudget: 1 << 20)
        #expect(leaves.last?.type == "truncated")
        #expect(leaves.count < 20, "\(leaves.count) leaves")
        #expect(leaves.reduce(0) { $0 + $1.value.utf8.count } < 2 << 20)
        // Under the default budget the same walk is complete.
        let small = Self.sharedString(length: 8, references: 1000)
        #expect(GraphLeaves.leaves(small).count == 1000)
    }
}
