import Testing
@testable import NibArchive

/// The word-at-a-time scans of the verifier against byte-by-byte definitions, at every length around their word
/// and block boundaries.
@Suite struct ByteScanningTests {
    @Test func highBitBytesCountsEveryLength() {
        let bytes = KeyHashTests.bytes(4_200, seed: 11)
        bytes.withUnsafeBytes { raw in
            for count in Array(0...80) + [2_039, 2_040, 2_041, 2_047, 2_048, 4_081, 4_200] {
                let expected = bytes[..<count].filter { $0 >= 0x80 }.count
                #expect(ByteScanning.highBitBytes(raw.baseAddress!, count: count) == expected, "count \(count)")
            }
        }
    }

    @Test func asciiWithoutNULAtEveryLengthAndPosition() {
        for count in 0...48 {
            let name = (0..<count).map { UInt8(65 + $0 % 26) }
            #expect(name.withUnsafeBytes { ByteScanning.isASCIIWithoutNUL($0.baseAddress ?? UnsafeRawPointer(bitPattern: 1)!, count: count) },
                    "length \(count)")
            for position in 0..<count {
                for bad: UInt8 in [0x00, 0x80, 0xFF] {
                    var copy = name
                    copy[position] = bad
                    #expect(!copy.withUnsafeBytes { ByteScanning.isASCIIWithoutNUL($0.baseAddress!, count: count) },
                            "length \(count), byte \(position) = \(bad)")
                }
            }
        }
    }
}
