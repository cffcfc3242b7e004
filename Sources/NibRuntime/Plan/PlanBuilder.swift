import NibArchive

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
    /// The translations of `NSLocalizableString`s, shared with nested nibs.
    var localizedStrings: NibLocalizedStrings?
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
    /// hold them weakly so that an instantiated graph has no reference cycles through them: the shared
    /// `BackReferenceKeys`, and keys the runtime holds weakly on every class (`NSMenu` and `NSTableView` point
    /// back from a menu item or a table column; the inspector treats them as links on those classes only).
    static let backReferenceKeys = BackReferenceKeys.all.union([
        "NSMenu", "UINavigationBar", "UIWindow", "NSOwningView", "NSParentViewController", "NSTableView", "UITarget",
    ])

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
        guard FoundationClasses.strings.contains(className[j]) else { return nil }
        // A Base-localized string: its translation (`NSKey` in the table), else the development text below.
        if let localizedStrings, className[j] == "NSLocalizableString", let key = string(j, "NSKey"),
           let translated = localizedStrings.string(forKey: key) {
            return translated
        }
        if case .data(let b)? = raw(j, FoundationKeys.bytes) { return b.string }
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

        classifyObjects(ownerIndex: ownerIndex)
        decodeInstanceValues()
        let table = objectData.map { appKitConnections(objectData: $0, ownerIndex: ownerIndex) } ?? uiKitConnections()

        var ownerOutlets = Set<String>()
        for case .outlet(let s, let label, _) in table.connections where slots[Int(s)].isOwner { ownerOutlets.insert(label) }
        // awakeFromNib order: document order, then any instance the document order does not list.
        var awake = [Int32]()
        var seen = Array(repeating: false, count: instances.count)
        for i in table.documentOrder {
            if case .instance(let n) = slots[i], !seen[Int(n)] { seen[Int(n)] = true; awake.append(n) }
        }
        for n in instances.indices where !seen[n] { awake.append(Int32(n)) }

        if let limitExceeded { throw .malformedGraph(limitExceeded) }
        let (owned, tree) = assignOwnership(topLevel: table.topLevel)
        let (strongOutlets, strongCollectionElements) = strongOutlets(table.connections, owned: owned, tree: tree)
        return InstantiationPlan(platform: platform, slots: slots, instances: instances, placeholders: placeholders,
                                 keys: PlanKeys(names: keyNames), valueKeys: valueKeys, values: values,
                                 connections: table.connections, topLevel: table.topLevel, awakeOrder: awake,
                                 ownerOutletLabels: ownerOutlets, nestedNibs: nested,
                                 strongOutlets: strongOutlets, strongCollectionElements: strongCollectionElements)
    }
}
