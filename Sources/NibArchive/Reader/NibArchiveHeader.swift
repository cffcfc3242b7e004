/// The fixed 50-byte header of a NIBArchive: magic, versions, and the count and offset of each table.
public struct NibArchiveHeader: Sendable, Equatable {
    /// "NIBArchive" in ASCII.
    public static let magic: [UInt8] = Array("NIBArchive".utf8)
    /// Bytes of magic plus ten little-endian uint32 fields.
    public static let size = 50

    public var formatVersion: UInt32 = 1
    public var coderVersion: UInt32 = 10
    public var objectCount: UInt32
    public var objectsOffset: UInt32
    public var keyCount: UInt32
    public var keysOffset: UInt32
    public var valueCount: UInt32
    public var valuesOffset: UInt32
    public var classCount: UInt32
    public var classNamesOffset: UInt32

    /// Whether `bytes` starts with the NIBArchive magic.
    public static func hasMagic(_ bytes: UnsafeRawBufferPointer) -> Bool {
        // Two loads compared with constants (not a loop over `magic`): this runs once per archive opened.
        guard bytes.count >= 10, let base = bytes.baseAddress else { return false }
        return base.loadUnaligned(as: UInt64.self).littleEndian == 0x6968_6372_4142_494E  // "NIBArchi"
            && base.loadUnaligned(fromByteOffset: 8, as: UInt16.self).littleEndian == 0x6576  // "ve"
    }

    /// Reads and checks the header (§3 rules 1–3): magic, versions, table offsets inside the file,
    /// and each count bounded by the bytes its table could occupy. Constant time.
    public static func parse(_ bytes: UnsafeRawBufferPointer, options: NibReadOptions = .init()) throws(NibArchiveError) -> NibArchiveHeader {
        let length = bytes.count
        guard length >= size else {
            throw NibArchiveError(.tooShort, .header, at: length, "file is \(length) bytes, shorter than the 50-byte header")
        }
        guard hasMagic(bytes) else {
            throw NibArchiveError(.badMagic, .header, at: 0, "missing \"NIBArchive\" magic")
        }
        guard UInt64(length) <= UInt64(UInt32.max) else {
            throw NibArchiveError(.archiveTooLarge, .file, at: 0, "archives larger than 4 GiB are not supported")
        }
        func field(_ i: Int) -> UInt32 { bytes.loadUnaligned(fromByteOffset: 10 + 4 * i, as: UInt32.self).littleEndian }
        let header = NibArchiveHeader(
            formatVersion: field(0), coderVersion: field(1),
            objectCount: field(2), objectsOffset: field(3), keyCount: field(4), keysOffset: field(5),
            valueCount: field(6), valuesOffset: field(7), classCount: field(8), classNamesOffset: field(9))
        guard header.formatVersion == 1 else {
            throw NibArchiveError(.unsupportedFormatVersion(header.formatVersion), .header, at: 10,
                                  "format version \(header.formatVersion) is not 1")
        }
        guard header.coderVersion == 9 || header.coderVersion == 10 || options.acceptAnyCoderVersion else {
            throw NibArchiveError(.unsupportedCoderVersion(header.coderVersion), .header, at: 14,
                                  "coder version \(header.coderVersion) is not 9 or 10")
        }
        let tables: [(NibArchiveRegion, UInt32, UInt32, Int, Int)] = [
            (.objects, header.objectCount, header.objectsOffset, 3, 18),
            (.keys, header.keyCount, header.keysOffset, 1, 26),
            (.values, header.valueCount, header.valuesOffset, 2, 34),
            (.classNames, header.classCount, header.classNamesOffset, 3, 42),
        ]
        for (region, count, offset, minimumEntrySize, fieldOffset) in tables {
            guard offset >= UInt32(size), Int(offset) <= length else {
                throw NibArchiveError(.tableOffsetOutOfBounds, .header, at: fieldOffset + 4,
                                      "\(region) table offset \(offset) is outside [50, \(length)]")
            }
            let available = UInt64(length - Int(offset))
            guard UInt64(count) * UInt64(minimumEntrySize) <= available else {
                throw NibArchiveError(.countExceedsTable, .header, at: fieldOffset,
                                      "\(region) count \(count) needs at least \(UInt64(count) * UInt64(minimumEntrySize)) bytes, only \(available) follow offset \(offset)")
            }
        }
        guard header.objectCount >= 1 else {
            throw NibArchiveError(.noRootObject, .header, at: 18, "archive has no objects (object 0 is the root)")
        }
        guard Int(header.objectCount) <= options.maxObjectCount else {
            throw NibArchiveError(.limitExceeded, .header, at: 18,
                                  "object count \(header.objectCount) exceeds the limit of \(options.maxObjectCount)")
        }
        return header
    }

    /// The 50 header bytes.
    public var encoded: [UInt8] {
        var out = NibArchiveHeader.magic
        out.reserveCapacity(NibArchiveHeader.size)
        for v in [formatVersion, coderVersion, objectCount, objectsOffset, keyCount, keysOffset,
                  valueCount, valuesOffset, classCount, classNamesOffset] {
            withUnsafeBytes(of: v.littleEndian) { out.append(contentsOf: $0) }
        }
        return out
    }
}

/// Limits and switches for reading archives; the defaults are safe for untrusted input.
public struct NibReadOptions: Sendable, Equatable {
    /// Accept coder versions other than 9 and 10.
    public var acceptAnyCoderVersion = false
    /// Fail on bytes after the last table other than the `LNE` trailer, instead of reporting them.
    public var rejectUnknownTrailingBytes = false
    /// Largest object count accepted (the header count is also bounded by the input size).
    public var maxObjectCount = 50_000_000
    /// Largest decompressed size of a gzip-framed archive, in bytes.
    public var maxDecompressedSize = 64 << 20
    /// Deepest nesting of value objects (collections inside collections) that `NibRuntime` decodes into an
    /// instantiation plan; deeper is a `malformedGraph` error. Decoding recurses once per level, so this bounds
    /// the stack. (`nibc dump` and `nibc diff` walk iteratively, with their own depth bounds.)
    public var maxGraphDepth = 1_000

    /// Default options.
    public init() {}
}
