import Foundation

/// The keys table of an archive: its verification (every key in bounds, UTF-8, unique) and the lookup of a key by
/// name that the index built during verification serves.
///
/// The index is the record tables' `keyLookup` block (at least four slots per key). Normally it is an
/// open-addressing hash table of key indices (-1 = empty). An archive whose keys collide so often that probing
/// would grow faster than linearly (only a crafted one: `ByteScanning.keyHash` skips the middle of keys over 24
/// bytes) gets a sorted index instead: key indices ordered by their bytes, searched by bisection. Either way
/// verification stays within O(n log n) key comparisons.
enum KeyTable {
    /// Collisions allowed per key, beyond a constant, before the hash index is given up for a sorted one. A table
    /// at most a quarter full averages about 0.1 per key on the corpus (2,245 for 22,892 keys).
    static let collisionsPerKey = 4

    /// Verifies the `count` keys that start at `start`, writes their records and the index; returns the end of
    /// the table and whether the index is sorted. Errors come in the order a key-by-key check would find them:
    /// the first key that is truncated, not UTF-8 or a repeat (UTF-8 checked before repetition).
    @inline(never)
    static func verify(_ base: UnsafeRawPointer, from start: Int, end: Int, count: Int,
                       into keys: RecordTable<NibArchive.StringRecord>,
                       lookup: RecordTable<Int32>) throws(NibArchiveError) -> (end: Int, sorted: Bool) {
        var pos = start
        let mask = lookup.count &- 1, shift = slotShift(lookup)
        let records = keys.base, slots = lookup.base
        var collisionBudget = count &* collisionsPerKey &+ 64
        var index = 0
        while index < count {
            let keyStart = pos
            let length: Int
            if pos < end, case let first = base.load(fromByteOffset: pos, as: UInt8.self), first & 0x80 != 0 {
                length = Int(first & 0x7F)  // one-byte length varint: every key under 128 bytes
                pos &+= 1
            } else {
                do throws(NibArchiveError) {
                    var p = pos  // a copy, so that `pos` itself never has its address taken (it stays in a register)
                    length = Int(try ByteScanning.varint(base, &p, end, .keys))
                    pos = p
                } catch {
                    throw firstInvalidKey(base, records, before: index) ?? error
                }
            }
            guard length <= end &- pos else {
                throw firstInvalidKey(base, records, before: index)
                    ?? NibArchiveError(.truncated, .keys, at: keyStart, "key \(index) of \(length) bytes runs past the end of the input")
            }
            var slot = Int(truncatingIfNeeded: ByteScanning.keyHash(base + pos, count: length, readable: end &- pos) &>> shift)
            while case let other = slots[slot], other >= 0 {
                let r = records[Int(other)]
                if Int(r.length) == length && memcmp(base + Int(r.offset), base + pos, length) == 0 {
                    throw firstInvalidKey(base, records, before: index, orAt: pos, length: length)
                        ?? repeatedKey(base, index, at: keyStart, repeats: Int(other), bytes: pos, length: length)
                }
                collisionBudget &-= 1
                if collisionBudget < 0 {
                    return try sortedIndex(base, from: keyStart, end: end, index: index, count: count, into: keys, lookup: lookup)
                }
                slot = (slot &+ 1) & mask
            }
            slots[slot] = Int32(truncatingIfNeeded: index)
            (records + index).initialize(to: .init(offset: UInt32(truncatingIfNeeded: pos), length: UInt32(truncatingIfNeeded: length)))
            pos &+= length
            index &+= 1
        }
        // Each length varint has exactly one byte with its high bit set (its last), so the table has exactly
        // `count` such bytes when every key is ASCII; otherwise the keys that are not are validated.
        if ByteScanning.highBitBytes(base + start, count: pos &- start) != count,
           let error = firstInvalidKey(base, records, before: count) {
            throw error
        }
        return (pos, false)
    }

    /// The index of the key whose bytes are `name` (`length` bytes), or nil.
    static func index(of name: UnsafeRawPointer, length: Int, base: UnsafeRawPointer,
                      keys: RecordTable<NibArchive.StringRecord>, lookup: RecordTable<Int32>, sorted: Bool) -> Int? {
        if sorted {
            var low = 0, high = keys.count  // bisection over the first `keys.count` slots
            while low < high {
                let middle = (low + high) / 2
                let candidate = Int(lookup[middle])
                let order = compare(base, keys[candidate], name, length)
                if order == 0 { return candidate }
                if order < 0 { low = middle + 1 } else { high = middle }
            }
            return nil
        }
        let mask = lookup.count - 1
        var slot = Int(truncatingIfNeeded: ByteScanning.keyHash(name, count: length, readable: length) &>> slotShift(lookup))
        while true {
            let candidate = lookup[slot]
            if candidate < 0 { return nil }
            let r = keys[Int(candidate)]
            if Int(r.length) == length && (length == 0 || memcmp(base + Int(r.offset), name, length) == 0) {
                return Int(candidate)
            }
            slot = (slot + 1) & mask
        }
    }

