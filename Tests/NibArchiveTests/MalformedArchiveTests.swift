import Testing
@testable import NibArchive

/// Builds NIBArchive bytes from four raw tables, so a test can break exactly one thing.
///
/// The defaults are the tables of the worked example (NIBARCHIVE.md §2.8), laid out in the usual
/// order starting at byte 50: objects 50..<59, keys 59..<109, values 109..<128, class names 128..<160.
struct RawArchive {
    var magic: [UInt8] = Array("NIBArchive".utf8)
    var formatVersion: UInt32 = 1
    var coderVersion: UInt32 = 10
    /// objects, keys, values, class names
    var tables: [[UInt8]] = [
        [0x80, 0x80, 0x81, 0x81, 0x81, 0x82, 0x82, 0x83, 0x81],
        [0x84] + Array("root".utf8) + [0x8E] + Array("NSInlinedValue".utf8)
            + [0x94] + Array("UINibEncoderEmptyKey".utf8) + [0x88] + Array("NS.bytes".utf8),
        [0x80, 0x0A, 0x01, 0x00, 0x00, 0x00, 0x81, 0x05, 0x82, 0x0A, 0x02, 0x00, 0x00, 0x00, 0x83, 0x08, 0x82, 0x48, 0x69],
        [0x89, 0x80] + Array("NSObject".utf8) + [0, 0x88, 0x80] + Array("NSArray".utf8) + [0, 0x89, 0x80] + Array("NSString".utf8) + [0],
    ]
    var counts: [UInt32] = [3, 4, 4, 3]
    /// The order the tables are laid out in (indices into `tables`).
    var order = [0, 1, 2, 3]
    /// Bytes placed before each table (by table index): gaps.
    var gaps: [Int: [UInt8]] = [:]
    /// Header offsets to use instead of the computed ones.
    var offsetOverrides: [Int: UInt32] = [:]
    var trailer: [UInt8] = []

    static let objects = 0, keys = 1, values = 2, classNames = 3

    var bytes: [UInt8] {
        var body = [UInt8]()
        var offsets = [UInt32](repeating: 0, count: 4)
        for t in order {
            body += gaps[t] ?? []
            offsets[t] = UInt32(50 + body.count)
            body += tables[t]
        }
        for (t, o) in offsetOverrides { offsets[t] = o }
        var out = magic
        for v in [formatVersion, coderVersion, counts[0], offsets[0], counts[1], offsets[1], counts[2], offsets[2], counts[3], offsets[3]] {
            withUnsafeBytes(of: v.littleEndian) { out += $0 }
        }
        return out + body + trailer
    }

    static func with(_ change: (inout RawArchive) -> Void) -> [UInt8] {
        var raw = RawArchive()
        change(&raw)
        return raw.bytes
    }

    static let example = RawArchive().bytes

    /// Class-name table entry: length (with NUL), fallbacks, name bytes and NUL.
    static func classEntry(_ name: [UInt8], fallbacks: [Int32] = [], nul: Bool = true) -> [UInt8] {
        var out = varint(name.count + (nul ? 1 : 0)) + varint(fallbacks.count)
        for f in fallbacks { withUnsafeBytes(of: f.littleEndian) { out += $0 } }
        return out + name + (nul ? [0] : [])
    }

    static func keyEntry(_ bytes: [UInt8]) -> [UInt8] { varint(bytes.count) + bytes }

    static func varint(_ v: Int) -> [UInt8] {
        var out = [UInt8]()
        appendVarint(v, to: &out)
        return out
    }
}

/// Replaces the little-endian uint32 at `offset`.
func patched(_ bytes: [UInt8], _ offset: Int, _ value: UInt32) -> [UInt8] {
    var copy = bytes
    withUnsafeBytes(of: value.littleEndian) { copy.replaceSubrange(offset..<offset + 4, with: $0) }
    return copy
}

func flipped(_ bytes: [UInt8], _ offset: Int, _ mask: UInt8) -> [UInt8] {
    var copy = bytes
    copy[offset] ^= mask
    return copy
}

/// One malformed input and the exact error it must produce.
struct MalformedCase: CustomTestStringConvertible, Sendable {
    let name: String
    let bytes: [UInt8]
    let kind: NibArchiveError.Kind
    let region: NibArchiveRegion
    let offset: Int
    var options = NibReadOptions()

