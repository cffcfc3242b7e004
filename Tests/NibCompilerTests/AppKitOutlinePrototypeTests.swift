import Foundation
import NibArchive
import NibCompiler
import NibCompilerTestSupport
import Testing

/// The prototype cell views of a view-based outline view are archived where the outline lays its cells out in a
/// row: the columns fitted to the row (the clip view beside a legacy-width vertical scroller, less the inset
/// style's row inset) and each cell its column's width, half the spacing in. Each case changes one input of that
/// layout: the vertical scroller's visibility, the table style, the column autoresizing style.
@Suite struct AppKitOutlinePrototypeTests {
    /// A window holding a bordered scroll view 316 points wide with a small vertical scroller and a view-based
    /// outline view of two columns — A (218 points, resizing with the table) and B (34, fixed) — whose prototypes
    /// the XIB saved 223 and 34 wide, at 1 and 225; A's cell holds a text field that is width-sizable.
    static func document(outlineAttributes: String = "", verticalScrollerHidden: Bool = false) -> String {
        XIBEnvelope.macOS(objects: """
        <customObject id="-1" userLabel="First Responder" customClass="FirstResponder"/>
        <customObject id="-3" userLabel="Application" customClass="NSObject"/>
        <window title="W" allowsToolTipsWhenApplicationIsInactive="NO" autorecalculatesKeyViewLoop="NO" releasedWhenClosed="NO" animationBehavior="default" id="1">
            <windowStyleMask key="styleMask" titled="YES"/>
            <rect key="contentRect" x="196" y="240" width="340" height="365"/>
            <rect key="screenRect" x="0.0" y="0.0" width="1440" height="900"/>
            <view key="contentView" id="2">
                <rect key="frame" x="0.0" y="0.0" width="340" height="365"/>
                <autoresizingMask key="autoresizingMask"/>
                <subviews>
                    <scrollView hasHorizontalScroller="NO" usesPredominantAxisScrolling="NO" fixedFrame="YES" translatesAutoresizingMaskIntoConstraints="NO" id="3">
                        <rect key="frame" x="12" y="40" width="316" height="313"/>
                        <autoresizingMask key="autoresizingMask" flexibleMaxX="YES" flexibleMinY="YES"/>
                        <clipView key="contentView" id="4">
                            <rect key="frame" x="1" y="1" width="301" height="311"/>
                            <autoresizingMask key="autoresizingMask" widthSizable="YES" heightSizable="YES"/>
                            <subviews>
                                <outlineView verticalHuggingPriority="750" allowsExpansionToolTips="YES" autosaveColumns="NO" rowHeight="34" rowSizeStyle="automatic" viewBased="YES" indentationPerLevel="16" outlineTableColumn="6" \(outlineAttributes) id="5">
                                    <rect key="frame" x="0.0" y="0.0" width="301" height="311"/>
                                    <autoresizingMask key="autoresizingMask" widthSizable="YES" heightSizable="YES"/>
                                    <size key="intercellSpacing" width="3" height="2"/>
                                    <tableColumns>
                                        <tableColumn identifier="A" editable="NO" width="218" minWidth="38" maxWidth="1000" id="6">
                                            <tableHeaderCell key="headerCell" lineBreakMode="truncatingTail" borderStyle="border" title="A"/>
                                            <textFieldCell key="dataCell" lineBreakMode="truncatingTail" selectable="YES" editable="YES" title="Text" id="7"/>
                                            <tableColumnResizingMask key="resizingMask" resizeWithTable="YES"/>
                                            <prototypeCellViews>
                                                <tableCellView id="8">
                                                    <rect key="frame" x="1" y="1" width="223" height="34"/>
                                                    <autoresizingMask key="autoresizingMask" widthSizable="YES" heightSizable="YES"/>
                                                    <subviews>
                                                        <textField focusRingType="none" verticalHuggingPriority="750" fixedFrame="YES" translatesAutoresizingMaskIntoConstraints="NO" id="9">
                                                            <rect key="frame" x="0.0" y="9" width="223" height="16"/>
                                                            <autoresizingMask key="autoresizingMask" widthSizable="YES" flexibleMinY="YES"/>
                                                            <textFieldCell key="cell" lineBreakMode="truncatingTail" selectable="YES" sendsActionOnEndEditing="YES" title="Cell" id="10">
                                                                <font key="font" metaFont="system"/>
                                                            </textFieldCell>
                                                        </textField>
                                                    </subviews>
                                                </tableCellView>
                                            </prototypeCellViews>
                                        </tableColumn>
                                        <tableColumn identifier="B" editable="NO" width="34" minWidth="10" maxWidth="1000" id="11">
                                            <tableHeaderCell key="headerCell" lineBreakMode="truncatingTail" borderStyle="border" title="B"/>
                                            <textFieldCell key="dataCell" lineBreakMode="truncatingTail" selectable="YES" editable="YES" title="Text" id="12"/>
                                            <prototypeCellViews>
                                                <tableCellView id="13">
                                                    <rect key="frame" x="225" y="1" width="34" height="34"/>
                                                    <autoresizingMask key="autoresizingMask" widthSizable="YES" heightSizable="YES"/>
                                                </tableCellView>
                                            </prototypeCellViews>
                                        </tableColumn>
                                    </tableColumns>
                                </outlineView>
                            </subviews>
                        </clipView>
                        <scroller key="horizontalScroller" hidden="YES" wantsLayer="YES" verticalHuggingPriority="750" controlSize="small" horizontal="YES" id="14">
                            <rect key="frame" x="-100" y="-100" width="328" height="11"/>
                            <autoresizingMask key="autoresizingMask"/>
                        </scroller>
                        <scroller key="verticalScroller" \(verticalScrollerHidden ? #"hidden="YES""# : "") wantsLayer="YES" verticalHuggingPriority="750" controlSize="small" horizontal="NO" id="15">
                            <rect key="frame" x="302" y="1" width="13" height="311"/>
                            <autoresizingMask key="autoresizingMask"/>
                        </scroller>
                    </scrollView>
                </subviews>
            </view>
        </window>
        """)
    }

