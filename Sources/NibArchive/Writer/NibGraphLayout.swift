/// Graph-to-graph passes the writer applies before serialising: interning and ibtool's numbering.
public enum NibGraphLayout {
    /// Redirects every reference to an `NSString` or `NSNumber` to the first object with the same
    /// contents (numbers compare numerically across integer and double, as `NSNumber` does).
    /// The merged duplicates stay in the graph, unreferenced, until renumbering drops them.
    public static func internStringsAndNumbers(_ graph: NibGraph) -> NibGraph {
        enum InternKey: Hashable {
            case string([UInt8])
            case integer(Int64)
            case double(UInt64)
            case bool(Bool)
        }
        func internKey(_ object: NibObject) -> InternKey? {
            guard object.entries.count == 1 else { return nil }
            let entry = object.entries[0]
            switch (object.className, entry.key, entry.value) {
            case ("NSString", "NS.bytes", .data(let bytes)): return .string(bytes)
            case ("NSNumber", "NS.intval", .int(let v)), ("NSNumber", "NS.intval", .fixedWidthInteger(let v, _)):
                return .integer(v)
            case ("NSNumber", "NS.dblval", .double(let d)):
                if d.rounded() == d, abs(d) < 9.0e15 { return .integer(Int64(d)) }
                return .double(d.bitPattern)
            case ("NSNumber", "NS.boolval", .bool(let b)): return .bool(b)
            default: return nil
            }
        }
        var canonical = [InternKey: Int]()
        var redirect = Array(graph.objects.indices)
        var changed = false
        for (index, object) in graph.objects.enumerated() {
            guard let key = internKey(object) else { continue }
            if let first = canonical[key] {
                redirect[index] = first
                changed = true
            } else {
                canonical[key] = index
            }
        }
        guard changed else { return graph }
        var result = graph
        for o in result.objects.indices {
            for e in result.objects[o].entries.indices {
                switch result.objects[o].entries[e].value {
                case .object(let i): result.objects[o].entries[e].value = .object(redirect[i])
                case .conditionalObject(let i): result.objects[o].entries[e].value = .conditionalObject(redirect[i])
                default: break
                }
            }
        }
        return result
    }

    /// Renumbers objects in ibtool's coder-10 order: a pre-order depth-first walk from the root that
    /// follows object references in value order and does not descend through conditional references
    /// (§5.6). Unreachable objects are dropped; conditional references to them become nil.
    /// Iterative, so arbitrarily deep graphs are safe.
    public static func renumberDepthFirst(_ graph: NibGraph) -> NibGraph {
        let objects = graph.objects
        guard !objects.isEmpty else { return graph }
        var newIndex = [Int](repeating: -1, count: objects.count)
        var order = [Int]()
        order.reserveCapacity(objects.count)
        newIndex[0] = 0
        order.append(0)
        var stack: [(object: Int, entry: Int)] = [(0, 0)]
        while !stack.isEmpty {
            let (o, e) = stack[stack.count - 1]
            let entries = objects[o].entries
            var next = e
            var descended = false
            while next < entries.count {
                let value = entries[next].value
                next += 1
                if case .object(let t) = value, newIndex[t] < 0 {
                    newIndex[t] = order.count
                    order.append(t)
                    stack[stack.count - 1].entry = next
                    stack.append((t, 0))
                    descended = true
                    break
                }
            }
            if !descended { stack.removeLast() }
        }
        var result = graph
        result.layout = nil
        result.objects = order.map { old in
            var object = objects[old]
            for e in object.entries.indices {
                switch object.entries[e].value {
                case .object(let t): object.entries[e].value = .object(newIndex[t])
                case .conditionalObject(let t):
                    object.entries[e].value = newIndex[t] >= 0 ? .conditionalObject(newIndex[t]) : .null
                default: break
                }
            }
            return object
        }
        return result
    }
}
