@testable import NibCompiler
import Testing

/// The binary property lists embedded in macOS XIBs (`<mutableData key="keyedArchiveRepresentation">`) are
/// document content: a malformed one reads as nil or `.null`, never traps, hangs or allocates without bound.
@Suite struct EmbeddedPlistTests {
    /// A `bplist00` of `objects` (each an encoded object), with 1-byte offsets and references, and the
    /// trailer fields replaceable.
    static func plist(_ objects: [[UInt8]], top: UInt64 = 0, count: UInt64? = nil, table: UInt64? = nil) -> [UInt8] {
        var out = Array("bplist00".utf8)
        var offsets = [UInt8]()
        for o in objects { offsets.append(UInt8(out.count)); out += o }
        let tableOffset = UInt64(out.count)
        out += offsets
        out += [0, 0, 0, 0, 0, 0, 1, 1]
        for v in [count ?? UInt64(objects.count), top, table ?? tableOffset] {
            out += (0..<8).reversed().map { UInt8(truncatingIfNeeded: v >> (8 * UInt64($0))) }
        }
        return out
    }

    static let padding: [UInt8] = Array(repeating: 0x00, count: 8)  // keeps the plists over 40 bytes

    @Test func wellFormedPlistReads() throws {
        // [ "ab", 7 ]
        let p = try #require(BinaryPlist(Self.plist([[0xA2, 1, 2], [0x52, 0x61, 0x62], [0x10, 7], Self.padding])))
        guard case .array(let items) = p.object(p.top), items.count == 2,
              case .string("ab") = items[0], case .int(7) = items[1] else { Issue.record("\(p.object(p.top))"); return }
    }

    @Test func trailerOffsetsOutsideTheBytesAreRejected() {
        let objects = [[0x10, 7], Self.padding]
        #expect(BinaryPlist(Self.plist(objects, table: 0x7FFF_FFFF_FFFF_FFFF)) == nil)  // offset + count * size overflowed
        #expect(BinaryPlist(Self.plist(objects, table: 0xFFFF_FFFF_FFFF_FFF0)) == nil)  // negative as Int: bytes[-16]
        #expect(BinaryPlist(Self.plist(objects, count: 0x7FFF_FFFF_FFFF_FFFF)) == nil)
    }

    @Test func anObjectAtTheEndOfTheBytesReadsAsNull() throws {
        // 8 + 2 + 9 bytes of objects put the offset table at 19 (0x13), the file's last byte. Object 1 is
        // pointed at that byte: an 8-byte integer marker with nothing after it.
        var bytes = Self.plist([[0xA1, 1], Array(repeating: 0, count: 9)])
        #expect(bytes.last == 0x13)
        bytes[19 + 1] = UInt8(bytes.count - 1)
        let p = try #require(BinaryPlist(bytes))
        guard case .array(let items) = p.object(p.top), items.count == 1, case .null = items[0] else {
            Issue.record("\(p.object(p.top))"); return
        }
    }

    @Test func lengthsBeyondTheBytesReadAsNull() throws {
        // A string claiming 2^63-1 bytes, a UTF-16 string claiming 127 units, a 16-byte uid.
        let objects: [[UInt8]] = [[0xA3, 1, 2, 3], [0x5F, 0x13, 0x7F] + Array(repeating: 0xFF, count: 7), [0x6F, 0x10, 0x7F],
                                  [0x8F, 1, 2, 3], Self.padding]
        let p = try #require(BinaryPlist(Self.plist(objects)))
        guard case .array(let items) = p.object(p.top), items.count == 3 else { Issue.record("not an array of 3"); return }
        for item in items { if case .null = item {} else { Issue.record("\(item) should be null") } }
    }

    @Test func sharedReferencesStopAtTheObjectBudget() throws {
        // Array 0 holds itself 14 times: 14^64 paths without a budget.
        let p = try #require(BinaryPlist(Self.plist([[0xAE] + Array(repeating: 0, count: 14), Self.padding])))
        var budget = 10_000
        _ = p.object(0, depth: 0, budget: &budget)
        #expect(budget <= 0)
        // Through the public entry the walk ends too: the first element's subtree uses the whole budget.
        guard case .array(let items) = p.object(0) else { Issue.record("not an array"); return }
        #expect(items.count >= 1 && items.count < 14, "\(items.count)")
    }
}
