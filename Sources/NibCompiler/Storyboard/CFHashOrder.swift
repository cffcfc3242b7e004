/// The entry order of a CoreFoundation hash table (STORYBOARD.md §6.1): ibtool writes the storyboard
/// dictionaries (`Info.plist` maps, external-objects tables) in bucket order of a `CFDictionary` keyed by
/// strings, so reproducing Apple's bytes means replaying that table.
///
/// The model: CFString hash of the key, a prime bucket count chosen from the entry count, linear probing,
/// the table grown (and rehashed in bucket order) when an insertion pushes the count over the capacity.
/// Colliding keys keep an insertion order the document does not always reveal (5 of 26 `Info.plist`
/// maps differ from Apple's in such a collision, §6.1).
enum CFHashOrder {
    /// Bucket counts and their capacities, as CoreFoundation grows a hash table.
    private static let sizes: [(buckets: Int, capacity: Int)] = [
        (3, 3), (7, 6), (13, 11), (23, 19), (41, 32), (71, 52), (127, 85), (191, 118), (251, 155), (383, 237),
        (631, 390), (1087, 672), (1723, 1065), (2803, 1732), (4523, 2795), (7351, 4543), (11959, 7391),
        (19447, 12019), (31231, 19302), (50683, 31324), (81919, 50629), (132607, 81956),
    ]

    /// `keys` (in insertion order) in the order a CF hash table lists them. `growAfterInsert`: the
    /// NIBArchive keys table, which grows once an insertion has pushed the count above its capacity plus
    /// one (a full table grows before the next insertion), instead of before the insertion that would
    /// exceed the capacity (dictionaries, §6.1). Evidence for the keys table
    /// (scripts/evidence/keys-table-order-evidence.py, every archive of the corpus and the archives nested
    /// in them, each replayed from Apple's own walk): 445 of 462 tables exact; growing above the capacity
    /// itself gives 298, above capacity plus two 323. Most of the 17 misses hold a count at a growth
    /// boundary.
    static func order(_ keys: [String], growAfterInsert: Bool = false) -> [String] {
        order(keys, hashes: keys.map(hash), growAfterInsert: growAfterInsert)
    }

    /// `order(keys)` with each key's `hash` given.
    static func order(_ keys: [String], hashes: [UInt64], growAfterInsert: Bool = false) -> [String] {
        // Bucket → key index, -1 empty (no optionals and no capturing local functions: this runs for every
        // nested archive's keys table).
        var table = [Int32](repeating: -1, count: sizes[0].buckets)
        var level = 0
        for i in keys.indices {
            if !growAfterInsert || i >= table.count, i + 1 > sizes[level].capacity, level + 1 < sizes.count {
                // This insertion would exceed the capacity: grow first, rehashing in bucket order.
                level += 1
                table = rehashed(table, buckets: sizes[level].buckets, hashes: hashes)
            }
            place(Int32(i), hash: hashes[i], into: &table)
            if growAfterInsert, i + 1 > sizes[level].capacity + 1, level + 1 < sizes.count {
                level += 1
                table = rehashed(table, buckets: sizes[level].buckets, hashes: hashes)
            }
        }
        var out: [String] = []
        out.reserveCapacity(keys.count)
        for k in table where k >= 0 { out.append(keys[Int(k)]) }
        return out
    }

    /// Linear probing from the key's bucket.
    private static func place(_ k: Int32, hash: UInt64, into table: inout [Int32]) {
        let n = table.count
        var b = Int(hash % UInt64(n))
        while table[b] >= 0 {
            b += 1
            if b == n { b = 0 }
        }
        table[b] = k
    }

    /// The keys of `table`, in bucket order, placed into a table of `buckets` buckets.
    private static func rehashed(_ table: [Int32], buckets: Int, hashes: [UInt64]) -> [Int32] {
        var grown = [Int32](repeating: -1, count: buckets)
        for k in table where k >= 0 { place(k, hash: hashes[Int(k)], into: &grown) }
        return grown
    }

    /// CoreFoundation's string hash over UTF-16 units; keys longer than 96 units hash their first,
    /// middle and last 32 units.
    static func hash(_ s: String) -> UInt64 {
        // ASCII text (every archive key ibtool writes) is its own UTF-16: hashed from the bytes in place.
        var utf8 = s
        if let h = utf8.withUTF8({ asciiHash($0) }) { return h }
        let n = s.utf16.count
        // The units hashed go through a stack buffer: an array per key was a tenth of this model's cost.
        return withUnsafeTemporaryAllocation(of: UInt16.self, capacity: min(n, 96)) { chars in
            if n <= 96 {
                _ = chars.initialize(from: s.utf16)
            } else {
                let units = s.utf16
                var at = 0
                for range in [0..<32, (n / 2 - 16)..<(n / 2 + 16), (n - 32)..<n] {
                    let start = units.index(units.startIndex, offsetBy: range.lowerBound)
                    for unit in units[start...].prefix(range.count) { chars[at] = unit; at += 1 }
                }
            }
            return mix(UnsafeBufferPointer(chars), length: n)
        }
    }

    /// The hash of `bytes` when they are ASCII and at most 96 (all of them hashed), else nil.
    static func asciiHash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64? {
        guard bytes.count <= 96 else { return nil }
        var high: UInt8 = 0
        for b in bytes { high |= b }
        return high < 0x80 ? mix(bytes, length: bytes.count) : nil
    }

    /// CoreFoundation's mixing of the hashed units `chars` of a string of `length` units.
    @inline(__always)
    private static func mix<Unit: FixedWidthInteger & UnsignedInteger>(_ chars: UnsafeBufferPointer<Unit>, length n: Int) -> UInt64 {
        var h = UInt64(n)
        var i = 0
        while i + 4 <= chars.count {
            h = h &* 67_503_105 &+ UInt64(chars[i]) &* 16_974_593 &+ UInt64(chars[i + 1]) &* 66_049
                &+ UInt64(chars[i + 2]) &* 257 &+ UInt64(chars[i + 3])
            i += 4
        }
        while i < chars.count { h = h &* 257 &+ UInt64(chars[i]); i += 1 }
        return h &+ (h << UInt64(n % 32))
    }
}
