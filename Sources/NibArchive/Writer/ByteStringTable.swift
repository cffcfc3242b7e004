#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import StringBytes

/// Dense ids for strings matched by their UTF-8 bytes: the writer's key and class-name tables.
///
/// Strings are compared byte for byte, not by Unicode canonical equivalence (Swift's `String ==` would
/// merge "é" and "e\u{301}", which the archive keeps apart). An open-addressing table over a byte arena
/// with a word-at-a-time hash, two arrays per table: a `Dictionary` keyed by the strings spent a quarter of a compile's
/// instructions in SipHash and String comparison (one lookup per archived value). Public for builders that
/// intern `NSString`s by the same byte equality the writer uses (`NibInternKey.string`).
public struct ByteStringTable {
    /// The probe slots and a cache of recent hits in one allocation (a second array cost every writer two
    /// more mallocs per archive): `table[0 ..< recentWords]` is the cache, three words per entry, then
    /// `slotCount` slots of id + 1 (0: empty). The slot capacity is a power of two, at most half full.
    ///
    /// The cache is direct-mapped by the string's two-word representation: callers pass the same String (a
    /// literal key, a graph's stored key) over and over, and equal representations are the same immutable
    /// storage (or the same inline small string). Only representations of strings this table keeps in
    /// `entries`, or of immortal strings, are cached, so a cached storage stays alive and its address is
    /// never reused for other contents while the table exists. An entry is the two words and the id (`UInt64.max`: empty).
    /// Eight entries per expected string (a power of two, 64 to 1,024): with two per string, colliding
    /// keys evicted each other and half the lookups missed.
    private var table: [UInt64]
    /// Number of cache entries (a power of two) and the words they take.
    private let recentCount: Int
    private var recentWords: Int { 3 * recentCount }
    private var slotCount: Int { table.count - recentWords }
    /// Per id: the hash and the string (its bytes are compared in place).
    private var entries: [(hash: UInt64, string: String)] = []
    /// Cache entries (their first word) holding an immortal string's own representation rather than the
    /// stored string's: the ones `removeAll(expectedCount:)` cannot find through `entries`. Kept only by a
    /// table that has been emptied once (a reused one): a table used once would pay an allocation, and its
    /// growth, for nothing (Benchmarks: `CorpusWrite`, `CompileLarge16x` allocation counts).
    private var immortalEntries: [Int] = []
    private var tracksImmortalEntries = false
    private let seed = ByteStringTable.processSeed
    private static let processSeed = UInt64.random(in: .min ... .max)

    /// An empty table sized for about `expectedCount` strings (it grows past that), with a cache of recent
    /// hits of `cacheSize` entries (rounded up to a power of two; by default eight per expected string, 64
    /// to 1,024). A smaller cache suits callers that seldom pass the same String twice: filling the cache
    /// is most of a table's setup.
    public init(expectedCount: Int = 8, cacheSize: Int? = nil) {
        var capacity = 16
        while capacity < 2 * expectedCount { capacity *= 2 }
        var recentCount = min(1024, 4 * capacity)
        if let cacheSize {
            recentCount = 1
            while recentCount < cacheSize { recentCount *= 2 }
        }
        self.recentCount = recentCount
        // Only a cache entry's id word is filled: the other two are read only after the id word shows the
        // entry in use, and `remember` writes all three. (A zero fill of the 24 KB key-table cache became a
        // `memset`, `rep stosb`, which callgrind counts per byte, on every archive.)
        table = [UInt64](unsafeUninitializedCapacity: 3 * recentCount + capacity) { words, initialized in
            for r in 0..<recentCount { words[3 * r + 2] = .max }
            for i in 3 * recentCount..<words.count { words[i] = 0 }
            initialized = words.count
        }
        entries.reserveCapacity(capacity / 2)
    }

    /// Empties the table for about `expectedCount` new strings, keeping its storage; ids start again at 0.
    /// Only the cache entries this table wrote are emptied (those of its strings and of the immortal
    /// representations it met), not the whole cache, and the slots are zeroed: a writer that writes one
    /// archive after another (a storyboard's nibs) reuses its tables this way instead of allocating and
    /// filling new ones.
    public mutating func removeAll(expectedCount: Int) {
        var capacity = 16
        while capacity < 2 * expectedCount { capacity *= 2 }
        let base = recentWords
        let slots = slotCount
        let recent = recentCount
        let tracked = tracksImmortalEntries
        table.withUnsafeMutableBufferPointer { words in
            if tracked {
                for e in entries { words[3 * Self.recentSlot(unsafeBitCast(e.string, to: (UInt64, UInt64).self), count: recent) + 2] = .max }
                for r in immortalEntries { words[r + 2] = .max }
            } else {
                // The first emptying: the cache entries written are not known, so every one is emptied.
                for r in 0..<recent { words[3 * r + 2] = .max }
            }
            if slots >= capacity && slots <= 4 * capacity {
                for i in base..<words.count { words[i] = 0 }
            }
        }
        entries.removeAll(keepingCapacity: true)
        immortalEntries.removeAll(keepingCapacity: true)
        if !tracksImmortalEntries {
            tracksImmortalEntries = true
            immortalEntries.reserveCapacity(recent)
        }
        if slots < capacity || slots > 4 * capacity {
            // Far too few or too many slots: the cache words moved over, a slot area of the new size.
            var newTable = [UInt64]()
            newTable.reserveCapacity(base + capacity)
            newTable.append(contentsOf: table[..<base])
            newTable.append(contentsOf: repeatElement(0, count: capacity))
            table = newTable
        }
    }

