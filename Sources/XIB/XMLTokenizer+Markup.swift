/// Markup other than elements and character data: comments, CDATA sections, DOCTYPE,
/// processing instructions and the XML declaration.
extension XMLTokenizer {
    /// `<!--`, `<![CDATA[` or `<!DOCTYPE`.
    mutating func readBangMarkup() throws(TokenizerFailure) {
        let start = pos
        if startsWith("<!--") {
            pos += 4
            while pos < end {
                if p[pos] == Self.dash && pos + 1 < end && p[pos + 1] == Self.dash {
                    guard pos + 2 < end else { break }
                    guard p[pos + 2] == Self.gt else {
                        throw TokenizerFailure(.malformedComment, at: pos, "'--' is not allowed inside a comment")
                    }
                    pos += 3
                    return
                }
                pos += 1
            }
            throw TokenizerFailure(.unterminatedComment, at: start, "comment is not terminated by '-->'")
        }
        if startsWith("<![CDATA[") {
            guard !stack.isEmpty else {
                throw TokenizerFailure(.contentOutsideRoot, at: start, "CDATA section outside the root element")
            }
            pos += 9
            while pos + 2 < end {
                if p[pos] == Self.bracket && p[pos + 1] == Self.bracket && p[pos + 2] == Self.gt {
                    pos += 3
                    return
                }
                pos += 1
            }
            throw TokenizerFailure(.unterminatedCDATA, at: start, "CDATA section is not terminated by ']]>'")
        }
        if startsWith("<!DOCTYPE") {
            try readDoctype()
            return
        }
        if end - pos < 9, startsWithPrefix(of: ["<!--", "<![CDATA[", "<!DOCTYPE"]) {
            throw eof("in markup")
        }
        throw TokenizerFailure(.malformedMarkup, at: start, "expected a comment, CDATA section or DOCTYPE after '<!'")
    }

    /// `<!DOCTYPE name (SYSTEM "x" | PUBLIC "x" "y")? >`; an internal subset is rejected so that
    /// entity declarations are never processed, and external identifiers are never fetched.
    mutating func readDoctype() throws(TokenizerFailure) {
        let start = pos
        guard !rootSeen, !doctypeSeen else {
            throw TokenizerFailure(.malformedDoctype, at: start, "DOCTYPE must come once, before the root element")
        }
        doctypeSeen = true
        pos += 9
        guard skipWhitespace() else { throw TokenizerFailure(.malformedDoctype, at: pos, "expected white space after '<!DOCTYPE'") }
        _ = try readName(what: "document type name")
        var hadSpace = skipWhitespace()
        var literalsExpected = 0
        if startsWith("SYSTEM") { literalsExpected = 1 } else if startsWith("PUBLIC") { literalsExpected = 2 }
        if literalsExpected > 0 {
            guard hadSpace else { throw TokenizerFailure(.malformedDoctype, at: pos, "expected white space in DOCTYPE") }
            pos += 6
            for _ in 0..<literalsExpected {
                guard skipWhitespace() else { throw TokenizerFailure(.malformedDoctype, at: pos, "expected white space in DOCTYPE") }
                guard pos < end else { throw eof("in DOCTYPE") }
                let quote = p[pos]
                guard quote == Self.quote || quote == Self.apostrophe else {
                    throw TokenizerFailure(.malformedDoctype, at: pos, "expected a quoted literal in DOCTYPE")
                }
                pos += 1
                while pos < end && p[pos] != quote { pos += 1 }
                guard pos < end else { throw eof("in DOCTYPE") }
                pos += 1
            }
            hadSpace = skipWhitespace()
        }
        _ = hadSpace
        guard pos < end else { throw eof("in DOCTYPE") }
        if p[pos] == UInt8(ascii: "[") {
            throw TokenizerFailure(.unsupportedDoctype, at: pos, "DOCTYPE internal subsets are not supported")
        }
        guard p[pos] == Self.gt else { throw TokenizerFailure(.malformedDoctype, at: pos, "expected '>' to end DOCTYPE") }
        pos += 1
    }

