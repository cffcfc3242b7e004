import IBChecks
import NibCompiler

/// ibtool's command line, as build systems pass it (Xcode, rules_apple, Xamarin, CMake): options in any order,
/// values as the next argument, `--target-device` repeatable, one input document. See docs/IBTOOL.md for the
/// evidence behind each option.
struct IbtoolArguments {
    /// The format of the report on standard output (`--output-format`; ibtool's default is an XML plist).
    enum OutputFormat: String, CaseIterable {
        case xml1, binary1
        case humanReadableText = "human-readable-text"
    }

    var compile: String?
    var errors = false
    var warnings = false
    var notices = false
    var outputFormat = OutputFormat.xml1
    var module: String?
    var targetDevices: [String] = []
    var minimumDeploymentTarget: String?
    var partialInfoPlist: String?
    var autoActivateCustomFonts = false
    var flatten = true
    var compilationDirectory: String?
    var link: String?
    var version = false
    /// Inspection views asked for (`--hierarchy`, `--connections`, `--objects`, `--version-history`; `--all`
    /// asks for each and for the errors, warnings and notices).
    var inspections: Set<IbtoolInspection> = []
    /// The first option that asks ibtool to rewrite the document (`--upgrade`, `--write`), which nibc refuses.
    var rewriteOption: String?
    /// nibc's own `--xcode-version` (or `NIBC_XCODE_VERSION` in the environment, for build systems whose ibtool
    /// command line is fixed): the Xcode whose output to reproduce.
    var xcodeVersion: XcodeVersion?
    /// `--companion-strings-file LOCALE:PATH`, in order.
    var companionStrings: [CompanionStrings] = []
    /// `--export-strings-file OUT` (or `--generate-strings-file OUT`).
    var exportStrings: String?
    /// `--import-strings-file IN` (or `--strings-file IN`), with `--write OUT`.
    var importStrings: String?
    /// `--export-xliff OUT`, with `--source-language` (default `en`) and `--target-language`.
    var exportXLIFF: String?
    var sourceLanguage: String?
    var targetLanguage: String?
    /// `--import-xliff IN`, with `--write OUT`.
    var importXLIFF: String?
    /// `--write OUT`: where an import writes the translated document.
    var write: String?
    /// `--localizable-strings`, `--localizable-geometry`, … (`--all` asks for `--localizable-all`): the
    /// document's localizable properties in the report.
    var localizable: Set<LocalizableInspection.Kind> = []
    var inputs: [String] = []
    /// Problems with the command line itself, reported under `com.apple.ibtool.errors`.
    var problems: [IbtoolReport.ToolError] = []

    /// Options that take the next argument as their value.
    static let valueOptions: Set<String> = [
        "--compile", "--output-format", "--module", "--target-device", "--minimum-deployment-target",
        "--output-partial-info-plist", "--flatten", "--compilation-directory", "--link", "--xcode-version",
        "--companion-strings-file",
        "--export-strings-file", "--generate-strings-file", "--import-strings-file", "--strings-file", "--write",
        "--export-xliff", "--import-xliff", "--source-language", "--target-language",
        // Passed by Xcode; they select SDK content ibtool loads, which has no effect on nibc's output.
        "--sdk", "--platform", "--cocoatouch-compiler-mode",
    ]
    /// Options without a value.
    static let flagOptions: Set<String> = Set([
        "--errors", "--warnings", "--notices", "--auto-activate-custom-fonts", "--version",
        // Implied by --companion-strings-file; a Base.lproj document references its strings tables anyway.
        "--reference-external-strings-file",
        "--all", "--upgrade",
    ]).union(IbtoolInspection.allCases.map(\.flag)).union(LocalizableInspection.Kind.allCases.map(\.flag))
    /// Every supported option, sorted, for the unknown-option message.
    static var supported: String { (valueOptions.union(flagOptions)).sorted().joined(separator: ", ") }

