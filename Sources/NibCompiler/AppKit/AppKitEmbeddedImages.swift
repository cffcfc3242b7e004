import NibArchive

/// A value of a binary property list (`bplist00`).
indirect enum PlistValue {
    case null, bool(Bool), int(Int64), real(Double), data([UInt8]), string(String), uid(Int)
    case array([PlistValue]), dict([(String, PlistValue)])
}

/// Minimal binary property list reader (enough for NSKeyedArchiver output embedded in XIBs).
///
/// The bytes come from the document, so every read is checked (a malformed plist reads as nil or `.null`),
/// every count is bounded by the bytes that could hold it, and decoding stops after a budget of objects:
/// shared references inside arrays would otherwise expand exponentially.
struct BinaryPlist {
    let bytes: [UInt8]
    var offsets: [Int] = []
    var refSize = 1
    var top = 0

    init?(_ bytes: [UInt8]) {
        self.bytes = bytes
        guard bytes.count > 40, Array(bytes.prefix(8)) == Array("bplist00".utf8) else { return nil }
        let t = bytes.count - 32
        let offSize = Int(bytes[t + 6])
        refSize = Int(bytes[t + 7])
        guard (1...8).contains(offSize), (1...8).contains(refSize),
              let count = readInt(t + 8, 8), let topObj = readInt(t + 16, 8), let table = readInt(t + 24, 8),
              count > 0, count < 1_000_000, table <= t, count <= (t - table) / offSize else { return nil }
        top = topObj
        for k in 0..<count {
            guard let offset = readInt(table + k * offSize, offSize) else { return nil }
            offsets.append(offset)
        }
    }

    /// The big-endian `size`-byte (at most 8) value at `at`; nil outside the bytes.
    func readBits(_ at: Int, _ size: Int) -> UInt64? {
        guard at >= 0, (0...8).contains(size), at <= bytes.count - size else { return nil }
        var v: UInt64 = 0
        for k in 0..<size { v = (v << 8) | UInt64(bytes[at + k]) }
        return v
    }

    /// `readBits` as a non-negative Int; nil outside the bytes or at 2^63 and above.
    func readInt(_ at: Int, _ size: Int) -> Int? {
        readBits(at, size).flatMap { Int(exactly: $0) }
    }

    /// The element count of the object at `at` and where its contents start; nil when malformed or when
    /// `count` elements of `unit` bytes each cannot fit in the bytes that follow.
    func length(_ at: Int, unit: Int = 1) -> (count: Int, start: Int)? {
        guard at >= 0, at < bytes.count else { return nil }
        var n = Int(bytes[at] & 0x0F), start = at + 1
        if n == 0x0F {
            guard at + 1 < bytes.count else { return nil }
            let size = 1 << Int(bytes[at + 1] & 0x0F)
            guard let v = readInt(at + 2, size) else { return nil }
            n = v
            start = at + 2 + size
        }
        guard start <= bytes.count, n <= (bytes.count - start) / unit else { return nil }
        return (n, start)
    }

    /// The object `ref`, decoding at most `16 x` the plist's size in objects.
    func object(_ ref: Int) -> PlistValue {
        var budget = 16 * bytes.count + 1024
        return object(ref, depth: 0, budget: &budget)
    }

    func object(_ ref: Int, depth: Int, budget: inout Int) -> PlistValue {
        guard ref >= 0, ref < offsets.count, depth < 64, budget > 0 else { return .null }
        budget -= 1
        let at = offsets[ref]
        guard at < bytes.count else { return .null }
        let marker = bytes[at]
        switch marker >> 4 {
        case 0x0: return marker == 0x09 ? .bool(true) : (marker == 0x08 ? .bool(false) : .null)
        case 0x1:
            guard let v = readBits(at + 1, 1 << Int(marker & 0x0F)) else { return .null }
            return .int(Int64(bitPattern: v))
        case 0x2:
            let size = 1 << Int(marker & 0x0F)
            guard size == 4 || size == 8, let v = readBits(at + 1, size) else { return .null }
            return .real(size == 4 ? Double(Float(bitPattern: UInt32(truncatingIfNeeded: v))) : Double(bitPattern: v))
        case 0x4:
            guard let (n, start) = length(at) else { return .null }
            return .data(Array(bytes[start..<start + n]))
        case 0x5:
            guard let (n, start) = length(at) else { return .null }
            return .string(String(decoding: bytes[start..<start + n], as: UTF8.self))
        case 0x6:
            guard let (n, start) = length(at, unit: 2) else { return .null }
            let units = (0..<n).map { UInt16(bytes[start + 2 * $0]) << 8 | UInt16(bytes[start + 2 * $0 + 1]) }
            return .string(String(decoding: units, as: UTF16.self))
        case 0x8:
            return readInt(at + 1, Int(marker & 0x0F) + 1).map { .uid($0) } ?? .null
        case 0xA:
            guard let (n, start) = length(at, unit: refSize) else { return .null }
            var items = [PlistValue]()
            for k in 0..<n where budget > 0 {
                items.append(object(readInt(start + k * refSize, refSize) ?? -1, depth: depth + 1, budget: &budget))
            }
            return .array(items)
        case 0xD:
            guard let (n, start) = length(at, unit: 2 * refSize) else { return .null }
            var out: [(String, PlistValue)] = []
            for k in 0..<n where budget > 0 {
                let key = object(readInt(start + k * refSize, refSize) ?? -1, depth: depth + 1, budget: &budget)
                let val = object(readInt(start + (n + k) * refSize, refSize) ?? -1, depth: depth + 1, budget: &budget)
                if case .string(let s) = key { out.append((s, val)) }
            }
            return .dict(out)
        default:
            return .null
        }
    }
}

