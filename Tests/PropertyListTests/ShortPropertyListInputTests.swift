import Foundation
import PropertyList
import Testing

/// Every input length from 0 to 64 bytes through `BinaryPropertyList(bytes:)` and `(data:)`: the reader copies
/// its input (a small `Data` keeps its bytes inline, so a pointer borrowed from it would dangle), and the
/// trailer checks must not read before their size check. `scripts/asan.sh` runs this suite under AddressSanitizer.
@Suite struct ShortPropertyListInputTests {
    /// A small complete property list: `true` at the root (42 bytes: magic, one object, offset table, trailer).
    static let tiny: [UInt8] = BinaryPropertyListWriter().write(.bool(true))

    static func inputs(length: Int) -> [(String, [UInt8])] {
        func padded(_ prefix: [UInt8]) -> [UInt8] { Array((prefix + [UInt8](repeating: 0, count: 64)).prefix(length)) }
        return [
            ("plist prefix", Array(tiny.prefix(length))),
            ("magic then zeros", padded(Array("bplist00".utf8))),
            ("0xFF bytes", [UInt8](repeating: 0xFF, count: length)),
        ]
    }

    @Test(arguments: 0...64)
    func everyLengthIsATypedErrorOrTheWholeList(_ length: Int) {
        for (name, bytes) in Self.inputs(length: length) {
            let complete = name == "plist prefix" && bytes == Self.tiny
            for (entry, open) in [
                ("bytes", { () throws(PropertyListError) in _ = try BinaryPropertyList(bytes: bytes) }),
                ("data", { () throws(PropertyListError) in _ = try BinaryPropertyList(data: Data(bytes)) }),
            ] as [(String, () throws(PropertyListError) -> Void)] {
                do throws(PropertyListError) {
                    try open()
                    #expect(complete, "\(name), \(length) bytes, \(entry): accepted")
                } catch {
                    #expect(!complete, "\(name), \(length) bytes, \(entry): \(error)")
                }
            }
        }
    }

    @Test func theTinyListFitsTheSweepAndReadsBack() throws {
        #expect(Self.tiny.count <= 64, "\(Self.tiny.count) bytes")
        let list = try BinaryPropertyList(data: Data(Self.tiny))
        #expect(list.objectCount == 1 && list.byteCount == Self.tiny.count)
    }
}
