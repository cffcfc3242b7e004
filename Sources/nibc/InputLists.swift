import Foundation

/// Input lists for the commands that take many files (`compile`, `verify`): response files (`@LIST` on the
/// command line) and `--files-from FILE|-`, one path per line.
///
/// Build systems pass thousands of inputs. ArgumentParser's handling of a large positional array is
/// quadratic (12,600 paths: 3.9 s of parsing), so `@LIST` arguments are taken out of the command line before
/// it parses, and their paths reach the command through `fromResponseFiles`.
enum InputLists {
    /// The subcommands that accept `@LIST`.
    static let commands: Set<String> = ["compile", "verify"]

    /// Paths read from the `@LIST` arguments of this process, in command-line order.
    nonisolated(unsafe) static var fromResponseFiles: [String] = []

    /// `argv` without its `@LIST` arguments (for a subcommand in `commands`); their paths are read into
    /// `fromResponseFiles`. A lone `@` and everything after `--` are left alone.
    static func extractResponseFiles(_ argv: [String]) throws(CommandFailure) -> [String] {
        guard argv.count > 1, commands.contains(argv[1]) else { return argv }
        var kept = [String]()
        kept.reserveCapacity(argv.count)
        var afterTerminator = false
        for argument in argv {
            if argument == "--" { afterTerminator = true }
            if !afterTerminator, argument.count > 1, argument.hasPrefix("@") {
                fromResponseFiles += try read(String(argument.dropFirst()), origin: argument)
            } else {
                kept.append(argument)
            }
        }
        return kept
    }

    /// The paths listed in `path` (`-`: standard input): one per line, CR-LF accepted, empty lines skipped.
    static func read(_ path: String, origin: String? = nil) throws(CommandFailure) -> [String] {
        let data: Data?
        if path == "-" {
            data = FileHandle.standardInput.readDataToEndOfFile()
        } else {
            data = FileManager.default.contents(atPath: path)
        }
        guard let data else { throw CommandFailure("\(origin ?? path): error: cannot read the input list '\(path)'") }
        var paths = [String]()
        for line in String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: true) {
            let trimmed = line.hasSuffix("\r") ? line.dropLast() : line
            if !trimmed.isEmpty { paths.append(String(trimmed)) }
        }
        return paths
    }

    /// `positional`, then the paths of `@LIST` arguments, then those of `--files-from`; an error when empty.
    static func all(_ positional: [String], filesFrom: String?) throws(CommandFailure) -> [String] {
        var paths = positional + fromResponseFiles
        if let filesFrom { paths += try read(filesFrom) }
        guard !paths.isEmpty else { throw CommandFailure("error: no input files (give paths, @LIST or --files-from FILE|-)") }
        return paths
    }
}
