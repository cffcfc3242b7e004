import NibArchive

/// Data values that are themselves NIBArchives (a storyboard's prototype cells: `UINib.archiveData`,
/// STORYBOARD.md §4), compared as graphs rather than as bytes.
///
/// A loader decodes such a value as a nib of its own, so two of them are equal when their graphs are,
/// whatever the order of their key, class or object tables. While the leaves of a graph are listed,
/// each such value is set aside (`collect`); then the nested archives of the two graphs are paired by
/// the path of the value that holds them, and each pair contributes the leaves of its own comparison
/// (`NibDiff.pairedLeaves`, recursively), their objects named below that path
/// (`…/UINib.archiveData/NSData.NS.bytes/NSObject.UINibTopLevelObjectsKey/…`). An unpaired archive
/// contributes its leaves alone. Nesting stops after `maxNesting` levels (deeper archives stay data
/// leaves), and nested walks draw on the same text budget as the enclosing one, charged the archive's
/// size before it is read, so a hostile archive of archives cannot multiply the work.
final class NestedArchives {
    /// Levels of archives inside archives compared as graphs; real nibs use one.
    static let maxNesting = 4

    struct Found {
        /// The data leaf the archive stands for (its path names the nested objects; kept when unreadable).
        var leaf: GraphLeaf
        var bytes: [UInt8]
        var prefix: String { leaf.path }
    }

    private(set) var found: [Found] = []

    /// Sets `value` aside when it is data holding a NIBArchive, charging its size to `budget`; false otherwise.
    func collect(_ value: NibGraphValue, object: String, objectClass: String, key: String, budget: inout Int) -> Bool {
        guard case .data(let bytes) = value, bytes.starts(with: NibArchiveHeader.magic) else { return false }
        budget -= bytes.count
        found.append(Found(leaf: GraphLeaf(object: object, objectClass: objectClass, key: key, type: "data", value: ""),
                           bytes: bytes))
        return true
    }

    static func graph(_ bytes: [UInt8]) -> NibGraph? {
        guard let archive = try? NibArchive(bytes: bytes) else { return nil }
        return NibGraph(archive)
    }

    /// Appends the leaves of the archives found in the two graphs to their leaf lists: pairs by path (in
    /// the order found), then the unpaired ones alone. An archive that does not read is one data leaf.
    static func expand(_ nestedA: NestedArchives, _ nestedB: NestedArchives, into a: inout [GraphLeaf], _ b: inout [GraphLeaf],
                       orders: inout [OrderDifference], loose: Bool, maxDepth: Int,
                       budgetA: inout Int, budgetB: inout Int, originalBudget: Int, nestingLeft: Int) {
        var pending = [String: [Int]]()
        for (k, found) in nestedB.found.enumerated() { pending[found.prefix, default: []].append(k) }
        var pairedB = Set<Int>()
        for foundA in nestedA.found {
            guard budgetA >= 0, budgetB >= 0 else { break }
            let graphA = graph(foundA.bytes)
            var partner: Found? = nil
            if let k = pending[foundA.prefix]?.first {
                pending[foundA.prefix]!.removeFirst()
                pairedB.insert(k)
                partner = nestedB.found[k]
            }
            guard let graphA else {
                a.append(dataLeaf(foundA, budget: &budgetA))
                if let partner { b += alone(partner, loose: loose, maxDepth: maxDepth, budget: &budgetB, originalBudget: originalBudget, nestingLeft: nestingLeft) }
                continue
            }
            guard let partner, let graphB = graph(partner.bytes) else {
                a += prefixed(standaloneLeaves(graphA, loose: loose, maxDepth: maxDepth, pathBudget: &budgetA,
                                               originalBudget: originalBudget, nestingLeft: nestingLeft), foundA.prefix)
                if let partner { b.append(dataLeaf(partner, budget: &budgetB)) }
                continue
            }
            let namingA = GraphNaming(GraphFacts(graphA), maxDepth: maxDepth, pathBudget: &budgetA)
            let pair = NibDiff.pairedLeaves(namingA, graphB, loose: loose, maxDepth: maxDepth, budgetA: &budgetA, budgetB: &budgetB,
                                            originalBudget: originalBudget, nestingLeft: nestingLeft)
            a += prefixed(pair.a, foundA.prefix)
            b += prefixed(pair.b, partner.prefix)
            orders += pair.orders.map { var o = $0; o.path = foundA.prefix + o.path; return o }
        }
        for (k, foundB) in nestedB.found.enumerated() where !pairedB.contains(k) {
            guard budgetB >= 0 else { break }
            b += alone(foundB, loose: loose, maxDepth: maxDepth, budget: &budgetB, originalBudget: originalBudget, nestingLeft: nestingLeft)
        }
    }

    /// The leaves of one archive without a partner: its graph's, or its data leaf when it does not read.
    private static func alone(_ found: Found, loose: Bool, maxDepth: Int, budget: inout Int, originalBudget: Int, nestingLeft: Int) -> [GraphLeaf] {
        guard let g = graph(found.bytes) else { return [dataLeaf(found, budget: &budget)] }
        return prefixed(standaloneLeaves(g, loose: loose, maxDepth: maxDepth, pathBudget: &budget,
                                         originalBudget: originalBudget, nestingLeft: nestingLeft), found.prefix)
    }

    private static func dataLeaf(_ found: Found, budget: inout Int) -> GraphLeaf {
        var leaf = found.leaf
        leaf.value = GraphLeaves.hex(found.bytes)
        budget -= found.bytes.count  // the other half of the hex text (collect charged one byte per byte)
        return leaf
    }

    private static func prefixed(_ leaves: [GraphLeaf], _ prefix: String) -> [GraphLeaf] {
        leaves.map { var l = $0; l.object = prefix + l.object; return l }
    }

    /// The leaves of a graph named on its own, its nested archives expanded `nestingLeft` levels deep.
    static func standaloneLeaves(_ graph: NibGraph, loose: Bool, maxDepth: Int, pathBudget budget: inout Int,
                                 originalBudget: Int, nestingLeft: Int) -> [GraphLeaf] {
        let naming = GraphNaming(GraphFacts(graph), maxDepth: maxDepth, pathBudget: &budget)
        let nested = nestingLeft > 0 ? NestedArchives() : nil
        var out = GraphLeaves.leaves(of: naming, orderLeaves: [], loose: loose, pathBudget: &budget,
                                     originalBudget: originalBudget, nested: nested)
        guard let nested else { return out }
        for found in nested.found {
            guard budget >= 0 else { break }
            out += alone(found, loose: loose, maxDepth: maxDepth, budget: &budget, originalBudget: originalBudget, nestingLeft: nestingLeft - 1)
        }
        return out
    }
}
