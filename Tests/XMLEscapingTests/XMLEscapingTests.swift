import Testing
import XMLEscaping

@Suite struct XMLEscapingTests {
    @Test func characterDataEscapesMarkupAndKeepsQuotesAndLineBreaks() {
        #expect(XMLEscaping.escaped("a & b < c > d \"e\" 'f'\n\tg", for: .characterData)
                == "a &amp; b &lt; c &gt; d \"e\" 'f'\n\tg")
    }

    @Test func attributeValuesEscapeTheirOwnQuoteAndWhitespaceThatNormalisationWouldLose() {
        let text = "say \"hi\" it's\n\tok"
        #expect(XMLEscaping.escaped(text, for: .attributeValue(quote: .double)) == "say &quot;hi&quot; it's&#10;&#9;ok")
        #expect(XMLEscaping.escaped(text, for: .attributeValue(quote: .single)) == "say \"hi\" it&apos;s&#10;&#9;ok")
    }

    @Test func carriageReturnsAreReferencesUnlessKeptLiterally() {
        #expect(XMLEscaping.escaped("a\r\nb", for: .characterData) == "a&#13;\nb")
        #expect(XMLEscaping.escaped("a\r\nb", for: .characterData, carriageReturn: .literal) == "a\r\nb")
        #expect(XMLEscaping.escaped("a\rb", for: .attributeValue(quote: .double)) == "a&#13;b")
    }

    @Test func nonASCIITextPassesThroughByteForByte() {
        let text = "Grüße ⌘ 日本語 🙂"
        #expect(XMLEscaping.escaped(text, for: .characterData) == text)
        var bytes: [UInt8] = []
        XMLEscaping.append(Array("x<🙂".utf8), for: .attributeValue(quote: .double), to: &bytes)
        #expect(bytes == Array("x&lt;🙂".utf8))
    }

    /// Escaped text read back by the rules of XML (references expanded) is the original text, for every
    /// position: nothing is lost or changed.
    @Test(arguments: [XMLEscaping.Position.characterData, .attributeValue(quote: .double), .attributeValue(quote: .single)])
    func escapedTextReadsBackAsTheOriginal(position: XMLEscaping.Position) {
        let samples = ["", "plain", "&amp; already", "<tag attr=\"v\">", "it's", "tab\tand\nnewline\r", "&#13;"]
        for text in samples {
            let escaped = XMLEscaping.escaped(text, for: position)
            #expect(!escaped.contains("<"))
            if case .attributeValue(.double) = position { #expect(!escaped.contains("\"")) }
            if case .attributeValue(.single) = position { #expect(!escaped.contains("'")) }
            #expect(Self.expandingReferences(escaped) == text)
        }
    }

    /// The five predefined entities and decimal character references expanded.
    static func expandingReferences(_ text: String) -> String {
        var out = ""
        var rest = Substring(text)
        while let amp = rest.firstIndex(of: "&") {
            out += rest[..<amp]
            guard let semi = rest[amp...].firstIndex(of: ";") else { out += rest[amp...]; return out }
            let name = rest[rest.index(after: amp)..<semi]
            switch name {
            case "amp": out += "&"
            case "lt": out += "<"
            case "gt": out += ">"
            case "quot": out += "\""
            case "apos": out += "'"
            default:
                if name.hasPrefix("#"), let v = UInt32(name.dropFirst()), let s = Unicode.Scalar(v) { out.unicodeScalars.append(s) }
                else { out += rest[amp...semi] }
            }
            rest = rest[rest.index(after: semi)...]
        }
        return out + rest
    }
}
