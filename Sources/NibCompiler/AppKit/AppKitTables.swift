import NibArchive
import XIB

extension AppKitCompiler {
    /// Appends the archived objects under `node` and their parents, in the order of `NSObjectsKeys` /
    /// `NSObjectsValues`: document order, with each view's constraints after its subtree (in their archive
    /// order, AppKitConstraintOrder).
    func collectObjectParents(_ node: XIBNode, parent: Int, keys: inout [Int], values: inout [Int]) {
        var me = parent
        if let id = node.peek("id"), archivedIDs.contains(id), let i = ctx.objectIndex(forID: id) {
            keys.append(i); values.append(parent); me = i
        }
        var deferred: [XIBNode] = []
        for c in node.children {
            if c.isNamed("constraints") {
                let order = AppKitConstraintOrder(owner: node, element: { [ctx] in ctx.element(withID: $0) })
                let constraints = c.children.filter { $0.isNamed("constraint") }
                deferred.append(contentsOf: order.ordered(constraints) + c.children.filter { !$0.isNamed("constraint") })
                continue
            }
            if c.isNamed("connections") { continue }
            collectObjectParents(c, parent: me, keys: &keys, values: &values)
        }
        for c in deferred { collectObjectParents(c, parent: me, keys: &keys, values: &values) }
    }

    /// The width a table grows to when its columns do not fit, or nil when they are shrunk to fit instead.
    ///
    /// Observed on 8 tables in 6 pairs (with and without headers, spacing 3 and 17, 1 to 6 columns): a table
    /// whose columns do not fit ends up exactly as wide as the columns, the spacing between them and 32 more;
    /// and 3 tables whose columns fill the table to that width keep their widths. The table grows when its
    /// columns already overflow the XIB's table width or none of them can shrink with the table; otherwise
    /// the columns are fitted (`fittedColumnWidths`).
    func widthColumnsNeed(_ node: XIBNode, tableWidth: Double) -> Double? {
        guard let need = columnsRoom(node), need > tableWidth else { return nil }
        let columns = visibleColumns(node)
        let spacing = intercellWidth(node)
        let widths = columns.map { $0.double("width") ?? 100 }
        let sum = widths.reduce(0, +)
        // A fraction of a point does not count as overflowing (one sample: columns 0.09 wider than the table shrink).
        let overflows = (sum + Double(columns.count) * spacing).rounded(.down) > tableWidth
        let canShrink = zip(columns, widths).contains { c, w in
            c.child("tableColumnResizingMask")?.peek("resizeWithTable") == "YES" && w > (c.double("minWidth") ?? 10)
        }
        return overflows || !canShrink ? need : nil
    }

    /// The visible columns of a table view element.
    func visibleColumns(_ node: XIBNode) -> [XIBNode] {
        node.child("tableColumns")?.children.filter { $0.isNamed("tableColumn") && $0.peek("hidden") != "YES" } ?? []
    }

    func intercellWidth(_ node: XIBNode) -> Double {
        node.children.first { $0.isNamed("size") && $0.peek("key", is: "intercellSpacing") }?.double("width") ?? 3
    }

    /// The columns' widths (`widths` overriding the XIB's by column id), the spacing between them and 32
    /// points (nil without visible columns).
    func columnsRoom(_ node: XIBNode, widths: [String: Double] = [:]) -> Double? {
        let columns = visibleColumns(node)
        guard !columns.isEmpty else { return nil }
        let sum = columns.reduce(0) { $0 + ($1.peek("id").flatMap { widths[$0] } ?? $1.double("width") ?? 100) }
        return sum + Double(columns.count - 1) * intercellWidth(node) + 32
    }

