/// The object the loader creates for an archived class with no registered Swift type: it keeps the class
/// name, every decoded value by key, and records the outlets, actions and runtime attributes it receives.
///
/// Values hold their objects strongly except back references (superview, next responder, constraint items,
/// owning view…) and references to placeholders, which are `.weakObject`; action targets are weak; outlets are
/// weak when the target is kept alive by the caller or by the graph's values, strong otherwise.
public final class GenericNibObject: NibConnectable, NibAwaking, CustomStringConvertible {
    /// The class the archive asks for (a class swapper's custom class, e.g. `_TtC9MyModule8CardView`).
    public let className: String
    /// For class swappers, the UIKit/AppKit class wrapped (`UIOriginalClassName`); nil otherwise.
    public let originalClassName: String?
    let keyTable: PlanKeys
    let keyIDs: ArraySlice<Int32>
    /// The decoded values, in archived order (parallel to `keys`).
    public internal(set) var values: [NibDecodedValue] = []
    /// Outlets set on this object, by property name (outlets to the owner and external objects are weak).
    public var outlets: [String: AnyObject] {
        var result = [String: AnyObject](minimumCapacity: outletStorage.count)
        for (name, value) in outletStorage { if let o = value.object { result[name] = o } }
        return result
    }
    /// Outlets by name, in the order first set (one small array rather than a dictionary and an order array:
    /// objects receive few outlets, and this costs one allocation instead of two).
    private var outletStorage: [(name: String, value: NibDecodedValue)] = []
    /// Outlet names in the order they were set.
    public var outletOrder: [String] { outletStorage.map(\.name) }
    /// Outlet collections set on this object.
    public private(set) var outletCollections: [String: [AnyObject]] = [:]
    /// Target–action pairs added to this object, in connection order.
    public private(set) var actions: [NibAction] = []
    /// Runtime attributes (and accessibility properties) set on this object.
    public private(set) var runtimeAttributes: [String: NibDecodedValue] = [:]
    /// How many times `awakeFromNib` was sent.
    public private(set) var awakeFromNibCount = 0
    /// How many connections (outlets, collections, actions, attributes) this object had received when it was awoken.
    public private(set) var connectionsAtAwake = 0
    private var connectionCount = 0

    init(className: String, originalClassName: String?, keys: PlanKeys, keyIDs: ArraySlice<Int32>) {
        self.className = className
        self.originalClassName = originalClassName
        self.keyTable = keys
        self.keyIDs = keyIDs
    }

    /// The keys of `values`, in archived order.
    public var keys: [String] { keyIDs.map { keyTable.names[Int($0)] } }

    /// The first value stored under `key`.
    public func value(forKey key: String) -> NibDecodedValue? {
        guard let k = keyTable.lookup[key] else { return nil }
        var n = 0
        for id in keyIDs {
            if id == k { return values[n] }
            n += 1
        }
        return nil
    }

    /// Every value stored under `key` (keys repeat only in collections).
    public func values(forKey key: String) -> [NibDecodedValue] {
        guard let k = keyTable.lookup[key] else { return [] }
        return zip(keyIDs, values).filter { $0.0 == k }.map(\.1)
    }

    /// The object referenced by `key`.
    public func object(forKey key: String) -> AnyObject? { value(forKey: key)?.object }

    /// The string stored under `key`.
    public func string(forKey key: String) -> String? { value(forKey: key)?.string }

    /// Whether this object is of `name` (its class, or the original class of a class swapper).
    public func isKind(of name: String) -> Bool { className == name || originalClassName == name }

    /// Records the outlet.
    public func setOutlet(_ name: String, to object: AnyObject?) throws {
        setOutlet(name, to: object, weakly: false)
    }

    /// Records an outlet; the loader passes `weakly` for targets that something else keeps alive (placeholders,
    /// objects owned through archived values), so that outlets never form reference cycles.
    func setOutlet(_ name: String, to object: AnyObject?, weakly: Bool) {
        let value: NibDecodedValue = object.map { weakly ? .weakObject(NibWeakReference($0)) : .object($0) } ?? .null
        if let i = outletStorage.firstIndex(where: { $0.name == name }) {
            outletStorage[i].value = value
        } else {
            outletStorage.append((name, value))
        }
        connectionCount += 1
    }

    /// Records the outlet collection.
    public func setOutletCollection(_ name: String, to objects: [AnyObject], appending: Bool) throws {
        outletCollections[name] = (appending ? outletCollections[name] ?? [] : []) + objects
        connectionCount += 1
    }

    /// Records the action.
    public func addAction(target: AnyObject?, selector: String, events: UInt64) throws {
        recordAction(target: target, selector: selector, events: events)
    }

    func recordAction(target: AnyObject?, selector: String, events: UInt64) {
        actions.append(NibAction(target: target, selector: selector, events: events))
        connectionCount += 1
    }

    /// Records the attribute.
    public func setRuntimeAttribute(_ keyPath: String, to value: NibDecodedValue) throws {
        runtimeAttributes[keyPath] = value
        connectionCount += 1
    }

    /// Counts the call and remembers how many connections were in place.
    public func awakeFromNib() {
        awakeFromNibCount += 1
        connectionsAtAwake = connectionCount
    }

    /// `<Class (Original) N values>`.
    public var description: String { "<\(className)\(originalClassName.map { " (\($0))" } ?? "") \(keyIDs.count) values>" }
}

/// A target–action pair recorded by a `GenericNibObject`.
public struct NibAction {
    /// The target, held weakly as UIKit does; nil means the responder chain (First Responder).
    public weak var target: AnyObject?
    /// The selector name, e.g. `buttonTapped:`.
    public var selector: String
    /// The `UIControl.Event` mask (0 for AppKit and bar button items).
    public var events: UInt64
}
