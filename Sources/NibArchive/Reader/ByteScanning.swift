import Foundation

/// Bounds-checked primitives for the verification pass. Every read checks against `end`;
/// the `unchecked` readers after verification live in `NibArchive+Access.swift`.
enum ByteScanning {
    /// Reads one varint (§1.2: 7-bit groups, least significant first, high bit marks the last byte)
    /// at `pos`, never past `end`; at most 5 bytes and a value below 2^32.
    @inline(__always)
    static func varint(_ base: UnsafeRawPointer, _ pos: inout Int, _ end: Int,
                       _ region: NibArchiveRegion) throws(NibArchiveError) -> UInt32 {
        guard pos < end else {
            throw NibArchiveError(.truncated, region, at: pos, "varint runs past the end of the input")
        }
        let first = base.load(fromByteOffset: pos, as: UInt8.self)
        if first & 0x80 != 0 {
            pos &+= 1
            return UInt32(first & 0x7F)
        }
        // Two bytes (values 128...16383: object value indices, data lengths) also stay inline.
        if end &- pos >= 2 {
            let second = base.load(fromByteOffset: pos &+ 1, as: UInt8.self)
            if second & 0x80 != 0 {
                pos &+= 2
                return UInt32(first) | UInt32(second & 0x7F) << 7
            }
        }
        return try varintSlow(base, &pos, end, region)
    }

    /// Three consecutive varints of one or two bytes each (an object record: class index, first value, value
    /// count), read without bounds checks: the caller guarantees 6 readable bytes. Nil, with `pos` unchanged,
    /// when one is longer; the checked reader then starts over.
    @inline(__always)
    static func threeShortVarints(_ base: UnsafeRawPointer, _ pos: inout Int) -> (UInt32, UInt32, UInt32)? {
        var p = pos
        @inline(__always) func short() -> UInt32? {
            let b0 = UInt32(base.load(fromByteOffset: p, as: UInt8.self))
            if b0 & 0x80 != 0 { p &+= 1; return b0 & 0x7F }
            let b1 = UInt32(base.load(fromByteOffset: p &+ 1, as: UInt8.self))
            guard b1 & 0x80 != 0 else { return nil }
            p &+= 2
            return b0 | (b1 & 0x7F) << 7
        }
        guard let a = short(), let b = short(), let c = short() else { return nil }
        pos = p
        return (a, b, c)
    }

    @inline(never)
    static func varintSlow(_ base: UnsafeRawPointer, _ pos: inout Int, _ end: Int,
                           _ region: NibArchiveRegion) throws(NibArchiveError) -> UInt32 {
        let start = pos
        var result: UInt64 = 0
        var shift: UInt64 = 0
        while true {
            guard pos < end else {
                throw NibArchiveError(.truncated, region, at: start, "varint runs past the end of the input")
            }
            let byte = base.load(fromByteOffset: pos, as: UInt8.self)
            pos += 1
            if shift == 28 {
                if byte & 0x80 == 0 {
                    throw NibArchiveError(.varintTooLong, region, at: start, "varint longer than 5 bytes")
                }
                if byte & 0x7F > 0x0F {
                    throw NibArchiveError(.varintOverflow, region, at: start, "varint value does not fit in 32 bits")
                }
            }
            result |= UInt64(byte & 0x7F) << shift
            if byte & 0x80 != 0 { return UInt32(truncatingIfNeeded: result) }
            shift += 7
        }
    }

