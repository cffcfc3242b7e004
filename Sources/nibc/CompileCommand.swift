import ArgumentParser
import Dispatch
import Foundation
import NibArchive
import NibCompiler
import XIB

/// `nibc compile`: XIB documents to nibs, one file or a batch, written atomically.
struct CompileCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "compile",
        abstract: "Compile .xib documents and .storyboard files (iOS or macOS) into .nib files and .storyboardc directories.",
        // One line per paragraph: the help printer wraps each at the terminal's width.
        discussion: """
            nibc compile IN.xib -o OUT.nib
            nibc compile A.xib B.xib DIR/ --output-dir OUT/
            nibc compile Main.storyboard -o Main.storyboardc

            Directories are searched for .xib and .storyboard files, and --output-dir mirrors the tree below each directory argument. A storyboard compiles to a .storyboardc directory (Info.plist and one nib per scene and per controller view), built beside its target and renamed into place.

            Diagnostics print as file:line:col: warning|error: message (or JSON lines with --diagnostics-format json). Outputs are written atomically: when a file fails, nothing is written for it and an existing output is left as it was. Exit status 1 if any input has an error.
            """)

    @Argument(help: "XIB and storyboard files, or directories searched recursively for .xib and .storyboard files; @LIST reads paths from LIST, one per line.")
    var inputs: [String] = []

    @Option(name: .customLong("files-from"), help: "Also compile the paths listed in this file, one per line ('-': standard input).")
    var filesFrom: String?

    @Option(name: .shortAndLong, help: "Output file (one input only).")
    var output: String?

    @Option(name: .customLong("output-dir"), help: "Directory for the outputs of a batch (X.xib -> DIR/X.nib).")
    var outputDir: String?

    @Option(help: "Module of custom classes with customModuleProvider=\"target\" (as ibtool's --module).")
    var module: String?

    @Option(name: .customLong("minimum-deployment-target"),
            help: "Minimum deployment target, e.g. 13.0; a macOS target before 10.13 compiles to the keyed form, as ibtool does.")
    var minimumDeploymentTarget: String?

    @Option(name: .customLong("coder-version"), help: "Coder version of the output: 10 (current Xcode) or 9 (Xcode 9/10).")
    var coderVersion = 10

    @Option(name: .customLong("title-bar-height"),
            help: "Title bar height of the macOS whose ibtool output to reproduce, added to window min/max content sizes: 32 (macOS 26), 28 (macOS 11-15) or 22 (earlier); default: that of the macOS the --xcode-version runs on.")
    var titleBarHeight: Double?

    @Option(name: .customLong("xcode-version"),
            help: "The Xcode whose ibtool output to reproduce, e.g. 13.2 or 15.0.1 (default: \(XcodeVersion.newest), the newest modelled).")
    var xcodeVersion: String?

    @Option(name: .customLong("companion-strings-file"),
            help: "LOCALE:PATH, repeatable, one input only: copy a Base-localized document's strings file to LOCALE.lproj beside the output's Base.lproj, named after the output (ibtool's --companion-strings-file).")
    var companionStrings: [String] = []

    @Flag(help: "Write a gzip-framed (RFC 1952) compressed nib that nibc and the NibRuntime read transparently.")
    var compress = false

    @Option(help: "Output format: nibarchive or keyed (an NSKeyedArchiver nib); default: the one ibtool writes for the document's platform and --minimum-deployment-target (keyed for macOS before 10.13, else nibarchive).")
    var format: ConvertCommand.Format?

    @Option(name: .shortAndLong, help: "Parallel compile jobs for a batch (default: the number of cores).")
    var jobs: Int?

    @Option(name: .customLong("max-depth"), help: "Deepest element nesting accepted in a XIB.")
    var maxDepth = XMLParseOptions.default.maxDepth

    @Option(name: .customLong("max-input-size"), help: "Largest XIB accepted, in bytes.")
    var maxInputSize = XMLParseOptions.default.maxInputSize

    @Option(name: .customLong("max-nodes"), help: "Most elements plus attributes accepted in a XIB.")
    var maxNodes = XMLParseOptions.default.maxNodes

    @Flag(name: .customLong("warnings-as-errors"), help: "Treat warnings as errors.")
    var warningsAsErrors = false

    @Flag(name: .shortAndLong, help: "Print a line per compiled file.")
    var verbose = false

    @Option(name: .customLong("diagnostics-format"),
            help: "text (file:line:col: severity: message) or json (one JSON object per line: file, line, column, severity, message).")
    var diagnosticsFormat = DiagnosticsFormat.text

    func validate() throws {
        if output != nil && outputDir != nil { throw ValidationError("use either -o or --output-dir, not both") }
        guard coderVersion == 9 || coderVersion == 10 else { throw ValidationError("--coder-version must be 9 or 10") }
        if let jobs, jobs < 1 { throw ValidationError("--jobs must be at least 1") }
        if let xcodeVersion, XcodeVersion(xcodeVersion) == nil {
            throw ValidationError("--xcode-version must be a version such as 13.2 or 15.0.1, not '\(xcodeVersion)'")
        }
        for spec in companionStrings where CompanionStrings(spec) == nil {
            throw ValidationError("--companion-strings-file takes LOCALE:PATH (e.g. de:de.lproj/Main.strings), not '\(spec)'")
        }
        if let titleBarHeight, !(0...200).contains(titleBarHeight) { throw ValidationError("--title-bar-height must be between 0 and 200") }
    }

    struct Job: Sendable {
        var input: String
        var output: String
        /// The path the output is named after: the file's path below a directory argument (so a batch
        /// mirrors the tree), or its base name for a file argument.
        var relativeName: String
    }

    func plan() throws(CommandFailure) -> [Job] {
        var files = [(path: String, relative: String)]()
        for input in try InputLists.all(inputs, filesFrom: filesFrom) {
            var isDir: ObjCBool = false
            guard FileManager.default.fileExists(atPath: input, isDirectory: &isDir) else {
                throw CommandFailure("\(input): error: no such file or directory")
            }
            if isDir.boolValue {
                let found = (FileManager.default.enumerator(atPath: input)?.compactMap { $0 as? String } ?? [])
                    .filter { $0.hasSuffix(".xib") || $0.hasSuffix(".storyboard") }.sorted()
                if found.isEmpty { throw CommandFailure("\(input): error: directory contains no .xib or .storyboard files") }
                files += found.map { ((input as NSString).appendingPathComponent($0), $0) }
            } else {
                files.append((input, (input as NSString).lastPathComponent))
            }
        }
        if let output {
            guard files.count == 1 else {
                throw CommandFailure("error: -o takes one input; use --output-dir for \(files.count) inputs")
            }
            return [Job(input: files[0].path, output: output, relativeName: files[0].relative)]
        }
        guard let outputDir else {
            if files.count == 1 {
                return [Job(input: files[0].path, output: (files[0].path as NSString).deletingPathExtension + Self.outputExtension(files[0].path),
                            relativeName: files[0].relative)]
            }
            throw CommandFailure("error: several inputs need --output-dir")
        }
        var seen = [String: String]()
        var jobs = [Job]()
        for file in files {
            let out = (outputDir as NSString).appendingPathComponent((file.relative as NSString).deletingPathExtension + Self.outputExtension(file.path))
            if let other = seen[out] {
                throw CommandFailure("error: \(file.path) and \(other) would both write \(out); pass their common folder instead, --output-dir mirrors the tree below a folder argument")
            }
            seen[out] = file.path
            jobs.append(Job(input: file.path, output: out, relativeName: file.relative))
        }
        return jobs
    }

    /// `.storyboardc` for a storyboard, `.nib` for anything else.
    static func outputExtension(_ input: String) -> String { input.hasSuffix(".storyboard") ? ".storyboardc" : ".nib" }

    func run() throws {
        let jobs: [Job]
        var companions: [(bytes: [UInt8], destination: String)] = []
        do {
            jobs = try plan()
            if !companionStrings.isEmpty {
                guard jobs.count == 1 else { throw CommandFailure("error: --companion-strings-file takes one input; got \(jobs.count)") }
                companions = try CompanionStrings.prepare(companionStrings.compactMap(CompanionStrings.init), output: jobs[0].output)
            }
            if outputDir != nil {
                // The output tree mirrors the inputs: create each folder once, before the workers start.
                for dir in Set(jobs.map { ($0.output as NSString).deletingLastPathComponent }).sorted() {
                    do {
                        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
                    } catch {
                        throw CommandFailure("\(dir): error: cannot create directory: \((error as NSError).localizedDescription)")
                    }
                }
            }
        } catch let failure as CommandFailure {
            printError(BatchMessage.error(file: nil, failure.message).rendered(diagnosticsFormat))
            throw ExitCode(1)
        }
        AtomicFile.installInterruptCleanup()
        var options = CompileOptions(moduleName: module, minimumDeploymentTarget: minimumDeploymentTarget,
                                     coderVersion: coderVersion,
                                     xmlLimits: XMLParseOptions(maxDepth: maxDepth, maxInputSize: maxInputSize, maxNodes: maxNodes))
        options.titleBarHeight = titleBarHeight
        if let version = xcodeVersion.flatMap(XcodeVersion.init) { options.xcodeVersion = version }
        options.format = format.map { $0 == .keyed ? .keyedArchive : .nibArchive }
        let compiler = XIBCompiler(options: options)
        let storyboardCompiler = StoryboardCompiler(options: options)
        // Each job's messages are printed as soon as it and every job before it have finished: in input
        // order, so output is deterministic, and without waiting for the whole batch.
        let format = diagnosticsFormat
        let progress = ProgressLine.forBatch(of: jobs.count)
        var done = 0  // only touched by the emit closure, which ResultSlots runs under its lock
        let results = ResultSlots(count: jobs.count) { result in
            progress?.clear()
            for message in result.messages { printError(message.rendered(format)) }
            done += 1
            progress?.show(done)
        }
        let compress = self.compress, warningsAsErrors = self.warningsAsErrors, verbose = self.verbose
        let keyed = self.format.map { $0 == .keyed }
        let work: @Sendable (Int) -> Void = { index in
            if jobs[index].input.hasSuffix(".storyboard") {
                results.store(index, Self.compileStoryboard(jobs[index], compiler: storyboardCompiler, compress: compress, keyed: keyed,
                                                            warningsAsErrors: warningsAsErrors, verbose: verbose))
            } else {
                results.store(index, Self.compileOne(jobs[index], compiler: compiler, compress: compress, keyed: keyed,
                                                     warningsAsErrors: warningsAsErrors, verbose: verbose))
            }
        }
        let parallelism = min(self.jobs ?? ProcessInfo.processInfo.activeProcessorCount, jobs.count)
        if parallelism <= 1 {
            for i in jobs.indices { work(i) }
        } else {
            let next = ManagedCounter()
            DispatchQueue.concurrentPerform(iterations: parallelism) { _ in
                while let i = next.take(below: jobs.count) { work(i) }
            }
        }
        progress?.clear()
        let failed = results.all.filter(\.failed).count
        if jobs.count > 1 && verbose {
            printError(BatchMessage.info(file: nil, "nibc: \(jobs.count - failed) of \(jobs.count) compiled").rendered(format))
        }
        if failed > 0 { throw ExitCode(1) }
        // The companions follow the compiled output, which exists now (they were read before compiling).
        for companion in companions {
            do {
                try IbtoolFrontEnd.writeOutput(companion.bytes, to: companion.destination)
            } catch {
                printError(BatchMessage.error(file: jobs.first?.input, error.message).rendered(format))
                throw ExitCode(1)
            }
        }
    }

    /// `keyed`: the explicit `--format` (nil: the form `CompileResult.format` names).
    static func compileOne(_ job: Job, compiler: XIBCompiler, compress: Bool, keyed: Bool? = nil, warningsAsErrors: Bool,
                           verbose: Bool) -> JobResult {
        let data: Data
        switch readInput(job) {
        case .success(let d): data = d
        case .failure(let failed): return failed.result
        }
        let bytes = [UInt8](data)
        do {
            // One parse: the document rules and the compiler read the same document.
            let document = try XIBDocument.open(bytes, fileName: job.input, options: compiler.options, storyboard: false)
            let checks = checkDocument(job, document, options: compiler.options)
            if checks.refused { return JobResult(messages: checks.messages, failed: true) }
            let result = try compiler.compile(document: document, fileName: job.input)
            var messages = checks.messages + result.diagnostics.map(BatchMessage.diagnostic)
            if let refused = refuseWarnings(job, messages, warningsAsErrors: warningsAsErrors) { return refused }
            let output: [UInt8]
            do { output = try result.nib(in: keyed.map { $0 ? .keyedArchive : .nibArchive }) } catch {
                messages.append(.error(file: job.input, "\(job.input): error: internal: the compiled nib does not verify (\(error)); nothing written"))
                return JobResult(messages: messages, failed: true)
            }
            let bytes = compress ? Gzip.compress(output) : output
            do {
                try AtomicFile.write(bytes, to: job.output)
            } catch {
                messages.append(.error(file: job.input, error.message))
                return JobResult(messages: messages, failed: true)
            }
            if verbose { messages.append(.info(file: job.input, "\(job.input) -> \(job.output) (\(bytes.count) bytes)")) }
            return JobResult(messages: messages, failed: false)
        } catch {
            return JobResult(messages: error.diagnostics.map(BatchMessage.diagnostic), failed: true)
        }
    }
}