    /// Column widths after AppKit fits columns whose room (see `columnsRoom`) exceeds the table, by column id.
    ///
    /// Observed on 5 tables (1 to 3 columns; last-column-only and uniform styles, scrollers shown and hidden):
    /// the columns that resize with the table are resized until the columns and the spacing between them
    /// span the table's width less 12 points; the style picks which (last only, first only, sequential from
    /// the last, reverse sequential from the first, uniform: equal shares), within their minimum and maximum
    /// widths. When the XIB's vertical scroller was never placed (negative origin or empty size), the columns
    /// instead shrink by `shrinkBy` (29 points in 5 tables of one XIB family, whose room exceeded the table by
    /// 20 to 27 points; rests on those samples only).
    func fittedColumnWidths(_ node: XIBNode, tableWidth: Double, shrinkBy: Double? = nil) -> [String: Double] {
        let columns = visibleColumns(node)
        guard let room = columnsRoom(node), room > tableWidth else { return [:] }
        var widths = columns.map { $0.double("width") ?? 100 }
        let resizable = columns.indices.filter { columns[$0].child("tableColumnResizingMask")?.peek("resizeWithTable") == "YES" }
        let style = node.peek("columnAutoresizingStyle") ?? "uniform"
        var order: [Int]
        switch style {
        case "none": order = []
        case "lastColumnOnly": order = resizable.last.map { [$0] } ?? []
        case "firstColumnOnly": order = resizable.first.map { [$0] } ?? []
        case "sequential": order = resizable.reversed()
        case "reverseSequential": order = resizable
        default: order = resizable
        }
        // Whole points: a fractional column keeps its fraction (one sample: 372.09 -> 363.09).
        var delta = shrinkBy.map { -$0 }
            ?? ((tableWidth - 12) - (widths.reduce(0, +) + Double(columns.count - 1) * intercellWidth(node))).rounded()
        func clamp(_ k: Int, _ w: Double) -> Double {
            min(max(w, columns[k].double("minWidth") ?? 10), columns[k].double("maxWidth") ?? .greatestFiniteMagnitude)
        }
        if style == "uniform" || !["none", "lastColumnOnly", "firstColumnOnly", "sequential", "reverseSequential"].contains(style) {
            // Equal whole-point shares, the first columns taking the remainder.
            let n = Double(order.count)
            if n > 0 {
                let share = (delta / n).rounded(.towardZero)
                var rest = delta - share * n
                for k in order {
                    let extra = rest == 0 ? 0 : (rest > 0 ? min(1, rest) : max(-1, rest))
                    rest -= extra
                    widths[k] = clamp(k, widths[k] + share + extra)
                }
            }
        } else {
            for k in order where delta != 0 {
                let w = clamp(k, widths[k] + delta)
                delta -= w - widths[k]
                widths[k] = w
            }
        }
        var out: [String: Double] = [:]
        for (k, c) in columns.enumerated() {
            if let id = c.peek("id"), widths[k] != (c.double("width") ?? 100) { out[id] = widths[k] }
        }
        return out
    }

    func encodeTableView(_ node: XIBNode, superview: Int?, clipSize: (Double, Double)?) -> Int {
        encodeTable(node, superview: superview, clipSize: clipSize).0
    }

