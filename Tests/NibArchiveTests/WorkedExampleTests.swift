import Testing
@testable import NibArchive

/// The self-made 160-byte example of NIBARCHIVE.md §2.8, in both directions.
@Suite struct WorkedExampleTests {
    static let bytes: [UInt8] = hex("""
        4e494241726368697665 01000000 0a000000 03000000 32000000 04000000 3b000000
        04000000 6d000000 03000000 80000000
        808081 818182 828381
        84 726f6f74 8e 4e53496e6c696e656456616c7565 94 55494e6962456e636f646572456d7074794b6579 88 4e532e6279746573
        80 0a 01000000 81 05 82 0a 02000000 83 08 82 4869
        89 80 4e534f626a65637400 88 80 4e5341727261790089 80 4e53537472696e6700
        """)

    static func hex(_ s: String) -> [UInt8] {
        let digits = s.filter { $0.isHexDigit }
        var out = [UInt8]()
        var i = digits.startIndex
        while i < digits.endIndex {
            let j = digits.index(i, offsetBy: 2)
            out.append(UInt8(digits[i..<j], radix: 16)!)
            i = j
        }
        return out
    }

    @Test func decodesTheExample() throws {
        #expect(Self.bytes.count == 160)
        let archive = try NibArchive(bytes: Self.bytes)
        #expect(archive.coderVersion == 10)
        #expect(archive.objectCount == 3)
        #expect(archive.className(ofObject: 0) == "NSObject")
        #expect(archive.className(ofObject: 1) == "NSArray")
        #expect(archive.key(0) == "root")
        #expect(archive.value(ofObject: 0, forKey: "root") == .object(1))
        #expect(archive.value(ofObject: 1, forKey: "NSInlinedValue") == .bool(true))
        guard case .data(let hi)? = archive.value(ofObject: 2, forKey: "NS.bytes") else {
            Issue.record("NS.bytes is not data"); return
        }
        #expect(hi.string == "Hi")
        #expect(archive.trailer == .none)
    }

    @Test func encodesTheExample() {
        var graph = NibGraph()
        graph.add(NibObject(className: "NSObject", entries: [NibEntry(key: "root", value: .object(1))]))
        graph.add(NibObject(className: "NSArray", entries: [
            NibEntry(key: "NSInlinedValue", value: .bool(true)),
            NibEntry(key: "UINibEncoderEmptyKey", value: .object(2)),
        ]))
        graph.add(NibObject(className: "NSString", entries: [NibEntry(key: "NS.bytes", value: .data(Array("Hi".utf8)))]))
        #expect(NibArchiveWriter().write(graph) == Self.bytes)
    }

    @Test(arguments: [(0, [0x80]), (5, [0x85]), (127, [0xFF]), (128, [0x00, 0x81]), (300, [0x2C, 0x82]),
                      (16383, [0x7F, 0xFF]), (16384, [0x00, 0x00, 0x81]), (Int(UInt32.max), [0x7F, 0x7F, 0x7F, 0x7F, 0x8F])])
    func varints(value: Int, bytes: [UInt8]) throws {
        var out = [UInt8]()
        appendVarint(value, to: &out)
        #expect(out == bytes)
        let (decoded, pos) = try Self.readVarint(bytes).get()
        #expect(Int(decoded) == value)
        #expect(pos == bytes.count)
    }

    @Test(arguments: [([0x00, 0x00], NibArchiveError.Kind.truncated),
                      ([0x00, 0x00, 0x00, 0x00, 0x00, 0x80], .varintTooLong),
                      ([0x7F, 0x7F, 0x7F, 0x7F, 0x90], .varintOverflow)])
    func badVarints(bytes: [UInt8], kind: NibArchiveError.Kind) {
        let error = #expect(throws: NibArchiveError.self) { try Self.readVarint(bytes).get() }
        #expect(error?.kind == kind)
        #expect(error?.offset == 0)
    }

    /// Runs the verifier's varint reader over `bytes` (a Result, because typed throws through
    /// `withUnsafeBytes` crashes the 6.3 compiler).
    static func readVarint(_ bytes: [UInt8]) -> Result<(UInt32, Int), NibArchiveError> {
        bytes.withUnsafeBytes { buffer in
            var pos = 0
            do {
                let v = try ByteScanning.varint(buffer.baseAddress!, &pos, buffer.count, .values)
                return .success((v, pos))
            } catch {
                return .failure(error as! NibArchiveError)
            }
        }
    }

    @Test func integerWidthRule() {
        #expect(NibValueType.integerType(for: 0) == .int8)
        #expect(NibValueType.integerType(for: 127) == .int8)
        #expect(NibValueType.integerType(for: 128) == .int16)
        #expect(NibValueType.integerType(for: 32767) == .int16)
        #expect(NibValueType.integerType(for: 32768) == .int32)
        #expect(NibValueType.integerType(for: 2_147_483_647) == .int32)
        #expect(NibValueType.integerType(for: 2_147_483_648) == .int64)
        #expect(NibValueType.integerType(for: -1) == .int64)
    }

    /// Every integer width decodes with its sign, at the extremes and next to other payloads (the reader takes the
    /// eight bytes that end with the payload and shifts them down, so neighbouring bytes must not leak in).
    @Test func integersOfEveryWidthDecodeWithTheirSign() throws {
        let cases: [(Int64, NibValueType)] = [
            (0, .int8), (-1, .int8), (127, .int8), (-128, .int8),
            (-1, .int16), (Int64(Int16.max), .int16), (Int64(Int16.min), .int16), (300, .int16),
            (-1, .int32), (Int64(Int32.max), .int32), (Int64(Int32.min), .int32), (-70_000, .int32),
            (-1, .int64), (.max, .int64), (.min, .int64), (0x0102_0304_0506_0708, .int64),
        ]
        var entries: [NibEntry] = []
        for (value, width) in cases {
            entries.append(NibEntry(key: "NSFill", value: .data([0xFF, 0x80, 0x7F])))
            entries.append(NibEntry(key: "NSValue", value: .fixedWidthInteger(value, width)))
        }
        let archive = try NibArchive(bytes: NibArchiveWriter().write(NibGraph(objects: [NibObject(className: "NSObject", entries: entries)])))
        var decoded: [(Int64, NibValueType)] = []
        for v in 0..<archive.valueCount where archive.key(archive.valueKeyIndex(v)) == "NSValue" {
            guard case .int(let i) = archive.value(v) else { Issue.record("value \(v) is not an integer"); continue }
            decoded.append((i, archive.valueType(v)))
        }
        #expect(decoded.map(\.0) == cases.map(\.0))
        #expect(decoded.map(\.1) == cases.map(\.1))
    }
}