    /// The cell view frames (main archive, sorted), checked equal to the nested prototype archives' copies, and the
    /// text field's frame.
    static func layout(_ text: String) throws -> (cells: [String], field: String?) {
        let graph = try AppKitTableLayoutTests.compile(text)
        let frames = try AppKitTableLayoutTests.cellFrames(graph)
        #expect(frames.nested == frames.main)
        let field = graph.objects.first { $0.className == "NSTextField" }
        return (frames.main, field.flatMap { AppKitTableLayoutTests.string(graph, $0.value(forKey: "NSFrame")) })
    }

    @Test func cellsFollowTheColumnsFittedToTheInsetRow() throws {
        // 316 - 2 (border) - 17 (legacy scroller width, though the scroller is small) - 20 (row inset) = 277; the
        // columns and spacings need 258, so A grows by 19 to 237 and B starts at 10 + 237 + 3 + 1.
        let shown = try Self.layout(Self.document())
        #expect(shown.cells == ["{{11, 1}, {237, 34}}", "{{251, 1}, {34, 34}}"])
        #expect(shown.field == "{{0, 9}, {237, 16}}")
        // Without the vertical scroller the row is 17 points wider.
        let hidden = try Self.layout(Self.document(verticalScrollerHidden: true))
        #expect(hidden.cells == ["{{11, 1}, {254, 34}}", "{{268, 1}, {34, 34}}"])
    }

    @Test func fullWidthRowsHaveNoInset() throws {
        let full = try Self.layout(Self.document(outlineAttributes: #"tableStyle="fullWidth""#))
        #expect(full.cells == ["{{1, 1}, {257, 34}}", "{{261, 1}, {34, 34}}"])
        // Explicitly inset: as automatic.
        #expect(try Self.layout(Self.document(outlineAttributes: #"tableStyle="inset""#)).cells == Self.layout(Self.document()).cells)
    }

    @Test func columnsThatDoNotAutoresizeKeepTheirWidths() throws {
        let kept = try Self.layout(Self.document(outlineAttributes: #"columnAutoresizingStyle="none""#))
        #expect(kept.cells == ["{{11, 1}, {218, 34}}", "{{232, 1}, {34, 34}}"])
        #expect(kept.field == "{{0, 9}, {218, 16}}")
        // The only resizable column is A, so the first-column style fits the row as uniform does.
        let first = try Self.layout(Self.document(outlineAttributes: #"columnAutoresizingStyle="firstColumnOnly""#))
        #expect(first.cells == ["{{11, 1}, {237, 34}}", "{{251, 1}, {34, 34}}"])
    }
}
