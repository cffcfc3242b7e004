import Foundation
import Testing
import NibArchive
import NibCompiler
import NibCompilerTestSupport

/// Grid views, menu-item attributed titles, and the AppKit kinds that are read but not archived (accessibility
/// relationship connections, the first-layout preferred width), each with the reason it reports.
@Suite struct AppKitGridAndTitleTests {
    typealias Compiled = AppKitBreadthTests.Compiled

    func compile(objects: String) throws -> Compiled {
        try AppKitBreadthTests().compile(objects: objects)
    }

    /// A window-less view holding `content`.
    func view(_ content: String) -> String {
        """
        <customView id="root">
            <rect key="frame" x="0.0" y="0.0" width="300" height="200"/>
            <autoresizingMask key="autoresizingMask" flexibleMaxX="YES" flexibleMinY="YES"/>
            <subviews>
        \(content)
            </subviews>
        </customView>
        """
    }

    func label(_ id: String, _ title: String) -> String {
        """
        <textField key="contentView" id="\(id)">
            <rect key="frame" x="0.0" y="0.0" width="40" height="16"/>
            <textFieldCell key="cell" title="\(title)" id="\(id)-cell">
                <font key="font" metaFont="system"/>
            </textFieldCell>
        </textField>
        """
    }

    // MARK: Grid views

    /// Rows, columns and cells with non-default values; the cells are listed out of order and one position has
    /// no cell: `NSGrid_cells` is row-major by the cells' references, with an empty cell in the gap.
    @Test func gridViewArchivesRowsColumnsAndRowMajorCells() throws {
        let c = try compile(objects: view("""
            <gridView xPlacement="center" yPlacement="fill" rowAlignment="lastBaseline" rowSpacing="4" columnSpacing="12" id="grid">
                <rect key="frame" x="10" y="10" width="280" height="60"/>
                <rows>
                    <gridRow height="22" topPadding="3" id="r0"/>
                    <gridRow yPlacement="bottom" hidden="YES" bottomPadding="5" id="r1"/>
                </rows>
                <columns>
                    <gridColumn width="80" xPlacement="trailing" id="c0"/>
                    <gridColumn leadingPadding="2" trailingPadding="7" id="c1"/>
                    <gridColumn xPlacement="none" id="c2"/>
                </columns>
                <gridCells>
                    <gridCell row="r1" column="c2" xPlacement="leading" rowAlignment="firstBaseline" id="k12">
                        \(label("v12", "Twelve"))
                    </gridCell>
                    <gridCell row="r0" column="c0" yPlacement="top" id="k00">
                        \(label("v00", "Zero"))
                    </gridCell>
                    <gridCell row="r0" column="c1" id="k01">
                        \(label("v01", "One"))
                    </gridCell>
                    <gridCell row="r0" column="c2" id="k02"/>
                    <gridCell row="r1" column="c0" id="k10">
                        \(label("v10", "Ten"))
                    </gridCell>
                </gridCells>
            </gridView>
            """))
        #expect(c.diagnostics.isEmpty, "\(c.diagnostics)")
        let grid = try c.object("NSGridView")
        let gridIndex = try #require(c.graph.objects.firstIndex { $0.className == "NSGridView" })
        #expect(c.int(grid, "NSGrid_xPlacement") == 4)
        #expect(c.int(grid, "NSGrid_yPlacement") == 5)
        #expect(c.int(grid, "NSGrid_alignment") == 3)
        #expect(c.double(grid, "NSGrid_rowSpacing") == 4)
        #expect(c.double(grid, "NSGrid_columnSpacing") == 12)

        let rows = c.items(grid.value(forKey: "NSGrid_rows")).map { c.graph.objects[$0] }
        #expect(rows.map(\.className) == ["NSGridRow", "NSGridRow"])
        #expect(rows.map { c.double($0, "NSGrid_height") } == [22, Double(Float.leastNormalMagnitude)])
        #expect(rows.map { c.double($0, "NSGrid_topPadding") } == [3, 0])
        #expect(rows.map { c.double($0, "NSGrid_bottomPadding") } == [0, 5])
        #expect(rows.map { c.bool($0, "NSGrid_hidden") } == [false, true])
        #expect(rows.map { c.int($0, "NSGrid_yPlacement") } == [0, 3])
        #expect(rows.allSatisfy { $0.value(forKey: "NSGrid_owningGrid") == .conditionalObject(gridIndex) })

        let columns = c.items(grid.value(forKey: "NSGrid_columns")).map { c.graph.objects[$0] }
        #expect(columns.count == 3)
        #expect(columns.map { c.double($0, "NSGrid_width") } == [80, Double(Float.leastNormalMagnitude), Double(Float.leastNormalMagnitude)])
        #expect(columns.map { c.double($0, "NSGrid_leadingPadding") } == [0, 2, 0])
        #expect(columns.map { c.double($0, "NSGrid_trailingPadding") } == [0, 7, 0])
        #expect(columns.map { c.int($0, "NSGrid_xPlacement") } == [3, 0, 1])

        // Row-major: (r0,c0) (r0,c1) (r0,c2) (r1,c0) (r1,c1: no <gridCell>) (r1,c2).
        let rowIndexes = c.items(grid.value(forKey: "NSGrid_rows"))
        let columnIndexes = c.items(grid.value(forKey: "NSGrid_columns"))
        let cells = c.items(grid.value(forKey: "NSGrid_cells")).map { c.graph.objects[$0] }
        #expect(cells.count == 6)
        func title(_ cell: NibObject) -> String? {
            guard let v = cell.value(forKey: "NSGrid_content")?.objectIndex,
                  let cellIndex = c.graph.objects[v].value(forKey: "NSCell")?.objectIndex else { return nil }
            return c.string(c.graph.objects[cellIndex].value(forKey: "NSContents"))
        }
        #expect(cells.map(title) == ["Zero", "One", nil, "Ten", nil, "Twelve"])
        for (n, cell) in cells.enumerated() {
            #expect(cell.value(forKey: "NSGrid_owningRow") == .conditionalObject(rowIndexes[n / 3]))
            #expect(cell.value(forKey: "NSGrid_owningColumn") == .conditionalObject(columnIndexes[n % 3]))
            #expect(cell.value(forKey: "NSGrid_mergeHead") == .null)
        }
        #expect(cells.map { c.int($0, "NSGrid_xPlacement") } == [0, 0, 0, 0, 0, 2])
        #expect(cells.map { c.int($0, "NSGrid_yPlacement") } == [2, 0, 0, 0, 0, 0])
        #expect(cells.map { c.int($0, "NSGrid_alignment") } == [0, 0, 0, 0, 0, 2])

        // The content views are the grid's subviews, in cell order, with the grid as superview.
        let subviews = c.items(grid.value(forKey: "NSSubviews"))
        #expect(subviews == cells.compactMap { $0.value(forKey: "NSGrid_content")?.objectIndex })
        #expect(subviews.allSatisfy { c.graph.objects[$0].value(forKey: "NSSuperview") == .conditionalObject(gridIndex) })
    }