    /// Whether `count` bytes at `pointer` are well-formed UTF-8 (no overlongs, no surrogates, ≤ U+10FFFF).
    static func isValidUTF8(_ pointer: UnsafeRawPointer, count: Int) -> Bool {
        // ASCII fast path (keys and class names almost always are): whole words, the tail as one
        // overlapping word, so no byte loop runs for an ASCII string.
        if isASCII(pointer, count: count) { return true }
        var i = 0
        while i + 8 <= count {
            if pointer.loadUnaligned(fromByteOffset: i, as: UInt64.self) & 0x8080_8080_8080_8080 != 0 { break }
            i += 8
        }
        while i < count {
            let b0 = pointer.load(fromByteOffset: i, as: UInt8.self)
            if b0 < 0x80 { i += 1; continue }
            func cont(_ k: Int) -> UInt8? {
                guard i + k < count else { return nil }
                let b = pointer.load(fromByteOffset: i + k, as: UInt8.self)
                return b & 0xC0 == 0x80 ? b : nil
            }
            switch b0 {
            case 0xC2...0xDF:
                guard cont(1) != nil else { return false }
                i += 2
            case 0xE0...0xEF:
                guard let b1 = cont(1), cont(2) != nil else { return false }
                if b0 == 0xE0 && b1 < 0xA0 { return false }  // overlong
                if b0 == 0xED && b1 > 0x9F { return false }  // surrogates
                i += 3
            case 0xF0...0xF4:
                guard let b1 = cont(1), cont(2) != nil, cont(3) != nil else { return false }
                if b0 == 0xF0 && b1 < 0x90 { return false }
                if b0 == 0xF4 && b1 > 0x8F { return false }
                i += 4
            default:
                return false
            }
        }
        return true
    }

    /// Whether `count` bytes at `pointer` are all ASCII, reading only inside the range.
    @inline(__always)
    static func isASCII(_ pointer: UnsafeRawPointer, count: Int) -> Bool {
        if count >= 8 {
            var bits: UInt64 = pointer.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
            var i = 0
            while i + 8 <= count {
                bits |= pointer.loadUnaligned(fromByteOffset: i, as: UInt64.self)
                i += 8
            }
            return bits & 0x8080_8080_8080_8080 == 0
        }
        return tail(pointer, count: count) & 0x8080_8080_8080_8080 == 0
    }

