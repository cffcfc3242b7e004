import ArgumentParser
import KeyedArchive
import NibArchive

/// `nibc verify FILE...`: checks that each file is a valid nib: NIBArchive (plain or gzip-framed) or keyed archive.
struct VerifyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "verify",
        abstract: "Check that each file is a valid nib (NIBArchive or keyed archive), .nib directory or compiled storyboard; print FILE: error: <table> at byte <offset>: <message> for bad ones.",
        discussion: "A compiled storyboard (.storyboardc) is checked whole: its Info.plist, every nib in it (each variant of a .nib directory), and that every view nib and segue destination its controllers name exists. Exit status: 0 when every file is valid, 1 otherwise.")

    @Argument(help: "The nib files, .nib directories or .storyboardc directories to check; @LIST reads paths from LIST, one per line.")
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
                let input = try loadInput(file, options: options) { error in
                    failures += 1
                    printError(error.message)
                }
                switch input {
                case .nib(let nib): verified(nib, file: file)
                case .bundle(let bundle):
                    // Every nib was read above; the cross-checks tie the nibs to the Info.plist.
                    for problem in bundle.referenceProblems() {
                        failures += 1
                        printError(problem)
                    }
                    if verbose, let storyboard = bundle.storyboard {
                        let info = storyboard.info
                        print("\(file): ok: \(bundle.kindName), \(info.nibNames.count) scenes, \(storyboard.nibs.count) nibs, "
                            + "initial \(info.initialIdentifier.map { "\"\($0)\"" } ?? "none")\(info.references.isEmpty ? "" : ", \(info.references.count) references")")
                        for other in storyboard.otherFiles { print("\(file): note: \(other) is not a nib; no loader reads it") }
                    } else if verbose {
                        print("\(file): ok: \(bundle.kindName), \(bundle.nibs.count) nibs")
                    }
                    for (member, nib) in bundle.nibs { verified(nib, file: file + "/" + member) }
                }
            } catch {
                failures += 1
                printError(error.message)
            }
        }
        if failures > 0 { throw ExitCode(1) }
    }

    /// With `--verbose`, the line of a valid nib and its layout notes.
    func verified(_ nib: LoadedNib, file: String) {
        switch nib {
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
    }
}
