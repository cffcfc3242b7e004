import Foundation
import ArgumentParser
import NibArchive
import NibInspect

/// `nibc diff A B`: compares two nibs as object graphs.
struct DiffCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "diff",
        abstract: "Compare two nibs as object graphs (classes, keys, value types and values reachable from the root).",
        discussion: """
            Prints each leaf of A missing from B (-) and each leaf of B not in A (+), with its key path, then the
            leaf-match score (matched leaves of A / leaves of A). Exit status: 0 when equivalent, 1 when not,
            2 when a file cannot be read.
            """)

    @Argument(help: "The reference nib.")
    var reference: String

    @Argument(help: "The nib to compare with it.")
    var other: String

    @Flag(help: "Order-blind comparison: ignore array positions and reference targets.")
    var loose = false

    @Option(help: "Most differences printed per direction (0 for all).")
    var limit = 50

    @Flag(help: "Print only the score line.")
    var quiet = false

    func run() throws {
        let a: NibArchive, b: NibArchive
        do {
            a = try loadArchive(reference)
            b = try loadArchive(other)
        } catch {
            printError(error.message)
            throw ExitCode(2)
        }
        // Leaf text grows with depth and with shared strings. Real nibs stay under 41 characters per archive
        // byte, the large ones under 13 (12 on average over the corpus), so this bound only stops hostile
        // graphs, and keeps the command within the memory budget of Fuzz/command-sweep.sh.
        func leaves(_ archive: NibArchive) -> [GraphLeaf] {
            GraphLeaves.leaves(NibGraph(archive), pathBudget: min(GraphLeaves.defaultPathBudget, (16 << 20) + 16 * archive.byteCount))
        }
        // One graph at a time: each is dropped once its leaves are taken.
        let result = NibDiff.compare(leaves: leaves(a), leaves(b), loose: loose)
        var out = ""
        if !quiet {
            let cap = limit > 0 ? limit : Int.max
            for leaf in result.missing.prefix(cap) { out += "- \(leaf)\n" }
            if result.missing.count > cap { out += "- … \(result.missing.count - cap) more missing\n" }
            for leaf in result.extra.prefix(cap) { out += "+ \(leaf)\n" }
            if result.extra.count > cap { out += "+ … \(result.extra.count - cap) more extra\n" }
        }
        out += "score \(String(format: "%.4f", result.score)) (\(result.matchedLeafCount)/\(result.referenceLeafCount) leaves matched, \(result.missing.count) missing, \(result.extra.count) extra)\n"
        writeOut(out)
        if !result.isEquivalent { throw ExitCode(1) }
    }
}
