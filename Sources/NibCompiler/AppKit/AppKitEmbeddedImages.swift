import NibArchive

/// A value of a binary property list (`bplist00`).
indirect enum PlistValue {
    case null, bool(Bool), int(Int64), real(Double), data([UInt8]), string(String), uid(Int)
    case array([PlistValue]), dict([(String, PlistValue)])
}

/// Minimal binary property list reader (enough for NSKeyedArchiver output embedded in XIBs).
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
        let count = readInt(t + 8, 8), topObj = readInt(t + 16, 8), table = readInt(t + 24, 8)
        guard offSize > 0, refSize > 0, count > 0, count < 1_000_000, table + count * offSize <= t else { return nil }
        top = topObj
        for k in 0..<count { offsets.append(readInt(table + k * offSize, offSize)) }
    }

    func readInt(_ at: Int, _ size: Int) -> Int {
        var v = 0
        for k in 0..<size where at + k < bytes.count { v = (v << 8) | Int(bytes[at + k]) }
        return v
    }

    func length(_ at: Int) -> (Int, Int) {
        let low = Int(bytes[at] & 0x0F)
        if low != 0x0F { return (low, at + 1) }
        let marker = bytes[at + 1]
        let size = 1 << Int(marker & 0x0F)
        return (readInt(at + 2, size), at + 2 + size)
    }

    func object(_ ref: Int, depth: Int = 0) -> PlistValue {
        guard ref >= 0, ref < offsets.count, depth < 64 else { return .null }
        let at = offsets[ref]
        guard at < bytes.count else { return .null }
        let marker = bytes[at]
        switch marker >> 4 {
        case 0x0: return marker == 0x09 ? .bool(true) : (marker == 0x08 ? .bool(false) : .null)
        case 0x1:
            let size = 1 << Int(marker & 0x0F)
            var v: UInt64 = 0
            for k in 0..<size { v = (v << 8) | UInt64(bytes[at + 1 + k]) }
            return .int(Int64(bitPattern: v))
        case 0x2:
            let size = 1 << Int(marker & 0x0F)
            var v: UInt64 = 0
            for k in 0..<size { v = (v << 8) | UInt64(bytes[at + 1 + k]) }
            return .real(size == 4 ? Double(Float(bitPattern: UInt32(v))) : Double(bitPattern: v))
        case 0x4:
            let (n, start) = length(at)
            return .data(Array(bytes[start..<min(bytes.count, start + n)]))
        case 0x5:
            let (n, start) = length(at)
            return .string(String(decoding: bytes[start..<min(bytes.count, start + n)], as: UTF8.self))
        case 0x6:
            let (n, start) = length(at)
            var units: [UInt16] = []
            for k in 0..<n { units.append(UInt16(readInt(start + 2 * k, 2))) }
            return .string(String(decoding: units, as: UTF16.self))
        case 0x8:
            return .uid(readInt(at + 1, Int(marker & 0x0F) + 1))
        case 0xA:
            let (n, start) = length(at)
            return .array((0..<n).map { object(readInt(start + $0 * refSize, refSize), depth: depth + 1) })
        case 0xD:
            let (n, start) = length(at)
            var out: [(String, PlistValue)] = []
            for k in 0..<n {
                let key = object(readInt(start + k * refSize, refSize), depth: depth + 1)
                let val = object(readInt(start + (n + k) * refSize, refSize), depth: depth + 1)
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
        func convert(_ u: Int) -> Int? {
            if let c = converted[u] { return c }
            guard u < objects.count else { return nil }
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
        guard let res = ctx.document.children.first(where: { $0.name == "resources" }) else { return nil }
        for img in res.children where img.name == "image" && img.peek("name") == name {
            if let md = img.children.first(where: { $0.name == "mutableData" || $0.name == "data" }) {
                return decodeBase64(md.text)
            }
        }
        return nil
    }
}