    func encodeTable(_ node: XIBNode, superview: Int?, clipSize: (Double, Double)?) -> (Int, TableFacts) {
        let outline = node.isNamed("outlineView")
        var (i, e, cls) = beginView(node, outline ? "NSOutlineView" : "NSTableView")
        node.markUsed("columnAutoresizingStyle", "alternatingRowBackgroundColors", "multipleSelection", "emptySelection",
                      "columnReordering", "columnResizing", "autosaveColumns", "headerView", "rowHeight", "rowSizeStyle", "viewBased",
                      "indentationPerLevel", "autoresizesOutlineColumn", "outlineTableColumn", "typeSelect", "autosaveName",
                      "selectionHighlightStyle", "usesAutomaticRowHeights", "indentationMarkerFollowsCell", "allowsExpansionToolTips",
                      "floatsGroupRows", "tableStyle", "gridStyleMask", "intercellSpacing", "autosaveExpandedItems",
                      "allowsColumnSelection", "columnSelection", "allowsEmptySelection", "allowsMultipleSelection", "dataSource", "delegate",
                      "verticalMotionCanBeginDrag", "allowsTypeSelect", "userInterfaceLayoutDirection")
        let viewBased = node.peek("viewBased", is: "YES")
        let spacing = node.children.first { $0.isNamed("size") && $0.peek("key", is: "intercellSpacing") }
        if let spacing { ctx.ignore(spacing) }
        let sw = spacing?.double("width") ?? 3, sh = spacing?.double("height") ?? 2
        let rowHeight = prototypeRowHeight(node) ?? node.double("rowHeight") ?? 17
        // Header view.
        var headerView: Int?
        var headerNode: XIBNode?
        // Table frame after tiling: never narrower than the clip view; below a header it fills the clip.
        let xr = Rect(node.child("rect", key: "frame")) ?? Rect()
        var tableFrame = xr
        if let hid = node.peek("headerView"), let hn = ctx.element(withID: hid) { headerNode = hn }
        var fitted: [String: Double] = [:]
        if let clipSize {
            tableFrame.w = clipSize.0
            if let need = widthColumnsNeed(node, tableWidth: xr.w), need > clipSize.0 {
                tableFrame.w = need
            } else {
                var sv: XIBNode? = node.parent
                while let s = sv, !s.isNamed("scrollView") { sv = s.parent }
                let vs = sv?.children.first { $0.peek("key", is: "verticalScroller") }
                let r = Rect(vs?.child("rect", key: "frame"))
                let unplaced = r.map { $0.x < 0 || $0.y < 0 || $0.w <= 0 || $0.h <= 0 } ?? false
                fitted = fittedColumnWidths(node, tableWidth: tableFrame.w, shrinkBy: unplaced ? 29 : nil)
            }
            if let hn = headerNode {
                let hh = (Rect(hn.child("rect", key: "frame")) ?? Rect()).h
                tableFrame.h = clipSize.1 - hh
                // A view-based table holds one row per prototype at design time (IB shows each prototype once):
                // a row taller than the visible height makes the table that tall (test24_tables_elastic, 2 tables
                // with 52- and 75-point rows below a 47-point visible height; one sample document).
                if viewBased, prototypeRowHeight(node) != nil { tableFrame.h = max(tableFrame.h, rowHeight + sh) }
            }
        }
        if let hn = headerNode {
            headerView = encodeTableHeaderView(hn, table: i, width: clipSize == nil ? nil : tableFrame.w)
        }
        // Corner view (synthesized).
        var scrollNode: XIBNode? = node.parent
        while let s = scrollNode, !s.isNamed("scrollView") { scrollNode = s.parent }
        let vScroller = scrollNode?.children.first { $0.peek("key", is: "verticalScroller") }
        var ce = Entries()
        ce.null("NSNextResponder")
        ce.null("NSNibTouchBar")
        // The corner view is hidden with a hidden vertical scroller when the scroll view has no horizontal scroller.
        // With a header view this is NSScrollView's tiling: the corner view is placed above the vertical scroller
        // (a subview of the scroll view, see encodeScrollView) and shown only with it; with a horizontal scroller
        // it is not placed and stays as NSTableView made it, visible (test17_scrollhiding, test24_tables_elastic,
        // test_6col, the outline samples). A header-less table's corner view is never placed, yet Apple's archives
        // differ: hidden in scrollview_table and transmission_MainMenu, visible in sv_nohs_wide_col and
        // sv_nohs_small_vs. No attribute, structure (window or top-level view, scroller frames, border) or archived
        // scroller state separates the two pairs of documents; only the Interface Builder version that saved them
        // does (22503 and 24506 against 14460.31 and 9059), so the header-less case keeps the rule above.
        let noHS = scrollNode?.peek("hasHorizontalScroller") == "NO"
        let vsHidden = vScroller?.peek("hidden") == "YES"
        ce.int("NSvFlags", vsHidden && noHS ? Int(Int32(bitPattern: 0x8000_0100)) : 256)
        if let vScroller, !vsHidden, let sr = Rect(scrollNode?.child("rect", key: "frame")) {
            let hh = headerNode.map { (Rect($0.child("rect", key: "frame")) ?? Rect()).h } ?? 28
            _ = vScroller
            ce.obj("NSFrame", str(rectString(sr.w - 18, 1, 18, hh)))
        } else {
            ce.obj("NSFrameSize", str("{17, 28}"))
        }
        ce.bool("NSViewWantsBestResolutionOpenGLSurface", true)
        ce.null("IBNSSafeAreaLayoutGuide")
        ce.null("IBNSLayoutMarginsGuide")
        ce.int("IBNSClipsToBounds", 0)
        let corner = b.graph.add(NibObject(className: "_NSCornerView", entries: ce.list))
        // Columns.
        var columns: [Int] = []
        var reusable: [(String, Int)] = []
        let rowInset = prototypeRowInset(node)
        let outlineSpans = outline ? outlinePrototypeSpans(node) : [:]
        if let cols = node.child("tableColumns") {
            for (n, c) in cols.children.enumerated() where c.isNamed("tableColumn") {
                let (ci, protos) = encodeTableColumn(c, table: i, index: n, viewBased: viewBased, width: c.peek("id").flatMap { fitted[$0] },
                                                   rowInset: rowInset, cellSpan: c.peek("id").flatMap { outlineSpans[$0] })
                columns.append(ci)
                reusable.append(contentsOf: protos)
            }
        }
        var o = ViewOptions()
        o.mask = 18
        o.frame = tableFrame
        o.hugging = (250, 750)
        o.alwaysSubviews = viewBased
        viewKeys(node, index: i, superview: superview, e: &e, o)
        controlKeys(node, cell: nil, cellIndex: nil, e: &e, ControlOptions(sendActionMask: 0, writingDirection: 0, alignment: 0))
        if let headerView { e.obj("NSHeaderView", headerView) }
        e.obj("NSCornerView", corner)
        e.obj("NSTableColumns", b.mutableArray(columns))
        e.double("NSIntercellSpacingWidth", sw)
        e.double("NSIntercellSpacingHeight", sh)
        if let c = color(node, "backgroundColor") { e.obj("NSBackgroundColor", c) }
        if let c = color(node, "gridColor") { e.obj("NSGridColor", c) }
        e.double("NSRowHeight", rowHeight)
        var tv = 1 << 25
        if node.peek("columnReordering") != "NO" { tv |= 1 << 31 }
        if node.peek("columnResizing") != "NO" { tv |= 1 << 30 }
        // Bit layout as GNUstep's NSTableView coder reads it: 29 draws a grid, 26 allows column selection. The one
        // compiled table with grid lines or column selection (appkit-samples/test_table_vignettes) has vertical and
        // horizontal lines and column selection, and both bits.
        let grid = node.child("tableViewGridLines")
        if let grid { ctx.ignore(grid) }
        var gm = 0
        if grid?.peek("vertical") == "YES" { gm |= 1 }
        if grid?.peek("horizontal") == "YES" { gm |= 2 }
        if grid?.peek("dashed") == "YES" { gm |= 8 }  // NSTableViewDashedHorizontalGridLineMask
        if gm != 0 { tv |= 1 << 29 }
        if node.peek("emptySelection") != "NO" { tv |= 1 << 28 }
        if node.peek("multipleSelection") != "NO" { tv |= 1 << 27 }
        if node.peek("columnSelection", is: "YES") { tv |= 1 << 26 }
        if node.peek("autosaveColumns") != "NO" { tv |= 1 << 24 }
        if node.peek("alternatingRowBackgroundColors", is: "YES") { tv |= 1 << 23 }
        // Bits 21–22 (GNUstep: unknown) compare the room the columns take — their widths, the spacing between
        // them and 32 points, the same measure a table grows to — with the table's width: bit 22 when they
        // fill it (or more), bit 21 when they leave room or the table grew wider than its clip view. This holds
        // for the 27 tables of the Apple-compiled pairs with their archived (fitted) column widths.
        let columnRoom = columnsRoom(node, widths: fitted)
        let wider = clipSize.map { tableFrame.w > $0.0 } ?? false
        if let columnRoom, columnRoom >= tableFrame.w { tv |= 1 << 22 }
        if columnRoom.map({ $0 < tableFrame.w }) ?? true || wider { tv |= 1 << 21 }
        let autoresizing = ["none": 0, "uniform": 1, "sequential": 2, "reverseSequential": 3, "lastColumnOnly": 4, "firstColumnOnly": 5][node.peek("columnAutoresizingStyle") ?? ""] ?? 1
        if autoresizing == 1 { tv |= 1 << 15 }
        e.int("NSTvFlags", Int(Int32(truncatingIfNeeded: tv)))
        e.null("NSDelegate")
        e.null("NSDataSource")
        if let a = node.peek("autosaveName") { e.obj("NSAutosaveName", str(a)) }
        if gm != 0 { e.int("NSGridStyleMask", gm) }
        e.int("NSColumnAutoresizingStyle", autoresizing)
        e.int("NSDraggingSourceMaskForLocal", -1)
        e.int("NSDraggingSourceMaskForNonLocal", 0)
        e.bool("NSAllowsTypeSelect", node.peek("typeSelect") != "NO")
        let sourceList = node.peek("selectionHighlightStyle", is: "sourceList")
        e.int("NSTableViewDraggingDestinationStyle", sourceList ? 1 : 0)
        if !reusable.isEmpty {
            let sorted = reusable.sorted { $0.0.utf8.lexicographicallyPrecedes($1.0.utf8) }
            e.obj("NSTableViewArchivedReusableViewsKey", b.dictionary("NSMutableDictionary", sorted.map { (str($0.0), $0.1) }))
        }
        e.int("NSTableViewGroupRowStyle", 1)
        if let s = node.peek("selectionHighlightStyle") { e.int("NSTableViewSelectionHighlightStyle", ["none": -1, "regular": 0, "sourceList": 1][s] ?? 0) }
        if node.peek("usesAutomaticRowHeights", is: "YES") { e.bool("NSTableViewUseARH", true) }
        if outline {
            if node.peek("autoresizesOutlineColumn") != "YES" { e.bool("NSOutlineViewAutoresizesOutlineColumnKey", false) }
            e.float("NSOutlineViewIndentationPerLevelKey", node.double("indentationPerLevel") ?? 16)
            e.bool("NSOutineViewStronglyReferencesItems", true)
            if node.peek("indentationMarkerFollowsCell", is: "NO") { e.bool("NSOutlineViewIndentationMarkerFollowsCellKey", false) }
        }
        finish(i, cls, e)
        collectConnections(node, source: i)
        var facts = TableFacts(headerView: headerView, headerNode: headerNode, cornerView: corner, rowHeight: rowHeight, intercellHeight: sh)
        facts.docWider = clipSize.map { tableFrame.w > $0.0 } ?? false
        facts.docWidth = tableFrame.w
        facts.docHeight = tableFrame.h
        facts.docTaller = clipSize.map { tableFrame.h + (headerNode.map { (Rect($0.child("rect", key: "frame")) ?? Rect()).h } ?? 0) > $0.1 } ?? false
        return (i, facts)
    }

