import NibArchive
import PropertyList

extension BinaryPropertyList {
    /// The value of the first entry named `key` in dictionary `n` (an embedded archive's reading: the first
    /// entry wins), nil when `n` is no dictionary or has no such key.
    func firstValue(forKey key: String, in n: Int) -> Int? {
        guard kind(n) == .dictionary else { return nil }
        for i in 0..<count(n) {
            let e = entry(n, i)
            if isString(e.key, equalTo: key) { return e.value }
        }
        return nil
    }

    /// The UID of object `n` as an object number, nil when `n` is no UID.
    func uidNumber(_ n: Int) -> Int? { uid(n).flatMap { Int(exactly: $0) } }
}

extension AppKitCompiler {
    /// Converts an NSKeyedArchiver archive (an image embedded in `<resources>`) into archive objects; nil when
    /// the bytes are no verified binary property list or no keyed archive with a root.
    ///
    /// The bytes come from the document: the `PropertyList` module verifies them once, and the objects are
    /// read in place, each converted once (`converted`), so shared references cannot expand.
    func convertKeyedArchive(_ bytes: [UInt8]) -> Int? {
        guard let plist = try? BinaryPropertyList(bytes: bytes),
              let objects = plist.firstValue(forKey: "$objects", in: plist.topObject), plist.kind(objects) == .array,
              let top = plist.firstValue(forKey: "$top", in: plist.topObject),
              let rootRef = plist.firstValue(forKey: "root", in: top), let rootUID = plist.uidNumber(rootRef) else { return nil }
        let objectCount = plist.count(objects)
        var converted: [Int: Int] = [:]
        func className(_ v: Int?) -> String {
            guard let v, let c = plist.uidNumber(v), c < objectCount,
                  let name = plist.firstValue(forKey: "$classname", in: plist.element(objects, c)).flatMap(plist.string) else { return "NSObject" }
            return name
        }
        func value(_ v: Int) -> NibGraphValue {
            switch plist.kind(v) {
            case .uid:
                guard let u = plist.uidNumber(v) else { return .null }
                if u < objectCount, plist.isString(plist.element(objects, u), equalTo: "$null") { return .null }
                if let o = convert(u) { return .object(o) }
                return .null
            case .integer: return plist.integer(v).map { .int($0) } ?? .null
            case .real: return plist.real(v).map { .double($0) } ?? .null
            case .bool: return plist.bool(v).map { .bool($0) } ?? .null
            case .data: return plist.data(v).map { .data($0) } ?? .null
            case .asciiString, .utf16String: return plist.string(v).map { .object(str($0)) } ?? .null
            default: return .null
            }
        }
        // Objects refer to each other by uid; a chain of them would recurse once per link.
        var depth = 0
        func convert(_ u: Int) -> Int? {
            if let c = converted[u] { return c }
            guard u < objectCount, depth < 256 else { return nil }
            depth += 1
            defer { depth -= 1 }
            let o = plist.element(objects, u)
            switch plist.kind(o) {
            case .asciiString, .utf16String: return plist.string(o).map(str)
            case .data:
                return plist.data(o).map { b.graph.add(NibObject(className: "NSData", entries: [NibEntry(key: FoundationKeys.bytes, value: .data($0))])) }
            case .integer: return plist.integer(o).map { b.number($0) }
            case .real: return plist.real(o).map { b.number($0) }
            case .dictionary:
                let cls = className(plist.firstValue(forKey: "$class", in: o))
                if cls == "NSColorSpace", let n = plist.firstValue(forKey: "NSID", in: o), let nid = plist.integer(n), nid == 7 || nid == 9 {
                    let cs = colorSpace(Int(nid))
                    converted[u] = cs
                    return cs
                }
                let index = b.new(cls)
                converted[u] = index
                var entries: [NibEntry] = []
                if cls.hasSuffix("Array") || cls.hasSuffix("Set"), let items = plist.firstValue(forKey: "NS.objects", in: o), plist.kind(items) == .array {
                    entries.append(NibEntry(key: "NSInlinedValue", value: .bool(true)))
                    for i in 0..<plist.count(items) { entries.append(NibEntry(key: "UINibEncoderEmptyKey", value: value(plist.element(items, i)))) }
                } else {
                    for i in 0..<plist.count(o) {
                        let e = plist.entry(o, i)
                        guard let k = plist.string(e.key), k != "$class" else { continue }
                        entries.append(NibEntry(key: k, value: value(e.value)))
                    }
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
