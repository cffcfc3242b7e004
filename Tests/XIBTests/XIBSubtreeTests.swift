import Testing
@testable import XIB

/// `XIBNode.forEachInSubtree(named:)` finds the same elements, in document order, as a recursive walk.
@Suite struct XIBSubtreeTests {
    static let text = """
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" targetRuntime="iOS.CocoaTouch">
          <objects>
            <view id="a"><subviews><view id="b"><constraints><constraint id="c1"/></constraints></view></subviews>
              <constraints><constraint id="c2"/><constraint id="c3"/></constraints></view>
            <view id="d"/>
          </objects>
        </document>
        """

    @Test func matchesARecursiveWalk() throws {
        let doc = try XIBDocument(bytes: Array(Self.text.utf8), file: "T.xib")
        let tracker = XIBReadTracker(document: doc)
        var recursive: [String] = []
        func walk(_ n: XIBNode, _ name: String) {
            if n.name == name { recursive.append(n.peek("id") ?? "") }
            for c in n.children { walk(c, name) }
        }
        for name in ["constraint", "view", "objects", "document", "absent"] {
            recursive = []
            walk(tracker.root, name)
            var flat: [String] = []
            tracker.root.forEachInSubtree(named: name) { flat.append($0.peek("id") ?? "") }
            #expect(flat == recursive, "\(name)")
            #expect(tracker.root.subtreeContains(named: name) == !recursive.isEmpty, "\(name)")
        }
        // A subtree only: the first view's constraints, not the document's.
        let first = try #require(tracker.node(withID: "b"))
        var ids: [String] = []
        first.forEachInSubtree(named: "constraint") { ids.append($0.peek("id") ?? "") }
        #expect(ids == ["c1"])
        #expect(!first.visited, "nothing is marked")
    }
}
