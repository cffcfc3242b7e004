import Foundation
import NibArchive
import Testing

/// Every input length from 0 to 64 bytes through each public entry point that takes bytes in memory.
///
/// Short inputs are where a borrowed pointer would outlive its owner (a small `Data` keeps its bytes
/// inline) and where header checks could read before their size check; `scripts/asan.sh` runs this suite
/// under AddressSanitizer, which turns such a read into a failure.
@Suite struct ShortInputTests {
    /// The smallest archive the writer makes: one object without values.
    static let tiny: [UInt8] = NibArchiveWriter().write(NibGraph(objects: [NibObject(className: "NSObject")]))

    /// Prefixes of a valid archive, of its gzip framing, and of the two magics followed by zeros.
    static func inputs(length: Int) -> [(String, [UInt8])] {
        let gzip = Gzip.compress(tiny)
        func padded(_ prefix: [UInt8]) -> [UInt8] {
            Array((prefix + [UInt8](repeating: 0, count: 64)).prefix(length))
        }
        return [
            ("archive prefix", Array(tiny.prefix(length))),
            ("gzip prefix", Array(gzip.prefix(length))),
            ("NIBArchive magic", padded(Array("NIBArchive".utf8))),
            ("gzip magic", padded([0x1F, 0x8B, 8, 0])),
            ("0xFF bytes", [UInt8](repeating: 0xFF, count: length)),
        ]
    }

    @Test(arguments: 0...64)
    func everyLengthIsATypedErrorOrTheWholeArchive(_ length: Int) {
        for (name, bytes) in Self.inputs(length: length) {
            let complete = (name == "archive prefix" && bytes == Self.tiny) || (name == "gzip prefix" && bytes == Gzip.compress(Self.tiny))
            for (entry, open) in [
                ("bytes", { () throws(NibArchiveError) in _ = try NibArchive(bytes: bytes) }),
                ("data", { () throws(NibArchiveError) in _ = try NibArchive(data: Data(bytes)) }),
                ("opened data", { () throws(NibArchiveError) in _ = try OpenedNibArchive(data: Data(bytes)).verify() }),
            ] as [(String, () throws(NibArchiveError) -> Void)] {
                do throws(NibArchiveError) {
                    try open()
                    #expect(complete, "\(name), \(length) bytes, \(entry): accepted")
                } catch {
                    #expect(!complete, "\(name), \(length) bytes, \(entry): \(error)")
                    #expect(error.offset >= 0 && error.offset <= max(length, 64), "\(name), \(length) bytes: offset \(error.offset)")
                }
            }
        }
    }

    /// `NibArchive(bytes:)` keeps the caller's array instead of copying it: the archive must read the bytes it
    /// verified after the caller has changed or dropped its array (copy-on-write gives the caller a new buffer).
    @Test func anArchiveReadFromAnArrayOutlivesTheCallersChanges() throws {
        var graph = NibGraph(objects: [NibObject(className: "NSObject", entries: [
            NibEntry(key: "NS.bytes", value: .data(Array("kept".utf8))),
            NibEntry(key: "NSTag", value: .int(7)),
        ])])
        graph.objects[0].append("NSNext", .null)
        var bytes = NibArchiveWriter().write(graph)
        let archive = try NibArchive(bytes: bytes)
        for i in bytes.indices { bytes[i] = 0xFF }
        bytes.removeAll()
        #expect(archive.value(ofObject: 0, forKey: "NS.bytes") == .data(try #require(archive.value(0).dataBytes)))
        #expect(archive.value(0).dataBytes?.string == "kept")
        #expect(archive.value(ofObject: 0, forKey: "NSTag") == .int(7))
        #expect(archive.className(ofObject: 0) == "NSObject")
        #expect(NibGraph(archive).objects == graph.objects)
    }

    @Test func theTinyArchiveFitsTheSweep() {
        // The sweep must reach the complete archive, so that acceptance is checked too.
        #expect(Self.tiny.count <= 64, "\(Self.tiny.count) bytes")
    }
}

private extension NibValue {
    var dataBytes: NibBytes? {
        if case .data(let bytes) = self { return bytes }
        return nil
    }
}
