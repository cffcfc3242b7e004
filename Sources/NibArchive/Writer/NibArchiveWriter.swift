#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Serialises a `NibGraph` into NIBArchive bytes.
///
/// With the default options the writer lays the archive out as ibtool does for coder 10 (§5.6):
/// objects renumbered by a pre-order depth-first walk from the root that does not descend through
/// conditional references, values grouped per object, classes in first-use order followed by
/// fallback-only classes sorted by name, keys in first-use order, shortest varints, the integer-width
/// rule of §4.1, and value-start 0 for objects without values. Equal `NSString`s and `NSNumber`s can
/// be merged (§5.4). A graph decoded from an archive carries its table layout, and writing it with
/// `.preserveLayout` gives back the original bytes. Output depends only on the graph and the options.
public struct NibArchiveWriter: Sendable {
    /// How objects are numbered in the output.
    public enum ObjectOrder: Sendable {
        /// Keep the graph's indices (needed for byte-exact round trips).
        case asGiven
        /// ibtool's coder-10 order: pre-order depth-first from the root; unreachable objects are dropped.
        case depthFirst
    }

    /// Writer options.
    public struct Options: Sendable {
        /// Object numbering.
        public var objectOrder: ObjectOrder = .depthFirst
        /// Merge immutable `NSString` and `NSNumber` objects with equal contents, as ibtool does (§5.4).
        public var internStringsAndNumbers = true
        /// Use the graph's `layout` (key and class tables, empty-object starts) when present.
        public var useLayoutHint = true

        /// ibtool-like defaults.
        public init() {}

        /// Options that reproduce a decoded archive byte for byte.
        public static var preserveLayout: Options {
            var o = Options()
            o.objectOrder = .asGiven
            o.internStringsAndNumbers = false
            return o
        }
    }

    /// The options in use.
    public var options: Options

    /// Creates a writer.
    public init(options: Options = .init()) {
        self.options = options
    }

    /// The archive bytes for `graph`.
    public func write(_ input: NibGraph) -> [UInt8] {
        switch options.objectOrder {
        case .depthFirst:
            // Serialised through the numbering: no renumbered copy of the graph is built.
            let redirect = options.internStringsAndNumbers ? NibGraphLayout.internRedirects(input) : nil
            guard let numbering = DepthFirstNumbering(input, redirect: redirect) else { return serialize(input, numbering: nil) }
            return serialize(input, numbering: numbering)
        case .asGiven:
            return serialize(options.internStringsAndNumbers ? NibGraphLayout.internStringsAndNumbers(input) : input, numbering: nil)
        }
    }

