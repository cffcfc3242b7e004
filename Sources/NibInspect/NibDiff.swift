import NibArchive

/// The comparison of two nibs as object graphs, behind `nibc diff` and every fidelity score.
public struct NibDiffResult: Sendable {
    /// Leaves of the reference missing from the other graph (multiset difference).
    public var missing: [GraphLeaf]
    /// Leaves of the other graph not in the reference.
    public var extra: [GraphLeaf]
    /// Number of reference leaves.
    public var referenceLeafCount: Int
    /// Number of reference leaves matched in the other graph.
    public var matchedLeafCount: Int
    /// Ordered arrays whose elements stand in another order (the loader-indifferent ones only in strict mode).
    public var orders: [OrderDifference]

    /// The score: matched / reference leaves (1 when the reference has none). An array whose shared
    /// elements stand in another order counts as one unmatched leaf, its `(order)` leaf.
    public var score: Double { Double(matchedLeafCount) / Double(max(referenceLeafCount, 1)) }
    /// True when neither graph has a leaf the other lacks.
    public var isEquivalent: Bool { missing.isEmpty && extra.isEmpty }

    /// The differences grouped by object, in the reference's naming order, then objects only in the other.
    public var objects: [ObjectDifference] { ObjectDifference.group(missing: missing, extra: extra, orders: orders) }
}

/// Compares graphs by the multiset of their leaves (see `GraphLeaves`): what a loader sees, not table order.
public enum NibDiff {
    /// Compares `reference` with `other`. Objects of `other` are named by their place in its tree, the
    /// elements of an ordered array paired with the reference's (`GraphNaming`). `loose` drops array
    /// positions, reference targets and the order of arrays a loader reads in any order
    /// (`GraphKeyRoles.orderIndifferentKeys`); the order of every other array still counts.
    public static func compare(_ reference: NibGraph, _ other: NibGraph, loose: Bool = false,
                               maxDepth: Int = GraphLeaves.defaultMaxDepth,
                               pathBudget: Int = GraphLeaves.defaultPathBudget) -> NibDiffResult {
        var budgetA = pathBudget, budgetB = pathBudget
        let namingA = GraphNaming(GraphFacts(reference), maxDepth: maxDepth, pathBudget: &budgetA)
        let namingB = GraphNaming(GraphFacts(other), reference: namingA, maxDepth: maxDepth, pathBudget: &budgetB)
        var a = GraphLeaves.leaves(of: namingA, orderLeaves: Set(namingB.pairedReferenceArrays), pathBudget: &budgetA, originalBudget: pathBudget)
        var b = GraphLeaves.leaves(of: namingB, orderLeaves: Set(namingB.pairedArrays), pathBudget: &budgetB, originalBudget: pathBudget)
        var orders = namingB.order.compactMap { namingB.orders[$0] }
        if loose {
            a = GraphLeaves.loosen(a.filter { $0.type != "order-indifferent" })
            b = GraphLeaves.loosen(b.filter { $0.type != "order-indifferent" })
            orders.removeAll(where: \.loaderIndifferent)
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
        // Extra leaves in b's naming order, each as many times as it is unmatched.
        var extra = [GraphLeaf]()
        for leaf in b {
            if let n = counts[leaf], n > 0 {
                counts[leaf] = n - 1
                extra.append(leaf)
            }
        }
        return NibDiffResult(missing: missing, extra: extra, referenceLeafCount: a.count, matchedLeafCount: matched, orders: orders)
    }
}
