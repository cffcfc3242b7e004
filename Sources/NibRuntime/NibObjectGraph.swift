/// One created object or placeholder of an instantiation, in `NibObjectGraph`'s entry table.
struct GraphEntry {
    /// The object, not retained by the table (the instantiation holds it while it runs; afterwards its owner in
    /// the graph, or the caller, does).
    var object: Unmanaged<AnyObject>?
    /// Placeholders and registered objects cannot report their death to the table: weak references to them go
    /// through this Swift weak reference (set only when something refers to them weakly).
    weak var foreign: AnyObject?
    /// A `GenericNibObject` of this graph: `alive` is cleared by its `deinit`.
    var generic = false
    var alive = false
    /// Registered objects: 0 not created, 1 inside `init(coder:)`, 2 created.
    var state: UInt8 = 0
}

struct GraphHeader {
    let plan: InstantiationPlan
    let count: Int
    /// How many `genericObjectDied` calls of this graph are running inside one another: freeing an object
    /// releases what it owns, which may free it in turn, so a chain of owners recurses once per link.
    var releaseDepth = 0
    /// Releases put off because `releaseDepth` reached `NibObjectGraph.maxReleaseDepth`; the outermost call
    /// does them, so a deep ownership chain (100 000 nested views) frees in a loop, not on the stack.
    var deferredReleases: [Unmanaged<AnyObject>] = []
}

/// The objects of one instantiation, shared by its generic objects: one allocation per instantiation instead of
/// a value array and a weak-reference side table per object.
///
/// Generic objects keep their values in the plan (shared by every instantiation) and resolve references through
/// this table. Ownership stays a forest: a generic object retains the objects it owns through strong values
/// (`InstantiationPlan.ownedTargets`) and releases them in its `deinit`; the table itself holds no object
/// strongly, so dropping the top-level objects frees the whole graph (no cycle through the shared table).
/// Weak references to generic objects are entry indices checked against `alive` (no side table).
///
/// Like the objects it serves, a graph is not thread-safe: use one instantiation's objects from one thread at
/// a time (separate instantiations share nothing mutable).
final class NibObjectGraph: ManagedBuffer<GraphHeader, GraphEntry> {
    static func make(plan: InstantiationPlan) -> NibObjectGraph {
        let count = plan.entryCount
        let buffer = NibObjectGraph.create(minimumCapacity: count) { _ in GraphHeader(plan: plan, count: count) }
        let graph = unsafeDowncast(buffer, to: NibObjectGraph.self)
        graph.withUnsafeMutablePointerToElements { $0.initialize(repeating: GraphEntry(), count: count) }
        return graph
    }

    deinit {
        withUnsafeMutablePointers { h, e in _ = e.deinitialize(count: h.pointee.count) }
    }

    var plan: InstantiationPlan { withUnsafeMutablePointerToHeader { $0.pointee.plan } }

    /// Runs `body` on entry `e` in place; the element pointer never leaves the buffer's closure.
    @inline(__always) func withEntry<R>(_ e: Int, _ body: (inout GraphEntry) -> R) -> R {
        withUnsafeMutablePointerToElements { body(&$0[e]) }
    }

    /// The object reference of entry `e`, unretained.
    @inline(__always) func reference(_ e: Int) -> Unmanaged<AnyObject>? { withEntry(e) { $0.object } }

    /// The object of entry `e` when it exists (nil for an absent placeholder). Only for entries the caller
    /// knows to be alive: strong references of a live owner, or during the instantiation.
    @inline(__always) func object(_ e: Int) -> AnyObject? { reference(e)?.takeUnretainedValue() }

    /// The object of entry `e` if it is still alive (the target of a weak reference).
    func weakObject(_ e: Int) -> AnyObject? {
        withEntry(e) { entry in
            if entry.generic { return entry.alive ? entry.object?.takeUnretainedValue() : nil }
            return entry.foreign
        }
    }

    /// Called by a generic object's `deinit`: marks it dead and releases the objects it owns and the strong
    /// targets of the first `loaderOutlets` outlets the loader set on it.
    func genericObjectDied(entry n: Int, releasingOwned: Bool, loaderOutlets: Int) {
        withEntry(n) { $0.alive = false }
        guard releasingOwned || loaderOutlets > 0 else { return }
        let plan = plan
        // Every use of the header pointer stays inside this closure (the graph, which every generic object,
        // this one too, holds, outlives it).
        withUnsafeMutablePointerToHeader { header in
            @inline(__always) func release(_ object: Unmanaged<AnyObject>?) {
                guard let object else { return }
                if header.pointee.releaseDepth < Self.maxReleaseDepth { object.release() } else { header.pointee.deferredReleases.append(object) }
            }
            header.pointee.releaseDepth += 1
            if releasingOwned {
                let start = Int(plan.ownedStart[n]), end = Int(plan.ownedStart[n + 1])
                plan.ownedTargets.withUnsafeBufferPointer { owned in
                    for i in start..<end { release(reference(Int(owned[i]))) }
                }
            }
            let first = Int(plan.outletStart[n])
            for i in first..<first + loaderOutlets {
                let o = plan.loaderOutlets[i]
                if o.strong, o.target >= 0 { release(reference(Int(o.target))) }
            }
            header.pointee.releaseDepth -= 1
            guard header.pointee.releaseDepth == 0 else { return }
            while let object = header.pointee.deferredReleases.popLast() {
                header.pointee.releaseDepth = 1
                object.release()
                header.pointee.releaseDepth = 0
            }
        }
    }

    /// Deepest nesting of releases done on the stack (each level is a few frames of `deinit`).
    static let maxReleaseDepth = 64

    /// The current target of a loader outlet.
    func target(of outlet: PlanOutlet) -> AnyObject? {
        guard outlet.target >= 0 else { return nil }
        return outlet.strong ? object(Int(outlet.target)) : weakObject(Int(outlet.target))
    }

    /// A plan value of a generic object with its references resolved: strong references to owned objects,
    /// weak references (back links, placeholders) as table entries.
    func decoded(_ value: PlanValue, plan: InstantiationPlan) -> NibDecodedValue {
        value.decoded { ref in
            let e = Int(plan.entryIndex[ref.refIndex.unsafelyUnwrapped])
            guard e >= 0, let object = reference(e) else { return .null }
            // Strong references are owned by the object being read, hence alive; the caller owns placeholder
            // replacements (owner, external objects), which are held weakly like back references.
            if case .ref = ref, e < plan.instances.count { return .object(object.takeUnretainedValue()) }
            return .weakObject(NibWeakReference(graph: self, entry: e))
        }
    }
}
