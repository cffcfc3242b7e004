import Foundation
import KeyedArchive
import NibArchive
import PropertyList
import Testing

/// `KeyedArchiveWriter.objectOrder`: NSKeyedArchiver's depth-first numbering, or the graph's own.
@Suite struct KeyedWriterOrderTests {
    /// Root → array (3) → button (4) → title string (1); view 2 is referenced by nothing. Depth-first order
    /// would be 3, 4, 1.
    static func graph() -> NibGraph {
        var graph = NibGraph()
        graph.add(NibObject(className: "NSObject", entries: [NibEntry(key: "UINibTopLevelObjectsKey", value: .object(3))]))
        graph.add(NibObject(className: "NSString", entries: [NibEntry(key: "NS.bytes", value: .data(Array("title".utf8)))]))
        graph.add(NibObject(className: "UIView", entries: [NibEntry(key: "UITag", value: .int(2))]))
        graph.add(NibObject(className: "NSArray", entries: [NibEntry(key: "NSInlinedValue", value: .bool(true)),
                                                            NibEntry(key: "UINibEncoderEmptyKey", value: .object(4))]))
        graph.add(NibObject(className: "UIButton", entries: [NibEntry(key: "UITitle", value: .object(1)),
                                                             NibEntry(key: "UITag", value: .int(7))]))
        return graph
    }

    @Test func asGivenKeepsTheGraphsNumbering() throws {
        let graph = Self.graph()
        let bytes = KeyedArchiveWriter(objectOrder: .asGiven).write(graph)
        let keyed = try KeyedArchive(bytes: bytes)
        #expect(NibGraph(keyed) == graph)
        // $null, the four objects at their graph numbers, then the class descriptions in first-use order.
        #expect(keyed.roles == [.null, .value, .object(class: 5), .object(class: 6), .object(class: 7),
                                .classDescription, .classDescription, .classDescription])
        #expect((5...7).map(keyed.className(ofDescription:)) == ["UIView", "NSArray", "UIButton"])
        // Foundation reads it as an NSKeyedArchiver archive with the same numbering.
        let plist = try PropertyListSerialization.propertyList(from: Data(bytes), options: [], format: nil) as! [String: Any]
        #expect(plist["$archiver"] as? String == "NSKeyedArchiver")
        let objects = plist["$objects"] as! [Any]
        #expect(objects.count == 8 && objects[0] as? String == "$null" && objects[1] as? String == "title")
        let button = objects[4] as! [String: Any]
        #expect(KeyedCorpusTests.uid(button["UITitle"]!) == 1)
        #expect((objects[KeyedCorpusTests.uid(button["$class"]!)] as! [String: Any])["$classname"] as? String == "UIButton")
        let top = plist["$top"] as! [String: Any]
        #expect(KeyedCorpusTests.uid(top["UINibTopLevelObjectsKey"]!) == 3)
    }

    @Test func archiverOrderRenumbersDepthFirstAndDropsUnreferencedObjects() throws {
        let back = NibGraph(try KeyedArchive(bytes: KeyedArchiveWriter().write(Self.graph())))
        #expect(back.objects.map(\.className) == ["NSObject", "NSArray", "UIButton", "NSString"])
        #expect(back.objects[2].entries[0] == NibEntry(key: "UITitle", value: .object(3)))
    }
}
