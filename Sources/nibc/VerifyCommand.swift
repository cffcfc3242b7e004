import ArgumentParser
import NibArchive

/// `nibc verify FILE...`: checks that each file is a valid NIBArchive (plain or gzip-framed).
struct VerifyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "verify",
        abstract: "Check that each file is a valid NIBArchive; print FILE: error: <table> at byte <offset>: <message> for bad ones.",
        discussion: "Exit status: 0 when every file is valid, 1 otherwise.")

    @Argument(help: "The nib files to check.")
    var files: [String]

    @Flag(name: .shortAndLong, help: "Also print a line for each valid file and its layout notes.")
    var verbose = false

    @Option(help: "Largest decompressed size accepted for gzip-framed nibs, in bytes.")
    var maxDecompressedSize = NibReadOptions().maxDecompressedSize

    @Option(help: "Most objects accepted in one archive.")
    var maxObjects = NibReadOptions().maxObjectCount

    func run() throws {
        var options = NibReadOptions()
        options.maxDecompressedSize = maxDecompressedSize
        options.maxObjectCount = maxObjects
        var failures = 0
        for file in files {
            do {
                let archive = try NibArchive(contentsOf: file, options: options)
                if verbose {
                    print("\(file): ok: coder \(archive.coderVersion), \(archive.objectCount) objects, \(archive.valueCount) values\(archive.wasCompressed ? ", gzip" : "")")
                    for note in archive.notes { print("\(file): note: \(note)") }
                }
            } catch {
                failures += 1
                printError("\(file): error: \(error)")
            }
        }
        if failures > 0 { throw ExitCode(1) }
    }
}
