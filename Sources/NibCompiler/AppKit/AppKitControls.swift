import NibArchive
import XIB

/// Control-level defaults that differ per class.
struct ControlOptions {
    var sendActionMask = 4
    var writingDirection = -1
    var alignment: Int? = nil
    var continuous: Bool? = nil
    var refuses: Bool? = nil
    var hasCell = true
}

extension AppKitCompiler {
    static let lineBreakModes: [String: Int] = [
        "wordWrapping": 0, "charWrapping": 1, "clipping": 2, "truncatingHead": 3, "truncatingTail": 4, "truncatingMiddle": 5,
    ]
    static let controlSizes: [String: Int] = ["regular": 0, "small": 1, "mini": 2, "large": 3]
    static let modernAlignment: [String: Int] = ["left": 0, "center": 1, "right": 2, "justified": 3, "natural": 4]
    static let legacyAlignment: [String: Int] = ["left": 0, "right": 1, "center": 2, "justified": 3, "natural": 4]

    /// The `key="cell"` child of a control.
    func cellNode(_ node: XIBNode) -> XIBNode? {
        node.children.first { $0.peek("key", is: "cell") }
    }

    /// NSControl keys (NSTag … NSControlSendActionMask).
    func controlKeys(_ node: XIBNode, cell: XIBNode?, cellIndex: Int?, e: inout Entries, _ o: ControlOptions = ControlOptions()) {
        if let t = node["tag"], let v = Int(t) { e.int("NSTag", v) }
        let enabled = node["enabled"] != "NO" && cell?.peek("enabled") != "NO"
        e.bool("NSEnabled", enabled)
        if let c = cellIndex { e.obj("NSCell", c) }
        e.bool("NSAllowsLogicalLayoutDirection", false)
        if node["allowsExpansionToolTips"] == "YES" { e.bool("NSControlAllowsExpansionToolTips", true) }
        e.int("NSControlSize", Self.controlSizes[cell?.peek("controlSize") ?? node.peek("controlSize") ?? ""] ?? 0)
        e.bool("NSControlContinuous", o.continuous ?? (cell?.peek("continuous") == "YES" || node.peek("continuous", is: "YES")))
        e.bool("NSControlRefusesFirstResponder", o.refuses ?? (cell?.peek("refusesFirstResponder") == "YES" || node.peek("refusesFirstResponder", is: "YES")))
        e.bool("NSControlUsesSingleLineMode", cell?.peek("usesSingleLineMode") == "YES")
        if let a = o.alignment {
            e.int("NSControlTextAlignment", a)
        } else {
            e.int("NSControlTextAlignment", Self.modernAlignment[cell?.peek("alignment") ?? ""] ?? 4)
        }
        e.int("NSControlLineBreakMode", Self.lineBreakModes[cell?.peek("lineBreakMode") ?? ""] ?? 0)
        e.int("NSControlWritingDirection", o.writingDirection)
        e.int("NSControlSendActionMask", o.sendActionMask)
    }

    /// NSCellFlags (§5.4).
    func cellFlags(_ c: XIBNode, type: Int, borderBit: Bool = true) -> Int {
        var v = 0
        let selectable = c.peek("selectable", is: "YES"), editable = c.peek("editable", is: "YES")
        if selectable || editable { v |= 1 | (1 << 21) }
        if let lb = c.peek("lineBreakMode"), lb == "clipping" || lb.hasPrefix("truncating") { v |= 1 << 6 }
        if c.peek("continuous", is: "YES") { v |= 1 << 19 }
        if c.peek("scrollable", is: "YES") { v |= 1 << 20 }
        let border = c.peek("borderStyle")
        if border == "bezel" || border == "borderAndBezel" { v |= 1 << 22 }
        if borderBit, border == "border" { v |= 1 << 23 }
        v |= type << 26
        if editable { v |= 1 << 28 }
        if c.peek("state", is: "on") { v |= 1 << 31 }
        return Int(Int32(truncatingIfNeeded: v))
    }

    /// NSCellFlags2 (§5.5).
    func cellFlags2(_ c: XIBNode, alignment: Bool = true) -> Int {
        var v = 0
        if c.peek("usesSingleLineMode", is: "YES") { v |= 1 << 6 }
        if c.peek("truncatesLastVisibleLine", is: "YES") { v |= 1 << 8 }
        v |= (Self.lineBreakModes[c.peek("lineBreakMode") ?? ""] ?? 0) << 9
        if c.peek("allowsUndo", is: "NO") { v |= 1 << 12 }
        switch c.peek("focusRingType") { case "none": v |= 1 << 15; case "exterior": v |= 2 << 15; default: break }
        v |= (Self.controlSizes[c.peek("controlSize") ?? ""] ?? 0) << 17
        if c.peek("sendsActionOnEndEditing", is: "YES") { v |= 1 << 22 }
        if c.peek("allowsMixedState", is: "YES") { v |= 1 << 24 }
        if c.peek("refusesFirstResponder", is: "YES") { v |= 1 << 25 }
        if alignment { v |= (Self.legacyAlignment[c.peek("alignment") ?? ""] ?? 4) << 26 }
        if c.peek("importsGraphics", is: "YES") { v |= 1 << 29 }
        if c.peek("allowsEditingTextAttributes", is: "YES") { v |= 1 << 30 }
        return Int(Int32(truncatingIfNeeded: v))
    }

    /// Marks the cell attributes handled by the flag words.
    func markCellAttributes(_ c: XIBNode) {
        c.markUsed("selectable", "editable", "lineBreakMode", "continuous", "scrollable", "borderStyle", "state", "usesSingleLineMode",
                   "truncatesLastVisibleLine", "allowsUndo", "focusRingType", "controlSize", "sendsActionOnEndEditing",
                   "allowsMixedState", "refusesFirstResponder", "alignment", "importsGraphics", "allowsEditingTextAttributes",
                   "enabled", "baseWritingDirection", "textDirection", "allowsCharacterPickerTouchBarItem", "tag", "identifier")
    }

    /// The cell's own key order head: swapper keys when it has a custom class.
    func beginCell(_ c: XIBNode, _ cls: String) -> (Int, Entries, String) {
        beginView(c, cls)
    }

    /// A user-visible text read as `titleText` reads it (from `source`), archived by `ctx.localizable`: an
    /// `NSLocalizableString` keyed `<owner id>.<property>` in Base-localized documents, else a plain string.
    /// `owner` defaults to `source` and `property` to `attr`.
    func localizedText(_ source: XIBNode, _ attr: String = "title", owner: XIBNode? = nil, property: String? = nil) -> Int? {
        guard let text = titleText(source, attr) else { return nil }
        return ctx.localizable(text, owner: owner ?? source, property: property ?? attr, source: source, name: attr)
    }

    /// Title text: `title` attribute or `<string key="title">`.
    func titleText(_ node: XIBNode, _ attr: String = "title") -> String? {
        if let t = node[attr] { return t }
        if let s = node.children.first(where: { $0.isNamed("string") && $0.peek("key") == attr }) {
            ctx.ignore(s)
            return s.peek("base64-UTF8", is: "YES") ? decodeBase64String(s.text) : s.text
        }
        return nil
    }
}
