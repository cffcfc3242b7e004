import ArgumentParser

/// The `nibc` command-line tool: compile XIBs, and verify, dump and compare nibs.
@main
struct Nibc: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "nibc",
        abstract: "Interface Builder files without Xcode: compile .xib to .nib, verify, dump and diff nibs.",
        version: "0.1.0",
        subcommands: [CompileCommand.self, VerifyCommand.self, DumpCommand.self, DiffCommand.self, ConvertCommand.self, BenchCommand.self])
}
