/// The object the loader creates for an archived class with no registered Swift type: it keeps the class
/// name, every decoded value by key, and records the outlets, actions and runtime attributes it receives.
///
/// Values hold their objects strongly except back references (superview, next responder, constraint items,
/// owning view…) and references to placeholders, which are `.weakObject`; action targets are weak; outlets are
/// weak when the target is kept alive by the caller or by the graph's values, strong otherwise.
///
/// Storage: one allocation per object. The values themselves stay in the template's plan, shared by every
/// instantiation; references resolve through the instantiation's object table, and `values` builds its array
/// on each access (read it once when iterating). Objects are freed as soon as nothing outside holds them: an
/// object held on its own keeps what it owns through strong values, and its weak references read nil once
/// their targets are gone. The objects of one instantiation are not thread-safe: use them from one thread at
/// a time.
public final class GenericNibObject: NibConnectable, NibAwaking, CustomStringConvertible {
    /// The instantiation this object belongs to: its values live in the plan, its references in the graph.
    let graph: NibObjectGraph
    /// This object's entry in `graph` (its plan instance index).
    let entry: Int32
    /// Whether this object holds its owned objects (`InstantiationPlan.ownedTargets`), to release in `deinit`.
    var ownsTargets = false
    /// How many of its plan outlets (`InstantiationPlan.loaderOutlets`) the loader has set, in connection order:
    /// their values come from the plan and the graph, so loading outlets allocates nothing.
    var loaderOutletCount: Int32 = 0

    /// The class the archive asks for (a class swapper's custom class, e.g. `_TtC9MyModule8CardView`).
    public var className: String { info.className }
    /// For class swappers, the UIKit/AppKit class wrapped (`UIOriginalClassName`); nil otherwise.
    public var originalClassName: String? { info.originalClassName }
    /// The decoded values, in archived order (parallel to `keys`). Built on each access from the plan's shared
    /// values and this instantiation's objects.
    public var values: [NibDecodedValue] {
        let plan = graph.plan
        let info = plan.instances[Int(entry)]
        return (Int(info.valueStart)..<Int(info.valueEnd)).map { decodedValue(at: $0, plan: plan) }
    }
    /// Outlets set on this object, by property name (outlets to the owner and external objects are weak).
    public var outlets: [String: AnyObject] {
        var result = [String: AnyObject]()
        for o in loaderOutlets { result[o.label] = graph.target(of: o) }
        // Outlets set later through `setOutlet` replace the loader's.
        for (name, value) in outletStorage { result[name] = value.object }
        return result
    }
    /// Outlets set through `setOutlet` after loading, by name, in the order first set.
    private var outletStorage: [(name: String, value: NibDecodedValue)] = []
    /// Outlet names in the order they were set.
    public var outletOrder: [String] {
        var names = [String]()
        for name in loaderOutlets.map(\.label) + outletStorage.map(\.name) where !names.contains(name) { names.append(name) }
        return names
    }
    /// The outlets the loader has set on this object.
    var loaderOutlets: ArraySlice<PlanOutlet> {
        let plan = graph.plan
        let first = Int(plan.outletStart[Int(entry)])
        return plan.loaderOutlets[first..<first + Int(loaderOutletCount)]
    }
    /// Outlet collections set on this object.
    public var outletCollections: [String: [AnyObject]] {
        collectionStorage.mapValues { $0.compactMap(\.object) }
    }
    /// Outlet collections as set: elements the loader holds weakly (see `InstantiationPlan.strongCollectionElements`)
    /// are `.weakObject` and drop out once their target is gone.
    private var collectionStorage: [String: [NibDecodedValue]] = [:]
    /// Target–action pairs added to this object, in connection order.
    public private(set) var actions: [NibAction] = []
    /// Runtime attributes (and accessibility properties) set on this object.
    public private(set) var runtimeAttributes: [String: NibDecodedValue] = [:]
    /// How many times `awakeFromNib` was sent.
    public private(set) var awakeFromNibCount = 0
    /// How many connections (outlets, collections, actions, attributes) this object had received when it was awoken.
    public private(set) var connectionsAtAwake = 0
    private var connectionCount = 0

    init(graph: NibObjectGraph, entry: Int32) {
        self.graph = graph
        self.entry = entry
    }

    deinit {
        graph.genericObjectDied(entry: Int(entry), releasingOwned: ownsTargets, loaderOutlets: Int(loaderOutletCount))
    }

    var info: PlanInstance { graph.plan.instances[Int(entry)] }

    /// Plan value `v` (one of this object's) with its references resolved.
    func decodedValue(at v: Int, plan: InstantiationPlan) -> NibDecodedValue {
        let value = plan.values[v]
        if case .constant(let c) = value { return c }
        return graph.decoded(value, plan: plan)
    }

