import NibArchive

/// A value of the plan: everything already decoded except references to objects of an instantiation.
indirect enum PlanValue: Sendable {
    case int(Int64)
    case bool(Bool)
    case float(Float)
    case double(Double)
    case data([UInt8])
    case string(String)
    case number(NibNumber)
    /// Elements; `refs` says whether any element (deeply) is a reference, i.e. must be rebuilt per instantiation.
    case array([PlanValue], refs: Bool)
    case set([PlanValue], refs: Bool)
    /// Alternating key, value.
    case dictionary([PlanValue], refs: Bool)
    /// An archived object that is created (or replaced) per instantiation.
    case ref(Int32)
    /// A back reference (superview, next responder, constraint item…), held weakly by generic objects.
    case weakRef(Int32)
    case nib(NibTemplate)
    case null

    var hasRefs: Bool {
        switch self {
        case .ref, .weakRef: return true
        case .array(_, let r), .set(_, let r), .dictionary(_, let r): return r
        default: return false
        }
    }

    var stringValue: String? {
        if case .string(let s) = self { return s }
        return nil
    }

    var refIndex: Int? {
        switch self {
        case .ref(let i), .weakRef(let i): return Int(i)
        default: return nil
        }
    }

    /// This value as a `NibDecodedValue`, collections walked, each reference (`.ref`, `.weakRef`) converted by
    /// `reference`. The one conversion behind the plan's constants, registered classes' coder values and
    /// generic objects' values.
    func decoded(reference: (PlanValue) -> NibDecodedValue) -> NibDecodedValue {
        switch self {
        case .int(let v): return .int(v)
        case .bool(let b): return .bool(b)
        case .float(let f): return .float(f)
        case .double(let d): return .double(d)
        case .data(let d): return .data(d)
        case .string(let s): return .string(s)
        case .number(let n): return .number(n)
        case .nib(let t): return .nib(t)
        case .null: return .null
        case .ref, .weakRef: return reference(self)
        case .array(let e, _): return .array(e.map { $0.decoded(reference: reference) })
        case .set(let e, _): return .set(e.map { $0.decoded(reference: reference) })
        case .dictionary(let e, _):
            var pairs = [NibDecodedPair]()
            pairs.reserveCapacity(e.count / 2)
            var i = 0
            while i + 1 < e.count {
                pairs.append(NibDecodedPair(key: e[i].decoded(reference: reference), value: e[i + 1].decoded(reference: reference)))
                i += 2
            }
            return .dictionary(pairs)
        }
    }
}

/// What stands behind an archived object at instantiation time.
enum PlanSlot: Sendable {
    /// Not part of the object graph (root, object data, connection records).
    case structural
    /// A value object (string, number, data, collection, nested nib), decoded into the plan.
    case value
    /// A placeholder replaced at instantiation.
    case placeholder(PlanPlaceholder)
    /// An object created per instantiation; index into `instances`.
    case instance(Int32)
}

/// A placeholder kind.
enum PlanPlaceholder: Sendable, Equatable {
    case owner
    case firstResponder
    case external(String)
    /// AppKit's Application object: the `NSApplication` external object when given, else nil.
    case application
    /// `UIStoryboardPlaceholder`: the `UIStoryboardPlaceholder` external object when given, else nil.
    case storyboard
}

/// A created object's class and values.
struct PlanInstance: Sendable {
    let objectIndex: Int32
    /// The class to report (custom class of a class swapper, else the archived class).
    let className: String
    /// The class a class swapper wraps.
    let originalClassName: String?
    /// The registered type, or nil for a `GenericNibObject`.
    let registered: RegisteredClass?
    /// Range into `valueKeys` / `values`.
    let valueStart: Int32
    let valueEnd: Int32
}

/// One connection, resolved to object indices.
enum PlanConnection: Sendable {
    case outlet(source: Int32, label: String, destination: PlanValue)
    case collection(source: Int32, label: String, destinations: [PlanValue], appending: Bool)
    /// `destination` nil: First Responder.
    case action(source: Int32, selector: String, destination: Int32?, events: UInt64)
    case attribute(object: Int32, keyPath: String, value: PlanValue)

    var sourceIndex: Int32 {
        switch self {
        case .outlet(let s, _, _), .collection(let s, _, _, _), .action(let s, _, _, _), .attribute(let s, _, _): return s
        }
    }
}

