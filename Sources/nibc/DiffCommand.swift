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

    @Argument(help: "The reference nib (NIBArchive or keyed archive, or a .nib directory).")
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
        let a: LoadedNib, b: LoadedNib
        do {
            a = try loadNib(reference)
            b = try loadNib(other)
        } catch {
            printError(error.message)
            throw ExitCode(2)
        }
        // Either format, one graph model: a keyed nib compares with a NIBArchive nib leaf by leaf.
        let result = NibDiff.compare(a.graph, b.graph, loose: loose)
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
