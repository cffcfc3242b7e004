import Testing
import XIB
@testable import NibCompiler

/// A storyboard's compile contexts take their element-slot buffers from one pool (`ElementSlotPool`), one
/// context after another: what an ended context set must not be visible to the next one.
@Suite struct ElementSlotPoolTests {
    static let text = """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="21701" targetRuntime="iOS.CocoaTouch">
            <objects>
                <view contentMode="scaleToFill" id="v1">
                    <rect key="frame" x="0.0" y="0.0" width="10" height="10"/>
                </view>
            </objects>
        </document>
        """

    @Test func reusedBuffersStartEmpty() throws {
        let document = try XIBDocument.open(Array(Self.text.utf8), fileName: "T.xib", options: CompileOptions(), storyboard: false)
        let tracker = XIBReadTracker(document: document)
        let pool = ElementSlotPool(count: document.tree.elements.count)
        func context() -> CompileContext { CompileContext(options: CompileOptions(), fileName: "T.xib", tracker: tracker, slots: pool) }
        do {
            let first = context()
            let view = try #require(first.element(withID: "v1"))
            let index = first.define(view, className: "UIView")
            #expect(first.isDefined("v1") && first.objectIndex(forID: "v1") == index)
            // A context living at the same time (a prototype cell's inside its view nib's) has a buffer of its own.
            let second = context()
            #expect(second.objectIndex(forID: "v1") == nil)
            _ = second.reference("v1", from: view)
            #expect(!second.isDefined("v1") && first.isDefined("v1"))
        }
        // Both ended: the next contexts get their buffers back, with nothing of theirs set.
        let third = context(), fourth = context()
        #expect(third.slotPool === pool && fourth.slotPool === pool)
        #expect(third.objectIndex(forID: "v1") == nil && fourth.objectIndex(forID: "v1") == nil)
        // A pool of another document's size is not used.
        let other = CompileContext(options: CompileOptions(), fileName: "T.xib", tracker: tracker, slots: ElementSlotPool(count: 1))
        #expect(other.slotPool !== pool && other.objectIndex(forID: "v1") == nil)
    }
}
