import NibArchive
import NibCompiler
import NibInspect
import XIB

/// Where a document's boxes get their rectangles.
public enum GeometrySource: String, Sendable, CaseIterable {
    /// The compiler's layout: the document is compiled in process (`XIBCompiler`), the compiled graph's geometry is
    /// read as an Apple nib's is (`NibBoxReader`) and each object is named by the XIB id it was compiled from. The
    /// boxes are where the compiled nib places them: scroll views tiled into clip views and scrollers, window content
    /// views at the content rectangle, table header views placed by the table, the views ibtool adds.
    case compiled
    /// The document's design-time frames (`<rect key="frame">`), as Interface Builder's canvas stores them.
    case design
}

/// A XIB's rectangles from its compiled graph: the compiler owns the layout rules (scroll-view tiling, window
/// content views, table header placement), `NibBoxReader` owns reading geometry from a graph, and this file only
/// maps the compiled boxes back onto the document's boxes.
enum CompiledGeometry {
    /// The compiled view trees of a XIB, each root at the origin, objects named by their XIB ids where the compiler
    /// recorded one.
    struct Layout {
        var trees: [String: [RenderBox]]
        /// The ids the compiled graph names (views whose object came from a document element).
        var documentIDs: Set<String>

        /// The view trees of compiled graphs, objects named by `documentIDs` (object index → XIB id); a root named
        /// twice keeps its first tree.
        init(nibs: [(graph: NibGraph, documentIDs: [Int: String])]) {
            trees = [:]
            documentIDs = []
            for nib in nibs {
                var reader = NibBoxReader(graph: nib.graph, prefix: "", pathBudget: GraphLeaves.defaultPathBudget)
                reader.documentIDs = nib.documentIDs
                for tree in reader.roots() {
                    guard let root = tree.first, trees[root.id] == nil else { continue }
                    trees[root.id] = tree
                }
                documentIDs.formUnion(nib.documentIDs.values)
            }
        }
    }

    /// Compiles the XIB in `bytes` and reads its geometry; the compiler's first error when it does not compile.
    static func layout(xib bytes: [UInt8], file: String) -> Result<Layout, CompileFailure> {
        var options = CompileOptions(baseLocalized: false)
        options.recordsDocumentIDs = true
        let result: CompileResult
        do { result = try XIBCompiler(options: options).compile(xib: bytes, fileName: file) } catch {
            return .failure(CompileFailure(error))
        }
        return .success(Layout(nibs: [(result.graph, result.documentIDs)]))
    }

    /// Compiles the storyboard in `bytes` and reads the geometry of each of its nibs; the compiler's first error when
    /// it does not compile.
    static func layout(storyboard bytes: [UInt8], file: String) -> Result<Layout, CompileFailure> {
        var options = CompileOptions(baseLocalized: false)
        options.recordsDocumentIDs = true
        let result: StoryboardResult
        do { result = try StoryboardCompiler(options: options).compile(storyboard: bytes, fileName: file) } catch {
            return .failure(CompileFailure(error))
        }
        return .success(Layout(nibs: result.nibs.map { ($0.graph, $0.documentIDs) }))
    }

    /// Why a document is drawn at its design-time frames.
    struct CompileFailure: Error {
        /// The compiler's first error, located.
        var message: String

        init(_ error: CompileError) {
            let first = error.diagnostics.first { $0.severity == .error } ?? error.diagnostics.first
            message = first?.description ?? "the document does not compile"
        }
    }

    /// `boxes` (parents before children) with every subtree whose root a compiled tree names replaced by `apply`'s
    /// boxes, placed where the design-time root was: a storyboard scene's root view from its view nib, a window from
    /// its scene nib.
    static func applyToSubtrees(_ layout: Layout, in boxes: [RenderBox]) -> [RenderBox] {
        var out: [RenderBox] = []
        out.reserveCapacity(boxes.count)
        var k = 0
        while k < boxes.count {
            let b = boxes[k]
            guard layout.trees[b.id] != nil, b.parent != nil else { out.append(b); k += 1; continue }
            // The subtree: the boxes after `b` whose parent is inside it (drawing order is depth first).
            var inside: Set<String> = [b.id]
            var end = k + 1
            while end < boxes.count, let p = boxes[end].parent, inside.contains(p) {
                inside.insert(boxes[end].id)
                end += 1
            }
            let local = boxes[k..<end].map { var c = $0; c.rect = c.rect.offsetBy(-b.rect.x, -b.rect.y); c.root = b.id; return c }
            for var c in apply(layout, to: Array(local)) {
                c.rect = c.rect.offsetBy(b.rect.x, b.rect.y)
                c.root = b.root
                if c.id == b.id { c.parent = b.parent }
                out.append(c)
            }
            k = end
        }
        return out
    }

