import NibArchive
/// Reads the archived values of the object being created, for `NibDecodable.init(coder:)`.
///
/// Valid only during the `init(coder:)` call it is passed to. Missing keys give NSCoder's defaults
/// (0, false, nil); integer, boolean and floating-point requests accept each other's encodings.
public final class NibCoder {
    unowned let run: InstantiationRun
    var instance: Int = 0

    init(run: InstantiationRun) { self.run = run }

    var plan: InstantiationPlan { run.plan }
    var info: PlanInstance { plan.instances[instance] }

    /// The archived class name (a class swapper's custom class).
    public var className: String { info.className }
    /// A class swapper's original class, if any.
    public var originalClassName: String? { info.originalClassName }

    /// Every key of the object, in archived order.
    public var allKeys: [String] {
        let i = info
        return (Int(i.valueStart)..<Int(i.valueEnd)).map { plan.keys.names[Int(plan.valueKeys[$0])] }
    }

    func planValue(forKey key: String) -> PlanValue? {
        guard let k = plan.keys.lookup[key] else { return nil }
        let i = info
        var v = Int(i.valueStart)
        let end = Int(i.valueEnd)
        let keys = plan.valueKeys
        while v < end {
            if keys[v] == k { return plan.values[v] }
            v += 1
        }
        return nil
    }

    /// Whether the object has a value for `key`.
    public func containsValue(forKey key: String) -> Bool { planValue(forKey: key) != nil }

    /// The value of `key`, with references resolved to this instantiation's objects.
    public func decodeValue(forKey key: String) -> NibDecodedValue? {
        guard let v = planValue(forKey: key) else { return nil }
        return run.resolve(v, key: key, requester: instance)
    }

    /// A boolean (non-zero integers count as true).
    public func decodeBool(forKey key: String) -> Bool {
        switch planValue(forKey: key)?.constantValue {
        case .bool(let b)?: return b
        case .int(let v)?: return v != 0
        case .number(let n)?: return n.boolValue
        default: return false
        }
    }

    /// A 64-bit integer (booleans as 0/1).
    public func decodeInt64(forKey key: String) -> Int64 {
        switch planValue(forKey: key)?.constantValue {
        case .int(let v)?: return v
        case .bool(let b)?: return b ? 1 : 0
        case .number(let n)?: return n.int64Value
        default: return 0
        }
    }

    /// An integer.
    public func decodeInteger(forKey key: String) -> Int { Int(truncatingIfNeeded: decodeInt64(forKey: key)) }

    /// A 32-bit integer.
    public func decodeInt32(forKey key: String) -> Int32 { Int32(truncatingIfNeeded: decodeInt64(forKey: key)) }

    /// A double (floats and integers accepted).
    public func decodeDouble(forKey key: String) -> Double {
        switch planValue(forKey: key)?.constantValue {
        case .double(let d)?: return d
        case .float(let f)?: return Double(f)
        case .int(let v)?: return Double(v)
        case .number(let n)?: return n.doubleValue
        default: return 0
        }
    }

    /// A float.
    public func decodeFloat(forKey key: String) -> Float { Float(decodeDouble(forKey: key)) }

    /// A string object (`NSString`, `NSMutableString`, `NSLocalizableString`).
    public func decodeString(forKey key: String) -> String? { planValue(forKey: key)?.constantValue?.string }

    /// Raw bytes (type-8 value or `NSData` object), copied.
    public func decodeBytes(forKey key: String) -> [UInt8]? { decodeByteView(forKey: key).map { $0.copyBytes() } }

    /// Raw bytes (type-8 value or `NSData` object) as a view into the template's archive, without a copy.
    public func decodeByteView(forKey key: String) -> NibBytes? {
        if case .data(let d)? = planValue(forKey: key)?.constantValue { return d }
        return nil
    }

    /// An `NSNumber` object.
    public func decodeNumber(forKey key: String) -> NibNumber? {
        if case .number(let n)? = planValue(forKey: key)?.constantValue { return n }
        return nil
    }

    /// The created object (or placeholder replacement) referenced by `key`; nil for nil, First Responder,
    /// value objects and references into a cycle still being created.
    public func decodeObject(forKey key: String) -> AnyObject? {
        switch planValue(forKey: key) {
        case .ref(let j)?, .weakRef(let j)?: return run.object(at: Int(j), key: key, requester: instance)
        case .constant(.nib(let t))?: return t
        default: return nil
        }
    }

    /// An array (inlined `NSArray`/`NSMutableArray`, or `NSOrderedSet`).
    public func decodeArray(forKey key: String) -> [NibDecodedValue]? {
        if case .array(let a)? = decodeValue(forKey: key) { return a }
        return nil
    }

    /// The objects of an array, set or ordered set (non-object elements skipped).
    public func decodeObjects(forKey key: String) -> [AnyObject] {
        decodeValue(forKey: key)?.elements?.compactMap(\.object) ?? []
    }

    /// A set (`NSSet` keyed form or `NSMutableSet` inlined form), in archived order.
    public func decodeSet(forKey key: String) -> [NibDecodedValue]? {
        if case .set(let a)? = decodeValue(forKey: key) { return a }
        return nil
    }

    /// A dictionary as pairs, in archived order.
    public func decodeDictionary(forKey key: String) -> [NibDecodedPair]? {
        if case .dictionary(let d)? = decodeValue(forKey: key) { return d }
        return nil
    }

    /// A dictionary whose keys are strings.
    public func decodeStringKeyedDictionary(forKey key: String) -> [String: NibDecodedValue]? {
        guard let pairs = decodeDictionary(forKey: key) else { return nil }
        var result = [String: NibDecodedValue]()
        for p in pairs { if let k = p.key.string { result[k] = p.value } }
        return result
    }

    func geometry(_ key: String, count: Int) -> [Double]? {
        let elements: [Double]?
        switch planValue(forKey: key)?.constantValue {
        case .data(let d)?: elements = NibGeometry.elements(packed: d)
        case .string(let s)?: elements = NibGeometry.elements(string: s)
        default: elements = nil
        }
        guard let elements, elements.count == count else { return nil }
        return elements
    }

    /// A point (packed struct or `{x, y}` string); `.zero` when missing.
    public func decodePoint(forKey key: String) -> NibPoint {
        guard let e = geometry(key, count: 2) else { return .zero }
        return NibPoint(x: e[0], y: e[1])
    }

    /// A size (packed struct or `{w, h}` string); `.zero` when missing.
    public func decodeSize(forKey key: String) -> NibSize {
        guard let e = geometry(key, count: 2) else { return .zero }
        return NibSize(width: e[0], height: e[1])
    }

    /// A rectangle (packed struct or `{{x, y}, {w, h}}` string); `.zero` when missing.
    public func decodeRect(forKey key: String) -> NibRect {
        guard let e = geometry(key, count: 4) else { return .zero }
        return NibRect(x: e[0], y: e[1], width: e[2], height: e[3])
    }

    /// Edge insets (packed struct or `{t, l, b, r}` string); `.zero` when missing.
    public func decodeEdgeInsets(forKey key: String) -> NibEdgeInsets {
        guard let e = geometry(key, count: 4) else { return .zero }
        return NibEdgeInsets(top: e[0], left: e[1], bottom: e[2], right: e[3])
    }
}
