import NibArchive
import XIB

/// Compiles an Interface Builder `.xib` document into a binary `.nib` (NIBArchive).
///
/// ```swift
/// let result = try XIBCompiler(options: .init(moduleName: "App")).compile(xib: bytes, fileName: "View.xib")
/// ```
/// Errors throw `CompileError` (the CLI prints its diagnostics and exits with status 1); warnings
/// come back in `CompileResult.diagnostics`. The platform is chosen by the document's
/// `type` (checked against `targetRuntime` by `XIBDocument`) through `PlatformRegistry`.
public struct XIBCompiler: Sendable {
    public var options: CompileOptions

    public init(options: CompileOptions = CompileOptions()) { self.options = options }

    /// Compiles `bytes` (the XIB text); `fileName` is used in diagnostics and for Base-localization detection.
    ///
    /// - Parameters:
    ///   - bytes: the XIB document (XIB 3, iOS or macOS), untrusted: every fault is a located diagnostic.
    ///   - fileName: the path diagnostics name; a `Base.lproj` parent makes user-visible strings localizable.
    /// - Returns: the NIBArchive bytes, the graph written, the warnings, and the form ibtool would write
    ///   (`CompileResult.nib(in:)` gives the file in that form).
    /// - Throws: `CompileError` with every diagnostic (errors and warnings, located `file:line:col`) when the
    ///   document is malformed, unsupported or refers to unknown ids; nothing is compiled then.
    public func compile(xib bytes: [UInt8], fileName: String) throws(CompileError) -> CompileResult {
        // One model: the XML tree, the XIB document checks (type, version, <objects>, unique ids) and
        // its id index; the compiler reads it through `XIBNode` views that record what was consumed.
        try compile(document: XIBDocument.open(bytes, fileName: fileName, options: options, storyboard: false), fileName: fileName)
    }

    /// Compiles a XIB parsed already (`XIBDocument.open(_:fileName:options:storyboard:)` with `storyboard: false`),
    /// as `compile(xib:fileName:)` does; the document is only read.
    public func compile(document: XIBDocument, fileName: String) throws(CompileError) -> CompileResult {
        try document.requireKind(storyboard: false, fileName: fileName)
        let format = options.format ?? NibOutputFormat.forTarget(platform: document.platform, minimumDeploymentTarget: options.minimumDeploymentTarget)
        var options = options
        options.xcodeVersion = options.xcodeVersion.writing(format)
        let context = CompileContext(options: options, fileName: fileName, tracker: XIBReadTracker(document: document))
        let root = context.document
        guard let platform = PlatformRegistry.compiler(for: document.platform) else {
            context.error(at: root, "no compiler for \(document.platform) documents")
            throw CompileError(diagnostics: context.diagnosticsInSourceOrder)
        }
        platform.compile(document: root, context: context)
        context.reportUnhandled(root)
        if context.hasErrors { throw CompileError(diagnostics: context.diagnosticsInSourceOrder) }
        let graph = context.builder.graph
        let out = context.builder.archive()
        var result = CompileResult(bytes: out, graph: graph, diagnostics: context.diagnosticsInSourceOrder, format: format,
                                   localizableStrings: context.strings.strings)
        if options.recordsDocumentIDs { result.documentIDs = context.documentIDsOfObjects() }
        return result
    }
}