extension AppKitCompiler {
    /// Converts an NSKeyedArchiver archive (an image embedded in `<resources>`) into archive objects.
    func convertKeyedArchive(_ bytes: [UInt8]) -> Int? {
        guard let plist = BinaryPlist(bytes), case .dict(let root) = plist.object(plist.top),
              case .array(let objects)? = root.first(where: { $0.0 == "$objects" })?.1,
              case .dict(let top)? = root.first(where: { $0.0 == "$top" })?.1,
              case .uid(let rootUID)? = top.first(where: { $0.0 == "root" })?.1 else { return nil }
        var converted: [Int: Int] = [:]
        func className(_ v: PlistValue?) -> String {
            guard case .uid(let c)? = v, c < objects.count, case .dict(let cd) = objects[c],
                  case .string(let name)? = cd.first(where: { $0.0 == "$classname" })?.1 else { return "NSObject" }
            return name
        }
        func value(_ v: PlistValue) -> NibGraphValue {
            switch v {
            case .uid(let u):
                if u < objects.count, case .string(let s) = objects[u], s == "$null" { return .null }
                if let o = convert(u) { return .object(o) }
                return .null
            case .int(let i): return .int(i)
            case .real(let d): return .double(d)
            case .bool(let b): return .bool(b)
            case .data(let d): return .data(d)
            case .string(let s): return .object(str(s))
            default: return .null
            }
        }
        // Objects refer to each other by uid; a chain of them would recurse once per link.
        var depth = 0
        func convert(_ u: Int) -> Int? {
            if let c = converted[u] { return c }
            guard u < objects.count, depth < 256 else { return nil }
            depth += 1
            defer { depth -= 1 }
            switch objects[u] {
            case .string(let s): return str(s)
            case .data(let d):
                return b.graph.add(NibObject(className: "NSData", entries: [NibEntry(key: "NS.bytes", value: .data(d))]))
            case .int(let i): return b.number(i)
            case .real(let d): return b.number(d)
            case .dict(let d):
                let cls = className(d.first(where: { $0.0 == "$class" })?.1)
                if cls == "NSColorSpace", case .int(let nid)? = d.first(where: { $0.0 == "NSID" })?.1, nid == 7 || nid == 9 {
                    let cs = colorSpace(Int(nid))
                    converted[u] = cs
                    return cs
                }
                let index = b.new(cls)
                converted[u] = index
                var entries: [NibEntry] = []
                if cls.hasSuffix("Array") || cls.hasSuffix("Set"), case .array(let items)? = d.first(where: { $0.0 == "NS.objects" })?.1 {
                    entries.append(NibEntry(key: "NSInlinedValue", value: .bool(true)))
                    for item in items { entries.append(NibEntry(key: "UINibEncoderEmptyKey", value: value(item))) }
                } else {
                    for (k, v) in d where k != "$class" { entries.append(NibEntry(key: k, value: value(v))) }
                }
                // Keys the current AppKit adds when re-archiving.
                if cls == "NSColor", entries.contains(where: { $0.key == "NSCustomColorSpace" }), !entries.contains(where: { $0.key == "NSLinearExposure" }) {
                    entries.append(NibEntry(key: "NSLinearExposure", value: .data(Array("1".utf8))))
                }
                if cls == "NSImage", !entries.contains(where: { $0.key == "NSTintColor" }) {
                    entries.append(NibEntry(key: "NSTintColor", value: .null))
                }
                b.graph.objects[index] = NibObject(className: cls, entries: entries)
                return index
            default: return nil
            }
        }
        return convert(rootUID)
    }

    /// The embedded keyed-archive data of a `<resources><image>`, if any.
    func embeddedImageData(_ name: String) -> [UInt8]? {
        guard let res = ctx.document.children.first(where: { $0.isNamed("resources") }) else { return nil }
        for img in res.children where img.isNamed("image") && img.peek("name") == name {
            if let md = img.children.first(where: { $0.isNamed("mutableData") || $0.isNamed("data") }) {
                return decodeBase64(md.text)
            }
        }
        return nil
    }
}
