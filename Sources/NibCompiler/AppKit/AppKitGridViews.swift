import NibArchive
import XIB

/// NSGridView and its NSGridRow, NSGridColumn and NSGridCell objects.
///
/// What the rules rest on: the keys and their value kinds are GNUstep libs-gui's NSGridView coder (written to read
/// the nibs Interface Builder produces); the enum numbers and defaults are Apple's `NSGridView.h`
/// (`NSGridCellPlacement`: inherited 0, none 1, leading/top 2, trailing/bottom 3, center 4, fill 5;
/// `NSGridRowAlignment`: inherited 0, none 1, firstBaseline 2, lastBaseline 3; grid placement defaults to
/// bottom-leading with no alignment and 6 pt spacing; rows and columns default to inherited placement,
/// `NSGridViewSizeForContent` size and 0 padding). No Apple-compiled pair in the corpus holds a grid view, so key
/// order, the float (not double) width of the sizes and spacings, and the nil entries follow that coder unverified.
///
/// The grid's content views are its subviews (their XIB frames are in the grid's coordinates), in cell order.
/// `NSGrid_cells` is row-major, `rows × columns` long (GNUstep's `cellAtColumnIndex:rowIndex:`): the cells are
/// placed by their `row` and `column` references, and a position no `<gridCell>` names gets an empty cell.
/// Row `rowAlignment` and cell merging (`NSGrid_mergeHead`) have no XIB sample; they stay unread and warn.
extension AppKitCompiler {
    static let gridCellPlacements: [String: Int] = [
        "inherited": 0, "none": 1, "leading": 2, "top": 2, "trailing": 3, "bottom": 3, "center": 4, "fill": 5,
    ]
    static let gridRowAlignments: [String: Int] = ["inherited": 0, "none": 1, "firstBaseline": 2, "lastBaseline": 3]
    /// `NSGridViewSizeForContent`: the smallest normal float (FLT_MIN).
    static let gridSizeForContent = Double(Float.leastNormalMagnitude)
    /// The most cells a grid view is archived with (its cell array is rows × columns long).
    static let maxGridCells = 1 << 16

    func encodeGridView(_ node: XIBNode, superview: Int?, inStack: Bool) -> Int {
        var (i, e, cls) = beginView(node, "NSGridView")
        node.markUsed("xPlacement", "yPlacement", "rowAlignment", "rowSpacing", "columnSpacing")
        let rowNodes = gridParts(node, "rows", "gridRow")
        let columnNodes = gridParts(node, "columns", "gridColumn")
        let rows = rowNodes.map { define($0, "NSGridRow") }
        let columns = columnNodes.map { define($0, "NSGridColumn") }
        for (row, n) in zip(rows, rowNodes) { finish(row, "NSGridRow", gridLineEntries(n, .row, grid: i)) }
        for (column, n) in zip(columns, columnNodes) { finish(column, "NSGridColumn", gridLineEntries(n, .column, grid: i)) }

        // Cells by position; the first cell naming a position wins, a second one is reported. The grid's cell
        // array is rows × columns long, so that product is bounded before anything is placed.
        var positions: [Int: XIBNode] = [:]
        let (cellCount, overflow) = rows.count.multipliedReportingOverflow(by: columns.count)
        let placeable = !overflow && cellCount <= Self.maxGridCells
        if !placeable {
            ctx.warning(at: node, "<gridView>: \(rows.count) rows × \(columns.count) columns is more than \(Self.maxGridCells) cells; the cells are not archived")
        }
        if let list = node.child("gridCells") {
            list.visited = true
            var rowIndex: [String: Int] = [:]
            var columnIndex: [String: Int] = [:]
            for (n, r) in rowNodes.enumerated() { if let id = r.peek("id") { rowIndex[id] = n } }
            for (n, k) in columnNodes.enumerated() { if let id = k.peek("id") { columnIndex[id] = n } }
            for c in list.children {
                guard placeable, c.isNamed("gridCell") else {
                    if placeable { ctx.warning(at: c, "<gridCells>: <\(c.name)> is not a grid cell; ignored") }
                    ctx.ignore(c)
                    continue
                }
                guard let r = c["row"].flatMap({ rowIndex[$0] }), let k = c["column"].flatMap({ columnIndex[$0] }) else {
                    ctx.warning(at: c, "<gridCell>: its row or column is not one of the grid's; ignored")
                    ctx.ignore(c)
                    continue
                }
                let position = r * columns.count + k
                if positions[position] != nil {
                    ctx.warning(at: c, "<gridCell>: a second cell at the same row and column; ignored")
                    ctx.ignore(c)
                    continue
                }
                positions[position] = c
            }
        }
        var cells: [Int] = []
        var contentViews: [Int] = []
        for r in placeable ? rows.indices : 0..<0 {
            for k in columns.indices {
                var ce = Entries()
                let cell: Int
                if let c = positions[r * columns.count + k] {
                    cell = define(c, "NSGridCell")
                    c.markUsed("xPlacement", "yPlacement", "rowAlignment")
                    // A content element that is not a view stays unvisited, so it is reported.
                    if let content = c.children.first(where: { $0.peek("key", is: "contentView") }), isView(content) {
                        let v = encodeView(content, superview: i)
                        contentViews.append(v)
                        ce.obj("NSGrid_content", v)
                    } else {
                        ce.null("NSGrid_content")
                    }
                    gridCellTail(&ce, c, row: rows[r], column: columns[k])
                } else {
                    cell = b.new("NSGridCell")
                    ce.null("NSGrid_content")
                    gridCellTail(&ce, nil, row: rows[r], column: columns[k])
                }
                finish(cell, "NSGridCell", ce)
                cells.append(cell)
            }
        }

        var o = ViewOptions()
        o.inStackView = inStack
        o.subviews = contentViews
        viewKeys(node, index: i, superview: superview, e: &e, o)
        e.int("NSGrid_alignment", Self.gridRowAlignments[node.peek("rowAlignment") ?? ""] ?? 1)
        e.float("NSGrid_columnSpacing", node.double("columnSpacing") ?? 6)
        e.obj("NSGrid_columns", b.mutableArray(columns))
        e.float("NSGrid_rowSpacing", node.double("rowSpacing") ?? 6)
        e.obj("NSGrid_rows", b.mutableArray(rows))
        e.int("NSGrid_xPlacement", Self.gridCellPlacements[node.peek("xPlacement") ?? ""] ?? 2)
        e.int("NSGrid_yPlacement", Self.gridCellPlacements[node.peek("yPlacement") ?? ""] ?? 3)
        e.obj("NSGrid_cells", b.mutableArray(cells))
        finish(i, cls, e)
        collectConnections(node, source: i)
        return i
    }

