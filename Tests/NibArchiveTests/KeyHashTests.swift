import Testing
@testable import NibArchive

/// The key-table hash must not depend on how its bytes are read: the verifier hashes keys inside the archive
/// (with bytes after them readable), `keyIndex(named:)` hashes a String's bytes (nothing readable after them).
@Suite struct KeyHashTests {
    /// Deterministic bytes (a small xorshift), all byte values included.
    static func bytes(_ count: Int, seed: UInt64) -> [UInt8] {
        var x = seed | 1
        return (0..<count).map { _ in
            x ^= x << 13; x ^= x >> 7; x ^= x << 17
            return UInt8(truncatingIfNeeded: x)
        }
    }

    @Test func hashIgnoresTheBytesAfterTheKeyAndHowItIsRead() {
        // Keys under 8 bytes with fewer than 8 bytes readable take the out-of-line path.
        for count in 0...100 {
            let key = Self.bytes(count, seed: UInt64(count) &* 0x9E37_79B9)
            // The same key followed by two different 40-byte paddings, read with the fast path where it applies.
            let padded1 = key + Self.bytes(40, seed: 7), padded2 = key + [UInt8](repeating: 0xFF, count: 40)
            let exact = key.withUnsafeBytes { ByteScanning.keyHash($0.baseAddress ?? UnsafeRawPointer(bitPattern: 1)!, count: count, readable: count) }
            let fast1 = padded1.withUnsafeBytes { ByteScanning.keyHash($0.baseAddress!, count: count, readable: $0.count) }
            let fast2 = padded2.withUnsafeBytes { ByteScanning.keyHash($0.baseAddress!, count: count, readable: $0.count) }
            #expect(exact == fast1 && exact == fast2, "length \(count)")
        }
    }

    @Test func keysThatDifferInOneByteTheHashReadsHashApart() {
        // The hash reads bytes 0..<16 and the last eight, so every byte of a key up to 24 bytes. Not a guarantee of
        // the hash, but a broken sum (a word dropped or masked away) shows up here.
        for count in 1...64 {
            let key = Self.bytes(count, seed: 3)
            let base = key.withUnsafeBytes { ByteScanning.keyHash($0.baseAddress!, count: count, readable: count) }
            for i in 0..<count where i < 16 || i >= count - 8 {
                var other = key
                other[i] ^= 0x01
                let hash = other.withUnsafeBytes { ByteScanning.keyHash($0.baseAddress!, count: count, readable: count) }
                #expect(hash != base, "length \(count), byte \(i)")
            }
        }
    }

    @Test func lowBytesMasks() {
        for count in -3...12 {
            let expected: UInt64 = count <= 0 ? 0 : count >= 8 ? ~0 : (1 << UInt64(8 * count)) - 1
            #expect(ByteScanning.lowBytes(count) == expected, "count \(count)")
        }
    }
}