    /// A grid without attributes takes NSGridView's defaults: bottom-leading placement, no alignment, 6 pt spacing.
    @Test func gridViewDefaults() throws {
        let c = try compile(objects: view("""
            <gridView id="grid">
                <rect key="frame" x="0.0" y="0.0" width="100" height="20"/>
                <rows><gridRow id="r0"/></rows>
                <columns><gridColumn id="c0"/></columns>
                <gridCells><gridCell row="r0" column="c0" id="k"/></gridCells>
            </gridView>
            """))
        #expect(c.diagnostics.isEmpty, "\(c.diagnostics)")
        let grid = try c.object("NSGridView")
        #expect(c.int(grid, "NSGrid_xPlacement") == 2)
        #expect(c.int(grid, "NSGrid_yPlacement") == 3)
        #expect(c.int(grid, "NSGrid_alignment") == 1)
        #expect(c.double(grid, "NSGrid_rowSpacing") == 6)
        #expect(c.double(grid, "NSGrid_columnSpacing") == 6)
        #expect(c.items(grid.value(forKey: "NSGrid_cells")).count == 1)
    }

    /// Bad cell references and duplicate positions warn at the cell; a grid whose rows × columns is too large
    /// archives no cells (the cell array would be that long) and says so.
    @Test func gridViewReportsBadCellsAndBoundsItsCellArray() throws {
        let c = try compile(objects: view("""
            <gridView id="grid">
                <rect key="frame" x="0.0" y="0.0" width="100" height="20"/>
                <rows><gridRow id="r0"/></rows>
                <columns><gridColumn id="c0"/></columns>
                <gridCells>
                    <gridCell row="r0" column="c0" id="k1"/>
                    <gridCell row="r0" column="c0" id="k2"/>
                    <gridCell row="nowhere" column="c0" id="k3"/>
                </gridCells>
            </gridView>
            """))
        let messages = c.diagnostics.map(\.message)
        #expect(messages.contains("<gridCell>: a second cell at the same row and column; ignored"), "\(messages)")
        #expect(messages.contains("<gridCell>: its row or column is not one of the grid's; ignored"), "\(messages)")
        #expect(c.items(try c.object("NSGridView").value(forKey: "NSGrid_cells")).count == 1)

        // Distinct sizes keep the 600 rows and columns distinguishable to the round-trip diff.
        let many = (0..<300).map { #"<gridRow height="\#($0 + 1)" id="r\#($0)"/>"# }.joined()
        let wide = (0..<300).map { #"<gridColumn width="\#($0 + 1)" id="c\#($0)"/>"# }.joined()
        let big = try compile(objects: view("""
            <gridView id="grid">
                <rect key="frame" x="0.0" y="0.0" width="100" height="20"/>
                <rows>\(many)</rows>
                <columns>\(wide)</columns>
                <gridCells><gridCell row="r0" column="c0" id="k"/></gridCells>
            </gridView>
            """))
        #expect(big.diagnostics.map(\.message) == ["<gridView>: 300 rows × 300 columns is more than 65536 cells; the cells are not archived"])
        let grid = try big.object("NSGridView")
        #expect(big.items(grid.value(forKey: "NSGrid_cells")).isEmpty)
        #expect(big.items(grid.value(forKey: "NSGrid_rows")).count == 300)
    }

    // MARK: Menu item attributed titles

    func menu(_ items: String) -> String {
        """
        <menu title="M" id="menu">
            <items>
        \(items)
            </items>
        </menu>
        """
    }

    /// The empty form is an empty NSAttributedString; one fragment is one attribute dictionary; fragments with
    /// different attributes are runs (an array of dictionaries and the UTF-16 length/index varints). The plain
    /// `NSTitle` stays.
    @Test func menuItemAttributedTitles() throws {
        let long = String(repeating: "é", count: 130)  // 130 UTF-16 units: a two-byte run length
        let c = try compile(objects: menu("""
            <menuItem title="Plain" id="i0"/>
            <menuItem title="10" id="i1">
                <attributedString key="attributedTitle"/>
            </menuItem>
            <menuItem title="Bold" id="i2">
                <attributedString key="attributedTitle">
                    <fragment content="Bold">
                        <attributes>
                            <color key="NSColor" name="tertiaryLabelColor" catalog="System" colorSpace="catalog"/>
                            <font key="NSFont" metaFont="menu"/>
                        </attributes>
                    </fragment>
                </attributedString>
            </menuItem>
            <menuItem title="Mixed" id="i3">
                <attributedString key="attributedTitle">
                    <fragment content="\(long)">
                        <attributes><font key="NSFont" metaFont="system" size="11"/></attributes>
                    </fragment>
                    <fragment content="ab">
                        <attributes><font key="NSFont" metaFont="systemBold" size="14"/></attributes>
                    </fragment>
                    <fragment content="c">
                        <attributes><font key="NSFont" metaFont="system" size="11"/></attributes>
                    </fragment>
                </attributedString>
            </menuItem>
            """))
        #expect(c.diagnostics.isEmpty, "\(c.diagnostics)")
        let items = c.objects("NSMenuItem")
        #expect(items.map { c.string($0.value(forKey: "NSTitle")) } == ["Plain", "10", "Bold", "Mixed"])
        #expect(items[0].value(forKey: "NSAttributedTitle") == nil)
        let titles = try items.dropFirst().map { item -> NibObject in
            let index = try #require(item.value(forKey: "NSAttributedTitle")?.objectIndex)
            return c.graph.objects[index]
        }
        #expect(titles.allSatisfy { $0.className == "NSAttributedString" })
        #expect(titles.map { c.string($0.value(forKey: "NSString")) } == ["", "Bold", long + "abc"])

        // Empty: no attributes at all.
        #expect(titles[0].entries.map(\.key) == ["NSString"])
        // One run: a dictionary with the colour and the font.
        let single = try #require(titles[1].value(forKey: "NSAttributes")?.objectIndex)
        #expect(c.graph.objects[single].className == "NSDictionary")
        #expect(c.strings(.object(single)).prefix(1) == ["NSColor"])
        #expect(titles[1].value(forKey: "NSAttributeInfo") == nil)
        // Three runs over two dictionaries: (130, 0) (2, 1) (1, 0).
        let array = try #require(titles[2].value(forKey: "NSAttributes")?.objectIndex)
        #expect(c.graph.objects[array].className == "NSMutableArray")
        #expect(c.items(.object(array)).count == 2)
        let info = try #require(titles[2].value(forKey: "NSAttributeInfo")?.objectIndex)
        #expect(c.graph.objects[info].value(forKey: "NS.bytes") == .data([0x82, 0x01, 0, 2, 1, 1, 0]))
    }

    /// An attribute nibc does not archive in an attributed title (kerning) still warns; the text and the
    /// attributes it does archive are kept.
    @Test func menuItemAttributedTitleUnreadAttributeStillWarns() throws {
        let c = try compile(objects: menu("""
            <menuItem title="All" id="i0">
                <attributedString key="attributedTitle">
                    <fragment content="All">
                        <attributes>
                            <font key="NSFont" metaFont="menu"/>
                            <real key="NSKern" value="1.5"/>
                        </attributes>
                    </fragment>
                </attributedString>
            </menuItem>
            """))
        #expect(c.diagnostics.map(\.message) == ["element <real key=\"NSKern\"> in <attributes> is not supported yet; ignored"])
        let title = try #require(try c.object("NSMenuItem").value(forKey: "NSAttributedTitle")?.objectIndex)
        #expect(c.string(c.graph.objects[title].value(forKey: "NSString")) == "All")
        #expect(c.graph.objects[title].value(forKey: "NSAttributes") != nil)
    }

    // MARK: Read but not archived

    /// Accessibility relationship connections archive no connector and say why, once each; the first-layout
    /// preferred width is reported once with its reason, not again as an unread attribute.
    @Test func unarchivedKindsExplainThemselves() throws {
        let c = try compile(objects: view("""
            <textField setsMaxLayoutWidthAtFirstLayout="YES" id="title">
                <rect key="frame" x="0.0" y="0.0" width="40" height="16"/>
                <textFieldCell key="cell" title="Name:" id="title-cell"/>
                <connections>
                    <accessibilityConnection property="title" destination="field" id="ax1"/>
                    <accessibilityConnection property="link" destination="field" id="ax2"/>
                </connections>
            </textField>
            <textField id="field">
                <rect key="frame" x="50" y="0.0" width="100" height="22"/>
                <textFieldCell key="cell" id="field-cell"/>
            </textField>
            """))
        let messages = c.diagnostics.map(\.message)
        let ax = "connection <accessibilityConnection> (NSNibAXRelationshipConnector) is not archived: no Apple-compiled nib shows its label or the connector list that holds it; ignored"
        #expect(messages == [
            "<textField setsMaxLayoutWidthAtFirstLayout>: the first-layout preferred width is not archived: no Apple-compiled nib shows its key; ignored",
            ax, ax,
        ])
        #expect(c.objects("NSNibAXRelationshipConnector").isEmpty)
        #expect(c.objects("NSNibConnector").isEmpty)
    }