    func encodeTableHeaderView(_ node: XIBNode, table: Int, width: Double?) -> Int {
        // A header view of a custom class is class-swapped like other views; its connections (a menu
        // outlet, say) are archived like any view's.
        var (i, e, cls) = beginView(node, "NSTableHeaderView")
        var o = ViewOptions()
        if let width {
            var r = Rect(node.child("rect", key: "frame")) ?? Rect()
            r.w = width
            o.frame = r
        }
        o.mask = autoresizingMask(node) ?? 0
        viewKeys(node, index: i, superview: table, e: &e, o)
        e.obj("NSTableView", table)
        finish(i, cls, e)
        collectConnections(node, source: i)
        return i
    }

    /// The row height of a view-based table whose prototype cell views all have one height: that height. IB
    /// sizes such a table's rows to its prototypes, and the `rowHeight` it saves can be stale (test24_tables_elastic:
    /// `rowHeight="24"` beside 52- and 75-point prototypes, archived as 52 and 75). Prototypes of different
    /// heights (transmission_MainMenu: 18, 22 and 62) leave the XIB's row height, as do cell-based tables.
    func prototypeRowHeight(_ table: XIBNode) -> Double? {
        guard table.peek("viewBased", is: "YES"), let columns = table.child("tableColumns") else { return nil }
        var heights: Set<Double> = []
        for column in columns.children where column.isNamed("tableColumn") {
            for protos in column.children where protos.isNamed("prototypeCellViews") {
                for cell in protos.children where isView(cell) {
                    guard let h = Rect(cell.child("rect", key: "frame"))?.h, h > 0, h.isFinite else { return nil }
                    heights.insert(h)
                }
            }
        }
        return heights.count == 1 ? heights.first : nil
    }

