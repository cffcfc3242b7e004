import ArgumentParser
import Foundation

/// The `nibc` command-line tool: compile XIBs, and verify, dump and compare nibs.
@main
struct Nibc: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "nibc",
        abstract: "Interface Builder files without Xcode: compile .xib to .nib, verify, dump and diff nibs.",
        version: IbtoolFrontEnd.bundleVersion,
        subcommands: [CompileCommand.self, VerifyCommand.self, DumpCommand.self, DiffCommand.self, MergeCommand.self, ConvertCommand.self, BenchCommand.self,
                      RenderCommand.self, IbtoolCommand.self, StringsCommand.self])

    /// Run as `ibtool` (a symlink or copy with that name) or as `nibc ibtool …`, the arguments go to the
    /// ibtool front end untouched; everything else goes through ArgumentParser.
    static func main() {
        let argv = CommandLine.arguments
        let name = argv.first.map { ($0 as NSString).lastPathComponent } ?? "nibc"
        if name == "ibtool" {
            Foundation.exit(IbtoolFrontEnd.run(Array(argv.dropFirst()), toolName: "ibtool"))
        }
        if argv.count > 1 && argv[1] == "ibtool" {
            Foundation.exit(IbtoolFrontEnd.run(Array(argv.dropFirst(2)), toolName: "ibtool"))
        }
        do {
            let arguments = try InputLists.extractResponseFiles(argv)
            main(Array(arguments.dropFirst()))
        } catch {
            printError(error.message)
            Foundation.exit(64)
        }
    }
}
