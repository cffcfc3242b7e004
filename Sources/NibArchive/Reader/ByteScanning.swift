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
        @inline(__always) func clean(_ w: UInt64) -> Bool {
            // High bits clear, then the classic zero-byte test (exact when no byte has its high bit set).
            w & 0x8080_8080_8080_8080 == 0 && (w &- 0x0101_0101_0101_0101) & ~w & 0x8080_8080_8080_8080 == 0
        }
        if count >= 8 {
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

    /// The key-table hash and whether the bytes are all ASCII. The hash is a function of the bytes alone.
    /// A key of up to 32 bytes (nearly all) is read as four 8-byte words that together cover every byte: the
    /// first and last eight, and for a key over 16 bytes also bytes 8..<16 and the eight before the last eight
    /// (shorter keys repeat the first word there); a key under 8 bytes is zero-padded. Longer keys are folded
    /// 32 zero-padded bytes at a time. `readable` is how many bytes may be loaded from `pointer` (at least
    /// `count`): with 8 readable bytes a short key takes overlapping loads, one mask and no branch that depends
    /// on its length (such branches mispredicted on about every key; Benchmarks: `CorpusVerify`).
    @inline(__always)
    static func keyHash(_ pointer: UnsafeRawPointer, count: Int, readable: Int) -> (hash: UInt64, ascii: Bool) {
        guard count <= 32 && readable >= 8 else { return keyHashOutOfLine(pointer, count: count) }
        let mask = lowBytes(count)  // all ones from 8 bytes on
        let long = count > 16
        let w0 = pointer.loadUnaligned(as: UInt64.self).littleEndian & mask
        let w1 = pointer.loadUnaligned(fromByteOffset: max(count &- 8, 0), as: UInt64.self).littleEndian & mask
        let w2 = pointer.loadUnaligned(fromByteOffset: long ? 8 : 0, as: UInt64.self).littleEndian & mask
        let w3 = pointer.loadUnaligned(fromByteOffset: long ? count &- 16 : 0, as: UInt64.self).littleEndian & mask
        return finish(fold(seed(count), w0, w1, w2, w3), bits: w0 | w1 | w2 | w3)
    }

    /// `keyHash` of a key over 32 bytes, or of a short key with fewer than 8 bytes readable (the same value
    /// as the inline path gives).
    @inline(never)
    static func keyHashOutOfLine(_ pointer: UnsafeRawPointer, count: Int) -> (hash: UInt64, ascii: Bool) {
        if count < 8 {
            let w = tail(pointer, count: count)
            return finish(fold(seed(count), w, w, w, w), bits: w)
        }
        if count <= 32 {
            var copy: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
            return withUnsafeMutableBytes(of: &copy) { padded in
                padded.baseAddress!.copyMemory(from: pointer, byteCount: count)
                return keyHash(padded.baseAddress!, count: count, readable: padded.count)
            }
        }
        var h = seed(count)
        var bits: UInt64 = 0
        var i = 0
        repeat {
            let w0 = word(pointer, count, i), w1 = word(pointer, count, i &+ 8)
            let w2 = word(pointer, count, i &+ 16), w3 = word(pointer, count, i &+ 24)
            bits |= w0 | w1 | w2 | w3
            h = fold(h, w0, w1, w2, w3)
            i &+= 32
        } while i < count
        return finish(h, bits: bits)
    }

    @inline(__always) static func seed(_ count: Int) -> UInt64 { 0xcbf2_9ce4_8422_2325 ^ UInt64(truncatingIfNeeded: count) }

    /// The avalanche step, and whether the OR of a key's words has no high bit set (the key is ASCII).
    @inline(__always)
    static func finish(_ state: UInt64, bits: UInt64) -> (hash: UInt64, ascii: Bool) {
        var h = state ^ state >> 32
        h &*= 0xD6E8_FEB8_6659_FD93
        return (h ^ (h >> 32), bits & 0x8080_8080_8080_8080 == 0)
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

    /// The 8-byte word at `offset` of the `count` bytes at `pointer`, zero-padded, reading only inside the range.
    @inline(__always)
    static func word(_ pointer: UnsafeRawPointer, _ count: Int, _ offset: Int) -> UInt64 {
        if offset &+ 8 <= count { return pointer.loadUnaligned(fromByteOffset: offset, as: UInt64.self).littleEndian }
        if offset >= count { return 0 }
        return tail(pointer + offset, count: count &- offset)
    }

    /// One 32-byte block folded into the hash state.
    @inline(__always)
    static func fold(_ h: UInt64, _ w0: UInt64, _ w1: UInt64, _ w2: UInt64, _ w3: UInt64) -> UInt64 {
        let x = (w0 ^ h) &* 0x9E37_79B9_7F4A_7C15 ^ (w1 &* 0xC2B2_AE3D_27D4_EB4F)
        let y = (w2 &* 0x1656_67B1_9E37_79F9) ^ (w3 &* 0x27D4_EB2F_1656_67C5)
        let z = x ^ (y >> 29 | y << 35)
        return z ^ (z >> 31)
    }
}