    init(_ name: String, _ bytes: [UInt8], _ kind: NibArchiveError.Kind, _ region: NibArchiveRegion, _ offset: Int,
         options: NibReadOptions = NibReadOptions()) {
        self.name = name
        self.bytes = bytes
        self.kind = kind
        self.region = region
        self.offset = offset
        self.options = options
    }

    var testDescription: String { name }
}

/// Gzip members for the gzip cases.
enum GzipSamples {
    static let example = RawArchive.example
    static let framed = Gzip.compress(example)
    /// Length of the raw deflate data between the 10-byte header and the 8-byte trailer.
    static var deflateLength: Int { framed.count - 18 }
    static var trailer: [UInt8] { Array(framed.suffix(8)) }

    static func withISIZE(_ size: UInt32, _ bytes: [UInt8] = framed) -> [UInt8] { patched(bytes, bytes.count - 4, size) }
}

@Suite struct MalformedArchiveTests {
    static let ex = RawArchive.example
    typealias R = RawArchive

    static let headerCases: [MalformedCase] = [
        MalformedCase("empty input", [], .tooShort, .header, 0),
        MalformedCase("header truncated at 49 bytes", Array(ex[0..<49]), .tooShort, .header, 49),
        MalformedCase("magic only", Array(ex[0..<10]), .tooShort, .header, 10),
        MalformedCase("last magic byte wrong", flipped(ex, 9, 0x01), .badMagic, .header, 0),
        MalformedCase("keyed-archive plist instead of NIBArchive", Array("bplist00".utf8) + [UInt8](repeating: 0, count: 60), .badMagic, .header, 0),
        MalformedCase("format version 0", patched(ex, 10, 0), .unsupportedFormatVersion(0), .header, 10),
        MalformedCase("format version 0xFFFFFFFF", patched(ex, 10, .max), .unsupportedFormatVersion(.max), .header, 10),
        MalformedCase("coder version 8", patched(ex, 14, 8), .unsupportedCoderVersion(8), .header, 14),
        MalformedCase("objects offset 0 (into the magic)", patched(ex, 22, 0), .tableOffsetOutOfBounds, .header, 22),
        MalformedCase("objects offset 49 (last header byte)", patched(ex, 22, 49), .tableOffsetOutOfBounds, .header, 22),
        MalformedCase("keys offset one past the end", patched(ex, 30, 161), .tableOffsetOutOfBounds, .header, 30),
        MalformedCase("values offset 0xFFFFFFFF", patched(ex, 38, .max), .tableOffsetOutOfBounds, .header, 38),
        MalformedCase("class-names offset 10 (into the header fields)", patched(ex, 46, 10), .tableOffsetOutOfBounds, .header, 46),
        MalformedCase("object count 0xFFFFFFFF", patched(ex, 18, .max), .countExceedsTable, .header, 18),
        MalformedCase("key count 0x7FFFFFFF", patched(ex, 26, 0x7FFF_FFFF), .countExceedsTable, .header, 26),
        MalformedCase("value count 1000", patched(ex, 34, 1000), .countExceedsTable, .header, 34),
        MalformedCase("class count 11 (33 bytes needed, 32 present)", patched(ex, 42, 11), .countExceedsTable, .header, 42),
        MalformedCase("objects offset at end of file with 3 objects", patched(ex, 22, 160), .countExceedsTable, .header, 18),
        MalformedCase("object count 0", patched(ex, 18, 0), .noRootObject, .header, 18),
    ]