/// An outlet the loader sets on a generic object: plan-static, so the object keeps a count, not a copy.
struct PlanOutlet: Sendable {
    let label: String
    /// The destination's graph entry; -1 when the destination is not an object (the outlet is nil).
    let target: Int32
    /// Held strongly (retained when set, released in the object's `deinit`) unless something else keeps the
    /// destination alive or the reference would close a cycle (`InstantiationPlan.strongOutlets`).
    let strong: Bool
}

/// The interned key names of a plan; keys are small integers (the archive's key-table indices).
final class PlanKeys: Sendable {
    let names: [String]
    let lookup: [String: Int32]
    init(names: [String]) {
        self.names = names
        var l = [String: Int32](minimumCapacity: names.count)
        for (i, n) in names.enumerated() where l[n] == nil { l[n] = Int32(i) }
        lookup = l
    }
}

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
    /// Per plan value: the value already converted when it holds no reference (the same for every
    /// instantiation, so instantiations share it instead of rebuilding it); `.null` for values with references.
    /// Holds only scalars, strings, data, numbers, nested templates and collections of those.
    nonisolated(unsafe) let constantValues: [NibDecodedValue]
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
        let constants = values.map { $0.hasRefs ? NibDecodedValue.null : Self.constant($0) }
        self.constantValues = constants
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
            case .array(let e, true), .set(let e, true), .dictionary(let e, true): e.forEach(walk)
            default: break
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

    /// A value without references, converted once.
    static func constant(_ value: PlanValue) -> NibDecodedValue {
        value.decoded { _ in .null }
    }

    /// Builds the plan of `archive`, resolving classes through `registry`.
    static func build(_ archive: NibArchive, registry: NibClassRegistry) throws(NibLoadingError) -> InstantiationPlan {
        var builder = PlanBuilder(archive: archive, registry: registry)
        return try builder.build()
    }
}

/// Builds an `InstantiationPlan` from a verified archive.
struct PlanBuilder {
    let archive: NibArchive
    let registry: NibClassRegistry
    var slots: [PlanSlot] = []
    var instances: [PlanInstance] = []
    var placeholders: [(index: Int32, kind: PlanPlaceholder)] = []
    var valueKeys: [Int32] = []
    var values: [PlanValue] = []
    /// Decoded value objects with how many plan values each expands to when copied (its elements, deeply):
    /// a collection shared by several others is decoded once but copied at every use, so a few hundred bytes
    /// of nested shared arrays could otherwise ask for 2^60 values.
    var valueCache: [Int: (value: PlanValue, size: Int)] = [:]
    var nested: [NibTemplate] = []
    var className: [String] = []
    /// Key indices of the keys the builder asks for, resolved once.
    var keyCache: [String: Int?] = [:]
    var inProgress = Set<Int>()
    /// Value objects (collections) being decoded inside one another; bounded by `maxDepth` because decoding,
    /// converting and freeing plan values recurse once per level.
    var depth = 0
    let maxDepth: Int
    /// Plan values the decoded objects' values expand to so far, bounded by `expansionBudget`.
    var expandedTotal = 0
    let expansionBudget: Int
    /// The first bound exceeded, reported by `build()` as `malformedGraph`.
    var limitExceeded: String?

    static let structuralClasses: Set<String> = [
        "NSIBObjectData", "UIRuntimeOutletConnection", "UIRuntimeOutletCollectionConnection", "UIRuntimeEventConnection",
        "UINibKeyValuePair", "UIRuntimeAccessibilityConfiguration", "NSNibOutletConnector", "NSNibControlConnector",
        "NSNibConnector", "NSNibBindingConnector", "NSIBUserDefinedRuntimeAttributesConnector", "NSIBHelpConnector",
        "NSNibAXAttributeConnector", "NSNibAuxiliaryActionConnector",
    ]
    /// Keys whose references point back up the graph (conditional or weak in UIKit/AppKit); generic objects
    /// hold them weakly so that an instantiated graph has no reference cycles through them.
    static let backReferenceKeys = [
        "UISuperview", "NSSuperview", "NSNextResponder", "UINextResponder", "NSNextKeyView", "UINextKeyView",
        "NSFirstItem", "NSSecondItem", "UILayoutGuideOwningView", "NSControlView", "NSMenu", "UINavigationBar",
        "NSWindow", "UIWindow", "NSOwningView", "UIParentViewController", "NSParentViewController",
        "NSTarget", "NSControlTarget", "NSGestureRecognizer.target", "NSGestureRecognizer.delegate", "NSTableView",
        "NSDelegate", "NSDataSource", "UITarget",
    ]
    static let stringClasses: Set<String> = ["NSString", "NSMutableString", "NSLocalizableString"]
    static let dataClasses: Set<String> = ["NSData", "NSMutableData"]
    static let arrayClasses: Set<String> = ["NSArray", "NSMutableArray", "NSOrderedSet", "NSMutableOrderedSet"]
    static let setClasses: Set<String> = ["NSSet", "NSMutableSet"]
    static let dictionaryClasses: Set<String> = ["NSDictionary", "NSMutableDictionary"]
    static let nibClasses: Set<String> = ["UINib", "NSNib"]

