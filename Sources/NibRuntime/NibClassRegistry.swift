import Synchronization

/// A registered Swift type, as stored in the registry and in instantiation plans.
struct RegisteredClass: @unchecked Sendable {
    let type: any NibDecodable.Type
}

/// Maps archived class names (plain, `Module.Class`, or Swift-mangled `_TtC…`) to Swift types.
///
/// Templates resolve classes once, when they build their instantiation plan. Every change to the registry
/// bumps its generation, and a template whose plan was built at an older generation rebuilds it on its
/// next instantiation, so a class registered late still takes effect (at the cost of one plan build).
public final class NibClassRegistry: Sendable {
    private let table = Locked<[String: RegisteredClass]>([:])
    private let changes = Atomic<Int>(0)

    /// Increases with every registration or removal; plans remember the generation they were built at.
    var generation: Int { changes.load(ordering: .acquiring) }

    /// The registry templates use by default.
    public static let shared = NibClassRegistry()

    /// Creates an empty registry.
    public init() {}

    /// Registers `type` under each of `names` (archived class names, e.g. `UILabel` or `_TtC9MyModule8CardView`).
    public func register(_ type: any NibDecodable.Type, as names: String...) {
        register(type, names: names)
    }

    /// Registers `type` under `names`.
    public func register(_ type: any NibDecodable.Type, names: [String]) {
        table.withLock { t in
            for n in names { t[n] = RegisteredClass(type: type) }
            changes.add(1, ordering: .releasing)
        }
    }

    /// Registers `type` as the Swift class `module.name`: both `module.name` and the mangled `_TtC` name.
    public func register(_ type: any NibDecodable.Type, module: String, name: String) {
        register(type, names: ["\(module).\(name)", Self.mangledName(module: module, className: name)])
    }

    /// Removes every registration.
    public func removeAll() {
        table.withLock { t in
            t.removeAll()
            changes.add(1, ordering: .releasing)
        }
    }

    /// The Swift runtime name IB writes for a Swift class: `_TtC<len><module><len><class>`.
    public static func mangledName(module: String, className: String) -> String {
        "_TtC\(module.utf8.count)\(module)\(className.utf8.count)\(className)"
    }

    /// `Module.Class` for a simple `_TtC<len><module><len><class>` name, else nil.
    public static func demangle(_ name: String) -> String? {
        guard name.hasPrefix("_TtC") else { return nil }
        var rest = Substring(name.dropFirst(4))
        var parts = [Substring]()
        for _ in 0..<2 {
            let digits = rest.prefix(while: { $0.isASCII && $0.isNumber })
            guard let len = Int(digits), len > 0 else { return nil }
            rest = rest.dropFirst(digits.count)
            guard rest.utf8.count >= len else { return nil }
            let part = Substring(rest.utf8.prefix(len))
            parts.append(part)
            rest = Substring(rest.utf8.dropFirst(len))
        }
        guard rest.isEmpty else { return nil }
        return "\(parts[0]).\(parts[1])"
    }

    /// Whether `name` (or its demangled form) is registered.
    public func isRegistered(_ name: String) -> Bool { lookup(name) != nil }

    func lookup(_ name: String) -> RegisteredClass? {
        table.withLock { t in
            if let r = t[name] { return r }
            if let d = Self.demangle(name) {
                if let r = t[d] { return r }
                if let dot = d.firstIndex(of: "."), let r = t[String(d[d.index(after: dot)...])] { return r }
            }
            return nil
        }
    }
}
