import Foundation
import NibArchive
import NibRender
import NibTestSupport
import XCTest

/// Apple's compiled nibs as the oracle for the boxes drawn from their documents: for every XIB/nib and
/// storyboard/`.storyboardc` pair under `nib/`, `storyboards/` and `recent/`, the rectangles drawn from the document
/// (from its compiled layout, `GeometrySource.compiled`) must equal those drawn from Apple's nib within 0.5 pt for at
/// least 98 % of the nib's views with geometry, per folder. The design-time frames (`GeometrySource.design`) are
/// measured too, for comparison, and gated on the views whose nib box is the document's frame.
///
/// Nibs keep no XIB ids, so views are matched by their place: both renderings' views in drawing order (depth first,
/// subviews in order), aligned on their class names (a longest common subsequence, so a view Apple adds, such as a
/// table header's clip view, leaves the others matched). Rectangles compare relative to their root (a top-level
/// view or window, or a storyboard scene's root view), since the two files may hold different sets of roots.
final class GeometryOracleTests: XCTestCase {
    struct Tally {
        /// The nib's views with geometry, and those the document's matched view equals.
        var views = 0
        var within = 0
        /// Views whose nib box is Apple's layout pass rather than the document's frame, by cause (REVIEW.md §4):
        /// counted apart, and their hits too.
        var layoutViews: [String: Int] = [:]
        var layoutWithin = 0
        var misses: [String] = []
        /// The misses by cause (a layout cause, or the document's frame).
        var missCauses: [String: Int] = [:]
    }

    static let tolerance = 0.5
    static let floor = 0.98

    func testDocumentBoxesMatchApplesNibs() throws {
        guard try SharedCorpus.requireOrSkip() != nil else { throw XCTSkip("no shared corpus") }
        let pairs = try RenderCorpus.pairs()
        XCTAssertGreaterThan(pairs.count, 100, "the corpus's pairs")
        let design = try Self.tallies(pairs, geometry: .design)
        let compiled = try Self.tallies(pairs, geometry: .compiled)
        for (geometry, tallies) in [(GeometrySource.design, design), (.compiled, compiled)] {
            for (folder, tally) in tallies.sorted(by: { $0.key < $1.key }) {
                let ratio = Double(tally.within) / Double(max(tally.views, 1))
                let layout = tally.layoutViews.values.reduce(0, +)
                let all = Double(tally.within + tally.layoutWithin) / Double(max(tally.views + layout, 1))
                print(String(format: "render-geometry %@ %@: views whose nib takes the document's frame %d of %d within %.1f pt (%.4f); all views with geometry %d of %d (%.4f)",
                             geometry.rawValue, folder, tally.within, tally.views, Self.tolerance, ratio,
                             tally.within + tally.layoutWithin, tally.views + layout, all))
                for (cause, count) in tally.layoutViews.sorted(by: { $0.key < $1.key }) {
                    print("render-geometry \(geometry.rawValue) \(folder) layout-derived views, \(cause): \(count)")
                }
                for (cause, count) in tally.missCauses.sorted(by: { $0.key < $1.key }) {
                    print("render-geometry \(geometry.rawValue) \(folder) misses, \(cause): \(count)")
                }
                if geometry == .compiled { for miss in tally.misses { print("render-geometry miss \(miss)") } }
                XCTAssertGreaterThan(tally.views, 0, folder)
                XCTAssertGreaterThanOrEqual(ratio, Self.floor, "\(geometry) \(folder): \(tally.within) of \(tally.views)")
                if geometry == .compiled {
                    XCTAssertGreaterThanOrEqual(all, Self.floor, "\(folder): all views, \(tally.within + tally.layoutWithin) of \(tally.views + layout)")
                }
            }
            XCTAssertEqual(Set(tallies.keys), ["nib", "storyboards", "recent"])
        }
    }

