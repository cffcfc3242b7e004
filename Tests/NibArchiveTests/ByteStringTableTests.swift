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
}
