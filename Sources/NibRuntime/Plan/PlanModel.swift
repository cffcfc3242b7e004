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
