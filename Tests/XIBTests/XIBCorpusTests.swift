import Foundation
import NibTestSupport
import Testing
@testable import XIB

/// Parses every `.xib` in the shared corpus (`../shared/corpus`, or `$NIBC_SHARED_CORPUS`).
///
/// A missing corpus fails these tests unless `NIBC_ALLOW_MISSING_CORPUS=1`.
@Suite("Shared corpus")
struct XIBCorpusTests {
    /// The corpus directory, or nil when it is absent and that is explicitly allowed.
    private func corpus() throws -> URL? {
        if SharedCorpus.directory == nil && SharedCorpus.allowMissing {
            print("note: shared corpus not found; skipping because NIBC_ALLOW_MISSING_CORPUS=1")
            return nil
        }
        return try SharedCorpus.require()
    }

    private func load(_ url: URL) throws -> [UInt8] { [UInt8](try Data(contentsOf: url)) }

    @Test func everyXIBInIOSMacOSAndNibParses() throws {
        guard try corpus() != nil else { return }
        var parsed = 0
        var unsupported = 0
        var total = 0
        var platforms: [XIBPlatform: Int] = [:]
        for folder in ["ios", "macos", "nib"] {
            for url in try SharedCorpus.files(under: folder, suffix: ".xib") {
                let name = SharedCorpus.relative(url)
                let bytes = try load(url)
                total += 1
                do {
                    let doc = try XIBDocument(bytes: bytes, file: name)
                    platforms[doc.platform, default: 0] += 1
                    #expect(doc.version == "3.0", "\(name)")
                    #expect(doc.idCount > 0, "\(name)")
                    // Every element's location must be computable and inside the file.
                    #expect(doc.tree.elements.last.map { $0.location.line > 1 } ?? false, "\(name)")
                    parsed += 1
                } catch {
                    // Only a genuine XIB 2.x archive or storyboard may be refused as unsupported.
                    let text = String(decoding: bytes, as: UTF8.self)
                    let genuine = text.contains("<archive") || text.contains("Storyboard.XIB")
                    if error.kind == .unsupportedFormat && genuine { unsupported += 1; continue }
                    Issue.record("\(error)")
                }
            }
        }
        // ios: 77, macos: 28, nib: 143 .xib files at the time of writing, all XIB 3 <document>s.
        #expect(total >= 248, "only \(total) .xib files found in the corpus")
        #expect(parsed + unsupported == total, "\(parsed) parsed, \(unsupported) unsupported, \(total) total")
        #expect((platforms[.iOS] ?? 0) > 50 && (platforms[.macOS] ?? 0) > 100, "\(platforms)")
    }

    @Test func legacyArchivesAreReportedAsUnsupported() throws {
        guard try corpus() != nil else { return }
        var archives = 0
        for url in try SharedCorpus.files(under: "legacy", suffix: ".xib") where !url.lastPathComponent.contains("conflict-markers") {
            let name = SharedCorpus.relative(url)
            let bytes = try load(url)
            do {
                _ = try XIBDocument(bytes: bytes, file: name)
                Issue.record("\(name) parsed, but it is a XIB 2.x archive")
            } catch {
                #expect(error.kind == .unsupportedFormat, "\(error)")
                archives += 1
            }
        }
        #expect(archives >= 10)
    }

    @Test func storyboardsParseAsStoryboards() throws {
        guard try corpus() != nil else { return }
        var storyboards = 0
        for folder in ["ios", "macos", "nib", "legacy"] {
            for url in try SharedCorpus.files(under: folder, suffix: ".storyboard") where !url.lastPathComponent.contains("conflict-markers") {
                let name = SharedCorpus.relative(url)
                let bytes = try load(url)
                let document = try XIBDocument(bytes: bytes, file: name)
                #expect(document.isStoryboard, "\(name) parsed as a XIB")
                #expect(document.objects.name == "scenes")
                storyboards += 1
            }
        }
        #expect(storyboards > 0)
    }

    @Test func mergeConflictFilesFailWithALocatedError() throws {
        guard try corpus() != nil else { return }
        let expected: [String: (Int, Int)] = [
            "legacy/hexfiend/MainMenu.conflict-markers.xib": (5, 1),
            "legacy/jsqmessages/JSQMessagesToolbarContentView.conflict-markers.xib": (47, 1),
            "legacy/duckduckgo/Settings.conflict-markers.storyboard": (0, 0),
        ]
        var seen = 0
        for suffix in [".xib", ".storyboard"] {
            for url in try SharedCorpus.files(under: "legacy", suffix: suffix) where url.lastPathComponent.contains("conflict-markers") {
                let name = SharedCorpus.relative(url)
                let bytes = try load(url)
                seen += 1
                do {
                    _ = try XIBDocument(bytes: bytes, file: name)
                    Issue.record("\(name) parsed despite merge conflict markers")
                } catch {
                    #expect(error.kind == .xml(.mergeConflictMarker), "\(error)")
                    #expect(error.line > 1 && error.column == 1, "\(error)")
                    if let (line, column) = expected[name], line > 0 {
                        #expect(error.line == line && error.column == column, "\(error)")
                    }
                    #expect(String(describing: error).hasPrefix("\(name):\(error.line):\(error.column): error: "))
                }
            }
        }
        #expect(seen == 3)
    }
}
