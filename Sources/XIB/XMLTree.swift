import StringBytes

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

    /// The index of `record`'s attribute with interned name `name`, or nil.
    @inline(__always)
    func attributeIndex(of record: ElementRecord, named name: Int32) -> Int? {
        let start = Int(record.attributeStart)
        for i in start..<start + Int(record.attributeCount) where attributes[i].name == name { return i }
        return nil
    }

    /// Attribute `index`'s value as `Double(value)` would read it. Plain decimals (IB's "-12.5", "320") are
    /// read from the bytes in place: with at most 15 digits the digits are exactly a `Double` and the
    /// scale an exact power of ten, so one division rounds correctly, as `strtod` does. Every other
    /// form goes through `Double(String)`.
    func double(of index: Int) -> Double? {
        let attribute = attributes[index]
        if !attribute.needsDecoding, let d = bytes.withUnsafeBufferPointer({
            Self.plainDecimal($0, from: Int(attribute.valueStart), to: Int(attribute.valueEnd))
        }) {
            return d
        }
        return Double(value(of: attribute))
    }

    private static let powersOfTen: [Double] = [1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15]

    /// `-?[0-9]+(\.[0-9]+)?` with at most 15 digits in all, or nil.
    private static func plainDecimal(_ p: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Double? {
        var i = start
        let negative = i < end && p[i] == UInt8(ascii: "-")
        if negative { i += 1 }
        var mantissa: UInt64 = 0
        var digits = 0
        while i < end, p[i] &- 48 < 10, digits < 16 {
            mantissa = mantissa * 10 + UInt64(p[i] &- 48)
            digits += 1
            i += 1
        }
        guard digits > 0 else { return nil }
        var fractionDigits = 0
        if i < end, p[i] == UInt8(ascii: ".") {
            i += 1
            while i < end, p[i] &- 48 < 10, digits < 16 {
                mantissa = mantissa * 10 + UInt64(p[i] &- 48)
                digits += 1
                fractionDigits += 1
                i += 1
            }
            guard fractionDigits > 0 else { return nil }
        }
        guard i == end, digits <= 15 else { return nil }
        let value = Double(mantissa) / powersOfTen[fractionDigits]
        return negative ? -value : value
    }

    /// Calls `body` with the UTF-8 bytes of attribute `index`'s decoded value: in place in the document
    /// unless references or white space need decoding.
    func withValueBytes<R>(of index: Int, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        let attribute = attributes[index]
        if attribute.needsDecoding {
            var decoded = value(of: attribute)
            return decoded.withUTF8(body)
        }
        return bytes.withUnsafeBufferPointer {
            body(UnsafeBufferPointer(rebasing: $0[Int(attribute.valueStart)..<Int(attribute.valueEnd)]))
        }
    }

    /// Whether attribute `index`'s decoded value is `string`, compared as UTF-8 bytes; a value without
    /// references or white space to normalize is compared in place, without building a String.
    func value(of index: Int, equals string: String) -> Bool {
        let attribute = attributes[index]
        if attribute.needsDecoding { return value(of: attribute).utf8.elementsEqual(string.utf8) }
        return string.withUTF8Bytes { utf8 in
            utf8.count == Int(attribute.valueEnd - attribute.valueStart) && bytes.withUnsafeBufferPointer { p in
                utf8.isEmpty || memoryEqual(p.baseAddress! + Int(attribute.valueStart), utf8.baseAddress!, utf8.count)
            }
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
        return string.withUTF8Bytes { utf8 in
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