    static let truncationCases: [MalformedCase] = [
        MalformedCase("truncated inside the objects table (3 objects need 9 bytes)", Array(ex[0..<55]), .countExceedsTable, .header, 18),
        MalformedCase("truncated inside the keys table (values offset now outside)", Array(ex[0..<80]), .tableOffsetOutOfBounds, .header, 38),
        MalformedCase("truncated inside the values table (class offset now outside)", Array(ex[0..<120]), .tableOffsetOutOfBounds, .header, 46),
        MalformedCase("truncated before the last class's fallback count", Array(ex[0..<150]), .truncated, .classNames, 150),
        MalformedCase("truncated inside the last class name", Array(ex[0..<155]), .truncated, .classNames, 149),
        MalformedCase("truncated by one byte (NUL of the last class name)", Array(ex[0..<159]), .truncated, .classNames, 149),
        // Values laid out last: objects 50, keys 59, classes 109, values 141..<160.
        MalformedCase("values last, truncated inside an object reference",
                      Array(R.with { $0.order = [0, 1, 3, 2] }[0..<152]), .truncated, .values, 149),
        MalformedCase("values last, truncated inside a data payload",
                      Array(R.with { $0.order = [0, 1, 3, 2] }[0..<158]), .truncated, .values, 155),
        MalformedCase("values last, truncated before a type byte",
                      Array(R.with { $0.order = [0, 1, 3, 2] }[0..<156]), .truncated, .values, 156),
        // Objects laid out last with a 2-byte class index: keys 50, values 100, classes 119, objects 151..<161.
        MalformedCase("objects last, truncated inside an object's varints",
                      Array(R.with { $0.order = [1, 2, 3, 0]; $0.tables[0] = [0x80, 0x80, 0x81, 0x81, 0x81, 0x82, 0x02, 0x80, 0x83, 0x81] }[0..<160]),
                      .truncated, .objects, 160),
        // Keys laid out last: objects 50, values 59, classes 78, keys 110..<160.
        MalformedCase("keys last, truncated inside the last key",
                      Array(R.with { $0.order = [0, 2, 3, 1] }[0..<155]), .truncated, .keys, 151),
        MalformedCase("key length past the end of the input", flipped(ex, 100, 0x88 ^ 0xFF), .truncated, .keys, 100),
        MalformedCase("data length past the end of the input", flipped(ex, 125, 0x82 ^ 0xFF), .truncated, .values, 123),
        MalformedCase("class name length past the end of the input", flipped(ex, 149, 0x89 ^ 0xFF), .truncated, .classNames, 149),
    ]

    static let objectCases: [MalformedCase] = [
        MalformedCase("class index flipped out of range", flipped(ex, 50, 0x05), .classIndexOutOfRange, .objects, 50),
        MalformedCase("class index 0xFFFFFFFF", R.with { $0.tables[0].replaceSubrange(0..<1, with: [0x7F, 0x7F, 0x7F, 0x7F, 0x8F]) },
                      .classIndexOutOfRange, .objects, 50),
        MalformedCase("value count flipped past the values table", flipped(ex, 55, 0x04), .valueRangeOutOfBounds, .objects, 53),
        MalformedCase("first value 0xFFFFFFFF (sum overflows 32 bits)", R.with { $0.tables[0].replaceSubrange(1..<2, with: [0x7F, 0x7F, 0x7F, 0x7F, 0x8F]) },
                      .valueRangeOutOfBounds, .objects, 50),
        MalformedCase("empty object whose first value is past the table", R.with { $0.tables[0].replaceSubrange(6..<9, with: [0x82, 0x89, 0x80]) },
                      .valueRangeOutOfBounds, .objects, 56),
        MalformedCase("varint of 6 bytes", R.with { $0.tables[0].replaceSubrange(0..<1, with: [0x00, 0x00, 0x00, 0x00, 0x00, 0x80]) },
                      .varintTooLong, .objects, 50),
        MalformedCase("varint of 5 bytes above 2^32", R.with { $0.tables[0].replaceSubrange(0..<1, with: [0x7F, 0x7F, 0x7F, 0x7F, 0x9F]) },
                      .varintOverflow, .objects, 50),
        MalformedCase("varint 5th byte 0x10 (exactly 2^32)", R.with { $0.tables[0].replaceSubrange(1..<2, with: [0x00, 0x00, 0x00, 0x00, 0x90]) },
                      .varintOverflow, .objects, 51),
    ]

