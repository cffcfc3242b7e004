import NibArchive
import XIB

extension AppKitCompiler {
    func encodeTextField(_ node: XIBNode, superview: Int?, inStack: Bool) -> Int {
        let isSearch = node.isNamed("searchField")
        let base = ["textField": "NSTextField", "secureTextField": "NSSecureTextField", "searchField": "NSSearchField",
                    "comboBox": "NSComboBox", "tokenField": "NSTokenField"][node.name] ?? "NSTextField"
        var (i, e, cls) = beginView(node, base)
        var o = ViewOptions()
        o.inStackView = inStack
        o.hugging = (250, 750)
        o.subviews = encodeSubviews(node, index: i)
        viewKeys(node, index: i, superview: superview, e: &e, o)
        let cell = cellNode(node)
        var cellIndex: Int?
        if let cell { cellIndex = encodeTextFieldCell(cell, control: i, field: node) }
        controlKeys(node, cell: cell, cellIndex: cellIndex, e: &e)
        if let w = node.double("preferredMaxLayoutWidth"), w > 0 { e.double("NSPreferredMaxLayoutWidth", w) }
        skipFirstLayoutWidth(node)
        e.int("NSTextFieldAlignmentRectInsetsVersion", 2)
        e.bool("NSAllowsWritingTools", !isSearch && !node.isNamed("secureTextField"))
        e.bool("NSTextFieldAllowsWritingToolsAffordance", false)
        e.bool("NS.resolvesNaturalAlignmentWithBaseWritingDirection", false)
        node.markUsed("allowsCharacterPickerTouchBarItem", "textCompletion", "allowsWritingTools", "recentsAutosaveName",
                      "preferredMaxLayoutWidth", "allowsDefaultTighteningForTruncation", "contentType", "controlSize")
        finish(i, cls, e)
        collectConnections(node, source: i)
        return i
    }

    func encodeTextFieldCell(_ c: XIBNode, control: Int?, field: XIBNode?, boxTitle: Bool = false) -> Int {
        let base = ["textFieldCell": "NSTextFieldCell", "secureTextFieldCell": "NSSecureTextFieldCell",
                    "searchFieldCell": "NSSearchFieldCell", "comboBoxCell": "NSComboBoxCell", "tokenFieldCell": "NSTokenFieldCell"][c.name] ?? "NSTextFieldCell"
        var (i, e, cls) = beginCell(c, base)
        skipUnevidencedAttributes(c)
        markCellAttributes(c)
        c.markUsed("placeholderString", "drawsBackground", "bezelStyle", "maximumRecents", "sendsWholeSearchString",
                   "recentsAutosaveName", "usesDataSource", "numberOfVisibleItems", "completes", "intercellSpacing",
                   "buttonBordered", "itemHeight", "hasVerticalScroller", "sendsSearchStringImmediately", "echosBullets")
        let hasFont = c.children.contains { $0.isNamed("font") }
        e.int("NSCellFlags", cellFlags(c, type: 1))
        e.int("NSCellFlags2", cellFlags2(c))
        let formatter = c.children.first { $0.peek("key", is: "formatter") }
        let title = titleText(c)
        if let title {
            e.obj("NSContents", formatter.flatMap { formattedNumber(title, formatter: $0) } ?? ctx.localizable(title, owner: c, property: "title"))
        } else if formatter == nil {
            e.obj("NSContents", str(""))
        }
        if let f = font(c) { e.obj("NSSupport", f) } else if !hasFont { }
        if let ph = c.peek("placeholderString") { e.obj("NSPlaceholderString", ctx.localizable(ph, owner: c, property: "placeholderString")) }
        if let formatter { e.obj("NSFormatter", encodeFormatter(formatter)) }
        if let control { e.add("NSControlView", .object(control)) } else { e.null("NSControlView") }
        if c.isNamed("searchFieldCell") {
            e.int("NSTextBezelStyle", c.peek("bezelStyle", is: "round") ? 1 : 0)
            if let bg = color(c, "backgroundColor") { e.obj("NSBackgroundColor", bg) }
            if let tc = color(c, "textColor") { e.obj("NSTextColor", tc) }
            if field?.peek("textCompletion") == "NO" { e.bool("NSAutomaticTextCompletionDisabled", true) }
            e.obj("NSSearchButtonCell", searchButtonCell(search: true, cell: i, control: control))
            e.obj("NSCancelButtonCell", searchButtonCell(search: false, cell: i, control: control))
            e.int("NSMaximumRecents", Int(c.peek("maximumRecents") ?? "") ?? 255)
            e.add("NSSearchFieldFlags", .data([6, 0, 0, 0]))
            e.bool("NSAutomaticTextCompletionStored", true)
        } else {
            if c.peek("drawsBackground", is: "YES") { e.bool("NSDrawsBackground", true) }
            if let bg = color(c, "backgroundColor") { e.obj("NSBackgroundColor", bg) }
            if let tcn = c.children.first(where: { $0.isNamed("color") && $0.peek("key", is: "textColor") }),
               toolsVersion <= 11762, field != nil, c.peek("editable", is: "YES"), tcn.peek("colorSpace", is: "catalog"), tcn.peek("name", is: "textColor") {
                ctx.ignore(tcn)
                e.obj("NSTextColor", catalogColor(tcn.peek("catalog") ?? "System", "controlTextColor"))
            } else if let tc = color(c, "textColor") { e.obj("NSTextColor", tc) }
            let picker = field?.peek("allowsCharacterPickerTouchBarItem")
            if picker == "YES" || (picker == nil && c.peek("key", is: "cell") && field != nil && toolsVersion >= 11762 && toolsVersion <= 15504) {
                e.bool("NSCharacterPickerEnabled", true)
            }
        }
        if c.isNamed("comboBoxCell") { comboBoxKeys(c, &e) }
        if let locales = c.child("allowedInputSourceLocales") {
            // NSAllowedInputLocales: an immutable array on secure cells, a mutable one otherwise (the
            // distinction rests on the Python reimplementation's observations, not on a pair here).
            locales.visited = true
            var items: [Int] = []
            for s in locales.children where s.isNamed("string") {
                s.visited = true
                items.append(str(s.text))
            }
            e.obj("NSAllowedInputLocales", c.isNamed("secureTextFieldCell") ? b.array(items) : b.mutableArray(items))
        }
        for k in c.children where k.isNamed("connections") { _ = k }
        finish(i, cls, e)
        collectConnections(c, source: i)
        return i
    }