extension CompileCommand {
    /// A job that could not start, as its result.
    struct Unreadable: Error { var result: JobResult }

    /// The input's bytes, or the job's failure naming the file.
    static func readInput(_ job: Job) -> Result<Data, Unreadable> {
        do {
            return .success(try Data(contentsOf: URL(fileURLWithPath: job.input)))
        } catch {
            return .failure(Unreadable(result: JobResult(messages: [.error(file: job.input, "\(job.input): error: cannot read: \((error as NSError).localizedDescription)")],
                                                         failed: true)))
        }
    }

    /// Interface Builder's document rules for the job: their messages, and whether an error-level rule
    /// refuses the document (then nothing is compiled or written, as ibtool refuses it).
    static func checkDocument(_ job: Job, _ document: XIBDocument, options: CompileOptions) -> (messages: [BatchMessage], refused: Bool) {
        let findings = DocumentChecks.check(document, options: options)
        let messages = findings.map { BatchMessage.diagnostic(DocumentChecks.diagnostic($0)) }
        guard findings.contains(where: { $0.level == .error }) else { return (messages, false) }
        return (messages + [.error(file: job.input, "\(job.input): error: Interface Builder would not compile this document; nothing written")], true)
    }

    /// With --warnings-as-errors and warnings: the failed result (nothing is written).
    static func refuseWarnings(_ job: Job, _ messages: [BatchMessage], warningsAsErrors: Bool) -> JobResult? {
        guard warningsAsErrors, !messages.isEmpty else { return nil }
        return JobResult(messages: messages + [.error(file: job.input, "\(job.input): error: warnings treated as errors; nothing written")], failed: true)
    }