    /// How far the prototype cell views of a view-based table move right when archived: a table whose style
    /// is inset — `tableStyle="inset"`, or no style (automatic, which resolves to inset for a table outside a
    /// source list since macOS 11) — draws its rows inset horizontally, and a cell of the first column then
    /// starts at half the intercell spacing plus the 10-point row inset. IB writes some documents with their
    /// cells laid out without the inset (the first cell at half the spacing); those move by the inset, the others
    /// (already inset) stay. The first cell's position holds for the 8 view-based tables of the Apple-compiled
    /// AppKit pairs: 6 with their cells at half the spacing, moved; 2 (HSChooserWindow, transmission_MainMenu)
    /// already at 11. Later columns move by the same 10 points in the 5 tables of test17_scrollhiding and
    /// test24_tables_elastic. View-based outline views lay their cells out from the columns instead (see
    /// `outlinePrototypeSpans`).
    func prototypeRowInset(_ table: XIBNode) -> Double {
        let style = table.peek("tableStyle")
        guard table.peek("viewBased", is: "YES"), style == nil || style == "automatic" || style == "inset",
              let firstColumn = table.child("tableColumns")?.children.first(where: { $0.isNamed("tableColumn") }),
              let protos = firstColumn.child("prototypeCellViews"),
              let cell = protos.children.first(where: { isView($0) }),
              let x = Rect(cell.child("rect", key: "frame"))?.x else { return 0 }
        let spacing = table.children.first { $0.isNamed("size") && $0.peek("key", is: "intercellSpacing") }?.double("width") ?? 3
        return x == (spacing / 2).rounded(.down) ? 10 : 0
    }

    /// Where a prototype cell view sits in its row: its x and width.
    struct CellSpan: Equatable {
        var x: Double
        var width: Double
    }