    /// Writes `graph`'s objects in `numbering`'s order with its references renumbered (as
    /// `NibGraphLayout.renumberDepthFirst` would, which also drops the layout), or as given when nil.
    private func serialize(_ graph: NibGraph, numbering: DepthFirstNumbering?) -> [UInt8] {
        let layout = options.useLayoutHint && numbering == nil ? graph.layout : nil
        let objects = NumberedObjects(objects: graph.objects, numbering: numbering)

        // Key table.
        // Keys and class names are matched by their UTF-8 bytes (`ByteStringTable`): Swift's String == would
        // merge canonically equivalent spellings ("é" and "e\u{301}"), which the archive keeps apart.
        var keys = [String]()
        var entryCount = 0
        for object in objects { entryCount += object.entries.count }
        // Distinct keys are far fewer than values; the table grows when there are more.
        var keyTable = ByteStringTable(expectedCount: max(layout?.keys.count ?? 0, min(entryCount, 128)))
        // Per table id: the key's index in `keys`, built only when a decoded layout repeats a key (the
        // repeat keeps its first index); nil while every id is its index.
        var keyPosition: [Int]?
        if let layout {
            for (i, k) in layout.keys.enumerated() {
                if keyTable.insert(k).inserted {
                    keyPosition?.append(i)
                } else if keyPosition == nil {
                    keyPosition = Array(0..<keyTable.count)
                }
            }
            keys = layout.keys
        }
        // The key index of every entry, in value order, found with one lookup per entry (the values
        // pass below reads it instead of looking each key up a second time).
        var entryKeys = [Int]()
        entryKeys.reserveCapacity(entryCount)
        for object in objects {
            for entry in object.entries {
                let (id, inserted) = keyTable.insert(entry.key)
                if inserted {
                    keyPosition?.append(keys.count)
                    keys.append(entry.key)
                }
                entryKeys.append(keyPosition?[id] ?? id)
            }
        }

        // Class table.
        var classNames = [String]()
        var classTable = ByteStringTable(expectedCount: max(layout?.classes.count ?? 0, min(objects.count, 32)))
        // As `keyPosition`, for class names.
        var classPosition: [Int]?
        var classFallbacks = [[Int]]()
        if let layout {
            for (i, c) in layout.classes.enumerated() {
                if classTable.insert(c.name).inserted {
                    classPosition?.append(i)
                } else if classPosition == nil {
                    classPosition = Array(0..<classTable.count)
                }
                classNames.append(c.name)
                classFallbacks.append(c.fallbacks)
            }
        }
        func addClass(_ name: String) -> Int {
            let (id, inserted) = classTable.insert(name)
            if inserted {
                classPosition?.append(classNames.count)
                classNames.append(name)
                classFallbacks.append([])
            }
            return classPosition?[id] ?? id
        }
        var objectClasses = [Int]()
        objectClasses.reserveCapacity(objects.count)
        for object in objects { objectClasses.append(addClass(object.className)) }
        if !graph.classFallbacks.isEmpty {
            var fallbackOnly = [String]()
            var seenFallbacks = ByteStringTable()
            for list in graph.classFallbacks.values {
                for name in list where classTable.lookup(name) == nil && seenFallbacks.insert(name).inserted { fallbackOnly.append(name) }
            }
            fallbackOnly.sort { $0.utf8.lexicographicallyPrecedes($1.utf8) }
            for name in fallbackOnly { _ = addClass(name) }
        }
        for (name, list) in graph.classFallbacks {
            guard let id = classTable.lookup(name) else { continue }
            let i = classPosition?[id] ?? id
            guard classFallbacks[i].isEmpty else { continue }
            // A class never falls back to its own entry (the reader rejects that).
            classFallbacks[i] = list.compactMap { classTable.lookup($0).map { classPosition?[$0] ?? $0 } }.filter { $0 != i }
        }

        // Conditional references resolve to nil when their target is not otherwise archived.
        var referenced = [Bool](repeating: false, count: objects.count)
        if !objects.isEmpty { referenced[0] = true }
        for object in objects {
            for entry in object.entries { if case .object(let i) = objects.map(entry.value) { referenced[i] = true } }
        }

        var out = [UInt8](repeating: 0, count: NibArchiveHeader.size)
        out.reserveCapacity(64 + objects.count * 8 + keys.count * 16 + objects.count * 64)

        let objectsOffset = out.count
        var valueCount = 0
        // Only values owned by objects are written, so a decoded archive's empty-object start (which
        // may have pointed at values owned by nobody) is clamped to stay inside the values table.
        let totalValues = entryCount
        for (index, object) in objects.enumerated() {
            appendVarint(objectClasses[index], to: &out)
            if object.entries.isEmpty {
                appendVarint(min(layout?.emptyObjectFirstValue[index] ?? 0, totalValues), to: &out)
            } else {
                appendVarint(valueCount, to: &out)
            }
            appendVarint(object.entries.count, to: &out)
            valueCount += object.entries.count
        }

        let keysOffset = out.count
        for key in keys {
            appendVarint(key.utf8.count, to: &out)
            out.append(contentsOf: key.utf8)
        }

        let valuesOffset = out.count
        var entryNumber = 0
        for object in objects {
            for entry in object.entries {
                appendVarint(entryKeys[entryNumber], to: &out)
                entryNumber += 1
                var value = objects.map(entry.value)
                if case .conditionalObject(let i) = value { value = referenced[i] ? .object(i) : .null }
                out.append(value.valueType.rawValue)
                switch value {
                case .int(let v), .fixedWidthInteger(let v, _):
                    switch value.valueType {
                    case .int8: out.append(UInt8(truncatingIfNeeded: v))
                    case .int16: appendLittleEndian(Int16(truncatingIfNeeded: v), to: &out)
                    case .int32: appendLittleEndian(Int32(truncatingIfNeeded: v), to: &out)
                    default: appendLittleEndian(v, to: &out)
                    }
                case .bool, .null: break
                case .float(let f): appendLittleEndian(f.bitPattern, to: &out)
                case .double(let d): appendLittleEndian(d.bitPattern, to: &out)
                case .data(let bytes):
                    appendVarint(bytes.count, to: &out)
                    out.append(contentsOf: bytes)
                case .object(let i), .conditionalObject(let i):
                    appendLittleEndian(UInt32(i), to: &out)
                }
            }
        }

        let classesOffset = out.count
        for (i, name) in classNames.enumerated() {
            appendVarint(name.utf8.count + 1, to: &out)
            appendVarint(classFallbacks[i].count, to: &out)
            for f in classFallbacks[i] { appendLittleEndian(Int32(f), to: &out) }
            out.append(contentsOf: name.utf8)
            out.append(0)
        }
        if graph.hasLNETrailer { out.append(contentsOf: [0x4C, 0x4E, 0x45, 0x00]) }

        let header = NibArchiveHeader(
            formatVersion: 1, coderVersion: graph.coderVersion,
            objectCount: UInt32(objects.count), objectsOffset: UInt32(objectsOffset),
            keyCount: UInt32(keys.count), keysOffset: UInt32(keysOffset),
            valueCount: UInt32(valueCount), valuesOffset: UInt32(valuesOffset),
            classCount: UInt32(classNames.count), classNamesOffset: UInt32(classesOffset))
        out.replaceSubrange(0..<NibArchiveHeader.size, with: header.encoded)
        return out
    }
}

/// The objects in output order: a graph's own, or a depth-first numbering's view of them.
private struct NumberedObjects: RandomAccessCollection {
    let objects: [NibObject]
    let numbering: DepthFirstNumbering?

    var startIndex: Int { 0 }
    var endIndex: Int { numbering?.order.count ?? objects.count }
    var isEmpty: Bool { endIndex == 0 }

    @inline(__always)
    subscript(position: Int) -> NibObject {
        guard let numbering else { return objects[position] }
        return objects[numbering.order[position]]
    }

    /// `value` with its reference in output numbering.
    @inline(__always)
    func map(_ value: NibGraphValue) -> NibGraphValue {
        numbering?.map(value) ?? value
    }
}
