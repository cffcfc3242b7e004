/// The byte-level XML tokenizer: one forward pass over validated UTF-8 that checks well-formedness
/// and fills the flat node store.
///
/// It runs after `InputValidation`, so every byte >= 0x80 belongs to a valid scalar and forbidden
/// control characters are already rejected. All reads are guarded by `end`; no recursion is used,
/// so hostile nesting only costs the explicit stack, which `maxDepth` bounds.
struct XMLTokenizer {
    let p: UnsafePointer<UInt8>
    let end: Int
    var pos: Int
    private let options: XMLParseOptions
    private let lines: LineTable
    private let file: String

    private(set) var elements: [ElementRecord] = []
    private(set) var attributes: [AttributeRecord] = []
    private(set) var names = NameInterner()

    /// Open elements: index, name offset and name length.
    var stack: [(index: Int32, nameOffset: Int32, nameLength: Int32)] = []
    /// Per name id, the last element index that used it as an attribute (duplicate detection in O(1) for
    /// elements with many attributes).
    private var attributeSeen: [Int32] = []
    var rootSeen = false
    var rootClosed = false
    var doctypeSeen = false

    static let lt = UInt8(ascii: "<")
    static let gt = UInt8(ascii: ">")
    static let amp = UInt8(ascii: "&")
    static let slash = UInt8(ascii: "/")
    static let question = UInt8(ascii: "?")
    static let bang = UInt8(ascii: "!")
    static let equal = UInt8(ascii: "=")
    static let quote = UInt8(ascii: "\"")
    static let apostrophe = UInt8(ascii: "'")
    static let dash = UInt8(ascii: "-")
    static let bracket = UInt8(ascii: "]")

    /// Bytes that end a run of character data: `<` `&` `>` (bit n = byte n, all below 64).
    static let textStopMask: UInt64 = 0x5000_0040_0000_0000
    /// Bytes that need attention inside attribute values: `<` `&` tab LF CR.
    static let attributeStopMask: UInt64 = 0x1000_0040_0000_2600

    init(_ p: UnsafePointer<UInt8>, start: Int, end: Int, options: XMLParseOptions, lines: LineTable, file: String) {
        self.p = p
        self.pos = start
        self.end = end
        self.options = options
        self.lines = lines
        self.file = file
        // A typical XIB has one element per ~80 bytes and ~3 attributes per element.
        let estimate = min((end - start) / 64 + 16, options.maxNodes)
        elements.reserveCapacity(estimate)
        attributes.reserveCapacity(min(estimate * 3, options.maxNodes))
    }

    // MARK: Document

    /// Tokenizes the whole document.
    mutating func run() throws(TokenizerFailure) {
        if startsWith("<?xml"), pos + 5 < end, XMLCharacters.isWhitespace(p[pos + 5]) || p[pos + 5] == Self.question {
            try readXMLDeclaration()
        }
        while pos < end {
            let b = p[pos]
            if b == Self.lt {
                guard pos + 1 < end else { throw eof("after '<'") }
                switch p[pos + 1] {
                case Self.question: try readProcessingInstruction()
                case Self.bang: try readBangMarkup()
                case Self.slash: try readEndTag()
                default: try readStartTag()
                }
            } else if stack.isEmpty {
                try readMiscWhitespace()
            } else {
                try readText()
            }
        }
        if let open = stack.last {
            let name = string(Int(open.nameOffset), Int(open.nameLength))
            let opened = locationText(Int(elements[Int(open.index)].start))
            throw TokenizerFailure(.unclosedElement, at: end,
                                   "unexpected end of input: element <\(name)> opened at \(opened) is not closed")
        }
        if !rootSeen {
            throw TokenizerFailure(.missingRootElement, at: end, "document has no root element")
        }
    }

    // MARK: Elements