    init(archive: NibArchive, registry: NibClassRegistry, options: NibReadOptions = .init()) {
        self.archive = archive
        self.registry = registry
        maxDepth = options.maxGraphDepth
        // Real nibs expand to about their value count (strings and numbers are copied where they are used).
        expansionBudget = (4 << 20) + 16 * archive.valueCount
    }

    mutating func key(_ name: String) -> Int? {
        if let k = keyCache[name] { return k }
        let k = archive.keyIndex(named: name)
        keyCache[name] = k
        return k
    }

    mutating func raw(_ object: Int, _ name: String) -> NibValue? {
        guard let k = key(name), let v = archive.valueIndex(ofObject: object, keyIndex: k) else { return nil }
        return archive.value(v)
    }

    /// The string held by the NSString object `key` of `object` refers to.
    mutating func string(_ object: Int, _ name: String) -> String? {
        guard case .object(let j)? = raw(object, name) else { return nil }
        return stringObject(j)
    }

    mutating func stringObject(_ j: Int) -> String? {
        guard Self.stringClasses.contains(className[j]) else { return nil }
        if case .data(let b)? = raw(j, "NS.bytes") { return b.string }
        return ""
    }

    mutating func build() throws(NibLoadingError) -> InstantiationPlan {
        let count = archive.objectCount
        guard count > 0 else { throw .malformedGraph("no root object") }
        // Plan indices are Int32, and the expansion budget is 16 x the values: both stay in range.
        guard archive.valueCount <= Int(Int32.max) / 32 else {
            throw .malformedGraph("\(archive.valueCount) values, more than a plan indexes (\(Int(Int32.max) / 32))")
        }
        className = (0..<count).map { archive.className(ofObject: $0) }
        let keyNames = (0..<archive.keyCount).map { archive.key($0) }

        // Platform and the owner object.
        var platform = InstantiationPlan.Platform.iOS
        var objectData: Int?
        var ownerIndex: Int?
        if case .object(let od)? = raw(0, "IB.objectdata"), className[od] == "NSIBObjectData" {
            platform = .macOS
            objectData = od
            if case .object(let r)? = raw(od, "NSRoot") { ownerIndex = r }
        }

        // 1. Classify every object.
        slots = Array(repeating: .structural, count: count)
        for i in 1..<count {
            let cls = className[i]
            if Self.structuralClasses.contains(cls) { continue }
            if Self.stringClasses.contains(cls) || Self.dataClasses.contains(cls) || Self.arrayClasses.contains(cls)
                || Self.setClasses.contains(cls) || Self.dictionaryClasses.contains(cls) || Self.nibClasses.contains(cls)
                || cls == "NSNumber" {
                slots[i] = .value
                continue
            }
            if i == ownerIndex { slots[i] = .placeholder(.owner); continue }
            switch cls {
            case "UIProxyObject":
                let id = string(i, "UIProxiedObjectIdentifier") ?? ""
                switch id {
                case "IBFilesOwner": slots[i] = .placeholder(.owner)
                case "IBFirstResponder": slots[i] = .placeholder(.firstResponder)
                case "UIStoryboardPlaceholder": slots[i] = .placeholder(.storyboard)
                default: slots[i] = .placeholder(.external(id))
                }
                continue
            case "NSNibExternalObjectPlaceholder":
                slots[i] = .placeholder(.external(string(i, "NSExternalObjectPlaceholderIdentifier") ?? ""))
                continue
            default: break
            }
            // A created object: resolve its class.
            var reported = cls
            var original: String?
            var registered: RegisteredClass?
            switch cls {
            case "UIClassSwapper", "NSClassSwapper":
                let prefix = cls == "UIClassSwapper" ? "UI" : "NS"
                let custom = string(i, prefix + "ClassName")
                original = string(i, prefix + "OriginalClassName")
                reported = custom ?? original ?? cls
                registered = custom.flatMap { registry.lookup($0) } ?? original.flatMap { registry.lookup($0) }
            case "NSCustomObject":
                let custom = string(i, "NSClassName") ?? "NSObject"
                if custom == "NSApplication" && registry.lookup(custom) == nil {
                    slots[i] = .placeholder(.application)
                    continue
                }
                original = cls
                reported = custom
                registered = registry.lookup(custom)
            default:
                registered = registry.lookup(cls)
                if registered == nil {
                    let classIndex = archive.object(i).classIndex
                    for f in archive.fallbacks(ofClass: classIndex) {
                        if let r = registry.lookup(archive.className(f)) { registered = r; break }
                    }
                }
            }
            slots[i] = .instance(Int32(instances.count))
            instances.append(PlanInstance(objectIndex: Int32(i), className: reported, originalClassName: original,
                                          registered: registered, valueStart: 0, valueEnd: 0))
        }
        for i in 1..<count { if case .placeholder(let p) = slots[i] { placeholders.append((Int32(i), p)) } }

        // 2. Decode the values of every created object.
        let weakKeys = Set(Self.backReferenceKeys.compactMap { key($0) })
        for n in instances.indices {
            let i = Int(instances[n].objectIndex)
            let start = values.count
            for v in archive.object(i).values {
                var converted = planValue(archive.value(v))
                if case .ref(let j) = converted, weakKeys.contains(archive.valueKeyIndex(v)) { converted = .weakRef(j) }
                valueKeys.append(Int32(archive.valueKeyIndex(v)))
                values.append(converted)
            }
            let old = instances[n]
            instances[n] = PlanInstance(objectIndex: old.objectIndex, className: old.className, originalClassName: old.originalClassName,
                                        registered: old.registered, valueStart: Int32(start), valueEnd: Int32(values.count))
        }

        // 3. Connections, top-level objects, awake order.
        var connections = [PlanConnection]()
        var topLevel = [Int32]()
        var documentOrder = [Int]()
        var ownerOutlets = Set<String>()
        if let od = objectData {
            for c in objectList(od, "NSConnections") {
                guard let source = refValue(c, "NSSource") else { continue }
                let label = string(c, "NSLabel") ?? ""
                switch className[c] {
                case "NSNibOutletConnector":
                    connections.append(.outlet(source: Int32(source), label: label, destination: destination(c, "NSDestination")))
                case "NSNibControlConnector":
                    connections.append(.action(source: Int32(source), selector: label,
                                               destination: refValue(c, "NSDestination").map(Int32.init), events: 0))
                default: break
                }
            }
            for c in objectList(od, "NSConnections") where className[c] == "NSIBUserDefinedRuntimeAttributesConnector" {
                guard let target = refValue(c, "NSObject") else { continue }
                let paths = objectList(c, "NSKeyPaths")
                let vals = objectList(c, "NSValues")
                for (p, v) in zip(paths, vals) {
                    if let path = stringObject(p) {
                        connections.append(.attribute(object: Int32(target), keyPath: path, value: planValue(.object(v))))
                    }
                }
            }
            let keysList = objectList(od, "NSObjectsKeys")
            let parents = objectList(od, "NSObjectsValues")
            documentOrder = keysList
            for (k, p) in zip(keysList, parents) where p == ownerIndex {
                if case .instance = slots[k] { topLevel.append(Int32(k)) }
            }
        } else {
            for c in objectList(0, "UINibConnectionsKey") {
                guard let source = refValue(c, "UISource") else { continue }
                let label = string(c, "UILabel") ?? ""
                switch className[c] {
                case "UIRuntimeOutletConnection":
                    connections.append(.outlet(source: Int32(source), label: label, destination: destination(c, "UIDestination")))
                case "UIRuntimeOutletCollectionConnection":
                    var dests = [PlanValue]()
                    if case .object(let a)? = raw(c, "UIDestination") {
                        if case .array(let elements, _) = planValue(.object(a)) { dests = elements }
                        else if case .set(let elements, _) = planValue(.object(a)) { dests = elements }
                    }
                    var appending = false
                    if case .bool(let b)? = raw(c, "addsContentToExistingCollection") { appending = b }
                    connections.append(.collection(source: Int32(source), label: label, destinations: dests, appending: appending))
                case "UIRuntimeEventConnection":
                    var mask: UInt64 = 0
                    if case .int(let m)? = raw(c, "UIEventMask") { mask = UInt64(bitPattern: m) }
                    let dest = refValue(c, "UIDestination")
                    let target: Int32? = dest.flatMap { d in
                        if case .placeholder(.firstResponder) = slots[d] { return nil }
                        return Int32(d)
                    }
                    connections.append(.action(source: Int32(source), selector: label, destination: target, events: mask))
                default: break
                }
            }
            for c in objectList(0, "UINibKeyValuePairsKey") where className[c] == "UINibKeyValuePair" {
                guard let target = refValue(c, "UIObject"), let path = string(c, "UIKeyPath") else { continue }
                connections.append(.attribute(object: Int32(target), keyPath: path, value: raw(c, "UIValue").map { planValue($0) } ?? .null))
            }
            for c in objectList(0, "UINibAccessibilityConfigurationsKey") where className[c] == "UIRuntimeAccessibilityConfiguration" {
                guard let target = refValue(c, "UIAccessibileObject") else { continue }
                for (key, path) in [("UIAccessibilityLabel", "accessibilityLabel"), ("UIAccessibilityIdentifier", "accessibilityIdentifier"),
                                    ("UIAccessibilityHint", "accessibilityHint"), ("UIAccessibilityValue", "accessibilityValue"),
                                    ("UIIsAccessibilityElement", "isAccessibilityElement"), ("UIAccessibilityTraits", "accessibilityTraits")] {
                    if let v = raw(c, key) {
                        connections.append(.attribute(object: Int32(target), keyPath: path, value: planValue(v)))
                    }
                }
            }
            for t in objectList(0, "UINibTopLevelObjectsKey") {
                if case .instance = slots[t] { topLevel.append(Int32(t)) }
            }
            documentOrder = objectList(0, "UINibObjectsKey")
        }
        for case .outlet(let s, let label, _) in connections where slots[Int(s)].isOwner { ownerOutlets.insert(label) }

        var awake = [Int32]()
        var seen = Array(repeating: false, count: instances.count)
        for i in documentOrder {
            if case .instance(let n) = slots[i], !seen[Int(n)] { seen[Int(n)] = true; awake.append(n) }
        }
        for n in instances.indices where !seen[n] { awake.append(Int32(n)) }

        if let limitExceeded { throw .malformedGraph(limitExceeded) }
        let (owned, tree) = assignOwnership(topLevel: topLevel)
        let (strongOutlets, strongCollectionElements) = strongOutlets(connections, owned: owned, tree: tree)
        return InstantiationPlan(platform: platform, slots: slots, instances: instances, placeholders: placeholders,
                                 keys: PlanKeys(names: keyNames), valueKeys: valueKeys, values: values, connections: connections,
                                 topLevel: topLevel, awakeOrder: awake, ownerOutletLabels: ownerOutlets, nestedNibs: nested,
                                 strongOutlets: strongOutlets, strongCollectionElements: strongCollectionElements)
    }

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
            case .array(let e, true): return .array(e.map { rewrite($0, queue: &queue) }, refs: true)
            case .set(let e, true): return .set(e.map { rewrite($0, queue: &queue) }, refs: true)
            case .dictionary(let e, true): return .dictionary(e.map { rewrite($0, queue: &queue) }, refs: true)
            default: return v
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

