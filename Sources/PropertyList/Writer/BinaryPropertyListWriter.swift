/// Writes `bplist00` files deterministically, in the layout of CoreFoundation's binary writer: objects in
/// depth-first order (a dictionary, then all its keys, then each value expanded completely), integers in
/// the smallest of 1/2/4 bytes (8 for negatives), ASCII strings when possible (else UTF-16BE), references
/// and offsets in the smallest width that holds them.
public struct BinaryPropertyListWriter: Sendable {
    /// How equal values share one object.
    public enum Uniquing: Sendable {
        /// CoreFoundation's binary writer (what `NSKeyedArchiver` output is made of): strings, numbers
        /// (integers and reals apart, so that a value reads back with its type), dates and data are written
        /// once; booleans and UIDs are written at every use but every reference names the first copy (CF keys
        /// its reference table by instance, and booleans and an archiver's UIDs are shared instances);
        /// containers are never merged.
        case coreFoundation
        /// Every value is its own object.
        case none
    }

    /// The uniquing rule.
    public var uniquing: Uniquing

    /// Creates a writer.
    public init(uniquing: Uniquing = .coreFoundation) {
        self.uniquing = uniquing
    }

    /// The identity CoreFoundation's uniquing set sees for a scalar.
    private enum UniqueKey: Hashable {
        case string(String), integral(Int64), real(UInt64), float(UInt32), date(UInt64), data([UInt8])
        case instance(PropertyListValue)  // booleans, UIDs, null: one shared instance per value

        init?(_ v: PropertyListValue) {
            switch v {
            case .string(let s): self = .string(s)
            case .integer(let i): self = .integral(i)
            case .real(let d): self = UniqueKey.number(d)
            case .float(let f): self = .float(f.bitPattern)
            case .date(let d): self = .date(d.bitPattern)
            case .data(let b): self = .data(b)
            case .bool, .uid, .null: self = .instance(v)
            case .array, .set, .dictionary: return nil
            }
        }

        static func number(_ d: Double) -> UniqueKey { .real(d.bitPattern) }
    }

    private enum Flat {
        case scalar(PropertyListValue)
        case array([Int]), set([Int]), dictionary(keys: [Int], values: [Int])
    }

    /// The bytes of `value` as a binary property list with `value` as the top object.
    public func write(_ value: PropertyListValue) -> [UInt8] {
        write(value, sharing: nil)
    }

    /// Says which string objects are one instance: called for every string with its place — the keys of
    /// the dictionaries above it (`path`) and whether it is a key of the innermost one — it returns a token;
    /// strings with equal tokens are written once, a nil token writes the string as an object of its own.
    /// This models writers whose sharing follows object identity rather than value (ibtool's storyboard
    /// `Info.plist`, where an equal key and value are two objects but some values are the key's instance).
    public typealias StringSharing = (_ path: [String], _ isKey: Bool, _ string: String) -> String?

