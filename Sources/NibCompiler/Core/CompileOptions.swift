import KeyedArchive
import NibArchive
import XIB

/// Options for one compilation; the `nibc compile` flags map onto these fields.
public struct CompileOptions: Sendable, Hashable {
    /// The module of `customModuleProvider="target"` classes (ibtool's `--module`); it wins over a
    /// `customModule` attribute on such classes, on iOS and macOS alike. Empty is no module.
    public var moduleName: String?
    /// Minimum deployment target (for example `"13.0"` or `"10.9"`); chooses the output form
    /// (`CompileResult.format`, see `NibOutputFormat.forTarget`).
    public var minimumDeploymentTarget: String?
    /// Coder version of the output: 10 (Xcode 11 and later, the default) or 9 (Xcode 9/10 vocabulary:
    /// no `UIViewLargeContentStoredProperties`, `UIButtonConfiguration`, `-Double` colour keys, older
    /// system font names, inlined sets).
    public var coderVersion: Int
    /// Treat user-visible strings as Base-localized (`NSLocalizableString` with `<id>.<property>` keys).
    /// `nil` means: on when the file name lies inside a `Base.lproj` folder.
    public var baseLocalized: Bool?
    /// Limits on the XIB text for untrusted input (nesting depth, attributes per element, input size,
    /// element and attribute count); an input over a limit is an error with its position.
    public var xmlLimits: XMLParseOptions
    /// Height of a titled window's title bar on the macOS that runs ibtool: AppKit archives a window's
    /// frame min/max sizes (`NSMinSize`, `NSMaxSize`) as the content sizes plus this height
    /// (-frameRectForContentRect:). nil (the default): the height of the macOS the reproduced Xcode runs on
    /// (`XcodeVersion.titleBarHeight`: 32 on macOS 26, as the storyboard pairs and `test29_window_minmax_size` of
    /// `nib/appkit-samples` show; 28 on macOS 11–15, the Sparkle nibs; 22 before).
    public var titleBarHeight: Double?
    /// The Xcode whose ibtool output to reproduce (`XcodeVersion`): which coder keys exist, whether plain container
    /// controllers go through a class swapper, the scene nibs' version key. Default: the newest modelled. A compile
    /// to the keyed form reproduces at most the last Xcode that writes keyed nibs (`XcodeVersion.writing(_:)`).
    public var xcodeVersion: XcodeVersion = .newest
    /// The output form asked for (`nibc compile --format`); nil: the form ibtool writes for the document's platform
    /// and `minimumDeploymentTarget` (`NibOutputFormat.forTarget`).
    public var format: NibOutputFormat?
    /// Storyboards split into nib directories (STORYBOARD.md §1.3): set while encoding the `runtime.nib`
    /// variant for the deployment target below iOS 14, where SF Symbol images are archived as rendered
    /// `UIImage`s instead of `UIImageNibPlaceholder`s.
    var encodesPreIOS14Runtime = false
    /// Record which document element each object of the compiled graph was made for
    /// (`CompileResult.documentIDs`): what a tool that reads the compiled graph, such as `nibc render`, needs to
    /// name its objects by their XIB ids. Off by default (it costs a pass over the document's ids).
    public var recordsDocumentIDs = false

    /// Creates options; the defaults reproduce current Xcode output.
    public init(moduleName: String? = nil, minimumDeploymentTarget: String? = nil, coderVersion: Int = 10,
                baseLocalized: Bool? = nil, xmlLimits: XMLParseOptions = .default) {
        self.xmlLimits = xmlLimits
        self.moduleName = moduleName
        self.minimumDeploymentTarget = minimumDeploymentTarget
        self.coderVersion = coderVersion
        self.baseLocalized = baseLocalized
    }
}

/// A compiler message with its position, printed as `file:line:col: warning|error: message`
/// (the `XIB` module's `Diagnostic`).
public typealias CompileDiagnostic = Diagnostic

/// A failed compilation: every error (and the warnings collected before it).
///
/// The CLI prints `diagnostics` one per line to standard error and exits with status 1.
public struct CompileError: Error, Sendable, CustomStringConvertible {
    /// All diagnostics, errors included, in source order of discovery.
    public var diagnostics: [CompileDiagnostic]
    public init(diagnostics: [CompileDiagnostic]) { self.diagnostics = diagnostics }
    public var description: String { diagnostics.map(\.description).joined(separator: "\n") }
}

/// The outcome of a successful compilation.
public struct CompileResult: Sendable {
    /// The `.nib` file bytes.
    public var bytes: [UInt8]
    /// The object graph that was written (object 0 is the root).
    public var graph: NibGraph
    /// Warnings (never errors: errors throw `CompileError`).
    public var diagnostics: [CompileDiagnostic]
    /// The form of the output: `CompileOptions.format` when given, else the form ibtool writes for this document's
    /// platform and the minimum deployment target. `bytes` is always NIBArchive; `nib(in:)` gives the file in this
    /// form (or another).
    public var format: NibOutputFormat = .nibArchive
    /// Every string archived as an `NSLocalizableString` (Base-localized documents only), each key once.
    public var localizableStrings: [LocalizableString] = []
    /// With `CompileOptions.recordsDocumentIDs`: the `id` of the document element each object of `graph` was made
    /// for, by object index (objects the compiler adds, such as interned strings or views ibtool inserts, have
    /// none); empty otherwise.
    public var documentIDs: [Int: String] = [:]

    /// The nib file in `format`: what `nibc compile` and `nibc ibtool` write.
    ///
    /// The keyed form is the graph of `bytes`, read back, written by `KeyedArchiveWriter` (which undoes the
    /// keyed-archive mapping): the graph the file holds, not `graph`, whose objects the writer renumbers.
    ///
    /// - Parameter format: the form to write; nil for `self.format`, the one ibtool writes for the document.
    /// - Returns: `bytes` for `.nibArchive`; a binary property list (`NSKeyedArchiver`) for `.keyedArchive`.
    /// - Throws: `NibArchiveError` when `bytes` do not read back (a compiler fault; nothing should be written).
    public func nib(in format: NibOutputFormat? = nil) throws(NibArchiveError) -> [UInt8] {
        switch format ?? self.format {
        case .nibArchive: return bytes
        case .keyedArchive: return KeyedArchiveWriter().write(NibGraph(try NibArchive(bytes: bytes)))
        }
    }
}
