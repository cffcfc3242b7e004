import Foundation
import NibArchive
import NibCompiler
import NibCompilerTestSupport
import Testing

/// Table and scroll-view layout that ibtool redoes when it archives: prototype cell views moved by the inset row
/// style, a view-based table's row height taken from its prototypes, a table taller than its clip view enabling the
/// vertical scroller, a scroller that does not autohide archived visible, and the key order of catalog colours'
/// fallbacks. Each case also runs with the attribute that turns the rule off.
@Suite struct AppKitTableLayoutTests {
    /// A window holding a bordered scroll view (240 × 77) with a header view and a view-based table of two
    /// columns, whose prototype cell views are `cellHeights` high and start at `firstCellX`.
    static func document(tableAttributes: String = "", scrollAttributes: String = #"autohidesScrollers="YES""#,
                         spacing: (Double, Double) = (17, 0), firstCellX: Double = 8, cellHeights: (Double, Double) = (24, 24),
                         rowHeight: Double = 24) -> String {
        func cell(_ id: String, x: Double, width: Double, height: Double) -> String {
            """
            <prototypeCellViews>
                <tableCellView id="\(id)">
                    <rect key="frame" x="\(x)" y="0.0" width="\(width)" height="\(height)"/>
                    <autoresizingMask key="autoresizingMask" flexibleMaxX="YES" flexibleMinY="YES"/>
                </tableCellView>
            </prototypeCellViews>
            """
        }
        return XIBEnvelope.macOS(objects: """
        <customObject id="-1" userLabel="First Responder" customClass="FirstResponder"/>
        <customObject id="-3" userLabel="Application" customClass="NSObject"/>
        <window title="W" allowsToolTipsWhenApplicationIsInactive="NO" autorecalculatesKeyViewLoop="NO" releasedWhenClosed="NO" animationBehavior="default" id="1">
            <windowStyleMask key="styleMask" titled="YES"/>
            <rect key="contentRect" x="196" y="240" width="280" height="120"/>
            <rect key="screenRect" x="0.0" y="0.0" width="1440" height="900"/>
            <view key="contentView" id="2">
                <rect key="frame" x="0.0" y="0.0" width="280" height="120"/>
                <autoresizingMask key="autoresizingMask"/>
                <subviews>
                    <scrollView fixedFrame="YES" \(scrollAttributes) usesPredominantAxisScrolling="NO" translatesAutoresizingMaskIntoConstraints="NO" id="3">
                        <rect key="frame" x="20" y="20" width="240" height="77"/>
                        <autoresizingMask key="autoresizingMask" flexibleMaxX="YES" flexibleMinY="YES"/>
                        <clipView key="contentView" id="4">
                            <rect key="frame" x="1" y="1" width="238" height="75"/>
                            <autoresizingMask key="autoresizingMask" widthSizable="YES" heightSizable="YES"/>
                            <subviews>
                                <tableView verticalHuggingPriority="750" allowsExpansionToolTips="YES" columnAutoresizingStyle="lastColumnOnly" multipleSelection="NO" autosaveColumns="NO" rowHeight="\(rowHeight)" rowSizeStyle="automatic" headerView="10" viewBased="YES" \(tableAttributes) id="5">
                                    <rect key="frame" x="0.0" y="0.0" width="238" height="47"/>
                                    <autoresizingMask key="autoresizingMask" widthSizable="YES" heightSizable="YES"/>
                                    <size key="intercellSpacing" width="\(spacing.0)" height="\(spacing.1)"/>
                                    <color key="backgroundColor" name="controlBackgroundColor" catalog="System" colorSpace="catalog"/>
                                    <color key="gridColor" name="gridColor" catalog="System" colorSpace="catalog"/>
                                    <tableColumns>
                                        <tableColumn identifier="A" width="116" minWidth="40" maxWidth="1000" id="6">
                                            <tableHeaderCell key="headerCell" lineBreakMode="truncatingTail" borderStyle="border"/>
                                            <textFieldCell key="dataCell" lineBreakMode="truncatingTail" selectable="YES" editable="YES" title="Text" id="7"/>
                                            \(cell("8", x: firstCellX, width: 114, height: cellHeights.0))
                                        </tableColumn>
                                        <tableColumn identifier="B" width="93" minWidth="40" maxWidth="1000" id="16">
                                            <tableHeaderCell key="headerCell" lineBreakMode="truncatingTail" borderStyle="border"/>
                                            <textFieldCell key="dataCell" lineBreakMode="truncatingTail" selectable="YES" editable="YES" title="Text" id="17"/>
                                            \(cell("18", x: firstCellX + 131, width: 90, height: cellHeights.1))
                                        </tableColumn>
                                    </tableColumns>
                                </tableView>
                            </subviews>
                        </clipView>
                        <scroller key="horizontalScroller" hidden="YES" wantsLayer="YES" verticalHuggingPriority="750" horizontal="YES" id="11">
                            <rect key="frame" x="1" y="118" width="238" height="16"/>
                            <autoresizingMask key="autoresizingMask"/>
                        </scroller>
                        <scroller key="verticalScroller" hidden="YES" wantsLayer="YES" verticalHuggingPriority="750" horizontal="NO" id="12">
                            <rect key="frame" x="224" y="17" width="15" height="102"/>
                            <autoresizingMask key="autoresizingMask"/>
                        </scroller>
                        <tableHeaderView key="headerView" wantsLayer="YES" id="10">
                            <rect key="frame" x="0.0" y="0.0" width="238" height="28"/>
                            <autoresizingMask key="autoresizingMask"/>
                        </tableHeaderView>
                    </scrollView>
                </subviews>
            </view>
        </window>
        """)
    }

