import Foundation
import NibTestSupport
import Testing
@testable import NibArchive

/// Corrupted copies of real archives (truncated anywhere, bytes flipped, header counts and offsets set
/// to huge values) are rejected with a typed error naming a table and an offset inside the input,
/// and never crash.
@Suite struct CorruptionTests {
    /// A few small corpus nibs, or the worked example when the corpus is absent.
    static func samples() throws -> [(String, [UInt8])] {
        if SharedCorpus.directory == nil && SharedCorpus.allowMissing {
            return [("example", WorkedExampleTests.bytes)]
        }
        let nibs = try CorpusRoundTripTests.corpusNibs()
        let picked = nibs.filter { ["StatusLine.nib", "minimal.nib", "FavoriteHomeCell.nib"].contains($0.lastPathComponent) }
        #expect(picked.count >= 3)
        return try [("example", WorkedExampleTests.bytes)] + picked.map { (SharedCorpus.relative($0), try [UInt8](Data(contentsOf: $0))) }
    }

    /// Reads `bytes`; returns the error, or nil when the input verified. Any verified input must also
    /// decode into a graph without trapping.
    static func read(_ bytes: [UInt8]) -> NibArchiveError? {
        do {
            let archive = try NibArchive(bytes: bytes)
            _ = NibGraph(archive)
            return nil
        } catch {
            #expect(error.offset >= 0 && error.offset <= max(bytes.count, 50), "offset \(error.offset) outside input: \(error)")
            return error
        }
    }

    @Test func everyTruncationIsRejected() throws {
        for (name, bytes) in try Self.samples() {
            for length in 0..<bytes.count {
                let error = Self.read(Array(bytes[0..<length]))
                #expect(error != nil, "\(name) truncated to \(length) bytes was accepted")
            }
        }
    }

    @Test func flippedBytesNeverCrash() throws {
        var rejected = 0
        var total = 0
        for (_, bytes) in try Self.samples() {
            for i in 0..<bytes.count {
                for mask: UInt8 in [0xFF, 0x80, 0x01] {
                    var copy = bytes
                    copy[i] ^= mask
                    total += 1
                    if Self.read(copy) != nil { rejected += 1 }
                }
            }
        }
        // Many flips (inside strings and numbers) leave a valid archive; structural ones must fail.
        #expect(rejected > total / 10, "only \(rejected) of \(total) flipped copies rejected")
    }

