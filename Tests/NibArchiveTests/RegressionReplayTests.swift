import Foundation
import Testing
@testable import NibArchive

/// Replays every input under `Regressions/` (crashes, hangs and wrong round trips found by the
/// libFuzzer targets in `Fuzz/`, plus hand-made hostile inputs) through the same pipeline as the
/// `nib-verify` fuzz target: verify, read every value, copy into a graph, write it back with both
/// writer layouts and verify the output again. Each input records whether it must be rejected (with a typed error
/// whose offset lies inside the input) or must be read and round-trip without losing anything; an input with no
/// recorded outcome fails.
@Suite struct RegressionReplayTests {
    /// Whether each kept input must be read (true) or rejected (false). Accepted: inputs that are valid archives a
    /// careless reader got wrong (names equal under Unicode equivalence but not byte for byte, colliding key hashes,
    /// a class named twice behind fallbacks, an empty object after an unowned value, the worked example). Rejected:
    /// counts that promise more than the file holds, a gzip size field claiming 4 GiB.
    static let mustBeRead: [String: Bool] = [
        "canonically-equivalent-class-names-with-fallback.nib": true, "canonically-equivalent-keys.nib": true,
        "colliding-keys-sorted-index.nib": true, "duplicate-class-names-with-fallback.nib": true,
        "empty-object-start-after-unowned-value.nib": true, "worked-example.nib": true,
        "gzip-isize-max.nib.gz": false, "huge-counts.nib": false,
    ]

    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Regressions")

    static func inputs() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { !$0.hasPrefix(".") && !$0.hasSuffix(".md") }.sorted()
    }

    /// The first difference between two graphs, comparing strings by their UTF-8 bytes (Swift's `==`
    /// on String applies Unicode canonical equivalence) and floats by bit pattern; nil when equal.
    static func byteDifference(_ a: NibGraph, _ b: NibGraph) -> String? {
        guard a.coderVersion == b.coderVersion, a.hasLNETrailer == b.hasLNETrailer else { return "header" }
        guard a.objects.count == b.objects.count else { return "object count \(a.objects.count) vs \(b.objects.count)" }
        for (i, (x, y)) in zip(a.objects, b.objects).enumerated() {
            guard x.className.utf8.elementsEqual(y.className.utf8) else { return "object \(i) class \(x.className) vs \(y.className)" }
            guard x.entries.count == y.entries.count else { return "object \(i) entry count" }
            for (j, (e, f)) in zip(x.entries, y.entries).enumerated() {
                guard e.key.utf8.elementsEqual(f.key.utf8) else { return "object \(i) entry \(j) key" }
                switch (e.value, f.value) {
                case (.float(let p), .float(let q)) where p.bitPattern == q.bitPattern: continue
                case (.double(let p), .double(let q)) where p.bitPattern == q.bitPattern: continue
                default: guard e.value == f.value else { return "object \(i) entry \(j) value" }
                }
            }
        }
        let fa = a.classFallbacks.mapValues { $0.map { Array($0.utf8) } }
        let fb = b.classFallbacks.mapValues { $0.map { Array($0.utf8) } }
        guard fa.count == fb.count, fa.keys.allSatisfy({ k in fb.keys.contains { Array($0.utf8) == Array(k.utf8) } && fa[k] == fb[k] }) else {
            return "class fallbacks"
        }
        return nil
    }

    @Test func regressionDirectoryIsPresent() throws {
        #expect(try !Self.inputs().isEmpty, "no inputs in \(Self.directory.path)")
    }

    @Test(arguments: try inputs())
    func replay(_ name: String) throws {
        let bytes = try [UInt8](Data(contentsOf: Self.directory.appendingPathComponent(name)))
        let mustBeRead = try #require(Self.mustBeRead[name], "\(name): record in mustBeRead whether it must be read or rejected")
        let archive: NibArchive
        do {
            archive = try NibArchive(bytes: bytes)
            #expect(mustBeRead, "\(name) must be rejected but was read")
        } catch {
            #expect(!mustBeRead, "\(name) must be read but was rejected: \(error)")
            #expect(error.offset >= 0 && error.offset <= max(bytes.count, archiveSizeBound(bytes)), "\(error)")
            #expect(!error.message.isEmpty)
            return
        }
        for v in 0..<archive.valueCount { _ = archive.value(v) }
        for k in 0..<archive.keyCount { #expect(archive.keyIndex(named: archive.key(k)) == k) }
        let graph = NibGraph(archive)
        let preserved = try NibArchive(bytes: NibArchiveWriter(options: .preserveLayout).write(graph))
        #expect(Self.byteDifference(graph, NibGraph(preserved)) == nil, "preserveLayout round trip: \(Self.byteDifference(graph, NibGraph(preserved)) ?? "")")
        let canonical = try NibArchive(bytes: NibArchiveWriter().write(graph))
        _ = NibGraph(canonical)
    }

    /// Offsets of errors inside a gzip-framed input refer to the decompressed bytes.
    func archiveSizeBound(_ bytes: [UInt8]) -> Int { bytes.count >= 2 && bytes[0] == 0x1F && bytes[1] == 0x8B ? 64 << 20 : 0 }
}
