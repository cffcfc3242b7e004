import NibArchive
import PropertyList

/// Writes a `NibGraph` as an `NSKeyedArchiver` binary property list, undoing the mapping of
/// `NibGraph(_: KeyedArchive)`: `NSString`/`NSNumber`/`NSData`/`NSDate` objects become plain values,
/// inlined and keyed collections `NS.objects` (and `NS.keys`) arrays, `NS.bytes` of mutable strings and data
/// `NS.string`/`NS.data`, references `CF$UID`s, nil `CF$UID` 0, and the root's entries `$top`.
///
/// By default `$objects` are numbered as `NSKeyedArchiver` numbers them: an object when it is first encoded,
/// its referenced objects while its values are encoded, its class description after its values. With
/// `objectOrder = .asGiven` they keep the graph's numbering instead. Output depends only on the graph,
/// `classChains` and `objectOrder`.
public struct KeyedArchiveWriter: Sendable {
    /// How graph objects are numbered in `$objects`.
    public enum ObjectOrder: Sendable {
        /// `NSKeyedArchiver`'s order: depth-first from `$top` in value order, each class description after
        /// the values of the first object of its class; objects not reachable from the root are dropped.
        case archiver
        /// The graph's own order: graph object `i` (every one, reachable or not) is `$objects[i]`, and the class
        /// descriptions follow the last object in first-use order. `NibGraph(_: KeyedArchive)` numbers graph
        /// objects by `$objects` order, so a graph decoded from a NIBArchive comes back with its original
        /// numbering, which `NibArchiveWriter.Options.preserveLayout` needs to give back the original bytes.
        case asGiven
    }

    /// `$classes` per class name (most derived first); a class not listed gets `[name, "NSObject"]`.
    public var classChains: [String: [String]]
    /// How objects are numbered (`NSKeyedArchiver`'s order by default).
    public var objectOrder: ObjectOrder

    /// Creates a writer.
    public init(classChains: [String: [String]] = [:], objectOrder: ObjectOrder = .archiver) {
        self.classChains = classChains
        self.objectOrder = objectOrder
    }


    /// The plain property-list value an object is archived as, if it is one.
    static func plainValue(_ object: NibObject) -> PropertyListValue? {
        guard object.entries.count == 1 else { return nil }
        let entry = object.entries[0]
        switch (object.className, entry.key, entry.value) {
        case ("NSString", FoundationKeys.bytes, .data(let bytes)):
            guard let text = String(validating: bytes, as: UTF8.self) else { return nil }
            return .string(text)
        case ("NSNumber", "NS.intval", .int(let v)), ("NSNumber", "NS.intval", .fixedWidthInteger(let v, _)): return .integer(v)
        case ("NSNumber", "NS.dblval", .double(let d)): return .real(d)
        case ("NSNumber", "NS.dblval", .float(let f)): return .float(f)
        case ("NSNumber", "NS.boolval", .bool(let b)): return .bool(b)
        case ("NSData", FoundationKeys.bytes, .data(let bytes)): return .data(bytes)
        case ("NSDate", "NS.time", .double(let d)): return .date(d)
        default: return nil
        }
    }

    /// The archive bytes of `graph` (object 0 is the root whose entries become `$top`).
    public func write(_ graph: NibGraph) -> [UInt8] {
        BinaryPropertyListWriter(uniquing: .coreFoundation).write(archive(graph))
    }

