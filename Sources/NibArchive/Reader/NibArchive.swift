import Foundation

/// A verified NIBArchive: every rule of NIBARCHIVE.md §3 has been checked once, and objects, keys,
/// values and class names are now read straight from the input bytes without further checks.
///
/// Create one with `NibArchive(contentsOf:)` (memory-mapped), `NibArchive(bytes:)` or
/// `NibArchive(data:)`, or in two steps with `OpenedNibArchive` (constant-time header and bounds
/// check) followed by `verify()`. Gzip-framed archives are inflated transparently.
public final class NibArchive: @unchecked Sendable {
    @usableFromInline package let storage: ByteStorage
    /// The header fields.
    public let header: NibArchiveHeader
    /// The verified record tables (one allocation, freed in `deinit`).
    @usableFromInline package let records: RecordTables
    @inlinable package var objectRecords: RecordTable<ObjectRecord> { records.objects }
    package var keyRecords: RecordTable<StringRecord> { records.keys }
    @inlinable package var valueRecords: RecordTable<ValueRecord> { records.values }
    package var classRecords: RecordTable<ClassRecord> { records.classes }
    package var keyLookup: RecordTable<Int32> { records.keyLookup }
    /// What follows the four tables.
    public let trailer: NibArchiveTrailer
    /// Layout facts that are legal but unusual (gaps between tables, unknown trailing bytes).
    public let notes: [String]
    /// Whether the input was gzip-framed and inflated before reading.
    public let wasCompressed: Bool

    @usableFromInline package struct ObjectRecord {
        @usableFromInline var classIndex: UInt32
        @usableFromInline var firstValue: UInt32
        @usableFromInline var valueCount: UInt32
    }

    package struct StringRecord {
        var offset: UInt32
        var length: UInt32
    }

    @usableFromInline package struct ValueRecord {
        @usableFromInline var keyIndex: UInt32
        /// Offset of the payload (after the type byte).
        @usableFromInline var payload: UInt32
        @usableFromInline var type: NibValueType
    }

    package struct ClassRecord {
        var nameOffset: UInt32
        /// Name length without the terminating NUL.
        var nameLength: UInt32
        var fallbackOffset: UInt32
        var fallbackCount: UInt32
    }

    /// Maps and verifies the archive at `path`.
    public convenience init(contentsOf path: String, options: NibReadOptions = .init()) throws(NibArchiveError) {
        try self.init(storage: ByteStorage(mapping: path), options: options)
    }

    /// Verifies a copy of `bytes` (the archive owns its bytes; the copy and the record tables are one
    /// allocation). `init(contentsOf:)` maps a file instead of copying it.
    public convenience init(bytes: [UInt8], options: NibReadOptions = .init()) throws(NibArchiveError) {
        let storage = bytes.withUnsafeBytes { ByteStorage(copying: $0, spare: Self.recordSpace(for: $0, options: options)) }
        try self.init(storage: storage, options: options, recordSpace: storage.spare)
    }

    /// Verifies a copy of `data` (as `init(bytes:)`).
    public convenience init(data: Data, options: NibReadOptions = .init()) throws(NibArchiveError) {
        let storage = data.withUnsafeBytes { ByteStorage(copying: $0, spare: Self.recordSpace(for: $0, options: options)) }
        try self.init(storage: storage, options: options, recordSpace: storage.spare)
    }

    /// The bytes the record tables of `bytes` need, when its header parses (else 0: the error is reported
    /// when the copy is opened; a gzip-framed input is inflated into storage of its own).
    private static func recordSpace(for bytes: UnsafeRawBufferPointer, options: NibReadOptions) -> Int {
        guard !Gzip.hasMagic(bytes), let header = try? NibArchiveHeader.parse(bytes, options: options) else { return 0 }
        return RecordTables.byteCount(for: header)
    }

    package convenience init(storage: ByteStorage, options: NibReadOptions,
                             recordSpace: UnsafeMutableRawBufferPointer? = nil) throws(NibArchiveError) {
        let opened = try OpenedNibArchive(storage: storage, options: options)
        // The space belongs to `storage`; a gzip-framed input was inflated into other storage, so it is unused.
        try self.init(verifying: opened, options: options, recordSpace: opened.storage === storage ? recordSpace : nil)
    }

    /// Verifies `opened`; the record tables use `recordSpace` (owned by `opened.storage`, used by this archive
    /// alone) when it is given and large enough.
    package init(verifying opened: OpenedNibArchive, options: NibReadOptions,
                 recordSpace: UnsafeMutableRawBufferPointer? = nil) throws(NibArchiveError) {
        let tables = try NibArchiveVerifier.verify(opened.storage.bytes, header: opened.header, options: options,
                                                   recordSpace: recordSpace)
        storage = opened.storage
        header = opened.header
        records = tables.records
        trailer = tables.trailer
        notes = tables.notes
        wasCompressed = opened.wasCompressed
    }

    deinit { records.deallocate() }

    /// Number of bytes of the (decompressed) archive.
    public var byteCount: Int { storage.bytes.count }
    /// The archive bytes (decompressed when the input was gzip-framed); valid while `self` lives.
    public var rawBytes: UnsafeRawBufferPointer { storage.bytes }
}

/// The bytes after the class-name table.
public enum NibArchiveTrailer: Sendable, Equatable {
    /// The archive ends with its last table.
    case none
    /// The 4-byte `LNE\0` trailer (§2.7).
    case lne
    /// Other bytes, ignored and reported.
    case unknown(offset: Int, length: Int)
}

/// An archive whose header and table bounds have been checked in constant time, not yet its tables.
public struct OpenedNibArchive: Sendable {
    package let storage: ByteStorage
    /// The checked header.
    public let header: NibArchiveHeader
    /// Whether the input was gzip-framed.
    public let wasCompressed: Bool

    /// Maps `path` and checks its header and table bounds; the cost does not grow with the file size
    /// (unless the file is gzip-framed, which must be inflated first).
    public init(contentsOf path: String, options: NibReadOptions = .init()) throws(NibArchiveError) {
        try self.init(storage: ByteStorage(mapping: path), options: options)
    }

    /// Checks the header and table bounds of a copy of `bytes`.
    public init(bytes: [UInt8], options: NibReadOptions = .init()) throws(NibArchiveError) {
        try self.init(storage: bytes.withUnsafeBytes { ByteStorage(copying: $0) }, options: options)
    }

    /// Checks the header and table bounds of a copy of `data`.
    public init(data: Data, options: NibReadOptions = .init()) throws(NibArchiveError) {
        try self.init(storage: data.withUnsafeBytes { ByteStorage(copying: $0) }, options: options)
    }

    package init(storage input: ByteStorage, options: NibReadOptions) throws(NibArchiveError) {
        var storage = input
        var compressed = false
        if Gzip.hasMagic(input.bytes) {
            storage = try Gzip.inflate(input.bytes, limit: options.maxDecompressedSize)
            compressed = true
        }
        self.storage = storage
        self.header = try NibArchiveHeader.parse(storage.bytes, options: options)
        self.wasCompressed = compressed
    }

    /// Runs the full verification (§3) and returns the readable archive.
    public func verify(options: NibReadOptions = .init()) throws(NibArchiveError) -> NibArchive {
        try NibArchive(verifying: self, options: options)
    }
}
