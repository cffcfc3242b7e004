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
            becomes a keyed archive (NSKeyedArchiver's object order); --to chooses explicitly. nibc diff finds \
            input and output equivalent. The output is written atomically.

            --preserve-layout keeps the input's object numbering instead. A NIBArchive nib converted to keyed with \
            it, then back with --layout-from naming the original, is the original byte for byte:
              nibc convert --preserve-layout A.nib keyed.nib
              nibc convert --layout-from A.nib keyed.nib B.nib
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

    @Option(name: .customLong("coder-version"),
            help: "Coder version of a NIBArchive output: 10 (current Xcode, the default unless --layout-from gives another) or 9 (Xcode 9/10, NSSet inlined).")
    var coderVersion: Int?

    @Flag(name: .customLong("preserve-layout"),
          help: "Keep the input's object numbering: a keyed output lists $objects in the NIBArchive's object order, a NIBArchive output numbers objects in $objects order and merges no equal strings or numbers.")
    var preserveLayout = false

    @Option(name: .customLong("layout-from"),
            help: ArgumentHelp("For a NIBArchive output: the key and class tables, coder version and trailer of this NIBArchive nib (the original of a round trip); implies --preserve-layout.", valueName: "nib"))
    var layoutFrom: String?

    func validate() throws {
        if let coderVersion, coderVersion != 9 && coderVersion != 10 { throw ValidationError("--coder-version must be 9 or 10") }
        if layoutFrom != nil && to == .keyed { throw ValidationError("--layout-from applies to a NIBArchive output, not to --to keyed") }
    }

    func run() throws {
        do throws(CommandFailure) {
            let nib = try loadNib(input)
            let format: Format
            switch nib {
            case .keyed: format = to ?? .nibarchive
            case .nibArchive: format = to ?? .keyed
            }
            if layoutFrom != nil && format == .keyed {
                throw CommandFailure("\(input): error: --layout-from applies to a NIBArchive output, and this NIBArchive nib converts to keyed (add --to nibarchive)")
            }
            // The original of a round trip: its table layout and trailer (what the keyed form does not carry).
            var original: NibGraph?
            if let layoutFrom { original = NibGraph(try loadArchive(layoutFrom)) }
            var graph = nib.graph
            if case .keyed(let k) = nib {
                graph = NibGraph(k, coderVersion: coderVersion.map(UInt32.init) ?? original?.coderVersion ?? 10)
            }
            if let original {
                graph.layout = original.layout
                graph.hasLNETrailer = original.hasLNETrailer
            }
            let keepOrder = preserveLayout || original != nil
            var chains = [String: [String]]()
            if case .keyed(let k) = nib { chains = k.classChains }
            let bytes = switch format {
            case .nibarchive: NibArchiveWriter(options: keepOrder ? .preserveLayout : .keyedConversion).write(graph)
            case .keyed: KeyedArchiveWriter(classChains: chains, objectOrder: keepOrder ? .asGiven : .archiver).write(graph)
            }
            AtomicFile.installInterruptCleanup()
            try AtomicFile.write(bytes, to: output)
        } catch {
            printError(error.message)
            throw ExitCode(1)
        }
    }
}
