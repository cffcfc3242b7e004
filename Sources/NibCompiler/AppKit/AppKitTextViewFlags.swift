import XIB

// The text view's flag words beyond the bits every pair shows. The layouts are those of GNUstep's NSTextView
// coder (NSTextViewSharedData's NSFlags; NSTVFlags 0x1 horizontally resizable, 0x2 vertically resizable, 0x4
// owns its text network); the compiled pairs confirm the bits they exercise (selectable, editable, rich text,
// imports graphics, font panel, smart insert/delete, background, horizontally resizable) and none sets undo,
// continuous spell checking, a find panel or a text view without a background.

extension AppKitCompiler {
    /// NSFlags bits of NSTextViewSharedData that do not depend on the editing switches: 0x100 (set on every
    /// text view of the pairs), 0x800 unless `drawsBackground="NO"`, 0x400 for `allowsUndo`, 0x80 for
    /// `continuousSpellChecking`, 0x2000 for `findStyle="panel"` (NSTextView's usesFindPanel).
    func textViewSharedFlags(_ node: XIBNode) -> Int {
        var f = 0x100
        if node.peek("drawsBackground") != "NO" { f |= 0x800 }
        if node.peek("allowsUndo", is: "YES") { f |= 0x400 }
        if node.peek("continuousSpellChecking", is: "YES") { f |= 0x80 }
        if node.peek("findStyle", is: "panel") { f |= 0x2000 }
        return f
    }

    /// NSTVFlags: 0x80 and 0x4 (the text view owns its text network) on every pair; 0x2 unless
    /// `verticallyResizable="NO"` (the pairs' text views are all vertically resizable, with or without the
    /// attribute), 0x1 for `horizontallyResizable="YES"`.
    func textViewFlags(_ node: XIBNode) -> Int {
        var f = 0x84
        if node.peek("verticallyResizable") != "NO" { f |= 0x2 }
        if node.peek("horizontallyResizable", is: "YES") { f |= 0x1 }
        return f
    }
}
