import Testing
@testable import NibArchive

/// The key index built during verification: the hash index of ordinary archives, the sorted index that replaces
/// it when keys collide too often (keys that agree in the bytes the hash reads), and the order of key errors.
@Suite struct KeyTableTests {
    typealias R = RawArchive

    /// Key `i` of a crafted set: 28 bytes that agree in their first 16 and last 8 bytes (all of which the hash
    /// reads), so every key has the same hash.
    static func collidingKey(_ i: Int) -> [UInt8] {
        Array("UIAccessibility.".utf8) + Array(String(format: "%04d", i).utf8) + Array("Inspects".utf8)
    }

    /// An archive with one object and no values whose keys table, laid out last, holds `keys` (`declared` of
    /// them in the header). A key of 28 bytes starts with its length varint at `offset(ofKey:)`.
    static func archive(keys: [[UInt8]], declared: Int? = nil) -> [UInt8] {
        R.with {
            $0.tables = [[0x80, 0x80, 0x80], keys.flatMap(R.keyEntry), [], R.classEntry(Array("NSObject".utf8))]
            $0.counts = [1, UInt32(declared ?? keys.count), 0, 1]
            $0.order = [0, 2, 3, 1]
        }
    }

    /// Objects take bytes 50..<53 and class names 53..<64; then 29 bytes per colliding key.
    static func offset(ofKey i: Int) -> Int { 64 + 29 * i }

    static func expectError(_ bytes: [UInt8], _ kind: NibArchiveError.Kind, at offset: Int, _ message: String,
                            sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(throws: NibArchiveError.self, sourceLocation: sourceLocation) { try NibArchive(bytes: bytes) }
        do {
            _ = try NibArchive(bytes: bytes)
        } catch {
            #expect(error.kind == kind && error.region == .keys && error.offset == offset, "\(error)", sourceLocation: sourceLocation)
            #expect(error.message.contains(message), "\(error)", sourceLocation: sourceLocation)
        }
    }

    @Test func ordinaryArchivesKeepTheHashIndex() throws {
        let archive = try NibArchive(bytes: R.example)
        #expect(!archive.records.keysSorted)
        for k in 0..<archive.keyCount { #expect(archive.keyIndex(named: archive.key(k)) == k) }
    }

    @Test func collidingKeysGetASortedIndexThatFindsEveryKey() throws {
        let keys = (0..<300).map { Self.collidingKey(($0 * 7919) % 10_000) }  // not in byte order
        let archive = try NibArchive(bytes: Self.archive(keys: keys))
        #expect(archive.records.keysSorted)
        for k in 0..<archive.keyCount { #expect(archive.keyIndex(named: archive.key(k)) == k, "key \(k)") }
        #expect(archive.keyIndex(named: String(decoding: Self.collidingKey(1), as: UTF8.self)) == nil)
        #expect(archive.keyIndex(named: "") == nil)
        #expect(archive.keyIndex(named: "UIAccessibility.") == nil)
        // The copy written back has the same keys; the writer does not depend on the index.
        let copy = try NibArchive(bytes: NibArchiveWriter(options: .preserveLayout).write(NibGraph(archive)))
        #expect(copy.keyCount == archive.keyCount)
    }

    @Test func aRepeatAmongCollidingKeysIsTheFirstInKeyOrder() {
        var keys = (0..<300).map(Self.collidingKey)
        keys[250] = keys[200]
        keys[180] = keys[20]  // the earlier repeat, after the index became sorted
        Self.expectError(Self.archive(keys: keys), .duplicateKey, at: Self.offset(ofKey: 180), "key 180 repeats key 20")
    }

    @Test func aRepeatBeforeTheIndexIsSortedIsFoundByHashing() {
        var keys = (0..<300).map(Self.collidingKey)
        keys[9] = keys[4]
        Self.expectError(Self.archive(keys: keys), .duplicateKey, at: Self.offset(ofKey: 9), "key 9 repeats key 4")
    }

    @Test func invalidUTF8ComesBeforeALaterRepeatOrTruncation() {
        var keys = (0..<300).map(Self.collidingKey)
        keys[180] = keys[20]
        keys[100][17] = 0xC3  // a lead byte followed by an ASCII digit
        Self.expectError(Self.archive(keys: keys), .invalidUTF8, at: Self.offset(ofKey: 100) + 1, "key 100 is not valid UTF-8")
        // With hashing only (few keys), the same order.
        var few = (0..<6).map(Self.collidingKey)
        few[5] = few[1]
        few[3][17] = 0xC3
        Self.expectError(Self.archive(keys: few), .invalidUTF8, at: Self.offset(ofKey: 3) + 1, "key 3 is not valid UTF-8")
    }

    @Test func truncationComesAfterEarlierErrorsOnly() {
        // 301 keys declared, 300 present: the last length varint would lie past the end of the input.
        var keys = (0..<300).map(Self.collidingKey)
        Self.expectError(Self.archive(keys: keys, declared: 301), .truncated, at: Self.offset(ofKey: 300), "varint")
        keys[290] = keys[3]
        Self.expectError(Self.archive(keys: keys, declared: 301), .duplicateKey, at: Self.offset(ofKey: 290), "key 290 repeats key 3")
        keys[290] = Self.collidingKey(290)
        keys[299][20] = 0xFF
        Self.expectError(Self.archive(keys: keys, declared: 301), .invalidUTF8, at: Self.offset(ofKey: 299) + 1, "key 299")
    }

    @Test func nonASCIIKeysThatAreUTF8AreAccepted() throws {
        var keys = (0..<40).map(Self.collidingKey)
        keys[7] = Array("clé".utf8)
        keys[33] = Array("🙂 emoji key of some length".utf8)
        let archive = try NibArchive(bytes: Self.archive(keys: keys))
        #expect(archive.keyIndex(named: "clé") == 7)
        #expect(archive.keyIndex(named: "🙂 emoji key of some length") == 33)
    }
}
