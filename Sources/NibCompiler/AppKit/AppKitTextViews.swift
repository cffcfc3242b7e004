import NibArchive

extension AppKitCompiler {
    func encodeTextView(_ node: XMLNode, superview: Int?, frame: Rect?) -> Int {
        var (i, e, cls) = beginView(node, "NSTextView")
        node.markUsed("importsGraphics", "richText", "verticallyResizable", "horizontallyResizable", "findStyle", "allowsUndo",
                      "usesFontPanel", "usesRuler", "smartInsertDelete", "linkDetection", "spellingCorrection", "editable",
                      "selectable", "drawsBackground", "allowsCharacterPickerTouchBarItem", "textCompletion", "usesFindBar",
                      "allowsNonContiguousLayout", "quoteSubstitution", "dashSubstitution", "continuousSpellChecking",
                      "grammarChecking", "dataDetection", "textReplacement", "allowsDocumentBackgroundColorChange",
                      "incrementalSearchingEnabled", "allowsImageEditing", "displaysLinkToolTips", "usesInspectorBar",
                      "automaticTextCompletionEnabled", "smartQuotes", "autoCorrect", "spellingCheck", "allowsWritingTools")
        let r = frame ?? Rect(node.child("rect", key: "frame")) ?? Rect()
        var o = ViewOptions()
        o.frame = r
        o.subviews = encodeSubviews(node, index: i)
        viewKeys(node, index: i, superview: superview, e: &e, o)
        // Text storage / layout manager / container.
        var ts = Entries()
        let attributed = node.children.first { $0.name == "attributedString" }
        if let attributed {
            ctx.ignore(attributed)
            var text = ""
            for f in attributed.children where f.name == "fragment" { text += f.peek("content") ?? f.children.first(where: { $0.name == "string" })?.text ?? "" }
            ts.obj("NSString", mutableString(text))
        } else {
            ts.obj("NSString", mutableString(""))
        }
        ts.null("NSDelegate")
        let storage = b.graph.add(NibObject(className: "NSTextStorage", entries: ts.list))
        let container = b.new("NSTextContainer")
        var lm = Entries()
        lm.obj("NSTextStorage", storage)
        lm.obj("NSTextContainers", b.mutableArray([container]))
        lm.int("NSLMFlags", 102)
        lm.null("NSDelegate")
        let layout = b.graph.add(NibObject(className: "NSLayoutManager", entries: lm.list))
        var tc = Entries()
        tc.obj("NSLayoutManager", layout)
        tc.null("NSTextLayoutManager")
        tc.obj("NSTextView", i)
        tc.double("NSWidth", r.w)
        tc.double("NSMinWidth", 15)
        tc.int("NSTCFlags", 1)
        b.graph.objects[container] = NibObject(className: "NSTextContainer", entries: tc.list)
        e.obj("NSTextContainer", container)
        // Shared data.
        var sd = Entries()
        sd.bool("NSAutomaticTextCompletionDisabled", false)
        var f = (1 << 8) | (1 << 11)
        if node.peek("selectable") != "NO" { f |= 1 }
        if node.peek("editable") != "NO" { f |= 2 }
        if node.peek("richText") != "NO" { f |= 4 }
        if node.peek("importsGraphics") != "NO" { f |= 8 }
        if node.peek("usesFontPanel") == "YES" { f |= 1 << 5 }
        if node.peek("usesRuler") == "YES" { f |= 1 << 6 }
        if node.peek("smartInsertDelete") == "YES" { f |= 1 << 9 }
        if node.peek("linkDetection") == "YES" { f |= 1 << 18 }
        if node.peek("spellingCorrection") == "YES" { f |= 1 << 26 }
        sd.int("NSFlags", f)
        sd.int("NSMoreFlags", 1)
        sd.int("NSTextCheckingTypes", 0)
        sd.null("NSMarkedAttributes")
        let hasBG = node.children.contains { $0.name == "color" && $0.peek("key") == "backgroundColor" }
        if node.peek("drawsBackground") == "NO" || !hasBG { sd.null("NSBackgroundColor") } else {
            if let bg = node.children.first(where: { $0.name == "color" && $0.peek("key") == "backgroundColor" }) { ctx.ignore(bg) }
            sd.obj("NSBackgroundColor", catalogColor("System", "textBackgroundColor"))
        }
        let selAttrs = b.dictionary("NSDictionary", [(str("NSBackgroundColor"), catalogColor("System", "selectedTextBackgroundColor")),
                                                     (str("NSColor"), catalogColor("System", "selectedTextColor"))])
        sd.obj("NSSelectedAttributes", selAttrs)
        sd.obj("NSInsertionColor", color(node, "insertionPointColor") ?? catalogColor("System", "textInsertionPointColor"))
        var cur = Entries()
        cur.obj("NSHotSpot", str("{8, -8}"))
        cur.int("NSCursorType", 13)
        let cursor = b.intern(NibObject(className: "NSCursor", entries: cur.list))
        let linkAttrs = b.dictionary("NSDictionary", [(str("NSColor"), catalogColor("System", "linkColor")), (str("NSCursor"), cursor),
                                                      (str("NSUnderline"), b.number(Int64(1)))])
        sd.obj("NSLinkAttributes", linkAttrs)
        sd.null("NSDefaultParagraphStyle")
        sd.null("NSTextFinder")
        sd.int("NSPreferredTextFinderStyle", node.peek("findStyle") == "bar" ? 2 : 0)
        sd.null("NSTextHighlightAttributes")
        sd.int("NSWritingToolsFlags", 256)
        e.obj("NSSharedData", b.graph.add(NibObject(className: "NSTextViewSharedData", entries: sd.list)))
        e.int("NSTVFlags", 0x86 | (node.peek("horizontallyResizable") == "YES" ? 1 : 0))
        if let ms = node.children.first(where: { $0.name == "size" && $0.peek("key") == "maxSize" }) {
            ctx.ignore(ms)
            e.obj("NSMaxSize", str(sizeString(ms.double("width") ?? 0, ms.double("height") ?? 0)))
        }
        for s in node.children where s.name == "size" { ctx.ignore(s) }
        e.null("NSDelegate")
        if attributed == nil {
            e.obj("NSTextViewTextColor", color(node, "textColor") ?? catalogColor("System", "textColor"))
        }
        for c in node.children where c.name == "color" || c.name == "font" { ctx.ignore(c) }
        finish(i, cls, e)
        collectConnections(node, source: i)
        return i
    }
}
