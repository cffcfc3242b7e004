import Foundation
import PropertyList

/// A verified `NSKeyedArchiver` archive (a binary property list with `$archiver`, `$version`, `$top`
/// and `$objects`): the property list checked by `BinaryPropertyList`, then the archive structure checked
/// once — every `CF$UID` inside `$top` and the archived objects names an entry of `$objects`, every
/// `$class` names a class description with a `$classname` string (non-empty, no NUL), no class description is
/// used as a value.
///
/// Errors are `PropertyListError`s with the byte offset of the offending property-list object and, in the
/// message, the `$objects` number.
public final class KeyedArchive: @unchecked Sendable {
    /// The verified property list.
    public let plist: BinaryPropertyList
    /// `$archiver` (`NSKeyedArchiver` in Apple's nibs).
    public let archiver: String
    /// `$version` (100000).
    public let version: Int64
    /// Property-list object number of the `$top` dictionary.
    public let top: Int
    /// Property-list object number of each `$objects` entry.
    public let objects: [Int]
    /// What each `$objects` entry is.
    public let roles: [Role]

    /// The part an `$objects` entry plays.
    public enum Role: Sendable, Equatable {
        /// `$null` (entry 0): the nil reference.
        case null
        /// A class description (`$classname`, `$classes`, optional `$classhints`).
        case classDescription
        /// An archived object: a dictionary with `$class`, whose class description is `$objects[class]`.
        case object(class: Int)
        /// A plain value archived as itself: string, number, boolean, data or date.
        case value
    }

    /// Reads and verifies the keyed archive at `path` (a file, or a `.nib` directory holding `keyedobjects.nib`).
    public convenience init(contentsOf path: String, options: PropertyListReadOptions = .init()) throws(PropertyListError) {
        try self.init(plist: BinaryPropertyList(contentsOf: path, options: options))
    }

    /// Verifies `bytes`.
    public convenience init(bytes: [UInt8], options: PropertyListReadOptions = .init()) throws(PropertyListError) {
        try self.init(plist: BinaryPropertyList(bytes: bytes, options: options))
    }

