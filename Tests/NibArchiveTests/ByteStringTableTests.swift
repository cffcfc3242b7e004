import Testing
@testable import NibArchive

/// `ByteStringTable` caches hits by a string's representation: strings built at run time (freed and
/// reallocated with other contents) and equal literals must still get their contents' ids.
@Suite struct ByteStringTableTests {
    @Test func idsFollowContentsNotRepresentations() {
        var table = ByteStringTable(expectedCount: 4)
        #expect(table.insert("UINibEncoderEmptyKeyLiteral") == (0, true))
        for i in 0..<500 {
            // Heap strings longer than a small string, released at the end of each iteration.
            let name = String("dynamicKeyNumber".reversed().reversed()) + String(i % 7)
            let (id, inserted) = table.insert(name)
            #expect(id == 1 + i % 7 && inserted == (i < 7), "\(name)")
        }
        #expect(table.insert("UINibEncoderEmptyKeyLiteral") == (0, false))
        #expect(table.insert(String("UINibEncoderEmptyKey".reversed().reversed()) + "Literal") == (0, false))
        #expect(table.count == 8)
        // Byte equality, not canonical equivalence.
        #expect(table.insert("\u{E9}").inserted && table.insert("e\u{301}").inserted)
        // Growth past the expected count keeps every id.
        for i in 0..<100 { _ = table.insert("grown\(i)") }
        #expect(table.lookup("dynamicKeyNumber3") == 4 && table.lookup("grown99") == 109 && table.lookup("absent") == nil)
    }

    /// A one-entry cache (every string evicts the last) and tails of every length hashed: ids still follow
    /// the contents.
    @Test func idsSurviveASmallCacheAndEveryTailLength() {
        var table = ByteStringTable(expectedCount: 4, cacheSize: 1)
        let names = (0...20).map { String(repeating: "k", count: $0) } + ["alpha", "betaLongerThanFifteen", "kkkkkkkkkkkkkkkkkkkkX"]
        for (i, name) in names.enumerated() { #expect(table.insert(name) == (i, true), "\(name)") }
        for _ in 0..<3 {
            for (i, name) in names.enumerated().reversed() {
                #expect(table.insert(name) == (i, false) && table.lookup(name) == i, "\(name)")
            }
        }
        #expect(table.count == names.count && table.lookup("kkkkkkkkkkkkkkkkkkkkkk") == nil)
    }

    /// `removeAll(expectedCount:)` starts the ids again at 0: cached hits of the previous round (literals,
    /// whose representation outlives the round, and heap strings) must not answer with their old ids, and
    /// emptying for fewer or many more strings keeps every id right.
    @Test func removeAllForgetsEveryCachedID() {
        var table = ByteStringTable(expectedCount: 4)
        let literals = ["UILabel", "UIView", "UINibEncoderEmptyKeyLiteral"]
        for round in 0..<4 {
            let expected = [4, 300, 2, 64][round]
            if round > 0 { table.removeAll(expectedCount: expected) }
            #expect(table.count == 0 && table.lookup("UILabel") == nil)
            // A different first string each round, so each literal's id changes between rounds.
            #expect(table.insert("first\(round)") == (0, true))
            for (i, name) in literals.enumerated() { #expect(table.insert(name) == (1 + i, true), "\(round) \(name)") }
            for i in 0..<expected { #expect(table.insert(String("heap".reversed().reversed()) + String(i)) == (4 + i, true)) }
            for (i, name) in literals.enumerated() { #expect(table.insert(name) == (1 + i, false), "\(round) \(name)") }
            #expect(table.count == 4 + expected && table.lookup("heap\(expected - 1)") == 3 + expected)
        }
    }
}