    /// The archive as a property-list value.
    public func archive(_ graph: NibGraph) -> PropertyListValue {
        let objects = graph.objects
        guard !objects.isEmpty else { return Self.envelope(top: [], objects: [.string("$null")]) }
        // 1. Numbering, iteratively: pre-order for objects, a class after its object's values.
        var uid = [Int?](repeating: nil, count: objects.count)
        var slots: [Slot] = [.null]
        var classUID = [String: Int]()
        enum Slot { case null, object(Int), classDescription(String) }
        var stack: [(object: Int, next: Int)] = []
        func visit(_ i: Int) {
            guard i > 0, i < objects.count, uid[i] == nil else { return }
            uid[i] = slots.count
            slots.append(.object(i))
            if Self.plainValue(objects[i]) == nil { stack.append((i, 0)) }
        }
        switch objectOrder {
        case .archiver:
            for entry in objects[0].entries { if let t = entry.value.objectIndex { visit(t); drain() } }
        case .asGiven:
            for i in objects.indices.dropFirst() { uid[i] = slots.count; slots.append(.object(i)) }
            for object in objects.dropFirst() where Self.plainValue(object) == nil && classUID[object.className] == nil {
                classUID[object.className] = slots.count
                slots.append(.classDescription(object.className))
            }
        }
        func drain() {
            while let top = stack.last {
                let entries = objects[top.object].entries
                if top.next == entries.count {
                    stack.removeLast()
                    let name = objects[top.object].className
                    if classUID[name] == nil { classUID[name] = slots.count; slots.append(.classDescription(name)) }
                    continue
                }
                stack[stack.count - 1].next += 1
                if let t = entries[top.next].value.objectIndex { visit(t) }
            }
        }
        // 2. Values.
        func value(_ v: NibGraphValue) -> PropertyListValue {
            switch v {
            case .int(let i), .fixedWidthInteger(let i, _): return .integer(i)
            case .bool(let b): return .bool(b)
            case .float(let f): return .float(f)
            case .double(let d): return .real(d)
            case .data(let bytes): return .data(bytes)
            case .null: return .uid(0)
            case .object(let t), .conditionalObject(let t): return .uid(UInt64(t > 0 && t < objects.count ? uid[t] ?? 0 : 0))
            }
        }
        var archived = [PropertyListValue]()
        archived.reserveCapacity(slots.count)
        for slot in slots {
            switch slot {
            case .null: archived.append(.string("$null"))
            case .classDescription(let name):
                var entries = [PropertyListEntry("$classname", .string(name)),
                               PropertyListEntry("$classes", .array((classChains[name] ?? (name == "NSObject" ? [name] : [name, "NSObject"])).map { .string($0) }))]
                if let hints = graph.classFallbacks[name], !hints.isEmpty {
                    entries.append(PropertyListEntry("$classhints", .array(hints.map { .string($0) })))
                }
                archived.append(.dictionary(entries))
            case .object(let i):
                let object = objects[i]
                if let plain = Self.plainValue(object) { archived.append(plain); continue }
                var entries = [PropertyListEntry]()
                let cls = object.className
                let elements = object.entries.filter { $0.key == "UINibEncoderEmptyKey" || $0.key.hasPrefix("NS.object.") }.map { value($0.value) }
                let isCollection = object.entries.first?.key == "NSInlinedValue" || (!elements.isEmpty && object.entries.allSatisfy { $0.key.hasPrefix("NS.object.") })
                if isCollection && FoundationClasses.dictionaries.contains(cls) {
                    entries.append(PropertyListEntry("NS.keys", .array(stride(from: 0, to: elements.count - 1, by: 2).map { elements[$0] })))
                    entries.append(PropertyListEntry("NS.objects", .array(stride(from: 1, to: elements.count, by: 2).map { elements[$0] })))
                } else if isCollection {
                    entries.append(PropertyListEntry("NS.objects", .array(elements)))
                }
                for entry in object.entries {
                    if isCollection && (entry.key == "NSInlinedValue" || entry.key == "UINibEncoderEmptyKey" || entry.key.hasPrefix("NS.object.")) { continue }
                    var key = entry.key
                    var v = value(entry.value)
                    if key == FoundationKeys.bytes && (cls == "NSMutableString" || cls == "NSString"), case .data(let bytes) = entry.value,
                       let text = String(validating: bytes, as: UTF8.self) {
                        key = "NS.string"
                        v = .string(text)
                    } else if key == FoundationKeys.bytes && (cls == "NSMutableData" || cls == "NSData") {
                        key = "NS.data"
                    }
                    entries.append(PropertyListEntry(key, v))
                }
                entries.append(PropertyListEntry("$class", .uid(UInt64(classUID[cls]!))))
                archived.append(.dictionary(entries))
            }
        }
        let top = objects[0].entries.map { PropertyListEntry($0.key, value($0.value)) }
        return Self.envelope(top: top, objects: archived)
    }

    static func envelope(top: [PropertyListEntry], objects: [PropertyListValue]) -> PropertyListValue {
        .dictionary([
            PropertyListEntry("$version", .integer(100000)),
            PropertyListEntry("$archiver", .string("NSKeyedArchiver")),
            PropertyListEntry("$top", .dictionary(top)),
            PropertyListEntry("$objects", .array(objects)),
        ])
    }
}

extension KeyedArchive {
    /// `$classes` of every class description, by class name (for `KeyedArchiveWriter.classChains`).
    public var classChains: [String: [String]] {
        var chains = [String: [String]]()
        for (i, role) in roles.enumerated() where role == .classDescription {
            chains[className(ofDescription: i)] = classChain(ofDescription: i)
        }
        return chains
    }
}
