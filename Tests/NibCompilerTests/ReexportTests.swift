import Testing
import NibCompiler  // only NibCompiler: the XIB types below must come through its re-exports

/// NibCompiler's public API is usable with `import NibCompiler` alone: limits (`XMLParseOptions`) and
/// diagnostics (`Diagnostic`, `DiagnosticSeverity`) are re-exported from the XIB module.
@Test func xibTypesOfThePublicAPIAreReexported() throws {
    let limits = XMLParseOptions(maxDepth: 3, maxInputSize: XMLParseOptions.default.maxInputSize,
                                 maxNodes: XMLParseOptions.default.maxNodes)
    let xib = "<document><a><b><c><d/></c></b></a></document>"
    do {
        _ = try XIBCompiler(options: CompileOptions(xmlLimits: limits)).compile(xib: Array(xib.utf8), fileName: "D.xib")
        Issue.record("a document nested deeper than 3 levels compiled")
    } catch {
        let first: Diagnostic = try #require(error.diagnostics.first)
        #expect(first.severity == DiagnosticSeverity.error)
        let location = SourceLocation(file: first.file, line: first.line, column: first.column, offset: 0)
        #expect(location.file == "D.xib")
    }
}
