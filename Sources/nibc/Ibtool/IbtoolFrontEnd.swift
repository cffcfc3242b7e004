import ArgumentParser
import Foundation
import IBChecks
import KeyedArchive
import NibArchive
import NibCompiler
import PropertyList
import XIB

/// `nibc ibtool …`, and nibc run under the name `ibtool`: Apple ibtool's compile interface, so that build
/// systems which call ibtool (Xcode's build system, Bazel's rules_apple, Xamarin, CMake, Theos) can use nibc
/// unchanged. Everything it reports goes to standard output in ibtool's form (see `IbtoolReport`); the exit
/// status is 0, or 1 when there is an error (a command-line error or a document error).
enum IbtoolFrontEnd {
    /// `com.apple.ibtool.version` for `--version` (Xcode's build system reads it with
    /// `ibtool --version --output-format xml1` before the first compile).
    static let bundleVersion = "0.1.0"

    /// Runs the front end on `arguments` (without the program name); returns the exit status.
    static func run(_ arguments: [String], toolName: String) -> Int32 {
        if arguments.contains("--help") || arguments.contains("-h") {
            FileHandle.standardOutput.write(Data((IbtoolCommand.helpMessage() + "\n").utf8))
            return 0
        }
        let args = IbtoolArguments(arguments, environment: ProcessInfo.processInfo.environment)
        var report = IbtoolReport()
        let status = execute(args, report: &report)
        FileHandle.standardOutput.write(report.render(args.outputFormat, toolName: toolName))
        return status
    }

