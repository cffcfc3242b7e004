import Foundation

/// A view of a run of bytes inside an archive (a key, a class name or a data value). Nothing is copied
/// until `copyBytes()` or `string` is called; the view keeps the archive's storage alive.
public struct NibBytes: Sendable, Hashable, CustomStringConvertible {
    package let storage: ByteStorage
    /// Absolute offset in the archive.
    public let offset: Int
    /// Length in bytes.
    public let count: Int

    @usableFromInline package init(storage: ByteStorage, offset: Int, count: Int) {
        self.storage = storage
        self.offset = offset
        self.count = count
    }

    /// The bytes, valid only inside `body`.
    public func withUnsafeBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        try storage.withBytes { try body(UnsafeRawBufferPointer(rebasing: $0[offset..<offset + count])) }
    }

    /// An owned copy of the bytes.
    public func copyBytes() -> [UInt8] { withUnsafeBytes { Array($0) } }

    /// The bytes decoded as UTF-8 (invalid sequences replaced), as an owned String.
    public var string: String { withUnsafeBytes { String(decoding: $0, as: UTF8.self) } }

    /// Whether the bytes equal the UTF-8 of `text`, without creating a String.
    public func equals(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { utf8 in
            utf8.count == count && (count == 0 || withUnsafeBytes { memcmp(utf8.baseAddress!, $0.baseAddress!, count) == 0 })
        }
    }

    public var description: String { string }

    public static func == (a: NibBytes, b: NibBytes) -> Bool {
        a.count == b.count && (a.count == 0 || a.withUnsafeBytes { x in
            b.withUnsafeBytes { y in memcmp(x.baseAddress!, y.baseAddress!, a.count) == 0 }
        })
    }

    public func hash(into hasher: inout Hasher) { withUnsafeBytes { hasher.combine(bytes: $0) } }
}

/// A decoded value, read from the archive without copying: data values are views.
public enum NibValue: Sendable, Equatable {
    case int(Int64)
    case bool(Bool)
    case float(Float)
    case double(Double)
    case data(NibBytes)
    case null
    case object(Int)
}

/// One object of a verified archive: its class and the range of its values.
public struct NibObjectRecord: Sendable, Equatable {
    /// Index into the class-name table.
    public let classIndex: Int
    /// Indices into the values table.
    public let values: Range<Int>

    @usableFromInline init(classIndex: Int, values: Range<Int>) {
        self.classIndex = classIndex
        self.values = values
    }
}

extension NibArchive {
    /// An empty view into this archive (the bytes of an `NSData` archived without `NS.bytes`).
    package var emptyBytes: NibBytes { NibBytes(storage: storage, offset: 0, count: 0) }

    public var coderVersion: UInt32 { header.coderVersion }
    @inlinable public var objectCount: Int { objectRecords.count }
    public var keyCount: Int { keyRecords.count }
    public var valueCount: Int { valueRecords.count }
    public var classCount: Int { classRecords.count }

    /// The object at `index` (0 is the root).
    @inlinable public func object(_ index: Int) -> NibObjectRecord {
        let (cls, first, count) = objectFields(index)
        return NibObjectRecord(classIndex: cls, values: first..<first + count)
    }


    @inlinable func objectFields(_ index: Int) -> (Int, Int, Int) {
        let r = objectRecords[index]
        return (Int(r.classIndex), Int(r.firstValue), Int(r.valueCount))
    }

    /// The class name of entry `index` of the class-name table, as a view.
    public func classNameBytes(_ index: Int) -> NibBytes {
        let r = classRecords[index]
        return NibBytes(storage: storage, offset: Int(r.nameOffset), count: Int(r.nameLength))
    }

    /// The class name of entry `index` of the class-name table.
    public func className(_ index: Int) -> String { classNameBytes(index).string }

    /// The class name of object `index`.
    public func className(ofObject index: Int) -> String { className(Int(objectRecords[index].classIndex)) }

    /// The fallback class indices of class entry `index`.
    public func fallbacks(ofClass index: Int) -> [Int] {
        let r = classRecords[index]
        return storage.withBytes { bytes in
            (0..<Int(r.fallbackCount)).map {
                Int(bytes.loadUnaligned(fromByteOffset: Int(r.fallbackOffset) + 4 * $0, as: Int32.self).littleEndian)
            }
        }
    }

    /// Key `index` as a view.
    public func keyBytes(_ index: Int) -> NibBytes {
        let r = keyRecords[index]
        return NibBytes(storage: storage, offset: Int(r.offset), count: Int(r.length))
    }

    /// Key `index` as a String.
    public func key(_ index: Int) -> String { keyBytes(index).string }

    /// The key-table index of `name`, found through the index built during verification.
    public func keyIndex(named name: String) -> Int? {
        var name = name
        return name.withUTF8 { utf8 -> Int? in
            // An empty name has no base address; any pointer will do, as no byte is read.
            let p = UnsafeRawPointer(utf8.baseAddress) ?? UnsafeRawPointer(bitPattern: 1)!
            return storage.withBytes { bytes in
                KeyTable.index(of: p, length: utf8.count, base: bytes.baseAddress!, keys: keyRecords,
                               lookup: keyLookup, sorted: records.keysSorted)
            }
        }
    }

