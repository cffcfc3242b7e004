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

/// A reference graph named once, to compare several graphs with it (`NibDiff.compare(_:_:loose:)`).
/// Not for concurrent use: it caches what the comparisons compute about the reference.
public final class NibDiffReference {
    /// The reference graph.
    public let graph: NibGraph
    let naming: GraphNaming
    let maxDepth: Int
    let pathBudget: Int
    let budgetLeft: Int

    /// Names the objects of `graph` (see `GraphLeaves`).
    public init(_ graph: NibGraph, maxDepth: Int = GraphLeaves.defaultMaxDepth, pathBudget: Int = GraphLeaves.defaultPathBudget) {
        self.graph = graph
        self.maxDepth = maxDepth
        self.pathBudget = pathBudget
        var budget = pathBudget
        naming = GraphNaming(GraphFacts(graph), maxDepth: maxDepth, pathBudget: &budget)
        budgetLeft = budget
    }
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
        compare(NibDiffReference(reference, maxDepth: maxDepth, pathBudget: pathBudget), other, loose: loose)
    }

    /// Compares a prepared reference with `other` (the same result as `compare(reference.graph, other)`).
    public static func compare(_ reference: NibDiffReference, _ other: NibGraph, loose: Bool = false) -> NibDiffResult {
        var budgetA = reference.budgetLeft, budgetB = reference.pathBudget
        let (a, b, orders) = pairedLeaves(reference.naming, other, loose: loose, maxDepth: reference.maxDepth,
                                          budgetA: &budgetA, budgetB: &budgetB, originalBudget: reference.pathBudget,
                                          nestingLeft: NestedArchives.maxNesting)
        return match(a, b, orders: orders)
    }

    /// The leaves of a named reference and of `other` named after it, nested archives included
    /// (`NestedArchives`), and the order differences of `other`'s arrays.
    static func pairedLeaves(_ namingA: GraphNaming, _ other: NibGraph, loose: Bool, maxDepth: Int,
                             budgetA: inout Int, budgetB: inout Int, originalBudget: Int,
                             nestingLeft: Int) -> (a: [GraphLeaf], b: [GraphLeaf], orders: [OrderDifference]) {
        let namingB = GraphNaming(GraphFacts(other), reference: namingA, maxDepth: maxDepth, pathBudget: &budgetB)
        let nestedA = nestingLeft > 0 ? NestedArchives() : nil, nestedB = nestingLeft > 0 ? NestedArchives() : nil
        var a = GraphLeaves.leaves(of: namingA, orderLeaves: Set(namingB.pairedReferenceArrays), loose: loose,
                                   pathBudget: &budgetA, originalBudget: originalBudget, nested: nestedA)
        var b = GraphLeaves.leaves(of: namingB, orderLeaves: Set(namingB.pairedArrays), loose: loose,
                                   pathBudget: &budgetB, originalBudget: originalBudget, nested: nestedB)
        var orders = namingB.order.compactMap { namingB.orders[$0] }
        if loose { orders.removeAll(where: \.loaderIndifferent) }
        if let nestedA, let nestedB {
            NestedArchives.expand(nestedA, nestedB, into: &a, &b, orders: &orders, loose: loose, maxDepth: maxDepth,
                                  budgetA: &budgetA, budgetB: &budgetB, originalBudget: originalBudget, nestingLeft: nestingLeft - 1)
        }
        return (a, b, orders)
    }

    /// The multiset comparison of two leaf lists.
    static func match(_ a: [GraphLeaf], _ b: [GraphLeaf], orders: [OrderDifference]) -> NibDiffResult {
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