    static func execute(_ args: IbtoolArguments, report: inout IbtoolReport) -> Int32 {
        report.toolErrors = args.problems
        if args.version { report.version = (bundleVersion, bundleVersion) }
        if let output = args.link {
            guard report.toolErrors.isEmpty else { return 1 }
            if args.errors { report.documentErrors = [] }
            if args.warnings { report.documentWarnings = [] }
            if args.notices { report.documentNotices = [] }
            report.toolErrors += IbtoolLink.run(output: output, inputs: args.inputs)
            return report.toolErrors.isEmpty ? 0 : 1
        }
        if args.version && args.inputs.isEmpty && args.compile == nil {
            return report.toolErrors.isEmpty ? 0 : 1
        }
        if let option = args.rewriteOption {
            report.toolErrors.append(.init(
                description: "nibc's ibtool does not rewrite documents: \(option) is not supported.",
                recoverySuggestion: "Open and save the document in Xcode to upgrade it; nibc compiles and inspects documents as they are."))
            return 1
        }
        if args.inputs.isEmpty {
            report.toolErrors.append(.init(description: "No input document: give the .xib or .storyboard to operate on as an argument."))
        } else if args.inputs.count > 1 {
            report.toolErrors.append(.init(
                description: "ibtool takes one input document; got \(args.inputs.count): \(args.inputs.joined(separator: ", ")).",
                recoverySuggestion: "Run nibc ibtool once per document, or nibc compile for a batch."))
        }
        guard report.toolErrors.isEmpty, let input = args.inputs.first else { return 1 }
        if args.errors { report.documentErrors = [] }
        if args.warnings { report.documentWarnings = [] }
        if args.notices { report.documentNotices = [] }

        let isStoryboard = input.hasSuffix(".storyboard")
        if isStoryboard && !args.flatten {
            // ibtool's unflattened storyboard (editable nib wrappers inside the .storyboardc) has no transcript;
            // no build system asks for it (rules_apple and Xcode pass no --flatten for storyboards).
            report.toolErrors.append(.init(description: "--flatten NO is not supported for storyboards: cannot compile \"\(input)\".",
                                           recoverySuggestion: "Leave out --flatten (or pass YES); the .storyboardc is written flattened."))
            return 1
        }
        guard FileManager.default.fileExists(atPath: input) else {
            // Apple's words for a missing input.
            report.toolErrors.append(.init(description: "Interface Builder could not open the document \"\((input as NSString).lastPathComponent)\" because it does not exist."))
            return 1
        }
        let bytes: [UInt8]
        do {
            bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: input)))
        } catch {
            report.toolErrors.append(.init(description: "The document \"\(input)\" could not be read.",
                                           failureReason: (error as NSError).localizedDescription))
            return 1
        }
        if let problem = targetDeviceProblem(args.targetDevices, bytes: bytes, file: input) {
            report.toolErrors.append(problem)
            return 1
        }
        if args.exportStrings != nil || args.importStrings != nil || args.exportXLIFF != nil || args.importXLIFF != nil,
           args.compile != nil || args.compilationDirectory != nil {
            report.toolErrors.append(.init(description: "Strings export and import cannot be combined with --compile or --compilation-directory.",
                                           recoverySuggestion: "Run nibc ibtool once to compile and once for the strings."))
            return 1
        }

        // One parse: the document rules, the inspection views and the compiler read the same document.
        let options = compileOptions(args)
        let document: XIBDocument
        do {
            document = try XIBDocument.open(bytes, fileName: input, options: options, storyboard: isStoryboard)
        } catch {
            report.add([], nibc: error.diagnostics)
            if !args.errors { report.toolErrors += error.diagnostics.filter { $0.severity == .error }.map { .init(description: $0.description) } }
            return 1
        }
        let findings = DocumentChecks.check(document, options: options)
        if !args.inspections.isEmpty {
            let inspection = DocumentInspection(document)
            report.inspection = args.inspections.sorted { $0.rawValue < $1.rawValue }.map { .init($0.key, $0.value(inspection)) }
        }
        let output = outputPath(args, input: input)
        let localizing = IbtoolLocalization.isRequested(args)
        if localizing {
            // The strings operations and the --localizable-* views read a Base-localized compile of the document;
            // they write no compiled output, so Interface Builder's errors do not stop them.
            report.add(findings, nibc: [])
            let status = IbtoolLocalization.run(args, input: input, bytes: bytes, document: document, options: options, report: &report)
            if status != 0 || (output == nil && args.partialInfoPlist == nil && args.inspections.isEmpty) { return status }
        }
        if findings.contains(where: { $0.level == .error }) {
            // Interface Builder refuses the document: nothing is compiled or written.
            if !localizing { report.add(findings, nibc: []) }
            if !args.errors {
                report.toolErrors += findings.filter { $0.level == .error }.map { .init(description: "\(input):\($0.objectID): error: \($0.message)") }
            }
            return 1
        }
        if !args.inspections.isEmpty, output == nil, args.partialInfoPlist == nil {
            // An inspection without an output does not compile (ibtool's inspection modes read the document only).
            if !localizing { report.add(findings, nibc: []) }
            return 0
        }

        let (diagnostics, compiled) = compile(document, input: input, options: options)
        let errors = diagnostics.filter { $0.severity == .error }
        if localizing {
            // The findings and the compiler's warnings were reported with the localization views' compile.
            report.add([], nibc: errors)
        } else {
            report.add(findings, nibc: diagnostics)
        }
        if !args.errors {
            // A failing compile is never silent: without --errors its errors are reported as ibtool's own.
            report.toolErrors += errors.map { .init(description: $0.description) }
        }
        guard let compiled, errors.isEmpty else { return 1 }

        do throws(CommandFailure) {
            var companions: [(bytes: [UInt8], destination: String)] = []
            if !args.companionStrings.isEmpty {
                guard let output else { throw CommandFailure("--companion-strings-file needs --compile or --compilation-directory") }
                companions = try CompanionStrings.prepare(args.companionStrings, output: output)
            }
            if let output {
                switch compiled {
                case .nib(let nib): try writeNib(nib, to: output, flatten: args.flatten)
                case .storyboard(let files): try writeStoryboard(files, to: output)
                }
            }
            for companion in companions { try writeOutput(companion.bytes, to: companion.destination) }
            if let plist = args.partialInfoPlist {
                try writeOutput(partialInfoPlist(), to: plist)
            }
        } catch {
            report.toolErrors.append(.init(description: error.message))
            return 1
        }
        return 0
    }

    /// What a compile produced: one nib, or the files of a `.storyboardc` directory (paths inside it).
    enum Compiled {
        case nib([UInt8])
        case storyboard([(path: String, bytes: [UInt8])])
    }

    /// Compiles the document with the compilers `nibc compile` uses (so the bytes are the same); nil output
    /// when there is an error among the diagnostics.
    static func compile(_ document: XIBDocument, input: String, options: CompileOptions) -> ([Diagnostic], Compiled?) {
        do {
            if document.isStoryboard {
                let result = try StoryboardCompiler(options: options).compile(document: document, fileName: input)
                return (result.diagnostics, .storyboard(result.files.map { ($0.path, $0.bytes) }))
            }
            let result = try XIBCompiler(options: options).compile(document: document, fileName: input)
            // As ibtool: a macOS deployment target before 10.13 gets the keyed-archive form.
            do { return (result.diagnostics, .nib(try result.nib())) } catch {
                let failure = Diagnostic(severity: .error, file: input, line: 1, column: 1,
                                         message: "internal: the compiled nib does not verify (\(error)); nothing written")
                return (result.diagnostics + [failure], nil)
            }
        } catch {
            return (error.diagnostics, nil)
        }
    }

    /// The compile options the command line gives (the document rules see the same deployment target and Xcode).
    static func compileOptions(_ args: IbtoolArguments) -> CompileOptions {
        var options = CompileOptions(moduleName: args.module, minimumDeploymentTarget: args.minimumDeploymentTarget)
        if let version = args.xcodeVersion { options.xcodeVersion = version }
        return options
    }

    /// `--compile OUT`, else `--compilation-directory DIR`: `DIR/<name>.storyboardc` for a storyboard (the output
    /// rules_apple and Xcode declare for that call), `DIR/<name>.nib` for a XIB; nil when only a report was asked for.
    static func outputPath(_ args: IbtoolArguments, input: String) -> String? {
        if let compile = args.compile { return compile }
        guard let dir = args.compilationDirectory else { return nil }
        let base = ((input as NSString).lastPathComponent as NSString).deletingPathExtension
        let name = base + (input.hasSuffix(".storyboard") ? ".storyboardc" : ".nib")
        return (dir as NSString).appendingPathComponent(name)
    }

    /// Writes a compiled storyboard as the directory `output`, atomically (`AtomicDirectory`: built beside it
    /// and renamed into place, so an existing `.storyboardc` — or the empty one Bazel creates for its tree
    /// artifact — is replaced whole or left untouched), creating missing parent directories.
    static func writeStoryboard(_ files: [(path: String, bytes: [UInt8])], to output: String) throws(CommandFailure) {
        let trimmed = output.hasSuffix("/") ? String(output.dropLast()) : output
        let parent = (trimmed as NSString).deletingLastPathComponent
        if !parent.isEmpty { try makeDirectory(parent) }
        try AtomicDirectory.write(files, to: trimmed)
    }

    /// Writes the nib: a file, or with `--flatten NO` a `.nib` directory holding `runtime.nib` (ibtool also
    /// writes `designtime.nib` there, Interface Builder's editable copy, which nibc does not produce).
    static func writeNib(_ nib: [UInt8], to output: String, flatten: Bool) throws(CommandFailure) {
        if flatten {
            try writeOutput(nib, to: output)
        } else {
            try makeDirectory(output)
            try writeOutput(nib, to: (output as NSString).appendingPathComponent("runtime.nib"))
        }
    }

    /// Writes `bytes` atomically, creating missing parent directories (build systems hand ibtool output
    /// paths in directories that may not exist yet).
    static func writeOutput(_ bytes: [UInt8], to path: String) throws(CommandFailure) {
        let dir = (path as NSString).deletingLastPathComponent
        if !dir.isEmpty { try makeDirectory(dir) }
        try AtomicFile.write(bytes, to: path)
    }

    static func makeDirectory(_ path: String) throws(CommandFailure) {
        do {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        } catch {
            throw CommandFailure("\(path): error: cannot create directory: \((error as NSError).localizedDescription)")
        }
    }

    /// The partial Info.plist for a XIB or a storyboard: an empty dictionary. Xcode's `UIMainStoryboardFile`,
    /// `UILaunchStoryboardName` and `NSMainStoryboardFile` come from its build settings (swift-build's
    /// `INFOPLIST_KEY_*`), not from ibtool; no evidence shows a key ibtool writes for a document without
    /// custom fonts (docs/IBTOOL.md).
    static func partialInfoPlist() -> [UInt8] {
        XMLPropertyListWriter().write(.dictionary([]))
    }

    /// The device families each document runtime can be compiled for (`--target-device`): iOS documents
    /// for iphone and ipad (Xcode 26's ibtool refuses `mac` for them), macOS documents for mac.
    static let devices: [String: (platform: String, names: Set<String>)] = [
        "iOS.CocoaTouch": ("iOS", ["iphone", "ipad"]),
        "MacOSX.Cocoa": ("macOS", ["mac"]),
    ]

    static func targetDeviceProblem(_ requested: [String], bytes: [UInt8], file: String) -> IbtoolReport.ToolError? {
        guard !requested.isEmpty,
              let tree = try? XMLTree(bytes: bytes, file: file),
              let runtime = tree.root.attribute("targetRuntime"),
              let allowed = devices[runtime] else { return nil }  // the compiler reports what it cannot read
        guard let bad = requested.first(where: { !allowed.names.contains($0) }) else { return nil }
        return .init(description: "\(allowed.platform) documents cannot be compiled for target device \"\(bad)\".",
                     recoverySuggestion: "Use --target-device \(allowed.names.sorted().joined(separator: " or "))."
        )
    }
}

