import ArgumentParser
import NibArchive
import NibInspect

/// `nibc dump FILE`: a readable tree from the root object, or `--json`.
struct DumpCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "dump",
        abstract: "Print a nib as a tree from its root object (cycle-safe), or as stable JSON with --json.")

    @Argument(help: "The nib file (NIBArchive or keyed archive, or a .nib directory).")
    var file: String

    @Flag(help: "Print the stable machine-readable JSON form (flat object list, references by index).")
    var json = false

    @Option(help: "Deepest nesting printed in the tree.")
    var maxDepth = 1_000

    func run() throws {
        let nib: LoadedNib
        do {
            nib = try loadNib(file)
        } catch {
            printError(error.message)
            throw ExitCode(1)
        }
        let graph = nib.graph
        // Printed in pieces: a dump can be many times the size of the nib.
        if json {
            NibJSONDump.write(graph, to: writeOut)
        } else {
            var first = true
            NibDump(maxDepth: maxDepth).write(graph) { piece in
                // The dumper's first line names NIBArchive; a keyed archive names itself instead.
                if first, case .keyed = nib, let newline = piece.firstIndex(of: "\n") {
                    writeOut("\(nib.formatName), \(graph.objects.count) objects" + piece[newline...])
                } else {
                    writeOut(piece)
                }
                first = false
            }
        }
    }
}
