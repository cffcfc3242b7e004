/// Graph-to-graph passes the writer applies before serialising: interning and ibtool's numbering.
public enum NibGraphLayout {
    /// Redirects every reference to an `NSString` or `NSNumber` to the first object with the same
    /// contents (numbers compare numerically across integer and double, as `NSNumber` does).
    /// The merged duplicates stay in the graph, unreferenced, until renumbering drops them.
    public static func internStringsAndNumbers(_ graph: NibGraph) -> NibGraph {
        guard let redirect = internRedirects(graph) else { return graph }
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

    /// `renumberDepthFirst(internStringsAndNumbers(graph))` in one walk, without the interned copy of the
    /// graph in between: what the writer does with its default options.
    public static func internedDepthFirst(_ graph: NibGraph) -> NibGraph {
        renumberDepthFirst(graph, redirect: internRedirects(graph))
    }

    /// Per object, the object its references go to after interning (itself unless it is a later duplicate);
    /// nil when nothing merges.
    static func internRedirects(_ graph: NibGraph) -> [Int]? {
        var canonical = [InternKey: Int]()
        var redirect: [Int]?
        // Only one-entry objects can be strings or numbers; the others are skipped without being copied out.
        graph.objects.withUnsafeBufferPointer { objects in
            for index in objects.indices where objects[index].entries.count == 1 {
                guard let key = InternKey(objects[index]) else { continue }
                if let first = canonical[key] {
                    if redirect == nil { redirect = Array(objects.indices) }
                    redirect![index] = first
                } else {
                    canonical[key] = index
                }
            }
        }
        return redirect
    }

    /// Renumbers objects in ibtool's coder-10 order: a pre-order depth-first walk from the root that
    /// follows object references in value order and does not descend through conditional references
    /// (§5.6). Unreachable objects are dropped; conditional references to them become nil.
    /// Iterative, so arbitrarily deep graphs are safe.
    public static func renumberDepthFirst(_ graph: NibGraph) -> NibGraph {
        renumberDepthFirst(graph, redirect: nil)
    }

    /// Numbering with every reference to object `t` read as one to `redirect[t]`.
    private static func renumberDepthFirst(_ graph: NibGraph, redirect: [Int]?) -> NibGraph {
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
                if case .object(let raw) = value, case let t = redirect?[raw] ?? raw, newIndex[t] < 0 {
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
                case .object(let raw): object.entries[e].value = .object(newIndex[redirect?[raw] ?? raw])
                case .conditionalObject(let raw):
                    let t = redirect?[raw] ?? raw
                    object.entries[e].value = newIndex[t] >= 0 ? .conditionalObject(newIndex[t]) : .null
                default: break
                }
            }
            return object
        }
        return result
    }
}

/// The contents an `NSString` or `NSNumber` is interned by (numbers compare numerically across integer
/// and double, as `NSNumber` does); nil for any other object.
private enum InternKey: Hashable {
    case string([UInt8])
    case integer(Int64)
    case double(UInt64)
    case bool(Bool)

    init?(_ object: NibObject) {
        guard object.entries.count == 1 else { return nil }
        let entry = object.entries[0]
        // The value's case first: most one-entry objects hold a reference and need no string comparison.
        switch entry.value {
        case .data(let bytes):
            guard object.className == "NSString", entry.key == "NS.bytes" else { return nil }
            self = .string(bytes)
        case .int(let v), .fixedWidthInteger(let v, _):
            guard object.className == "NSNumber", entry.key == "NS.intval" else { return nil }
            self = .integer(v)
        case .double(let d):
            guard object.className == "NSNumber", entry.key == "NS.dblval" else { return nil }
            if d.rounded() == d, abs(d) < 9.0e15 { self = .integer(Int64(d)) } else { self = .double(d.bitPattern) }
        case .bool(let b):
            guard object.className == "NSNumber", entry.key == "NS.boolval" else { return nil }
            self = .bool(b)
        default: return nil
        }
    }
}
