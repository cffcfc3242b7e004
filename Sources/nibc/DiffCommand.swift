import Foundation
import ArgumentParser
import NibArchive
import NibInspect

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

    func run() throws {
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
        // Leaf text grows with depth and with shared strings. Real nibs stay under 41 characters per archive
        // byte, the large ones under 13 (12 on average over the corpus), so this bound only stops hostile
        // graphs, and keeps the command within the memory budget of Fuzz/command-sweep.sh.
        let budget = min(GraphLeaves.defaultPathBudget, (16 << 20) + 16 * max(a.byteCount, b.byteCount))
        // Either format, one graph model: a keyed nib compares with a NIBArchive nib leaf by leaf.
        return NibDiff.compare(a.graph, b.graph, loose: loose, pathBudget: budget)
    }
}
