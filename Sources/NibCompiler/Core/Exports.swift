// The XIB module's types that appear in NibCompiler's public API (CompileOptions.xmlLimits, the
// diagnostics of CompileResult and CompileError), re-exported so `import NibCompiler` is enough to use it.
@_exported import struct XIB.Diagnostic
@_exported import enum XIB.DiagnosticSeverity
@_exported import struct XIB.SourceLocation
@_exported import struct XIB.XMLParseOptions
