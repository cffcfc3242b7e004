import Foundation
import NibArchive
import NibCompiler

/// A XIB compiled in a test, with its nib read back from the bytes the compiler wrote: the one
/// compile-then-read helper of the test targets.
public struct CompiledXIB {
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

    /// The objects of class `className`, in archive order.
    public func objects(_ className: String) -> [NibObject] { graph.objects.filter { $0.className == className } }

    /// The first object of class `className`.
    public func first(_ className: String) -> NibObject? { graph.objects.first { $0.className == className } }

    /// The object `value` refers to.
    public func object(_ value: NibGraphValue?) -> NibObject? { value?.objectIndex.map { graph.objects[$0] } }

    /// The text of the string object `value` refers to (`NS.bytes` as UTF-8).
    public func string(_ value: NibGraphValue?) -> String? {
        guard case .data(let bytes)? = object(value)?.value(forKey: FoundationKeys.bytes) else { return nil }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The elements of the inlined collection `value` refers to (`UINibEncoderEmptyKey` entries).
    public func items(_ value: NibGraphValue?) -> [Int] {
        object(value)?.entries.filter { $0.key == "UINibEncoderEmptyKey" }.compactMap(\.value.objectIndex) ?? []
    }
}
