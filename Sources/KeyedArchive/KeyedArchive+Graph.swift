import NibArchive
import PropertyList

/// The mapping of a keyed archive onto `NibGraph`, chosen so that the same content archived as NIBArchive by
/// ibtool compares equal under `nibc diff` (NIBARCHIVE.md §5.2, §5.3):
///
/// * graph object 0 is an `NSObject` holding the `$top` entries (`IB.objectdata`, …), as NIBArchive's root;
/// * every other `$objects` entry except `$null` and the class descriptions becomes one graph object, in
///   `$objects` order (so graph numbers are `$objects` numbers minus the class descriptions before them);
/// * values archived as themselves become the objects NIBArchive writes for them: a string an `NSString`
///   with `NS.bytes` (UTF-8), an integer an `NSNumber` with `NS.intval`, a real `NS.dblval`, a boolean
///   `NS.boolval`, data an `NSData` with `NS.bytes`, a date an `NSDate` with `NS.time`;
/// * `NS.string` of `NSString`/`NSMutableString` objects and `NS.data` of `NSData`/`NSMutableData` objects
///   become `NS.bytes`;
/// * collections (`NS.objects`, with `NS.keys` for dictionaries) become NIBArchive's inlined form:
///   `NSInlinedValue` true, then one `UINibEncoderEmptyKey` reference per element (dictionaries alternate key
///   and value); `NSOrderedSet`, and for coder version 10 `NSSet`, take the keyed form `NS.object.0`,
///   `NS.object.1`, … (coder 9 inlines `NSSet` too, UIKIT-MAPPING.md §2.4);
/// * `CF$UID` 0 is nil, any other `CF$UID` an object reference; inline integers, reals (8 bytes double,
///   4 bytes float), booleans and data keep their type; an inline string (not written by `NSKeyedArchiver`)
///   becomes data holding its UTF-8; an inline array outside a collection becomes one entry per element
///   under the same key;
/// * `$classhints` become the class fallbacks; the `$classes` chain is kept by `KeyedArchive.classChain`.
extension NibGraph {
    /// The graph of a verified keyed archive, in the vocabulary of NIBArchive `coderVersion` (10, current
    /// ibtool, by default; 9 changes only the `NSSet` form).
    public init(_ archive: KeyedArchive, coderVersion: UInt32 = 10) {
        let setClasses: Set<String> = coderVersion >= 10 ? ["NSSet", "NSOrderedSet"] : ["NSOrderedSet"]
        let p = archive.plist
        // Graph index of each $objects entry (nil for $null and class descriptions).
        var index = [Int?](repeating: nil, count: archive.objects.count)
        var next = 1
        for (i, role) in archive.roles.enumerated() {
            switch role {
            case .object, .value: index[i] = next; next += 1
            case .null, .classDescription: break
            }
        }
        var fallbacks = [String: [String]]()
        var objects = [NibObject]()
        objects.reserveCapacity(next)

        func value(_ v: Int) -> [NibGraphValue] {
            switch p.kind(v) {
            case .uid:
                let uid = Int(p.uid(v)!)
                return [uid == 0 ? .null : .object(index[uid]!)]
            case .integer: return [.int(p.integer(v)!)]
            case .real: return [p.numberWidth(v) == 4 ? .float(Float(p.real(v)!)) : .double(p.real(v)!)]
            case .date: return [.double(p.real(v)!)]
            case .bool: return [.bool(p.bool(v)!)]
            case .data: return [.data(p.data(v)!)]
            case .asciiString, .utf16String: return [.data(Array(p.string(v)!.utf8))]
            case .null: return [.null]
            case .array, .set: return (0..<p.count(v)).flatMap { value(p.element(v, $0)) }
            case .dictionary: return []  // rejected by KeyedArchive's verification
            }
        }
        func entries(ofDictionary n: Int, skipping skip: Set<String> = []) -> [NibEntry] {
            var out = [NibEntry]()
            for e in 0..<p.count(n) {
                let (k, v) = p.entry(n, e)
                let key = p.string(k)!
                if skip.contains(key) { continue }
                for item in value(v) { out.append(NibEntry(key: key, value: item)) }
            }
            return out
        }

        objects.append(NibObject(className: "NSObject", entries: entries(ofDictionary: archive.top)))
        for (i, role) in archive.roles.enumerated() {
            let n = archive.objects[i]
            switch role {
            case .null: break
            case .classDescription:
                let hints = archive.classHints(ofDescription: i)
                if !hints.isEmpty { fallbacks[archive.className(ofDescription: i)] = hints }
            case .value:
                switch p.kind(n) {
                case .asciiString, .utf16String:
                    objects.append(NibObject(className: "NSString", entries: [NibEntry(key: FoundationKeys.bytes, value: .data(Array(p.string(n)!.utf8)))]))
                case .integer: objects.append(NibObject(className: "NSNumber", entries: [NibEntry(key: "NS.intval", value: .int(p.integer(n)!))]))
                case .real: objects.append(NibObject(className: "NSNumber", entries: [NibEntry(key: "NS.dblval", value: .double(p.real(n)!))]))
                case .bool: objects.append(NibObject(className: "NSNumber", entries: [NibEntry(key: "NS.boolval", value: .bool(p.bool(n)!))]))
                case .data: objects.append(NibObject(className: "NSData", entries: [NibEntry(key: FoundationKeys.bytes, value: .data(p.data(n)!))]))
                default: objects.append(NibObject(className: "NSDate", entries: [NibEntry(key: "NS.time", value: .double(p.real(n)!))]))
                }
            case .object(let c):
                let cls = archive.className(ofDescription: c)
                objects.append(NibObject(className: cls, entries: Self.keyedEntries(p, n, cls, setClasses: setClasses, entries: entries, value: value)))
            }
        }
        self.init(coderVersion: coderVersion, objects: objects, classFallbacks: fallbacks)
    }

