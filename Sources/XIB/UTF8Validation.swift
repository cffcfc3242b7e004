/// One pass over the whole input before tokenizing: checks that it is UTF-8 made only of
/// characters XML allows, and records where each line starts.
///
/// Doing this up front lets the tokenizer treat every non-ASCII byte as part of a valid scalar and
/// lets every later error be given a line and column by binary search.
enum InputValidation {
    /// Validates `bytes[start...]`, appending line starts to `lines`. Returns the first failure, if any.
    static func validate(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int,
                         lines: inout LineTable) -> TokenizerFailure? {
        let count = bytes.count
        guard let base = bytes.baseAddress else { return nil }
        var i = start
        lines.firstByte = start
        // Room for the line starts up front (one per 32 bytes covers XIB and storyboard text): growing the
        // table from one entry reallocated it a dozen times per document.
        lines.starts.reserveCapacity(lines.starts.count + (count - start) / 32)
        while i < count {
            // Fast path: eight printable ASCII bytes (no high bit, none below 0x20).
            if i &+ 8 <= count {
                let w = UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self)
                let high = w & 0x8080_8080_8080_8080
                let control = (w &- 0x2020_2020_2020_2020) & ~w & 0x8080_8080_8080_8080
                if high | control == 0 {
                    i &+= 8
                    continue
                }
            }
            // Slow path for the next (up to) eight bytes.
            let stop = min(i + 8, count)
            while i < stop {
                let b = base[i]
                if b >= 0x20 && b < 0x80 {
                    i &+= 1
                    continue
                }
                if b < 0x80 {
                    switch b {
                    case 0x0A:
                        lines.starts.append(Int32(i + 1))
                    case 0x0D:
                        // CRLF is one line break, recorded at the LF.
                        if i + 1 >= count || base[i + 1] != 0x0A { lines.starts.append(Int32(i + 1)) }
                    case 0x09:
                        break
                    default:
                        return TokenizerFailure(.invalidCharacter, at: i,
                                                "control character \(hexScalar(UInt32(b))) is not allowed in XML")
                    }
                    i &+= 1
                    continue
                }
                if let failure = validateMultiByte(base, count: count, at: &i, lines: &lines) { return failure }
            }
        }
        return nil
    }

    /// Validates one multi-byte sequence starting at `i` (a byte >= 0x80) and advances past it.
    private static func validateMultiByte(_ p: UnsafePointer<UInt8>, count: Int, at i: inout Int,
                                          lines: inout LineTable) -> TokenizerFailure? {
        let b0 = p[i]
        let length: Int
        // Allowed range of the second byte; it is narrower than 80...BF for E0, ED, F0 and F4
        // (overlong forms, UTF-16 surrogates, code points above U+10FFFF).
        var low: UInt8 = 0x80
        var high: UInt8 = 0xBF
        switch b0 {
        case 0xC2...0xDF: length = 2
        case 0xE0: length = 3; low = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED: length = 3; high = 0x9F
        case 0xF0: length = 4; low = 0x90
        case 0xF1...0xF3: length = 4
        case 0xF4: length = 4; high = 0x8F
        default:
            return TokenizerFailure(.invalidUTF8, at: i, "invalid UTF-8 byte 0x\(hexByte(b0))")
        }
        guard i + length <= count else {
            return TokenizerFailure(.invalidUTF8, at: i, "truncated UTF-8 sequence at end of input")
        }
        let b1 = p[i + 1]
        guard b1 >= low && b1 <= high else {
            return TokenizerFailure(.invalidUTF8, at: i, "invalid UTF-8 sequence starting with byte 0x\(hexByte(b0))")
        }
        for k in 2..<length where p[i + k] & 0xC0 != 0x80 {
            return TokenizerFailure(.invalidUTF8, at: i, "invalid UTF-8 sequence starting with byte 0x\(hexByte(b0))")
        }
        // U+FFFE and U+FFFF are not XML characters.
        if b0 == 0xEF && b1 == 0xBF && p[i + 2] >= 0xBE {
            return TokenizerFailure(.invalidCharacter, at: i,
                                    "character \(hexScalar(p[i + 2] == 0xBE ? 0xFFFE : 0xFFFF)) is not allowed in XML")
        }
        lines.noteMultiByteScalar(at: i, length: length)
        i += length
        return nil
    }
}

/// Two uppercase hex digits.
func hexByte(_ b: UInt8) -> String {
    let digits = Array("0123456789ABCDEF")
    return String([digits[Int(b >> 4)], digits[Int(b & 15)]])
}

/// `U+XXXX` for messages.
func hexScalar(_ v: UInt32) -> String {
    var s = String(v, radix: 16, uppercase: true)
    while s.count < 4 { s = "0" + s }
    return "U+" + s
}

/// Decodes the scalar at `i` of input already known to be valid UTF-8; returns it and its length.
@inline(__always)
func decodeScalarUnchecked(_ p: UnsafePointer<UInt8>, at i: Int) -> (value: UInt32, length: Int) {
    let b0 = UInt32(p[i])
    if b0 < 0x80 { return (b0, 1) }
    if b0 < 0xE0 { return ((b0 & 0x1F) << 6 | UInt32(p[i + 1] & 0x3F), 2) }
    if b0 < 0xF0 {
        return ((b0 & 0x0F) << 12 | UInt32(p[i + 1] & 0x3F) << 6 | UInt32(p[i + 2] & 0x3F), 3)
    }
    return ((b0 & 0x07) << 18 | UInt32(p[i + 1] & 0x3F) << 12 | UInt32(p[i + 2] & 0x3F) << 6
            | UInt32(p[i + 3] & 0x3F), 4)
}
