/// One instantiation: a fresh graph built from an immutable plan.
final class InstantiationRun {
    let plan: InstantiationPlan
    /// The object (or placeholder replacement) per archive object index.
    var objects: ContiguousArray<AnyObject?>
    /// Per instance: 0 not created, 1 inside `init(coder:)`, 2 created.
    var state: [UInt8]
    var late: [(requester: Int, key: String, target: Int)] = []
    var pendingError: (any Error)?
    var coder: NibCoder!
    var owner: AnyObject?
    /// `owner` as `NibConnectable`, looked up once per instantiation.
    var ownerConnectable: NibConnectable?

    init(plan: InstantiationPlan) {
        self.plan = plan
        objects = ContiguousArray(repeating: nil, count: plan.slots.count)
        state = [UInt8](repeating: 0, count: plan.instances.count)
    }

    /// Runs NIB-LOADING.md §2: placeholders, creation, values, connections, awake, top-level objects.
    func run(owner: AnyObject?, externalObjects: [String: AnyObject]) throws -> [AnyObject] {
        self.owner = owner
        // Only registered classes read values through a coder.
        if !plan.registeredInstances.isEmpty { coder = NibCoder(run: self) }
        // 1a. Placeholders are looked up, not created.
        for (index, kind) in plan.placeholders {
            switch kind {
            case .owner: objects[Int(index)] = owner
            case .firstResponder: objects[Int(index)] = nil
            case .application: objects[Int(index)] = externalObjects["NSApplication"]
            case .storyboard: objects[Int(index)] = externalObjects["UIStoryboardPlaceholder"]
            case .external(let id):
                guard let object = externalObjects[id] else { throw NibLoadingError.missingExternalObject(identifier: id) }
                objects[Int(index)] = object
            }
        }
        // 1b. Generic objects exist before any init(coder:) runs, so every reference to them resolves.
        for n in plan.genericInstances {
            let info = plan.instances[Int(n)]
            objects[Int(info.objectIndex)] = GenericNibObject(
                className: info.className, originalClassName: info.originalClassName, keys: plan.keys,
                keyIDs: plan.valueKeys[Int(info.valueStart)..<Int(info.valueEnd)])
            state[Int(n)] = 2
        }
        // 1c. Registered objects, each created with init(coder:) once what it references exists.
        for n in plan.registeredInstances where state[Int(n)] == 0 {
            create(Int(n))
            if let e = pendingError { throw e }
        }
        // 1d. Generic objects take their values now that every object exists.
        for n in plan.genericInstances {
            let info = plan.instances[Int(n)]
            let g = unsafeDowncast(objects[Int(info.objectIndex)].unsafelyUnwrapped, to: GenericNibObject.self)
            // Objects without references share the plan's converted values: no allocation.
            if let shared = plan.constantInstanceValues[Int(n)] {
                g.values = shared
                continue
            }
            let start = Int(info.valueStart), end = Int(info.valueEnd)
            guard start < end else { continue }
            g.values = [NibDecodedValue](unsafeUninitializedCapacity: end - start) { buffer, count in
                for v in start..<end {
                    let value = plan.values[v]
                    (buffer.baseAddress! + count).initialize(to: value.hasRefs
                        ? resolve(value, key: nil, requester: nil, weakBackReferences: true)
                        : plan.constantValues[v])
                    count += 1
                }
            }
        }
        // References that were cut by a cycle between registered classes.
        for (requester, key, target) in late {
            if let receiver = objects[Int(plan.instances[requester].objectIndex)] as? NibLateReferenceReceiving,
               let object = objects[target] {
                receiver.nibResolveLateReference(forKey: key, to: object)
            }
        }
        // 2. Connections.
        try connect()
        // 3. Awake.
        for n in plan.awakeOrder {
            let info = plan.instances[Int(n)]
            guard let object = objects[Int(info.objectIndex)] else { continue }
            // Generic objects are known statically: no protocol conformance lookup for them.
            if info.registered == nil {
                unsafeDowncast(object, to: GenericNibObject.self).awakeFromNib()
            } else {
                (object as? NibAwaking)?.awakeFromNib()
            }
        }
        if plan.platform == .macOS {
            for (index, _) in plan.placeholders { (objects[Int(index)] as? NibAwaking)?.awakeFromNib() }
        }
        // 4. Top-level objects, placeholders excluded.
        return plan.topLevel.compactMap { objects[Int($0)] }
    }

    /// Creates registered instance `n` with `init(coder:)`.
    func create(_ n: Int) {
        let info = plan.instances[n]
        guard let type = info.registered?.type else { return }
        state[n] = 1
        let saved = coder.instance
        coder.instance = n
        defer { coder.instance = saved }
        do {
            objects[Int(info.objectIndex)] = try type.init(coder: coder)
            state[n] = 2
        } catch {
            if pendingError == nil { pendingError = error }
            state[n] = 2
        }
    }

    /// The object at archive index `j`, creating it first when it is a registered object not yet created.
    func object(at j: Int, key: String?, requester: Int?) -> AnyObject? {
        if case .instance(let n) = plan.slots[j] {
            switch state[Int(n)] {
            case 0: create(Int(n))
            case 1:
                if let requester, let key { late.append((requester, key, j)) }
                return nil
            default: break
            }
        }
        return objects[j]
    }

    /// A plan value with its references resolved to this instantiation's objects.
    func resolve(_ value: PlanValue, key: String?, requester: Int?, weakBackReferences: Bool = false) -> NibDecodedValue {
        switch value {
        case .int(let v): return .int(v)
        case .bool(let b): return .bool(b)
        case .float(let f): return .float(f)
        case .double(let d): return .double(d)
        case .data(let d): return .data(d)
        case .string(let s): return .string(s)
        case .number(let n): return .number(n)
        case .null: return .null
        case .nib(let t): return .nib(t)
        case .ref(let j):
            guard let o = object(at: Int(j), key: key, requester: requester) else { return .null }
            // The caller owns placeholder replacements (owner, external objects); generic objects hold them weakly.
            if weakBackReferences, case .placeholder = plan.slots[Int(j)] { return .weakObject(NibWeakReference(o)) }
            return .object(o)
        case .weakRef(let j):
            guard let o = object(at: Int(j), key: key, requester: requester) else { return .null }
            return weakBackReferences ? .weakObject(NibWeakReference(o)) : .object(o)
        case .array(let e, _): return .array(e.map { resolve($0, key: key, requester: requester, weakBackReferences: weakBackReferences) })
        case .set(let e, _): return .set(e.map { resolve($0, key: key, requester: requester, weakBackReferences: weakBackReferences) })
        case .dictionary(let e, _):
            var pairs = [NibDecodedPair]()
            pairs.reserveCapacity(e.count / 2)
            var i = 0
            while i + 1 < e.count {
                pairs.append(NibDecodedPair(key: resolve(e[i], key: key, requester: requester, weakBackReferences: weakBackReferences),
                                            value: resolve(e[i + 1], key: key, requester: requester, weakBackReferences: weakBackReferences)))
                i += 2
            }
            return .dictionary(pairs)
        }
    }
}
