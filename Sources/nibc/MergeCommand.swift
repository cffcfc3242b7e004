import Foundation
import ArgumentParser
import NibMerge
import XIB

/// `nibc merge BASE OURS THEIRS`: three-way merge of a XIB or storyboard, usable as a git merge driver.
struct MergeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "merge",
        abstract: "Three-way merge of a .xib or .storyboard by object and attribute (a git merge driver: merge %O %A %B).",
        discussion: """
            Merges THEIRS' changes since BASE into OURS, matching elements by id, and writes the result to OURS
            (or to -o). Conflicts (both sides changed one attribute differently, one side deleted what the other
            changed, a reference the merge would leave dangling) are written with git conflict markers around the
            smallest enclosing element and listed, one line each, naming the object, the attribute and both
            values. Exit status: 0 when merged cleanly, 1 when conflicts remain, 2 when an input cannot be read or
            is not a well-formed XIB (then nothing is written). Set-up and behaviour: docs/MERGE.md.
            """)

    @Argument(help: "The common ancestor (git's %O).")
    var base: String

    @Argument(help: "Our version (git's %A); the result replaces it unless -o is given.")
    var ours: String

    @Argument(help: "Their version (git's %B).")
    var theirs: String

    @Option(name: .shortAndLong, help: "Write the result here instead of over OURS.")
    var output: String?

    @Option(help: "The document's name in messages (git's %P); defaults to OURS' path.")
    var name: String?

    @Flag(help: "Print the outcome and the conflicts as JSON.")
    var json = false

    func run() throws {
        let result: MergeResult
        do {
            let inputs = try [base, ours, theirs].map { path throws(CommandFailure) in try Self.read(path) }
            let displayName = name ?? ours
            result = try NibMerge.merge(base: inputs[0], ours: inputs[1], theirs: inputs[2],
                                        files: (base, displayName, theirs))
        } catch let failure as CommandFailure {
            printError(failure.message)
            throw ExitCode(2)
        } catch let error as XIBError {
            printError(String(describing: error))
            throw ExitCode(2)
        }
        let destination = output ?? ours
        do {
            try AtomicFile.write(result.bytes, to: destination)
        } catch {
            printError(error.message)
            throw ExitCode(2)
        }
        let displayName = name ?? ours
        if json {
            writeOut(MergeReport.json(result, file: displayName, output: destination))
        } else if !result.isClean || !result.notes.isEmpty {
            writeOut(MergeReport.text(result, file: displayName))
        }
        if !result.isClean { throw ExitCode(1) }
    }

    private static func read(_ path: String) throws(CommandFailure) -> [UInt8] {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw CommandFailure("\(path): error: cannot read file")
        }
        return [UInt8](data)
    }
}

/// The text and JSON forms of a merge's outcome.
enum MergeReport {
    /// One line per layout-rule decision, `file:line: note: …`, one per conflict, `file:line: conflict: …`, then
    /// a count of the conflicts when there are any.
    static func text(_ result: MergeResult, file: String) -> String {
        var out = ""
        func location(_ line: Int) -> String { "\(file):\(line > 0 ? "\(line):" : "")" }
        for note in result.notes {
            out += "\(location(note.line)) note: \(note)\n"
        }
        for conflict in result.conflicts {
            out += "\(location(conflict.line)) conflict: \(conflict)\n"
        }
        if !result.isClean {
            out += "\(result.conflicts.count) conflict\(result.conflicts.count == 1 ? "" : "s") left with markers in \(file)\n"
        }
        return out
    }

    /// `{"clean":…,"conflicts":[…],"file":…,"notes":[…],"output":…}` with sorted keys.
    static func json(_ result: MergeResult, file: String, output: String) -> String {
        struct Report: Encodable {
            var file: String
            var output: String
            var clean: Bool
            var conflicts: [MergeConflict]
            var notes: [MergeNote]
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        let report = Report(file: file, output: output, clean: result.isClean, conflicts: result.conflicts, notes: result.notes)
        let data = (try? encoder.encode(report)) ?? Data("{}".utf8)
        return String(decoding: data, as: UTF8.self) + "\n"
    }
}
