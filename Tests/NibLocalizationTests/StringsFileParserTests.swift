import Foundation
import NibLocalization
import StringsFile
import PropertyList
import Testing

/// The `.strings` reader: encodings, grammar, escapes, binary lists, located errors.
@Suite struct StringsFileParserTests {
    static let sample = """
    // leading comment
    /* Class = "UILabel"; text = "Hi"; ObjectID = "a-b-c"; */
    "a-b-c.text" = "Hello \\"you\\"\\n\\tTab \\\\ \\U00e9\\101";
    unquoted = value.with-dots;
    "shorthand";
    'single' = 'quoted';
    "emoji" = "\\UD83D\\UDE00";
    """

    @Test func parsesGrammarAndEscapes() throws {
        let table = try StringsFileParser.parse(Array(Self.sample.utf8), file: "s.strings")
        #expect(table.entries.map(\.key) == ["a-b-c.text", "unquoted", "shorthand", "single", "emoji"])
        #expect(table["a-b-c.text"] == "Hello \"you\"\n\tTab \\ éA")
        #expect(table["unquoted"] == "value.with-dots")
        #expect(table["shorthand"] == "shorthand")
        #expect(table["single"] == "quoted")
        #expect(table["emoji"] == "😀")
        #expect(table.entries[0].comment == #"Class = "UILabel"; text = "Hi"; ObjectID = "a-b-c";"#)
        #expect(table.entries[1].comment == nil)
        #expect(table.entries[0].location?.description == "s.strings:3:1")
    }

    @Test func everyEncodingReadsTheSameTable() throws {
        let utf8 = try StringsFileParser.parse(Array(Self.sample.utf8), file: "x")
        for encoding in StringsFileEncoding.allCases {
            let bytes = encoding.encode(Self.sample)
            #expect(StringsFileParser.encoding(of: bytes) == encoding)
            #expect(try StringsFileParser.parse(bytes, file: "x") == utf8)
        }
        #expect(try StringsFileParser.parse([0xEF, 0xBB, 0xBF] + Array(Self.sample.utf8), file: "x") == utf8)
    }

    @Test func braceWrappedAndDuplicateKeys() throws {
        let table = try StringsFileParser.parse(Array("{ a = 1; \"a\" = \"2\"; b = c; }".utf8), file: "x")
        #expect(table["a"] == "2")
        #expect(table.duplicateKeys == ["a"])
        #expect(table.keys == ["a", "b"])
    }

    /// The writer's output reads back as the same table, comments included.
    @Test func writerRoundTrips() throws {
        let table = StringsTable(entries: [.init(key: "k\"1", value: "v\n\t\\\"\r", comment: "c"), .init(key: "ü", value: "漢字")])
        for encoding in StringsFileEncoding.allCases {
            let read = try StringsFileParser.parse(StringsFileWriter.bytes(table, encoding: encoding), file: "x")
            #expect(read.entries.map { StringsTable.Entry(key: $0.key, value: $0.value, comment: $0.comment) } == table.entries)
        }
    }

    @Test func binaryPropertyListTables() throws {
        let plist = PropertyListValue.dictionary([PropertyListEntry("a.text", .string("Hallo")), PropertyListEntry("b.title", .string("Welt"))])
        let bytes = BinaryPropertyListWriter().write(plist)
        let table = try StringsFileParser.parse(bytes, file: "x")
        #expect(table.entries.map(\.key) == ["a.text", "b.title"])
        #expect(table["b.title"] == "Welt")
        let notStrings = BinaryPropertyListWriter().write(.dictionary([PropertyListEntry("a", .integer(1))]))
        #expect(throws: StringsFileError.self) { try StringsFileParser.parse(notStrings, file: "x") }
    }

    /// Malformed input is an error at its line and column.
    @Test(arguments: [
        ("\"a\" = \"b\"\n\"c\" = \"d\";", "x.strings:2:1: error: missing ';' after the value (found '\"')"),
        ("\"a\" = \"b;\n", "x.strings:1:7: error: unterminated string (opened here)"),
        ("/* open\n\"a\" = \"b\";", "x.strings:1:1: error: unterminated comment (opened here)"),
        ("\"a\" \"b\";", "x.strings:1:5: error: expected '=' or ';' after the key, found '\"'"),
        ("\"a\" = ;", "x.strings:1:7: error: expected a value, found ';'"),
        ("  = \"b\";", "x.strings:1:3: error: expected a key, found '='"),
        ("\"a\" = \"\\UD800\";", "x.strings:1:9: error: \\UD800 is not a Unicode scalar (an unpaired surrogate)"),
        ("{ \"a\" = \"b\";", "x.strings:1:13: error: missing '}' at the end of the file"),
        ("\"a\" = \"b\"", "x.strings:1:10: error: missing ';' at the end of the file"),
    ])
    func locatedErrors(input: String, message: String) {
        #expect(throws: StringsFileError.self) { try StringsFileParser.parse(Array(input.utf8), file: "x.strings") }
        do { _ = try StringsFileParser.parse(Array(input.utf8), file: "x.strings") } catch { #expect(error.description == message) }
    }

    @Test func invalidEncodingsAreLocated() {
        do { _ = try StringsFileParser.parse(Array("\"a\" = \"b\";\n\"c\" = \"".utf8) + [0xFF, 0x22, 0x3B], file: "x"); Issue.record("accepted") }
        catch { #expect(error.description == "x:2:8: error: invalid utf-8 text (a malformed UTF-8 sequence)") }
        do { _ = try StringsFileParser.parse([0xFF, 0xFE, 0x22, 0x00, 0x00], file: "x"); Issue.record("accepted") }
        catch { #expect(error.description == "x:1:1: error: invalid utf-16le text (an odd number of bytes)") }
        do { _ = try StringsFileParser.parse([0xFF, 0xFE, 0x22, 0x00, 0x00, 0xDC], file: "x"); Issue.record("accepted") }
        catch { #expect(error.description == "x:1:2: error: invalid utf-16le text (an unpaired surrogate)") }
    }

    /// CoreFoundation's old-style parser (Foundation's `PropertyListSerialization`) reads the same key/value
    /// pairs from Apple's files and from the writer's.
    @Test func agreesWithCoreFoundation() throws {
        var files = try LocalizationFixtures.iqKeyboardManagerPairs().map { try LocalizationFixtures.bytes($0.strings) }
        files.append(Array(Self.sample.utf8))
        files.append(StringsFileWriter.bytes(StringsTable(entries: [.init(key: "k", value: "a\"b\\c\nd\te", comment: "x")])))
        for bytes in files {
            let ours = try StringsFileParser.parse(bytes, file: "x")
            let theirs = try #require(PropertyListSerialization.propertyList(from: Data(bytes), format: nil) as? [String: String])
            var mine: [String: String] = [:]
            for key in ours.keys { mine[key] = ours[key] }
            #expect(mine == theirs)
        }
    }
}
