import NibArchive

/// The comparison of two nibs as object graphs, behind `nibc diff`.
public struct NibDiffResult: Sendable {
    /// Leaves of the reference missing from the other graph (multiset difference).
    public var missing: [GraphLeaf]
    /// Leaves of the other graph not in the reference.
    public var extra: [GraphLeaf]
    /// Number of reference leaves.
    public var referenceLeafCount: Int
    /// Number of reference leaves matched in the other graph.
    public var matchedLeafCount: Int

    /// matched / reference leaves (1 when the reference has none).
    public var score: Double { Double(matchedLeafCount) / Double(max(referenceLeafCount, 1)) }
    /// True when neither graph has a leaf the other lacks.
    public var isEquivalent: Bool { missing.isEmpty && extra.isEmpty }
}

/// Compares graphs by the multiset of their leaves (see `GraphLeaves`): what a loader sees, not table order.
public enum NibDiff {
    /// Compares `reference` with `other`; `loose` drops array positions and reference targets. Each walk stops
    /// after `textBudget` characters of leaf paths and values (see `GraphLeaves.leaves`).
    public static func compare(_ reference: NibGraph, _ other: NibGraph, loose: Bool = false,
                               textBudget: Int = GraphLeaves.defaultPathBudget) -> NibDiffResult {
        compare(leaves: GraphLeaves.leaves(reference, pathBudget: textBudget),
                GraphLeaves.leaves(other, pathBudget: textBudget), loose: loose)
    }

    /// Compares the leaves of two graphs (`GraphLeaves.leaves`); a caller can drop each graph once it has
    /// its leaves, which keeps the memory of large comparisons down.
    public static func compare(leaves reference: [GraphLeaf], _ other: [GraphLeaf], loose: Bool = false) -> NibDiffResult {
        var a = reference
        var b = other
        if loose {
            a = a.map(GraphLeaves.loosen)
            b = b.map(GraphLeaves.loosen)
        }
        var counts = [GraphLeaf: Int]()
        for leaf in b { counts[leaf, default: 0] += 1 }
        var missing = [GraphLeaf]()
        var matched = 0
        for leaf in a {
            if let n = counts[leaf], n > 0 {
                counts[leaf] = n - 1
                matched += 1
            } else {
                missing.append(leaf)
            }
        }
        // Extra leaves in b's walk order, each as many times as it is unmatched.
        var extra = [GraphLeaf]()
        for leaf in b {
            if let n = counts[leaf], n > 0 {
                counts[leaf] = n - 1
                extra.append(leaf)
            }
        }
        return NibDiffResult(missing: missing, extra: extra, referenceLeafCount: a.count, matchedLeafCount: matched)
    }
}
