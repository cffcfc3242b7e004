import NibArchive
import XIB

/// `<ruleEditor>` and `<predicateEditor>`: NSRuleEditor's keys (row height, nesting mode, editable, empty
/// compound rows, the unbound row holder and slices), the `_NSRuleEditorViewSliceHolder` subview that holds
/// the row views, and for NSPredicateEditor its row templates (NSPredicateTemplates). Keys and the holder
/// objects are those the open AppKit reimplementations read; no Apple-compiled pair is in the corpus, so key
/// order and the template views' geometry are not confirmed by a sample (the editor lays its rows out itself
/// when it loads).
extension AppKitCompiler {
    static let ruleEditorNestingModes: [String: Int] = ["single": 0, "list": 1, "compound": 2, "simple": 3]

    func encodeRuleEditor(_ node: XIBNode, superview: Int?, inStack: Bool) -> Int {
        let predicate = node.isNamed("predicateEditor")
        var (i, e, cls) = beginView(node, predicate ? "NSPredicateEditor" : "NSRuleEditor")
        node.markUsed("nestingMode", "rowHeight", "editable", "canRemoveAllRows")
        let frame = Rect(node.child("rect", key: "frame")) ?? Rect()
        let holder = sliceHolder(editor: i, width: frame.w, height: frame.h)
        var o = ViewOptions()
        o.inStackView = inStack
        o.subviews = [holder]
        o.dragTypes = ["NSRuleEditorItemPBoardType"]
        o.nextKeyView = holder
        viewKeys(node, index: i, superview: superview, e: &e, o)
        controlKeys(node, cell: nil, cellIndex: nil, e: &e)
        e.double("NSRuleEditorRowHeight", node.double("rowHeight") ?? 25)
        if let m = node.peek("nestingMode"), Self.ruleEditorNestingModes[m] == nil {
            ctx.warning(at: node, "<\(node.name)>: nestingMode '\(m)' is unknown; compound assumed")
        }
        e.int("NSRuleEditorNestingMode", Self.ruleEditorNestingModes[node.peek("nestingMode") ?? ""] ?? 2)
        e.bool("NSRuleEditorAllowsEmptyCompoundRows", node.peek("canRemoveAllRows", is: "YES"))
        e.bool("NSRuleEditorEditable", node.peek("editable") != "NO")
        e.null("NSRuleEditorDelegate")
        var holderEntries = Entries()
        holderEntries.obj("NSBoundArray", b.mutableArray([]))
        e.obj("NSRuleEditorBoundArrayOwner", b.graph.add(NibObject(className: "_NSRuleEditorViewUnboundRowHolder", entries: holderEntries.list)))
        e.obj("NSRuleEditorSlices", b.mutableArray([]))
        if predicate {
            var templates: [Int] = []
            if let list = node.child("rowTemplates") {
                for t in list.children where t.isNamed("predicateEditorRowTemplate") {
                    templates.append(encodeRowTemplate(t))
                }
            }
            e.obj("NSPredicateTemplates", b.array(templates))
            e.null("NSPredicateEditorPredicate")
        }
        finish(i, cls, e)
        collectConnections(node, source: i)
        return i
    }

    /// The view that holds the rows' slices: fills the editor, resizes with it (NSvFlags 0x112).
    private func sliceHolder(editor: Int, width: Double, height: Double) -> Int {
        var e = Entries()
        e.add("NSNextResponder", .conditionalObject(editor))
        e.null("NSNibTouchBar")
        e.int("NSvFlags", 0x112)
        e.obj("NSSubviews", b.mutableArray([]))
        e.obj("NSFrameSize", str(sizeString(width, height)))
        e.add("NSSuperview", .conditionalObject(editor))
        e.bool("NSViewWantsBestResolutionOpenGLSurface", true)
        e.null("IBNSSafeAreaLayoutGuide")
        e.null("IBNSLayoutMarginsGuide")
        e.int("IBNSClipsToBounds", 0)
        return b.graph.add(NibObject(className: "_NSRuleEditorViewSliceHolder", entries: e.list))
    }

    static let comparisonModifiers: [String: Int] = ["direct": 0, "all": 1, "any": 2]

