import Foundation
import NibRender
import NibTestSupport
import XCTest

/// The visual diff against known edits: single changes to every corpus XIB (move, resize, recolour, retitle, hide,
/// add and delete a view) must mark exactly the changed view, with precision and recall of at least 0.95 over the
/// corpus; noise-only edits (tool versions, attribute order, `<animations/>`, sub-point frame noise, canvas
/// locations) must mark nothing.
final class DiffMutationTests: XCTestCase {
    /// A document's bytes with edits applied by byte offset.
    struct Source {
        var bytes: [UInt8]

        func find(_ needle: String, from: Int) -> Int? {
            let n = Array(needle.utf8)
            guard !n.isEmpty, from >= 0, bytes.count >= n.count else { return nil }
            var i = from
            while i + n.count <= bytes.count {
                if bytes[i] == n[0] && Array(bytes[i..<(i + n.count)]) == n { return i }
                i += 1
            }
            return nil
        }

        mutating func replace(_ range: Range<Int>, with text: String) {
            bytes.replaceSubrange(range, with: Array(text.utf8))
        }

        /// The byte range of the start tag beginning at `offset` (attribute values hold no `>` in these files' tags
        /// that are edited here: view start tags and rects are checked to end at the first `>`).
        func startTag(at offset: Int) -> Range<Int>? {
            guard let end = find(">", from: offset) else { return nil }
            return offset..<(end + 1)
        }

        func text(_ range: Range<Int>) -> String { String(decoding: bytes[range], as: UTF8.self) }
    }

    /// The place of a box's element and of its frame rect in the document's bytes.
    static func places(of id: String, in bytes: [UInt8]) -> (element: Int, rect: Int)? {
        let source = Source(bytes: bytes)
        guard let idAt = source.find(" id=\"\(id)\"", from: 0) else { return nil }
        var start = idAt
        while start > 0 && bytes[start] != UInt8(ascii: "<") { start -= 1 }
        guard let rect = source.find("<rect key=\"frame\"", from: idAt) else { return nil }
        return (start, rect)
    }

    enum Mutation: String, CaseIterable { case move, resize, recolour, retitle, hide, add, delete }

    /// Applies `mutation` to `box` (a subview with a frame); returns the edited bytes and the id expected to be
    /// marked, or nil when the mutation does not apply to this box.
    static func mutate(_ bytes: [UInt8], _ box: RenderBox, _ mutation: Mutation) -> ([UInt8], String)? {
        guard let place = places(of: box.id, in: bytes) else { return nil }
        var s = Source(bytes: bytes)
        guard let rectTag = s.startTag(at: place.rect), let elementTag = s.startTag(at: place.element) else { return nil }
        let rectText = s.text(rectTag)
        func setAttribute(_ name: String, _ value: Double) -> String? {
            guard let r = rectText.range(of: " \(name)=\"") else { return nil }
            let valueStart = r.upperBound
            guard let end = rectText[valueStart...].firstIndex(of: "\""), let old = Double(rectText[valueStart..<end]) else { return nil }
            return rectText.replacingCharacters(in: valueStart..<end, with: String(old + value))
        }
        let name = s.text(elementTag).dropFirst().prefix { $0 != " " && $0 != ">" && $0 != "/" }
        switch mutation {
        case .move:
            guard let t = setAttribute("x", 10) else { return nil }
            s.replace(rectTag, with: t)
        case .resize:
            guard let t = setAttribute("height", 7) else { return nil }
            s.replace(rectTag, with: t)
        case .recolour:
            s.replace(rectTag.upperBound..<rectTag.upperBound,
                      with: "<color key=\"backgroundColor\" red=\"0.91\" green=\"0.12\" blue=\"0.37\" alpha=\"1\" colorSpace=\"custom\" customColorSpace=\"sRGB\"/>")
            // Right after the frame, before any colour of the view's own: the first one is the one read.
        case .retitle:
            guard box.kind == .label, box.text != nil, let r = s.text(elementTag).range(of: " text=\"") else { return nil }
            let tag = s.text(elementTag)
            s.replace(elementTag, with: tag.replacingCharacters(in: r.upperBound..<r.upperBound, with: "Changed "))
        case .hide:
            guard !box.isHidden, !s.text(elementTag).contains(" hidden=") else { return nil }
            s.replace(elementTag.upperBound - 1..<elementTag.upperBound - 1, with: " hidden=\"YES\"")
        case .add:
            let view = "<view contentMode=\"scaleToFill\" id=\"mUt-aa-dd1\"><rect key=\"frame\" x=\"2\" y=\"3\" width=\"11\" height=\"12\"/></view>"
            // A second <subviews> element when the view has one already: its views are read too.
            s.replace(rectTag.upperBound..<rectTag.upperBound, with: "<subviews>\(view)</subviews>")
            return (s.bytes, "mUt-aa-dd1")
        case .delete:
            guard let close = s.find("</\(name)>", from: place.element) else { return nil }
            // A leaf only: nothing of the same name opens inside it.
            if let inner = s.find("<\(name) ", from: place.element + 1), inner < close { return nil }
            s.replace(place.element..<(close + name.utf8.count + 3), with: "")
        }
        return (s.bytes, box.id)
    }

