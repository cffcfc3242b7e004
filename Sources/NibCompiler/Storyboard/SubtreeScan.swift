import XIB

/// Questions about a whole subtree answered by one scan of the document's flat element store (document
/// order), matching interned element names: a storyboard asks them of every view, cell and scene, and the
/// recursive walks that built a node and a name string per element were a tenth of its compile.
extension XIBNode {
    /// One past the document order of this node's last descendant.
    var subtreeEnd: Int { element.descendants.endIndex }

    /// Whether this node or a descendant is named one of `names` and passes `test`.
    func subtreeContains(named names: String..., where test: (XIBNode) -> Bool) -> Bool {
        let tree = tracker.document.tree
        let wanted = names.compactMap { tree.name($0) }
        guard !wanted.isEmpty else { return false }
        let elements = tree.elements
        for i in order..<subtreeEnd {
            let e = elements[i]
            if wanted.contains(e.xmlName), test(tracker.node(e)) { return true }
        }
        return false
    }
}

/// Every `<segue>` of a document inside a `<connections>` element, found by one scan (as
/// `StoryboardScenes.segues(under:)` scans: document order, not descending into the segues found): the segues
/// under a controller, view or cell are a range of it. Each scene, view nib, prototype cell and scene nib
/// scanned its subtree again, element by element.
struct SegueIndex {
    private let segues: [XIBNode]
    /// Document order of each segue and one past its last descendant.
    private let starts: [Int]
    private let ends: [Int]

    init(document: XIBNode) {
        segues = StoryboardScenes.segues(under: document)
        starts = segues.map(\.order)
        ends = segues.map(\.subtreeEnd)
    }

    /// `StoryboardScenes.segues(under: node)`.
    func segues(under node: XIBNode) -> [XIBNode] {
        // The first segue after `node` starts.
        var lo = 0, hi = starts.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if starts[mid] <= node.order { lo = mid + 1 } else { hi = mid }
        }
        // A node that is a segue or lies inside one: the document's scan skipped what a scan from it sees.
        if lo > 0, node.order < ends[lo - 1] { return StoryboardScenes.segues(under: node) }
        var out: [XIBNode] = []
        let end = node.subtreeEnd
        while lo < starts.count, starts[lo] < end {
            out.append(segues[lo])
            lo += 1
        }
        return out
    }
}

/// The ids of the elements of one subtree, less some elements' (a membership test on the document's id
/// index and the subtree's range of document order: no set of id strings is built).
struct SubtreeIDs {
    /// The subtree.
    let root: XIBNode
    /// Document orders of the elements whose ids are left out.
    private var excluded: [Int] = []

    init(_ root: XIBNode) { self.root = root }

    /// Whether an element of the subtree (not left out) has the id `id`.
    func contains(_ id: String) -> Bool {
        guard let node = root.tracker.node(withID: id), root.contains(node) else { return false }
        return !excluded.contains(node.order)
    }

    /// These ids without those of `nodes` (ids are unique in a document, so leaving the element out is
    /// leaving its id out).
    func subtracting(_ nodes: [XIBNode]) -> SubtreeIDs {
        var out = self
        out.excluded += nodes.map(\.order)
        return out
    }
}
