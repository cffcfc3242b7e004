import Foundation

/// The kinds of object a binary property list holds (the high nibble of an object's marker byte).
public enum PropertyListObjectKind: Sendable, Equatable {
    case null, bool, integer, real, date, data, asciiString, utf16String, uid, array, set, dictionary
}

/// The 32-byte trailer of a `bplist00` file.
public struct BinaryPropertyListTrailer: Sendable, Equatable {
    /// Width in bytes of an offset-table entry (1…8).
    public var offsetSize: Int
    /// Width in bytes of an object reference inside arrays, sets and dictionaries (1…8).
    public var referenceSize: Int
    /// Number of objects (entries of the offset table).
    public var objectCount: Int
    /// The top (root) object's number.
    public var topObject: Int
    /// Byte offset of the offset table.
    public var offsetTableOffset: Int
}

/// A verified binary property list (`bplist00`), read in place.
///
/// `init` checks the trailer, every offset-table entry, every object's marker, length and payload bounds,
/// every object reference, that dictionary keys are strings, that no container contains itself, and the
/// nesting depth — once. After that every accessor reads the input bytes directly, without checks and
/// without building a tree (`PropertyListValue(_:)` builds an owned tree when one is wanted).
public final class BinaryPropertyList: @unchecked Sendable {
    /// A copy of the input this object owns (allocated in `init`, freed in `deinit`): the unsafe fence of the
    /// reader. No pointer obtained inside a `withUnsafeBytes` closure is kept (a small `Data` keeps its bytes
    /// inline in the value, so such a pointer would dangle); the copy costs what the owning object used to.
    let bytes: UnsafeRawBufferPointer
    /// The trailer fields.
    public let trailer: BinaryPropertyListTrailer

    /// The 8-byte magic and version, `bplist00`.
    public static let magic: [UInt8] = Array("bplist00".utf8)

    /// Verifies a copy of `bytes`.
    public convenience init(bytes: [UInt8], options: PropertyListReadOptions = .init()) throws(PropertyListError) {
        try self.init(copy: bytes.withUnsafeBytes { Self.copy($0) }, options: options)
    }

    /// Verifies a copy of `data`.
    public convenience init(data: Data, options: PropertyListReadOptions = .init()) throws(PropertyListError) {
        try self.init(copy: data.withUnsafeBytes { Self.copy($0) }, options: options)
    }

    /// Reads (memory-mapped when possible) and verifies the file at `path`.
    public convenience init(contentsOf path: String, options: PropertyListReadOptions = .init()) throws(PropertyListError) {
        let data: Data
        do { data = try Data(contentsOf: URL(fileURLWithPath: path), options: .mappedIfSafe) } catch {
            throw PropertyListError(.io, at: 0, "cannot read: \((error as NSError).localizedDescription)")
        }
        try self.init(data: data, options: options)
    }

    /// Takes ownership of `copy` (from `copy(_:)`) and verifies it; frees it if verification fails.
    private init(copy: UnsafeRawBufferPointer, options: PropertyListReadOptions) throws(PropertyListError) {
        bytes = copy
        do throws(PropertyListError) {
            trailer = try BinaryPropertyListVerifier.verify(copy, options: options)
        } catch {
            Self.free(copy)
            throw error
        }
    }

    deinit { Self.free(bytes) }

    /// An owned copy of `source` (never a zero-byte allocation, so the base address always exists).
    private static func copy(_ source: UnsafeRawBufferPointer) -> UnsafeRawBufferPointer {
        let copy = UnsafeMutableRawBufferPointer.allocate(byteCount: max(source.count, 1), alignment: 8)
        if let from = source.baseAddress, source.count > 0 {
            copy.baseAddress!.copyMemory(from: from, byteCount: source.count)
        }
        return UnsafeRawBufferPointer(start: copy.baseAddress, count: source.count)
    }

    private static func free(_ copy: UnsafeRawBufferPointer) {
        UnsafeMutableRawPointer(mutating: copy.baseAddress!).deallocate()
    }

    /// Whether `bytes` start with `bplist00`.
    public static func hasMagic(_ bytes: UnsafeRawBufferPointer) -> Bool {
        bytes.count >= 8 && zip(bytes.prefix(8), magic).allSatisfy { $0 == $1 }
    }

    /// Number of objects.
    public var objectCount: Int { trailer.objectCount }
    /// The top object's number.
    public var topObject: Int { trailer.topObject }
    /// Number of bytes of the input.
    public var byteCount: Int { bytes.count }

    // MARK: raw access (valid after verification)

    @inline(__always) func byte(_ at: Int) -> UInt8 { bytes.load(fromByteOffset: at, as: UInt8.self) }

    @inline(__always) func bigEndian(_ at: Int, _ width: Int) -> UInt64 {
        var v: UInt64 = 0
        for i in 0..<width { v = v << 8 | UInt64(byte(at + i)) }
        return v
    }

    /// Byte offset of object `n`.
    @inline(__always) public func offset(of n: Int) -> Int {
        Int(truncatingIfNeeded: bigEndian(trailer.offsetTableOffset + n * trailer.offsetSize, trailer.offsetSize))
    }

    /// The marker byte of object `n`.
    @inline(__always) public func marker(_ n: Int) -> UInt8 { byte(offset(of: n)) }

    /// The kind of object `n`.
    public func kind(_ n: Int) -> PropertyListObjectKind {
        Self.kind(marker: marker(n))!
    }

