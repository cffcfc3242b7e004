import Testing
import NibArchive

/// The storyboard compiler's nested prototype archives renumber their graph in place
/// (`NibGraphLayout.renumberDepthFirst(_: inout NibGraph)`); it must number, drop and rewrite exactly as the
/// writer's copying `NibGraphLayout.renumberDepthFirst(_:)`.
@Suite struct InPlaceRenumberingTests {
    /// Root 0 → 3 (plain), 3 → 1 (plain), 3 ⇢ 2 (conditional, 2 unreachable otherwise), 1 ⇢ 3 (conditional,
    /// reached), 4 unreachable and referring to 1; 5 reached from 1 after a data value.
    static func graph() -> NibGraph {
        NibGraph(objects: [
            NibObject(className: "Root", entries: [NibEntry(key: "a", value: .int(1)), NibEntry(key: "b", value: .object(3))]),
            NibObject(className: "One", entries: [NibEntry(key: "back", value: .conditionalObject(3)), NibEntry(key: "d", value: .data([1, 2])),
                                                  NibEntry(key: "e", value: .object(5))]),
            NibObject(className: "Two", entries: [NibEntry(key: "x", value: .bool(true))]),
            NibObject(className: "Three", entries: [NibEntry(key: "c", value: .conditionalObject(2)), NibEntry(key: "o", value: .object(1))]),
            NibObject(className: "Four", entries: [NibEntry(key: "f", value: .object(1))]),
            NibObject(className: "Five"),
        ])
    }

    @Test func inPlaceRenumberingEqualsTheWriters() {
        var moved = Self.graph()
        NibGraphLayout.renumberDepthFirst(&moved)
        let expected = NibGraphLayout.renumberDepthFirst(Self.graph())
        #expect(moved == expected)
        // Root, Three, One, Five: Two and Four are dropped, the conditional reference to Two is nil.
        #expect(moved.objects.map(\.className) == ["Root", "Three", "One", "Five"])
        #expect(moved.objects[1].entries[0].value == .null)
    }
}
