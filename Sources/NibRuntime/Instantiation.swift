/// One instantiation: a fresh graph built from an immutable plan.
final class InstantiationRun {
    let plan: InstantiationPlan
    /// Every created object and placeholder replacement; created objects are retained by the run until it ends.
    let graph: NibObjectGraph
    var late: [(requester: Int, key: String, target: Int)] = []
    var pendingError: (any Error)?
    var coder: NibCoder!
    var owner: AnyObject?
    /// `owner` as `NibConnectable`, looked up once per instantiation.
    var ownerConnectable: NibConnectable?

    init(plan: InstantiationPlan) {
        self.plan = plan
        graph = NibObjectGraph.make(plan: plan)
    }

    deinit {
        // Drop the run's hold on every created object: what the caller, or an owner in the graph, does not
        // hold is freed now (the top-level array and the owners keep the rest).
        for n in 0..<plan.instances.count { graph.reference(n)?.release() }
    }

    /// The object (or placeholder replacement) at archive index `j`; valid while the run holds its objects.
    func object(_ j: Int) -> AnyObject? {
        let e = Int(plan.entryIndex[j])
        return e >= 0 ? graph.object(e) : nil
    }

    /// The generic object at archive index `j`, if it is one.
    func genericObject(_ j: Int) -> GenericNibObject? {
        let e = Int(plan.entryIndex[j])
        guard e >= 0, graph.withEntry(e, { $0.generic }), let o = graph.object(e) else { return nil }
        return unsafeDowncast(o, to: GenericNibObject.self)
    }

    /// Runs NIB-LOADING.md §2: placeholders, creation, values, connections, awake, top-level objects.
    func run(owner: AnyObject?, externalObjects: [String: AnyObject]) throws -> [AnyObject] {
        self.owner = owner
        // Only registered classes read values through a coder.
        if !plan.registeredInstances.isEmpty { coder = NibCoder(run: self) }
        // 1a. Placeholders are looked up, not created. The caller owns them: the graph refers to them weakly.
        let base = plan.instances.count
        for (k, (_, kind)) in plan.placeholders.enumerated() {
            let object: AnyObject?
            switch kind {
            case .owner: object = owner
            case .firstResponder: object = nil
            case .application: object = externalObjects["NSApplication"]
            case .storyboard: object = externalObjects["UIStoryboardPlaceholder"]
            case .external(let id):
                guard let o = externalObjects[id] else { throw NibLoadingError.missingExternalObject(identifier: id) }
                object = o
            }
            guard let object else { continue }
            graph.withEntry(base + k) { entry in
                entry.object = Unmanaged.passUnretained(object)
                entry.foreign = object
            }
        }
        // 1b. Generic objects exist before any init(coder:) runs, so every reference to them resolves.
        for n in plan.genericInstances {
            let object = Unmanaged<AnyObject>.passRetained(GenericNibObject(graph: graph, entry: n))
            graph.withEntry(Int(n)) { entry in
                entry.object = object
                entry.generic = true
                entry.alive = true
                entry.state = 2
            }
        }
        // 1c. Registered objects, each created with init(coder:) once what it references exists.
        for n in plan.registeredInstances where graph.withEntry(Int(n), { $0.state }) == 0 {
            create(Int(n))
            if let e = pendingError { throw e }
        }
        for e in plan.foreignWeakTargets {
            let object = graph.object(Int(e))
            graph.withEntry(Int(e)) { $0.foreign = object }
        }
        // 1d. Generic objects take their values: the values themselves are the plan's (shared); each object
        // retains the objects its values own, which it releases when it is freed.
        plan.ownedTargets.withUnsafeBufferPointer { owned in
            plan.ownedStart.withUnsafeBufferPointer { starts in
                for n in plan.genericInstances {
                    let start = Int(starts[Int(n)]), end = Int(starts[Int(n) + 1])
                    guard start < end else { continue }
                    for i in start..<end { _ = graph.reference(Int(owned[i]))?.retain() }
                    unsafeDowncast(graph.object(Int(n)).unsafelyUnwrapped, to: GenericNibObject.self).ownsTargets = true
                }
            }
        }
        // References that were cut by a cycle between registered classes.
        for (requester, key, target) in late {
            if let receiver = graph.object(requester) as? NibLateReferenceReceiving, let object = object(target) {
                receiver.nibResolveLateReference(forKey: key, to: object)
            }
        }
        // 2. Connections.
        try connect()
        // 3. Awake.
        for n in plan.awakeOrder {
            let (reference, generic) = graph.withEntry(Int(n)) { ($0.object, $0.generic) }
            guard let object = reference?.takeUnretainedValue() else { continue }
            // Generic objects are known statically: no protocol conformance lookup for them.
            if generic {
                unsafeDowncast(object, to: GenericNibObject.self).awakeFromNib()
            } else {
                (object as? NibAwaking)?.awakeFromNib()
            }
        }
        if plan.platform == .macOS {
            for k in plan.placeholders.indices { (graph.object(base + k) as? NibAwaking)?.awakeFromNib() }
        }
        // 4. Top-level objects, placeholders excluded.
        return plan.topLevel.compactMap { object(Int($0)) }
    }

    /// Creates registered instance `n` with `init(coder:)`.
    func create(_ n: Int) {
        let info = plan.instances[n]
        guard let type = info.registered?.type else { return }
        graph.withEntry(n) { $0.state = 1 }
        let saved = coder.instance
        coder.instance = n
        defer { coder.instance = saved }
        do {
            let object = try type.init(coder: coder)
            let reference = Unmanaged<AnyObject>.passRetained(object)
            graph.withEntry(n) { $0.object = reference }
        } catch {
            if pendingError == nil { pendingError = error }
        }
        graph.withEntry(n) { $0.state = 2 }
    }

    /// The object at archive index `j`, creating it first when it is a registered object not yet created.
    func object(at j: Int, key: String?, requester: Int?) -> AnyObject? {
        if case .instance(let n) = plan.slots[j] {
            switch graph.withEntry(Int(n), { $0.state }) {
            case 0: create(Int(n))
            case 1:
                if let requester, let key { late.append((requester, key, j)) }
                return nil
            default: break
            }
        }
        return object(j)
    }

    /// A plan value with its references resolved to this instantiation's objects (for registered classes and
    /// connections: every reference strong).
    func resolve(_ value: PlanValue, key: String?, requester: Int?) -> NibDecodedValue {
        value.decoded { ref in
            object(at: ref.refIndex.unsafelyUnwrapped, key: key, requester: requester).map { .object($0) } ?? .null
        }
    }
}