    /// A key's first slot is the top bits of its hash (the mixed ones): the hash shifted right by this much,
    /// for a table whose count is a power of two (at least 8).
    @inline(__always)
    static func slotShift(_ lookup: RecordTable<Int32>) -> UInt64 {
        UInt64(truncatingIfNeeded: lookup.count.leadingZeroBitCount &+ 1)
    }

    /// The sorted index, built when the hash index met too many collisions at key `index` (whose length varint
    /// is at `keyStart`): the remaining keys are parsed, all key indices sorted by their bytes (then by index),
    /// and the earliest failing key reported.
    private static func sortedIndex(_ base: UnsafeRawPointer, from keyStart: Int, end: Int, index first: Int, count: Int,
                                    into keys: RecordTable<NibArchive.StringRecord>,
                                    lookup: RecordTable<Int32>) throws(NibArchiveError) -> (end: Int, sorted: Bool) {
        let records = keys.base
        var pos = keyStart
        var parsed = count
        var truncation: NibArchiveError?
        var varintStarts: [Int] = []  // of keys `first...`, for the error offset of a repeat
        for index in first..<count {
            varintStarts.append(pos)
            do throws(NibArchiveError) {
                let length = Int(try ByteScanning.varint(base, &pos, end, .keys))
                guard length <= end - pos else {
                    throw NibArchiveError(.truncated, .keys, at: varintStarts[index - first],
                                          "key \(index) of \(length) bytes runs past the end of the input")
                }
                (records + index).initialize(to: .init(offset: UInt32(pos), length: UInt32(length)))
                pos += length
            } catch {
                truncation = error
                parsed = index
                break
            }
        }
        /// Key `a` against key `b`, as `compare` orders them.
        func keyOrder(_ a: Int32, _ b: Int32) -> Int {
            let r = records[Int(b)]
            return compare(base, records[Int(a)], base + Int(r.offset), Int(r.length))
        }
        var order = UnsafeMutableBufferPointer(start: lookup.base, count: parsed)
        for i in 0..<parsed { order[i] = Int32(i) }
        order.sort { a, b in
            let c = keyOrder(a, b)
            return c != 0 ? c < 0 : a < b
        }
        // The first repeat in key order: in each run of equal keys (sorted by index), the second index repeats the
        // first, and the lowest such second index wins.
        var repeated: (index: Int, of: Int)?
        var i = 1
        while i < parsed {
            if keyOrder(order[i - 1], order[i]) == 0, repeated.map({ Int(order[i]) < $0.index }) ?? true {
                repeated = (Int(order[i]), Int(order[i - 1]))
                while i < parsed && keyOrder(order[i - 1], order[i]) == 0 { i += 1 }
            }
            i += 1
        }
        if let invalid = firstInvalidKey(base, records, before: repeated.map { $0.index + 1 } ?? parsed) { throw invalid }
        if let repeated {  // a repeat among keys already in the hash index would have been found there
            let r = records[repeated.index]
            throw repeatedKey(base, repeated.index, at: varintStarts[repeated.index - first], repeats: repeated.of,
                              bytes: Int(r.offset), length: Int(r.length))
        }
        if let truncation { throw truncation }
        return (pos, true)
    }

    /// Orders key `r` against the `length` bytes at `name`: bytes first, then length.
    private static func compare(_ base: UnsafeRawPointer, _ r: NibArchive.StringRecord,
                                _ name: UnsafeRawPointer, _ length: Int) -> Int {
        let common = min(Int(r.length), length)
        if common > 0 {
            let c = memcmp(base + Int(r.offset), name, common)
            if c != 0 { return Int(c) }
        }
        return Int(r.length) - length
    }

    /// The error for the first of keys `0..<index` (and of the key of `length` bytes at `at`, when given) that is
    /// not UTF-8, if any.
    @inline(never)
    private static func firstInvalidKey(_ base: UnsafeRawPointer, _ records: UnsafeMutablePointer<NibArchive.StringRecord>,
                                        before index: Int, orAt pos: Int = -1, length: Int = 0) -> NibArchiveError? {
        for k in 0..<index {
            let r = records[k]
            if !ByteScanning.isValidUTF8(base + Int(r.offset), count: Int(r.length)) {
                return NibArchiveError(.invalidUTF8, .keys, at: Int(r.offset), "key \(k) is not valid UTF-8")
            }
        }
        if pos >= 0 && !ByteScanning.isValidUTF8(base + pos, count: length) {
            return NibArchiveError(.invalidUTF8, .keys, at: pos, "key \(index) is not valid UTF-8")
        }
        return nil
    }

    @inline(never)
    private static func repeatedKey(_ base: UnsafeRawPointer, _ index: Int, at offset: Int, repeats other: Int,
                                    bytes pos: Int, length: Int) -> NibArchiveError {
        let text = String(decoding: UnsafeRawBufferPointer(start: base + pos, count: length), as: UTF8.self)
        return NibArchiveError(.duplicateKey, .keys, at: offset, "key \(index) repeats key \(other) \"\(text)\"")
    }
}
