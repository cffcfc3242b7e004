import ArgumentParser
import Foundation
import XIB

/// `nibc compile --diagnostics-format`: compiler-style text lines, or one JSON object per line for
/// editors and CI annotations.
enum DiagnosticsFormat: String, ExpressibleByArgument, CaseIterable {
    case text, json
}

/// A line `nibc compile` prints on standard error: a located diagnostic, an error that is not at a place
/// in a document (unreadable input, failed write), or a `-v` progress line.
enum BatchMessage: Sendable {
    case diagnostic(Diagnostic)
    /// `text` is already in the `file: error: message` form (file nil: a command-line problem).
    case error(file: String?, String)
    case info(file: String?, String)

    /// The line in `format`. JSON objects have the keys `file`, `line`, `column` (null when the message has
    /// no position), `severity` (`error`, `warning`, `note`, `info`) and `message`, sorted.
    func rendered(_ format: DiagnosticsFormat) -> String {
        switch (self, format) {
        case (.diagnostic(let d), .text): return d.description
        case (.error(_, let text), .text), (.info(_, let text), .text): return text
        case (.diagnostic(let d), .json):
            return Self.json(file: d.file, line: d.line, column: d.column, severity: d.severity.rawValue, message: d.message)
        case (.error(let file, let text), .json):
            let prefix = file.map { "\($0): error: " } ?? "error: "
            let message = text.hasPrefix(prefix) ? String(text.dropFirst(prefix.count)) : text
            return Self.json(file: file, line: nil, column: nil, severity: "error", message: message)
        case (.info(let file, let text), .json):
            return Self.json(file: file, line: nil, column: nil, severity: "info", message: text)
        }
    }

    private struct Record: Encodable {
        var file: String?
        var line: Int?
        var column: Int?
        var severity: String
        var message: String

        func encode(to encoder: any Encoder) throws {
            // Explicit nulls, so every object has the same keys.
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(file, forKey: .file)
            try c.encode(line, forKey: .line)
            try c.encode(column, forKey: .column)
            try c.encode(severity, forKey: .severity)
            try c.encode(message, forKey: .message)
        }
        enum CodingKeys: String, CodingKey { case file, line, column, severity, message }
    }

    private static func json(file: String?, line: Int?, column: Int?, severity: String, message: String) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let data = (try? encoder.encode(Record(file: file, line: line, column: column, severity: severity, message: message))) ?? Data()
        return String(decoding: data, as: UTF8.self)
    }
}
