import NibArchive
import XIB

extension AppKitCompiler {
    /// `<control>`: a bare NSControl, the base of a custom control class (a shortcut recorder in Sequel Ace's bundle
    /// editor), with its `<actionCell key="cell">`. No Apple-compiled sample has one, so it is archived with the keys
    /// every control here writes (`viewKeys`, `controlKeys`) and a cell with the keys of NSCell's coder (GNUstep's
    /// libs-gui writes NSCellFlags, NSCellFlags2, NSSupport for the font and NSControlView): its flags from its
    /// attributes as for the other cells, of NSNullCellType (0, an action cell holds no text or image of its own).
    func encodePlainControl(_ node: XIBNode, superview: Int?, inStack: Bool) -> Int {
        encodeControl(node, "NSControl", superview: superview, inStack: inStack) { c, control in
            var (i, e, cls) = self.beginCell(c, "NSActionCell")
            self.markCellAttributes(c)
            e.int("NSCellFlags", self.cellFlags(c, type: 0))
            e.int("NSCellFlags2", self.cellFlags2(c))
            if let f = self.font(c) { e.obj("NSSupport", f) }
            e.obj("NSControlView", control)
            self.finish(i, cls, e)
            return i
        }
    }
}
