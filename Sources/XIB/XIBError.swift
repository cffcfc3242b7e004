/// An error in a XIB document: malformed XML, an unsupported document, or a semantic problem
/// such as a duplicate or unknown id. `description` prints `file:line:col: error: message`.
public typealias XIBError = KindedError<XIBErrorKind>

/// What went wrong in a XIB document (`XIBError.Kind`).
public enum XIBErrorKind: Sendable, Hashable {
    /// The file could not be read.
    case unreadableFile
    /// The file is not well-formed XML; the associated value says how.
    case xml(XMLError.Kind)
    /// The root element is not `<document>` or `<archive>`.
    case notAXIB
    /// A known Interface Builder format this compiler does not handle: XIB 2.x `<archive>` documents
    /// (XIB 3 documents and storyboards are read).
    case unsupportedFormat
    /// A `<document>` whose `type` is neither the Cocoa Touch nor the Cocoa XIB type.
    case unsupportedDocumentType
    /// A structural requirement is not met (missing `<objects>`, missing `version`, ...).
    case invalidDocument
    /// Two elements share an `id`; reported at the second.
    case duplicateID
    /// A reference to an id that no element has.
    case unknownID
}

extension KindedError where ErrorKind == XIBErrorKind {
    /// Wraps an XML error.
    public init(_ error: XMLError) {
        self.init(.xml(error.kind), error.message, at: error.location)
    }
}
