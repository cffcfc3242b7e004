import ArgumentParser
import NibArchive
import NibInspect

/// `nibc dump FILE`: a readable tree from the root object, or `--json`.
struct DumpCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "dump",
        abstract: "Print a nib as a tree from its root object (cycle-safe), or as stable JSON with --json.")

    @Argument(help: "The nib file.")
    var file: String

    @Flag(help: "Print the stable machine-readable JSON form (flat object list, references by index).")
    var json = false

    @Option(help: "Deepest nesting printed in the tree.")
    var maxDepth = 1_000

    func run() throws {
        let archive: NibArchive
        do {
            archive = try loadArchive(file)
        } catch {
            printError(error.message)
            throw ExitCode(1)
        }
        let graph = NibGraph(archive)
        // Printed in pieces: a dump can be many times the size of the nib.
        if json { NibJSONDump.write(graph, to: writeOut) } else { NibDump(maxDepth: maxDepth).write(graph, to: writeOut) }
    }
}
