import ArgumentParser
import Foundation
import NibCompiler
import NibLocalization
import StringsFile

/// `nibc strings export|check`: strings tables of whole trees of Base-localized documents, for pipelines
/// (what teams run BartyCrouch with ibtool for on a Mac). See docs/LOCALIZATION.md.
struct StringsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "strings",
        abstract: "Export the strings tables of Base-localized documents, and check translated tables against them.",
        subcommands: [StringsExportCommand.self, StringsCheckCommand.self])

    /// Every `Base.lproj/*.xib` and `Base.lproj/*.storyboard` under `paths` (files are taken as given),
    /// sorted by path.
    static func baseLocalizedDocuments(_ paths: [String]) throws(CommandFailure) -> [String] {
        var out: [String] = []
        let fm = FileManager.default
        for path in paths {
            var isDirectory: ObjCBool = false
            guard fm.fileExists(atPath: path, isDirectory: &isDirectory) else { throw CommandFailure("\(path): error: no such file or directory") }
            guard isDirectory.boolValue else { out.append(path); continue }
            guard let walker = fm.enumerator(atPath: path) else { continue }
            while let relative = walker.nextObject() as? String {
                let url = URL(fileURLWithPath: relative)
                guard url.pathExtension == "xib" || url.pathExtension == "storyboard",
                      url.deletingLastPathComponent().lastPathComponent == "Base.lproj" else { continue }
                out.append((path as NSString).appendingPathComponent(relative))
            }
        }
        return out.sorted()
    }

    /// The document compiled as Base-localized, or a failure with the compiler's errors.
    static func localized(_ path: String, options: CompileOptions) throws(CommandFailure) -> LocalizedDocument {
        let bytes: [UInt8]
        do { bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path))) } catch {
            throw CommandFailure("\(path): error: cannot read: \((error as NSError).localizedDescription)")
        }
        do { return try LocalizedDocument(bytes: bytes, fileName: path, options: options) } catch {
            throw CommandFailure(error.diagnostics.filter { $0.severity == .error }.map(\.description).joined(separator: "\n"))
        }
    }
}

/// `nibc strings export [-o DIR] PATH...`
struct StringsExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write each Base-localized document's strings table (ibtool's --export-strings-file format).",
        discussion: "Every Base.lproj/NAME.xib and Base.lproj/NAME.storyboard under the given directories (or the documents given) is exported to NAME.strings: beside Base.lproj in LANGUAGE.lproj with --language, else under --output-directory at the document's relative place. Exit status 1 when a document does not compile; the other tables are still written.")

    @Argument(help: "Directories to search for Base.lproj documents, or documents.")
    var paths: [String] = []

    @Option(name: [.short, .customLong("output-directory")], help: "Write DIR/<relative folder of Base.lproj>/NAME.strings.")
    var outputDirectory: String?

    @Option(help: "Write LANGUAGE.lproj/NAME.strings beside each Base.lproj (for example the development language, en).")
    var language: String?

    @Option(help: "utf-16le (ibtool's, the default), utf-16be or utf-8.")
    var encoding: String = StringsFileEncoding.utf16LittleEndian.rawValue

    @Option(help: "The module of customModuleProvider=\"target\" classes (as for compile).")
    var module: String?

    func run() throws {
        guard let encoding = StringsFileEncoding(rawValue: encoding) else {
            throw ValidationError("unknown encoding '\(encoding)': use utf-16le, utf-16be or utf-8")
        }
        guard (outputDirectory == nil) != (language == nil) else {
            throw ValidationError("give exactly one of --output-directory and --language")
        }
        var failures = 0
        do {
            for document in try StringsCommand.baseLocalizedDocuments(paths) {
                do {
                    let localized = try StringsCommand.localized(document, options: CompileOptions(moduleName: module))
                    let name = ((document as NSString).lastPathComponent as NSString).deletingPathExtension + ".strings"
                    let base = (document as NSString).deletingLastPathComponent
                    let destination: String
                    if let language {
                        destination = (((base as NSString).deletingLastPathComponent as NSString).appendingPathComponent(language + ".lproj") as NSString)
                            .appendingPathComponent(name)
                    } else {
                        let folder = relativeFolder(of: (base as NSString).deletingLastPathComponent)
                        destination = (((outputDirectory ?? ".") as NSString).appendingPathComponent(folder) as NSString).appendingPathComponent(name)
                    }
                    try IbtoolFrontEnd.writeOutput(localized.exportBytes(encoding: encoding), to: destination)
                    print("\(destination): \(localized.strings.count) strings")
                } catch {
                    failures += 1
                    printError(error.message)
                }
            }
        } catch {
            printError(error.message)
            throw ExitCode(1)
        }
        if failures > 0 { throw ExitCode(1) }
    }

    /// `folder` relative to the argument it was found under (its own path when given directly).
    func relativeFolder(of folder: String) -> String {
        for root in paths {
            let prefix = root.hasSuffix("/") ? root : root + "/"
            if folder.hasPrefix(prefix) { return String(folder.dropFirst(prefix.count)) }
            if folder == root { return "" }
        }
        return (folder as NSString).lastPathComponent
    }
}