    /// The key index of value `index`.
    @inlinable @inline(__always) public func valueKeyIndex(_ index: Int) -> Int { Int(valueRecords[index].keyIndex) }

    /// The type of value `index`.
    @inlinable @inline(__always) public func valueType(_ index: Int) -> NibValueType { valueRecords[index].type }

    /// Value `index`, decoded from the verified bytes without re-checking.
    @inlinable @inline(__always)
    public func value(_ index: Int) -> NibValue {
        let r = valueRecords[index]
        return storage.withBytes { value(of: r, base: $0.baseAddress!) }
    }

    /// Visits the values of object `index` in archive order with their key indices. The object's index is
    /// checked once; its values are read without a check per value (the verifier checked the object's value
    /// range against the value table).
    @inlinable @inline(__always)
    public func forEachValue(ofObject index: Int, _ body: (_ keyIndex: Int, _ value: NibValue) throws -> Void) rethrows {
        let (_, first, count) = objectFields(index)
        let records = valueRecords.base
        try storage.withBytes { bytes in
            let base = bytes.baseAddress!  // a verified archive has at least its 50-byte header
            for v in first..<first &+ count {
                let r = records[v]
                try body(Int(r.keyIndex), value(of: r, base: base))
            }
        }
    }

    /// The value a verified record describes; `base` is the archive's first byte (inside `storage.withBytes`).
    @inlinable @inline(__always)
    func value(of r: ValueRecord, base: UnsafeRawPointer) -> NibValue {
        let p = Int(r.payload)
        switch r.type {
        case .int8, .int16, .int32, .int64:
            // The four widths share one path (one branch target): the eight bytes that end with the payload,
            // shifted down with its sign. A payload follows the 50-byte header, so the load starts inside the archive.
            let size = 1 &<< Int(r.type.rawValue)  // 1, 2, 4, 8
            let word = Int64(littleEndian: base.loadUnaligned(fromByteOffset: p &+ size &- 8, as: Int64.self))
            return .int(word &>> Int64(64 &- 8 &* size))
        case .boolFalse, .boolTrue: return .bool(r.type == .boolTrue)
        case .float32: return .float(Float(bitPattern: UInt32(littleEndian: base.loadUnaligned(fromByteOffset: p, as: UInt32.self))))
        case .float64: return .double(Double(bitPattern: UInt64(littleEndian: base.loadUnaligned(fromByteOffset: p, as: UInt64.self))))
        case .data:
            let (length, start) = Self.uncheckedVarint(at: p, base: base)
            return .data(NibBytes(storage: storage, offset: start, count: length))
        case .null: return .null
        case .objectReference: return .object(Int(UInt32(littleEndian: base.loadUnaligned(fromByteOffset: p, as: UInt32.self))))
        }
    }

    /// Reads a varint the verifier has already checked; returns the value and the offset after it.
    @inlinable @inline(__always)
    static func uncheckedVarint(at offset: Int, base: UnsafeRawPointer) -> (Int, Int) {
        // Two bytes at most below 16,384 (every data length of the corpus): no loop.
        let b0 = Int(base.load(fromByteOffset: offset, as: UInt8.self))
        if b0 & 0x80 != 0 { return (b0 & 0x7F, offset &+ 1) }
        let b1 = Int(base.load(fromByteOffset: offset &+ 1, as: UInt8.self))
        if b1 & 0x80 != 0 { return (b0 | (b1 & 0x7F) &<< 7, offset &+ 2) }
        var result = b0 | (b1 & 0x7F) &<< 7
        var shift = 14
        var p = offset &+ 2
        while true {
            let byte = base.load(fromByteOffset: p, as: UInt8.self)
            p &+= 1
            result |= Int(byte & 0x7F) &<< shift
            if byte & 0x80 != 0 { return (result, p) }
            shift &+= 7
        }
    }

    /// The first value of object `object` whose key index is `keyIndex`, if any.
    public func valueIndex(ofObject object: Int, keyIndex: Int) -> Int? {
        let r = objectRecords[object]
        let key = UInt32(keyIndex)
        var i = Int(r.firstValue)
        let end = i + Int(r.valueCount)
        while i < end {
            if valueRecords[i].keyIndex == key { return i }
            i += 1
        }
        return nil
    }

    /// The first value of object `object` stored under `key`, if any.
    public func value(ofObject object: Int, forKey key: String) -> NibValue? {
        guard let k = keyIndex(named: key), let v = valueIndex(ofObject: object, keyIndex: k) else { return nil }
        return value(v)
    }
}

/// The bytes of a view as a collection (0-based), so callers can read, compare and map a data value
/// without copying it first.
extension NibBytes: RandomAccessCollection {
    public var startIndex: Int { 0 }
    public var endIndex: Int { count }
    public subscript(position: Int) -> UInt8 {
        precondition(position >= 0 && position < count, "NibBytes index out of range")
        return storage.withBytes { $0[offset + position] }
    }

    public func withContiguousStorageIfAvailable<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R? {
        try withUnsafeBytes { try body($0.assumingMemoryBound(to: UInt8.self)) }
    }
}
