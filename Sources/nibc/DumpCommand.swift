import ArgumentParser
import NibArchive
import NibInspect

/// `nibc dump FILE`: a readable tree from the root object, or `--json`.
struct DumpCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "dump",
        abstract: "Print a nib as a tree from its root object (cycle-safe), or as stable JSON with --json.",
        discussion: "A compiled storyboard (.storyboardc) prints its Info.plist, then each nib in the order of its file name; a .nib directory with several variants prints each.")

    @Argument(help: "The nib file (NIBArchive or keyed archive), .nib directory or .storyboardc directory.")
    var file: String

    @Flag(help: "Print the stable machine-readable JSON form (flat object list, references by index).")
    var json = false

    @Option(help: "Deepest nesting printed in the tree.")
    var maxDepth = 1_000

    func run() throws {
        let input: LoadedInput
        do {
            input = try loadInput(file)
        } catch {
            printError(error.message)
            throw ExitCode(1)
        }
        switch input {
        case .nib(let nib): dump(nib)
        case .bundle(let bundle) where json: dumpJSON(bundle)
        case .bundle(let bundle):
            writeOut("\(file): \(bundle.kindName), \(bundle.nibs.count) nibs\n")
            if let storyboard = bundle.storyboard {
                writeOut("== Info.plist\n" + PropertyListRendering.text(storyboard.info.propertyList))
            }
            for (member, nib) in bundle.nibs {
                writeOut("== \(member)\n")
                dump(nib)
            }
        }
    }

    /// One nib, as a tree or as JSON.
    func dump(_ nib: LoadedNib) {
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

    /// `{"kind", "platform", "infoPlist", "nibs": [{"file", "graph"}]}`, each graph in `NibJSONDump`'s form.
    func dumpJSON(_ bundle: LoadedBundle) {
        writeOut("{\n  \"kind\": \(DiffReport.jsonString(bundle.storyboard == nil ? "nib-directory" : "storyboard")),\n")
        if let storyboard = bundle.storyboard {
            writeOut("  \"platform\": \"\(storyboard.info.platform == .iOS ? "iOS" : "macOS")\",\n")
            writeOut("  \"infoPlist\": \(PropertyListRendering.json(storyboard.info.propertyList, indent: "  ")),\n")
        }
        writeOut("  \"nibs\": [")
        for (i, (member, nib)) in bundle.nibs.enumerated() {
            writeOut((i == 0 ? "\n" : ",\n") + "    {\"file\": \(DiffReport.jsonString(member)), \"graph\":\n")
            dump(nib)
            writeOut("    }")
        }
        writeOut(bundle.nibs.isEmpty ? "]\n}\n" : "\n  ]\n}\n")
    }
}