    /// Edits nobody sees.
    static func noise(_ bytes: [UInt8]) -> [UInt8] {
        var text = String(decoding: bytes, as: UTF8.self)
        for (a, b) in [("toolsVersion=\"", "toolsVersion=\"9"), ("systemVersion=\"", "systemVersion=\"1")] {
            if let r = text.range(of: a) { text.replaceSubrange(r, with: b) }
        }
        // Sub-point float noise on every frame's x, and attribute order in every frame rect.
        text = text.replacingOccurrences(of: "<rect key=\"frame\" x=\"0.0\"", with: "<rect key=\"frame\" x=\"0.00000017\"")
        let order = try! NSRegularExpression(pattern: "<rect key=\"frame\" x=\"([^\"]*)\" y=\"([^\"]*)\"")
        text = order.stringByReplacingMatches(in: text, range: NSRange(text.startIndex..., in: text),
                                              withTemplate: "<rect y=\"$2\" key=\"frame\" x=\"$1\"")
        if let r = text.range(of: "<subviews>") { text.replaceSubrange(r, with: "<animations/><subviews>") }
        // Storyboard scenes moved on the canvas.
        text = text.replacingOccurrences(of: "<point key=\"canvasLocation\" x=\"", with: "<point key=\"canvasLocation\" x=\"13")
        return Array(text.utf8)
    }

    /// The diff of `original` (the rendering of `bytes`) and the rendering of `edited`, as `nibc diff` draws them:
    /// both at design-time frames when only one of them compiles (an edit can leave a constraint pointing nowhere).
    static func diff(_ original: RenderDocument, _ bytes: [UInt8], _ edited: [UInt8], _ path: String) throws -> RenderDiff {
        var before = original
        var after = try DocumentRenderer.render(bytes: edited, file: path)
        if RenderDiff.needsDesignFrames(before, after) {
            if before.geometryNote == nil { before = try DocumentRenderer.render(bytes: bytes, file: path, geometry: .design) }
            if after.geometryNote == nil { after = try DocumentRenderer.render(bytes: edited, file: path, geometry: .design) }
        }
        return RenderDiff(before, after)
    }

    func testSingleEditsAreMarkedAndNoiseIsNot() throws {
        guard try SharedCorpus.requireOrSkip() != nil else { throw XCTSkip("no shared corpus") }
        var truePositives = 0, marked = 0, expected = 0, noiseMarks: [String] = [], misses: [String] = []
        var perMutation: [Mutation: Int] = [:]
        var noiseEdited = 0
        let documents = try RenderCorpus.documents()
        for path in documents {
            let bytes = try RenderCorpus.bytes(path)
            guard let original = try? DocumentRenderer.render(bytes: bytes, file: path) else { continue }
            // Noise-only edits.
            let noisy = Self.noise(bytes)
            if noisy != bytes { noiseEdited += 1 }
            let noise = try Self.diff(original, bytes, noisy, path)
            if !noise.isEquivalent { noiseMarks.append("\(path): \(noise.changes.prefix(3).map(\.details))") }
            guard path.hasSuffix(".xib") else { continue }
            // A window's content view takes the window's content size whatever its frame says, so its frame is no
            // place for a visible edit.
            let windows = Set(original.boxes.filter { $0.kind == .window }.map(\.id))
            let candidates = original.boxes.filter {
                $0.parent != nil && !$0.missingFrame && !$0.isLayoutDerived && !$0.id.contains("@") && $0.kind != .window && !windows.contains($0.parent ?? "")
                    && !RenderCorpus.laidOutFromItems.contains($0.kind)
            }
            guard !candidates.isEmpty else { continue }
            let middle = candidates[candidates.count / 2]
            let leaf = candidates.last { b in !original.boxes.contains { $0.parent == b.id } } ?? middle
            let label = candidates.first { $0.kind == .label && $0.text != nil } ?? middle
            for mutation in Mutation.allCases {
                let box = mutation == .delete ? leaf : mutation == .retitle ? label : middle
                guard let (edited, id) = Self.mutate(bytes, box, mutation) else { continue }
                let diff: RenderDiff
                do { diff = try Self.diff(original, bytes, edited, path) } catch {
                    XCTFail("\(path) \(mutation): the edited document does not read: \(error)")
                    continue
                }
                let marks = Set(diff.changes.map(\.id))
                perMutation[mutation, default: 0] += 1
                expected += 1
                marked += marks.count
                if marks.contains(id) { truePositives += 1 }
                if marks != [id] { misses.append("\(path) \(mutation) \(id): marked \(marks.sorted().prefix(4))") }
            }
        }
        let precision = Double(truePositives) / Double(max(marked, 1)), recall = Double(truePositives) / Double(max(expected, 1))
        print(String(format: "render-diff mutations %d, marked %d, right %d: precision %.4f recall %.4f", expected, marked, truePositives, precision, recall))
        print("render-diff noise-only edits on \(noiseEdited) documents, marked in \(noiseMarks.count)")
        print("render-diff per mutation: " + Mutation.allCases.map { "\($0.rawValue) \(perMutation[$0] ?? 0)" }.joined(separator: ", "))
        for m in misses.prefix(40) { print("render-diff miss \(m)") }
        XCTAssertGreaterThan(expected, 500, "mutations applied")
        XCTAssertGreaterThan(noiseEdited, 400, "documents given noise-only edits")
        for mutation in Mutation.allCases { XCTAssertGreaterThan(perMutation[mutation] ?? 0, 20, "\(mutation) applied") }
        XCTAssertGreaterThanOrEqual(precision, 0.95)
        XCTAssertGreaterThanOrEqual(recall, 0.95)
        XCTAssertEqual(noiseMarks, [], "noise-only edits marked views")
    }
}
