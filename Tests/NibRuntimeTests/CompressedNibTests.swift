import Foundation
import NibArchive
import NibRuntime
import NibTestSupport
import Testing

/// Gzip-framed nibs: every corpus NIBArchive compresses, inflates back to the same bytes and loads; corrupt
/// compressed nibs are rejected with a typed error.
@Suite(.needsCorpus) struct CompressedNibTests {
    /// Every regular `*.nib` of the corpus that starts with the NIBArchive magic.
    static func corpusArchives() throws -> [(name: String, bytes: [UInt8])] {
        let magic = Array("NIBArchive".utf8)
        return try SharedCorpus.files(under: "nib", suffix: ".nib").compactMap { url in
            guard let data = FileManager.default.contents(atPath: url.path) else { return nil }
            let bytes = [UInt8](data)
            return bytes.starts(with: magic) ? (SharedCorpus.relative(url), bytes) : nil
        }
    }

    @Test func everyCorpusArchiveRoundTripsCompressed() throws {
        let archives = try Self.corpusArchives()
        #expect(archives.count > 250)
        var ratioSum = 0.0
        var plainTotal = 0, gzipTotal = 0
        for (name, plain) in archives {
            let gzip = Gzip.compress(plain)
            #expect(gzip.count < plain.count, "\(name): \(gzip.count) compressed bytes, \(plain.count) plain")
            let archive = try NibArchive(bytes: gzip)
            #expect(archive.wasCompressed)
            #expect(archive.withRawBytes { Array($0) } == plain, "\(name): inflated bytes differ from the original")
            // The template loads it like the plain file.
            let template = try NibTemplate(bytes: gzip, registry: NibClassRegistry())
            #expect(try template.externalObjectIdentifiers() == NibTemplate(bytes: plain, registry: NibClassRegistry()).externalObjectIdentifiers())
            ratioSum += Double(gzip.count) / Double(plain.count)
            plainTotal += plain.count
            gzipTotal += gzip.count
        }
        let mean = ratioSum / Double(archives.count)
        print("compressed nibs: \(archives.count) corpus archives, mean compressed/plain ratio \(String(format: "%.3f", mean)); total \(gzipTotal) / \(plainTotal) bytes = \(String(format: "%.3f", Double(gzipTotal) / Double(plainTotal)))")
        #expect(mean < 1)
    }

    @Test func compressedTemplateInstantiatesLikePlain() throws {
        let path = try corpusPath("nib/duckduckgo/FavoriteHomeCell.nib")
        let plain = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        let a = try NibTemplate(bytes: plain, registry: NibClassRegistry()).instantiate(owner: RecordingOwner())
        let b = try NibTemplate(bytes: Gzip.compress(plain), registry: NibClassRegistry()).instantiate(owner: RecordingOwner())
        #expect(reachableObjects(from: a).count == reachableObjects(from: b).count)
        #expect(a.map { ($0 as? GenericNibObject)?.className } == b.map { ($0 as? GenericNibObject)?.className })
    }

    /// Expects `NibTemplate(bytes:)` to throw `NibLoadingError.archive`.
    static func expectRejected(_ bytes: [UInt8], _ what: String, sourceLocation: SourceLocation = #_sourceLocation) {
        do {
            _ = try NibTemplate(bytes: bytes, registry: NibClassRegistry())
            Issue.record("\(what): accepted", sourceLocation: sourceLocation)
        } catch {
            guard case .archive = error else {
                Issue.record("\(what): unexpected error \(error)", sourceLocation: sourceLocation)
                return
            }
        }
    }

    @Test func corruptCompressedNibsAreRejected() throws {
        let plain = [UInt8](try Data(contentsOf: URL(fileURLWithPath: try corpusPath("nib/duckduckgo/BrowsingMenuSeparatorViewCell.nib"))))
        let gzip = Gzip.compress(plain)
        _ = try NibTemplate(bytes: gzip, registry: NibClassRegistry())
        // Every truncation.
        for n in 0..<gzip.count { Self.expectRejected(Array(gzip[0..<n]), "truncated to \(n) of \(gzip.count) bytes") }
        // Each byte of the CRC-32, then of the size field.
        for i in 0..<4 {
            var crc = gzip
            crc[gzip.count - 8 + i] ^= 0xFF
            Self.expectRejected(crc, "CRC byte \(i) flipped")
            var size = gzip
            size[gzip.count - 4 + i] ^= 0x01
            Self.expectRejected(size, "size byte \(i) flipped")
        }
        // Bytes of the deflate stream (after the 10-byte header, before the 8-byte trailer).
        for i in stride(from: 10, to: gzip.count - 8, by: max(1, (gzip.count - 18) / 64)) {
            var body = gzip
            body[i] ^= 0xFF
            Self.expectRejected(body, "deflate byte \(i) flipped")
        }
    }
}
