import XIB

extension XIBDocument {
    /// Parses `bytes` for a compiler that takes storyboards (`storyboard`) or XIBs, with the options' XML limits.
    /// A malformed document, or one of the other kind, is a `CompileError` whose diagnostic names the place and
    /// what the document is. A caller that also reads the document itself (the document checks, the
    /// inspection views) parses it once with this and hands it to `XIBCompiler.compile(document:fileName:)` or
    /// `StoryboardCompiler.compile(document:fileName:)`.
    public static func open(_ bytes: [UInt8], fileName: String, options: CompileOptions, storyboard: Bool) throws(CompileError) -> XIBDocument {
        let document: XIBDocument
        do {
            document = try XIBDocument(bytes: bytes, file: fileName, options: options.xmlLimits)
        } catch {
            throw CompileError(diagnostics: [error.diagnostic])
        }
        try document.requireKind(storyboard: storyboard, fileName: fileName)
        return document
    }

    /// Throws unless the document is a storyboard (`storyboard`) or a XIB, naming what it is.
    func requireKind(storyboard: Bool, fileName: String) throws(CompileError) {
        guard isStoryboard != storyboard else { return }
        let at = root.attributeLocation("type") ?? root.location
        let message = storyboard
            ? "the document is a XIB (\(type)), not a storyboard: compile it to a .nib"
            : "the document is a storyboard (\(type)): compile it to a .storyboardc directory with the storyboard compiler"
        throw CompileError(diagnostics: [Diagnostic(severity: .error, file: fileName, line: at.line, column: at.column, message: message)])
    }
}