    /// `<predicateEditorRowTemplate>` → NSPredicateEditorRowTemplate: template type (1 simple, 2 compound),
    /// options, modifier, attribute types, wildcards and the template views (one pop-up per `<menu>` of
    /// `<popUpMenus>`, whose items carry the represented expressions).
    private func encodeRowTemplate(_ t: XIBNode) -> Int {
        let (i, e0, cls) = beginView(t, "NSPredicateEditorRowTemplate")
        var e = e0
        t.markUsed("rowType", "modifier", "leftExpressionAttributeType", "rightExpressionAttributeType")
        let compound = t.peek("rowType", is: "compound")
        e.int("NSPredicateTemplateType", compound ? 2 : 1)
        var options = 0
        if let o = t.child("comparisonPredicateOptions") {
            o.markUsed("caseInsensitive", "diacriticInsensitive")
            if o.peek("caseInsensitive", is: "YES") { options |= 1 }
            if o.peek("diacriticInsensitive", is: "YES") { options |= 2 }
        }
        e.int("NSPredicateTemplateOptions", options)
        e.int("NSPredicateTemplateModifier", Self.comparisonModifiers[t.peek("modifier") ?? ""] ?? 0)
        e.int("NSPredicateTemplateLeftAttributeType", Int(t.peek("leftExpressionAttributeType") ?? "") ?? 0)
        let rightType = t.children.first { $0.isNamed("integer") && $0.peek("key", is: "rightExpressionObject") }
        if let rightType { rightType.visited = true; rightType.markUsed("key") }
        let rightAttributeType = rightType.flatMap { Int($0["value"] ?? "") } ?? Int(t.peek("rightExpressionAttributeType") ?? "") ?? 0
        e.int("NSPredicateTemplateRightAttributeType", rightAttributeType)
        let left = t.children.first { $0.isNamed("array") && $0.peek("key", is: "leftExpressionObject") }
        // The left expressions reach the archive as the represented objects of the key-path pop-up's items;
        // the array itself is Interface Builder's copy of them.
        if let left { ctx.ignore(left) }
        var views: [Int] = []
        if let menus = t.child("popUpMenus") {
            for m in menus.children where m.isNamed("menu") { views.append(templatePopUp(m)) }
        }
        e.obj("NSPredicateTemplateViews", b.array(views))
        e.bool("NSPredicateTemplateLeftIsWildcard", !compound && left == nil)
        e.bool("NSPredicateTemplateRightIsWildcard", !compound && rightType != nil)
        finish(i, cls, e)
        return i
    }

    /// A template's pop-up button (small system font, items acting through `_popUpItemAction:`).
    private func templatePopUp(_ menu: XIBNode) -> Int {
        let popup = b.graph.add(NibObject(className: "NSPopUpButton"))
        let cell = b.graph.add(NibObject(className: "NSPopUpButtonCell"))
        let menuIndex = encodeMenu(menu, parentItem: nil, popUpCell: cell)
        var c = Entries()
        c.int("NSCellFlags", 0x4000040)
        c.int("NSCellFlags2", 0x10000800)
        c.obj("NSContents", str(""))
        c.obj("NSSupport", metaFont(".AppleSystemUIFont", size: 11, x: 0xC))
        c.obj("NSControlView", popup)
        c.int("NSBezelStyle", 12)
        c.obj("NSKeyEquivalent", str(""))
        c.int("NSPeriodicDelay", 400)
        c.int("NSPeriodicInterval", 75)
        c.int("NSAuxButtonType", -1)
        let firstItem = menu.child("items")?.children.first { $0.isNamed("menuItem") }
        if let id = firstItem?.peek("id") { c.obj("NSMenuItem", ctx.reference(id, from: menu)) } else { c.null("NSMenuItem") }
        c.bool("NSMenuItemRespectAlignment", true)
        c.obj("NSMenu", menuIndex)
        c.int("NSPreferredEdge", 1)
        c.bool("NSUsesItemFromMenu", true)
        c.bool("NSAltersState", true)
        c.int("NSArrowPosition", 2)
        b.graph.objects[cell] = NibObject(className: "NSPopUpButtonCell", entries: c.list)
        var p = Entries()
        p.null("NSNextResponder")
        p.null("NSNibTouchBar")
        p.int("NSvFlags", 0x100)
        p.obj("NSFrameSize", str(sizeString(100, 24)))
        p.null("NSSuperview")
        p.bool("NSViewWantsBestResolutionOpenGLSurface", true)
        p.null("IBNSSafeAreaLayoutGuide")
        p.null("IBNSLayoutMarginsGuide")
        p.int("IBNSClipsToBounds", 0)
        p.int("NSTag", -1)
        p.bool("NSEnabled", true)
        p.obj("NSCell", cell)
        p.bool("NSAllowsLogicalLayoutDirection", false)
        p.int("NSControlSize", 0)
        p.bool("NSControlContinuous", false)
        p.bool("NSControlRefusesFirstResponder", false)
        p.bool("NSControlUsesSingleLineMode", false)
        p.int("NSControlTextAlignment", 4)
        p.int("NSControlLineBreakMode", 4)
        p.int("NSControlWritingDirection", -1)
        p.int("NSControlSendActionMask", 4)
        b.graph.objects[popup] = NibObject(className: "NSPopUpButton", entries: p.list)
        return popup
    }
}
