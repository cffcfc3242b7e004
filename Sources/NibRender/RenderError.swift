import XIB

/// Why a document or nib cannot be drawn: a located problem in a document (`file:line:col: error: …`), or a
/// problem with a compiled file, named by its path.
public struct RenderError: Error, CustomStringConvertible, Sendable {
    /// `file:line:col: error: message`, or `path: error: message`.
    public var description: String

    /// An error at a place in a document.
    public init(_ message: String, at location: SourceLocation) {
        description = Diagnostic(.error, at: location, message).description
    }

    /// An error about a file as a whole.
    public init(file: String, _ message: String) {
        description = "\(file): error: \(message)"
    }

    /// A document's own error, as it prints.
    public init(_ error: XIBError) {
        description = error.description
    }
}
