import Foundation
import IBChecks
import NibCompiler
import NibLocalization
import StringsFile
import PropertyList
import XIB

/// ibtool's localization operations on one document: `--export-strings-file OUT` (and its older name
/// `--generate-strings-file`), `--import-strings-file IN --write OUT` (and Xcode 3's `--strings-file`), and
/// `--export-xliff OUT` and `--import-xliff IN --write OUT` (the same strings as XLIFF 1.2), and
/// the `--localizable-*` views (`--localizable-strings` … `--localizable-all`, built by
/// `IBChecks.LocalizableInspection`). See docs/LOCALIZATION.md.
enum IbtoolLocalization {
    /// Whether the arguments ask for one of these operations.
    static func isRequested(_ args: IbtoolArguments) -> Bool {
        args.exportStrings != nil || args.importStrings != nil || args.exportXLIFF != nil || args.importXLIFF != nil
            || !args.localizable.isEmpty
    }

    /// Runs the requested operations on `input` (its bytes read and parsed as `document`); returns the exit status.
    static func run(_ args: IbtoolArguments, input: String, bytes: [UInt8], document: XIBDocument,
                    options: CompileOptions, report: inout IbtoolReport) -> Int32 {
        let localized: LocalizedDocument
        do {
            localized = try LocalizedDocument(document: document, fileName: input, options: options)
        } catch {
            addDiagnostics(error.diagnostics, args: args, to: &report)
            return 1
        }
        addDiagnostics(localized.diagnostics, args: args, to: &report)
        if !args.localizable.isEmpty {
            let view = LocalizableInspection(document: document, strings: localized.strings)
            report.localizable = args.localizable.map { PropertyListEntry($0.key, view.value($0)) }.sortedByKey()
        }
        do throws(CommandFailure) {
            if let output = args.exportStrings {
                try IbtoolFrontEnd.writeOutput(localized.exportBytes(), to: output)
            }
            if let output = args.exportXLIFF {
                let options = XLIFFExport.Options(sourceLanguage: args.sourceLanguage ?? "en", targetLanguage: args.targetLanguage,
                                                  toolVersion: IbtoolFrontEnd.bundleVersion)
                let xliff: [UInt8]
                do { xliff = try XLIFFExport.bytes(localized, document: bytes, fileName: (input as NSString).lastPathComponent, options: options) } catch {
                    throw CommandFailure(error.description)
                }
                try IbtoolFrontEnd.writeOutput(xliff, to: output)
            }
            if let table = args.importStrings {
                try importTable(readTable(table), from: table, option: "--import-strings-file", args: args, bytes: bytes, localized: localized, report: &report)
            }
            if let xliff = args.importXLIFF {
                try importTable(readXLIFF(xliff, documentName: (input as NSString).lastPathComponent), from: xliff, option: "--import-xliff",
                                args: args, bytes: bytes, localized: localized, report: &report)
            }
        } catch {
            report.toolErrors.append(.init(description: error.message))
            return 1
        }
        return 0
    }

    /// Applies `table` (read from `file`) to the document and writes the result to `--write`; keys that name
    /// nothing in the document become warnings.
    static func importTable(_ table: StringsTable, from file: String, option: String, args: IbtoolArguments, bytes: [UInt8],
                            localized: LocalizedDocument, report: inout IbtoolReport) throws(CommandFailure) {
        guard let output = args.write else {
            throw CommandFailure("\(option) needs --write OUT: the path of the translated document")
        }
        let result = StringsImport.apply(table, tableFile: file, to: bytes, localized: localized)
        let warnings = result.warnings.map { w in
            let l = w.location ?? StringsLocation(file: file, line: 1, column: 1)
            return Diagnostic(.warning, at: SourceLocation(file: l.file, line: l.line, column: l.column, offset: 0), w.message)
        }
        // The import's own findings (keys that name nothing in the document): nibc's, keyed as nibc keys them.
        report.documentWarnings = (report.documentWarnings ?? []) + warnings.map { IbtoolReport.DocumentEntry(nibc: $0) }
        try IbtoolFrontEnd.writeOutput(result.bytes, to: output)
    }

    /// The translations of the XLIFF file at `path` for `documentName`, or a failure located in it.
    static func readXLIFF(_ path: String, documentName: String) throws(CommandFailure) -> StringsTable {
        let bytes: [UInt8]
        do { bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path))) } catch {
            throw CommandFailure("\(path): error: cannot read: \((error as NSError).localizedDescription)")
        }
        do { return try XLIFFImport.table(bytes, file: path, documentName: documentName) } catch { throw CommandFailure(error.description) }
    }

    /// The strings table at `path`, or a failure naming the file (and the line and column of a syntax error).
    static func readTable(_ path: String) throws(CommandFailure) -> StringsTable {
        let bytes: [UInt8]
        do { bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path))) } catch {
            throw CommandFailure("\(path): error: cannot read: \((error as NSError).localizedDescription)")
        }
        do { return try StringsFileParser.parse(bytes, file: path) } catch { throw CommandFailure(error.description) }
    }

    /// The compile diagnostics in the sections asked for; errors are never silent.
    static func addDiagnostics(_ diagnostics: [Diagnostic], args: IbtoolArguments, to report: inout IbtoolReport) {
        if !args.errors { report.toolErrors += diagnostics.filter { $0.severity == .error }.map { .init(description: $0.description) } }
        if args.errors, report.documentErrors == nil { report.documentErrors = [] }
        if args.warnings, report.documentWarnings == nil { report.documentWarnings = [] }
        if args.notices, report.documentNotices == nil { report.documentNotices = [] }
        // nibc's own findings: errors under errors, the rest under notices (`IbtoolReport.add`).
        report.add([], nibc: diagnostics)
    }
}
