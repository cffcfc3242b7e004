import Foundation
import IBChecks
import NibCompiler
import NibTestSupport
import PropertyList
import Testing
import XIB

/// The whole shared corpus (every folder but `legacy/`) through every rule and every inspection view.
@Suite struct CorpusCheckTests {
    /// Folders whose documents Apple compiled (their nibs are there): Apple raised no error on them.
    static let appleCompiled = ["nib", "storyboards", "recent", "recent-storyboards"]
    static let folders = appleCompiled + ["ios", "macos", "wild"]

    static func documents(in folder: String) throws -> [URL] {
        try SharedCorpus.files(under: folder, suffix: ".xib") + SharedCorpus.files(under: folder, suffix: ".storyboard")
    }

    /// No error-level finding on a document Apple compiled; the warning counts per folder are printed
    /// (`swift test --filter CorpusCheckTests` shows them).
    @Test func noErrorOnAppleCompiledDocuments() throws {
        guard try SharedCorpus.requireOrSkip() != nil else { return }
        var report: [String] = []
        var total = 0
        for folder in Self.folders {
            var warnings = 0, errors = 0, documents = 0
            var byRule: [String: Int] = [:]
            for url in try Self.documents(in: folder) {
                guard let document = try? XIBDocument(contentsOfFile: url.path) else { continue }
                documents += 1
                let findings = DocumentChecker().check(document)
                for finding in findings {
                    byRule[finding.rule.name, default: 0] += 1
                    switch finding.level {
                    case .error:
                        errors += 1
                        if Self.appleCompiled.contains(folder) {
                            Issue.record("\(SharedCorpus.relative(url)):\(finding.location.line): \(finding.objectID): \(finding.message)")
                        }
                    case .warning: warnings += 1
                    case .notice: break
                    }
                }
            }
            total += documents
            let rules = byRule.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
            report.append("\(folder): \(documents) documents, \(warnings) warnings, \(errors) errors\(rules.isEmpty ? "" : " (\(rules))")")
        }
        print("Interface Builder findings per corpus folder:\n" + report.joined(separator: "\n"))
        #expect(total > 300, "the corpus is there and parses")
    }

    /// Each inspection view (and each `--localizable-*` view) is built for every corpus document and written as an
    /// XML and a binary plist.
    @Test func inspectionViewsCoverTheCorpus() throws {
        guard try SharedCorpus.requireOrSkip() != nil else { return }
        var documents = 0
        for folder in Self.folders {
            for url in try Self.documents(in: folder) {
                guard let document = try? XIBDocument(contentsOfFile: url.path) else { continue }
                documents += 1
                let view = DocumentInspection(document)
                let localizable = LocalizableInspection(document: document, strings: Self.localizableStrings(document, file: url.path))
                let value = PropertyListValue.dictionary([
                    .init("connections", view.connections), .init("hierarchy", view.hierarchy),
                    .init("objects", view.objects), .init("version-history", view.versionHistory),
                ] + LocalizableInspection.Kind.allCases.map { .init($0.key, localizable.value($0)) })
                guard case .dictionary(let all) = localizable.value(.all), case .dictionary(let geometry) = localizable.value(.geometry) else {
                    Issue.record("\(SharedCorpus.relative(url)): wrong localizable shape")
                    continue
                }
                #expect(all.count >= geometry.count, "\(SharedCorpus.relative(url)): --localizable-all holds every object with geometry")
                guard case .array(let top) = view.hierarchy, case .dictionary(let objects) = view.objects else {
                    Issue.record("\(SharedCorpus.relative(url)): wrong shape")
                    continue
                }
                #expect(!top.isEmpty, "\(SharedCorpus.relative(url)) has top-level objects")
                #expect(objects.count >= top.count)
                #expect(!XMLPropertyListWriter().write(value).isEmpty)
                #expect(!BinaryPropertyListWriter().write(value).isEmpty)
            }
        }
        #expect(documents > 300)
    }

    /// The document's localizable strings from a Base-localized compile (none when nibc cannot compile it).
    static func localizableStrings(_ document: XIBDocument, file: String) -> [LocalizableString] {
        var options = CompileOptions()
        options.baseLocalized = true
        if document.isStoryboard {
            return (try? StoryboardCompiler(options: options).compile(document: document, fileName: file))?.localizableStrings ?? []
        }
        return (try? XIBCompiler(options: options).compile(document: document, fileName: file))?.localizableStrings ?? []
    }
}
