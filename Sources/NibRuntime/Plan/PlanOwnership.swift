import NibArchive

extension PlanBuilder {
    /// Makes the strong references of generic objects a forest: breadth-first from the top-level objects (then
    /// from any object not reached), the first reference to an object owns it and stays strong; every other
    /// reference (back links, cross links, placeholders) becomes weak. Returns, per object, whether it is kept
    /// alive by something other than an outlet, and the root of the tree that reached it (-1: none).
    mutating func assignOwnership(topLevel: [Int32]) -> (owned: [Bool], tree: [Int32]) {
        var owned = Array(repeating: false, count: slots.count)
        var visited = Array(repeating: false, count: slots.count)
        var tree = [Int32](repeating: -1, count: slots.count)
        for (i, _) in placeholders { owned[Int(i)] = true; visited[Int(i)] = true }
        func rewrite(_ v: PlanValue, queue: inout [Int]) -> PlanValue {
            switch v {
            case .ref(let j):
                let j = Int(j)
                if visited[j] { return .weakRef(Int32(j)) }
                visited[j] = true
                owned[j] = true
                queue.append(j)
                return v
            case .array(let e): return .array(e.map { rewrite($0, queue: &queue) })
            case .set(let e): return .set(e.map { rewrite($0, queue: &queue) })
            case .dictionary(let e): return .dictionary(e.map { rewrite($0, queue: &queue) })
            case .weakRef, .constant: return v
            }
        }
        var roots = topLevel.map(Int.init)
        for t in roots { owned[t] = true }
        roots += instances.map { Int($0.objectIndex) }
        for root in roots where !visited[root] {
            visited[root] = true
            var queue = [root]
            var head = 0
            while head < queue.count {
                let i = queue[head]
                head += 1
                tree[i] = Int32(root)
                guard case .instance(let n) = slots[i] else { continue }
                let info = instances[Int(n)]
                for v in Int(info.valueStart)..<Int(info.valueEnd) {
                    if case .weakRef = values[v] { continue }
                    values[v] = rewrite(values[v], queue: &queue)
                }
            }
        }
        return (owned, tree)
    }

    /// Which outlets (and outlet-collection elements) of generic objects hold their destination strongly: only
    /// those to an object nothing else keeps alive (`owned` false: the root of a tree no top-level object
    /// reaches), the first such reference only, and never one that would close a cycle. A strong reference
    /// hangs the destination's tree under the source's; union-find over the trees tells when source and
    /// destination are already in one. Two mutated nibs without a top-level list leaked every instantiation
    /// before (found by the nib-instantiate fuzz target): a view controller with an outlet back to it from an
    /// object it owns, and views whose `gestureRecognizers` collection held recognizers that point back.
    func strongOutlets(_ connections: [PlanConnection], owned: [Bool], tree: [Int32]) -> (outlets: [Bool], collections: [Int: [Bool]]) {
        var owned = owned
        var parent = Array(0..<Int32(slots.count))
        func find(_ x: Int) -> Int {
            var x = x
            while parent[x] != Int32(x) {
                parent[x] = parent[Int(parent[x])]  // path halving
                x = Int(parent[x])
            }
            return x
        }
        /// Whether generic `source` may hold `destination` strongly; records the edge when it may.
        func strongEdge(from source: Int32, to destination: PlanValue) -> Bool {
            guard let t = destination.refIndex, t >= 0, t < slots.count, !owned[t],
                  case .instance(let n) = slots[Int(source)], instances[Int(n)].registered == nil else { return false }
            let s = Int(source)
            let sourceTree = find(tree[s] >= 0 ? Int(tree[s]) : s)
            let targetTree = find(tree[t] >= 0 ? Int(tree[t]) : t)
            guard sourceTree != targetTree else { return false }
            parent[targetTree] = Int32(sourceTree)
            owned[t] = true
            return true
        }
        var strong = Array(repeating: false, count: connections.count)
        var collections = [Int: [Bool]]()
        for (k, connection) in connections.enumerated() {
            switch connection {
            case .outlet(let source, _, let destination):
                strong[k] = strongEdge(from: source, to: destination)
            case .collection(let source, _, let destinations, _):
                collections[k] = destinations.map { strongEdge(from: source, to: $0) }
            case .attribute(let object, _, let value):
                // A runtime attribute whose value is an archived object (a colour, or a hostile back link).
                strong[k] = strongEdge(from: object, to: value)
            default:
                break
            }
        }
        return (strong, collections)
    }
}