    /// The number of distinct strings.
    public var count: Int { entries.count }

    /// The id of `string`, adding it with the next id when new.
    @inline(__always)
    public mutating func insert(_ string: String) -> (id: Int, inserted: Bool) {
        // The cache check inlined at the call site; the hashing path is a call.
        let bits = unsafeBitCast(string, to: (UInt64, UInt64).self)
        let r = 3 * recentSlot(bits)
        if table[r + 2] != .max, table[r] == bits.0, table[r + 1] == bits.1 { return (Int(table[r + 2]), false) }
        return insertUncached(string)
    }

    @inline(never)
    private mutating func insertUncached(_ string: String) -> (id: Int, inserted: Bool) {
        let (h, slot) = string.withUTF8Bytes { bytes -> (UInt64, Int) in
            let h = self.hash(bytes)
            return (h, self.find(bytes, hash: h))
        }
        if table[slot] != 0 {
            let id = Int(table[slot] - 1)
            // An immortal string (a literal or a small string: bit 63 of the second word in the standard
            // library's 64-bit layout) never changes contents, so its own representation is cached: equal
            // literals at different call sites are different representations of the same key.
            let bits = unsafeBitCast(string, to: (UInt64, UInt64).self)
            if bits.1 & (1 << 63) != 0 {
                remember(bits, id)
                if tracksImmortalEntries { immortalEntries.append(3 * recentSlot(bits)) }
            } else {
                remember(id)
            }
            return (id, false)
        }
        let id = entries.count
        entries.append((h, string))
        table[slot] = UInt64(id + 1)
        remember(id)
        if entries.count * 2 > slotCount { grow() }
        return (id, true)
    }

    /// The id of `string`, or nil when it was never inserted.
    public func lookup(_ string: String) -> Int? {
        return string.withUTF8Bytes { bytes in
            let slot = find(bytes, hash: hash(bytes))
            return table[slot] == 0 ? nil : Int(table[slot] - 1)
        }
    }

    /// Caches the representation of the string stored for `id` (kept alive by `entries`).
    @inline(__always)
    private mutating func remember(_ id: Int) {
        remember(unsafeBitCast(entries[id].string, to: (UInt64, UInt64).self), id)
    }

    @inline(__always)
    private mutating func remember(_ bits: (UInt64, UInt64), _ id: Int) {
        let r = 3 * recentSlot(bits)
        table[r] = bits.0
        table[r + 1] = bits.1
        table[r + 2] = UInt64(id)
    }

    @inline(__always)
    private func recentSlot(_ bits: (UInt64, UInt64)) -> Int { Self.recentSlot(bits, count: recentCount) }

    @inline(__always)
    private static func recentSlot(_ bits: (UInt64, UInt64), count: Int) -> Int {
        Int(truncatingIfNeeded: ((bits.0 ^ (bits.1 &* 0x9E37_79B9_7F4A_7C15)) &* 0xBF58_476D_1CE4_E5B9) >> 40) & (count - 1)
    }

    /// The index in `table` of the slot holding `bytes`, or of the empty slot where it belongs.
    @inline(__always)
    private func find(_ bytes: UnsafeBufferPointer<UInt8>, hash: UInt64) -> Int {
        let base = recentWords
        let mask = slotCount - 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        while true {
            let entry = table[base + slot]
            if entry == 0 { return base + slot }
            let id = Int(entry - 1)
            if entries[id].hash == hash && Self.equal(entries[id].string, bytes) { return base + slot }
            slot = (slot + 1) & mask
        }
    }

    private static func equal(_ string: String, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        return string.withUTF8Bytes { p in
            p.count == bytes.count && (p.isEmpty || memcmp(p.baseAddress!, bytes.baseAddress!, p.count) == 0)
        }
    }

    /// Doubles the slots (the cache is kept).
    private mutating func grow() {
        let base = recentWords
        let newCount = slotCount * 2
        var newTable = [UInt64]()
        newTable.reserveCapacity(base + newCount)
        newTable.append(contentsOf: table[..<base])
        newTable.append(contentsOf: repeatElement(0, count: newCount))
        let mask = newCount - 1
        for id in entries.indices {
            var slot = Int(truncatingIfNeeded: entries[id].hash) & mask
            while newTable[base + slot] != 0 { slot = (slot + 1) & mask }
            newTable[base + slot] = UInt64(id + 1)
        }
        table = newTable
    }

    /// A fast non-cryptographic hash of the bytes, eight at a time, seeded per process (ids follow insertion
    /// order, so the seed never shows in the output).
    @inline(__always)
    private func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        let multiplier: UInt64 = 0x9E37_79B9_7F4A_7C15
        var h = (seed ^ UInt64(truncatingIfNeeded: bytes.count)) &* multiplier
        guard let base = bytes.baseAddress else { return h }
        let raw = UnsafeRawPointer(base)
        var i = 0
        while i + 8 <= bytes.count {
            h = (h ^ raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)) &* multiplier
            h ^= h >> 29
            i += 8
        }
        var tail: UInt64 = 0
        var shift: UInt64 = 0
        // Four tail bytes in one load (the same value as four single bytes, least significant first).
        if bytes.count - i >= 4 {
            tail = UInt64(UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: i, as: UInt32.self)))
            shift = 32
            i += 4
        }
        while i < bytes.count {
            tail |= UInt64(base[i]) << shift
            shift += 8
            i += 1
        }
        h = (h ^ tail) &* multiplier
        return h ^ (h >> 32)
    }
}
