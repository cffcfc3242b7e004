/// Limits that keep the parser safe on hostile or broken input.
///
/// The defaults are far above any real XIB (the largest in the corpus is about 1 MB with a nesting
/// depth under 40) and far below what would exhaust memory or the stack.
public struct XMLParseOptions: Sendable, Hashable {
    /// Maximum element nesting depth; the root element is depth 1. Default 512.
    public var maxDepth: Int
    /// Maximum number of attributes on one element. Default 256.
    public var maxAttributesPerElement: Int
    /// Maximum input size in bytes. Default 256 MiB; never more than `Int32.max` (offsets are 32-bit).
    public var maxInputSize: Int
    /// Maximum number of elements plus attributes in the document. Default 8 million.
    public var maxNodes: Int

    /// Creates options; every limit has a safe default.
    public init(maxDepth: Int = 512, maxAttributesPerElement: Int = 256,
                maxInputSize: Int = 256 << 20, maxNodes: Int = 8_000_000) {
        self.maxDepth = maxDepth
        self.maxAttributesPerElement = maxAttributesPerElement
        self.maxInputSize = maxInputSize
        self.maxNodes = maxNodes
    }

    /// The default limits.
    public static let `default` = XMLParseOptions()
}
