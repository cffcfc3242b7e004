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
    ///
    /// - Parameters:
    ///   - path: a `.nib` file, plain or gzip-framed (a `.nib` directory is resolved by the caller).
    ///   - options: the limits a hostile file is held to (object counts, graph depth, inflated size).
    /// - Throws: `NibArchiveError` naming the table and byte offset of the first fault, or `.io` when the file
    ///   cannot be read.
    public convenience init(contentsOf path: String, options: NibReadOptions = .init()) throws(NibArchiveError) {
        try self.init(storage: ByteStorage(mapping: path), options: options)
    }

    /// Verifies `bytes`, which the archive keeps (the array is shared, not copied; its record tables are one
    /// allocation). `init(contentsOf:)` maps a file instead.
    ///
    /// - Parameters:
    ///   - bytes: a NIBArchive, plain or gzip-framed (then inflated within `options`' limits).
    ///   - options: the limits a hostile archive is held to.
    /// - Throws: `NibArchiveError` naming the table and byte offset of the first fault.
    public convenience init(bytes: [UInt8], options: NibReadOptions = .init()) throws(NibArchiveError) {
        try self.init(verifying: OpenedNibArchive(bytes: bytes, options: options), options: options)
    }

    /// Verifies a copy of `data` (the copy and the record tables are one allocation).
    public convenience init(data: Data, options: NibReadOptions = .init()) throws(NibArchiveError) {
        try self.init(verifying: OpenedNibArchive(data: data, options: options), options: options)
    }

    package convenience init(storage: ByteStorage, options: NibReadOptions) throws(NibArchiveError) {
        try self.init(verifying: OpenedNibArchive(storage: storage, options: options), options: options)
    }

    /// Verifies `opened`. A caller's `Data` is copied first, into one allocation with the record tables; an
    /// array is kept as it is.
    package init(verifying opened: OpenedNibArchive, options: NibReadOptions) throws(NibArchiveError) {
        let (storage, recordSpace) = opened.ownedStorage(reserving: RecordTables.byteCount(for: opened.header))
        // The error leaves the closure through a variable, not a `Result`: a `Result` of the tables was copied
        // three times per archive (Benchmarks: `CorpusDecode`).
        var failure: NibArchiveError?
        let verified = storage.withBytes { bytes -> NibArchiveVerifier.Tables? in
            do throws(NibArchiveError) {
                return try NibArchiveVerifier.verify(bytes, header: opened.header, options: options, recordSpace: recordSpace)
            } catch {
                failure = error
                return nil
            }
        }
        guard let tables = verified else { throw failure! }
        self.storage = storage
        header = opened.header
        records = tables.records
        trailer = tables.trailer
        notes = tables.notes
        wasCompressed = opened.wasCompressed
    }

    deinit { records.deallocate() }

    /// Number of bytes of the (decompressed) archive.
    public var byteCount: Int { storage.count }
    /// Calls `body` with the archive bytes (decompressed when the input was gzip-framed), valid only inside
    /// `body`.
    public func withRawBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        try storage.withBytes(body)
    }
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
    /// The bytes: storage the archive owns (a mapped file, an inflated gzip input), or the caller's array or
    /// `Data`, kept (no pointer into it is); a `Data` is copied into owned storage when verified, so that opening
    /// stays constant-time.
    private let source: Source
    /// The checked header.
    public let header: NibArchiveHeader
    /// Whether the input was gzip-framed.
    public let wasCompressed: Bool

    private enum Source: Sendable {
        case owned(ByteStorage)
        case array([UInt8])
        case data(Data)
    }

    /// Maps `path` and checks its header and table bounds; the cost does not grow with the file size
    /// (unless the file is gzip-framed, which must be inflated first).
    public init(contentsOf path: String, options: NibReadOptions = .init()) throws(NibArchiveError) {
        try self.init(storage: ByteStorage(mapping: path), options: options)
    }

    /// Checks the header and table bounds of `bytes` (kept; the verified archive shares them).
    public init(bytes: [UInt8], options: NibReadOptions = .init()) throws(NibArchiveError) {
        let opened = bytes.withUnsafeBytes { raw in
            Result { () throws(NibArchiveError) in try Self.open(raw, options: options) }
        }
        (source, header, wasCompressed) = try Self.finish(opened.get(), borrowed: .array(bytes))
    }

    /// Checks the header and table bounds of `data` (kept, and copied when verified).
    public init(data: Data, options: NibReadOptions = .init()) throws(NibArchiveError) {
        let opened = data.withUnsafeBytes { raw in
            Result { () throws(NibArchiveError) in try Self.open(raw, options: options) }
        }
        (source, header, wasCompressed) = try Self.finish(opened.get(), borrowed: .data(data))
    }

    package init(storage input: ByteStorage, options: NibReadOptions) throws(NibArchiveError) {
        let opened = input.withBytes { raw in
            Result { () throws(NibArchiveError) in try Self.open(raw, options: options) }
        }
        let (inflated, header) = try opened.get()
        source = .owned(inflated ?? input)
        self.header = header
        wasCompressed = inflated != nil
    }

    /// Inflates a gzip-framed input (into owned storage) and parses the header, reading `bytes` only inside
    /// this call.
    private static func open(_ bytes: UnsafeRawBufferPointer,
                             options: NibReadOptions) throws(NibArchiveError) -> (ByteStorage?, NibArchiveHeader) {
        if Gzip.hasMagic(bytes) {
            let inflated = try Gzip.inflate(bytes, limit: options.maxDecompressedSize)
            let header = inflated.withBytes { raw in
                Result { () throws(NibArchiveError) in try NibArchiveHeader.parse(raw, options: options) }
            }
            return (inflated, try header.get())
        }
        return (nil, try NibArchiveHeader.parse(bytes, options: options))
    }

    private static func finish(_ opened: (ByteStorage?, NibArchiveHeader),
                               borrowed: Source) -> (Source, NibArchiveHeader, Bool) {
        if let inflated = opened.0 { return (.owned(inflated), opened.1, true) }
        return (borrowed, opened.1, false)
    }

    /// Storage the archive keeps holding the bytes, and, when they had to be copied (a `Data`), `count` further
    /// bytes in the same allocation for one user (the record tables).
    func ownedStorage(reserving count: Int) -> (ByteStorage, UnsafeMutableRawBufferPointer?) {
        switch source {
        case .owned(let owned): return (owned, nil)
        case .array(let bytes): return (ByteStorage(keeping: bytes), nil)
        case .data(let data):
            let storage = data.withUnsafeBytes { ByteStorage(copying: $0, spare: count) }
            return (storage, storage.spare)
        }
    }

    /// Runs the full verification (§3) and returns the readable archive.
    ///
    /// - Parameter options: the limits a hostile archive is held to.
    /// - Returns: the verified archive, whose accessors read the bytes without further checks.
    /// - Throws: `NibArchiveError` naming the table and byte offset of the first fault.
    public func verify(options: NibReadOptions = .init()) throws(NibArchiveError) -> NibArchive {
        try NibArchive(verifying: self, options: options)
    }
}
