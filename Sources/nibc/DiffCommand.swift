import Foundation
import ArgumentParser
import NibArchive
import NibInspect
import NibRender

/// `nibc diff A B`: compares two nibs as object graphs.
struct DiffCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "diff",
        abstract: "Compare two nibs (or two compiled storyboards) as object graphs (classes, keys, value types and values reachable from the root).",
        discussion: """
            Objects are named by their place in the tree (connections, object lists and other links never name
            one), so reordering a list renames nothing. Prints the differences grouped by object: a summary line
            per object (class and tree path), then its changed keys (~ key: reference -> other), missing (-) and
            extra (+) keys, and the order of arrays whose elements stand in another order; then the score
            (matched leaves of A / leaves of A). Two compiled storyboards (or .nib directories) are compared file by
            file: missing (-) and extra (+) files, the Info.plist as a property list, then each common nib's
            graph diff; the total score is the matched leaves of all of A's nibs over their leaves (a missing nib
            matches none). Exit status: 0 when equivalent, 1 when not, 2 when a file cannot be read.

            Two .xib or .storyboard documents (or any inputs with --html, --svg or --markdown) are compared as
            pictures (docs/RENDER.md): views matched by id (a nib's by tree path), each changed view listed and
            marked by kind (added, removed, moved, resized, restyled, retexted, hidden, flags). Edits nobody sees
            (attribute order, tool versions, <animations/>, canvas locations, sub-point frame noise) mark nothing and
            exit 0. Without a format flag the change list is printed as Markdown; --json prints it as JSON.
            """)

    @Argument(help: "The reference nib (NIBArchive or keyed archive, a .nib directory, or a .storyboardc directory).")
    var reference: String

    @Argument(help: "The nib to compare with it.")
    var other: String

    @Flag(help: "Loose comparison: ignore array positions, reference targets and the order of arrays a loader reads in any order (connections, object lists, constraints).")
    var loose = false

    @Option(help: "Most objects printed (0 for all).")
    var limit = 50

    @Flag(help: "Print the result as JSON (every object, whatever --limit).")
    var json = false

    @Flag(help: "Print only the score line.")
    var quiet = false

    @Flag(help: "Visual diff: an HTML page with the before and after pictures and the change list.")
    var html = false

    @Flag(help: "Visual diff: one SVG with the before and after pictures, changed views marked.")
    var svg = false

    @Flag(help: "Visual diff: the change list as Markdown (for a pull-request comment).")
    var markdown = false

    @Option(name: .shortAndLong, help: "Write the visual diff's output to this file (atomically) instead of standard output.")
    var output: String?

    func run() throws {
        if html || svg || markdown || output != nil || RenderInput.isDocument(reference) || RenderInput.isDocument(other) {
            return try visualDiff()
        }
        let a: LoadedInput, b: LoadedInput
        do {
            a = try loadInput(reference)
            b = try loadInput(other)
        } catch {
            printError(error.message)
            throw ExitCode(2)
        }
        switch (a.asSingleNib(whenComparedWith: b), b.asSingleNib(whenComparedWith: a)) {
        case (.nib(let a), .nib(let b)):
            let result = compare(a, b)
            let out: String
            if json {
                out = DiffReport.json(result)
            } else if quiet {
                out = DiffReport.scoreLine(result) + "\n"
            } else {
                out = DiffReport.text(result, limit: limit)
            }
            writeOut(out)
            if !result.isEquivalent { throw ExitCode(1) }
        case (.bundle(let a), .bundle(let b)):
            let diff = BundleDiff(a, b) { compare($0, $1) }
            writeOut(json ? diff.json() : quiet ? diff.scoreLine() + "\n" : diff.text(limit: limit))
            if !diff.isEquivalent { throw ExitCode(1) }
        default:
            printError("\(reference), \(other): error: cannot compare a single nib with a directory of nibs (a .storyboardc or a .nib directory with several variants)")
            throw ExitCode(2)
        }
    }

    /// The graph comparison of two nibs.
    func compare(_ a: LoadedNib, _ b: LoadedNib) -> NibDiffResult {
        let budget = pathBudget(byteCount: max(a.byteCount, b.byteCount))
        // Either format, one graph model: a keyed nib compares with a NIBArchive nib leaf by leaf.
        return NibDiff.compare(a.graph, b.graph, loose: loose, pathBudget: budget)
    }

    /// The visual diff of two documents or nibs: pictures, Markdown or JSON, to standard output or `--output`.
    func visualDiff() throws {
        let diff: RenderDiff
        do {
            var before = try RenderInput.load(reference), after = try RenderInput.load(other)
            // One side drawn at design-time frames (it does not compile): both are, so the views ibtool adds on the
            // compiled side are not listed as added or removed.
            if RenderDiff.needsDesignFrames(before, after) {
                if before.geometryNote == nil { before = try RenderInput.load(reference, geometry: .design) }
                if after.geometryNote == nil { after = try RenderInput.load(other, geometry: .design) }
            }
            for (path, doc) in [(reference, before), (other, after)] {
                if let note = doc.geometryNote { printError("\(path): warning: \(note)") }
            }
            diff = RenderDiff(before, after)
        } catch {
            printError(error.message)
            throw ExitCode(2)
        }
        let text = html ? HTMLWriter.page(diff) : svg ? DiffPictures.sideBySide(diff) : json ? DiffListWriter.json(diff) : DiffListWriter.markdown(diff)
        if let output {
            do { try AtomicFile.write(Array(text.utf8), to: output) } catch {
                printError(error.message)
                throw ExitCode(2)
            }
        } else {
            writeOut(text)
        }
        if !diff.isEquivalent { throw ExitCode(1) }
    }
}

/// The bound on the tree-path text that names a nib's objects (`GraphLeaves`, `ObjectPaths`) for an archive of
/// `byteCount` bytes. Leaf text grows with depth and with shared strings. Real nibs stay under 41 characters per
/// archive byte, the large ones under 13 (12 on average over the corpus), so this bound only stops hostile graphs,
/// and keeps the commands within the memory budget of Fuzz/command-sweep.sh.
func pathBudget(byteCount: Int) -> Int {
    min(GraphLeaves.defaultPathBudget, (16 << 20) + 16 * min(max(byteCount, 0), Int.max / 32))
}
