import NibArchive

/// A value of the plan. Everything without a reference to an object of an instantiation is converted once,
/// while the plan is built, into the `NibDecodedValue` that every instantiation shares (`.constant`); only
/// references and the collections holding them stay plan values, resolved per instantiation.
///
/// `@unchecked Sendable`: a constant holds only scalars, strings, data, numbers, nested templates and
/// collections of those (never `.object` or `.weakObject`), all immutable values.
indirect enum PlanValue: @unchecked Sendable {
    case constant(NibDecodedValue)
    /// A collection with at least one element (deeply) holding a reference.
    case array([PlanValue])
    case set([PlanValue])
    /// Alternating key, value.
    case dictionary([PlanValue])
    /// An archived object that is created (or replaced) per instantiation.
    case ref(Int32)
    /// A back reference (superview, next responder, constraint item…), held weakly by generic objects.
    case weakRef(Int32)

    static let null = PlanValue.constant(.null)

    /// The kind of a collection value object.
    enum CollectionKind { case array, set, dictionary }

    /// A collection of `elements`: a constant when no element holds a reference.
    static func collection(_ kind: CollectionKind, _ elements: [PlanValue]) -> PlanValue {
        if elements.allSatisfy({ !$0.hasRefs }) {
            let constants = elements.map { $0.decoded { _ in .null } }
            switch kind {
            case .array: return .constant(.array(constants))
            case .set: return .constant(.set(constants))
            case .dictionary: return .constant(.dictionary(NibDecodedPair.pairs(constants)))
            }
        }
        switch kind {
        case .array: return .array(elements)
        case .set: return .set(elements)
        case .dictionary: return .dictionary(elements)
        }
    }

    var hasRefs: Bool {
        if case .constant = self { return false }
        return true
    }

    /// The shared value, when this holds no reference.
    var constantValue: NibDecodedValue? {
        if case .constant(let c) = self { return c }
        return nil
    }

    var refIndex: Int? {
        switch self {
        case .ref(let i), .weakRef(let i): return Int(i)
        default: return nil
        }
    }

    /// The elements of an array or set value (constant or not), as plan values.
    var collectionElements: [PlanValue]? {
        switch self {
        case .array(let e), .set(let e): return e
        case .constant(.array(let e)), .constant(.set(let e)): return e.map { .constant($0) }
        default: return nil
        }
    }

    /// This value as a `NibDecodedValue`, each reference (`.ref`, `.weakRef`) converted by `reference`;
    /// a constant is returned as it is, not converted again.
    func decoded(reference: (PlanValue) -> NibDecodedValue) -> NibDecodedValue {
        switch self {
        case .constant(let c): return c
        case .ref, .weakRef: return reference(self)
        case .array(let e): return .array(e.map { $0.decoded(reference: reference) })
        case .set(let e): return .set(e.map { $0.decoded(reference: reference) })
        case .dictionary(let e): return .dictionary(NibDecodedPair.pairs(e.map { $0.decoded(reference: reference) }))
        }
    }
}

extension NibDecodedPair {
    /// Pairs from alternating keys and values (an odd last element is dropped).
    static func pairs(_ alternating: [NibDecodedValue]) -> [NibDecodedPair] {
        var pairs = [NibDecodedPair]()
        pairs.reserveCapacity(alternating.count / 2)
        var i = 0
        while i + 1 < alternating.count {
            pairs.append(NibDecodedPair(key: alternating[i], value: alternating[i + 1]))
            i += 2
        }
        return pairs
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

/// What step 3 of plan building reads from either platform's connection tables: the connections (outlets,
/// collections, actions, runtime attributes), the top-level objects and the document order.
struct PlanConnectionTable {
    var connections: [PlanConnection] = []
    var topLevel: [Int32] = []
    /// Objects in document order (awakeFromNib follows it).
    var documentOrder: [Int] = []
}

extension PlanSlot {
    var isOwner: Bool {
        if case .placeholder(.owner) = self { return true }
        return false
    }
}
