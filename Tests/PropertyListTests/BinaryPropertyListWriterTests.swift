import Foundation
import PropertyList
import Testing

@Suite struct BinaryPropertyListWriterTests {
    /// The offset width covers the offset table's own position: a list whose objects end just past 255
    /// bytes has 2-byte offsets (CoreFoundation refuses 1-byte offsets there), and reads back in Foundation.
    @Test func offsetWidthCoversTheOffsetTable() throws {
        for length in 200...260 {
            let value = PropertyListValue.dictionary([.init("k", .string(String(repeating: "a", count: length)))])
            let bytes = BinaryPropertyListWriter().write(value)
            let trailer = bytes.count - 32
            let tableOffset = bytes[(bytes.count - 8)...].reduce(0) { $0 << 8 | Int($1) }
            let width = Int(bytes[trailer + 6])
            #expect(tableOffset < 1 << (8 * width), "length \(length): table at \(tableOffset), \(width)-byte offsets")
            let read = try PropertyListSerialization.propertyList(from: Data(bytes), options: [], format: nil)
            #expect((read as? [String: String])?["k"]?.count == length)
        }
    }
}
