/// Graph-to-graph passes the writer applies before serialising: interning and ibtool's numbering.
public enum NibGraphLayout {
    /// Redirects every reference to an `NSString` or `NSNumber` to the first object with the same
    /// contents (numbers compare numerically across integer and double, as `NSNumber` does).
    /// The merged duplicates stay in the graph, unreferenced, until renumbering drops them.
    public static func internStringsAndNumbers(_ graph: NibGraph) -> NibGraph {
        guard let redirect = internRedirects(graph) else { return graph }
        var result = graph
        result.redirectReferences { redirect[$0] }
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
        var canonical = [NibInternKey: Int]()
        var redirect: [Int]?
        // Only one-entry objects can be strings or numbers; the others are skipped without being copied out.
        graph.objects.withUnsafeBufferPointer { objects in
            for index in objects.indices where objects[index].entries.count == 1 {
                guard let key = NibInternKey(objects[index]) else { continue }
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

    /// `renumberDepthFirst(_:)` in place: each object is moved to its new position and its references are
    /// rewritten in its own entries, without a copy of the objects.
    public static func renumberDepthFirst(_ graph: inout NibGraph) {
        guard let numbering = DepthFirstNumbering(graph, redirect: nil) else { return }
        var old: [NibObject] = []
        swap(&old, &graph.objects)
        var objects: [NibObject] = []
        objects.reserveCapacity(numbering.order.count)
        for index in numbering.order {
            // Moved out, so its entries are not shared and are rewritten without a copy.
            var object = NibObject(className: "")
            swap(&object, &old[index])
            for e in object.entries.indices { object.entries[e].value = numbering.map(object.entries[e].value) }
            objects.append(object)
        }
        graph.objects = objects
        graph.layout = nil
    }

    /// An iterative pre-order depth-first walk from the root (object 0): each object's entries in order,
    /// descending into the object `entry` returns for an entry before going on with the entries after it.
    /// The caller marks what it has seen (ibtool's numbering and its key order descend through different
    /// references: `DepthFirstNumbering` through plain ones, the compiler's key order through both).
    ///
    /// - Parameters:
    ///   - objects: the graph's objects; the walk starts at index 0 and does nothing when there are none.
    ///   - entry: called once per entry of each object reached; returns the index of the object to descend into
    ///     next, or nil to go on with the following entry. It must return only valid indices of `objects`.
    @inlinable
    public static func walkDepthFirst(_ objects: [NibObject], _ entry: (NibEntry) -> Int?) {
        guard !objects.isEmpty else { return }
        var stack: [(object: Int, entry: Int)] = [(0, 0)]
        objects.withUnsafeBufferPointer { objects in
            while let (object, first) = stack.last {
                // One object's entries are read in one go until the walk descends (no array copy per entry).
                let entries = objects[object].entries
                var k = first
                var descended = false
                while k < entries.count {
                    k += 1
                    if let t = entry(entries[k - 1]) {
                        stack[stack.count - 1].entry = k
                        stack.append((t, 0))
                        descended = true
                        break
                    }
                }
                if !descended { stack.removeLast() }
            }
        }
    }

    /// Numbering with every reference to object `t` read as one to `redirect[t]`.
    private static func renumberDepthFirst(_ graph: NibGraph, redirect: [Int]?) -> NibGraph {
        guard let numbering = DepthFirstNumbering(graph, redirect: redirect) else { return graph }
        var result = graph
        result.layout = nil
        result.objects = numbering.order.map { old in
            var object = graph.objects[old]
            for e in object.entries.indices { object.entries[e].value = numbering.map(object.entries[e].value) }
            return object
        }
        return result
    }
}

/// ibtool's coder-10 numbering of a graph (see `NibGraphLayout.renumberDepthFirst`) as a mapping, so the
/// writer can serialise the objects in the new order without building a renumbered copy of the graph.
struct DepthFirstNumbering {
    /// New index → old index (reachable objects only).
    let order: [Int]
    /// Old index → new index, -1 when unreachable.
    let newIndex: [Int]
    /// Old index → the object its references go to after interning; nil when nothing merges.
    let redirect: [Int]?

    /// nil for a graph without objects.
    init?(_ graph: NibGraph, redirect: [Int]?) {
        let objects = graph.objects
        guard !objects.isEmpty else { return nil }
        var newIndex = [Int](repeating: -1, count: objects.count)
        var order = [Int]()
        order.reserveCapacity(objects.count)
        newIndex[0] = 0
        order.append(0)
        NibGraphLayout.walkDepthFirst(objects) { entry in
            guard case .object(let raw) = entry.value, case let t = redirect?[raw] ?? raw, newIndex[t] < 0 else { return nil }
            newIndex[t] = order.count
            order.append(t)
            return t
        }
        self.order = order
        self.newIndex = newIndex
        self.redirect = redirect
    }

    /// `value` with its reference renumbered; a conditional reference to a dropped object becomes nil.
    @inline(__always)
    func map(_ value: NibGraphValue) -> NibGraphValue {
        switch value {
        case .object(let raw): return .object(newIndex[redirect?[raw] ?? raw])
        case .conditionalObject(let raw):
            let t = newIndex[redirect?[raw] ?? raw]
            return t >= 0 ? .conditionalObject(t) : .null
        default: return value
        }
    }
}

/// The contents an `NSString` or `NSNumber` is interned by (numbers compare numerically across integer
/// and double, as `NSNumber` does); nil for any other object. The one definition of "equal" for the
/// writer's pass and for builders that intern while they create objects (the nib compiler's), so that
/// a graph interned at creation needs no second pass.
public enum NibInternKey: Hashable, Sendable {
    /// An `NSString`'s UTF-8 bytes (compared byte for byte, not by canonical equivalence).
    case string([UInt8])
    /// An integer, or a double with an integral value below 9e15 in magnitude.
    case integer(Int64)
    /// Any other double, by bit pattern.
    case double(UInt64)
    /// A boolean `NSNumber` (never equal to an integer).
    case bool(Bool)

    /// The key of an `NSString` (`NS.bytes`) or `NSNumber` (`NS.intval`, `NS.dblval`, `NS.boolval`) with
    /// exactly that one entry; nil for any other object.
    public init?(_ object: NibObject) {
        guard object.entries.count == 1 else { return nil }
        let entry = object.entries[0]
        // The value's case first: most one-entry objects hold a reference and need no string comparison.
        switch entry.value {
        case .data(let bytes):
            guard object.className == "NSString", entry.key == FoundationKeys.bytes else { return nil }
            self = .string(bytes)
        case .int(let v), .fixedWidthInteger(let v, _):
            guard object.className == "NSNumber", entry.key == "NS.intval" else { return nil }
            self = .integer(v)
        case .double(let d):
            guard object.className == "NSNumber", entry.key == "NS.dblval" else { return nil }
            self = NibInternKey(d)
        case .bool(let b):
            guard object.className == "NSNumber", entry.key == "NS.boolval" else { return nil }
            self = .bool(b)
        default: return nil
        }
    }

    /// The key of an `NSNumber` holding `d`: integral values below 9e15 in magnitude equal the integer.
    public init(_ d: Double) {
        if d.rounded() == d, abs(d) < 9.0e15 { self = .integer(Int64(d)) } else { self = .double(d.bitPattern) }
    }
}
