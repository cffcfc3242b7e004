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
        if json {
            writeOut(NibJSONDump.json(graph))
        } else {
            var text = NibDump(maxDepth: maxDepth).text(graph)
            // The dumper's first line names NIBArchive; a keyed archive names itself instead.
            if case .keyed = nib, let newline = text.firstIndex(of: "\n") {
                text = "\(nib.formatName), \(graph.objects.count) objects" + text[newline...]
            }
            writeOut(text)
        }
    }
}