    /// The `<item>` children of the grid's `<list>` child (rows or columns); other children are reported.
    private func gridParts(_ grid: XIBNode, _ list: String, _ item: String) -> [XIBNode] {
        guard let l = grid.child(list) else { return [] }
        l.visited = true
        var out: [XIBNode] = []
        for c in l.children {
            if c.isNamed(item) { out.append(c) } else { ctx.warning(at: c, "<\(list)>: <\(c.name)> is not a grid part; ignored"); ctx.ignore(c) }
        }
        return out
    }

    /// The attribute names of a grid row (vertical) or column (horizontal): the padding before and after the
    /// line, its size, and the placement of its cells; each is archived as `NSGrid_<name>`.
    private struct GridLineAxis {
        let before, after, size, placement: String
        static let row = GridLineAxis(before: "bottomPadding", after: "topPadding", size: "height", placement: "yPlacement")
        static let column = GridLineAxis(before: "leadingPadding", after: "trailingPadding", size: "width", placement: "xPlacement")
    }

    /// A row's or column's keys, in the order the coder writes them.
    private func gridLineEntries(_ n: XIBNode, _ axis: GridLineAxis, grid: Int) -> Entries {
        n.markUsed("hidden", axis.before, axis.after, axis.size, axis.placement)
        var e = Entries()
        e.bool("NSGrid_hidden", n.peek("hidden", is: "YES"))
        e.float("NSGrid_" + axis.before, n.double(axis.before) ?? 0)
        e.add("NSGrid_owningGrid", .conditionalObject(grid))
        e.float("NSGrid_" + axis.after, n.double(axis.after) ?? 0)
        e.float("NSGrid_" + axis.size, n.double(axis.size) ?? Self.gridSizeForContent)
        e.int("NSGrid_" + axis.placement, Self.gridCellPlacements[n.peek(axis.placement) ?? ""] ?? 0)
        return e
    }

    /// A cell's keys after its content: no merge head, its row and column (held weakly), its placement.
    private func gridCellTail(_ e: inout Entries, _ n: XIBNode?, row: Int, column: Int) {
        e.null("NSGrid_mergeHead")
        e.add("NSGrid_owningRow", .conditionalObject(row))
        e.add("NSGrid_owningColumn", .conditionalObject(column))
        e.int("NSGrid_xPlacement", Self.gridCellPlacements[n?.peek("xPlacement") ?? ""] ?? 0)
        e.int("NSGrid_yPlacement", Self.gridCellPlacements[n?.peek("yPlacement") ?? ""] ?? 0)
        e.int("NSGrid_alignment", Self.gridRowAlignments[n?.peek("rowAlignment") ?? ""] ?? 0)
    }
}
