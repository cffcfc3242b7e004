import NibArchive
import XIB

extension AppKitCompiler {
    static let systemMenuNames: [String: String] = [
        "main": "_NSMainMenu", "apple": "_NSAppleMenu", "services": "_NSServicesMenu", "window": "_NSWindowsMenu",
        "recentDocuments": "_NSRecentDocumentsMenu", "font": "_NSFontMenu", "help": "_NSHelpMenu",
    ]

    /// `<menu>`: `popUpCell` is the owning popup cell (items get `_popUpItemAction:`), `pullDown` hides item 0.
    func encodeMenu(_ node: XIBNode, parentItem: Int?, popUpCell: Int? = nil, pullDown: Bool = false) -> Int {
        // A menu of a custom class is swapped in at load time like any other non-view object
        // (NSClassSwapper with NSClassName / NSOriginalClassName).
        let (i, swapper, archivedClass) = beginView(node, "NSMenu")
        node.markUsed("autoenablesItems", "systemMenu", "title", "userLabel", "showsStateColumn", "identifier")
        var items: [Int] = []
        if let list = node.child("items") {
            for (n, it) in list.children.enumerated() where it.isNamed("menuItem") {
                items.append(encodeMenuItem(it, menu: i, popUpCell: popUpCell, hideFirst: pullDown && n == 0))
            }
        }
        var e = swapper
        e.obj("NSTitle", localizedTitle(node))
        e.obj("NSMenuItems", b.mutableArray(items))
        if node.peek("autoenablesItems", is: "NO") { e.bool("NSNoAutoenable", true) }
        if let s = node.peek("systemMenu"), let n = Self.systemMenuNames[s] { e.obj("NSName", str(n)) }
        finish(i, archivedClass, e)
        collectConnections(node, source: i)
        return i
    }

    func encodeMenuItem(_ node: XIBNode, menu: Int?, popUpCell: Int?, hideFirst: Bool = false) -> Int {
        let (i, swapper, archivedClass) = beginView(node, "NSMenuItem")  // a custom class: NSClassSwapper, as for a menu
        node.markUsed("state", "image", "secondaryImage", "alternate", "hidden", "enabled", "isSeparatorItem", "tag", "title",
                      "keyEquivalent", "identifier", "indentationLevel", "toolTip", "allowsKeyEquivalentWhenHidden")
        let separator = node.peek("isSeparatorItem", is: "YES")
        var e = swapper
        if let menu { e.add("NSMenu", .conditionalObject(menu)) }
        if node.peek("enabled", is: "NO") || separator { e.bool("NSIsDisabled", true) }
        if separator { e.bool("NSIsSeparator", true) }
        if node.peek("hidden", is: "YES") || hideFirst { e.bool("NSIsHidden", true) }
        if node.peek("alternate", is: "YES") { e.bool("NSIsAlternate", true) }
        e.bool("NSAllowsKeyEquivalentLocalization", true)
        e.bool("NSAllowsKeyEquivalentMirroring", true)
        let actionImage = image(node, "secondaryImage")
        if actionImage != nil { e.bool("NSHasActionImage", true) }
        e.obj("NSTitle", localizedTitle(node))
        if let attributed = menuItemAttributedTitle(node) { e.obj("NSAttributedTitle", attributed) }
        e.obj("NSKeyEquiv", str(keyEquivalent(node) ?? ""))
        var mask: Int? = separator ? nil : 1 << 20
        if let m = keyEquivalentModifierMask(node) { mask = m == 0 ? nil : m }
        if let mask { e.int("NSKeyEquivModMask", mask) }
        e.int("NSMnemonicLoc", 2_147_483_647)
        if let a = actionImage { e.obj("NSActionImage", a) }
        switch node.peek("state") {
        case "on": e.int("NSState", 1)
        case "mixed": e.int("NSState", -1)
        default: break
        }
        if let img = image(node, "image") { e.obj("NSImage", img) }
        e.obj("NSOnImage", imageResource("NSMenuCheckmark"))
        e.obj("NSMixedImage", imageResource("NSMenuMixedState"))
        let sub = node.children.first { $0.isNamed("menu") && $0.peek("key", is: "submenu") }
        var subIndex: Int?
        if let sub { subIndex = encodeMenu(sub, parentItem: i) }
        if subIndex != nil {
            e.obj("NSAction", str("submenuAction:"))
        } else if popUpCell != nil {
            e.obj("NSAction", str("_popUpItemAction:"))
        }
        if let t = Int(node.peek("tag") ?? ""), t != 0 { e.int("NSTag", t) }
        if let subIndex { e.obj("NSTarget", subIndex) } else if let p = popUpCell { e.obj("NSTarget", p) }
        if let subIndex { e.obj("NSSubmenu", subIndex) }
        e.bool("NSHiddenInRepresentation", false)
        finish(i, archivedClass, e)
        collectConnections(node, source: i)
        return i
    }