    /// Compiles one storyboard into a `.storyboardc` directory, written atomically.
    static func compileStoryboard(_ job: Job, compiler: StoryboardCompiler, compress: Bool, keyed: Bool?, warningsAsErrors: Bool,
                                  verbose: Bool) -> JobResult {
        if compress || keyed == true {
            return JobResult(messages: [.error(file: job.input, "\(job.input): error: --compress and --format keyed apply to .xib inputs only; storyboards compile to NIBArchive nibs")],
                             failed: true)
        }
        let data: Data
        switch readInput(job) {
        case .success(let d): data = d
        case .failure(let failed): return failed.result
        }
        let bytes = [UInt8](data)
        do {
            // One parse: the document rules and the compiler read the same document.
            let document = try XIBDocument.open(bytes, fileName: job.input, options: compiler.options, storyboard: true)
            let checks = checkDocument(job, document, options: compiler.options)
            if checks.refused { return JobResult(messages: checks.messages, failed: true) }
            let result = try compiler.compile(document: document, fileName: job.input)
            var messages = checks.messages + result.diagnostics.map(BatchMessage.diagnostic)
            if let refused = refuseWarnings(job, messages, warningsAsErrors: warningsAsErrors) { return refused }
            do {
                try AtomicDirectory.write(result.files.map { ($0.path, $0.bytes) }, to: job.output)
            } catch {
                messages.append(.error(file: job.input, error.message))
                return JobResult(messages: messages, failed: true)
            }
            if verbose {
                let total = result.files.reduce(0) { $0 + $1.bytes.count }
                messages.append(.info(file: job.input, "\(job.input) -> \(job.output) (\(result.files.count) files, \(total) bytes)"))
            }
            return JobResult(messages: messages, failed: false)
        } catch {
            return JobResult(messages: error.diagnostics.map(BatchMessage.diagnostic), failed: true)
        }
    }
}

