import Foundation
import NibTestSupport
import PropertyList
import Testing

/// Truncated, flipped and hand-made hostile property lists are typed errors inside the input (or valid
/// lists), never crashes, hangs or huge allocations.
@Suite struct HostilePropertyListTests {
    /// Reads `bytes`; nil when valid (then the owned copy is taken too), else the error.
    static func read(_ bytes: [UInt8]) -> PropertyListError? {
        do {
            let plist = try BinaryPropertyList(bytes: bytes)
            _ = try PropertyListValue(plist, maxValues: 1 << 20)
            return nil
        } catch {
            // Checked by hand: recording an expectation per mutation would dominate the run time.
            if error.offset < 0 || error.offset > bytes.count { Issue.record("offset \(error.offset) outside input: \(error)") }
            return error
        }
    }

    static func corpus() throws -> [(String, [UInt8])] {
        if SharedCorpus.directory == nil && SharedCorpus.allowMissing { return [] }
        return try CorpusPropertyListTests.corpusPlists().map { (SharedCorpus.relative($0), try [UInt8](Data(contentsOf: $0))) }
    }

    @Test func everyTruncationOfEveryCorpusPlistIsAnError() throws {
        for (name, bytes) in try Self.corpus() {
            for length in 0..<bytes.count where Self.read(Array(bytes[0..<length])) == nil {
                Issue.record("\(name) truncated to \(length) bytes was accepted")
            }
        }
    }

    /// Each byte of each corpus list flipped (all bits) and incremented: a typed error or a valid list.
    /// Every byte of the lists up to 4 KB (the `Info.plist` files); in the nibs every byte of the trailer and
    /// every 31st byte elsewhere (a full pass over them is the fuzz target's job; a debug-build pass over
    /// every byte takes minutes).
    @Test func everyByteFlipOfEveryCorpusPlistIsHandled() throws {
        var rejected = 0, accepted = 0
        for (_, bytes) in try Self.corpus() {
            var copy = bytes
            for i in 0..<bytes.count where bytes.count <= 4_096 || i >= bytes.count - 32 || i % 31 == 0 {
                for mutation in [bytes[i] ^ 0xFF, bytes[i] &+ 1] {
                    copy[i] = mutation
                    if Self.read(copy) == nil { accepted += 1 } else { rejected += 1 }
                }
                copy[i] = bytes[i]
            }
        }
        print("bplist byte flips: \(rejected) rejected, \(accepted) still valid")
        if SharedCorpus.directory != nil { #expect(rejected > 1_000 && accepted > 0) }
    }

    // MARK: hand-made lists

    /// A list with `objects` (raw object bytes) and the given top object, offsets 1 byte wide unless forced.
    static func make(_ objects: [[UInt8]], top: Int = 0, refSize: UInt8 = 1, count: UInt64? = nil,
                     table: UInt64? = nil) -> [UInt8] {
        var out = BinaryPropertyList.magic
        var offsets = [Int]()
        for o in objects { offsets.append(out.count); out += o }
        let tableAt = out.count
        let offsetSize = offsets.max()! > 255 ? 2 : 1
        for o in offsets { if offsetSize == 2 { out.append(UInt8(o >> 8)) }; out.append(UInt8(o & 0xFF)) }
        out += [0, 0, 0, 0, 0, 0, UInt8(offsetSize), refSize]
        func be(_ v: UInt64) { for s in stride(from: 56, through: 0, by: -8) { out.append(UInt8(truncatingIfNeeded: v >> UInt64(s))) } }
        be(count ?? UInt64(objects.count)); be(UInt64(top)); be(table ?? UInt64(tableAt))
        return out
    }

    @Test func validHandMadeListReads() throws {
        let bytes = Self.make([[0xA2, 1, 2], [0x10, 7], [0x53, 0x61, 0x62, 0x63]])
        let plist = try BinaryPropertyList(bytes: bytes)
        #expect(try PropertyListValue(plist) == .array([.integer(7), .string("abc")]))
    }

    @Test func arrayContainingItselfIsACycle() {
        let error = Self.read(Self.make([[0xA1, 1], [0xA1, 0]]))
        #expect(error?.kind == .cycle)
        #expect(error?.object != nil)
    }

    @Test func deepNestingIsBounded() {
        let objects = (0..<600).map { i in i == 599 ? [UInt8](arrayLiteral: 0x08) : [0xA1, 0, 0] }
        // 2-byte references: object i holds i + 1.
        var withRefs = objects
        for i in 0..<599 { withRefs[i] = [0xA1, UInt8((i + 1) >> 8), UInt8((i + 1) & 0xFF)] }
        #expect(Self.read(Self.make(withRefs, refSize: 2))?.kind == .depthLimit)
    }

    @Test func hugeObjectCountIsRejectedBeforeAllocation() {
        let error = Self.read(Self.make([[0x08]], count: UInt64.max))
        #expect(error?.kind == .badTrailer)
    }

    @Test func hugeLengthIsBoundedByTheInput() {
        // An array claiming 2^62 elements through an 8-byte length.
        let error = Self.read(Self.make([[0xAF, 0x13, 0x40, 0, 0, 0, 0, 0, 0, 0]]))
        #expect(error?.kind == .truncated)
    }

    @Test func referenceOutOfRange() {
        #expect(Self.read(Self.make([[0xA1, 9]]))?.kind == .referenceOutOfRange)
    }

    @Test func dictionaryKeyMustBeAString() {
        #expect(Self.read(Self.make([[0xD1, 1, 1], [0x10, 1]]))?.kind == .keyNotString)
    }

    @Test func offsetTablePastTheTrailer() {
        #expect(Self.read(Self.make([[0x08]], table: 1_000))?.kind == .offsetTableOutOfBounds)
    }

    @Test func invalidMarkerAndNonASCII() {
        #expect(Self.read(Self.make([[0x70]]))?.kind == .invalidMarker(0x70))
        #expect(Self.read(Self.make([[0x51, 0xC3]]))?.kind == .invalidString)
    }

    /// A chain of arrays each holding the next one twice verifies (no cycle) but expands to 2^40 values:
    /// the owned copy stops at its budget.
    @Test func exponentialSharingHitsTheExpansionLimit() throws {
        var objects = [[UInt8]]()
        for i in 0..<40 { objects.append([0xA2, UInt8(i + 1), UInt8(i + 1)]) }
        objects.append([0x08])
        let plist = try BinaryPropertyList(bytes: Self.make(objects))
        #expect(throws: PropertyListError.self) { try PropertyListValue(plist, maxValues: 100_000) }
    }

    @Test func notABinaryList() {
        #expect(Self.read(Array("<?xml version=\"1.0\"?><plist></plist>....".utf8))?.kind == .badMagic)
        #expect(Self.read(Array("bplist".utf8))?.kind == .tooShort)
        #expect(Self.read(Array("bplist15".utf8) + [UInt8](repeating: 0, count: 40))?.kind == .unsupportedVersion)
    }
}
