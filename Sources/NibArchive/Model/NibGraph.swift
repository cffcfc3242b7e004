/// An owned, mutable NIBArchive object graph: what the writer serialises and what the compiler builds.
///
/// Object 0 is the root. References between objects are indices into `objects`.
/// The graph carries no table layout except the optional `layout` hint, which a decoded
/// archive fills in so that writing it back reproduces the original bytes.
public struct NibGraph: Sendable, Equatable {
    /// The coder version written into the header (10 for current ibtool output, 9 for older).
    public var coderVersion: UInt32
    /// Every object; index 0 is the root.
    public var objects: [NibObject]
    /// Fallback classes per class name (`UIColor` → [`NSColor`]); written into the class-name table.
    public var classFallbacks: [String: [String]]
    /// Whether the archive ends with the 4-byte `LNE` trailer (§2.7).
    public var hasLNETrailer: Bool
    /// Table order of the archive this graph was decoded from, used by the writer to reproduce it.
    public var layout: NibTableLayout?

    /// Creates a graph; `objects[0]`, when present, is the root.
    public init(coderVersion: UInt32 = 10, objects: [NibObject] = [], classFallbacks: [String: [String]] = [:],
                hasLNETrailer: Bool = false, layout: NibTableLayout? = nil) {
        self.coderVersion = coderVersion
        self.objects = objects
        self.classFallbacks = classFallbacks
        self.hasLNETrailer = hasLNETrailer
        self.layout = layout
    }

    /// Appends an object and returns its index.
    @discardableResult
    public mutating func add(_ object: NibObject) -> Int {
        objects.append(object)
        return objects.count - 1
    }

    /// Points every plain and conditional reference at the object `target` gives for it, where it gives one
    /// (a merged duplicate's references moved to the object it merged into); other values stay as they are.
    ///
    /// - Parameter target: the new object index for a referenced index, or nil to leave that reference alone.
    public mutating func redirectReferences(_ target: (Int) -> Int?) {
        for o in objects.indices {
            for e in objects[o].entries.indices {
                switch objects[o].entries[e].value {
                case .object(let t): if let n = target(t) { objects[o].entries[e].value = .object(n) }
                case .conditionalObject(let t): if let n = target(t) { objects[o].entries[e].value = .conditionalObject(n) }
                default: break
                }
            }
        }
    }
}

/// One archived object: its class name and its values in `encodeWithCoder:` order.
public struct NibObject: Sendable, Equatable {
    /// The archived class name (for example `UILabel`, `NSString`).
    public var className: String
    /// The object's key/value entries, in order; keys repeat only in collections.
    public var entries: [NibEntry]

    /// Creates an object of `className` with `entries`.
    public init(className: String, entries: [NibEntry] = []) {
        self.className = className
        self.entries = entries
    }

    /// The first value stored under `key`, if any.
    public func value(forKey key: String) -> NibGraphValue? {
        entries.first(where: { $0.key == key })?.value
    }

    /// Appends an entry.
    public mutating func append(_ key: String, _ value: NibGraphValue) {
        entries.append(NibEntry(key: key, value: value))
    }
}

/// One key/value entry of an object.
public struct NibEntry: Sendable, Equatable {
    /// The key string.
    public var key: String
    /// The typed value.
    public var value: NibGraphValue

    /// Creates an entry.
    public init(key: String, value: NibGraphValue) {
        self.key = key
        self.value = value
    }
}

/// An owned value of the graph model.
public enum NibGraphValue: Sendable, Equatable {
    /// An integer; the writer picks the width by the ibtool rule unless `fixedWidthInteger` is used.
    case int(Int64)
    /// An integer written with an explicit width type (only `.int8` … `.int64` are valid).
    case fixedWidthInteger(Int64, NibValueType)
    /// A boolean (types 4 and 5).
    case bool(Bool)
    /// A 32-bit float.
    case float(Float)
    /// A 64-bit float.
    case double(Double)
    /// A byte string (type 8).
    case data([UInt8])
    /// nil (type 9).
    case null
    /// A reference to `objects[index]`.
    case object(Int)
    /// A conditional reference (`encodeConditionalObject:`): written as a reference only if the
    /// target is archived through some unconditional reference, otherwise as nil. The ordering walk
    /// does not descend through it (§5.5).
    case conditionalObject(Int)

    /// The archived type code of this value (conditional references count as object references).
    public var valueType: NibValueType {
        switch self {
        case .int(let v): return NibValueType.integerType(for: v)
        case .fixedWidthInteger(_, let t): return t
        case .bool(let b): return b ? .boolTrue : .boolFalse
        case .float: return .float32
        case .double: return .float64
        case .data: return .data
        case .null: return .null
        case .object, .conditionalObject: return .objectReference
        }
    }

    /// The referenced object index for either kind of reference.
    public var objectIndex: Int? {
        switch self {
        case .object(let i), .conditionalObject(let i): return i
        default: return nil
        }
    }
}

/// The table order of a decoded archive: the key table and the class-name table as they were.
public struct NibTableLayout: Sendable, Equatable {
    /// Key strings in key-table order.
    public var keys: [String]
    /// Class names with their fallback class names, in class-table order.
    public var classes: [(name: String, fallbacks: [Int])]
    /// Value-range start written for objects with no values (ibtool writes 0).
    public var emptyObjectFirstValue: [Int: Int]

    /// Creates a layout hint.
    public init(keys: [String], classes: [(name: String, fallbacks: [Int])], emptyObjectFirstValue: [Int: Int] = [:]) {
        self.keys = keys
        self.classes = classes
        self.emptyObjectFirstValue = emptyObjectFirstValue
    }

    public static func == (a: NibTableLayout, b: NibTableLayout) -> Bool {
        a.keys == b.keys && a.emptyObjectFirstValue == b.emptyObjectFirstValue
            && a.classes.count == b.classes.count
            && zip(a.classes, b.classes).allSatisfy { $0.name == $1.name && $0.fallbacks == $1.fallbacks }
    }
}
