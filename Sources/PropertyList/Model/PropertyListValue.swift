/// An owned property-list value: what the writer serialises, and an owned copy of a read list.
///
/// Dictionaries keep their entries in order (a read list's file order), so writing a read list back can
/// reproduce its bytes. Reals keep their width: `.real` is 8 bytes, `.float` 4.
public indirect enum PropertyListValue: Sendable, Hashable {
    case null
    case bool(Bool)
    case integer(Int64)
    case real(Double)
    case float(Float)
    /// Seconds since 2001-01-01 00:00:00 UTC.
    case date(Double)
    case data([UInt8])
    case string(String)
    /// A `CF$UID`, the object reference of keyed archives.
    case uid(UInt64)
    case array([PropertyListValue])
    case set([PropertyListValue])
    case dictionary([PropertyListEntry])

    /// The value of `key` when this is a dictionary (the last entry with that key).
    public subscript(key: String) -> PropertyListValue? {
        guard case .dictionary(let entries) = self else { return nil }
        return entries.last(where: { $0.key == key })?.value
    }
}

extension Array where Element == PropertyListEntry {
    /// The entries in CoreFoundation's key order for a written dictionary: keys compared by their UTF-16 code units,
    /// as CFString compares them.
    public func sortedByKey() -> [PropertyListEntry] {
        sorted { $0.key.utf16.lexicographicallyPrecedes($1.key.utf16) }
    }
}

/// One dictionary entry.
public struct PropertyListEntry: Sendable, Hashable {
    public var key: String
    public var value: PropertyListValue

    /// Creates an entry.
    public init(_ key: String, _ value: PropertyListValue) {
        self.key = key
        self.value = value
    }
}

extension PropertyListValue {
    /// An owned copy of object `n` (default: the top object) of a verified list. Shared containers are
    /// copied at each use; the copy stops with `.limitExceeded` past `maxValues` values.
    public init(_ plist: BinaryPropertyList, object n: Int? = nil,
                maxValues: Int = PropertyListReadOptions().maxExpandedValues) throws(PropertyListError) {
        var budget = maxValues
        self = try Self.copy(plist, n ?? plist.topObject, &budget)
    }

    static func copy(_ p: BinaryPropertyList, _ n: Int, _ budget: inout Int) throws(PropertyListError) -> PropertyListValue {
        budget -= 1
        guard budget >= 0 else {
            throw PropertyListError(.limitExceeded, at: p.offset(of: n), object: n, "more values than the expansion limit")
        }
        // Recursion depth is bounded by the verified container depth.
        switch p.kind(n) {
        case .null: return .null
        case .bool: return .bool(p.bool(n)!)
        case .integer: return .integer(p.integer(n)!)
        case .real: return p.numberWidth(n) == 4 ? .float(Float(p.real(n)!)) : .real(p.real(n)!)
        case .date: return .date(p.real(n)!)
        case .data: return .data(p.data(n)!)
        case .asciiString, .utf16String: return .string(p.string(n)!)
        case .uid: return .uid(p.uid(n)!)
        case .array, .set:
            var items = [PropertyListValue]()
            for i in 0..<p.count(n) { items.append(try copy(p, p.element(n, i), &budget)) }
            return p.kind(n) == .array ? .array(items) : .set(items)
        case .dictionary:
            var entries = [PropertyListEntry]()
            for i in 0..<p.count(n) {
                let e = p.entry(n, i)
                entries.append(PropertyListEntry(p.string(e.key)!, try copy(p, e.value, &budget)))
            }
            return .dictionary(entries)
        }
    }
}