    /// The spans of the prototype cell views of a view-based outline view, by column id: NSOutlineView lays its
    /// prototypes out as cells of a row (`-frameOfCellAtColumn:row:`), not where the XIB saved them. The row is the
    /// table's width when first tiled — the clip view beside a visible vertical scroller of the legacy regular
    /// width, 17 points, whatever its control size — less the 10-point row inset on each side for the inset style
    /// (`tableStyle="inset"`, or none: automatic); the columns are fitted to it (the difference shared by the
    /// columns that resize with the table, as the column autoresizing style says, within their minimum and maximum
    /// widths), and a column's cell is its width, half the intercell spacing in from the column's start. The
    /// archived columns keep the XIB's widths. Two outline views hold this: transmission_MainMenu (one column grown
    /// from 448 to the 458-point row) and reusable_views_order (three columns, the first shrunk from 218 to 203
    /// beside a small vertical scroller); tables of the corpus keep their XIB frames (see `prototypeRowInset`).
    func outlinePrototypeSpans(_ node: XIBNode) -> [String: CellSpan] {
        let style = node.peek("tableStyle")
        guard node.peek("viewBased", is: "YES") else { return [:] }
        var scroll: XIBNode? = node.parent
        while let s = scroll, !s.isNamed("scrollView") { scroll = s.parent }
        guard let scroll, let sr = Rect(scroll.child("rect", key: "frame")), sr.w.isFinite, sr.w > 0 else { return [:] }
        let columns = visibleColumns(node)
        guard !columns.isEmpty else { return [:] }
        let border = scroll.peek("borderType", is: "none") ? 0.0 : 1.0
        let vs = scroll.children.first { $0.peek("key", is: "verticalScroller") }
        let vsShown = vs != nil && vs?.peek("hidden") != "YES" && scroll.peek("hasVerticalScroller") != "NO"
        let inset = style == nil || style == "automatic" || style == "inset" ? 10.0 : 0
        let row = sr.w - 2 * border - (vsShown ? 17 : 0) - 2 * inset
        let spacing = intercellWidth(node)
        var widths = columns.map { $0.double("width") ?? 100 }
        let resizable = columns.indices.filter { columns[$0].child("tableColumnResizingMask")?.peek("resizeWithTable") == "YES" }
        var order: [Int]
        switch node.peek("columnAutoresizingStyle") ?? "uniform" {
        case "none": order = []
        case "lastColumnOnly": order = resizable.last.map { [$0] } ?? []
        case "firstColumnOnly": order = resizable.first.map { [$0] } ?? []
        case "sequential": order = resizable.reversed()
        default: order = resizable
        }
        func clamp(_ k: Int, _ w: Double) -> Double {
            min(max(w, columns[k].double("minWidth") ?? 10), columns[k].double("maxWidth") ?? .greatestFiniteMagnitude)
        }
        var delta = row - (widths.reduce(0, +) + Double(columns.count) * spacing)
        guard delta.isFinite else { return [:] }
        if ["sequential", "reverseSequential", "lastColumnOnly", "firstColumnOnly"].contains(node.peek("columnAutoresizingStyle") ?? "") {
            // One column at a time, each taking what its limits allow.
            for k in order where delta != 0 {
                let w = clamp(k, widths[k] + delta)
                delta -= w - widths[k]
                widths[k] = w
            }
        } else if !order.isEmpty {
            // Uniform: equal whole-point shares, the first columns taking the remainder.
            let n = Double(order.count)
            let share = (delta / n).rounded(.towardZero)
            var rest = delta - share * n
            for k in order {
                let extra = rest == 0 ? 0 : (rest > 0 ? min(1, rest) : max(-1, rest))
                rest -= extra
                widths[k] = clamp(k, widths[k] + share + extra)
            }
        }
        var spans: [String: CellSpan] = [:]
        var x = inset
        for (k, column) in columns.enumerated() {
            if let id = column.peek("id") { spans[id] = CellSpan(x: x + (spacing / 2).rounded(.down), width: widths[k]) }
            x += widths[k] + spacing
        }
        return spans
    }

