import XIB

/// Menu items and cells among a document's top-level objects (a separator item kept for code to insert, a
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

    /// A top-level menu item or cell; nil for any other element.
    func encodeTopLevelItemOrCell(_ node: XIBNode) -> Int? {
        if node.isNamed("menuItem") { return encodeMenuItem(node, menu: nil, popUpCell: nil) }
        if Self.topLevelCells.contains(node.name) { return encodeCellElement(node, control: nil) }
        return nil
    }
}
