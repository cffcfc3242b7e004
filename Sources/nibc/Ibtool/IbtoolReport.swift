import Foundation
import IBChecks
import PropertyList
import XIB

/// What ibtool prints on standard output: a property list (XML or binary) or human-readable text with
/// the command-line errors (`com.apple.ibtool.errors`), the document's errors, warnings and notices
/// (`com.apple.ibtool.document.*`, each only when asked for with `--errors`/`--warnings`/`--notices`) and
/// the inspection views (`--hierarchy`, `--connections`, `--objects`, `--version-history`, `--localizable-*`).
struct IbtoolReport {
    /// A problem that is not at a place in the document: the command line, an unreadable file.
    struct ToolError {
        var description: String
        var failureReason: String? = nil
        var recoverySuggestion: String? = nil
    }

    /// One entry of a `com.apple.ibtool.document.*` section: one of Apple's document rules (keyed by the
    /// object id, as ibtool keys it) or one of nibc's own findings (keyed `nibc:LINE`, so that it never
    /// reads as an Apple finding about an object).
    struct DocumentEntry {
        /// The dictionary key: an object id, `global`, or `nibc:LINE`.
        var key: String
        var message: String
        /// ibtool's `type`: Interface Builder's category when known, else the level; `nibc` for nibc's own.
        var type: String
        var file: String
        var line: Int
        var column: Int
        /// What the text form prints between the path and the level: the object id, or nibc's line.
        var textLocation: String

        init(_ finding: CheckFinding) {
            key = finding.objectID
            message = finding.message
            type = finding.rule.category ?? finding.level.rawValue
            file = finding.location.file
            line = finding.location.line
            column = finding.location.column
            textLocation = finding.objectID
        }

        init(nibc diagnostic: Diagnostic) {
            key = "nibc:\(diagnostic.line)"
            message = diagnostic.message
            type = "nibc"
            file = diagnostic.file
            line = diagnostic.line
            column = diagnostic.column
            textLocation = String(diagnostic.line)
        }
    }

    var toolErrors: [ToolError] = []
    /// Document diagnostics; `nil` sections were not asked for and are left out of the report.
    var documentErrors: [DocumentEntry]?
    var documentWarnings: [DocumentEntry]?
    var documentNotices: [DocumentEntry]?
    /// Inspection views by their key (`com.apple.ibtool.document.hierarchy` …).
    var inspection: [PropertyListEntry] = []
    /// `--version`: `com.apple.ibtool.version` with `bundle-version` and `short-bundle-version`.
    var version: (bundle: String, short: String)?
    /// `--localizable-strings` … `--localizable-all`: `com.apple.ibtool.document.localizable-<kind>` (object id →
    /// property → value), by key.
    var localizable: [PropertyListEntry] = []

    /// Whether there is anything to print (ibtool prints nothing after a quiet successful compile).
    var isEmpty: Bool {
        toolErrors.isEmpty && documentErrors == nil && documentWarnings == nil && documentNotices == nil
            && inspection.isEmpty && version == nil && localizable.isEmpty
    }

    /// Sorts findings into the sections that were asked for: Apple's by their level; nibc's own errors
    /// under errors (the compile fails), its warnings and notes under notices (they are not Interface
    /// Builder's warnings). Findings of a section not asked for are dropped, as ibtool drops them.
    mutating func add(_ findings: [CheckFinding], nibc diagnostics: [Diagnostic]) {
        for finding in findings {
            let entry = DocumentEntry(finding)
            switch finding.level {
            case .error: documentErrors?.append(entry)
            case .warning: documentWarnings?.append(entry)
            case .notice: documentNotices?.append(entry)
            }
        }
        for diagnostic in diagnostics {
            if diagnostic.severity == .error { documentErrors?.append(DocumentEntry(nibc: diagnostic)) } else {
                documentNotices?.append(DocumentEntry(nibc: diagnostic))
            }
        }
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
        if let documentErrors { plist.append(.init("com.apple.ibtool.document.errors", Self.section(documentErrors))) }
        if let documentWarnings { plist.append(.init("com.apple.ibtool.document.warnings", Self.section(documentWarnings))) }
        if let documentNotices { plist.append(.init("com.apple.ibtool.document.notices", Self.section(documentNotices))) }
        plist += inspection + localizable
        if let version {
            plist.append(.init("com.apple.ibtool.version", .dictionary([
                .init("bundle-version", .string(version.bundle)), .init("short-bundle-version", .string(version.short)),
            ])))
        }
        return .dictionary(plist.sortedByKey())
    }

    /// One `com.apple.ibtool.document.*` dictionary: key → an array of entries (an object can have several
    /// findings), each with ibtool's `message` and `type` plus `line` and `column` for editors.
    static func section(_ entries: [DocumentEntry]) -> PropertyListValue {
        var keys: [String] = []
        var byKey: [String: [PropertyListValue]] = [:]
        for e in entries {
            if byKey[e.key] == nil { keys.append(e.key) }
            byKey[e.key, default: []].append(.dictionary([
                .init("column", .integer(Int64(e.column))), .init("line", .integer(Int64(e.line))),
                .init("message", .string(e.message)), .init("type", .string(e.type)),
            ]))
        }
        return .dictionary(keys.map { PropertyListEntry($0, .array(byKey[$0] ?? [])) }.sortedByKey())
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

    /// ibtool's text: a `/* key */` line opens a section; findings are `PATH:OBJECTID: error|warning|note:
    /// MESSAGE` (Apple's form, which Xcode and XCLogParser read), nibc's own `PATH:LINE: error|note: MESSAGE`.
    /// Inspection views follow as indented `key: value` lines.
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
            for d in list { out += "\(d.file):\(d.textLocation): \(word): \(d.message)\n" }
        }
        for view in inspection {
            out += "/* \(view.key) */\n" + PropertyListRendering.text(view.value)
        }
        for view in localizable {
            // One line per property, named as the strings export keys it: `ID.property`, `ID.property[i]`.
            out += "/* \(view.key) */\n"
            guard case .dictionary(let objects) = view.value else { continue }
            for object in objects {
                guard case .dictionary(let properties) = object.value else { continue }
                for p in properties {
                    if case .array(let items) = p.value {
                        for (i, item) in items.enumerated() { out += "\(object.key).\(p.key)[\(i)]: \(PropertyListRendering.scalarText(item) ?? "")\n" }
                    } else {
                        out += "\(object.key).\(p.key): \(PropertyListRendering.scalarText(p.value) ?? "")\n"
                    }
                }
            }
        }
        if let version {
            out += "/* com.apple.ibtool.version */\nbundle-version: \(version.bundle)\nshort-bundle-version: \(version.short)\n"
        }
        return out
    }
}
