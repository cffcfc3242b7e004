import Testing
@testable import XIB

/// One malformed input, the error kind it must produce, and where.
struct MalformedCase: Sendable, CustomTestStringConvertible {
    var label: String
    var bytes: [UInt8]
    var kind: XMLError.Kind
    var line: Int
    var column: Int
    var options: XMLParseOptions = .default

    init(_ label: String, _ text: String, _ kind: XMLError.Kind, _ line: Int, _ column: Int, options: XMLParseOptions = .default) {
        self.label = label
        self.bytes = Array(text.utf8)
        self.kind = kind
        self.line = line
        self.column = column
        self.options = options
    }

    init(_ label: String, bytes: [UInt8], _ kind: XMLError.Kind, _ line: Int, _ column: Int) {
        self.label = label
        self.bytes = bytes
        self.kind = kind
        self.line = line
        self.column = column
    }

    var testDescription: String { label }
}

private func b(_ s: String) -> [UInt8] { Array(s.utf8) }

let malformedCases: [MalformedCase] = [
    // Unclosed, mismatched and stray tags.
    MalformedCase("unclosed root", "<a>", .unclosedElement, 1, 4),
    MalformedCase("unclosed nested at EOF", "<a>\n  <b>", .unclosedElement, 2, 6),
    MalformedCase("mismatched end tag", "<a></b>", .mismatchedEndTag, 1, 4),
    MalformedCase("mismatched after child left open", "<a>\n<b>\n</a>", .mismatchedEndTag, 3, 1),
    MalformedCase("end tag prefix of name", "<ab></a>", .mismatchedEndTag, 1, 5),
    MalformedCase("end tag without start", "<a/></b>", .unexpectedEndTag, 1, 5),
    MalformedCase("attributes in end tag", "<a></a x=\"1\">", .malformedTag, 1, 8),
    MalformedCase("space before slash-gt", "<a / >", .malformedTag, 1, 5),
    // Truncation at various points.
    MalformedCase("truncated after element name", "<a", .unexpectedEndOfInput, 1, 3),
    MalformedCase("truncated after <", "<a><", .unexpectedEndOfInput, 1, 5),
    MalformedCase("truncated in attribute name", "<a x", .unexpectedEndOfInput, 1, 5),
    MalformedCase("truncated after =", "<a x=", .unexpectedEndOfInput, 1, 6),
    MalformedCase("truncated in attribute value", "<a x=\"1", .unexpectedEndOfInput, 1, 8),
    MalformedCase("truncated in end tag", "<a></a", .unexpectedEndOfInput, 1, 7),
    MalformedCase("truncated in empty-element tag", "<a/", .unexpectedEndOfInput, 1, 4),
    MalformedCase("truncated in entity reference", "<a>&am", .unexpectedEndOfInput, 1, 7),
    MalformedCase("truncated in character reference", "<a>&#x4", .unexpectedEndOfInput, 1, 8),
    MalformedCase("truncated in comment", "<a><!-- x", .unterminatedComment, 1, 4),
    MalformedCase("truncated in CDATA", "<a><![CDATA[x]]", .unterminatedCDATA, 1, 4),
    MalformedCase("truncated in processing instruction", "<a><?pi x", .unterminatedProcessingInstruction, 1, 4),
    MalformedCase("truncated in <!", "<a><!-", .unexpectedEndOfInput, 1, 7),
    // References.
    MalformedCase("undefined entity", "<a>&nbsp;</a>", .undefinedEntity, 1, 4),
    MalformedCase("bare ampersand", "<a>a & b</a>", .malformedReference, 1, 6),
    MalformedCase("entity without semicolon", "<a>&amp</a>", .malformedReference, 1, 4),
    MalformedCase("char ref to NUL", "<a>&#0;</a>", .invalidCharacterReference, 1, 4),
    MalformedCase("char ref to surrogate", "<a>&#xD800;</a>", .invalidCharacterReference, 1, 4),
    MalformedCase("char ref above U+10FFFF", "<a>&#x110000;</a>", .invalidCharacterReference, 1, 4),
    MalformedCase("char ref huge decimal", "<a>&#99999999999999999999;</a>", .invalidCharacterReference, 1, 4),
    MalformedCase("char ref to U+FFFE", "<a>&#xFFFE;</a>", .invalidCharacterReference, 1, 4),
    MalformedCase("char ref without digits", "<a>&#;</a>", .malformedReference, 1, 4),
    MalformedCase("hex digit in decimal char ref", "<a>&#12a;</a>", .malformedReference, 1, 4),
    MalformedCase("uppercase X in char ref", "<a>&#X41;</a>", .malformedReference, 1, 4),
    MalformedCase("bad char ref in attribute", "<a x=\"&#1;\"/>", .invalidCharacterReference, 1, 7),
    MalformedCase("undefined entity in attribute", "<a x=\"&foo;\"/>", .undefinedEntity, 1, 7),
    // Attributes.
    MalformedCase("duplicate attribute", "<a x=\"1\" y=\"2\" x=\"3\"/>", .duplicateAttribute, 1, 16),
    // Past 16 attributes duplicates are found through the per-name table (XMLTokenizer.directDuplicateCheck).
    MalformedCase("duplicate attribute past the direct checks", "<a a0=\"1\" a1=\"1\" a2=\"1\" a3=\"1\" a4=\"1\" a5=\"1\" a6=\"1\" a7=\"1\" a8=\"1\" a9=\"1\" a10=\"1\" a11=\"1\" a12=\"1\" a13=\"1\" a14=\"1\" a15=\"1\" a16=\"1\" a17=\"1\" a18=\"1\" a19=\"1\" a3=\"2\"/>", .duplicateAttribute, 1, 154),
    MalformedCase("duplicate of the 17th attribute", "<a a0=\"1\" a1=\"1\" a2=\"1\" a3=\"1\" a4=\"1\" a5=\"1\" a6=\"1\" a7=\"1\" a8=\"1\" a9=\"1\" a10=\"1\" a11=\"1\" a12=\"1\" a13=\"1\" a14=\"1\" a15=\"1\" a16=\"1\" a17=\"1\" a16=\"2\"/>", .duplicateAttribute, 1, 138),
    MalformedCase("duplicate at the 17th attribute", "<a a0=\"1\" a1=\"1\" a2=\"1\" a3=\"1\" a4=\"1\" a5=\"1\" a6=\"1\" a7=\"1\" a8=\"1\" a9=\"1\" a10=\"1\" a11=\"1\" a12=\"1\" a13=\"1\" a14=\"1\" a15=\"1\" a0=\"2\"/>", .duplicateAttribute, 1, 122),
    MalformedCase("less-than in attribute value", "<a x=\"a<b\"/>", .lessThanInAttributeValue, 1, 8),
    MalformedCase("unquoted attribute value", "<a x=1/>", .malformedTag, 1, 6),
    MalformedCase("attribute without =", "<a x \"1\"/>", .malformedTag, 1, 6),
    MalformedCase("no space between attributes", "<a x=\"1\"y=\"2\"/>", .malformedTag, 1, 9),
    MalformedCase("attribute name starting with digit", "<a 1x=\"1\"/>", .invalidName, 1, 4),
    // Document structure.
    MalformedCase("two root elements", "<a/><b/>", .multipleRootElements, 1, 5),
    MalformedCase("text after root", "<a/>\nhello", .contentOutsideRoot, 2, 1),
    MalformedCase("text before root", "hello<a/>", .contentOutsideRoot, 1, 1),
    MalformedCase("reference outside root", "<a/>&amp;", .contentOutsideRoot, 1, 5),
    MalformedCase("CDATA outside root", "<![CDATA[x]]><a/>", .contentOutsideRoot, 1, 1),
    MalformedCase("empty document", "", .missingRootElement, 1, 1),
    MalformedCase("only a comment", "<!-- c -->\n", .missingRootElement, 2, 1),
    MalformedCase("invalid element name", "<a><1b/></a>", .invalidName, 1, 5),
    MalformedCase("space after <", "< a/>", .invalidName, 1, 2),
    MalformedCase("bad markup after <!", "<a><!foo></a>", .malformedMarkup, 1, 4),
    MalformedCase("]]> in text", "<a>x]]>y</a>", .cdataEndInText, 1, 5),
    MalformedCase("double dash in comment", "<a><!-- a -- b --></a>", .malformedComment, 1, 11),
    MalformedCase("comment ending in --->", "<a><!-- a ---></a>", .malformedComment, 1, 11),
    MalformedCase("processing instruction without target", "<a><? x?></a>", .malformedProcessingInstruction, 1, 6),
    MalformedCase("processing instruction target glued to data", "<a><?pi\"x\"?></a>", .malformedProcessingInstruction, 1, 8),
    // XML declaration and DOCTYPE.
    MalformedCase("XML declaration not at start", "\n<?xml version=\"1.0\"?><a/>", .misplacedXMLDeclaration, 2, 1),
    MalformedCase("XML declaration without version", "<?xml encoding=\"UTF-8\"?><a/>", .malformedXMLDeclaration, 1, 7),
    MalformedCase("XML declaration with version 2.0", "<?xml version=\"2.0\"?><a/>", .malformedXMLDeclaration, 1, 16),
    MalformedCase("XML declaration unterminated", "<?xml version=\"1.0\"", .unexpectedEndOfInput, 1, 20),
    MalformedCase("XML declaration with unknown pseudo-attribute", "<?xml version=\"1.0\" foo=\"bar\"?><a/>", .malformedXMLDeclaration, 1, 21),
    MalformedCase("unsupported encoding", "<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?><a/>", .unsupportedEncoding, 1, 31),
    MalformedCase("DOCTYPE internal subset", "<!DOCTYPE a [<!ENTITY x \"y\">]><a>&x;</a>", .unsupportedDoctype, 1, 13),
    MalformedCase("DOCTYPE after root", "<a/><!DOCTYPE a>", .malformedDoctype, 1, 5),
    MalformedCase("two DOCTYPEs", "<!DOCTYPE a>\n<!DOCTYPE a><a/>", .malformedDoctype, 2, 1),
    // Encoding and characters.
    MalformedCase("invalid UTF-8 byte", bytes: b("<a>") + [0xFF] + b("</a>"), .invalidUTF8, 1, 4),
    MalformedCase("truncated UTF-8 sequence", bytes: b("<a>") + [0xE2, 0x82], .invalidUTF8, 1, 4),
    MalformedCase("overlong UTF-8", bytes: b("<a>") + [0xC0, 0xAF] + b("</a>"), .invalidUTF8, 1, 4),
    MalformedCase("UTF-8 encoded surrogate", bytes: b("<a>") + [0xED, 0xA0, 0x80] + b("</a>"), .invalidUTF8, 1, 4),
    MalformedCase("invalid UTF-8 after multibyte text", bytes: b("<a>\nééé") + [0x80] + b("</a>"), .invalidUTF8, 2, 4),
    MalformedCase("control character", "<a>\u{01}</a>", .invalidCharacter, 1, 4),
    MalformedCase("U+FFFF character", "<a>\u{FFFF}</a>", .invalidCharacter, 1, 4),
    MalformedCase("UTF-16 byte-order mark", bytes: [0xFF, 0xFE, 0x3C, 0x00, 0x61, 0x00], .unsupportedEncoding, 1, 1),
    // Positions: columns count characters, lines break at LF, CRLF and CR.
    MalformedCase("column counts characters not bytes", "<a>ééé &bad;</a>", .undefinedEntity, 1, 8),
    MalformedCase("CRLF line counting", "<a>\r\n<b>\r\n</a>", .mismatchedEndTag, 3, 1),
    MalformedCase("lone CR line counting", "<a>\r<b>\r</a>", .mismatchedEndTag, 3, 1),
    // Merge conflicts.
    MalformedCase("merge conflict marker in content", "<a>\n<<<<<<< HEAD\n<b/>\n=======\n<c/>\n>>>>>>> x\n</a>", .mergeConflictMarker, 2, 1),
    MalformedCase("merge conflict marker before root", "<<<<<<< HEAD\n<a/>", .mergeConflictMarker, 1, 1),
    MalformedCase("merge conflict marker inside a start tag", "<a>\n<view\n<<<<<<< HEAD\n  id=\"1\"\n=======\n  id=\"2\"\n>>>>>>> x\n/></a>", .mergeConflictMarker, 3, 1),
    MalformedCase("merge conflict separator inside a start tag", "<a\n=======\n/>", .mergeConflictMarker, 2, 1),
    MalformedCase("merge conflict separator after root", "<a/>\n=======\n<a/>", .mergeConflictMarker, 2, 1),
    // Limits.
    MalformedCase("depth limit", "<a><b><c><d/></c></b></a>", .depthLimitExceeded, 1, 10, options: XMLParseOptions(maxDepth: 3)),
    MalformedCase("attribute count limit", "<a x=\"1\" y=\"2\" z=\"3\"/>", .attributeLimitExceeded, 1, 16, options: XMLParseOptions(maxAttributesPerElement: 2)),
    MalformedCase("node limit", "<a><b/><c/><d/></a>", .nodeLimitExceeded, 1, 12, options: XMLParseOptions(maxNodes: 3)),
    MalformedCase("input size limit", "<a></a>", .inputTooLarge, 1, 1, options: XMLParseOptions(maxInputSize: 4)),
]

