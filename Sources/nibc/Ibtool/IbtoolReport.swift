import Foundation
import PropertyList
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
    /// `--localizable-strings`: `com.apple.ibtool.document.localizable-strings` (object id → property → text).
    var localizableStrings: PropertyListValue?

    /// Whether there is anything to print (ibtool prints nothing after a quiet successful compile).
    var isEmpty: Bool {
        toolErrors.isEmpty && documentErrors == nil && documentWarnings == nil && documentNotices == nil
            && version == nil && localizableStrings == nil
    }

    /// The report as a property-list value with ibtool's keys.
    var propertyList: PropertyListValue {
        var plist: [PropertyListEntry] = []
        if !toolErrors.isEmpty {
            plist.append(.init("com.apple.ibtool.errors", .array(toolErrors.map { error in
                var entry = [PropertyListEntry("description", .string(error.description))]
                if let reason = error.failureReason { entry.append(.init("failure-reason", .string(reason))) }
                if let suggestion = error.recoverySuggestion { entry.append(.init("recovery-suggestion", .string(suggestion))) }
                return .dictionary(entry)
            })))
        }
        if let documentErrors { plist.append(.init("com.apple.ibtool.document.errors", Self.section(documentErrors, type: "error"))) }
        if let documentWarnings { plist.append(.init("com.apple.ibtool.document.warnings", Self.section(documentWarnings, type: "warning"))) }
        if let documentNotices { plist.append(.init("com.apple.ibtool.document.notices", Self.section(documentNotices, type: "notice"))) }
        if let localizableStrings { plist.append(.init("com.apple.ibtool.document.localizable-strings", localizableStrings)) }
        if let version {
            plist.append(.init("com.apple.ibtool.version", .dictionary([
                .init("bundle-version", .string(version.bundle)), .init("short-bundle-version", .string(version.short)),
            ])))
        }
        return .dictionary(plist.sortedByKey())
    }

    /// One `com.apple.ibtool.document.*` dictionary: ibtool keys its messages by where they are in the
    /// document (an object id); nibc's locations are lines, so the key is the line number and each entry
    /// carries `message` and `type` (ibtool's subkeys) plus `line` and `column`.
    static func section(_ diagnostics: [Diagnostic], type: String) -> PropertyListValue {
        var keys: [String] = []
        var byLine: [String: [PropertyListValue]] = [:]
        for d in diagnostics {
            let key = String(d.line)
            if byLine[key] == nil { keys.append(key) }
            byLine[key, default: []].append(.dictionary([
                .init("column", .integer(Int64(d.column))), .init("line", .integer(Int64(d.line))),
                .init("message", .string(d.message)), .init("type", .string(type)),
            ]))
        }
        return .dictionary(keys.map { PropertyListEntry($0, .array(byLine[$0] ?? [])) }.sortedByKey())
    }

    /// The bytes for standard output in `format`; empty when there is nothing to report. Written by the
    /// `PropertyList` module's writers, which cannot fail: the report never goes through a conversion that could
    /// quietly give nothing.
    func render(_ format: IbtoolArguments.OutputFormat, toolName: String) -> Data {
        if isEmpty { return Data() }
        switch format {
        case .xml1: return Data(XMLPropertyListWriter().write(propertyList))
        case .binary1: return Data(BinaryPropertyListWriter().write(propertyList))
        case .humanReadableText: return Data(text(toolName: toolName).utf8)
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
        if case .dictionary(let objects)? = localizableStrings {
            out += "/* com.apple.ibtool.document.localizable-strings */\n"
            for object in objects {
                guard case .dictionary(let properties) = object.value else { continue }
                for p in properties {
                    if case .string(let text) = p.value { out += "\(object.key).\(p.key): \(text)\n" }
                }
            }
        }
        if let version {
            out += "/* com.apple.ibtool.version */\nbundle-version: \(version.bundle)\nshort-bundle-version: \(version.short)\n"
        }
        return out
    }
}
