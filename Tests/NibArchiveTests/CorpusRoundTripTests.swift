import Foundation
import NibTestSupport
import Testing
@testable import NibArchive

/// Every Apple-compiled NIBArchive in the shared corpus verifies, and decoding it into a graph and
/// writing it back gives the same bytes; nested archives (prototype cells) too.
@Suite struct CorpusRoundTripTests {
    static func corpusNibs() throws -> [URL] {
        try SharedCorpus.files(under: "nib", suffix: ".nib").filter { url in
            guard let handle = try? FileHandle(forReadingFrom: url) else { return false }
            defer { try? handle.close() }
            return (try? handle.read(upToCount: 10)) == Data("NIBArchive".utf8)
        }
    }

    @Test func corpusIsPresent() throws {
        if SharedCorpus.directory == nil && SharedCorpus.allowMissing { return }
        let nibs = try Self.corpusNibs()
        // 322 files named .nib; the Sparkle ones are older binary-plist nibs, not NIBArchives.
        #expect(nibs.count >= 290, "expected the shared corpus's NIBArchive files, found \(nibs.count)")
    }

    @Test func everyCorpusNibVerifiesAndRoundTrips() throws {
        if SharedCorpus.directory == nil && SharedCorpus.allowMissing { return }
        var nested = 0
        for url in try Self.corpusNibs() {
            let bytes = try [UInt8](Data(contentsOf: url))
            let name = SharedCorpus.relative(url)
            nested += try roundTrip(bytes, name: name)
        }
        #expect(nested >= 30, "expected nested archives in the corpus, found \(nested)")
    }

    /// `forEachValue(ofObject:)` (one check per object) visits exactly what the per-value accessors give.
    @Test func perObjectVisitMatchesPerValueAccess() throws {
        if SharedCorpus.directory == nil && SharedCorpus.allowMissing { return }
        var visited = 0
        for url in try Self.corpusNibs() {
            let archive = try NibArchive(bytes: [UInt8](Data(contentsOf: url)))
            for o in 0..<archive.objectCount {
                var seen: [(Int, NibValue)] = []
                archive.forEachValue(ofObject: o) { seen.append(($0, $1)) }
                let expected = archive.object(o).values.map { (archive.valueKeyIndex($0), archive.value($0)) }
                #expect(seen.count == expected.count && zip(seen, expected).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 },
                        "\(SharedCorpus.relative(url)) object \(o)")
                visited += seen.count
            }
        }
        #expect(visited >= 100_000)
    }

    /// Round-trips `bytes` and every archive nested in it; returns how many nested archives it saw.
    func roundTrip(_ bytes: [UInt8], name: String) throws -> Int {
        let archive: NibArchive
        do {
            archive = try NibArchive(bytes: bytes)
        } catch {
            Issue.record("\(name): \(error)")
            return 0
        }
        let graph = NibGraph(archive)
        let written = NibArchiveWriter(options: .preserveLayout).write(graph)
        #expect(written == bytes, "\(name): round trip differs (\(written.count) vs \(bytes.count) bytes)")
        var nested = 0
        for object in graph.objects {
            for entry in object.entries {
                if case .data(let inner) = entry.value, inner.starts(with: NibArchiveHeader.magic) {
                    nested += 1 + (try roundTrip(inner, name: "\(name) (nested)"))
                }
            }
        }
        return nested
    }

    /// One `NibArchiveWriter.Scratch` reused for every corpus archive, in both layouts (the decoded one and
    /// ibtool's), gives the bytes of a writer with tables of its own: nothing of one archive's tables leaks
    /// into the next.
    @Test func reusedScratchWritesTheSameBytes() throws {
        if SharedCorpus.directory == nil && SharedCorpus.allowMissing { return }
        let scratch = NibArchiveWriter.Scratch()
        var written = 0
        for url in try Self.corpusNibs() {
            let graph = NibGraph(try NibArchive(bytes: [UInt8](Data(contentsOf: url))))
            for options in [NibArchiveWriter.Options.preserveLayout, NibArchiveWriter.Options()] {
                let writer = NibArchiveWriter(options: options)
                #expect(writer.write(graph, reusing: scratch) == writer.write(graph), "\(SharedCorpus.relative(url))")
                written += 1
            }
        }
        #expect(written >= 580)
    }

    @Test func mappedFileMatchesBytes() throws {
        if SharedCorpus.directory == nil && SharedCorpus.allowMissing { return }
        let url = try #require(try Self.corpusNibs().first)
        let mapped = try NibArchive(contentsOf: url.path)
        let loaded = try NibArchive(bytes: [UInt8](Data(contentsOf: url)))
        #expect(NibGraph(mapped) == NibGraph(loaded))
    }

    @Test func coderNineFilesArePresentAndRead() throws {
        if SharedCorpus.directory == nil && SharedCorpus.allowMissing { return }
        var versions = Set<UInt32>()
        for url in try Self.corpusNibs() {
            versions.insert(try NibArchive(contentsOf: url.path).coderVersion)
        }
        #expect(versions == [9, 10])
    }

    @Test func lneTrailerIffRootKey() throws {
        if SharedCorpus.directory == nil && SharedCorpus.allowMissing { return }
        var withTrailer = 0
        for url in try Self.corpusNibs() {
            let archive = try NibArchive(contentsOf: url.path)
            let hasKey = archive.value(ofObject: 0, forKey: "IBUINibLNEVersionKey") != nil
            #expect(hasKey == (archive.trailer == .lne), "\(SharedCorpus.relative(url))")
            if archive.trailer == .lne { withTrailer += 1 }
        }
        // This corpus happens to hold no LNE files; the synthetic test in CorruptionTests covers the trailer.
        #expect(withTrailer == 0)
    }
}
