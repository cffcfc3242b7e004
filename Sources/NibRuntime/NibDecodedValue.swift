import NibArchive

/// An archived `NSNumber`.
public enum NibNumber: Sendable, Hashable {
    /// `NS.intval`.
    case int(Int64)
    /// `NS.dblval`.
    case double(Double)
    /// `NS.boolval`.
    case bool(Bool)

    /// The value as an integer (doubles truncated, booleans 0/1).
    public var int64Value: Int64 {
        switch self {
        case .int(let v): return v
        case .double(let v): return v.isFinite ? Int64(exactly: v.rounded(.towardZero)) ?? 0 : 0
        case .bool(let b): return b ? 1 : 0
        }
    }

    /// The value as a double.
    public var doubleValue: Double {
        switch self {
        case .int(let v): return Double(v)
        case .double(let v): return v
        case .bool(let b): return b ? 1 : 0
        }
    }

    /// The value as a boolean (non-zero is true).
    public var boolValue: Bool { doubleValue != 0 }
}

/// One decoded value of an instantiated graph: scalars, strings, numbers, data, collections and
/// references to the instances of this instantiation.
public enum NibDecodedValue: CustomStringConvertible {
    /// An integer value (types 0–3).
    case int(Int64)
    /// A boolean value (types 4/5).
    case bool(Bool)
    /// A float32 value.
    case float(Float)
    /// A float64 value.
    case double(Double)
    /// Raw bytes (type-8 values and `NSData` objects): a view into the template's archive, which every
    /// instantiation shares; `Array(bytes)` copies them.
    case data(NibBytes)
    /// An `NSString`, `NSMutableString` or `NSLocalizableString`.
    case string(String)
    /// An `NSNumber`.
    case number(NibNumber)
    /// An inlined `NSArray` / `NSMutableArray`, or an `NSOrderedSet`.
    case array([NibDecodedValue])
    /// An `NSSet` / `NSMutableSet`, in archived order.
    case set([NibDecodedValue])
    /// An `NSDictionary` / `NSMutableDictionary` as key–value pairs in archived order.
    case dictionary([NibDecodedPair])
    /// An object created by this instantiation, or a placeholder's replacement.
    case object(AnyObject)
    /// A back reference (superview, next responder, constraint item…) that a generic object holds weakly.
    case weakObject(NibWeakReference)
    /// A nested nib (`UINib` / `NSNib` with archived bytes), instantiated on demand.
    case nib(NibTemplate)
    /// nil (also a reference to the First Responder or to a nil owner).
    case null

    /// The object, when this is an object reference.
    public var object: AnyObject? {
        switch self {
        case .object(let o): return o
        case .weakObject(let w): return w.object
        default: return nil
        }
    }

    /// The string, when this is a string.
    public var string: String? {
        if case .string(let s) = self { return s }
        return nil
    }

    /// An integer view of scalar and number values.
    public var int64: Int64? {
        switch self {
        case .int(let v): return v
        case .bool(let b): return b ? 1 : 0
        case .number(let n): return n.int64Value
        default: return nil
        }
    }

    /// A floating-point view of scalar and number values.
    public var double: Double? {
        switch self {
        case .int(let v): return Double(v)
        case .float(let v): return Double(v)
        case .double(let v): return v
        case .number(let n): return n.doubleValue
        default: return nil
        }
    }

    /// The elements of an array or set.
    public var elements: [NibDecodedValue]? {
        switch self {
        case .array(let a), .set(let a): return a
        default: return nil
        }
    }

    /// A short debugging rendering.
    public var description: String {
        switch self {
        case .int(let v): return "\(v)"
        case .bool(let b): return "\(b)"
        case .float(let f): return "\(f)f"
        case .double(let d): return "\(d)"
        case .data(let d): return "<\(d.count) bytes>"
        case .string(let s): return "\"\(s)\""
        case .number(let n): return "@\(n)"
        case .array(let a): return "[" + a.map(\.description).joined(separator: ", ") + "]"
        case .set(let a): return "{" + a.map(\.description).joined(separator: ", ") + "}"
        case .dictionary(let d): return "[" + d.map { "\($0.key): \($0.value)" }.joined(separator: ", ") + "]"
        case .object(let o): return "<\(NibRuntimeNames.className(of: o))>"
        case .weakObject(let w): return w.object.map { "weak <\(NibRuntimeNames.className(of: $0))>" } ?? "weak nil"
        case .nib: return "<nested nib>"
        case .null: return "nil"
        }
    }
}

/// A weak reference kept by a generic object for a back reference; a struct, so storing it allocates nothing.
///
/// A reference to a generic object is its entry in the instantiation's object graph, checked against the
/// object's liveness (no Swift weak reference, hence no side-table allocation per referenced object); other
/// objects (placeholders, registered classes, outside objects) are held by a Swift weak reference.
public struct NibWeakReference {
    private weak var native: AnyObject?
    private let graph: NibObjectGraph?
    private let entry: Int32

    /// The referenced object, while something else keeps it alive.
    public var object: AnyObject? {
        if let graph { return graph.weakObject(Int(entry)) }
        return native
    }

    init(_ object: AnyObject) {
        if let g = object as? GenericNibObject {
            native = nil
            graph = g.graph
            entry = g.entry
        } else {
            native = object
            graph = nil
            entry = -1
        }
    }

    init(graph: NibObjectGraph, entry: Int) {
        native = nil
        self.graph = graph
        self.entry = Int32(entry)
    }
}

/// One key–value pair of a decoded dictionary.
public struct NibDecodedPair {
    /// The key (usually a string).
    public var key: NibDecodedValue
    /// The value.
    public var value: NibDecodedValue
    /// Creates a pair.
    public init(key: NibDecodedValue, value: NibDecodedValue) { self.key = key; self.value = value }
}

/// Class names of runtime objects, as used in error messages.
enum NibRuntimeNames {
    static func className(of object: AnyObject) -> String {
        if let g = object as? GenericNibObject { return g.className }
        return String(reflecting: type(of: object))
    }
}

extension NibDecodedValue {
    /// This value with every object reference inside it (collections included) held weakly. Nesting is bounded
    /// by plan decoding (`NibReadOptions.maxGraphDepth`).
    func weakeningObjects() -> NibDecodedValue {
        switch self {
        case .object(let object): return .weakObject(NibWeakReference(object))
        case .array(let elements): return .array(elements.map { $0.weakeningObjects() })
        case .set(let elements): return .set(elements.map { $0.weakeningObjects() })
        case .dictionary(let pairs):
            return .dictionary(pairs.map { NibDecodedPair(key: $0.key.weakeningObjects(), value: $0.value.weakeningObjects()) })
        default: return self
        }
    }
}
