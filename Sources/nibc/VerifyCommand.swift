import ArgumentParser
import KeyedArchive
import NibArchive

/// `nibc verify FILE...`: checks that each file is a valid nib: NIBArchive (plain or gzip-framed) or keyed archive.
struct VerifyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "verify",
        abstract: "Check that each file is a valid nib (NIBArchive or keyed archive); print FILE: error: <table> at byte <offset>: <message> for bad ones.",
        discussion: "Exit status: 0 when every file is valid, 1 otherwise.")

    @Argument(help: "The nib files to check (or .nib directories holding keyedobjects.nib); @LIST reads paths from LIST, one per line.")
    var files: [String] = []

    @Option(name: .customLong("files-from"), help: "Also check the paths listed in this file, one per line ('-': standard input).")
    var filesFrom: String?

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
        let files: [String]
        do { files = try InputLists.all(self.files, filesFrom: filesFrom) } catch {
            printError(error.message)
            throw ExitCode(64)
        }
        var failures = 0
        for file in files {
            do {
                switch try loadNib(file, options: options) {
                case .nibArchive(let archive):
                    if verbose {
                        print("\(file): ok: NIBArchive coder \(archive.coderVersion), \(archive.objectCount) objects, \(archive.valueCount) values\(archive.wasCompressed ? ", gzip" : "")")
                        for note in archive.notes { print("\(file): note: \(note)") }
                    }
                case .keyed(let keyed):
                    // The graph is built too, so that everything dump and diff read is checked.
                    let graph = NibGraph(keyed)
                    if verbose {
                        print("\(file): ok: keyed archive (\(keyed.archiver) \(keyed.version)), \(keyed.objects.count) $objects, \(graph.objects.count) graph objects, \(keyed.plist.objectCount) plist objects")
                    }
                }
            } catch {
                failures += 1
                printError(error.message)
            }
        }
        if failures > 0 { throw ExitCode(1) }
    }
}