    /// Whether `count` bytes at `pointer` are all ASCII and none is NUL (the common class name), by words.
    @inline(__always)
    static func isASCIIWithoutNUL(_ pointer: UnsafeRawPointer, count: Int) -> Bool {
        // The classic zero-byte test: a high bit in `zeroBytes(w)` marks a NUL (exact when no byte of `w` has its
        // high bit set).
        @inline(__always) func zeroBytes(_ w: UInt64) -> UInt64 { (w &- 0x0101_0101_0101_0101) & ~w }
        @inline(__always) func clean(_ w: UInt64) -> Bool {
            w & 0x8080_8080_8080_8080 == 0 && zeroBytes(w) & 0x8080_8080_8080_8080 == 0
        }
        if count >= 8 && count <= 32 {
            // Four overlapping words that together cover the name (class names are 8 to 32 bytes but for a few),
            // tested together: no loop, no branch on the length (a loop exit mispredicted on most names).
            @inline(__always) func word(_ offset: Int) -> UInt64 { pointer.loadUnaligned(fromByteOffset: offset, as: UInt64.self) }
            let w0 = word(0), w1 = word(min(8, count &- 8)), w2 = word(max(count &- 16, 0)), w3 = word(count &- 8)
            let high = (w0 | w1 | w2 | w3) & 0x8080_8080_8080_8080
            return high == 0 && (zeroBytes(w0) | zeroBytes(w1) | zeroBytes(w2) | zeroBytes(w3)) & 0x8080_8080_8080_8080 == 0
        }
        if count > 32 {
            var i = 0
            while i + 8 <= count {
                if !clean(pointer.loadUnaligned(fromByteOffset: i, as: UInt64.self)) { return false }
                i += 8
            }
            return clean(pointer.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self))
        }
        // Pad the missing bytes with 0x01 so they count as neither NUL nor non-ASCII.
        let fill: UInt64 = count == 0 ? 0x0101_0101_0101_0101 : 0x0101_0101_0101_0101 << UInt64(8 * count)
        return clean(tail(pointer, count: count) | fill)
    }

    /// The `count` (< 8) bytes at `pointer` packed into a word (first byte lowest), reading only inside the
    /// range: two overlapping 4-byte loads when `count` >= 4.
    @inline(__always)
    static func tail(_ pointer: UnsafeRawPointer, count: Int) -> UInt64 {
        if count >= 4 {
            let low = UInt64(pointer.loadUnaligned(fromByteOffset: 0, as: UInt32.self).littleEndian)
            let high = UInt64(pointer.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self).littleEndian)
            return low | high << UInt64(8 * (count - 4))
        }
        var word: UInt64 = 0
        for k in 0..<count { word |= UInt64(pointer.load(fromByteOffset: k, as: UInt8.self)) << UInt64(8 * k) }
        return word
    }

    /// The key-table hash: a function of a key's length, its first sixteen bytes and its last eight, so of every
    /// byte of a key of up to 24 bytes (86 % of the corpus keys). Longer keys that agree in those bytes collide
    /// and the table compares them (`KeyTable` bounds the probing a crafted archive can cause). Multiplicative:
    /// its high bits are the mixed ones, so a table takes its slot from them. With 8 bytes `readable` from
    /// `pointer` (at least `count`) it takes three overlapping loads and no branch that depends on the length
    /// (such branches mispredicted on about every key). Each word is multiplied once, and the products are
    /// independent, so the slot is known a few cycles after the key's bytes: a probe branch that
    /// mispredicts resolves early (Benchmarks: `CorpusVerify`).
    @inline(__always)
    static func keyHash(_ pointer: UnsafeRawPointer, count: Int, readable: Int) -> UInt64 {
        guard readable >= 8 else { return keyHashOutOfLine(pointer, count: count) }
        // Bytes 0..<8 (zero-padded below 8), the last eight above 8 bytes, bytes 8..<16 above 16 bytes: every
        // word that is not zero holds bytes no other term of the sum holds alone.
        // The two masks are arithmetic (all ones above 8 and 16 bytes), not selects the compiler may turn into
        // branches.
        let above8 = UInt64(bitPattern: Int64(8 &- count) >> 63), above16 = UInt64(bitPattern: Int64(16 &- count) >> 63)
        let first = pointer.loadUnaligned(as: UInt64.self).littleEndian & lowBytes(count)
        let last = pointer.loadUnaligned(fromByteOffset: max(count &- 8, 0), as: UInt64.self).littleEndian & above8
        let second = pointer.loadUnaligned(fromByteOffset: Int(truncatingIfNeeded: above16 & 8), as: UInt64.self).littleEndian & above16
        return (first ^ 0xcbf2_9ce4_8422_2325 ^ UInt64(truncatingIfNeeded: count)) &* 0x9E37_79B9_7F4A_7C15
            ^ last &* 0xC2B2_AE3D_27D4_EB4F ^ second &* 0x1656_67B1_9E37_79F9
    }

    /// `keyHash` of a key under 8 bytes with fewer than 8 bytes readable (a short name passed to
    /// `keyIndex(named:)`): the same value, read from a zero-padded copy.
    @inline(never)
    static func keyHashOutOfLine(_ pointer: UnsafeRawPointer, count: Int) -> UInt64 {
        var padded = tail(pointer, count: min(count, 7))
        return withUnsafeBytes(of: &padded) { keyHash($0.baseAddress!, count: count, readable: 8) }
    }

    /// How many of the `count` bytes at `pointer` have their high bit set, sixteen bytes at a time: each byte
    /// lane of an accumulator counts up to 255 blocks before the lanes are summed.
    static func highBitBytes(_ pointer: UnsafeRawPointer, count: Int) -> Int {
        let blocks = count / 16
        var total = 0
        var block = 0
        while block < blocks {
            let stop = min(blocks, block &+ 255)
            var lanes = SIMD16<UInt8>()
            while block < stop {
                lanes &+= pointer.loadUnaligned(fromByteOffset: block &* 16, as: SIMD16<UInt8>.self) &>> 7
                block &+= 1
            }
            total &+= Int(SIMD16<UInt16>(truncatingIfNeeded: lanes).wrappedSum())
        }
        for i in (blocks &* 16)..<count { total &+= Int(pointer.load(fromByteOffset: i, as: UInt8.self) >> 7) }
        return total
    }

    /// A mask of the low `count` bytes of a word: all ones when `count` >= 8, none when `count` <= 0. Computed
    /// without a branch.
    @inline(__always)
    static func lowBytes(_ count: Int) -> UInt64 {
        let below8 = UInt64(bitPattern: Int64((count &- 8) >> 63))
        let positive = ~UInt64(bitPattern: Int64((count &- 1) >> 63))
        let partial = (1 &<< (UInt64(truncatingIfNeeded: count) &* 8 & 63)) &- 1
        return (partial & below8 | ~below8) & positive
    }
}
