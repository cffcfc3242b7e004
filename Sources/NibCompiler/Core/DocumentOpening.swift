import XIB

extension XIBDocument {
    /// Parses `bytes` for a compiler that takes storyboards (`storyboard`) or XIBs, with the options' XML limits.
    /// A malformed document, or one of the other kind, is a `CompileError` whose diagnostic names the place and
    /// what the document is.
    static func open(_ bytes: [UInt8], fileName: String, options: CompileOptions, storyboard: Bool) throws(CompileError) -> XIBDocument {
        let document: XIBDocument
        do {
            document = try XIBDocument(bytes: bytes, file: fileName, options: options.xmlLimits)
        } catch {
            throw CompileError(diagnostics: [error.diagnostic])
        }
        guard document.isStoryboard != storyboard else { return document }
        let at = document.root.attributeLocation("type") ?? document.root.location
        let message = storyboard
            ? "the document is a XIB (\(document.type)), not a storyboard: compile it to a .nib"
            : "the document is a storyboard (\(document.type)): compile it to a .storyboardc directory with the storyboard compiler"
        throw CompileError(diagnostics: [Diagnostic(severity: .error, file: fileName, line: at.line, column: at.column, message: message)])
    }
}
