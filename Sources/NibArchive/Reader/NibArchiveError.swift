/// The region of an archive an error refers to.
public enum NibArchiveRegion: String, Sendable, CustomStringConvertible {
    case file
    case header
    case objects
    case keys
    case values
    case classNames = "class names"
    case trailer
    case compressed = "gzip"

    public var description: String { rawValue }
}

/// A typed failure of reading an archive, with the table and byte offset it was found at.
public struct NibArchiveError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What went wrong.
    public enum Kind: Sendable, Equatable {
        case tooShort
        case badMagic
        case unsupportedFormatVersion(UInt32)
        case unsupportedCoderVersion(UInt32)
        case archiveTooLarge
        case tableOffsetOutOfBounds
        case countExceedsTable
        case truncated
        case varintTooLong
        case varintOverflow
        case tablesOverlap
        case invalidUTF8
        case duplicateKey
        case invalidClassName
        case classIndexOutOfRange
        case keyIndexOutOfRange
        case objectReferenceOutOfRange
        case invalidValueType(UInt8)
        case valueRangeOutOfBounds
        case fallbackIndexOutOfRange
        case noRootObject
        case unexpectedTrailingBytes
        case limitExceeded
        case io
        case corruptCompressedData
        case checksumMismatch
    }

    /// The kind of failure.
    public var kind: Kind
    /// The table or region.
    public var region: NibArchiveRegion
    /// Absolute byte offset in the (decompressed) archive where the problem was found.
    public var offset: Int
    /// A human-readable explanation.
    public var message: String

    /// Creates an error.
    public init(_ kind: Kind, _ region: NibArchiveRegion, at offset: Int, _ message: String) {
        self.kind = kind
        self.region = region
        self.offset = offset
        self.message = message
    }

    /// `<table> at byte <offset>: <message>`, the form `nibc verify` prints after `FILE: error: `.
    public var description: String { "\(region) at byte \(offset): \(message)" }
}