    private mutating func readStartTag() throws(TokenizerFailure) {
        let start = pos
        if stack.isEmpty {
            if rootClosed {
                throw TokenizerFailure(.multipleRootElements, at: start,
                                       "a second root element; a document has exactly one root element")
            }
            rootSeen = true
        }
        guard stack.count < options.maxDepth else {
            throw TokenizerFailure(.depthLimitExceeded, at: start, "elements nested deeper than the limit of \(options.maxDepth)")
        }
        pos += 1
        if !(p[pos] >= 0x80 || XMLCharacters.isASCIINameStart(p[pos])), startsWith("<<<<<<<", at: start) {
            throw TokenizerFailure(.mergeConflictMarker, at: start, "git merge conflict marker '<<<<<<<'; resolve the conflict first")
        }
        let (nameLength, hash) = try readName(what: "element name")
        let nameID = names.intern(p, start: start + 1, length: nameLength, hash: hash)
        let index = Int32(elements.count)
        guard elements.count + attributes.count < options.maxNodes else {
            throw TokenizerFailure(.nodeLimitExceeded, at: start, "more than \(options.maxNodes) elements and attributes")
        }
        let attributeStart = attributes.count
        elements.append(ElementRecord(name: nameID, parent: stack.last?.index ?? -1, subtreeEnd: index + 1,
                                      attributeStart: Int32(attributeStart), attributeCount: 0,
                                      start: Int32(start), contentStart: 0, contentEnd: 0, end: 0))
        while true {
            let hadSpace = skipWhitespace()
            guard pos < end else { throw eof("inside the start tag of <\(string(start + 1, nameLength))>") }
            let b = p[pos]
            if b == Self.gt {
                pos += 1
                elements[Int(index)].contentStart = Int32(pos)
                stack.append((index, Int32(start + 1), Int32(nameLength)))
                break
            }
            if b == Self.slash {
                guard pos + 1 < end else { throw eof("inside the start tag of <\(string(start + 1, nameLength))>") }
                guard p[pos + 1] == Self.gt else {
                    throw TokenizerFailure(.malformedTag, at: pos + 1, "expected '>' after '/' in an empty-element tag")
                }
                pos += 2
                elements[Int(index)].contentStart = Int32(pos)
                elements[Int(index)].contentEnd = Int32(pos)
                elements[Int(index)].end = Int32(pos)
                if stack.isEmpty { rootClosed = true }
                break
            }
            guard hadSpace else {
                throw TokenizerFailure(.malformedTag, at: pos, "expected white space, '>' or '/>' in the start tag of <\(string(start + 1, nameLength))>")
            }
            try readAttribute(element: index, attributeStart: attributeStart)
        }
        elements[Int(index)].attributeCount = Int32(attributes.count - attributeStart)
    }

    private mutating func readAttribute(element: Int32, attributeStart: Int) throws(TokenizerFailure) {
        let nameOffset = pos
        let (nameLength, hash) = try readName(what: "attribute name")
        let nameID = names.intern(p, start: nameOffset, length: nameLength, hash: hash)
        let earlier = attributes.count - attributeStart
        // Duplicates: the element's first attributes are compared directly (a write to the per-name table
        // for every attribute cost more than these few comparisons); past `directDuplicateCheck`
        // attributes the table takes over, so hostile elements stay linear.
        var duplicate = false
        if earlier < Self.directDuplicateCheck {
            for i in attributeStart..<attributeStart + earlier where attributes[i].name == nameID { duplicate = true }
        } else {
            if earlier == Self.directDuplicateCheck {
                for i in attributeStart..<attributeStart + earlier { markAttributeSeen(attributes[i].name, element: element) }
            }
            duplicate = Int(nameID) < attributeSeen.count && attributeSeen[Int(nameID)] == element
            markAttributeSeen(nameID, element: element)
        }
        if duplicate {
            throw TokenizerFailure(.duplicateAttribute, at: nameOffset, "duplicate attribute '\(string(nameOffset, nameLength))'")
        }
        guard earlier < options.maxAttributesPerElement else {
            throw TokenizerFailure(.attributeLimitExceeded, at: nameOffset,
                                   "more than \(options.maxAttributesPerElement) attributes on one element")
        }
        guard elements.count + attributes.count < options.maxNodes else {
            throw TokenizerFailure(.nodeLimitExceeded, at: nameOffset, "more than \(options.maxNodes) elements and attributes")
        }
        _ = skipWhitespace()
        guard pos < end else { throw eof("in an attribute") }
        guard p[pos] == Self.equal else {
            throw TokenizerFailure(.malformedTag, at: pos, "expected '=' after attribute name '\(string(nameOffset, nameLength))'")
        }
        pos += 1
        _ = skipWhitespace()
        guard pos < end else { throw eof("in an attribute") }
        let quote = p[pos]
        guard quote == Self.quote || quote == Self.apostrophe else {
            throw TokenizerFailure(.malformedTag, at: pos, "attribute value must be quoted with \" or '")
        }
        pos += 1
        let valueStart = pos
        var needsDecoding = false
        while true {
            guard pos < end else { throw eof("in an attribute value") }
            let b = p[pos]
            if b == quote { break }
            if b < 64 && (Self.attributeStopMask >> UInt64(b)) & 1 != 0 {
                if b == Self.lt {
                    throw TokenizerFailure(.lessThanInAttributeValue, at: pos, "'<' is not allowed in an attribute value; write '&lt;'")
                }
                needsDecoding = true
                if b == Self.amp {
                    try readReference()
                    continue
                }
            }
            pos += 1
        }
        attributes.append(AttributeRecord(name: nameID, nameOffset: Int32(nameOffset), valueStart: Int32(valueStart),
                                          valueEnd: Int32(pos), needsDecoding: needsDecoding))
        pos += 1
    }