    /// The per-folder tallies of the corpus pairs drawn with `geometry`.
    static func tallies(_ pairs: [RenderCorpus.Pair], geometry: GeometrySource) throws -> [String: Tally] {
        let corpus = try SharedCorpus.require()
        var tallies: [String: Tally] = [:]
        for pair in pairs {
            let document = try DocumentRenderer.render(bytes: try RenderCorpus.bytes(pair.document), file: pair.document, geometry: geometry)
            let compiled = corpus.appendingPathComponent(pair.compiled).path
            var tally = tallies[pair.folder, default: Tally()]
            if pair.document.hasSuffix(".xib") {
                let nib = NibRenderer.render(try RenderCorpus.graph(compiled), file: pair.compiled)
                Self.compare(document: document.boxes, relativeTo: nil, nib: nib.boxes, label: pair.document, into: &tally)
            } else {
                for (name, graph) in try RenderCorpus.storyboardNibs(compiled) {
                    guard let subtree = Self.documentBoxes(for: name, in: document) else { continue }
                    let nib = NibRenderer.render(graph, file: name)
                    Self.compare(document: subtree.boxes, relativeTo: subtree.origin, nib: nib.boxes, label: "\(pair.document):\(name)", into: &tally)
                }
            }
            tallies[pair.folder] = tally
        }
        return tallies
    }

    /// The document's boxes a storyboard nib holds: a view nib (`<vc>-view-<view>.nib`) the view's subtree, relative
    /// to the view; a controller nib (`<Class>-<vc>.nib`, `<identifier>.nib`) the scene's boxes but its view's,
    /// relative to the scene; nil for nibs of no scene (the main menu).
    static func documentBoxes(for nibName: String, in document: RenderDocument) -> (boxes: [RenderBox], origin: RenderRect)? {
        let stem = String(nibName.dropLast(4))
        if let range = stem.range(of: "-view-") {
            let viewID = String(stem[range.upperBound...])
            guard let view = document.box(viewID) else { return nil }
            return (subtree(of: viewID, in: document), view.rect)
        }
        let scene = document.boxes.first { $0.kind == .scene && (stem.hasSuffix("-" + $0.id) || stem == $0.id || $0.text == stem) }
        guard let scene else { return nil }
        // The scene's own views that are not in a view nib of their own.
        let ownView = document.boxes.first { $0.parent == scene.id && $0.kind != .window && $0.frame.x == 0 && $0.frame.y == 0 }
        var boxes = subtree(of: scene.id, in: document).filter { $0.id != scene.id }
        if let ownView, ownView.rect == scene.rect { boxes.removeAll { isInside($0, ownView.id, document) } }
        return (boxes, scene.rect)
    }

    static func isInside(_ box: RenderBox, _ ancestor: String, _ document: RenderDocument) -> Bool {
        var current: RenderBox? = box
        while let c = current {
            if c.id == ancestor { return true }
            current = c.parent.flatMap(document.box)
        }
        return false
    }

    static func subtree(of id: String, in document: RenderDocument) -> [RenderBox] {
        var inside: Set<String> = [id]
        var out: [RenderBox] = []
        for b in document.boxes where b.id == id || b.parent.map(inside.contains) == true {
            inside.insert(b.id)
            out.append(b)
        }
        return out
    }

    /// The class a box is matched by: the class name after any module prefix.
    static func key(_ b: RenderBox) -> String {
        String(b.className.split(separator: ".").last ?? Substring(b.className))
    }