    mutating func readProcessingInstruction() throws(TokenizerFailure) {
        let start = pos
        pos += 2
        let targetOffset = pos
        guard pos < end else { throw eof("in a processing instruction") }
        guard p[pos] >= 0x80 || XMLCharacters.isASCIINameStart(p[pos]) else {
            throw TokenizerFailure(.malformedProcessingInstruction, at: pos, "expected a processing instruction target after '<?'")
        }
        let (length, _) = try readName(what: "processing instruction target")
        if length == 3, p[targetOffset] | 0x20 == UInt8(ascii: "x"), p[targetOffset + 1] | 0x20 == UInt8(ascii: "m"),
           p[targetOffset + 2] | 0x20 == UInt8(ascii: "l") {
            throw TokenizerFailure(.misplacedXMLDeclaration, at: start,
                                   "the XML declaration '<?xml ...?>' is only allowed at the very start of the document")
        }
        if !skipWhitespace() {
            guard pos + 1 < end else { throw TokenizerFailure(.unterminatedProcessingInstruction, at: start, "processing instruction is not terminated by '?>'") }
            guard p[pos] == Self.question && p[pos + 1] == Self.gt else {
                throw TokenizerFailure(.malformedProcessingInstruction, at: pos, "expected white space or '?>' after the processing instruction target")
            }
        }
        while pos + 1 < end {
            if p[pos] == Self.question && p[pos + 1] == Self.gt {
                pos += 2
                return
            }
            pos += 1
        }
        throw TokenizerFailure(.unterminatedProcessingInstruction, at: start, "processing instruction is not terminated by '?>'")
    }

    /// `<?xml version="1.x" (encoding="UTF-8")? (standalone="yes|no")? ?>` at offset 0 (after a BOM).
    mutating func readXMLDeclaration() throws(TokenizerFailure) {
        let start = pos
        pos += 5
        func bad(_ message: String, at offset: Int) -> TokenizerFailure {
            TokenizerFailure(.malformedXMLDeclaration, at: offset, message)
        }
        var seen = 0 // 1 version, 2 encoding, 3 standalone
        while true {
            let hadSpace = skipWhitespace()
            guard pos < end else { throw eof("in the XML declaration") }
            if p[pos] == Self.question {
                guard pos + 1 < end else { throw eof("in the XML declaration") }
                guard p[pos + 1] == Self.gt else { throw bad("expected '?>' to end the XML declaration", at: pos) }
                guard seen >= 1 else { throw bad("the XML declaration must have a version", at: start) }
                pos += 2
                return
            }
            guard hadSpace else { throw bad("expected white space in the XML declaration", at: pos) }
            let nameOffset = pos
            let (nameLength, _) = try readName(what: "pseudo-attribute name")
            let name = string(nameOffset, nameLength)
            _ = skipWhitespace()
            guard pos < end else { throw eof("in the XML declaration") }
            guard p[pos] == Self.equal else { throw bad("expected '=' after '\(name)'", at: pos) }
            pos += 1
            _ = skipWhitespace()
            guard pos < end else { throw eof("in the XML declaration") }
            let quote = p[pos]
            guard quote == Self.quote || quote == Self.apostrophe else { throw bad("expected a quoted value", at: pos) }
            let valueOffset = pos + 1
            pos += 1
            while pos < end && p[pos] != quote && p[pos] != Self.lt && p[pos] != Self.gt { pos += 1 }
            guard pos < end else { throw eof("in the XML declaration") }
            guard p[pos] == quote else { throw bad("unterminated value in the XML declaration", at: pos) }
            let value = string(valueOffset, pos - valueOffset)
            pos += 1
            switch name {
            case "version" where seen == 0:
                guard value.hasPrefix("1."), value.count > 2, value.dropFirst(2).allSatisfy({ $0.isASCII && $0.isNumber }) else {
                    throw bad("unsupported XML version '\(value)'", at: valueOffset)
                }
                seen = 1
            case "encoding" where seen == 1:
                guard let first = value.unicodeScalars.first, first.properties.isAlphabetic, first.isASCII,
                      value.unicodeScalars.allSatisfy({ $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "._-".unicodeScalars.contains($0)) }) else {
                    throw bad("malformed encoding name '\(value)'", at: valueOffset)
                }
                guard value.lowercased() == "utf-8" || value.lowercased() == "us-ascii" else {
                    throw TokenizerFailure(.unsupportedEncoding, at: valueOffset, "unsupported encoding '\(value)'; only UTF-8 is supported")
                }
                seen = 2
            case "standalone" where seen >= 1 && seen <= 2:
                guard value == "yes" || value == "no" else { throw bad("standalone must be 'yes' or 'no'", at: valueOffset) }
                seen = 3
            default:
                throw bad(seen == 0 ? "the XML declaration must start with version" : "unexpected '\(name)' in the XML declaration", at: nameOffset)
            }
        }
    }
}