/// What one batch job reports.
struct JobResult: Sendable {
    var messages: [BatchMessage]
    var failed: Bool
}

/// One result slot per batch job; each slot is written by exactly one worker. Results are handed to
/// `emit` in input order, each as soon as it and all before it are done.
final class ResultSlots: @unchecked Sendable {
    private var slots: [JobResult?]
    private var nextToEmit = 0
    private let emit: (JobResult) -> Void
    private let lock = NSLock()

    init(count: Int, emit: @escaping (JobResult) -> Void) {
        slots = Array(repeating: nil, count: count)
        self.emit = emit
    }

    func store(_ index: Int, _ result: JobResult) {
        lock.lock()
        defer { lock.unlock() }
        slots[index] = result
        while nextToEmit < slots.count, let ready = slots[nextToEmit] {
            emit(ready)
            nextToEmit += 1
        }
    }

    var all: [JobResult] {
        lock.lock(); defer { lock.unlock() }
        return slots.compactMap { $0 }
    }
}

/// A shared job counter for the worker threads of a batch.
final class ManagedCounter: @unchecked Sendable {
    private var value = 0
    private let lock = NSLock()

    /// The next index below `limit`, or nil when all are taken.
    func take(below limit: Int) -> Int? {
        lock.lock()
        defer { lock.unlock() }
        guard value < limit else { return nil }
        value += 1
        return value - 1
    }
}

/// "nibc: compiled 37 of 105" on one terminal line for a long batch, redrawn as files finish and erased
/// before any other output and at the end. Only when standard error is a terminal: logs and pipes get
/// nothing extra.
final class ProgressLine {
    /// Batches shorter than this finish before a progress line would help.
    static let minimumBatch = 20
    let total: Int
    private var visible = false

    private init(total: Int) { self.total = total }

    static func forBatch(of count: Int) -> ProgressLine? {
        count >= minimumBatch && isatty(STDERR_FILENO) != 0 ? ProgressLine(total: count) : nil
    }

    func show(_ done: Int) {
        FileHandle.standardError.write(Data("\r\u{1B}[Knibc: compiled \(done) of \(total)".utf8))
        visible = true
    }

    func clear() {
        guard visible else { return }
        FileHandle.standardError.write(Data("\r\u{1B}[K".utf8))
        visible = false
    }
}
