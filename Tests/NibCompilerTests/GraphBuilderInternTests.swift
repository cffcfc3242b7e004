import Testing
import NibArchive
@testable import NibCompiler

/// The compile path interns once: `GraphBuilder` merges strings and numbers by the writer's `NibInternKey`,
/// and its archive equals what the writer's own interning pass gives.
@Suite struct GraphBuilderInternTests {
    /// A root holding `refs` in order.
    private static func root(_ b: inout GraphBuilder, _ refs: [Int]) {
        for (n, r) in refs.enumerated() { b.append(0, "k\(n)", .object(r)) }
    }

    @Test func numbersMergeAsTheWriterMergesThem() {
        var b = GraphBuilder(coderVersion: 10)
        let five = b.number(Int64(5))
        #expect(b.number(5.0) == five)
        let half = b.number(0.5)
        #expect(b.number(0.5) == half)
        // Zero of either sign is the integer 0 (NSNumber equality).
        let zero = b.number(-0.0)
        #expect(b.number(Int64(0)) == zero)
        // Integral doubles up to 9e15 equal the integer (the writer's cut-off), beyond it they stay apart.
        let big = b.number(2.0e15)
        #expect(b.number(Int64(2_000_000_000_000_000)) == big)
        #expect(b.number(Int64(9_007_199_254_740_993)) != b.number(9_007_199_254_740_992.0))
        // Booleans are never integers.
        let yes = b.number(true)
        #expect(b.number(true) == yes)
        #expect(b.number(Int64(1)) != yes)
        #expect(b.isInterned)
    }

    @Test func stringsMergeByBytes() {
        var b = GraphBuilder(coderVersion: 10)
        let s = b.string("caf\u{E9}")
        #expect(b.string("caf\u{E9}") == s)
        // Canonically equivalent but different bytes: two NSStrings, as the archive keeps them apart.
        #expect(b.string("cafe\u{301}") != s)
        #expect(b.isInterned)
    }

    /// The builder's archive (writer pass skipped) is byte for byte the writer's archive with its pass.
    @Test func archiveEqualsTheWriterPass() {
        var b = GraphBuilder(coderVersion: 10)
        let refs = [b.string("a"), b.number(Int64(3)), b.string("b"), b.number(3.0), b.string("a"), b.number(false), b.number(2.5)]
        Self.root(&b, refs)
        #expect(b.isInterned)
        #expect(!b.writerOptions.internStringsAndNumbers)
        #expect(b.archive() == NibArchiveWriter().write(b.graph))
    }

    /// An `NSString` added around the builder is detected, and the writer's pass merges it as before.
    @Test func strayStringFallsBackToTheWriterPass() throws {
        var b = GraphBuilder(coderVersion: 10)
        let a = b.string("a")
        let stray = b.graph.add(NibObject(className: "NSString", entries: [NibEntry(key: "NS.bytes", value: .data(Array("a".utf8)))]))
        Self.root(&b, [a, stray])
        #expect(!b.isInterned)
        #expect(b.writerOptions.internStringsAndNumbers)
        let archive = try NibArchive(bytes: b.archive())
        #expect(archive.objectCount == 2, "the stray merges into the builder's string")
    }

    /// An interned object overwritten by another is no longer counted as interned.
    @Test func overwrittenInternedObjectFallsBack() {
        var b = GraphBuilder(coderVersion: 10)
        let n = b.number(Int64(1))
        b.set(n, NibObject(className: "NSObject"))
        #expect(!b.isInterned)
    }
}
