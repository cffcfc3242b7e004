/// The immutable storage behind an `XMLTree`, shared by all element views.
final class XMLTreeStorage: Sendable {
    let file: String
    let bytes: [UInt8]
    let elements: [ElementRecord]
    let attributes: [AttributeRecord]
    /// Interned names by id.
    let names: [String]
    /// The interner, kept for `XMLTree.name(_:)` lookups (cheaper than building a dictionary).
    let interner: NameInterner
    let lines: LineTable

    init(file: String, bytes: [UInt8], elements: [ElementRecord], attributes: [AttributeRecord],
         names: [String], interner: NameInterner, lines: LineTable) {
        self.file = file
        self.bytes = bytes
        self.elements = elements
        self.attributes = attributes
        self.names = names
        self.interner = interner
        self.lines = lines
    }

    func location(ofOffset offset: Int) -> SourceLocation {
        bytes.withUnsafeBufferPointer { lines.location(ofOffset: offset, in: $0, file: file) }
    }

    /// The UTF-8 bytes `start..<end` as a String.
    @inline(__always)
    func string(_ start: Int32, _ end: Int32) -> String {
        bytes.withUnsafeBufferPointer {
            String(decoding: UnsafeBufferPointer(rebasing: $0[Int(start)..<Int(end)]), as: UTF8.self)
        }
    }

    func value(of attribute: AttributeRecord) -> String {
        if !attribute.needsDecoding { return string(attribute.valueStart, attribute.valueEnd) }
        return bytes.withUnsafeBufferPointer {
            EntityDecoding.decodeAttributeValue($0.baseAddress!, from: Int(attribute.valueStart), to: Int(attribute.valueEnd))
        }
    }
}

/// An interned element or attribute name. Comparing `XMLName`s is an integer comparison; get one
/// from `XMLTree.name(_:)` and reuse it for the fastest attribute lookups.
public struct XMLName: Sendable, Hashable {
    /// The id in the tree's name table.
    public let id: Int32
}

/// A parsed, well-formed XML document: a flat, immutable store of elements with source positions.
///
/// Parsing checks full well-formedness (see `XMLError.Kind`) within `XMLParseOptions` limits.
/// The tree is a cheap-to-copy value (one reference) and is `Sendable`.
public struct XMLTree: Sendable {
    let storage: XMLTreeStorage

    /// Parses `bytes` (UTF-8, optionally with a byte-order mark). `file` is used in locations.
    public init(bytes: [UInt8], file: String, options: XMLParseOptions = .default) throws(XMLError) {
        storage = try Self.parse(bytes, file: file, options: options)
    }

    /// Parses a UTF-8 string.
    public init(string: String, file: String, options: XMLParseOptions = .default) throws(XMLError) {
        try self.init(bytes: Array(string.utf8), file: file, options: options)
    }

    private static func parse(_ bytes: [UInt8], file: String, options: XMLParseOptions) throws(XMLError) -> XMLTreeStorage {
        let result: Result<XMLTreeStorage, XMLError> = bytes.withUnsafeBufferPointer { buffer in
            var lines = LineTable()
            func fail(_ f: TokenizerFailure) -> Result<XMLTreeStorage, XMLError> {
                .failure(XMLError(f.kind, f.message, at: lines.location(ofOffset: f.offset, in: buffer, file: file)))
            }
            guard buffer.count <= min(options.maxInputSize, Int(Int32.max) - 1) else {
                return fail(TokenizerFailure(.inputTooLarge, at: 0, "input of \(buffer.count) bytes is larger than the limit of \(min(options.maxInputSize, Int(Int32.max) - 1))"))
            }
            guard let base = buffer.baseAddress, buffer.count > 0 else {
                return fail(TokenizerFailure(.missingRootElement, at: 0, "document is empty"))
            }
            if buffer.count >= 2, (buffer[0] == 0xFE && buffer[1] == 0xFF) || (buffer[0] == 0xFF && buffer[1] == 0xFE) {
                return fail(TokenizerFailure(.unsupportedEncoding, at: 0, "UTF-16 input is not supported; save the file as UTF-8"))
            }
            let start = buffer.count >= 3 && buffer[0] == 0xEF && buffer[1] == 0xBB && buffer[2] == 0xBF ? 3 : 0
            if let failure = InputValidation.validate(buffer, from: start, lines: &lines) { return fail(failure) }
            var tokenizer = XMLTokenizer(base, start: start, end: buffer.count, options: options, lines: lines, file: file)
            do throws(TokenizerFailure) {
                try tokenizer.run()
            } catch {
                return fail(error)
            }
            let interner = tokenizer.names
            var names: [String] = []
            names.reserveCapacity(interner.count)
            for i in 0..<interner.count {
                names.append(String(decoding: UnsafeBufferPointer(start: base + Int(interner.offsets[i]), count: Int(interner.lengths[i])), as: UTF8.self))
            }
            return .success(XMLTreeStorage(file: file, bytes: bytes, elements: tokenizer.elements,
                                           attributes: tokenizer.attributes, names: names, interner: interner, lines: lines))
        }
        return try result.get()
    }

    /// The file name given when parsing.
    public var file: String { storage.file }

    /// The root element.
    public var root: Element { Element(storage: storage, index: 0) }

    /// All elements in document order (the root first); a random-access collection.
    public var elements: Elements { Elements(storage: storage) }

    /// The interned name for `string`, or nil if no element or attribute in the document uses it.
    public func name(_ string: String) -> XMLName? {
        var string = string
        return string.withUTF8 { utf8 in
            storage.bytes.withUnsafeBufferPointer { bytes in
                bytes.baseAddress.flatMap { storage.interner.lookup(utf8, in: $0) }.map(XMLName.init(id:))
            }
        }
    }

    /// The source location of a byte offset.
    public func location(ofOffset offset: Int) -> SourceLocation { storage.location(ofOffset: offset) }

    /// All elements in document order.
    public struct Elements: RandomAccessCollection, Sendable {
        let storage: XMLTreeStorage
        /// 0.
        public var startIndex: Int { 0 }
        /// The number of elements.
        public var endIndex: Int { storage.elements.count }
        /// The element at a document-order index.
        public subscript(position: Int) -> XMLTree.Element {
            precondition(position >= 0 && position < storage.elements.count, "element index out of range")
            return Element(storage: storage, index: Int32(position))
        }
    }
}
