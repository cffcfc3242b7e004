import NibArchive
import NibInspect
import Testing

/// Data values that hold a NIBArchive (prototype cells' `UINib.archiveData`) are compared as graphs.
@Suite struct NestedArchiveDiffTests {
    /// A cell nib: root → top-level array → cell with a tag and a title; `swapKeys` writes the cell's two
    /// values in the other order, `renumber` numbers the objects the other way: other bytes, same graph.
    static func cell(title: String = "Title", tag: Int64 = 7, swapKeys: Bool = false, renumber: Bool = false) -> [UInt8] {
        var g = NibGraph()
        g.add(NibObject(className: "NSObject", entries: [NibEntry(key: "UINibTopLevelObjectsKey", value: .object(renumber ? 3 : 1))]))
        let text = NibEntry(key: "UIText", value: .object(renumber ? 1 : 3))
        let tagEntry = NibEntry(key: "UITag", value: .int(tag))
        let array = NibObject(className: "NSArray", entries: [NibEntry(key: "NSInlinedValue", value: .bool(true)),
                                                             NibEntry(key: "UINibEncoderEmptyKey", value: .object(2))])
        let string = NibObject(className: "NSString", entries: [NibEntry(key: "NS.bytes", value: .data(Array(title.utf8)))])
        g.add(renumber ? string : array)
        g.add(NibObject(className: "UITableViewCell", entries: swapKeys ? [text, tagEntry] : [tagEntry, text]))
        g.add(renumber ? array : string)
        var options = NibArchiveWriter.Options.preserveLayout
        options.useLayoutHint = false
        return NibArchiveWriter(options: options).write(g)
    }

    /// A view nib whose table view holds `archive` as a prototype: `UINib.archiveData` → NSData.
    static func table(_ archive: [UInt8]) -> NibGraph {
        var g = NibGraph()
        g.add(NibObject(className: "NSObject", entries: [NibEntry(key: "UINibTopLevelObjectsKey", value: .object(1))]))
        g.add(NibObject(className: "NSArray", entries: [NibEntry(key: "NSInlinedValue", value: .bool(true)),
                                                         NibEntry(key: "UINibEncoderEmptyKey", value: .object(2))]))
        g.add(NibObject(className: "UITableView", entries: [NibEntry(key: "UITableViewCellPrototypeNibs", value: .object(3))]))
        g.add(NibObject(className: "NSMutableDictionary", entries: [NibEntry(key: "UINibEncoderEmptyKey", value: .object(4)),
                                                                    NibEntry(key: "UINibEncoderEmptyKey", value: .object(5))]))
        g.add(NibObject(className: "NSString", entries: [NibEntry(key: "NS.bytes", value: .data(Array("Cell".utf8)))]))
        g.add(NibObject(className: "UINib", entries: [NibEntry(key: "captureEnclosingNIBBundleOnDecode", value: .bool(true)),
                                                      NibEntry(key: "archiveData", value: .object(6))]))
        g.add(NibObject(className: "NSData", entries: [NibEntry(key: "NS.bytes", value: .data(archive))]))
        return g
    }

    @Test func nestedArchivesWithOtherTablesAreEquivalent() {
        #expect(Self.cell() != Self.cell(swapKeys: true, renumber: true), "the variants must differ in bytes")
        for loose in [false, true] {
            let r = NibDiff.compare(Self.table(Self.cell()), Self.table(Self.cell(swapKeys: true, renumber: true)), loose: loose)
            #expect(r.isEquivalent, "\(r.missing) \(r.extra)")
            // 2 leaves of the enclosing graph (array flag, UINib flag) + 3 of the cell nib (array flag, tag, title).
            #expect(r.referenceLeafCount == 5)
        }
    }

    @Test func aChangeInsideANestedArchiveIsOneLeafNamedBelowTheData() {
        let r = NibDiff.compare(Self.table(Self.cell()), Self.table(Self.cell(title: "Other", renumber: true)))
        #expect(r.missing.count == 1 && r.extra.count == 1)
        #expect(r.missing.first?.path == "/NSObject.UINibTopLevelObjectsKey/NSArray.[00000]/UITableView.UITableViewCellPrototypeNibs"
            + "/NSMutableDictionary.{Cell}/UINib.archiveData/NSData.NS.bytes"
            + "/NSObject.UINibTopLevelObjectsKey/NSArray.[00000]/UITableViewCell.UIText/NSString.NS.bytes")
        #expect(r.score == 0.8)  // 4 of 5 leaves
    }

    @Test func anUnreadableArchiveStaysAData() {
        let broken = Array("NIBArchive".utf8) + [1, 2, 3]
        let r = NibDiff.compare(Self.table(broken), Self.table(Self.cell()))
        #expect(r.missing.map(\.type) == ["data"])
        #expect(r.missing.first?.value == GraphLeavesHex.of(broken))
        #expect(!r.extra.isEmpty && r.extra.allSatisfy { $0.object.hasPrefix(r.missing[0].path) })
        #expect(NibDiff.compare(Self.table(broken), Self.table(broken)).isEquivalent)
    }

    @Test func nestingIsBoundedAndSharesTheTextBudget() {
        // Archives nested 12 deep: the walk stops expanding after a few levels, the rest stays bytes.
        var archive = Self.cell()
        for _ in 0..<12 { archive = NibArchiveWriter().write(Self.table(archive)) }
        let leaves = GraphLeaves.leaves(Self.table(archive))
        let deepest = leaves.map { $0.path.components(separatedBy: "/UINib.archiveData").count - 1 }.max() ?? 0
        #expect(deepest >= 2 && deepest <= 6)
        #expect(leaves.contains { $0.type == "data" && $0.value.hasPrefix(GraphLeavesHex.of(Array("NIBArchive".utf8))) })
        #expect(NibDiff.compare(Self.table(archive), Self.table(archive)).isEquivalent)
        // A small budget ends the walk with a truncated leaf instead of reading every level.
        let cut = GraphLeaves.leaves(Self.table(archive), pathBudget: 2_000)
        #expect(cut.last?.type == "truncated")
    }
}

/// Hex as `nibc diff` prints data leaves.
enum GraphLeavesHex {
    static func of(_ bytes: [UInt8]) -> String { bytes.map { String($0, radix: 16).count == 1 ? "0" + String($0, radix: 16) : String($0, radix: 16) }.joined() }
}