    /// The fast path of the values table must accept and reject exactly what the checked path does, with the
    /// same records or the same error: every byte of the table (and the two bytes after it) flipped four ways.
    @Test func valuesFastPathAgreesWithTheCheckedPath() throws {
        typealias Records = [(key: UInt32, payload: UInt32, type: NibValueType)]
        func verify(_ bytes: [UInt8], fast: Bool) -> Result<Records, NibArchiveError> {
            bytes.withUnsafeBytes { raw in
                Result { () throws(NibArchiveError) -> Records in
                    let header = try NibArchiveHeader.parse(raw)
                    return try NibArchiveVerifier.valueRecords(raw, header: header, fastPath: fast)
                }
            }
        }
        var fastRecords = 0, rejected = 0
        for (name, bytes) in try Self.samples() {
            let header = try bytes.withUnsafeBytes { try NibArchiveHeader.parse($0) }
            let start = Int(header.valuesOffset)
            let stop = min(Int(header.classNamesOffset) + 2, bytes.count)
            for i in start..<stop {
                for mask: UInt8 in [0xFF, 0x80, 0x01, 0x7F] {
                    var copy = bytes
                    copy[i] ^= mask
                    switch (verify(copy, fast: true), verify(copy, fast: false)) {
                    case (.success(let a), .success(let b)):
                        #expect(a.count == b.count && zip(a, b).allSatisfy { $0.key == $1.key && $0.payload == $1.payload && $0.type == $1.type },
                                "\(name) byte \(i) ^ \(mask): the two paths give different records")
                        fastRecords += a.count
                    case (.failure(let a), .failure(let b)):
                        #expect(a == b, "\(name) byte \(i) ^ \(mask): \(a) vs \(b)")
                        rejected += 1
                    case (let a, let b):
                        Issue.record("\(name) byte \(i) ^ \(mask): fast \(a), checked \(b)")
                    }
                }
            }
        }
        #expect(fastRecords > 0 && rejected > 0)
        // The fast path takes every type code up to `.objectReference` as valid.
        #expect(NibValueType.allCases.map(\.rawValue) == Array(0...NibValueType.objectReference.rawValue))
    }

    @Test func hugeHeaderFieldsAreRejectedWithoutAllocating() throws {
        for (name, bytes) in try Self.samples() {
            for field in 0..<10 {
                for value: UInt32 in [0xFFFF_FFFF, 0x7FFF_FFFF, UInt32(bytes.count), UInt32(bytes.count) + 1, 0] {
                    var copy = bytes
                    withUnsafeBytes(of: value.littleEndian) { copy.replaceSubrange(10 + 4 * field..<14 + 4 * field, with: $0) }
                    if copy == bytes { continue }
                    let error = Self.read(copy)
                    // Setting a count to 0 or an offset to another valid place can stay valid only in rare cases.
                    if value > UInt32(bytes.count) {
                        #expect(error != nil, "\(name): header field \(field) = \(value) accepted")
                        if let error { #expect(error.region == .header || error.region == .objects || error.region == .values) }
                    }
                }
            }
        }
    }

    @Test func specificErrorsNameTableAndOffset() throws {
        let good = WorkedExampleTests.bytes
        func expectError(_ mutate: (inout [UInt8]) -> Void, _ kind: NibArchiveError.Kind, _ region: NibArchiveRegion,
                         _ offset: Int, sourceLocation: SourceLocation = #_sourceLocation) {
            var copy = good
            mutate(&copy)
            let error = Self.read(copy)
            #expect(error?.kind == kind, "\(String(describing: error))", sourceLocation: sourceLocation)
            #expect(error?.region == region, sourceLocation: sourceLocation)
            #expect(error?.offset == offset, sourceLocation: sourceLocation)
        }
        expectError({ $0[0] = 0x41 }, .badMagic, .header, 0)
        expectError({ $0[10] = 2 }, .unsupportedFormatVersion(2), .header, 10)
        expectError({ $0[14] = 11 }, .unsupportedCoderVersion(11), .header, 14)
        expectError({ $0[22] = 10 }, .tableOffsetOutOfBounds, .header, 22)
        expectError({ $0[18] = 0 }, .noRootObject, .header, 18)
        expectError({ $0[50] = 0x85 }, .classIndexOutOfRange, .objects, 50)  // object 0 class 5 of 3
        expectError({ $0[54] = 0x84 }, .valueRangeOutOfBounds, .objects, 53)  // object 1 values 1..<5
        expectError({ $0[109] = 0x87 }, .keyIndexOutOfRange, .values, 109)
        expectError({ $0[110] = 0x0B }, .invalidValueType(11), .values, 110)
        expectError({ $0[111] = 0x07 }, .objectReferenceOutOfRange, .values, 111)
        expectError({ $0[60] = 0xFF }, .invalidUTF8, .keys, 60)
        expectError({ $0[64] = 0x84; $0.replaceSubrange(65..<65, with: Array("root".utf8)); $0.removeSubrange(69..<83); $0[59] = 0x84 },
                    .duplicateKey, .keys, 64)
        expectError({ $0[138] = 0x41 }, .invalidClassName, .classNames, 138)
        expectError({ $0[129] = 0x81; $0.insert(contentsOf: [7, 0, 0, 0], at: 130) }, .fallbackIndexOutOfRange, .classNames, 130)
    }

    @Test func overlappingTablesAreRejected() throws {
        // A data value whose payload is itself a valid one-entry class table; point the header at it.
        let fakeClassTable: [UInt8] = [0x89, 0x80] + Array("NSObject".utf8) + [0]
        var graph = NibGraph()
        graph.add(NibObject(className: "NSObject", entries: [NibEntry(key: "blob", value: .data(fakeClassTable))]))
        var bytes = NibArchiveWriter().write(graph)
        let payload = try #require(bytes.indices.first { Array(bytes[$0..<min($0 + fakeClassTable.count, bytes.count)]) == fakeClassTable })
        withUnsafeBytes(of: UInt32(payload).littleEndian) { bytes.replaceSubrange(46..<50, with: $0) }
        let error = Self.read(bytes)
        #expect(error?.kind == .tablesOverlap)
        #expect(error?.region == .classNames)
        #expect(error?.offset == payload)
    }

    @Test func lneTrailerIsRecognisedAndOtherBytesReported() throws {
        var graph = NibGraph(try NibArchive(bytes: WorkedExampleTests.bytes))
        graph.hasLNETrailer = true
        let withTrailer = NibArchiveWriter(options: .preserveLayout).write(graph)
        #expect(Array(withTrailer.suffix(4)) == [0x4C, 0x4E, 0x45, 0x00])
        #expect(try NibArchive(bytes: withTrailer).trailer == .lne)
        let other = WorkedExampleTests.bytes + [1, 2, 3]
        let archive = try NibArchive(bytes: other)
        #expect(archive.trailer == .unknown(offset: 160, length: 3))
        #expect(!archive.notes.isEmpty)
        var strict = NibReadOptions()
        strict.rejectUnknownTrailingBytes = true
        #expect(throws: NibArchiveError.self) { try NibArchive(bytes: other, options: strict) }
    }
}