    /// The entries of archived object `n` of class `cls`, with strings, data and collections in NIBArchive's form.
    static func keyedEntries(_ p: BinaryPropertyList, _ n: Int, _ cls: String, setClasses: Set<String>,
                             entries: (Int, Set<String>) -> [NibEntry], value: (Int) -> [NibGraphValue]) -> [NibEntry] {
        if let objectList = p.value(forKey: "NS.objects", in: n), p.kind(objectList) == .array {
            let elements = (0..<p.count(objectList)).flatMap { value(p.element(objectList, $0)) }
            var out = [NibEntry]()
            if setClasses.contains(cls) {
                for (i, element) in elements.enumerated() { out.append(NibEntry(key: "NS.object.\(i)", value: element)) }
            } else {
                out.append(NibEntry(key: "NSInlinedValue", value: .bool(true)))
                if let keyList = p.value(forKey: "NS.keys", in: n), p.kind(keyList) == .array {
                    let keys = (0..<p.count(keyList)).flatMap { value(p.element(keyList, $0)) }
                    for (k, v) in zip(keys, elements) {
                        out.append(NibEntry(key: "UINibEncoderEmptyKey", value: k))
                        out.append(NibEntry(key: "UINibEncoderEmptyKey", value: v))
                    }
                } else {
                    for element in elements { out.append(NibEntry(key: "UINibEncoderEmptyKey", value: element)) }
                }
            }
            return out + entries(n, ["$class", "NS.objects", "NS.keys"])
        }
        var out = entries(n, ["$class"])
        let rename: String? = switch cls {
        case "NSString", "NSMutableString": "NS.string"
        case "NSData", "NSMutableData": "NS.data"
        default: nil
        }
        if let rename {
            for i in out.indices where out[i].key == rename { out[i].key = FoundationKeys.bytes }
        }
        return out
    }
}

extension NibArchiveWriter.Options {
    /// The options for writing a keyed archive's graph as NIBArchive: ibtool's object order, without merging
    /// equal strings and numbers (ibtool merges `NSNumber`s numerically, which would turn a keyed archive's
    /// integer 11 into a shared 11.0; keyed archives already share what their archiver shared).
    public static var keyedConversion: NibArchiveWriter.Options {
        var options = NibArchiveWriter.Options()
        options.internStringsAndNumbers = false
        return options
    }
}