    func encodeTableColumn(_ node: XIBNode, table: Int, index: Int, viewBased: Bool, width: Double? = nil,
                           rowInset: Double = 0, cellSpan: CellSpan? = nil) -> (Int, [(String, Int)]) {
        // A custom class (`customClass`, with its module) is swapped in at load time: NSClassSwapper, as for a
        // view (no compiled pair has a custom table column class).
        let (i, swapper, archivedClass) = beginView(node, "NSTableColumn")
        node.markUsed("identifier", "width", "minWidth", "maxWidth", "editable", "hidden", "headerToolTip")
        let ident = node.peek("identifier") ?? "AutomaticTableColumnIdentifier.\(index)"
        var e = swapper
        e.obj("NSIdentifier", str(ident))
        e.double("NSWidth", width ?? node.double("width") ?? 100)
        e.double("NSMinWidth", node.double("minWidth") ?? 10)
        e.double("NSMaxWidth", node.double("maxWidth") ?? 3.4028234663852886e+38)
        if let hc = node.children.first(where: { $0.peek("key", is: "headerCell") }) {
            e.obj("NSHeaderCell", encodeHeaderCell(hc, column: node))
        }
        if let dc = node.children.first(where: { $0.peek("key", is: "dataCell") }) {
            e.obj("NSDataCell", encodeCellElement(dc, control: table))
        }
        var mask = 0
        if let m = node.child("tableColumnResizingMask") {
            ctx.ignore(m)
            if m.peek("resizeWithTable", is: "YES") { mask |= 1 }
            if m.peek("userResizable", is: "YES") { mask |= 2 }
        }
        if mask != 0 { e.int("NSResizingMask", mask); e.bool("NSIsResizeable", true) }
        if node.peek("editable") != "NO" { e.bool("NSIsEditable", true) }
        e.add("NSTableView", .conditionalObject(table))
        if node.peek("hidden", is: "YES") { e.bool("NSHidden", true) }
        if let sd = node.children.first(where: { $0.isNamed("sortDescriptor") }) {
            ctx.ignore(sd)
            var se = Entries()
            se.obj("NSKey", str(sd.peek("sortKey") ?? ""))
            se.bool("NSAscending", sd.peek("ascending") != "NO")
            if let s = sd.peek("selector") { se.obj("NSSelector", str(s)) }
            se.bool("NSReverseNullOrder", false)
            e.obj("NSSortDescriptorPrototype", b.graph.add(NibObject(className: "NSSortDescriptor", entries: se.list)))
        }
        finish(i, archivedClass, e)
        collectConnections(node, source: i)
        var protos: [(String, Int)] = []
        for p in node.children where p.isNamed("prototypeCellViews") {
            p.visited = true
            for cv in p.children where isView(cv) {
                _ = encodePrototypeView(cv, rowInset: rowInset, cellSpan: cellSpan)
                let nib = nestedNib(cv, reuseIdentifier: cv.peek("identifier") ?? ident, rowInset: rowInset, cellSpan: cellSpan)
                protos.append((cv.peek("identifier") ?? ident, nib))
            }
        }
        return (i, protos)
    }

    /// A column's header cell; its title is keyed on the column (`<column id>.headerCell.title`, as ibtool exports it).
    func encodeHeaderCell(_ c: XIBNode, column: XIBNode) -> Int {
        var (i, e, cls) = beginCell(c, "NSTableHeaderCell")
        markCellAttributes(c)
        c.markUsed("title")
        if !c.has("id") { c.visited = true }
        e.int("NSCellFlags", cellFlags(c, type: 1))
        e.int("NSCellFlags2", cellFlags2(c))
        e.obj("NSContents", localizedText(c, owner: column, property: "headerCell.title") ?? str(""))
        if let fn = c.children.first(where: { $0.isNamed("font") }) { ctx.ignore(fn) }
        e.obj("NSSupport", textStyleFont(demi: false))
        if let bg = color(c, "backgroundColor") { e.obj("NSBackgroundColor", bg) }
        if let tc = color(c, "textColor") { e.obj("NSTextColor", tc) }
        finish(i, cls, e)
        return i
    }

    /// The main-archive copy of a prototype cell view (no superview).
    func encodePrototypeView(_ node: XIBNode, rowInset: Double = 0, cellSpan: CellSpan? = nil) -> Int {
        if node.isNamed("tableCellView") { return encodeTableCellView(node, superview: nil, rowInset: rowInset, cellSpan: cellSpan) }
        return encodeView(node, superview: nil)
    }

    /// A table cell view; a prototype's frame moves `rowInset` points right (see `prototypeRowInset`), or takes
    /// its column's span in the row (`cellSpan`, see `outlinePrototypeSpans`), its subviews autoresized to it.
    func encodeTableCellView(_ node: XIBNode, superview: Int?, reuseIdentifier: String? = nil, rowInset: Double = 0,
                             cellSpan: CellSpan? = nil) -> Int {
        var (i, e, cls) = beginView(node, "NSTableCellView")
        var o = ViewOptions()
        let xibFrame = Rect(node.child("rect", key: "frame"))
        if let cellSpan, var r = xibFrame {
            r.x = cellSpan.x
            r.w = cellSpan.width
            o.frame = r
        } else if rowInset != 0, var r = xibFrame {
            r.x += rowInset
            o.frame = r
        }
        o.subviews = encodeSubviews(node, index: i)
        if let cellSpan, let r = xibFrame, r.w != cellSpan.width, node.peek("autoresizesSubviews") != "NO" {
            for n in node.child("subviews")?.children.filter({ isView($0) }) ?? [] {
                guard let id = n.peek("id"), let kid = ctx.objectIndex(forID: id), o.subviews.contains(kid) else { continue }
                autoresizeTree(kid, node: n, oldSize: (r.w, r.h), newSize: (cellSpan.width, r.h))
            }
        }
        o.reuseIdentifier = reuseIdentifier ?? node.peek("identifier")
        viewKeys(node, index: i, superview: superview, e: &e, o)
        finish(i, cls, e)
        collectConnections(node, source: i)
        return i
    }