    /// Checks the archive structure of a verified property list.
    public init(plist p: BinaryPropertyList) throws(PropertyListError) {
        plist = p
        let root = p.topObject
        func fail(_ n: Int, _ message: String) -> PropertyListError {
            PropertyListError(.notKeyedArchive, at: p.offset(of: n), object: n, message)
        }
        guard p.kind(root) == .dictionary else { throw fail(root, "the top object is not a dictionary, so this is not a keyed archive") }
        guard let a = p.value(forKey: "$archiver", in: root), let archiver = p.string(a) else {
            throw fail(root, "no $archiver string: a property list, not a keyed archive")
        }
        guard let t = p.value(forKey: "$top", in: root), p.kind(t) == .dictionary else { throw fail(root, "no $top dictionary") }
        guard let o = p.value(forKey: "$objects", in: root), p.kind(o) == .array else { throw fail(root, "no $objects array") }
        self.archiver = archiver
        self.version = p.value(forKey: "$version", in: root).flatMap { p.integer($0) } ?? 0
        self.top = t
        var objects = [Int]()
        objects.reserveCapacity(p.count(o))
        for i in 0..<p.count(o) { objects.append(p.element(o, i)) }
        self.objects = objects
        guard !objects.isEmpty else { throw fail(o, "$objects is empty (entry 0 must be $null)") }

        // Roles first, then every reference checked against them.
        var roles = [Role](repeating: .value, count: objects.count)
        roles[0] = .null
        for (i, n) in objects.enumerated() where i > 0 {
            switch p.kind(n) {
            case .dictionary:
                if let c = p.value(forKey: "$class", in: n) {
                    guard let uid = p.uid(c), uid > 0, uid < UInt64(objects.count) else {
                        throw fail(n, "$objects[\(i)]: $class is not a reference to an $objects entry")
                    }
                    roles[i] = .object(class: Int(uid))
                } else if let name = p.value(forKey: "$classname", in: n), p.string(name) != nil {
                    roles[i] = .classDescription
                } else {
                    throw fail(n, "$objects[\(i)] is a dictionary with neither $class nor $classname")
                }
            case .asciiString, .utf16String, .integer, .real, .bool, .data, .date: roles[i] = .value
            case .null, .uid, .array, .set:
                throw fail(n, "$objects[\(i)] is a \(p.kind(n)), not an object, class or value")
            }
        }
        for (i, role) in roles.enumerated() {
            if case .object(let c) = role, roles[c] != .classDescription {
                throw fail(objects[i], "$objects[\(i)]: $class names $objects[\(c)], which is not a class description")
            }
        }
        self.roles = roles
        // Every UID in $top and in archived objects (also inside inline arrays) names a non-class entry.
        func checkValue(_ v: Int, owner: Int, label: String) throws(PropertyListError) {
            switch p.kind(v) {
            case .uid:
                let uid = p.uid(v)!
                guard uid < UInt64(objects.count) else {
                    throw fail(v, "\(label): reference to $objects[\(uid)] of \(objects.count)")
                }
                if roles[Int(uid)] == .classDescription {
                    throw fail(v, "\(label): reference to the class description $objects[\(uid)] used as a value")
                }
            case .array, .set:
                for i in 0..<p.count(v) { try checkValue(p.element(v, i), owner: owner, label: label) }
            case .dictionary:
                throw fail(v, "\(label): an inline dictionary is not a keyed-archive value")
            default: break
            }
        }
        for i in 0..<p.count(t) { try checkValue(p.entry(t, i).value, owner: t, label: "$top") }
        for (i, role) in roles.enumerated() {
            guard case .object = role else { continue }
            let n = objects[i]
            for e in 0..<p.count(n) where !p.isString(p.entry(n, e).key, equalTo: "$class") {
                try checkValue(p.entry(n, e).value, owner: n, label: "$objects[\(i)]")
            }
        }
        // Class descriptions: a class name is non-empty and has no NUL (NIBArchive's class table, and the
        // Objective-C runtime, cannot hold one); $classes and $classhints are arrays of strings when present.
        func isClassName(_ name: String) -> Bool { !name.isEmpty && !name.utf8.contains(0) }
        for (i, role) in roles.enumerated() where role == .classDescription {
            let nameObject = p.value(forKey: "$classname", in: objects[i])!
            guard isClassName(p.string(nameObject)!) else {
                throw fail(nameObject, "$objects[\(i)]: $classname is empty or contains a NUL byte")
            }
            if let hints = p.value(forKey: "$classhints", in: objects[i]), p.kind(hints) == .array,
               (0..<p.count(hints)).contains(where: { p.string(p.element(hints, $0)).map { !isClassName($0) } ?? false }) {
                throw fail(hints, "$objects[\(i)]: a $classhints name is empty or contains a NUL byte")
            }
            for key in ["$classes", "$classhints"] {
                guard let list = p.value(forKey: key, in: objects[i]) else { continue }
                guard p.kind(list) == .array, (0..<p.count(list)).allSatisfy({ p.string(p.element(list, $0)) != nil }) else {
                    throw fail(list, "$objects[\(i)]: \(key) is not an array of strings")
                }
            }
        }
    }

    /// The class name of class description `$objects[i]`.
    public func className(ofDescription i: Int) -> String {
        plist.string(plist.value(forKey: "$classname", in: objects[i])!)!
    }

    /// The class chain (`$classes`) of class description `$objects[i]`, most derived first.
    public func classChain(ofDescription i: Int) -> [String] {
        strings(forKey: "$classes", in: objects[i])
    }

    /// The fallback classes (`$classhints`) of class description `$objects[i]`.
    public func classHints(ofDescription i: Int) -> [String] {
        strings(forKey: "$classhints", in: objects[i])
    }

    func strings(forKey key: String, in n: Int) -> [String] {
        guard let list = plist.value(forKey: key, in: n) else { return [] }
        return (0..<plist.count(list)).map { plist.string(plist.element(list, $0))! }
    }
}