    static func compile(_ text: String) throws -> NibGraph {
        let nib = try CompiledXIB(text)
        #expect(nib.diagnostics.isEmpty, "\(nib.diagnostics)")
        return nib.graph
    }

    static func string(_ graph: NibGraph, _ value: NibGraphValue?) -> String? {
        guard let i = value?.objectIndex, case .data(let d)? = graph.objects[i].value(forKey: "NS.bytes") else { return nil }
        return String(decoding: d, as: UTF8.self)
    }

    /// The frames of the cell views of `graph`, and of those inside its nested prototype archives.
    static func cellFrames(_ graph: NibGraph) throws -> (main: [String], nested: [String]) {
        let main = graph.objects.filter { $0.className == "NSTableCellView" }.compactMap { string(graph, $0.value(forKey: "NSFrame")) }
        var nested: [String] = []
        for nib in graph.objects where nib.className == "NSNib" {
            guard let data = nib.value(forKey: "NSNibFileData")?.objectIndex,
                  case .data(let bytes)? = graph.objects[data].value(forKey: "NS.bytes") else { continue }
            let inner = NibGraph(try NibArchive(bytes: bytes))
            nested += inner.objects.filter { $0.className == "NSTableCellView" }.compactMap { string(inner, $0.value(forKey: "NSFrame")) }
        }
        return (main.sorted(), nested.sorted())
    }

    static func scrollers(_ graph: NibGraph) -> (horizontal: NibObject, vertical: NibObject)? {
        guard let sv = graph.objects.first(where: { $0.className == "NSScrollView" }),
              let h = sv.value(forKey: "NSHScroller")?.objectIndex, let v = sv.value(forKey: "NSVScroller")?.objectIndex else { return nil }
        return (graph.objects[h], graph.objects[v])
    }

    static func int(_ o: NibObject, _ key: String) -> Int64? {
        if case .int(let v)? = o.value(forKey: key) { return v }
        return nil
    }

    static func double(_ o: NibObject?, _ key: String) -> Double? {
        if case .double(let v)? = o?.value(forKey: key) { return v }
        return nil
    }

    @Test func insetStyleMovesPrototypesLaidOutWithoutTheInset() throws {
        // Half the 17-point spacing is 8: laid out without the row inset, moved by 10 in both copies.
        let moved = try Self.cellFrames(Self.compile(Self.document()))
        #expect(moved.main == ["{{149, 0}, {90, 24}}", "{{18, 0}, {114, 24}}"])
        #expect(moved.nested == moved.main)
        // Explicitly inset: the same.
        #expect(try Self.cellFrames(Self.compile(Self.document(tableAttributes: #"tableStyle="inset""#))).main == moved.main)
        // Full-width rows have no inset; source lists and plain tables neither.
        for style in ["fullWidth", "sourceList", "plain"] {
            let kept = try Self.cellFrames(Self.compile(Self.document(tableAttributes: "tableStyle=\"\(style)\"")))
            #expect(kept.main == ["{{139, 0}, {90, 24}}", "{{8, 0}, {114, 24}}"], "\(style)")
            #expect(kept.nested == kept.main, "\(style)")
        }
        // Already inset (half of a 3-point spacing plus 10): kept.
        let inset = try Self.cellFrames(Self.compile(Self.document(spacing: (3, 2), firstCellX: 11)))
        #expect(inset.main == ["{{11, 0}, {114, 24}}", "{{142, 0}, {90, 24}}"])
    }