    static func kind(marker m: UInt8) -> PropertyListObjectKind? {
        switch m >> 4 {
        case 0x0: return m == 0 ? .null : (m == 8 || m == 9) ? .bool : nil
        case 0x1: return .integer
        case 0x2: return .real
        case 0x3: return .date
        case 0x4: return .data
        case 0x5: return .asciiString
        case 0x6: return .utf16String
        case 0x8: return .uid
        case 0xA: return .array
        case 0xC: return .set
        case 0xD: return .dictionary
        default: return nil
        }
    }

    /// Start of the payload and the element/byte count of a length-prefixed object at `at`.
    @inline(__always) func lengthAndStart(_ at: Int) -> (start: Int, count: Int) {
        let low = Int(byte(at) & 0x0F)
        if low != 0x0F { return (at + 1, low) }
        let width = 1 << Int(byte(at + 1) & 0x0F)
        return (at + 2 + width, Int(truncatingIfNeeded: bigEndian(at + 2, width)))
    }

    /// The value of a boolean object.
    public func bool(_ n: Int) -> Bool? {
        let m = marker(n)
        return m == 0x09 ? true : m == 0x08 ? false : nil
    }

    /// The value of an integer object (1, 2 and 4-byte integers are unsigned, 8-byte ones signed).
    public func integer(_ n: Int) -> Int64? {
        let at = offset(of: n)
        let m = byte(at)
        guard m >> 4 == 1 else { return nil }
        let width = 1 << Int(m & 0x0F)
        // 16-byte integers were verified to fit in 64 bits: read the low half.
        return width == 16 ? Int64(bitPattern: bigEndian(at + 9, 8)) : Int64(bitPattern: bigEndian(at + 1, width))
    }

    /// The width in bytes of an integer or real object's payload.
    public func numberWidth(_ n: Int) -> Int { 1 << Int(marker(n) & 0x0F) }

    /// The value of a real or date object (4-byte reals are widened).
    public func real(_ n: Int) -> Double? {
        let at = offset(of: n)
        let m = byte(at)
        guard m >> 4 == 2 || m == 0x33 else { return nil }
        return m == 0x22 ? Double(Float(bitPattern: UInt32(bigEndian(at + 1, 4)))) : Double(bitPattern: bigEndian(at + 1, 8))
    }

    /// The value of a UID (`CF$UID`) object.
    public func uid(_ n: Int) -> UInt64? {
        let at = offset(of: n)
        let m = byte(at)
        guard m >> 4 == 8 else { return nil }
        return bigEndian(at + 1, Int(m & 0x0F) + 1)
    }

    /// The byte range (in `rawBytes`) of a data object's payload.
    public func dataRange(_ n: Int) -> Range<Int>? {
        let at = offset(of: n)
        guard byte(at) >> 4 == 4 else { return nil }
        let (start, count) = lengthAndStart(at)
        return start..<(start + count)
    }

    /// A copy of a data object's bytes.
    public func data(_ n: Int) -> [UInt8]? {
        dataRange(n).map { Array(bytes[$0]) }
    }

    /// The text of a string object.
    public func string(_ n: Int) -> String? {
        let at = offset(of: n)
        let (start, count) = lengthAndStart(at)
        switch byte(at) >> 4 {
        case 5:
            return String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<(start + count)]), as: UTF8.self)
        case 6:
            var units = [UInt16]()
            units.reserveCapacity(count)
            for i in 0..<count { units.append(UInt16(truncatingIfNeeded: bigEndian(start + 2 * i, 2))) }
            return String(decoding: units, as: UTF16.self)
        default:
            return nil
        }
    }

    /// Whether object `n` is a string equal to `text` (ASCII strings are compared without allocating).
    public func isString(_ n: Int, equalTo text: String) -> Bool {
        let at = offset(of: n)
        let m = byte(at)
        if m >> 4 == 5 {
            let (start, count) = lengthAndStart(at)
            var utf8 = text.utf8.makeIterator()
            for i in 0..<count {
                guard let c = utf8.next(), c == byte(start + i) else { return false }
            }
            return utf8.next() == nil
        }
        return m >> 4 == 6 && string(n) == text
    }

    /// Number of elements of an array or set, or of entries of a dictionary; 0 for other objects.
    public func count(_ n: Int) -> Int {
        let at = offset(of: n)
        switch byte(at) >> 4 {
        case 0xA, 0xC, 0xD: return lengthAndStart(at).count
        default: return 0
        }
    }

    /// The object number of element `i` of an array or set.
    @inline(__always) public func element(_ n: Int, _ i: Int) -> Int {
        let (start, _) = lengthAndStart(offset(of: n))
        return Int(truncatingIfNeeded: bigEndian(start + i * trailer.referenceSize, trailer.referenceSize))
    }

    /// The object numbers of the key and value of entry `i` of a dictionary.
    @inline(__always) public func entry(_ n: Int, _ i: Int) -> (key: Int, value: Int) {
        let (start, count) = lengthAndStart(offset(of: n))
        let r = trailer.referenceSize
        return (Int(truncatingIfNeeded: bigEndian(start + i * r, r)),
                Int(truncatingIfNeeded: bigEndian(start + (count + i) * r, r)))
    }

    /// The value of `key` in dictionary `n` (the last entry with that key, as Foundation reads duplicates).
    public func value(forKey key: String, in n: Int) -> Int? {
        var found: Int? = nil
        for i in 0..<count(n) {
            let e = entry(n, i)
            if isString(e.key, equalTo: key) { found = e.value }
        }
        return found
    }

    /// The input bytes; valid while `self` lives.
    public var rawBytes: UnsafeRawBufferPointer { bytes }
}
