import NibArchive
import XIB

extension AppKitCompiler {
    static let bezelNumbers: [String: Int] = [
        "rounded": 1, "push": 1, "regularSquare": 2, "flexiblePush": 2, "thickSquare": 3, "thickerSquare": 4, "disclosure": 5,
        "shadowlessSquare": 6, "circular": 7, "texturedSquare": 8, "helpButton": 9, "smallSquare": 10, "texturedRounded": 11,
        "toolbar": 11, "roundedRect": 12, "accessoryBarAction": 12, "recessed": 13, "accessoryBar": 13, "roundedDisclosure": 14,
        "pushDisclosure": 14, "inline": 15, "badge": 15,
    ]

    func buttonHugging(_ cell: XIBNode?) -> (Double, Double) {
        switch cell?.peek("bezelStyle") ?? "" {
        case "rounded", "push", "texturedRounded", "toolbar", "recessed", "accessoryBar", "roundedRect", "accessoryBarAction":
            return cell?.peek("type") == "bevel" ? (250, 250) : (250, 750)
        case "helpButton", "disclosure", "roundedDisclosure", "pushDisclosure": return (750, 750)
        default: return (250, 250)
        }
    }

    func encodeButton(_ node: XIBNode, superview: Int?, inStack: Bool) -> Int {
        var (i, e, cls) = beginView(node, "NSButton")
        let cell = cellNode(node)
        var o = ViewOptions()
        o.inStackView = inStack
        o.hugging = buttonHugging(cell)
        o.subviews = encodeSubviews(node, index: i)
        viewKeys(node, index: i, superview: superview, e: &e, o)
        var cellIndex: Int?
        if let cell { cellIndex = encodeButtonCell(cell, control: i, button: node) }
        controlKeys(node, cell: cell, cellIndex: cellIndex, e: &e)
        e.null("IBNSShadowedSymbolConfiguration")
        node.markUsed("imageHugsTitle")
        finish(i, cls, e)
        collectConnections(node, source: i)
        return i
    }

    /// NSButtonFlags / NSButtonFlags2 / NSAuxButtonType from a button or popup cell.
    func buttonFlags(_ c: XIBNode, button: XIBNode?) -> (Int, Int, Int) {
        var f = 0
        var pushIn = false, cc = false, cb = false, cg = false, lc = false, lb = false, lg = false
        if let beh = c.child("behavior") {
            pushIn = beh["pushIn"] == "YES"; cc = beh["changeContents"] == "YES"; cb = beh["changeBackground"] == "YES"
            cg = beh["changeGray"] == "YES"; lc = beh["lightByContents"] == "YES"; lb = beh["lightByBackground"] == "YES"
            lg = beh["lightByGray"] == "YES"
            if beh["doesNotDimImage"] == "YES" { f |= 0x1100 }
        }
        if pushIn { f |= 1 << 31 }
        if cc { f |= 1 << 30 }
        if cb { f |= 1 << 29 }
        if cg { f |= 1 << 28 }
        if lc { f |= 1 << 27 }
        if lb { f |= 1 << 26 }
        if lg { f |= 1 << 25 }
        let border = c.peek("borderStyle")
        if border == "border" || border == "borderAndBezel" || c.peek("bordered", is: "YES") { f |= 1 << 23 }
        switch c.peek("imagePosition") {
        case "only": f |= 0x400000
        case "left": f |= 0x380000
        case "right": f |= 0x280000
        case "below": f |= 0x180000
        case "above": f |= 0x080000
        case "overlaps": f |= 0x480000
        case "leading": f |= 0x380000
        case "trailing": f |= 0x280000
        default: break
        }
        if c.peek("transparent", is: "YES") { f |= 1 << 15 }
        if let inset = Int(c.peek("inset") ?? "") { f |= (inset & 3) << 13 }
        if button?.peek("imageHugsTitle") == "YES" { f |= 1 << 5 }
        let bezel = Self.bezelNumbers[c.peek("bezelStyle") ?? ""] ?? 0
        var f2 = (bezel & 7) | ((bezel & 8) != 0 ? 1 << 5 : 0)
        if c.peek("bezelStyle", is: "recessed") || c.peek("type", is: "recessed") { f2 |= 1 << 3 }
        if let s = c.peek("imageScaling") {
            let scaling = ["proportionallyDown": 0, "axesIndependently": 1, "none": 2, "proportionallyUpOrDown": 3][s] ?? 0
            f2 |= ((scaling + 2) % 4) << 6
        }
        // The cell's key equivalent modifiers are read (the element is handled) but not archived.
        _ = keyEquivalentModifierMask(c)
        var aux: Int
        switch c.peek("type") {
        case "check": aux = 3
        case "radio": aux = 4
        default:
            if (cb || cg) && (lb || lg) { aux = pushIn ? 1 : 6 }
            else if cc || cb || cg { aux = 2 }
            else if lc && !lb && !lg { aux = 5 }
            else if pushIn { aux = 7 }
            else { aux = 0 }
        }
        return (Int(Int32(truncatingIfNeeded: f)), f2, aux)
    }