    @Test func viewBasedRowHeightComesFromUniformPrototypes() throws {
        let graph = try Self.compile(Self.document(cellHeights: (52, 52)))
        let table = try #require(graph.objects.first { $0.className == "NSTableView" })
        #expect(Self.double(table, "NSRowHeight") == 52)
        // One row of 52 below a 47-point visible height: the table is 52 high, the vertical scroller enabled, its
        // knob the clip's 75 points over 52 + 28.
        #expect(Self.string(graph, table.value(forKey: "NSFrameSize")) == "{258, 52}")
        let vertical = try #require(Self.scrollers(graph)?.vertical)
        #expect(vertical.value(forKey: "NSEnabled") == .bool(true))
        #expect(Self.double(vertical, "NSPercent") == 75.0 / 80.0)
        // The line scroll follows the row height.
        let sv = try #require(graph.objects.first { $0.className == "NSScrollView" })
        guard case .data(let amounts)? = sv.value(forKey: "NSScrollAmts") else { Issue.record("no NSScrollAmts"); return }
        #expect(Array(amounts.suffix(4)) == Array(Float(52).bitPattern.bigEndianBytes))

        // Prototypes of different heights keep the XIB's row height and the visible height.
        let mixed = try Self.compile(Self.document(cellHeights: (52, 30)))
        let mixedTable = try #require(mixed.objects.first { $0.className == "NSTableView" })
        #expect(Self.double(mixedTable, "NSRowHeight") == 24)
        #expect(Self.string(mixed, mixedTable.value(forKey: "NSFrameSize")) == "{258, 47}")
        #expect(Self.scrollers(mixed)?.vertical.value(forKey: "NSEnabled") == nil)
        // Rows that fit: no scroller change.
        let fits = try Self.compile(Self.document(cellHeights: (30, 30)))
        let fitsTable = try #require(fits.objects.first { $0.className == "NSTableView" })
        #expect(Self.double(fitsTable, "NSRowHeight") == 30)
        #expect(Self.string(fits, fitsTable.value(forKey: "NSFrameSize")) == "{258, 47}")
        #expect(Self.scrollers(fits)?.vertical.value(forKey: "NSPercent") == nil)
    }

    @Test func scrollerOfANonAutohidingScrollViewIsArchivedVisible() throws {
        let graph = try Self.compile(Self.document(scrollAttributes: #"autohidesScrollers="NO""#))
        let shown = try #require(Self.scrollers(graph))
        // Not hidden, along the trailing border below the 28-point header, legacy width.
        #expect(Self.int(shown.vertical, "NSvFlags").map { $0 & (1 << 31) } == 0)
        let frame = try #require(shown.vertical.value(forKey: "NSFrame"))
        #expect(Self.string(graph, frame) == "{{222, 29}, {17, 47}}")
        // Autohiding (or the default): the vertical scroller stays hidden.
        for attributes in [#"autohidesScrollers="YES""#, ""] {
            let hidden = try #require(Self.scrollers(Self.compile(Self.document(scrollAttributes: attributes))))
            #expect(Self.int(hidden.vertical, "NSvFlags").map { $0 & (1 << 31) } != 0, "\(attributes)")
        }
        // A scroll view without a vertical scroller keeps it hidden.
        let none = try #require(Self.scrollers(Self.compile(Self.document(scrollAttributes: #"autohidesScrollers="NO" hasVerticalScroller="NO""#))))
        #expect(Self.int(none.vertical, "NSvFlags").map { $0 & (1 << 31) } != 0)
    }

    /// The table's corner view as archived: whether it is hidden, and whether the scroll view holds it.
    static func cornerView(_ graph: NibGraph) throws -> (hidden: Bool, placed: Bool) {
        let table = try #require(graph.objects.first { $0.className == "NSTableView" })
        let index = try #require(table.value(forKey: "NSCornerView")?.objectIndex)
        let corner = graph.objects[index]
        let flags = try #require(int(corner, "NSvFlags"))
        let sv = try #require(graph.objects.firstIndex { $0.className == "NSScrollView" })
        return (flags & (1 << 31) != 0, corner.value(forKey: "NSSuperview")?.objectIndex == sv)
    }

    @Test func cornerViewIsTiledBesideAHeaderWithoutAHorizontalScroller() throws {
        let shownScroller = { (text: String) in
            text.replacingOccurrences(of: #"<scroller key="verticalScroller" hidden="YES""#, with: #"<scroller key="verticalScroller""#)
        }
        // No horizontal scroller: the scroll view places the corner view above the vertical scroller, hidden with it.
        let noHS = #"autohidesScrollers="YES" hasHorizontalScroller="NO""#
        let hidden = try Self.cornerView(Self.compile(Self.document(scrollAttributes: noHS)))
        #expect(hidden.hidden && hidden.placed)
        let shown = try Self.cornerView(Self.compile(shownScroller(Self.document(scrollAttributes: noHS))))
        #expect(!shown.hidden && shown.placed)
        // With a horizontal scroller the corner view is not placed and stays visible, whatever the vertical scroller.
        for text in [Self.document(), shownScroller(Self.document())] {
            let kept = try Self.cornerView(Self.compile(text))
            #expect(!kept.hidden && !kept.placed)
        }
    }

    @Test func catalogColourFallbackKeysInCodingOrder() throws {
        let graph = try Self.compile(Self.document())
        let fallbacks = graph.objects.filter { $0.className == "NSColor" && $0.value(forKey: "NSCustomColorSpace") != nil }
        #expect(!fallbacks.isEmpty)
        for colour in fallbacks {
            let keys = colour.entries.map(\.key).filter { $0 != "NSRGB" && $0 != "NSWhite" }
            #expect(keys == ["NSColorSpace", "NSCustomColorSpace", "NSComponents", "NSLinearExposure"], "\(colour.entries.map(\.key))")
        }
    }
}

private extension UInt32 {
    var bigEndianBytes: [UInt8] { [UInt8(self >> 24), UInt8((self >> 16) & 0xFF), UInt8((self >> 8) & 0xFF), UInt8(self & 0xFF)] }
}