    /// The keys of `values`, in archived order.
    public var keys: [String] {
        let plan = graph.plan
        let info = plan.instances[Int(entry)]
        return plan.valueKeys[Int(info.valueStart)..<Int(info.valueEnd)].map { plan.keys.names[Int($0)] }
    }

    /// The first value stored under `key`.
    public func value(forKey key: String) -> NibDecodedValue? {
        let plan = graph.plan
        guard let k = plan.keys.lookup[key] else { return nil }
        let info = plan.instances[Int(entry)]
        for v in Int(info.valueStart)..<Int(info.valueEnd) where plan.valueKeys[v] == k {
            return decodedValue(at: v, plan: plan)
        }
        return nil
    }

    /// Every value stored under `key` (keys repeat only in collections).
    public func values(forKey key: String) -> [NibDecodedValue] {
        let plan = graph.plan
        guard let k = plan.keys.lookup[key] else { return [] }
        let info = plan.instances[Int(entry)]
        return (Int(info.valueStart)..<Int(info.valueEnd)).filter { plan.valueKeys[$0] == k }.map { decodedValue(at: $0, plan: plan) }
    }

    /// The object referenced by `key`.
    public func object(forKey key: String) -> AnyObject? { value(forKey: key)?.object }

    /// The string stored under `key`.
    public func string(forKey key: String) -> String? { value(forKey: key)?.string }

    /// Whether this object is of `name` (its class, or the original class of a class swapper).
    public func isKind(of name: String) -> Bool { className == name || originalClassName == name }

    /// Records the outlet.
    public func setOutlet(_ name: String, to object: AnyObject?) throws {
        setOutlet(name, to: object, weakly: false)
    }

    /// The loader sets this object's next plan outlet: a strong one retains its target until `deinit`; weak ones
    /// (targets something else keeps alive: placeholders, objects owned through archived values) never form
    /// reference cycles.
    func connectLoaderOutlet() {
        let plan = graph.plan
        let outlet = plan.loaderOutlets[Int(plan.outletStart[Int(entry)] + loaderOutletCount)]
        if outlet.strong, outlet.target >= 0 { _ = graph.reference(Int(outlet.target))?.retain() }
        loaderOutletCount += 1
        connectionCount += 1
    }

    /// Records an outlet, strongly or weakly.
    func setOutlet(_ name: String, to object: AnyObject?, weakly: Bool) {
        let value: NibDecodedValue = object.map { weakly ? .weakObject(NibWeakReference($0)) : .object($0) } ?? .null
        if let i = outletStorage.firstIndex(where: { $0.name == name }) {
            outletStorage[i].value = value
        } else {
            outletStorage.append((name, value))
        }
        connectionCount += 1
    }

    /// Records the outlet collection.
    public func setOutletCollection(_ name: String, to objects: [AnyObject], appending: Bool) throws {
        recordOutletCollection(name, elements: objects.map { .object($0) }, appending: appending)
    }

    /// Records an outlet collection whose elements are each held strongly or weakly.
    func recordOutletCollection(_ name: String, elements: [NibDecodedValue], appending: Bool) {
        collectionStorage[name] = (appending ? collectionStorage[name] ?? [] : []) + elements
        connectionCount += 1
    }

    /// Records the action.
    public func addAction(target: AnyObject?, selector: String, events: UInt64) throws {
        recordAction(target: target, selector: selector, events: events)
    }

    func recordAction(target: AnyObject?, selector: String, events: UInt64) {
        actions.append(NibAction(target: target, selector: selector, events: events))
        connectionCount += 1
    }

    /// Records the attribute.
    public func setRuntimeAttribute(_ keyPath: String, to value: NibDecodedValue) throws {
        runtimeAttributes[keyPath] = value
        connectionCount += 1
    }

    /// Counts the call and remembers how many connections were in place.
    public func awakeFromNib() {
        awakeFromNibCount += 1
        connectionsAtAwake = connectionCount
    }

    /// `<Class (Original) N values>`.
    public var description: String { "<\(className)\(originalClassName.map { " (\($0))" } ?? "") \(info.valueEnd - info.valueStart) values>" }
}

/// A target–action pair recorded by a `GenericNibObject`.
public struct NibAction {
    /// The target, held weakly as UIKit does; nil means the responder chain (First Responder).
    public var target: AnyObject? {
        get { targetReference?.object }
        set { targetReference = newValue.map(NibWeakReference.init) }
    }
    private var targetReference: NibWeakReference?
    /// The selector name, e.g. `buttonTapped:`.
    public var selector: String
    /// The `UIControl.Event` mask (0 for AppKit and bar button items).
    public var events: UInt64

    init(target: AnyObject?, selector: String, events: UInt64) {
        targetReference = target.map(NibWeakReference.init)
        self.selector = selector
        self.events = events
    }
}
