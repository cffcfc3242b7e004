import NibArchive


/// The immutable result of reading an archive once: everything an instantiation needs, so that
/// instantiating does no parsing, no key hashing per value and no disk access.
final class InstantiationPlan: Sendable {
    enum Platform: Sendable { case iOS, macOS }

    let platform: Platform
    let slots: [PlanSlot]
    let instances: [PlanInstance]
    let placeholders: [(index: Int32, kind: PlanPlaceholder)]
    let keys: PlanKeys
    let valueKeys: [Int32]
    let values: [PlanValue]
    let connections: [PlanConnection]
    /// Archive indices of the top-level objects (placeholders excluded), in document order.
    let topLevel: [Int32]
    /// Instance indices in awake order.
    let awakeOrder: [Int32]
    /// Instance indices of generic objects and of registered objects.
    let genericInstances: [Int32]
    let registeredInstances: [Int32]
    /// Outlet labels set on the File's Owner.
    let ownerOutletLabels: Set<String>
    /// The nested nibs, in archive order.
    let nestedNibs: [NibTemplate]
    /// Per connection: whether a generic source holds this outlet's (or runtime attribute's) object strongly. Only one to an
    /// object nothing else keeps alive is strong, and only when that adds no cycle (see
    /// `PlanBuilder.strongOutlets`), so outlets (delegates, back links) never form retain cycles.
    let strongOutlets: [Bool]
    /// Per outlet-collection connection (by connection index): whether a generic source holds each element
    /// strongly, by the same rule as `strongOutlets`.
    let strongCollectionElements: [Int: [Bool]]
    /// Per archive object: its entry in an instantiation's `NibObjectGraph` (instance `n` is entry `n`, placeholder
    /// `k` is entry `instances.count + k`), -1 for objects that are not created or replaced.
    let entryIndex: [Int32]
    /// Entries of a `NibObjectGraph`: every instance, then every placeholder.
    let entryCount: Int
    /// Per generic instance `n`: `ownedTargets[ownedStart[n]..<ownedStart[n + 1]]` are the entries of the objects
    /// its values hold strongly (deeply, through collections). A generic object retains them when its values are
    /// set and releases them in its `deinit`.
    let ownedStart: [Int32]
    let ownedTargets: [Int32]
    /// Entries of registered objects that generic objects refer to weakly: the graph keeps a Swift weak reference
    /// for them (generic objects and placeholders need none or always have one).
    let foreignWeakTargets: [Int32]
    /// Per generic instance `n`: `loaderOutlets[outletStart[n]..<outletStart[n + 1]]` are the outlet connections
    /// whose source it is, in connection order.
    let outletStart: [Int32]
    let loaderOutlets: [PlanOutlet]

    init(platform: Platform, slots: [PlanSlot], instances: [PlanInstance], placeholders: [(index: Int32, kind: PlanPlaceholder)],
         keys: PlanKeys, valueKeys: [Int32], values: [PlanValue], connections: [PlanConnection], topLevel: [Int32],
         awakeOrder: [Int32], ownerOutletLabels: Set<String>, nestedNibs: [NibTemplate], strongOutlets: [Bool],
         strongCollectionElements: [Int: [Bool]]) {
        self.platform = platform
        self.slots = slots
        self.instances = instances
        self.placeholders = placeholders
        self.keys = keys
        self.valueKeys = valueKeys
        self.values = values
        self.connections = connections
        self.topLevel = topLevel
        self.awakeOrder = awakeOrder
        self.genericInstances = instances.indices.filter { instances[$0].registered == nil }.map { Int32($0) }
        self.registeredInstances = instances.indices.filter { instances[$0].registered != nil }.map { Int32($0) }
        self.ownerOutletLabels = ownerOutletLabels
        self.nestedNibs = nestedNibs
        self.strongOutlets = strongOutlets
        self.strongCollectionElements = strongCollectionElements
        var entryIndex = [Int32](repeating: -1, count: slots.count)
        for (n, info) in instances.enumerated() { entryIndex[Int(info.objectIndex)] = Int32(n) }
        for (k, p) in placeholders.enumerated() { entryIndex[Int(p.index)] = Int32(instances.count + k) }
        self.entryIndex = entryIndex
        self.entryCount = instances.count + placeholders.count
        var ownedStart = [Int32]()
        ownedStart.reserveCapacity(instances.count + 1)
        var owned = [Int32]()
        var foreign = Set<Int32>()
        func walk(_ v: PlanValue) {
            switch v {
            case .ref(let j), .weakRef(let j):
                guard case .instance(let t) = slots[Int(j)] else { return }
                if case .ref = v { owned.append(t) } else if instances[Int(t)].registered != nil { foreign.insert(t) }
            case .array(let e), .set(let e), .dictionary(let e): e.forEach(walk)
            case .constant: break
            }
        }
        for info in instances {
            ownedStart.append(Int32(owned.count))
            guard info.registered == nil else { continue }
            for v in Int(info.valueStart)..<Int(info.valueEnd) where values[v].hasRefs { walk(values[v]) }
        }
        ownedStart.append(Int32(owned.count))
        self.ownedStart = ownedStart
        self.ownedTargets = owned
        self.foreignWeakTargets = foreign.sorted()
        // Grouped by source with a counting pass (no array per source: planning from disk stays as cheap).
        var outletStart = [Int32](repeating: 0, count: instances.count + 1)
        func genericSource(_ source: Int32) -> Int? {
            guard case .instance(let n) = slots[Int(source)], instances[Int(n)].registered == nil else { return nil }
            return Int(n)
        }
        for case .outlet(let source, _, _) in connections { if let n = genericSource(source) { outletStart[n + 1] += 1 } }
        for n in 0..<instances.count { outletStart[n + 1] += outletStart[n] }
        var loaderOutlets = [PlanOutlet](repeating: PlanOutlet(label: "", target: -1, strong: false),
                                         count: Int(outletStart[instances.count]))
        var cursor = outletStart
        for (k, connection) in connections.enumerated() {
            guard case .outlet(let source, let label, let destination) = connection, let n = genericSource(source) else { continue }
            let target = destination.refIndex.map { entryIndex[$0] } ?? -1
            let strong = strongOutlets[k]
            loaderOutlets[Int(cursor[n])] = PlanOutlet(label: label, target: target, strong: strong)
            cursor[n] += 1
        }
        self.outletStart = outletStart
        self.loaderOutlets = loaderOutlets
    }

    /// Builds the plan of `archive`, resolving classes through `registry`.
    static func build(_ archive: NibArchive, registry: NibClassRegistry,
                      localizedStrings: NibLocalizedStrings? = nil) throws(NibLoadingError) -> InstantiationPlan {
        var builder = PlanBuilder(archive: archive, registry: registry)
        builder.localizedStrings = localizedStrings
        return try builder.build()
    }
}