    func encodeButtonCell(_ c: XIBNode, control: Int?, button: XIBNode?, inMatrix: Bool = false) -> Int {
        var (i, e, cls) = beginCell(c, "NSButtonCell")
        markCellAttributes(c)
        c.markUsed("type", "bezelStyle", "imagePosition", "imageScaling", "inset", "transparent", "bordered", "alternateTitle",
                   "keyEquivalent", "alternateImage", "image", "title", "imageHugsTitle", "showsBorderOnlyWhileMouseInside",
                   "periodicDelay", "periodicInterval", "borderStyle", "buttonType")
        let hasFont = c.children.contains { $0.isNamed("font") }
        e.int("NSCellFlags", cellFlags(c, type: 1, borderBit: false))
        e.int("NSCellFlags2", cellFlags2(c))
        e.obj("NSContents", localizedText(c) ?? str(""))
        if let f = font(c, context: .buttonCell) { e.obj("NSSupport", f) }
        if let control, !inMatrix { e.obj("NSControlView", control) }
        let (f1, f2, aux) = buttonFlags(c, button: button)
        e.int("NSButtonFlags", f1)
        e.int("NSButtonFlags2", f2)
        e.int("NSBezelStyle", Self.bezelNumbers[c.peek("bezelStyle") ?? ""] ?? 0)
        if let img = image(c, "image") { e.obj("NSNormalImage", img) }
        let type = c.peek("type")
        if type == "check" || type == "radio" {
            let src = b.intern(NibObject(className: "NSButtonImageSource", entries: [
                NibEntry(key: "NSImageName", value: .object(str(type == "check" ? "NSSwitch" : "NSRadioButton")))]))
            e.obj("NSAlternateImage", src)
        } else if let alt = image(c, "alternateImage") {
            e.obj("NSAlternateImage", alt)
        }
        if hasFont || c.has("alternateTitle") { e.obj("NSAlternateContents", localizedText(c, "alternateTitle") ?? str("")) }
        e.obj("NSKeyEquivalent", str(keyEquivalent(c) ?? ""))
        e.int("NSPeriodicDelay", Int(c.peek("periodicDelay") ?? "") ?? 400)
        e.int("NSPeriodicInterval", Int(c.peek("periodicInterval") ?? "") ?? 75)
        e.int("NSAuxButtonType", aux)
        buttonColors(of: button, into: &e)
        finish(i, cls, e)
        collectConnections(c, source: i)
        return i
    }

    /// A button's `bezelColor` and `contentTintColor` (macOS 10.12.2 / 10.14; `<color>` children of the control) are
    /// the cell's `NSBezelColor` and `NSContentTintColor`, the keys GNUstep's NSButtonCell coder reads from Apple's nibs.
    /// No compiled pair has either: their place after the older button-cell keys is inferred (properties added later
    /// are encoded after the earlier ones).
    func buttonColors(of button: XIBNode?, into e: inout Entries) {
        guard let button else { return }
        if let bezel = color(button, "bezelColor") { e.obj("NSBezelColor", bezel) }
        if let tint = color(button, "contentTintColor") { e.obj("NSContentTintColor", tint) }
    }

    /// The `NSEventModifierFlags` of `node`'s `<modifierMask key="keyEquivalentModifierMask">` (shift, control,
    /// option, command, function), its element marked handled; nil without one.
    func keyEquivalentModifierMask(_ node: XIBNode) -> Int? {
        guard let mm = node.children.first(where: { $0.isNamed("modifierMask") && $0.peek("key", is: "keyEquivalentModifierMask") }) else { return nil }
        ctx.ignore(mm)
        var m = 0
        if mm.peek("shift", is: "YES") { m |= 1 << 17 }
        if mm.peek("control", is: "YES") { m |= 1 << 18 }
        if mm.peek("option", is: "YES") { m |= 1 << 19 }
        if mm.peek("command", is: "YES") { m |= 1 << 20 }
        if mm.peek("function", is: "YES") { m |= 1 << 23 }
        return m
    }

    func keyEquivalent(_ node: XIBNode) -> String? {
        if let k = node["keyEquivalent"] { return k }
        if let s = node.children.first(where: { $0.isNamed("string") && $0.peek("key", is: "keyEquivalent") }) {
            ctx.ignore(s)
            return s.peek("base64-UTF8", is: "YES") ? decodeBase64String(s.text) : s.text
        }
        return nil
    }
}
