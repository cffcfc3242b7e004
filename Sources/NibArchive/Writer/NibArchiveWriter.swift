#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import StringBytes

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

    /// The tables a writer builds for every archive (keys, class names), kept between archives for the
    /// next `write(_:reusing:)`: a storyboard writes a nib per scene, view and prototype cell, and making
    /// and filling the tables anew was a fixed cost per nib. The output does not depend on the scratch.
    /// Not for concurrent writes.
    public final class Scratch {
        fileprivate var keys: ByteStringTable?
        fileprivate var classes: ByteStringTable?

        /// An empty scratch (the first write fills it).
        public init() {}

        /// A table for about `expectedCount` strings: `kept`, emptied, or a new one.
        fileprivate static func take(_ kept: inout ByteStringTable?, expectedCount: Int) -> ByteStringTable {
            guard var table = kept else { return ByteStringTable(expectedCount: expectedCount) }
            // Unshared once the scratch lets go of it, so emptying it reuses the storage.
            kept = nil
            table.removeAll(expectedCount: expectedCount)
            return table
        }
    }

    /// The archive bytes for `graph`.
    ///
    /// - Parameter input: the graph; object 0 is the root. With the default options equal strings and numbers
    ///   are merged and objects numbered in ibtool's order (objects unreachable from the root are dropped).
    /// - Returns: a complete NIBArchive file (not gzip-framed; `Gzip.compress` frames it).
    public func write(_ input: NibGraph) -> [UInt8] {
        write(input, reusing: nil)
    }

    /// The archive bytes for `graph`, built in `scratch`'s tables when given (the same bytes as `write(_:)`).
    public func write(_ input: NibGraph, reusing scratch: Scratch?) -> [UInt8] {
        switch options.objectOrder {
        case .depthFirst:
            // Serialised through the numbering: no renumbered copy of the graph is built.
            let redirect = options.internStringsAndNumbers ? NibGraphLayout.internRedirects(input) : nil
            guard let numbering = DepthFirstNumbering(input, redirect: redirect) else { return serialize(input, numbering: nil, scratch: scratch) }
            return serialize(input, numbering: numbering, scratch: scratch)
        case .asGiven:
            return serialize(options.internStringsAndNumbers ? NibGraphLayout.internStringsAndNumbers(input) : input, numbering: nil, scratch: scratch)
        }
    }

    /// Writes `graph`'s objects in `numbering`'s order with its references renumbered (as
    /// `NibGraphLayout.renumberDepthFirst` would, which also drops the layout), or as given when nil.
    private func serialize(_ graph: NibGraph, numbering: DepthFirstNumbering?, scratch: Scratch?) -> [UInt8] {
        // The objects are read in place: copying each `NibObject` (and each entry) out of the graph
        // retained and released its strings and arrays, a tenth of the writer's instructions.
        graph.objects.withUnsafeBufferPointer { all in
            serialize(graph, NumberedObjects(objects: all, numbering: numbering),
                      layout: options.useLayoutHint && numbering == nil ? graph.layout : nil, scratch: scratch)
        }
    }

    private func serialize(_ graph: NibGraph, _ objects: NumberedObjects, layout: NibTableLayout?, scratch: Scratch?) -> [UInt8] {
        var entryCount = 0
        for o in objects.indices { entryCount += objects[o].entries.count }
        // Distinct keys are far fewer than values; the tables grow when there are more.
        let expectedKeys = max(layout?.keys.count ?? 0, min(entryCount, 128))
        let expectedClasses = max(layout?.classes.count ?? 0, min(objects.count, 32))
        // The tables come in as `inout` (exclusive): built in the function, a table that may go back to a
        // scratch object cost the writing loops uniqueness checks of their own arrays.
        guard let scratch else {
            var keyTable = ByteStringTable(expectedCount: expectedKeys)
            var classTable = ByteStringTable(expectedCount: expectedClasses)
            return serialize(graph, objects, layout: layout, entryCount: entryCount, keyTable: &keyTable, classTable: &classTable)
        }
        var keyTable = Scratch.take(&scratch.keys, expectedCount: expectedKeys)
        var classTable = Scratch.take(&scratch.classes, expectedCount: expectedClasses)
        let bytes = serialize(graph, objects, layout: layout, entryCount: entryCount, keyTable: &keyTable, classTable: &classTable)
        scratch.keys = keyTable
        scratch.classes = classTable
        return bytes
    }

    private func serialize(_ graph: NibGraph, _ objects: NumberedObjects, layout: NibTableLayout?, entryCount: Int,
                           keyTable: inout ByteStringTable, classTable: inout ByteStringTable) -> [UInt8] {
        // Key table.
        // Keys and class names are matched by their UTF-8 bytes (`ByteStringTable`): Swift's String == would
        // merge canonically equivalent spellings ("é" and "e\u{301}"), which the archive keeps apart.
        var keys = [String]()
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
        // pass below reads it instead of looking each key up a second time). The same pass adds up the
        // data payloads for the output's size and marks the objects referenced: conditional references
        // resolve to nil when their target is not otherwise archived.
        var entryKeys = [Int]()
        entryKeys.reserveCapacity(entryCount)
        var dataBytes = 0
        var referenced = [Bool](repeating: false, count: objects.count)
        if !objects.isEmpty { referenced[0] = true }
        for o in objects.indices {
            objects[o].entries.withUnsafeBufferPointer { entries in
                for e in entries.indices {
                    let (id, inserted) = keyTable.insert(entries[e].key)
                    if inserted {
                        keyPosition?.append(keys.count)
                        keys.append(entries[e].key)
                    }
                    entryKeys.append(keyPosition?[id] ?? id)
                    switch objects.map(entries[e].value) {
                    case .data(let bytes): dataBytes += bytes.count
                    case .object(let i): referenced[i] = true
                    default: break
                    }
                }
            }
        }

        // Class table.
        var classNames = [String]()
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
        for o in objects.indices { objectClasses.append(addClass(objects[o].className)) }
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

        // An upper bound of the output: varints take at most five bytes, a value's payload at most eight.
        var capacity = NibArchiveHeader.size + 15 * objects.count + 14 * entryCount + dataBytes + 4
        for key in keys { capacity += 5 + key.utf8.count }
        for (i, name) in classNames.enumerated() { capacity += 11 + name.utf8.count + 4 * classFallbacks[i].count }

        // Written into one allocation of that size through a cursor that never leaves this closure.
        return [UInt8](unsafeUninitializedCapacity: capacity) { buffer, initialized in
            var out = ArchiveCursor(buffer)
            out.skip(NibArchiveHeader.size)

            let objectsOffset = out.offset
            var valueCount = 0
            // Only values owned by objects are written, so a decoded archive's empty-object start (which
            // may have pointed at values owned by nobody) is clamped to stay inside the values table.
            let totalValues = entryCount
            for index in objects.indices {
                let count = objects[index].entries.count
                out.varint(objectClasses[index])
                if count == 0 {
                    out.varint(min(layout?.emptyObjectFirstValue[index] ?? 0, totalValues))
                } else {
                    out.varint(valueCount)
                }
                out.varint(count)
                valueCount += count
            }

            let keysOffset = out.offset
            for key in keys {
                out.varint(key.utf8.count)
                out.utf8(key)
            }

            let valuesOffset = out.offset
            var entryNumber = 0
            for o in objects.indices {
                objects[o].entries.withUnsafeBufferPointer { entries in
                    for e in entries.indices {
                        out.varint(entryKeys[entryNumber])
                        entryNumber += 1
                        var value = objects.map(entries[e].value)
                        if case .conditionalObject(let i) = value { value = referenced[i] ? .object(i) : .null }
                        let type = value.valueType
                        out.byte(type.rawValue)
                        switch value {
                        case .int(let v), .fixedWidthInteger(let v, _):
                            switch type {
                            case .int8: out.byte(UInt8(truncatingIfNeeded: v))
                            case .int16: out.littleEndian(Int16(truncatingIfNeeded: v))
                            case .int32: out.littleEndian(Int32(truncatingIfNeeded: v))
                            default: out.littleEndian(v)
                            }
                        case .bool, .null: break
                        case .float(let f): out.littleEndian(f.bitPattern)
                        case .double(let d): out.littleEndian(d.bitPattern)
                        case .data(let bytes):
                            out.varint(bytes.count)
                            out.bytes(bytes)
                        case .object(let i), .conditionalObject(let i):
                            out.littleEndian(UInt32(i))
                        }
                    }
                }
            }

            let classesOffset = out.offset
            for (i, name) in classNames.enumerated() {
                out.varint(name.utf8.count + 1)
                out.varint(classFallbacks[i].count)
                for f in classFallbacks[i] { out.littleEndian(Int32(f)) }
                out.utf8(name)
                out.byte(0)
            }
            if graph.hasLNETrailer { out.bytes([0x4C, 0x4E, 0x45, 0x00]) }
            initialized = out.offset

            // The header last, once the offsets are known (the fields of `NibArchiveHeader.encoded`).
            out.offset = 0
            out.bytes(NibArchiveHeader.magic)
            for field in [UInt32(1), graph.coderVersion, UInt32(objects.count), UInt32(objectsOffset),
                          UInt32(keys.count), UInt32(keysOffset), UInt32(valueCount), UInt32(valuesOffset),
                          UInt32(classNames.count), UInt32(classesOffset)] {
                out.littleEndian(field)
            }
        }
    }
}

