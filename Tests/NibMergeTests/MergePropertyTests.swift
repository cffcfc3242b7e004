import Foundation
import NibCompiler
import NibMerge
import NibTestSupport
import Testing
import XIB

/// Merge laws over every corpus document, with generated edits: a side that did not change gives the other
/// side byte for byte, two equal sides give that side, and edits to two different objects merge cleanly in
/// either order into exactly both edits, and compile wherever both sides compile.
@Suite struct MergePropertyTests {
    static let folders = ["ios", "macos", "wild", "nib", "storyboards", "recent", "recent-storyboards"]

    /// Every readable XIB and storyboard of the shared corpus (the `legacy/` folder holds XIB 2 documents).
    static func documents() throws -> [URL] {
        guard try SharedCorpus.requireOrSkip() != nil else { return [] }
        var urls: [URL] = []
        for folder in folders {
            urls += try SharedCorpus.files(under: folder, suffix: ".xib")
            urls += try SharedCorpus.files(under: folder, suffix: ".storyboard")
        }
        return urls
    }

    /// `bytes` with ` userLabel="label"` added to the start tag of the element at `offset` (after its name).
    static func relabel(_ bytes: [UInt8], element: XMLTree.Element, label: String) -> [UInt8] {
        let at = element.sourceRange.lowerBound + 1 + element.name.utf8.count
        return Array(bytes[..<at]) + Array(" userLabel=\"\(label)\"".utf8) + Array(bytes[at...])
    }

    /// Two elements with ids and no `userLabel`, far apart in the document (nil when there are not two).
    static func twoObjects(_ document: XIBDocument) -> (XMLTree.Element, XMLTree.Element)? {
        let candidates = document.tree.elements.filter {
            $0.hasAttribute("id") && !$0.hasAttribute("userLabel") && $0.attribute("id").map { !$0.hasPrefix("-") } ?? false
        }
        guard candidates.count >= 2 else { return nil }
        return (candidates[candidates.count / 3], candidates[candidates.count - 1])
    }

    static func compiles(_ bytes: [UInt8], storyboard: Bool) -> Bool {
        if storyboard {
            return (try? StoryboardCompiler(options: CompileOptions(moduleName: "App")).compile(storyboard: bytes, fileName: "T.storyboard")) != nil
        }
        return (try? XIBCompiler(options: CompileOptions(moduleName: "App")).compile(xib: bytes, fileName: "T.xib")) != nil
    }

    @Test func mergeLawsHoldOverTheCorpus() throws {
        let urls = try Self.documents()
        var checked = 0, compiled = 0
        for (n, url) in urls.enumerated() {
            let name = SharedCorpus.relative(url)
            let base = [UInt8](try Data(contentsOf: url))
            guard let document = try? XIBDocument(bytes: base, file: name), let (a, c) = Self.twoObjects(document) else { continue }
            let x = Self.relabel(base, element: a, label: "Edited A")
            let y = Self.relabel(base, element: c, label: "Edited C")
            // Both edits applied to the base: the later offset first, so the earlier one stays valid.
            let both = Self.relabel(Self.relabel(base, element: c, label: "Edited C"), element: a, label: "Edited A")

            #expect(try NibMerge.merge(base: base, ours: x, theirs: base).bytes == x, "merge(B, X, B) = X: \(name)")
            #expect(try NibMerge.merge(base: base, ours: base, theirs: y).bytes == y, "merge(B, B, Y) = Y: \(name)")
            #expect(try NibMerge.merge(base: base, ours: x, theirs: x).bytes == x, "merge(B, X, X) = X: \(name)")
            let xy = try NibMerge.merge(base: base, ours: x, theirs: y)
            let yx = try NibMerge.merge(base: base, ours: y, theirs: x)
            #expect(xy.isClean && yx.isClean, "independent edits conflict: \(name) \(xy.conflicts) \(yx.conflicts)")
            #expect(xy.bytes == both, "merge(B, X, Y) is not exactly both edits: \(name)")
            #expect(yx.bytes == both, "merge(B, Y, X) is not exactly both edits: \(name)")
            // Compiling is slow in debug builds: every twelfth document.
            if n % 12 == 0 {
                let storyboard = url.pathExtension == "storyboard"
                if Self.compiles(x, storyboard: storyboard) && Self.compiles(y, storyboard: storyboard) {
                    #expect(Self.compiles(xy.bytes, storyboard: storyboard), "the merge does not compile: \(name)")
                    compiled += 1
                }
            }
            checked += 1
        }
        if !urls.isEmpty {
            #expect(checked > 300, "only \(checked) corpus documents checked")
            #expect(compiled > 15, "only \(compiled) merged documents compiled")
        }
    }

    @Test func editsOnBothSidesOfOneObjectsDifferentAttributesMerge() throws {
        // The same object, different attributes: a frame on one side, a label on the other.
        let urls = try Self.documents().filter { $0.pathExtension == "storyboard" }
        var checked = 0
        for url in urls {
            let base = [UInt8](try Data(contentsOf: url))
            guard let document = try? XIBDocument(bytes: base, file: url.lastPathComponent),
                  let frame = document.tree.elements.first(where: { $0.isNamed("rect") && $0.attribute("key") == "frame" }),
                  let view = frame.parent, !view.hasAttribute("userLabel"), let width = frame.attributes.first(where: { $0.name == "width" })
            else { continue }
            let x = Self.relabel(base, element: view, label: "Edited")
            let range = width.rawValueRange
            let y = Array(base[..<range.lowerBound]) + Array("12345".utf8) + Array(base[range.upperBound...])
            let result = try NibMerge.merge(base: base, ours: x, theirs: y)
            #expect(result.isClean, "\(url.lastPathComponent): \(result.conflicts)")
            let merged = try XIBDocument(bytes: result.bytes, file: "merged")
            let mergedView = try #require(merged.element(withID: view.attribute("id") ?? ""))
            #expect(mergedView.attribute("userLabel") == "Edited")
            #expect(mergedView.children.first { $0.isNamed("rect") && $0.attribute("key") == "frame" }?.attribute("width") == "12345")
            checked += 1
        }
        if !urls.isEmpty { #expect(checked > 20) }
    }
}