    /// The bytes of `value`, strings shared as `sharing` says (other scalars follow `uniquing`).
    public func write(_ value: PropertyListValue, sharing: StringSharing?) -> [UInt8] {
        var flat = [Flat]()
        var unique = [UniqueKey: Int]()
        var tokens = [String: Int]()
        var path = [String]()
        func flatten(_ v: PropertyListValue, isKey: Bool = false) -> Int {
            if let sharing, case .string(let s) = v {
                let i = flat.count
                guard let token = sharing(path, isKey, s) else { flat.append(.scalar(v)); return i }
                if let first = tokens[token] { return first }
                flat.append(.scalar(v))
                tokens[token] = i
                return i
            }
            switch v {
            case .array(let items):
                let i = flat.count
                flat.append(.array([]))
                let refs = items.map { flatten($0) }
                flat[i] = .array(refs)
                return i
            case .set(let items):
                let i = flat.count
                flat.append(.set([]))
                let refs = items.map { flatten($0) }
                flat[i] = .set(refs)
                return i
            case .dictionary(let entries):
                let i = flat.count
                flat.append(.dictionary(keys: [], values: []))
                let keys = entries.map { flatten(.string($0.key), isKey: true) }
                let values = entries.map { entry in
                    path.append(entry.key)
                    defer { path.removeLast() }
                    return flatten(entry.value)
                }
                flat[i] = .dictionary(keys: keys, values: values)
                return i
            default:
                let i = flat.count
                guard uniquing == .coreFoundation, let key = UniqueKey(v) else {
                    flat.append(.scalar(v))
                    return i
                }
                if let first = unique[key] {
                    if case .instance = key { flat.append(.scalar(v)) }  // written again, never referenced
                    return first
                }
                flat.append(.scalar(v))
                unique[key] = i
                return i
            }
        }
        _ = flatten(value)
        let refSize = Self.byteCount(UInt64(flat.count))
        var out = BinaryPropertyList.magic
        var offsets = [Int]()
        offsets.reserveCapacity(flat.count)
        func appendInt(_ v: UInt64, width: Int) {
            for s in stride(from: (width - 1) * 8, through: 0, by: -8) { out.append(UInt8(truncatingIfNeeded: v >> UInt64(s))) }
        }
        func marker(_ high: UInt8, count: Int) {
            if count < 15 {
                out.append(high << 4 | UInt8(count))
            } else {
                out.append(high << 4 | 0x0F)
                integer(Int64(count))
            }
        }
        func integer(_ v: Int64) {
            let u = UInt64(bitPattern: v)
            if v < 0 || u > 0xFFFF_FFFF { out.append(0x13); appendInt(u, width: 8) }
            else if u > 0xFFFF { out.append(0x12); appendInt(u, width: 4) }
            else if u > 0xFF { out.append(0x11); appendInt(u, width: 2) }
            else { out.append(0x10); appendInt(u, width: 1) }
        }
        func refs(_ list: [Int]) { for r in list { appendInt(UInt64(r), width: refSize) } }
        for object in flat {
            offsets.append(out.count)
            switch object {
            case .array(let r): marker(0xA, count: r.count); refs(r)
            case .set(let r): marker(0xC, count: r.count); refs(r)
            case .dictionary(let k, let v): marker(0xD, count: k.count); refs(k); refs(v)
            case .scalar(let v):
                switch v {
                case .null: out.append(0x00)
                case .bool(let b): out.append(b ? 0x09 : 0x08)
                case .integer(let i): integer(i)
                case .real(let d): out.append(0x23); appendInt(d.bitPattern, width: 8)
                case .float(let f): out.append(0x22); appendInt(UInt64(f.bitPattern), width: 4)
                case .date(let d): out.append(0x33); appendInt(d.bitPattern, width: 8)
                case .data(let bytes): marker(0x4, count: bytes.count); out += bytes
                case .string(let s):
                    if s.utf8.allSatisfy({ $0 < 0x80 }) {
                        marker(0x5, count: s.utf8.count); out += s.utf8
                    } else {
                        let units = Array(s.utf16)
                        marker(0x6, count: units.count)
                        for u in units { appendInt(UInt64(u), width: 2) }
                    }
                case .uid(let u):
                    let w = Self.byteCount(u)
                    out.append(0x80 | UInt8(w - 1)); appendInt(u, width: w)
                case .array, .set, .dictionary: break  // flattened above
                }
            }
        }
        let tableOffset = out.count
        // Sized by where the table starts, not by the last object's offset: CoreFoundation refuses a list
        // whose offset table's own position does not fit the offset width (as its writer sizes it).
        let offsetSize = Self.byteCount(UInt64(tableOffset))
        for o in offsets { appendInt(UInt64(o), width: offsetSize) }
        out += [0, 0, 0, 0, 0, 0, UInt8(offsetSize), UInt8(refSize)]
        appendInt(UInt64(flat.count), width: 8)
        appendInt(0, width: 8)
        appendInt(UInt64(tableOffset), width: 8)
        return out
    }

    /// The smallest of 1, 2, 4, 8 bytes that holds `v`.
    static func byteCount(_ v: UInt64) -> Int {
        v <= 0xFF ? 1 : v <= 0xFFFF ? 2 : v <= 0xFFFF_FFFF ? 4 : 8
    }
}