/// Writes bytes into a buffer sized in advance (each write checks the room left). Lives only inside
/// the `Array(unsafeUninitializedCapacity:)` closure that owns the buffer.
private struct ArchiveCursor {
    let buffer: UnsafeMutableBufferPointer<UInt8>
    var offset = 0

    init(_ buffer: UnsafeMutableBufferPointer<UInt8>) { self.buffer = buffer }

    @inline(__always)
    private func room(_ n: Int) {
        precondition(n <= buffer.count - offset, "archive size underestimated")
    }

    mutating func skip(_ n: Int) {
        room(n)
        buffer.baseAddress!.advanced(by: offset).initialize(repeating: 0, count: n)
        offset += n
    }

    @inline(__always)
    mutating func byte(_ b: UInt8) {
        room(1)
        buffer[offset] = b
        offset += 1
    }

    /// `value` as a NIBArchive varint in its shortest form.
    @inline(__always)
    mutating func varint(_ value: Int) {
        room(5)
        encodeVarint(value) { byte in
            buffer[offset] = byte
            offset += 1
        }
    }

    /// `value`'s bytes, least significant first.
    @inline(__always)
    mutating func littleEndian<T: FixedWidthInteger>(_ value: T) {
        room(MemoryLayout<T>.size)
        var v = value
        for _ in 0..<MemoryLayout<T>.size {
            buffer[offset] = UInt8(truncatingIfNeeded: v)
            offset += 1
            v >>= 8
        }
    }