    /// Attributes per element checked for duplicates by direct comparison.
    private static let directDuplicateCheck = 16

    private mutating func markAttributeSeen(_ nameID: Int32, element: Int32) {
        if Int(nameID) >= attributeSeen.count {
            attributeSeen.append(contentsOf: repeatElement(-1, count: Int(nameID) + 1 - attributeSeen.count + 16))
        }
        attributeSeen[Int(nameID)] = element
    }

    private mutating func readEndTag() throws(TokenizerFailure) {
        let start = pos
        pos += 2
        let nameOffset = pos
        let (nameLength, _) = try readName(what: "element name in end tag")
        guard let open = stack.last else {
            throw TokenizerFailure(.unexpectedEndTag, at: start, "end tag </\(string(nameOffset, nameLength))> has no matching start tag")
        }
        guard Int(open.nameLength) == nameLength, memoryEqual(p + Int(open.nameOffset), p + nameOffset, nameLength) else {
            let openName = string(Int(open.nameOffset), Int(open.nameLength))
            throw TokenizerFailure(.mismatchedEndTag, at: start,
                "end tag </\(string(nameOffset, nameLength))> does not match start tag <\(openName)> at \(locationText(Int(open.nameOffset) - 1))")
        }
        _ = skipWhitespace()
        guard pos < end else { throw eof("in an end tag") }
        guard p[pos] == Self.gt else { throw TokenizerFailure(.malformedTag, at: pos, "expected '>' to close the end tag") }
        pos += 1
        let index = Int(open.index)
        elements[index].contentEnd = Int32(start)
        elements[index].end = Int32(pos)
        elements[index].subtreeEnd = Int32(elements.count)
        stack.removeLast()
        if stack.isEmpty { rootClosed = true }
    }

    /// Reads a name at `pos`; returns its length and FNV-1a hash.
    @inline(__always)
    mutating func readName(what: String) throws(TokenizerFailure) -> (Int, UInt32) {
        let start = pos
        var hash: UInt32 = fnvOffsetBasis
        guard pos < end else { throw eof("where a name was expected") }
        var b = p[pos]
        if b < 0x80 {
            guard XMLCharacters.isASCIINameStart(b) else { throw badName(what: what) }
            hash = (hash ^ UInt32(b)) &* fnvPrime
            pos += 1
        } else {
            let (v, length) = decodeScalarUnchecked(p, at: pos)
            guard XMLCharacters.isNameStartScalar(v) else { throw badName(what: what) }
            for k in 0..<length { hash = (hash ^ UInt32(p[pos + k])) &* fnvPrime }
            pos += length
        }
        while pos < end {
            b = p[pos]
            if b < 0x80 {
                guard XMLCharacters.isASCIINameChar(b) else { break }
                hash = (hash ^ UInt32(b)) &* fnvPrime
                pos += 1
            } else {
                let (v, length) = decodeScalarUnchecked(p, at: pos)
                guard XMLCharacters.isNameScalar(v) else { break }
                for k in 0..<length { hash = (hash ^ UInt32(p[pos + k])) &* fnvPrime }
                pos += length
            }
        }
        return (pos - start, hash)
    }