    /// A scroll view's explicit content insets are reported with their reason, once, and not archived.
    @Test func scrollViewContentInsetsExplainThemselves() throws {
        let c = try compile(objects: view("""
            <scrollView borderType="none" autohidesScrollers="YES" horizontalLineScroll="10" horizontalPageScroll="10" verticalLineScroll="10" verticalPageScroll="10" automaticallyAdjustsContentInsets="NO" id="scroll">
                <rect key="frame" x="0.0" y="0.0" width="100" height="100"/>
                <clipView key="contentView" drawsBackground="NO" id="clip">
                    <rect key="frame" x="0.0" y="0.0" width="100" height="100"/>
                </clipView>
                <edgeInsets key="contentInsets" left="0.0" right="0.0" top="0.0" bottom="25"/>
            </scrollView>
            """))
        #expect(c.diagnostics.map(\.message) == [
            "<scrollView> <edgeInsets key=\"contentInsets\">: the content insets are not archived: no Apple-compiled nib shows their key; ignored",
        ])
        let scroll = try c.object("NSScrollView")
        #expect(!scroll.entries.contains { $0.key.contains("Inset") && $0.key != "NSAutomaticallyAdjustsContentInsets" })
    }

    // MARK: Top-level menu items and cells

    /// A top-level menu item is an NSMenuItem without `NSMenu`; top-level cells are their cell classes without
    /// `NSControlView`, with their own connections.
    @Test func topLevelMenuItemsAndCells() throws {
        let c = try compile(objects: """
            <menuItem isSeparatorItem="YES" id="sep"/>
            <menuItem title="Loose" tag="7" keyEquivalent="l" id="loose"/>
            <comboBoxCell controlSize="small" scrollable="YES" lineBreakMode="clipping" selectable="YES" editable="YES" usesDataSource="YES" numberOfVisibleItems="9" id="combo">
                <font key="font" metaFont="message" size="11"/>
                <connections>
                    <outlet property="dataSource" destination="-2" id="ds"/>
                </connections>
            </comboBoxCell>
            <imageCell refusesFirstResponder="YES" alignment="left" imageScaling="proportionallyDown" id="image"/>
            """)
        #expect(c.diagnostics.isEmpty, "\(c.diagnostics)")
        let items = c.objects("NSMenuItem")
        #expect(items.count == 2)
        #expect(items.allSatisfy { $0.value(forKey: "NSMenu") == nil })
        #expect(items.map { c.bool($0, "NSIsSeparator") } == [true, nil])
        #expect(c.string(items[1].value(forKey: "NSTitle")) == "Loose")
        #expect(c.int(items[1], "NSTag") == 7)
        #expect(c.string(items[1].value(forKey: "NSKeyEquiv")) == "l")
        let combo = try c.object("NSComboBoxCell")
        let image = try c.object("NSImageCell")
        #expect(combo.value(forKey: "NSControlView")?.objectIndex == nil)
        #expect(image.value(forKey: "NSControlView")?.objectIndex == nil)
        #expect(c.int(combo, "NSVisibleItemCount") == 9)
        #expect(c.bool(combo, "NSUsesDataSource") == true)
        #expect(c.objects("NSCustomObject").count == 1)  // only the File's Owner: nothing fell back to NSObject
        // The cell's outlet is archived with the cell as its source.
        let comboIndex = try #require(c.graph.objects.firstIndex { $0.className == "NSComboBoxCell" })
        let outlet = try #require(c.objects("NSNibOutletConnector").first { c.string($0.value(forKey: "NSLabel")) == "dataSource" })
        #expect(outlet.value(forKey: "NSSource")?.objectIndex == comboIndex)
    }

    /// A drawer archives its sizes and offsets (the initializer's defaults when left out) and its outlets as
    /// connectors; a text finder its incremental-search flags (Apple's defaults when left out).
    @Test func drawersAndTextFinders() throws {
        let c = try compile(objects: """
            <drawer trailingOffset="15" leadingOffset="4" id="d1">
                <size key="contentSize" width="288" height="400"/>
                <size key="minContentSize" width="200" height="300"/>
                <size key="maxContentSize" width="800" height="500"/>
                <connections>
                    <outlet property="delegate" destination="-2" id="o1"/>
                </connections>
            </drawer>
            <drawer id="d2">
                <size key="contentSize" width="320" height="408"/>
            </drawer>
            <textFinder incrementalSearchingEnabled="YES" id="f1"/>
            <textFinder incrementalSearchingShouldDimContentView="NO" id="f2"/>
            """)
        #expect(c.diagnostics.isEmpty, "\(c.diagnostics)")
        let drawers = c.objects("NSDrawer")
        #expect(drawers.map { c.string($0.value(forKey: "NSContentSize")) } == ["{288, 400}", "{320, 408}"])
        #expect(drawers.map { c.string($0.value(forKey: "NSMinContentSize")) } == ["{200, 300}", "{0, 0}"])
        #expect(drawers.map { c.string($0.value(forKey: "NSMaxContentSize")) } == ["{800, 500}", "{0, 0}"])
        #expect(drawers.map { c.double($0, "NSLeadingOffset") } == [4, 0])
        #expect(drawers.map { c.double($0, "NSTrailingOffset") } == [15, 10])
        #expect(drawers.map { c.int($0, "NSPreferredEdge") } == [0, 0])
        let drawerIndex = try #require(c.graph.objects.firstIndex { $0.className == "NSDrawer" })
        #expect(c.objects("NSNibOutletConnector").contains {
            c.string($0.value(forKey: "NSLabel")) == "delegate" && $0.value(forKey: "NSSource")?.objectIndex == drawerIndex
        })
        let finders = c.objects("NSTextFinder")
        #expect(finders.map { c.bool($0, "NSIncrementalSearchingEnabled") } == [true, false])
        #expect(finders.map { c.bool($0, "NSIncrementalSearchingShouldDimContentView") } == [true, false])
        #expect(finders.map { c.bool($0, "NSFindIndicatorNeedsUpdate") } == [false, false])
    }
}