    mutating func bytes(_ bytes: [UInt8]) {
        room(bytes.count)
        bytes.withUnsafeBufferPointer { source in
            guard let from = source.baseAddress else { return }
            buffer.baseAddress!.advanced(by: offset).update(from: from, count: source.count)
        }
        offset += bytes.count
    }

    mutating func utf8(_ string: String) {
        string.withUTF8Bytes { bytes(UnsafeRawBufferPointer($0)) }
    }

    private mutating func bytes(_ source: UnsafeRawBufferPointer) {
        room(source.count)
        guard let from = source.baseAddress else { return }
        UnsafeMutableRawPointer(buffer.baseAddress!.advanced(by: offset)).copyMemory(from: from, byteCount: source.count)
        offset += source.count
    }
}

/// The objects in output order: a graph's own, or a depth-first numbering's view of them.
private struct NumberedObjects: RandomAccessCollection {
    let objects: UnsafeBufferPointer<NibObject>
    let numbering: DepthFirstNumbering?

    var startIndex: Int { 0 }
    var endIndex: Int { numbering?.order.count ?? objects.count }
    var isEmpty: Bool { endIndex == 0 }

    /// The object at output position `position`, borrowed in place (not copied out).
    @inline(__always)
    subscript(position: Int) -> NibObject {
        unsafeAddress {
            guard let numbering else { return UnsafePointer(objects.baseAddress! + position) }
            return UnsafePointer(objects.baseAddress! + numbering.order[position])
        }
    }

    /// `value` with its reference in output numbering.
    @inline(__always)
    func map(_ value: NibGraphValue) -> NibGraphValue {
        numbering?.map(value) ?? value
    }
}