    func encodePopUpButton(_ node: XIBNode, superview: Int?, inStack: Bool) -> Int {
        var (i, e, cls) = beginView(node, "NSPopUpButton")
        let cell = cellNode(node)
        var o = ViewOptions()
        o.inStackView = inStack
        o.hugging = (250, 750)
        o.subviews = encodeSubviews(node, index: i)
        viewKeys(node, index: i, superview: superview, e: &e, o)
        var cellIndex: Int?
        if let cell { cellIndex = encodePopUpButtonCell(cell, control: i, button: node) }
        controlKeys(node, cell: cell, cellIndex: cellIndex, e: &e)
        e.null("IBNSShadowedSymbolConfiguration")
        finish(i, cls, e)
        collectConnections(node, source: i)
        return i
    }

    func encodePopUpButtonCell(_ c: XIBNode, control: Int?, button: XIBNode? = nil) -> Int {
        var (i, e, cls) = beginCell(c, "NSPopUpButtonCell")
        markCellAttributes(c)
        c.markUsed("type", "bezelStyle", "imagePosition", "imageScaling", "inset", "selectedItem", "pullsDown", "preferredEdge",
                   "arrowPosition", "altersStateOfSelectedItem", "usesItemFromMenu", "title", "autoenablesItems", "alternateTitle",
                   "keyEquivalent", "bordered", "borderStyle")
        let pullDown = c.peek("pullsDown", is: "YES")
        e.int("NSCellFlags", cellFlags(c, type: 1, borderBit: false))
        e.int("NSCellFlags2", cellFlags2(c))
        e.obj("NSContents", str(titleText(c) ?? ""))
        if let f = font(c, context: .popUp) { e.obj("NSSupport", f) }
        if let control { e.obj("NSControlView", control) }
        let (f1, f2, aux) = buttonFlags(c, button: nil)
        e.int("NSButtonFlags", f1)
        e.int("NSButtonFlags2", f2)
        e.int("NSBezelStyle", Self.bezelNumbers[c.peek("bezelStyle") ?? ""] ?? 0)
        // NSPopUpButtonCell is an NSButtonCell: its alternate image is the button cell's NSAlternateImage.
        if let alt = image(c, "alternateImage") { e.obj("NSAlternateImage", alt) }
        e.obj("NSAlternateContents", str(""))
        e.obj("NSKeyEquivalent", str(keyEquivalent(c) ?? ""))
        e.int("NSPeriodicDelay", 400)
        e.int("NSPeriodicInterval", 75)
        e.int("NSAuxButtonType", aux)
        buttonColors(of: button, into: &e)
        let menuNode = c.children.first { $0.isNamed("menu") && $0.peek("key", is: "menu") }
        var menuIndex: Int?
        if let menuNode { menuIndex = encodeMenu(menuNode, parentItem: nil, popUpCell: i, pullDown: pullDown) }
        var selectedIndex = -1
        if let sel = c.peek("selectedItem") {
            e.obj("NSMenuItem", ctx.reference(sel, from: c))
            if let items = menuNode?.child("items") {
                let list = items.children.filter { $0.isNamed("menuItem") }
                selectedIndex = list.firstIndex { $0.peek("id") == sel } ?? -1
            }
        } else {
            e.null("NSMenuItem")
        }
        e.bool("NSMenuItemRespectAlignment", true)
        if let menuIndex { e.obj("NSMenu", menuIndex) }
        if pullDown { e.bool("NSPullDown", true) }
        if !pullDown, selectedIndex != 0 { e.int("NSSelectedIndex", selectedIndex) }
        e.int("NSPreferredEdge", ["minX": 0, "minY": 1, "maxX": 2, "maxY": 3][c.peek("preferredEdge") ?? ""] ?? 1)
        e.bool("NSUsesItemFromMenu", c.peek("usesItemFromMenu") != "NO")
        e.bool("NSAltersState", c.peek("altersStateOfSelectedItem") != "NO")
        switch c.peek("arrowPosition") {
        case "noArrow": break
        case "arrowAtCenter": e.int("NSArrowPosition", 1)
        default: e.int("NSArrowPosition", 2)
        }
        finish(i, cls, e)
        collectConnections(c, source: i)
        return i
    }
}

extension AppKitCompiler {
    /// A menu's, item's or window's title: `NSLocalizableString` (key `<id>.title`) in Base-localized documents
    /// when not empty (sb_localized, the one Base.lproj sample with a menu), else a plain string.
    func localizedTitle(_ node: XIBNode) -> Int {
        let title = titleText(node) ?? ""
        return title.isEmpty ? str(title) : ctx.localizable(title, owner: node, property: "title")
    }
}
