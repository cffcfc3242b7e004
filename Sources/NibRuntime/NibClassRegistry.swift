import NibArchive
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

    /// The Swift runtime name IB writes for a Swift class: `_TtC<len><module><len><class>` (nested
    /// classes `Outer.Inner` add a level each; see `SwiftClassName`).
    public static func mangledName(module: String, className: String) -> String {
        SwiftClassName.mangled(module: module, name: className)
    }

    /// `Module.Class` (or `Module.Outer.Inner`) for a mangled Swift class name, else nil.
    public static func demangle(_ name: String) -> String? { SwiftClassName.demangled(name) }

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