    /// The object referenced by `key` of `object` when it is created or a placeholder.
    mutating func refValue(_ object: Int, _ name: String) -> Int? {
        guard case .object(let j)? = raw(object, name) else { return nil }
        switch slots[j] {
        case .instance, .placeholder: return j
        default: return nil
        }
    }

    mutating func destination(_ object: Int, _ name: String) -> PlanValue {
        guard let v = raw(object, name) else { return .null }
        return planValue(v)
    }

    /// The element object indices of the collection `key` of `object` refers to.
    mutating func objectList(_ object: Int, _ name: String) -> [Int] {
        guard case .object(let a)? = raw(object, name) else { return [] }
        return collectionElements(a).compactMap { v in
            if case .object(let j) = archive.value(v) { return j }
            return nil
        }
    }

    /// Value indices of the elements of collection object `a` (inlined or keyed form).
    func collectionElements(_ a: Int) -> [Int] {
        var result = [Int]()
        var keyed = [(Int, Int)]()
        for v in archive.object(a).values {
            let k = archive.keyBytes(archive.valueKeyIndex(v))
            if k.equals("UINibEncoderEmptyKey") {
                result.append(v)
            } else if k.count > 10, k.string.hasPrefix("NS.object."), let n = Int(k.string.dropFirst(10)) {
                keyed.append((n, v))
            }
        }
        if !keyed.isEmpty {
            result.append(contentsOf: keyed.sorted { $0.0 < $1.0 }.map(\.1))
        }
        return result
    }

