import Foundation
import Testing
@testable import PropertyList

/// `XMLPropertyListWriter`: CoreFoundation's XML layout, and every value reads back through Foundation's parser.
@Suite struct XMLPropertyListWriterTests {
    @Test func layoutOfAnIbtoolReport() {
        let report = PropertyListValue.dictionary([
            .init("com.apple.ibtool.errors", .array([.dictionary([.init("description", .string("Unknown argument '<x>' & more."))])])),
            .init("com.apple.ibtool.document.notices", .dictionary([])),
            .init("b", .array([])),
        ])
        let text = String(decoding: XMLPropertyListWriter().write(report), as: UTF8.self)
        #expect(text == """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0">
            <dict>
            \t<key>b</key>
            \t<array/>
            \t<key>com.apple.ibtool.document.notices</key>
            \t<dict/>
            \t<key>com.apple.ibtool.errors</key>
            \t<array>
            \t\t<dict>
            \t\t\t<key>description</key>
            \t\t\t<string>Unknown argument '&lt;x&gt;' &amp; more.</string>
            \t\t</dict>
            \t</array>
            </dict>
            </plist>

            """)
    }

    @Test func everyValueReadsBack() throws {
        let value = PropertyListValue.dictionary([
            .init("int", .integer(-42)), .init("big", .integer(Int64.max)), .init("real", .real(1.5)), .init("whole", .real(3)),
            .init("yes", .bool(true)), .init("no", .bool(false)), .init("data", .data(Array("nibc!".utf8))),
            .init("date", .date(86_400 * 365.25 * 25)), .init("string", .string("é ✓ <tag> & \u{1F600}")),
            .init("nested", .array([.integer(1), .dictionary([.init("k", .string("v"))])])),
        ])
        let bytes = XMLPropertyListWriter().write(value)
        let parsed = try #require(try PropertyListSerialization.propertyList(from: Data(bytes), format: nil) as? [String: Any])
        #expect(parsed["int"] as? Int == -42)
        #expect(parsed["big"] as? Int64 == Int64.max)
        #expect(parsed["real"] as? Double == 1.5)
        #expect(parsed["whole"] as? Double == 3)
        #expect(parsed["yes"] as? Bool == true && parsed["no"] as? Bool == false)
        #expect(parsed["data"] as? Data == Data("nibc!".utf8))
        #expect((parsed["date"] as? Date)?.timeIntervalSinceReferenceDate == 86_400 * 365.25 * 25)
        #expect(parsed["string"] as? String == "é ✓ <tag> & \u{1F600}")
        let nested = try #require(parsed["nested"] as? [Any])
        #expect(nested.count == 2 && (nested[1] as? [String: String]) == ["k": "v"])
    }

    @Test func datesAndBase64() {
        #expect(XMLPropertyListWriter.iso8601(0) == "2001-01-01T00:00:00Z")
        #expect(XMLPropertyListWriter.iso8601(-1) == "2000-12-31T23:59:59Z")
        #expect(XMLPropertyListWriter.iso8601(86_400 * 59) == "2001-03-01T00:00:00Z")
        #expect(XMLPropertyListWriter.base64([]) == "")
        #expect(XMLPropertyListWriter.base64(Array("f".utf8)) == "Zg==")
        #expect(XMLPropertyListWriter.base64(Array("foob".utf8)) == "Zm9vYg==")
        #expect(XMLPropertyListWriter.base64(Array("foobar".utf8)) == "Zm9vYmFy")
    }
}
