import Foundation
import NibArchive
import NibCompiler

/// A XIB compiled in a test, with its nib read back from the bytes the compiler wrote: the one
/// compile-then-read helper of the test targets.
public struct CompiledXIB: NibGraphQueries {
    /// What the compiler returned. Its `graph` is the compiler's own, before the writer numbered and merged
    /// its objects; `graph` below is what the file holds.
    public let result: CompileResult
    /// The nib's objects, read back from `result.bytes`.
    public let graph: NibGraph

    /// Compiles `text` as a XIB named `fileName` and reads its nib back.
    ///
    /// - Throws: the compiler's `CompileError`, or `NibArchiveError` when the bytes do not read back.
    public init(_ text: String, options: CompileOptions = CompileOptions(), fileName: String = "T.xib") throws {
        try self.init(bytes: Array(text.utf8), options: options, fileName: fileName)
    }

    /// Compiles the XIB file at `url` (named `fileName` in diagnostics, its path by default) and reads its nib back.
    public init(contentsOf url: URL, options: CompileOptions = CompileOptions(), fileName: String? = nil) throws {
        try self.init(bytes: [UInt8](try Data(contentsOf: url)), options: options, fileName: fileName ?? url.path)
    }

    /// Compiles XIB `bytes` and reads the nib back.
    public init(bytes: [UInt8], options: CompileOptions = CompileOptions(), fileName: String = "T.xib") throws {
        result = try XIBCompiler(options: options).compile(xib: bytes, fileName: fileName)
        graph = NibGraph(try NibArchive(bytes: result.bytes))
    }

    /// The compiler's warnings.
    public var diagnostics: [CompileDiagnostic] { result.diagnostics }
}