    static let keyCases: [MalformedCase] = [
        MalformedCase("key byte flipped to a lead byte without continuation", flipped(ex, 61, 0x80), .invalidUTF8, .keys, 60),
        MalformedCase("key with overlong encoding C0 AF", R.with { $0.tables[1].replaceSubrange(0..<5, with: R.keyEntry([0x72, 0xC0, 0xAF, 0x74])) },
                      .invalidUTF8, .keys, 60),
        MalformedCase("key with 3-byte overlong E0 80 AF", R.with { $0.tables[1].replaceSubrange(0..<5, with: R.keyEntry([0xE0, 0x80, 0xAF, 0x74])) },
                      .invalidUTF8, .keys, 60),
        MalformedCase("key with surrogate ED A0 80", R.with { $0.tables[1].replaceSubrange(0..<5, with: R.keyEntry([0xED, 0xA0, 0x80, 0x74])) },
                      .invalidUTF8, .keys, 60),
        MalformedCase("key above U+10FFFF (F4 90 80 80)", R.with { $0.tables[1].replaceSubrange(0..<5, with: R.keyEntry([0xF4, 0x90, 0x80, 0x80])) },
                      .invalidUTF8, .keys, 60),
        MalformedCase("key ends inside a multi-byte sequence", R.with { $0.tables[1].replaceSubrange(0..<5, with: R.keyEntry([0x72, 0x6F, 0xE2, 0x82])) },
                      .invalidUTF8, .keys, 60),
        MalformedCase("key with invalid UTF-8 after 8 ASCII bytes", flipped(ex, 73, 0x80), .invalidUTF8, .keys, 65),
        MalformedCase("duplicate key", R.with { $0.tables[1].replaceSubrange(5..<20, with: R.keyEntry(Array("root".utf8)) + [0x8A] + Array("NSInlinedV".utf8)) },
                      .duplicateKey, .keys, 64),
        MalformedCase("duplicate empty key", R.with { $0.tables[1] = [0x80, 0x80] + $0.tables[1][41...] },
                      .duplicateKey, .keys, 60),
        MalformedCase("key length varint of 6 bytes", R.with { $0.tables[1].replaceSubrange(0..<1, with: [0x04, 0x00, 0x00, 0x00, 0x00, 0x80]) },
                      .varintTooLong, .keys, 59),
    ]

    static let valueCases: [MalformedCase] = [
        MalformedCase("key index out of range", flipped(ex, 109, 0x07), .keyIndexOutOfRange, .values, 109),
        MalformedCase("value type 11", flipped(ex, 110, 0x0A ^ 0x0B), .invalidValueType(11), .values, 110),
        MalformedCase("value type 0xFF", flipped(ex, 110, 0x0A ^ 0xFF), .invalidValueType(0xFF), .values, 110),
        MalformedCase("value type 0x80", flipped(ex, 116, 0x05 ^ 0x80), .invalidValueType(0x80), .values, 116),
        MalformedCase("object reference out of range", patched(ex, 111, 3), .objectReferenceOutOfRange, .values, 111),
        MalformedCase("object reference 0xFFFFFFFF", patched(ex, 119, .max), .objectReferenceOutOfRange, .values, 119),
        MalformedCase("object reference flipped to data (length runs into the next value)", flipped(ex, 110, 0x0A ^ 0x08), .truncated, .values, 109),
        MalformedCase("object reference flipped to int64 (table misaligned)", flipped(ex, 110, 0x0A ^ 0x03), .keyIndexOutOfRange, .values, 119),
        MalformedCase("data length varint overflows", R.with { $0.tables[2].replaceSubrange(16..<17, with: [0x7F, 0x7F, 0x7F, 0x7F, 0xFF]) },
                      .varintOverflow, .values, 125),
        MalformedCase("values offset into the objects table", patched(ex, 38, 50), .invalidValueType(0x80), .values, 51),
    ]

