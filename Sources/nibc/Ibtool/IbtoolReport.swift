import Foundation
import XIB

/// What ibtool prints on standard output: a property list (XML or binary) or human-readable text with
/// the command-line errors (`com.apple.ibtool.errors`) and the document's errors, warnings and notices
/// (`com.apple.ibtool.document.*`, each only when asked for with `--errors`/`--warnings`/`--notices`).
struct IbtoolReport {
    /// A problem that is not at a place in the document: the command line, an unreadable file.
    struct ToolError {
        var description: String
        var failureReason: String? = nil
        var recoverySuggestion: String? = nil
    }

    var toolErrors: [ToolError] = []
    /// Document diagnostics; `nil` sections were not asked for and are left out of the report.
    var documentErrors: [Diagnostic]?
    var documentWarnings: [Diagnostic]?
    var documentNotices: [Diagnostic]?
    /// `--version`: `com.apple.ibtool.version` with `bundle-version` and `short-bundle-version`.
    var version: (bundle: String, short: String)?

    /// Whether there is anything to print (ibtool prints nothing after a quiet successful compile).
    var isEmpty: Bool {
        toolErrors.isEmpty && documentErrors == nil && documentWarnings == nil && documentNotices == nil
            && version == nil
    }

    /// The report as a property-list value with ibtool's keys.
    var propertyList: [String: Any] {
        var plist = [String: Any]()
        if !toolErrors.isEmpty {
            plist["com.apple.ibtool.errors"] = toolErrors.map { error -> [String: Any] in
                var entry: [String: Any] = ["description": error.description]
                if let reason = error.failureReason { entry["failure-reason"] = reason }
                if let suggestion = error.recoverySuggestion { entry["recovery-suggestion"] = suggestion }
                return entry
            }
        }
        if let documentErrors { plist["com.apple.ibtool.document.errors"] = Self.section(documentErrors, type: "error") }
        if let documentWarnings { plist["com.apple.ibtool.document.warnings"] = Self.section(documentWarnings, type: "warning") }
        if let documentNotices { plist["com.apple.ibtool.document.notices"] = Self.section(documentNotices, type: "notice") }
        if let version {
            plist["com.apple.ibtool.version"] = ["bundle-version": version.bundle, "short-bundle-version": version.short]
        }
        return plist
    }

    /// One `com.apple.ibtool.document.*` dictionary: ibtool keys its messages by where they are in the
    /// document (an object id); nibc's locations are lines, so the key is the line number and each entry
    /// carries `message` and `type` (ibtool's subkeys) plus `line` and `column`.
    static func section(_ diagnostics: [Diagnostic], type: String) -> [String: Any] {
        var byLine = [String: [[String: Any]]]()
        for d in diagnostics {
            byLine[String(d.line), default: []].append(
                ["message": d.message, "type": type, "line": d.line, "column": d.column])
        }
        return byLine
    }

    /// The bytes for standard output in `format`; empty when there is nothing to report.
    func render(_ format: IbtoolArguments.OutputFormat, toolName: String) -> Data {
        if isEmpty { return Data() }
        switch format {
        case .xml1, .binary1:
            // PropertyListSerialization writes Apple's layout (XML declaration, DOCTYPE, tab indentation,
            // sorted keys, `<dict/>` for an empty dictionary), which is what ibtool prints.
            let data = try? PropertyListSerialization.data(fromPropertyList: propertyList,
                                                           format: format == .xml1 ? .xml : .binary, options: 0)
            return data ?? Data()
        case .humanReadableText:
            return Data(text(toolName: toolName).utf8)
        }
    }

    /// Xcode's reading of ibtool text: a `/* key */` line opens a section; messages are
    /// `path:location: error|warning|note: message` where location is a line number (Xcode's output parser
    /// takes the field between the two colons as the line; a `line:column` pair would not match).
    func text(toolName: String) -> String {
        var out = ""
        if !toolErrors.isEmpty {
            out += "/* com.apple.ibtool.errors */\n"
            for e in toolErrors {
                out += "\(toolName): error: \(e.description)\n"
                if let reason = e.failureReason { out += "    Failure Reason: \(reason)\n" }
                if let suggestion = e.recoverySuggestion { out += "    Recovery Suggestion: \(suggestion)\n" }
            }
        }
        for (key, word, list) in [("errors", "error", documentErrors), ("warnings", "warning", documentWarnings),
                                  ("notices", "note", documentNotices)] {
            guard let list, !list.isEmpty else { continue }
            out += "/* com.apple.ibtool.document.\(key) */\n"
            for d in list { out += "\(d.file):\(d.line): \(word): \(d.message)\n" }
        }
        if let version {
            out += "/* com.apple.ibtool.version */\nbundle-version: \(version.bundle)\nshort-bundle-version: \(version.short)\n"
        }
        return out
    }
}