    /// A complete nested archive for one prototype cell view, wrapped in NSNib.
    func nestedNib(_ cellView: XIBNode, reuseIdentifier: String, rowInset: Double = 0, cellSpan: CellSpan? = nil) -> Int {
        let sub = CompileContext(options: ctx.options, fileName: ctx.fileName, tracker: ctx.tracker, root: cellView, strings: ctx.strings)
        let nestedCompiler = AppKitCompiler(context: sub)
        nestedCompiler.nested = true
        nestedCompiler.direct = direct
        nestedCompiler.autolayout = autolayout
        nestedCompiler.toolsVersion = toolsVersion
        nestedCompiler.storyboard = storyboard
        nestedCompiler.resourceImages = resourceImages
        nestedCompiler.constraintItemIDs = constraintItemIDs
        let owner = sub.builder.graph.add(NibObject(className: "NSCustomObject", entries: [
            NibEntry(key: "NSClassName", value: .object(sub.builder.string("NSObject")))]))
        let view: Int
        if cellView.isNamed("tableCellView") {
            view = nestedCompiler.encodeTableCellView(cellView, superview: nil, reuseIdentifier: reuseIdentifier, rowInset: rowInset,
                                                      cellSpan: cellSpan)
        } else {
            view = nestedCompiler.encodeView(cellView, superview: nil)
        }
        _ = view
        // Application placeholder, appended after the cell view subtree; without the document's class reference
        // (5 pairs whose Application has customClass="NSObject").
        let app = sub.builder.graph.add(NibObject(className: "NSCustomObject", entries: [
            NibEntry(key: "NSClassName", value: .object(sub.builder.string("NSApplication")))]))
        nestedCompiler.finishNested(cellView: cellView, owner: owner, app: app)
        nestedCompiler.canonicalizeNumbers()
        let bytes = HashOrderedKeys.archive(&sub.builder)
        let data = b.graph.add(NibObject(className: "NSData", entries: [NibEntry(key: FoundationKeys.bytes, value: .data(bytes))]))
        var e = Entries()
        e.obj("NSNibFileData", data)
        e.bool("NSNibFileIsKeyed", true)
        e.bool("NSNibFileUseParentBundle", true)
        e.null("NSNibFileImages")
        e.null("NSNibFileSounds")
        return b.graph.add(NibObject(className: "NSNib", entries: e.list))
    }

    /// NSIBObjectData of a nested prototype archive.
    func finishNested(cellView: XIBNode, owner: Int, app: Int) {
        let conns = buildConnectors(connectors)
        var keys: [Int] = []
        var values: [Int] = []
        collectObjectParents(cellView, parent: owner, keys: &keys, values: &values)
        keys.append(app); values.append(owner)
        var oids = [owner]
        oids.append(contentsOf: keys)
        oids.append(contentsOf: conns)
        var oidValues: [Int] = []
        for n in 1...oids.count { oidValues.append(b.number(Int64(n))) }
        var e = Entries()
        e.obj("NSRoot", owner)
        e.obj("NSVisibleWindows", b.collection("NSMutableSet", []))
        // Stack views' decoding-order connectors lead the connections, as in the main archive.
        e.obj("NSConnections", b.mutableArray(stackConnectors + conns))
        e.obj("NSObjectsKeys", b.array(keys))
        e.obj("NSObjectsValues", b.array(values))
        e.obj("NSOidsKeys", b.array(oids))
        e.obj("NSOidsValues", b.array(oidValues))
        e.obj("NSAccessibilityConnectors", b.mutableArray([]))
        e.obj("NSAccessibilityOidsKeys", b.array([]))
        e.obj("NSAccessibilityOidsValues", b.array([]))
        let data = b.graph.add(NibObject(className: "NSIBObjectData", entries: e.list))
        b.graph.objects[0] = NibObject(className: "NSObject", entries: [
            NibEntry(key: "IB.objectdata", value: .object(data)),
            NibEntry(key: "IB.systemFontUpdateVersion", value: .int(1)),
        ])
    }
}
