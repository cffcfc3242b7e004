import Testing
@testable import XIB

/// Columns count Unicode scalars; `LineTable` computes them from a per-block table instead of scanning the
/// line. These tests compare it with a direct count at every scalar boundary of documents that mix ASCII
/// and 2-, 3- and 4-byte characters across many blocks, on long and short lines, with and without a BOM.
@Suite struct SourceLocationTests {
    static func document(bom: Bool, lineEvery: Int?) -> [UInt8] {
        let pieces = ["abc", "é", "日本", "𝄞", " ", "ü", "x=\"1\"", "\u{10FFFD}"]
        var text = ""
        var generator = SplitMix(seed: 42)
        for n in 0..<6000 {
            text += pieces[Int(generator.next() % UInt64(pieces.count))]
            if let every = lineEvery, n % every == every - 1 { text += n % 2 == 0 ? "\n" : "\r\n" }
        }
        let xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<root a=\"ä\">\(text)</root>\n"
        return (bom ? [0xEF, 0xBB, 0xBF] : []) + Array(xml.utf8)
    }

    @Test(arguments: [(false, nil), (true, nil), (false, 37), (true, 500)] as [(Bool, Int?)])
    func columnsMatchADirectCount(bom: Bool, lineEvery: Int?) throws {
        let bytes = Self.document(bom: bom, lineEvery: lineEvery)
        let tree = try XMLTree(bytes: bytes, file: "t.xml")
        // Walk the bytes once, keeping the reference line and column (the definition: a new line after
        // LF, CRLF or a lone CR; a column per scalar; the BOM is not a character).
        var line = 1, column = 1, checked = 0
        var i = bom ? 3 : 0
        while i <= bytes.count {
            if i % 7 == 0 || i < 600 || i > bytes.count - 600 {  // every boundary near the ends, a sample inside
                let got = tree.location(ofOffset: i)
                #expect(got.line == line && got.column == column,
                        "offset \(i): got \(got.line):\(got.column), expected \(line):\(column)")
                if got.line != line || got.column != column { return }
                checked += 1
            }
            guard i < bytes.count else { break }
            let b = bytes[i]
            if b == 0x0A || (b == 0x0D && (i + 1 >= bytes.count || bytes[i + 1] != 0x0A)) {
                line += 1; column = 1
            } else {
                column += 1
            }
            // Move to the next scalar boundary.
            i += 1
            while i < bytes.count, bytes[i] & 0xC0 == 0x80 { i += 1 }
        }
        #expect(checked > 1000)
    }

    @Test func asciiDocumentsNeedNoTable() throws {
        let tree = try XMLTree(string: "<a>\n  <b c=\"d\"/></a>", file: "t.xml")
        #expect(tree.storage.lines.continuationsBeforeBlock.isEmpty)
        let b = tree.root.children.first(where: { _ in true })!
        #expect(b.location.line == 2 && b.location.column == 3)
    }
}

/// A small deterministic generator for test data.
struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