/// `nibc strings check PATH...`
struct StringsCheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Check every xx.lproj/NAME.strings against its Base.lproj document: stale keys, missing translations, format-specifier mismatches.",
        discussion: "Problems print as FILE:LINE:COL: error|warning: message [kind] on standard error, a summary line per table on standard output. Exit status 1 when there is an error (a malformed table, a stale key, a missing translation unless --allow-missing, a format mismatch), else 0.")

    @Argument(help: "Directories to search for Base.lproj documents, or documents.")
    var paths: [String] = []

    @Flag(help: "Report missing translations as warnings, not errors.")
    var allowMissing = false

    @Option(help: "The module of customModuleProvider=\"target\" classes (as for compile).")
    var module: String?

    func run() throws {
        var errors = 0
        do {
            for document in try StringsCommand.baseLocalizedDocuments(paths) {
                let localized: LocalizedDocument
                do { localized = try StringsCommand.localized(document, options: CompileOptions(moduleName: module)) } catch {
                    errors += 1
                    printError(error.message)
                    continue
                }
                for table in translatedTables(of: document) {
                    guard let data = FileManager.default.contents(atPath: table) else { continue }
                    let parsed: StringsTable
                    do { parsed = try StringsFileParser.parse([UInt8](data), file: table) } catch {
                        errors += 1
                        printError(error.description)
                        continue
                    }
                    var tableErrors = 0, warnings = 0
                    for problem in StringsCheck.check(parsed, file: table, against: localized) {
                        let isError = problem.isError && !(allowMissing && problem.kind == .missingTranslation)
                        if isError { tableErrors += 1 } else { warnings += 1 }
                        printError(isError ? problem.description : problem.description.replacingOccurrences(of: ": error: ", with: ": warning: "))
                    }
                    errors += tableErrors
                    print("\(table): \(parsed.keys.count) keys, \(tableErrors) errors, \(warnings) warnings")
                }
            }
        } catch {
            printError(error.message)
            throw ExitCode(1)
        }
        if errors > 0 { throw ExitCode(1) }
    }

    /// The `xx.lproj/NAME.strings` beside the document's `Base.lproj`, sorted.
    func translatedTables(of document: String) -> [String] {
        let name = ((document as NSString).lastPathComponent as NSString).deletingPathExtension + ".strings"
        let parent = ((document as NSString).deletingLastPathComponent as NSString).deletingLastPathComponent
        let folders = (try? FileManager.default.contentsOfDirectory(atPath: parent.isEmpty ? "." : parent)) ?? []
        return folders.filter { $0.hasSuffix(".lproj") && $0 != "Base.lproj" }.sorted()
            .map { ((parent as NSString).appendingPathComponent($0) as NSString).appendingPathComponent(name) }
            .filter { FileManager.default.fileExists(atPath: $0) }
    }
}
