/// How serious a diagnostic is.
public enum DiagnosticSeverity: String, Sendable, Hashable, CustomStringConvertible {
    /// The input cannot be compiled.
    case error
    /// The input compiles, but something is probably wrong.
    case warning
    /// Extra information attached to a previous error or warning.
    case note

    /// The lowercase name printed in diagnostics.
    public var description: String { rawValue }
}

/// A message about a place in a source file, printed as `file:line:col: severity: message`.
public struct Diagnostic: Sendable, Hashable, CustomStringConvertible {
    /// Error, warning or note.
    public var severity: DiagnosticSeverity
    /// The file name or path.
    public var file: String
    /// The 1-based line.
    public var line: Int
    /// The 1-based column, in Unicode scalars.
    public var column: Int
    /// The message, without location or severity.
    public var message: String

    /// Creates a diagnostic from explicit parts.
    public init(severity: DiagnosticSeverity, file: String, line: Int, column: Int, message: String) {
        self.severity = severity
        self.file = file
        self.line = line
        self.column = column
        self.message = message
    }

    /// Creates a diagnostic at a source location.
    public init(_ severity: DiagnosticSeverity, at location: SourceLocation, _ message: String) {
        self.init(severity: severity, file: location.file, line: location.line, column: location.column,
                  message: message)
    }

    /// `file:line:col: severity: message`, the form compilers and editors understand.
    public var description: String { "\(file):\(line):\(column): \(severity): \(message)" }
}