    /// Aligns the two renderings on class names and counts the nib's views whose rectangle the document's matched
    /// view equals within the tolerance. Document prototypes are left out: Apple archives them as nested nibs.
    static func compare(document: [RenderBox], relativeTo origin: RenderRect?, nib: [RenderBox], label: String, into tally: inout Tally) {
        // Menus and toolbar items are laid out from their item lists, not archived geometry.
        let doc = document.filter { !$0.isPrototype && !RenderCorpus.laidOutFromItems.contains($0.kind) }
        let nibViews = nib.filter { !$0.missingFrame && !RenderCorpus.laidOutFromItems.contains($0.kind) }
        var docRoots: [String: RenderRect] = [:], nibRoots: [String: RenderRect] = [:]
        for b in document where b.parent == nil { docRoots[b.id] = b.rect }
        for b in nib where b.parent == nil { nibRoots[b.id] = b.rect }
        func relative(_ b: RenderBox, _ base: RenderRect?) -> RenderRect {
            guard let base else { return b.rect }
            return b.rect.offsetBy(-base.x, -base.y)
        }
        let a = doc.map(key), b = nibViews.map(key)
        // Longest common subsequence on the class keys.
        let n = a.count, m = b.count
        var table = [Int32](repeating: 0, count: (n + 1) * (m + 1))
        if n > 0 && m > 0 {
            for i in stride(from: n - 1, through: 0, by: -1) {
                for j in stride(from: m - 1, through: 0, by: -1) {
                    table[i * (m + 1) + j] = a[i] == b[j] ? table[(i + 1) * (m + 1) + j + 1] + 1
                        : max(table[(i + 1) * (m + 1) + j], table[i * (m + 1) + j + 1])
                }
            }
        }
        var partner = [Int?](repeating: nil, count: m)
        var i = 0, j = 0
        while i < n && j < m {
            if a[i] == b[j] { partner[j] = i; i += 1; j += 1 }
            else if table[(i + 1) * (m + 1) + j] >= table[i * (m + 1) + j + 1] { i += 1 } else { j += 1 }
        }
        // The document's rectangles by class, for siblings Apple archived in another order than the document's.
        var docRects: [String: [RenderRect]] = [:]
        for d in doc { docRects[key(d), default: []].append(relative(d, origin ?? docRoots[d.root])) }
        var nibByID: [String: RenderBox] = [:]
        for v in nib { nibByID[v.id] = v }
        for (k, view) in nibViews.enumerated() {
            let nibRect = relative(view, nibRoots[view.root])
            var hit = false
            var note = "unmatched"
            if let d = partner[k] {
                let docRect = relative(doc[d], origin ?? docRoots[doc[d].root])
                hit = docRect.isClose(to: nibRect, tolerance: tolerance)
                note = "document \(docRect)"
            }
            if !hit, docRects[key(view)]?.contains(where: { $0.isClose(to: nibRect, tolerance: tolerance) }) == true {
                // The same class at the same place, in another order among its siblings.
                hit = true
            }
            let cause = layoutCause(view, nibByID, isStoryboardView: origin != nil)
            if !hit {
                tally.missCauses[cause ?? "the document's frame", default: 0] += 1
                tally.misses.append("\(label): \(view.className) \(note) nib \(nibRect)\(cause.map { " (\($0))" } ?? "")")
            }
            if let cause {
                tally.layoutViews[cause, default: 0] += 1
                if hit { tally.layoutWithin += 1 }
                continue
            }
            tally.views += 1
            if hit { tally.within += 1 }
        }
    }

    /// Why Apple's box for a view is its layout pass rather than the document's frame (REVIEW.md §4,
    /// APPKIT-MAPPING.md §8, UIKIT-MAPPING.md §6.11), judged from the nib's classes; nil for any other view.
    static func layoutCause(_ view: RenderBox, _ nib: [String: RenderBox], isStoryboardView: Bool) -> String? {
        var ancestors: [String] = []
        var current = view.parent.flatMap { nib[$0] }
        while let c = current {
            ancestors.append(c.baseClass ?? c.className)
            current = c.parent.flatMap { nib[$0] }
        }
        let cls = view.baseClass ?? view.className
        if cls == "_UITableViewCellSeparatorView" { return "UIKit cell separators ibtool adds" }
        if cls == "NSScrollView" || ["NSClipView", "NSScroller", "NSTableHeaderView", "_NSCornerView"].contains(cls) || ancestors.contains("NSScrollView")
            || ancestors.contains("NSClipView") {
            return "AppKit scroll-view tiling (clip views, scrollers, headers, document views)"
        }
        if cls == "NSSplitView" || ancestors.contains("NSSplitView") { return "AppKit split-view panes and their subviews" }
        if ancestors.contains("NSBox") { return "AppKit box content views and their subviews" }
        if ancestors.contains("UITableView") && !ancestors.contains("UITableViewCell") { return "UIKit table header and footer views placed by the table" }
        if isStoryboardView && ancestors.first == "NSWindow" { return "AppKit storyboard windows' content views ibtool adds" }
        if isStoryboardView && view.parent == nil { return "storyboard root views sized to the device screen" }
        return nil
    }
}
