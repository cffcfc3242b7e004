import ArgumentParser
import Dispatch
import Foundation
import KeyedArchive
import NibArchive
import NibCompiler
import XIB

/// `nibc compile`: XIB documents to nibs, one file or a batch, written atomically.
struct CompileCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "compile",
        abstract: "Compile .xib documents (iOS or macOS) into .nib files.",
        discussion: """
            nibc compile IN.xib -o OUT.nib
            nibc compile A.xib B.xib DIR/ --output-dir OUT/      (directories are searched for .xib files)
            Diagnostics print as file:line:col: warning|error: message. Outputs are written atomically: when a
            file fails, nothing is written for it and an existing output is left as it was. Exit status 1 if any
            input has an error.
            """)

    @Argument(help: "XIB files, or directories searched recursively for .xib files.")
    var inputs: [String]

    @Option(name: .shortAndLong, help: "Output file (one input only).")
    var output: String?

    @Option(name: .customLong("output-dir"), help: "Directory for the outputs of a batch (X.xib -> DIR/X.nib).")
    var outputDir: String?

    @Option(help: "Module of custom classes with customModuleProvider=\"target\" (as ibtool's --module).")
    var module: String?

    @Option(name: .customLong("minimum-deployment-target"), help: "Minimum deployment target, e.g. 13.0.")
    var minimumDeploymentTarget: String?

    @Option(name: .customLong("coder-version"), help: "Coder version of the output: 10 (current Xcode) or 9 (Xcode 9/10).")
    var coderVersion = 10

    @Flag(help: "Write a gzip-framed (RFC 1952) compressed nib that nibc and the NibRuntime read transparently.")
    var compress = false

    @Option(help: "Output format: nibarchive (default) or keyed (an NSKeyedArchiver nib, the form of older macOS deployment targets).")
    var format: ConvertCommand.Format = .nibarchive

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

    func validate() throws {
        if output != nil && outputDir != nil { throw ValidationError("use either -o or --output-dir, not both") }
        guard coderVersion == 9 || coderVersion == 10 else { throw ValidationError("--coder-version must be 9 or 10") }
        if let jobs, jobs < 1 { throw ValidationError("--jobs must be at least 1") }
    }

    struct Job: Sendable {
        var input: String
        var output: String
    }

    func plan() throws(CommandFailure) -> [Job] {
        var files = [String]()
        for input in inputs {
            var isDir: ObjCBool = false
            guard FileManager.default.fileExists(atPath: input, isDirectory: &isDir) else {
                throw CommandFailure("\(input): error: no such file or directory")
            }
            if isDir.boolValue {
                let found = (FileManager.default.enumerator(atPath: input)?.compactMap { $0 as? String } ?? [])
                    .filter { $0.hasSuffix(".xib") }.sorted()
                if found.isEmpty { throw CommandFailure("\(input): error: directory contains no .xib files") }
                files += found.map { (input as NSString).appendingPathComponent($0) }
            } else {
                files.append(input)
            }
        }
        if let output {
            guard files.count == 1 else {
                throw CommandFailure("error: -o takes one input; use --output-dir for \(files.count) inputs")
            }
            return [Job(input: files[0], output: output)]
        }
        guard let outputDir else {
            if files.count == 1 {
                return [Job(input: files[0], output: (files[0] as NSString).deletingPathExtension + ".nib")]
            }
            throw CommandFailure("error: several inputs need --output-dir")
        }
        var seen = [String: String]()
        var jobs = [Job]()
        for file in files {
            let name = ((file as NSString).lastPathComponent as NSString).deletingPathExtension + ".nib"
            let out = (outputDir as NSString).appendingPathComponent(name)
            if let other = seen[out] {
                throw CommandFailure("error: \(file) and \(other) would both write \(out)")
            }
            seen[out] = file
            jobs.append(Job(input: file, output: out))
        }
        return jobs
    }

    func run() throws {
        let jobs: [Job]
        do {
            jobs = try plan()
            if let outputDir {
                try FileManager.default.createDirectory(atPath: outputDir, withIntermediateDirectories: true)
            }
        } catch let failure as CommandFailure {
            printError(failure.message)
            throw ExitCode(1)
        }
        AtomicFile.installInterruptCleanup()
        let options = CompileOptions(moduleName: module, minimumDeploymentTarget: minimumDeploymentTarget,
                                     coderVersion: coderVersion,
                                     xmlLimits: XMLParseOptions(maxDepth: maxDepth, maxInputSize: maxInputSize, maxNodes: maxNodes))
        let compiler = XIBCompiler(options: options)
        // Each job's messages are collected and printed in input order, so output is deterministic.
        let results = ResultSlots(count: jobs.count)
        let compress = self.compress, warningsAsErrors = self.warningsAsErrors, verbose = self.verbose
        let keyed = format == .keyed
        let work: @Sendable (Int) -> Void = { index in
            results.store(index, Self.compileOne(jobs[index], compiler: compiler, compress: compress, keyed: keyed,
                                                 warningsAsErrors: warningsAsErrors, verbose: verbose))
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
        var failed = 0
        for result in results.all {
            for message in result.messages { printError(message) }
            if result.failed { failed += 1 }
        }
        if jobs.count > 1 && verbose { printError("nibc: \(jobs.count - failed) of \(jobs.count) compiled") }
        if failed > 0 { throw ExitCode(1) }
    }

    static func compileOne(_ job: Job, compiler: XIBCompiler, compress: Bool, keyed: Bool = false, warningsAsErrors: Bool,
                           verbose: Bool) -> (messages: [String], failed: Bool) {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: job.input))
        } catch {
            return (["\(job.input): error: cannot read: \((error as NSError).localizedDescription)"], true)
        }
        do {
            let result = try compiler.compile(xib: [UInt8](data), fileName: job.input)
            var messages = result.diagnostics.map(\.description)
            if warningsAsErrors && !result.diagnostics.isEmpty {
                messages.append("\(job.input): error: warnings treated as errors; nothing written")
                return (messages, true)
            }
            var output = result.bytes
            // The keyed form is the same graph re-archived (KeyedArchiveWriter undoes the keyed-archive mapping).
            if keyed {
                do { output = KeyedArchiveWriter().write(NibGraph(try NibArchive(bytes: output))) } catch {
                    messages.append("\(job.input): error: internal: the compiled nib does not verify (\(error)); nothing written")
                    return (messages, true)
                }
            }
            let bytes = compress ? Gzip.compress(output) : output
            do {
                try AtomicFile.write(bytes, to: job.output)
            } catch {
                messages.append(error.message)
                return (messages, true)
            }
            if verbose { messages.append("\(job.input) -> \(job.output) (\(bytes.count) bytes)") }
            return (messages, false)
        } catch {
            return (error.diagnostics.map(\.description), true)
        }
    }
}

/// One result slot per batch job; each slot is written by exactly one worker.
final class ResultSlots: @unchecked Sendable {
    private var slots: [(messages: [String], failed: Bool)]
    private let lock = NSLock()

    init(count: Int) { slots = Array(repeating: ([], false), count: count) }

    func store(_ index: Int, _ result: (messages: [String], failed: Bool)) {
        lock.lock(); slots[index] = result; lock.unlock()
    }

    var all: [(messages: [String], failed: Bool)] {
        lock.lock(); defer { lock.unlock() }
        return slots
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
