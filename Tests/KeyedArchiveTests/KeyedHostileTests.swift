import Foundation
import KeyedArchive
import NibArchive
import NibTestSupport
import PropertyList
import Testing

/// Damaged keyed archives are typed errors (with an offset inside the input) or valid archives whose graph
/// builds, never crashes.
@Suite struct KeyedHostileTests {
    static func read(_ bytes: [UInt8]) -> PropertyListError? {
        do {
            let archive = try KeyedArchive(bytes: bytes)
            let graph = NibGraph(archive)
            if graph.objects.isEmpty { Issue.record("empty graph accepted") }
            return nil
        } catch {
            if error.offset < 0 || error.offset > bytes.count { Issue.record("offset \(error.offset) outside input: \(error)") }
            return error
        }
    }

    /// Every truncation, and every byte of the trailer and every 5th byte elsewhere flipped and incremented,
    /// of each `keyedobjects.nib` (7–12 KB). With `NIBC_EXHAUSTIVE_MUTATIONS=1`: every byte of all 10 keyed nibs
    /// of the corpus (more than half an hour in a debug build on the shared machine; the fuzz target covers
    /// the same ground faster).
    @Test func truncationsAndFlipsOfKeyedNibs() throws {
        if SharedCorpus.directory == nil && SharedCorpus.allowMissing { return }
        let exhaustive = ProcessInfo.processInfo.environment["NIBC_EXHAUSTIVE_MUTATIONS"] == "1"
        let files = try SharedCorpus.files(under: "legacy", suffix: "keyedobjects.nib")
            + (exhaustive ? try SharedCorpus.files(under: "nib/sparkle", suffix: ".nib") : [])
        #expect(files.count == (exhaustive ? 10 : 3))
        var rejected = 0, accepted = 0, structural = 0
        for url in files {
            let bytes = try [UInt8](Data(contentsOf: url))
            for length in 0..<bytes.count where Self.read(Array(bytes[0..<length])) == nil {
                Issue.record("\(SharedCorpus.relative(url)) truncated to \(length) bytes was accepted")
            }
            var copy = bytes
            for i in 0..<bytes.count where exhaustive || i >= bytes.count - 32 || i % 5 == 0 {
                for mutation in [bytes[i] ^ 0xFF, bytes[i] &+ 1] {
                    copy[i] = mutation
                    if let error = Self.read(copy) {
                        rejected += 1
                        if error.kind == .notKeyedArchive { structural += 1 }
                    } else {
                        accepted += 1
                    }
                }
                copy[i] = bytes[i]
            }
        }
        print("keyed byte flips: \(rejected) rejected (\(structural) by the keyed-archive checks), \(accepted) still valid")
        #expect(rejected > 1_000 && structural > 0 && accepted > 0)
    }

    /// A keyed archive built from a property-list value (`$objects` given), for the structural checks.
    static func archive(_ objects: [PropertyListValue], top: [PropertyListEntry] = [PropertyListEntry("root", .uid(1))]) -> [UInt8] {
        BinaryPropertyListWriter().write(.dictionary([
            PropertyListEntry("$version", .integer(100000)),
            PropertyListEntry("$archiver", .string("NSKeyedArchiver")),
            PropertyListEntry("$top", .dictionary(top)),
            PropertyListEntry("$objects", .array(objects)),
        ]))
    }

    static let classDescription = PropertyListValue.dictionary([
        PropertyListEntry("$classname", .string("NSView")), PropertyListEntry("$classes", .array([.string("NSView"), .string("NSObject")])),
    ])

    @Test func smallValidArchive() throws {
        let bytes = Self.archive([.string("$null"), .dictionary([PropertyListEntry("$class", .uid(2)), PropertyListEntry("NSTag", .integer(7)),
                                                                 PropertyListEntry("NSName", .uid(3))]),
                                  Self.classDescription, .string("hello")])
        let archive = try KeyedArchive(bytes: bytes)
        #expect(archive.classChain(ofDescription: 2) == ["NSView", "NSObject"])
        let graph = NibGraph(archive)
        #expect(graph.objects.map(\.className) == ["NSObject", "NSView", "NSString"])
        #expect(graph.objects[1].entries == [NibEntry(key: "NSTag", value: .int(7)), NibEntry(key: "NSName", value: .object(2))])
    }

    @Test func referenceOutOfRange() {
        let error = Self.read(Self.archive([.string("$null"), .dictionary([PropertyListEntry("$class", .uid(2)), PropertyListEntry("x", .uid(99))]), Self.classDescription]))
        #expect(error?.kind == .notKeyedArchive)
        #expect(error?.message.contains("$objects[1]") == true, "\(String(describing: error))")
    }

    @Test func classMustBeAClassDescription() {
        let error = Self.read(Self.archive([.string("$null"), .dictionary([PropertyListEntry("$class", .uid(1))])]))
        #expect(error?.kind == .notKeyedArchive)
    }

    @Test func classDescriptionIsNotAValue() {
        let error = Self.read(Self.archive([.string("$null"), .dictionary([PropertyListEntry("$class", .uid(2)), PropertyListEntry("x", .uid(2))]), Self.classDescription]))
        #expect(error?.kind == .notKeyedArchive)
    }

    /// Found by the keyed-archive fuzz target: a class name with a NUL byte is a valid bplist string, but no
    /// class name (NIBArchive's class table rejected the conversion).
    @Test func classNameWithNULIsRejected() {
        let bad = PropertyListValue.dictionary([PropertyListEntry("$classname", .string("NS\u{0}View"))])
        let error = Self.read(Self.archive([.string("$null"), .dictionary([PropertyListEntry("$class", .uid(2))]), bad]))
        #expect(error?.kind == .notKeyedArchive)
        #expect(error?.message.contains("NUL") == true)
        let empty = PropertyListValue.dictionary([PropertyListEntry("$classname", .string(""))])
        #expect(Self.read(Self.archive([.string("$null"), .dictionary([PropertyListEntry("$class", .uid(2))]), empty]))?.kind == .notKeyedArchive)
    }

    @Test func plainPropertyListIsNotAKeyedArchive() {
        let error = Self.read(BinaryPropertyListWriter().write(.dictionary([PropertyListEntry("UIStoryboardVersion", .integer(1))])))
        #expect(error?.kind == .notKeyedArchive)
    }

    /// Objects referring to each other through UIDs (cycles are normal in nibs) map without trouble.
    @Test func uidCyclesAreFine() throws {
        let bytes = Self.archive([.string("$null"), .dictionary([PropertyListEntry("$class", .uid(2)), PropertyListEntry("self", .uid(1))]), Self.classDescription])
        let graph = NibGraph(try KeyedArchive(bytes: bytes))
        #expect(graph.objects[1].entries == [NibEntry(key: "self", value: .object(1))])
    }
}
