import ArgumentParser
import KeyedArchive
import NibArchive

/// `nibc convert IN OUT`: a keyed-archive nib to NIBArchive, or a NIBArchive nib to a keyed archive.
struct ConvertCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "convert",
        abstract: "Convert a nib between Apple's two formats (keyed archive <-> NIBArchive), keeping its object graph.",
        discussion: """
            By default a keyed archive becomes NIBArchive (coder 10, ibtool's object order) and a NIBArchive nib \
            becomes a keyed archive; --to chooses explicitly. nibc diff finds input and output equivalent. The \
            output is written atomically.
            """)

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case nibarchive, keyed
    }

    @Argument(help: "The nib to convert (either format, or a .nib directory).")
    var input: String

    @Argument(help: "The output file.")
    var output: String

    @Option(help: "Output format: nibarchive or keyed (default: the other format of the input).")
    var to: Format?

    @Option(name: .customLong("coder-version"), help: "Coder version of a NIBArchive output: 10 (current Xcode) or 9 (Xcode 9/10, NSSet inlined).")
    var coderVersion = 10

    func validate() throws {
        guard coderVersion == 9 || coderVersion == 10 else { throw ValidationError("--coder-version must be 9 or 10") }
    }

    func run() throws {
        do {
            let nib = try loadNib(input)
            var graph = nib.graph
            if case .keyed(let k) = nib { graph = NibGraph(k, coderVersion: UInt32(coderVersion)) }
            let format: Format
            switch nib {
            case .keyed: format = to ?? .nibarchive
            case .nibArchive: format = to ?? .keyed
            }
            var chains = [String: [String]]()
            if case .keyed(let k) = nib { chains = k.classChains }
            let bytes = switch format {
            case .nibarchive: NibArchiveWriter(options: .keyedConversion).write(graph)
            case .keyed: KeyedArchiveWriter(classChains: chains).write(graph)
            }
            AtomicFile.installInterruptCleanup()
            try AtomicFile.write(bytes, to: output)
        } catch {
            printError(error.message)
            throw ExitCode(1)
        }
    }
}
