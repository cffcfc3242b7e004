/// An error found at a place in a source file; it prints as `file:line:col: error: message`.
public protocol LocatedError: Error, CustomStringConvertible {
    /// A human-readable message without location.
    var message: String { get }
    /// Where the error was found.
    var location: SourceLocation { get }
}

extension LocatedError {
    /// The 1-based line.
    public var line: Int { location.line }
    /// The 1-based column, in Unicode scalars.
    public var column: Int { location.column }
    /// The 0-based byte offset.
    public var offset: Int { location.offset }
    /// The file name.
    public var file: String { location.file }

    /// This error as an error diagnostic.
    public var diagnostic: Diagnostic { Diagnostic(.error, at: location, message) }

    /// `file:line:col: error: message`.
    public var description: String { diagnostic.description }
}

/// A located error of one closed set of kinds: the shape of `XMLError` (`KindedError<XMLErrorKind>`) and
/// `XIBError` (`KindedError<XIBErrorKind>`), so callers match on `error.kind` for either.
public struct KindedError<ErrorKind: Sendable & Hashable>: LocatedError, Sendable, Hashable {
    /// The set of kinds (`XMLError.Kind` is `XMLErrorKind`).
    public typealias Kind = ErrorKind

    /// The kind of error.
    public var kind: Kind
    /// A human-readable message without location.
    public var message: String
    /// Where the error was found.
    public var location: SourceLocation

    /// Creates an error.
    public init(_ kind: Kind, _ message: String, at location: SourceLocation) {
        self.kind = kind
        self.message = message
        self.location = location
    }
}
