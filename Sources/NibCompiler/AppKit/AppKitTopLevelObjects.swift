import XIB

/// Menu items, cells, drawers and text finders among a document's top-level objects (a separator item kept for code to insert, a
/// combo box cell a table uses as its data cell, an image cell shared by a storyboard scene).
///
/// What the rule rests on: a top-level object is archived by its own class's coder, the same as where it is
/// nested; only its owner is missing. A top-level menu item is the NSMenuItem of a menu without its `NSMenu`
/// (the key is the containing menu, absent when there is none, as on toolbar menu-form representations); a
/// top-level cell is the cell without `NSControlView` (as the cell encoders already write it when they have no
/// control). No Apple-compiled pair in the corpus holds either at the top level.
extension AppKitCompiler {
    /// Cell elements that may stand at the top level; `encodeCellElement` encodes each of them.
    static let topLevelCells: Set<String> = [
        "buttonCell", "textFieldCell", "searchFieldCell", "secureTextFieldCell", "comboBoxCell", "tokenFieldCell",
        "imageCell", "popUpButtonCell",
    ]

    /// A top-level menu item, cell, drawer or text finder; nil for any other element.
    func encodeTopLevelItemOrCell(_ node: XIBNode) -> Int? {
        if node.isNamed("menuItem") { return encodeMenuItem(node, menu: nil, popUpCell: nil) }
        if Self.topLevelCells.contains(node.name) { return encodeCellElement(node, control: nil) }
        if node.isNamed("drawer") { return encodeDrawer(node) }
        if node.isNamed("textFinder") { return encodeTextFinder(node) }
        return nil
    }

    /// `<drawer>`: NSDrawer's sizes and offsets. Rests on GNUstep libs-gui's NSDrawer coder (`NSContentSize`,
    /// `NSLeadingOffset`, `NSMaxContentSize`, `NSMinContentSize`, `NSPreferredEdge`, `NSTrailingOffset`; the delegate
    /// and parent window only when set, and a document sets them through outlets, archived as connectors) and on
    /// its initializer's defaults for an attribute the document leaves out (left edge, NSMinXEdge 0; leading
    /// offset 0; trailing offset 10 on a left or right edge). No Apple-compiled pair holds a drawer (two corpus
    /// documents do), and the XIB spelling of a non-default edge is unknown: a `preferredEdge` stays unread and
    /// warns.
    func encodeDrawer(_ node: XIBNode) -> Int {
        let i = define(node, "NSDrawer")
        node.markUsed("leadingOffset", "trailingOffset")
        func size(_ key: String) -> String {
            guard let s = node.children.first(where: { $0.isNamed("size") && $0.peek("key", is: key) }) else { return sizeString(0, 0) }
            s.visited = true
            s.markUsed("key")
            return sizeString(s.double("width") ?? 0, s.double("height") ?? 0)
        }
        var e = Entries()
        e.obj("NSContentSize", str(size("contentSize")))
        e.float("NSLeadingOffset", node.double("leadingOffset") ?? 0)
        e.obj("NSMaxContentSize", str(size("maxContentSize")))
        e.obj("NSMinContentSize", str(size("minContentSize")))
        e.int("NSPreferredEdge", 0)
        e.float("NSTrailingOffset", node.double("trailingOffset") ?? 10)
        finish(i, "NSDrawer", e)
        collectConnections(node, source: i)
        return i
    }

    /// `<textFinder>`: NSTextFinder's incremental-search flags. Rests on GNUstep libs-gui's NSTextFinder coder
    /// (`NSFindIndicatorNeedsUpdate`, `NSIncrementalSearchingEnabled`, `NSIncrementalSearchingShouldDimContentView`,
    /// `NSIncrementalMatchRanges`: no match ranges in a fresh finder) and Apple's documented defaults for an
    /// attribute left out (incremental searching off, dimming the content view on); its client and find bar
    /// container are outlets. No Apple-compiled pair holds one (one corpus storyboard does).
    func encodeTextFinder(_ node: XIBNode) -> Int {
        let i = define(node, "NSTextFinder")
        node.markUsed("incrementalSearchingEnabled", "incrementalSearchingShouldDimContentView")
        var e = Entries()
        e.bool("NSFindIndicatorNeedsUpdate", false)
        e.bool("NSIncrementalSearchingEnabled", node.peek("incrementalSearchingEnabled", is: "YES"))
        e.bool("NSIncrementalSearchingShouldDimContentView", node.peek("incrementalSearchingShouldDimContentView") != "NO")
        e.null("NSIncrementalMatchRanges")
        finish(i, "NSTextFinder", e)
        collectConnections(node, source: i)
        return i
    }
}
