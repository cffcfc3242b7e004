import Foundation
import Testing
import NibArchive
import NibCompiler
import NibCompilerTestSupport
import PropertyList

/// The binary property lists embedded in macOS XIBs (`<mutableData key="keyedArchiveRepresentation">`) are
/// document content, read by the `PropertyList` module's verifying reader (its hostile inputs are
/// `HostilePropertyListTests`'): a well-formed archive becomes the image's objects, a malformed one is not
/// read at all and the image is archived by name, as one without data.
@Suite struct EmbeddedPlistTests {
    /// An `NSKeyedArchiver` archive of an `NSImage` named `name` with one `NSColor` (custom colour space).
    static func imageArchive(name: String) -> [UInt8] {
        func uid(_ n: UInt64) -> PropertyListValue { .uid(n) }
        let objects: [PropertyListValue] = [
            .string("$null"),
            .dictionary([.init("$class", uid(3)), .init("NSName", uid(2)), .init("NSColor", uid(4)), .init("NSImageFlags", .integer(12_582_912))]),
            .string(name),
            .dictionary([.init("$classname", .string("NSImage")), .init("$classes", .array([.string("NSImage"), .string("NSObject")]))]),
            .dictionary([.init("$class", uid(5)), .init("NSColorSpace", .integer(1)), .init("NSCustomColorSpace", uid(0))]),
            .dictionary([.init("$classname", .string("NSColor")), .init("$classes", .array([.string("NSColor"), .string("NSObject")]))]),
        ]
        return BinaryPropertyListWriter().write(.dictionary([
            .init("$version", .integer(100_000)), .init("$archiver", .string("NSKeyedArchiver")),
            .init("$top", .dictionary([.init("root", uid(1))])), .init("$objects", .array(objects)),
        ]))
    }

    /// A Cocoa XIB with an image view showing the image `Embedded`, whose resource carries `data` as its archive.
    static func compile(_ data: [UInt8]) throws -> NibGraph {
        let xib = XIBEnvelope.macOS(objects: """
                <imageView id="1">
                    <rect key="frame" x="0.0" y="0.0" width="32" height="32"/>
                    <imageCell key="cell" refusesFirstResponder="YES" alignment="left" imageScaling="proportionallyDown" image="Embedded" id="2"/>
                </imageView>
            """, resources: """
                <image name="Embedded" width="32" height="32">
                    <mutableData key="keyedArchiveRepresentation">\(Data(data).base64EncodedString())</mutableData>
                </image>
            """)
        return try CompiledXIB(xib, fileName: "Embedded.xib").graph
    }

    @Test func aWellFormedArchiveBecomesTheImagesObjects() throws {
        let g = try Self.compile(Self.imageArchive(name: "Embedded"))
        let image = try #require(g.objects.first { $0.className == "NSImage" })
        let name = try #require(image.value(forKey: "NSName")?.objectIndex)
        #expect(g.objects[name].value(forKey: FoundationKeys.bytes) == .data(Array("Embedded".utf8)))
        #expect(image.value(forKey: "NSImageFlags") == .int(12_582_912))
        // Keys today's AppKit adds when it archives again: a tint colour, and a custom colour's exposure.
        #expect(image.value(forKey: "NSTintColor") == .null)
        let color = try #require(image.value(forKey: "NSColor")?.objectIndex)
        #expect(g.objects[color].className == "NSColor")
        #expect(g.objects[color].value(forKey: "NSLinearExposure") == .data(Array("1".utf8)))
        #expect(!g.objects.contains { $0.className == "NSCustomResource" })
    }

    @Test func aMalformedArchiveIsNotRead() throws {
        let good = Self.imageArchive(name: "Embedded")
        // Truncated (no trailer), an offset table pointing past the end, and bytes that are no plist.
        var badOffset = good
        badOffset[badOffset.count - 8] = 0xFF
        for bad in [Array(good.prefix(good.count - 10)), badOffset, Array("not a plist at all, 40 bytes or more....".utf8)] {
            let g = try Self.compile(bad)
            #expect(!g.objects.contains { $0.className == "NSImage" })
            // The image is archived by name instead.
            #expect(g.objects.contains { $0.className == "NSCustomResource" })
        }
    }
}
