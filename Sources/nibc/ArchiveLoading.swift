import Foundation
import NibArchive


/// Loads a nib (plain or gzip-framed) for a command, with the path in the error text.
func loadArchive(_ path: String, options: NibReadOptions = .init()) throws(CommandFailure) -> NibArchive {
    do {
        return try NibArchive(contentsOf: path, options: options)
    } catch {
        throw CommandFailure("\(path): error: \(error)")
    }
}

/// A failure already formatted for standard error, with its exit code.
struct CommandFailure: Error, CustomStringConvertible {
    var message: String
    var exitCode: Int32
    init(_ message: String, exitCode: Int32 = 1) {
        self.message = message
        self.exitCode = exitCode
    }
    var description: String { message }
}

/// Writes `text` to standard error.
func printError(_ text: String) {
    FileHandle.standardError.write(Data((text.hasSuffix("\n") ? text : text + "\n").utf8))
}

/// Writes `text` to standard output without an extra newline, in one call.
func writeOut(_ text: String) {
    FileHandle.standardOutput.write(Data(text.utf8))
}