    func searchButtonCell(search: Bool, cell: Int, control: Int?) -> Int {
        var e = Entries()
        e.int("NSCellFlags", search ? 0 : Int(Int32(bitPattern: 0x8000_0000)))
        e.int("NSCellFlags2", 0)
        if search { e.obj("NSContents", str("search")) }
        if !search {
            let d = b.dictionary("NSMutableDictionary", [(str("AXDescription"), str("cancel")),
                                                         (str("NSAccessibilityEncodedAttributesValueType"), b.number(Int64(1)))])
            e.obj("NSAccessibilityOverriddenAttributes", b.mutableArray([d]))
        }
        if let control { e.obj("NSControlView", control) }
        e.obj("NSAction", str(search ? "_searchFieldSearch:" : "_searchFieldCancel:"))
        e.obj("NSTarget", cell)
        e.int("NSButtonFlags", 0x8404000)
        e.int("NSButtonFlags2", 0)
        e.int("NSBezelStyle", 0)
        e.obj("NSKeyEquivalent", str(""))
        e.int("NSPeriodicDelay", 400)
        e.int("NSPeriodicInterval", 75)
        e.int("NSAuxButtonType", 5)
        return b.graph.add(NibObject(className: "NSButtonCell", entries: e.list))
    }
}

extension AppKitCompiler {
    /// NSComboBoxCell's own keys, as its `initWithCoder:` reads them in the open AppKit reimplementations:
    /// NSVisibleItemCount, NSHasVerticalScroller, NSUsesDataSource, NSCompletes, NSButtonBordered (present only
    /// when NO) and the item list NSPopUpListData (`<objectValues>`). No Apple-compiled pair in the corpus has
    /// a combo box, so their order and the defaults written are not confirmed by a sample.
    func comboBoxKeys(_ c: XIBNode, _ e: inout Entries) {
        e.int("NSVisibleItemCount", Int(c.peek("numberOfVisibleItems") ?? "") ?? 5)
        e.bool("NSHasVerticalScroller", c.peek("hasVerticalScroller") != "NO")
        if c.peek("usesDataSource", is: "YES") { e.bool("NSUsesDataSource", true) }
        if c.peek("completes") != "NO" { e.bool("NSCompletes", true) }
        if c.peek("buttonBordered", is: "NO") { e.bool("NSButtonBordered", false) }
        if let values = c.child("objectValues") {
            values.visited = true
            var items: [Int] = []
            for v in values.children {
                if let item = encodePlainValue(v) { items.append(item) } else { ctx.warning(at: v, "<objectValues>: item <\(v.name)> is not supported yet; ignored") }
            }
            e.obj("NSPopUpListData", b.mutableArray(items))
        }
    }
}