    /// Converts an archived value into a plan value, decoding value objects.
    mutating func planValue(_ value: NibValue) -> PlanValue {
        switch value {
        case .int(let v): return .int(v)
        case .bool(let b): return .bool(b)
        case .float(let f): return .float(f)
        case .double(let d): return .double(d)
        case .data(let b): return .data(b.copyBytes())
        case .null: return .null
        case .object(let j):
            switch slots[j] {
            case .structural: return .null
            case .instance, .placeholder: return .ref(Int32(j))
            case .value:
                let value = valueObject(j)
                // Only values used outside a value object count: the objects' own elements are in their size.
                if depth == 0 {
                    expandedTotal = expandedTotal &+ (valueCache[j]?.size ?? 1)
                    if expandedTotal > expansionBudget && limitExceeded == nil {
                        limitExceeded = "value objects expand to more than \(expansionBudget) values (collections shared inside one another)"
                    }
                }
                return value
            }
        }
    }

    mutating func valueObject(_ j: Int) -> PlanValue {
        if let cached = valueCache[j] { return cached.value }
        if inProgress.contains(j) { return .null }
        guard depth < maxDepth, limitExceeded == nil else {
            if limitExceeded == nil { limitExceeded = "value objects nested deeper than \(maxDepth) levels (object \(j))" }
            return .null
        }
        inProgress.insert(j)
        depth += 1
        defer { inProgress.remove(j); depth -= 1 }
        let cls = className[j]
        let result: PlanValue
        // Plan values this object expands to: 1, plus its elements' for collections.
        var size = 1
        if Self.stringClasses.contains(cls) {
            result = .string(stringObject(j) ?? "")
        } else if Self.dataClasses.contains(cls) {
            if case .data(let b)? = raw(j, "NS.bytes") { result = .data(b.copyBytes()) } else { result = .data([]) }
        } else if cls == "NSNumber" {
            if case .int(let v)? = raw(j, "NS.intval") { result = .number(.int(v)) }
            else if case .double(let d)? = raw(j, "NS.dblval") { result = .number(.double(d)) }
            else if case .float(let f)? = raw(j, "NS.dblval") { result = .number(.double(Double(f))) }
            else if case .bool(let b)? = raw(j, "NS.boolval") { result = .number(.bool(b)) }
            else if case .int(let v)? = raw(j, "NS.boolval") { result = .number(.bool(v != 0)) }
            else { result = .number(.int(0)) }
        } else if Self.nibClasses.contains(cls) {
            var bytes: [UInt8]?
            for k in ["archiveData", "NSNibFileData"] {
                if case .object(let d)? = raw(j, k), case .data(let b) = valueObject(d) { bytes = b }
                else if case .data(let b)? = raw(j, k) { bytes = b.copyBytes() }
                if bytes != nil { break }
            }
            if let bytes {
                let t = NibTemplate(nestedBytes: bytes, registry: registry)
                nested.append(t)
                result = .nib(t)
            } else {
                result = .null
            }
        } else {
            var elements = [PlanValue]()
            var refs = false
            for v in collectionElements(j) {
                let value = archive.value(v)
                let e = planValue(value)
                refs = refs || e.hasRefs
                elements.append(e)
                if case .object(let k) = value, let s = valueCache[k]?.size { size = size &+ s } else { size = size &+ 1 }
            }
            if Self.setClasses.contains(cls) { result = .set(elements, refs: refs) }
            else if Self.dictionaryClasses.contains(cls) { result = .dictionary(elements, refs: refs) }
            else { result = .array(elements, refs: refs) }
        }
        // Saturates well below overflow: past the budget the build fails anyway.
        valueCache[j] = (result, min(size, expansionBudget &+ 1))
        return result
    }
}

extension PlanSlot {
    var isOwner: Bool {
        if case .placeholder(.owner) = self { return true }
        return false
    }
}