    static let classCases: [MalformedCase] = [
        MalformedCase("class name not NUL-terminated", flipped(ex, 138, 0x58), .invalidClassName, .classNames, 138),
        MalformedCase("class name with embedded NUL", flipped(ex, 134, 0x6A), .invalidClassName, .classNames, 130),
        MalformedCase("class name of length 0", R.with { $0.tables[3] = [0x80, 0x80] + $0.tables[3][11...] },
                      .invalidClassName, .classNames, 128),
        MalformedCase("class name with invalid UTF-8", flipped(ex, 132, 0x80), .invalidUTF8, .classNames, 130),
        MalformedCase("class name with surrogate", R.with { $0.tables[3].replaceSubrange(0..<11, with: R.classEntry([0xED, 0xB0, 0x80])) },
                      .invalidUTF8, .classNames, 130),
        MalformedCase("fallback index out of range", R.with { $0.tables[3].replaceSubrange(0..<11, with: R.classEntry(Array("NSObject".utf8), fallbacks: [7])) },
                      .fallbackIndexOutOfRange, .classNames, 130),
        MalformedCase("fallback to itself", R.with { $0.tables[3].replaceSubrange(0..<11, with: R.classEntry(Array("NSObject".utf8), fallbacks: [0])) },
                      .fallbackIndexOutOfRange, .classNames, 130),
        MalformedCase("negative fallback index", R.with { $0.tables[3].replaceSubrange(0..<11, with: R.classEntry(Array("NSObject".utf8), fallbacks: [2, -1])) },
                      .fallbackIndexOutOfRange, .classNames, 134),
        MalformedCase("fallback count above class count", flipped(ex, 129, 0x04), .fallbackIndexOutOfRange, .classNames, 128),
        MalformedCase("fallbacks run past the end", flipped(ex, 150, 0x03), .truncated, .classNames, 151),
        MalformedCase("class name length varint overflows", R.with { $0.tables[3].replaceSubrange(0..<1, with: [0x7F, 0x7F, 0x7F, 0x7F, 0xFF]) },
                      .varintOverflow, .classNames, 128),
    ]

    static let layoutCases: [MalformedCase] = {
        // A data value whose payload is a valid one-object table; pointing the objects offset at it
        // makes the objects table lie inside the values table.
        var graph = NibGraph()
        graph.add(NibObject(className: "NSObject", entries: [NibEntry(key: "blob", value: .data([0x80, 0x80, 0x81]))]))
        let nested = NibArchiveWriter().write(graph)
        func find(_ pattern: [UInt8], in bytes: [UInt8]) -> Int {
            bytes.indices.first { Array(bytes[$0..<min($0 + pattern.count, bytes.count)]) == pattern }!
        }
        let payload = find([0x08, 0x83, 0x80, 0x80, 0x81], in: nested) + 2
        var keyGraph = NibGraph()
        keyGraph.add(NibObject(className: "NSObject", entries: [NibEntry(key: "blob", value: .data([0x84] + Array("blob".utf8)))]))
        let keyNested = NibArchiveWriter().write(keyGraph)
        let keyPayload = find([0x08, 0x85, 0x84] + Array("blob".utf8), in: keyNested) + 2
        var strict = NibReadOptions()
        strict.rejectUnknownTrailingBytes = true
        return [
            MalformedCase("objects table inside a data value", patched(nested, 22, UInt32(payload)), .tablesOverlap, .objects, payload),
            MalformedCase("keys table inside a data value", patched(keyNested, 30, UInt32(keyPayload)), .tablesOverlap, .keys, keyPayload),
            MalformedCase("keys offset into the objects table", patched(ex, 30, 50), .duplicateKey, .keys, 51),
            MalformedCase("class-names offset equal to the values offset", patched(ex, 46, 109), .varintTooLong, .classNames, 110),
            MalformedCase("unknown trailing bytes in strict mode", ex + [1, 2, 3], .unexpectedTrailingBytes, .trailer, 160, options: strict),
            MalformedCase("LNE trailer plus one byte in strict mode", ex + [0x4C, 0x4E, 0x45, 0x00, 0x00], .unexpectedTrailingBytes, .trailer, 160, options: strict),
        ]
    }()