/// `nibc ibtool`: listed in `nibc --help`; `Nibc.main` hands the arguments over before ArgumentParser
/// sees them, because ibtool's options (`--flatten NO`, repeated `--target-device`, unknown options
/// reported in a plist) do not fit its rules.
struct IbtoolCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ibtool",
        abstract: "Apple ibtool's compile interface (also when nibc is run through a symlink named ibtool).",
        // One line per paragraph: the help printer wraps each at the terminal's width.
        discussion: """
            nibc ibtool --errors --warnings --notices --module App --target-device iphone --minimum-deployment-target 15.0 --output-format human-readable-text --compile OUT.nib IN.xib

            nibc ibtool --compilation-directory DIR --errors --warnings --module App --target-device iphone --minimum-deployment-target 15.0 --output-format human-readable-text Main.storyboard (writes DIR/Main.storyboardc; --compile OUT.storyboardc names it)

            nibc ibtool --export-strings-file OUT.strings IN.storyboard (the localizable strings, as ibtool writes them: UTF-16 with a byte-order mark); --import-strings-file IN.strings --write OUT.storyboard IN.storyboard writes the translated document; --localizable-strings prints them in the report (--localizable-stringarrays, -geometry, -other, -to-many-relationships and -all the other localizable properties). See docs/LOCALIZATION.md.

            nibc ibtool --link OUT_DIR --minimum-deployment-target 15.0 --target-device iphone A.storyboardc B.storyboardc (checks the compiled storyboards and the references between them, then copies them into OUT_DIR)

            Supported: \(IbtoolArguments.supported).

            Reports go to standard output as an XML plist (default), binary1 or human-readable-text; exit status 1 on an error. Interface Builder's document rules (errors fail the compile) and the inspection modes --hierarchy, --connections, --objects, --version-history, --localizable-* and --all: docs/IBTOOL-CHECKS.md. See docs/IBTOOL.md.
            """)

    @Argument(parsing: .captureForPassthrough, help: "ibtool options and the input document.")
    var arguments: [String] = []

    func run() throws {
        let status = IbtoolFrontEnd.run(arguments, toolName: "ibtool")
        if status != 0 { throw ExitCode(status) }
    }
}