    private func badName(what: String) -> TokenizerFailure {
        // A conflict marker line inside a multi-line start tag lands here.
        if startsWith("<<<<<<<") || startsWith("=======") || startsWith(">>>>>>>") {
            return TokenizerFailure(.mergeConflictMarker, at: pos, "git merge conflict marker; resolve the conflict first")
        }
        let (v, _) = decodeScalarUnchecked(p, at: pos)
        let shown = v >= 0x21 && v < 0x7F ? "'\(Character(Unicode.Scalar(v)!))'" : hexScalar(v)
        return TokenizerFailure(.invalidName, at: pos, "expected \(what), found \(shown)")
    }

    // MARK: Character data

    private mutating func readText() throws(TokenizerFailure) {
        let runStart = pos
        while pos < end {
            let b = p[pos]
            if b >= 64 || (Self.textStopMask >> UInt64(b)) & 1 == 0 {
                pos += 1
                continue
            }
            if b == Self.lt { return }
            if b == Self.amp {
                try readReference()
                continue
            }
            // '>' is fine in text except as the end of "]]>".
            if pos - runStart >= 2 && p[pos - 1] == Self.bracket && p[pos - 2] == Self.bracket {
                throw TokenizerFailure(.cdataEndInText, at: pos - 2, "']]>' is not allowed in character data")
            }
            pos += 1
        }
    }

    /// Outside the root only white space, comments, PIs (and a DOCTYPE before it) may appear.
    private mutating func readMiscWhitespace() throws(TokenizerFailure) {
        _ = skipWhitespace()
        guard pos < end, p[pos] != Self.lt else { return }
        if startsWith("=======") || startsWith(">>>>>>>") || startsWith("<<<<<<<") {
            throw TokenizerFailure(.mergeConflictMarker, at: pos, "git merge conflict marker; resolve the conflict first")
        }
        throw TokenizerFailure(.contentOutsideRoot, at: pos,
                               rootClosed ? "text after the root element" : "text before the root element")
    }

    private mutating func readReference() throws(TokenizerFailure) {
        switch EntityDecoding.readReference(p, at: pos, end: end) {
        case .scalar(_, let length): pos += length
        case .failure(let failure): throw failure
        }
    }

    // MARK: Helpers

    /// Skips XML white space; returns whether any was skipped.
    @inline(__always)
    mutating func skipWhitespace() -> Bool {
        let start = pos
        while pos < end && XMLCharacters.isWhitespace(p[pos]) { pos += 1 }
        return pos != start
    }

    func startsWith(_ s: StaticString, at offset: Int? = nil) -> Bool {
        let at = offset ?? pos
        return end - at >= s.utf8CodeUnitCount && EntityDecoding.equals(p + at, s)
    }

    /// Whether the remaining input is a proper prefix of one of `candidates` (input truncated there).
    func startsWithPrefix(of candidates: [StaticString]) -> Bool {
        let remaining = end - pos
        for s in candidates where remaining < s.utf8CodeUnitCount {
            var ok = true
            for k in 0..<remaining where p[pos + k] != s.utf8Start[k] { ok = false; break }
            if ok { return true }
        }
        return false
    }

    func eof(_ context: String) -> TokenizerFailure {
        TokenizerFailure(.unexpectedEndOfInput, at: end, "unexpected end of input \(context)")
    }

    func string(_ offset: Int, _ length: Int) -> String {
        String(decoding: UnsafeBufferPointer(start: p + offset, count: length), as: UTF8.self)
    }

    func locationText(_ offset: Int) -> String {
        let loc = lines.location(ofOffset: offset, in: UnsafeBufferPointer(start: p, count: end), file: file)
        return "\(loc.line):\(loc.column)"
    }
}