    static let gzipCases: [MalformedCase] = {
        let f = GzipSamples.framed
        let n = f.count
        let d = GzipSamples.deflateLength
        var small = NibReadOptions()
        small.maxDecompressedSize = 100
        var oneMiB = NibReadOptions()
        oneMiB.maxDecompressedSize = 1 << 20
        let zeros = Gzip.compress([UInt8](repeating: 0, count: 8 << 20))
        var unlimited = NibReadOptions()
        unlimited.maxDecompressedSize = .max
        // 4.2 MB is enough for the 1032x ratio to allow ISIZE = 2^32 - 1; the content never gets read.
        var huge = [UInt8](repeating: 0, count: 4_200_000)
        huge.replaceSubrange(0..<10, with: f[0..<10])
        huge = patched(huge, huge.count - 4, .max)
        var badBlock = f
        badBlock[10] = 0x07  // BFINAL=1, BTYPE=11 (reserved)
        return [
            MalformedCase("gzip: wrong CRC", flipped(f, n - 8, 0x01), .checksumMismatch, .compressed, n - 8),
            MalformedCase("gzip: deflate data truncated, trailer kept", Array(f[0..<(10 + d / 2)]) + GzipSamples.trailer,
                          .truncated, .compressed, 10 + d / 2),
            MalformedCase("gzip: stream cut to 17 bytes", Array(f[0..<17]), .truncated, .compressed, 17),
            MalformedCase("gzip: declared size above the limit", GzipSamples.withISIZE(65 << 20), .limitExceeded, .compressed, n - 4),
            MalformedCase("gzip: real size above a small limit", f, .limitExceeded, .compressed, n - 4, options: small),
            MalformedCase("gzip: ISIZE 2^32-1 with an unlimited maxDecompressedSize", huge, .limitExceeded, .compressed, huge.count - 4, options: unlimited),
            MalformedCase("gzip: 8 MiB bomb under a 1 MiB limit", zeros, .limitExceeded, .compressed, zeros.count - 4, options: oneMiB),
            MalformedCase("gzip: declared size above 1032x the input", GzipSamples.withISIZE(60 << 20), .corruptCompressedData, .compressed, n - 4),
            MalformedCase("gzip: garbage between deflate data and trailer", Array(f[0..<(n - 8)]) + [0xDE, 0xAD, 0xBE] + GzipSamples.trailer,
                          .corruptCompressedData, .compressed, n - 8),
            MalformedCase("gzip: declared size smaller than the data", GzipSamples.withISIZE(159), .corruptCompressedData, .compressed, n - 4),
            MalformedCase("gzip: declared size much smaller than the data", GzipSamples.withISIZE(100), .corruptCompressedData, .compressed, 94),  // where zlib stood when the 101st byte came out
            MalformedCase("gzip: declared size larger than the data", GzipSamples.withISIZE(161), .corruptCompressedData, .compressed, n - 4),
            MalformedCase("gzip: declared size 0", GzipSamples.withISIZE(0), .corruptCompressedData, .compressed, n - 4),
            MalformedCase("gzip: reserved deflate block type", badBlock, .corruptCompressedData, .compressed, 11),
            MalformedCase("gzip: method is not deflate", flipped(f, 2, 0x0F), .corruptCompressedData, .compressed, 2),
            MalformedCase("gzip: reserved flag bits", flipped(f, 3, 0x80), .corruptCompressedData, .compressed, 3),
            MalformedCase("gzip: FEXTRA length past the end", Array(f[0..<3]) + [0x04] + Array(f[4..<10]) + [0xFF, 0xFF] + Array(f[10...]),
                          .truncated, .compressed, n + 2),
            MalformedCase("gzip: FNAME without terminator", Array(f[0..<3]) + [0x08] + Array(f[4..<10]) + [UInt8](repeating: 0x41, count: 20),
                          .truncated, .compressed, 30),
            MalformedCase("gzip: inner archive with bad magic (offset in decompressed bytes)", Gzip.compress(flipped(ex, 0, 0x01)), .badMagic, .header, 0),
            MalformedCase("gzip: inner archive truncated", Gzip.compress(Array(ex[0..<150])), .truncated, .classNames, 150),
        ]
    }()

    static let allCases = headerCases + truncationCases + objectCases + keyCases + valueCases + classCases + layoutCases + gzipCases

    @Test func caseCountAndNamesAreDistinct() {
        #expect(Self.allCases.count >= 50)
        #expect(Set(Self.allCases.map(\.name)).count == Self.allCases.count)
    }

    @Test(arguments: allCases)
    func malformedInputIsRejectedPrecisely(_ c: MalformedCase) {
        do {
            let archive = try NibArchive(bytes: c.bytes, options: c.options)
            Issue.record("accepted: \(archive.objectCount) objects")
        } catch {
            #expect(error.kind == c.kind, "\(error)")
            #expect(error.region == c.region, "\(error)")
            #expect(error.offset == c.offset, "\(error)")
            #expect(!error.message.isEmpty)
        }
    }
}