    /// The boxes of one design-time tree (root at the origin) with the rectangles of its compiled tree. A view the
    /// compiled tree places takes the compiled rectangle and parent; a view it does not archive keeps its design-time
    /// frame in its parent, moved with the parent; a view only the compiled tree has (a window's content view
    /// ibtool adds, a cell's separator) is added, under its XIB id when it has one the design-time reader does not
    /// draw, else named by its nearest document ancestor and its class (`<ancestor id>/NSView`, `#2` on for a second). `frame` stays the document's frame in its parent, the value
    /// `nibc diff` compares, so a layout the compiler derives never marks a change the document does not make.
    static func apply(_ layout: Layout, to design: [RenderBox]) -> [RenderBox] {
        guard let root = design.first, let compiled = layout.trees[root.id] else { return design }
        var designByID: [String: RenderBox] = [:]
        var designChildren: [String: [String]] = [:]
        for b in design where designByID[b.id] == nil {
            designByID[b.id] = b
            if let p = b.parent { designChildren[p, default: []].append(b.id) }
        }
        var compiledChildren: [String: [Int]] = [:]
        for (k, c) in compiled.enumerated() {
            if let p = c.parent { compiledChildren[p, default: []].append(k) }
        }
        let compiledIDs = Set(compiled.map(\.id))
        var out: [RenderBox] = []
        out.reserveCapacity(design.count)
        var emitted = Set<String>()
        /// How far each emitted document box moved from its design-time rectangle.
        var shift: [String: (Double, Double)] = [:]
        var addedNames: [String: Int] = [:]

        func emitDesign(_ id: String, parent: String?, delta: (Double, Double)) {
            guard var b = designByID[id], emitted.insert(id).inserted else { return }
            b.rect = b.rect.offsetBy(delta.0, delta.1)
            b.parent = parent
            out.append(b)
            shift[id] = delta
            for child in designChildren[id] ?? [] where !compiledIDs.contains(child) {
                emitDesign(child, parent: id, delta: delta)
            }
        }

        func emitCompiled(_ k: Int, parent: String?, delta: (Double, Double)) {
            let c = compiled[k]
            var next = parent, nextDelta = delta
            if let d = designByID[c.id] {
                guard emitted.insert(c.id).inserted else { return }
                var b = d
                b.rect = c.missingFrame ? d.rect.offsetBy(delta.0, delta.1) : c.rect
                b.parent = parent
                out.append(b)
                nextDelta = (b.rect.x - d.rect.x, b.rect.y - d.rect.y)
                shift[c.id] = nextDelta
                next = c.id
            } else if !c.missingFrame {
                var b = c
                if !layout.documentIDs.contains(c.id) || !emitted.insert(c.id).inserted {
                    let base = (parent ?? root.id) + "/" + (c.baseClass ?? c.className)
                    let n = addedNames[base, default: 0] + 1
                    addedNames[base] = n
                    b.id = n == 1 ? base : base + "#\(n)"
                }
                b.parent = parent
                b.root = root.id
                b.isLayoutDerived = true
                out.append(b)
                next = b.id
            }
            for child in compiledChildren[c.id] ?? [] { emitCompiled(child, parent: next, delta: nextDelta) }
            if let d = designByID[c.id] {
                for child in designChildren[d.id] ?? [] where !compiledIDs.contains(child) {
                    emitDesign(child, parent: d.id, delta: nextDelta)
                }
            }
        }

        emitCompiled(0, parent: nil, delta: (0, 0))
        // Views the compiled tree holds elsewhere (under another root) or not at all: at their design-time frame in
        // their parent, after the rest.
        for b in design where !emitted.contains(b.id) {
            let delta = b.parent.flatMap { shift[$0] } ?? (0, 0)
            emitDesign(b.id, parent: b.parent, delta: delta)
        }
        return out
    }
}
