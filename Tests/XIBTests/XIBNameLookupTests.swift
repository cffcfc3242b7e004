import Testing
@testable import XIB

/// Attribute and element names are looked up through the tracker's cache of interned ids, keyed by the
/// name string's representation: literals and names built at run time must read the same attributes.
@Suite struct XIBNameLookupTests {
    static let text = """
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0">
          <objects>
            <view id="v" someRatherLongAttributeNameOne="1" someRatherLongAttributeNameTwo="2" x="-12.5" y="1e3" w="0.30000000000000004" flag="YES">
              <rect key="frame" x="1" y="2"/>
              <rect key="bounds" x="3" y="4"/>
            </view>
          </objects>
        </document>
        """

    @Test func runtimeNamesAreNotConfusedWithEachOther() throws {
        let tracker = XIBReadTracker(document: try XIBDocument(bytes: Array(Self.text.utf8), file: "T.xib"))
        let view = try #require(tracker.node(withID: "v"))
        // Heap strings longer than a small string, freed and reallocated (often at the same address) with
        // other contents: a cache keyed by their representation would answer with a stale id.
        for i in 0..<200 {
            let suffix = i % 3 == 0 ? "One" : i % 3 == 1 ? "Two" : "Three"
            let name = String("someRatherLongAttributeName".reversed().reversed()) + suffix
            #expect(view.peek(name) == (i % 3 == 0 ? "1" : i % 3 == 1 ? "2" : nil), "\(name)")
        }
        #expect(view.peek("someRatherLongAttributeNameOne") == "1")
        #expect(view.peek("absentAttribute") == nil)
        #expect(view.isNamed("view") && !view.isNamed("rect") && !view.isNamed("absentElement"))
    }

    @Test func valuesAreComparedAndParsedInPlace() throws {
        let tracker = XIBReadTracker(document: try XIBDocument(bytes: Array(Self.text.utf8), file: "T.xib"))
        let view = try #require(tracker.node(withID: "v"))
        #expect(view.peek("flag", is: "YES") && !view.peek("flag", is: "YE") && !view.peek("absent", is: "YES"))
        #expect(view.bool("flag") == true)
        // Plain decimals read from the bytes, other forms through Double(String): the same values.
        #expect(view.peekDouble("x") == -12.5)
        #expect(view.peekDouble("y") == 1000)
        #expect(view.peekDouble("w") == Double("0.30000000000000004"))
        #expect(view.double("someRatherLongAttributeNameTwo") == 2)
        #expect(view.peekDouble("id") == nil)
        // child(_:key:) and keyed(_:) match the key's bytes and mark the child.
        let bounds = try #require(view.child("rect", key: "bounds"))
        #expect(bounds.peekDouble("x") == 3 && bounds.visited)
        #expect(view.keyed("frame")?.peekDouble("y") == 2)
        #expect(view.child("rect", key: "absent") == nil && view.child("absent") == nil)
        #expect(view.unusedAttributes(ignoring: tracker.nameSet(["id", "x", "notInTheDocument"]))
                == ["someRatherLongAttributeNameOne", "y", "w"])
    }

    @Test func presenceIsCheckedWithoutMarking() throws {
        let tracker = XIBReadTracker(document: try XIBDocument(bytes: Array(Self.text.utf8), file: "T.xib"))
        let view = try #require(tracker.node(withID: "v"))
        #expect(view.has("flag") && view.has("someRatherLongAttributeNameOne") && !view.has("absent"))
        #expect(view.unusedAttributes(ignoring: tracker.nameSet(["id"])).contains("flag"))
    }
}