@Suite("Malformed XML")
struct MalformedXMLTests {
    @Test("is rejected with the right kind and position", arguments: malformedCases)
    func rejects(_ c: MalformedCase) {
        do {
            let tree = try XMLTree(bytes: c.bytes, file: "t.xml", options: c.options)
            Issue.record("parsed, but expected \(c.kind); root <\(tree.root.name)>")
        } catch {
            #expect(error.kind == c.kind, "\(error)")
            #expect(error.line == c.line && error.column == c.column,
                    "expected \(c.line):\(c.column), got \(error.line):\(error.column): \(error)")
            #expect(error.file == "t.xml")
            #expect(String(describing: error).hasPrefix("t.xml:\(error.line):\(error.column): error: "))
        }
    }

    @Test func deepNestingHitsTheDefaultLimitWithoutCrashing() {
        let depth = 100_000
        let text = String(repeating: "<a>", count: depth) + String(repeating: "</a>", count: depth)
        #expect(throws: XMLError.self) { try XMLTree(string: text, file: "deep.xml") }
        do {
            _ = try XMLTree(string: text, file: "deep.xml")
        } catch {
            #expect(error.kind == .depthLimitExceeded)
            #expect(error.offset == 3 * 512)
        }
    }

    @Test func everyTruncationOfAValidDocumentFailsCleanly() throws {
        let text = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!-- c --><document a="x &amp; y" b='&#x41;'>
          <child id="1"><![CDATA[raw <text>]]>t&lt;ext</child><?pi data?>
          <é/>
        </document>
        """
        let bytes = Array(text.utf8)
        _ = try XMLTree(bytes: bytes, file: "full.xml")
        for length in 0..<bytes.count {
            // Cutting inside the trailing end tag or before it must fail; only the full text parses.
            #expect(throws: XMLError.self, "prefix of length \(length)") {
                try XMLTree(bytes: Array(bytes[..<length]), file: "cut.xml")
            }
        }
    }

    @Test func errorOffsetsAndMessages() {
        do {
            _ = try XMLTree(string: "<a>\n  <b></c>\n</a>", file: "m.xml")
            Issue.record("expected an error")
        } catch {
            #expect(error.offset == 9)
            #expect(error.description == "m.xml:2:6: error: end tag </c> does not match start tag <b> at 2:3")
            #expect(error.diagnostic.severity == .error)
        }
    }
}
