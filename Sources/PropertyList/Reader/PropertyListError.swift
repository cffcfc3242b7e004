/// A typed failure of reading a binary property list, with the byte offset (and object number, when
/// one object is at fault) where it was found.
public struct PropertyListError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What went wrong.
    public enum Kind: Sendable, Equatable {
        case tooShort
        case badMagic
        case unsupportedVersion
        case badTrailer
        case offsetTableOutOfBounds
        case objectOffsetOutOfBounds
        case invalidMarker(UInt8)
        case truncated
        case badLength
        case referenceOutOfRange
        case keyNotString
        case invalidString
        case unsupportedInteger
        case cycle
        case depthLimit
        case limitExceeded
        case io
        /// A well-formed property list that is not the expected keyed archive (see `KeyedArchive`).
        case notKeyedArchive
    }

    /// The kind of failure.
    public var kind: Kind
    /// Byte offset in the input where the problem was found.
    public var offset: Int
    /// The object number (index in the offset table), when the problem belongs to one object.
    public var object: Int?
    /// A human-readable explanation.
    public var message: String

    /// Creates an error.
    public init(_ kind: Kind, at offset: Int, object: Int? = nil, _ message: String) {
        self.kind = kind
        self.offset = offset
        self.object = object
        self.message = message
    }

    /// `bplist at byte <offset> (object <n>): <message>`, the form `nibc verify` prints after `FILE: error: `.
    public var description: String {
        "bplist at byte \(offset)\(object.map { " (object \($0))" } ?? ""): \(message)"
    }
}

/// Limits for reading untrusted property lists.
public struct PropertyListReadOptions: Sendable, Equatable {
    /// Largest object count accepted (the trailer's count is also bounded by the input size).
    public var maxObjectCount = 50_000_000
    /// Deepest nesting of arrays, sets and dictionaries accepted.
    public var maxDepth = 512
    /// Most values an owned `PropertyListValue` tree may hold (shared containers are copied once per use,
    /// so a small hostile file could otherwise expand exponentially).
    public var maxExpandedValues = 16_000_000

    /// Default options.
    public init() {}
}