    init(_ arguments: [String], environment: [String: String] = [:]) {
        if let text = environment["NIBC_XCODE_VERSION"], !text.isEmpty {
            if let version = XcodeVersion(text) { xcodeVersion = version } else {
                problems.append(.init(description: "Invalid NIBC_XCODE_VERSION '\(text)'.", recoverySuggestion: "Use a version such as 13.2 or 15.0.1."))
            }
        }
        var i = 0
        while i < arguments.count {
            let arg = arguments[i]
            i += 1
            guard arg.hasPrefix("--") else {
                inputs.append(arg)
                continue
            }
            if Self.flagOptions.contains(arg) {
                switch arg {
                case "--errors": errors = true
                case "--warnings": warnings = true
                case "--notices": notices = true
                case "--auto-activate-custom-fonts": autoActivateCustomFonts = true
                case "--reference-external-strings-file": break
                case "--version": version = true
                case "--all":
                    inspections.formUnion(IbtoolInspection.allCases)
                    localizable.insert(.all)
                    errors = true; warnings = true; notices = true
                case "--upgrade": rewriteOption = rewriteOption ?? arg
                default:
                    if let mode = IbtoolInspection.allCases.first(where: { $0.flag == arg }) { inspections.insert(mode) }
                    if let kind = LocalizableInspection.Kind.allCases.first(where: { $0.flag == arg }) { localizable.insert(kind) }
                }
                continue
            }
            guard Self.valueOptions.contains(arg) else {
                problems.append(.init(description: "Unknown argument '\(arg)'.",
                                      recoverySuggestion: "nibc's ibtool supports \(Self.supported)."))
                continue
            }
            guard i < arguments.count else {
                problems.append(.init(description: "Missing value for argument '\(arg)'."))
                continue
            }
            let value = arguments[i]
            i += 1
            switch arg {
            case "--compile": compile = value
            case "--module": module = value
            case "--target-device": targetDevices.append(value)
            case "--minimum-deployment-target": minimumDeploymentTarget = value
            case "--output-partial-info-plist": partialInfoPlist = value
            case "--compilation-directory": compilationDirectory = value
            case "--link": link = value
            case "--export-strings-file", "--generate-strings-file": exportStrings = value
            case "--import-strings-file", "--strings-file": importStrings = value
            case "--write": write = value
            case "--export-xliff": exportXLIFF = value
            case "--import-xliff": importXLIFF = value
            case "--source-language": sourceLanguage = value
            case "--target-language": targetLanguage = value
            case "--companion-strings-file":
                if let companion = CompanionStrings(value) { companionStrings.append(companion) } else {
                    problems.append(.init(description: "Invalid value '\(value)' for '--companion-strings-file'.",
                                          recoverySuggestion: "Use LOCALE:PATH, e.g. de:de.lproj/Main.strings."))
                }
            case "--xcode-version":
                if let version = XcodeVersion(value) { xcodeVersion = version } else {
                    problems.append(.init(description: "Invalid value '\(value)' for '--xcode-version'.",
                                          recoverySuggestion: "Use a version such as 13.2 or 15.0.1."))
                }
            case "--output-format":
                if let format = OutputFormat(rawValue: value) {
                    outputFormat = format
                } else {
                    problems.append(.init(description: "Unknown output format '\(value)'.",
                                          recoverySuggestion: "Use xml1, binary1 or human-readable-text."))
                }
            case "--flatten":
                switch value.uppercased() {
                case "YES": flatten = true
                case "NO": flatten = false
                default:
                    problems.append(.init(description: "Invalid value '\(value)' for '--flatten'.",
                                          recoverySuggestion: "Use YES or NO."))
                }
            default: break  // --sdk, --platform, --cocoatouch-compiler-mode: accepted, no effect
            }
        }
        // `--write` writes the document an import translated; with anything else it asks for a rewrite nibc does not do.
        if write != nil, importStrings == nil, importXLIFF == nil { rewriteOption = rewriteOption ?? "--write" }
        if importStrings != nil, importXLIFF != nil {
            problems.append(.init(description: "--import-strings-file and --import-xliff cannot be combined.",
                                  recoverySuggestion: "Import one translation file per run."))
        }
        if exportXLIFF == nil, sourceLanguage != nil || targetLanguage != nil {
            problems.append(.init(description: "--source-language and --target-language only apply to --export-xliff."))
        }
    }
}
