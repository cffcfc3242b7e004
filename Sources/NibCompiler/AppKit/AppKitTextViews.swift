import NibArchive
import XIB

extension AppKitCompiler {
    func encodeTextView(_ node: XIBNode, superview: Int?, frame: Rect?) -> Int {
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
        let attributed = node.children.first { $0.isNamed("attributedString") }
        if let attributed {
            ctx.ignore(attributed)
            var text = ""
            // Runs: (UTF-16 length, attribute dictionary key); dictionaries shared by content.
            var dictKeys: [String] = []
            var dicts: [Int] = []
            var runs: [(Int, Int)] = []
            for f in attributed.children where f.isNamed("fragment") {
                let content = f.peek("content") ?? f.children.first(where: { $0.isNamed("string") }).map {
                    $0.peek("base64-UTF8", is: "YES") ? decodeBase64String($0.text) : $0.text } ?? ""
                text += content
                let attrs = f.children.first { $0.isNamed("attributes") }
                let fontNode = attrs?.children.first { $0.isNamed("font") && $0.peek("key", is: "NSFont") }
                let colorNode = attrs?.children.first { $0.isNamed("color") && $0.peek("key", is: "NSColor") }
                let font = encodeFont(fontNode) ?? metaFont("Helvetica", size: 12, x: 0)
                let color = colorNode.map { encodeColor($0) } ?? catalogColor("System", "textColor")
                let key = "\(font)|\(color)"
                var idx = dictKeys.firstIndex(of: key) ?? -1
                if idx < 0 {
                    idx = dicts.count
                    dictKeys.append(key)
                    dicts.append(b.dictionary("NSDictionary", [(str("NSColor"), color), (str("NSFont"), font)]))
                }
                let len = content.utf16.count
                if let last = runs.last, last.1 == idx { runs[runs.count - 1].0 += len } else { runs.append((len, idx)) }
            }
            ts.obj("NSString", mutableString(text))
            if dicts.count == 1 {
                ts.obj("NSAttributes", dicts[0])
            } else if dicts.count > 1 {
                ts.obj("NSAttributes", b.mutableArray(dicts))
                var info: [UInt8] = []
                func varint(_ v: Int) { var v = v; while v >= 0x80 { info.append(UInt8(v & 0x7F) | 0x80); v >>= 7 }; info.append(UInt8(v)) }
                for (len, idx) in runs { varint(len); varint(idx) }
                ts.obj("NSAttributeInfo", b.graph.add(NibObject(className: "NSMutableData", entries: [NibEntry(key: FoundationKeys.bytes, value: .data(info))])))
            }
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
        // NSFlags: the bits of NSTextViewSharedData's flags as GNUstep's coder lays them out (0x1 selectable,
        // 0x2 editable, 0x4 rich text, 0x8 imports graphics, 0x20 uses font panel, 0x80 continuous spell
        // checking, 0x200 smart insert/delete, 0x400 allows undo, 0x800 draws background, 0x2000 uses the find
        // panel); the pairs confirm 0x1 to 0x20, 0x200 and 0x800, and set 0x100 on every text view.
        var f = textViewSharedFlags(node)
        if node.peek("selectable") != "NO" { f |= 1 }
        if node.peek("editable") != "NO" { f |= 2 }
        if node.peek("richText") != "NO" { f |= 4 }
        if node.peek("importsGraphics") != "NO" { f |= 8 }
        if node.peek("usesFontPanel", is: "YES") { f |= 1 << 5 }
        if node.peek("usesRuler", is: "YES") { f |= 1 << 6 }
        if node.peek("smartInsertDelete", is: "YES") { f |= 1 << 9 }
        if node.peek("linkDetection", is: "YES") { f |= 1 << 18 }
        // Storyboard text views (3 pairs, all with the same attributes: sb_textview, sb_toolbar_colors_tv,
        // sb_tv_customclass) have bits 15 and 25 and not the spelling-correction bit 26 a XIB's has; what the two
        // bits mean is not known.
        if storyboard {
            f |= 0x200_8000
        } else if node.peek("spellingCorrection", is: "YES") {
            f |= 1 << 26
        }
        node.markUsed("spellingCorrection")
        sd.int("NSFlags", f)
        sd.int("NSMoreFlags", 1)
        sd.int("NSTextCheckingTypes", 0)
        sd.null("NSMarkedAttributes")
        let hasBG = node.children.contains { $0.isNamed("color") && $0.peek("key", is: "backgroundColor") }
        if node.peek("drawsBackground", is: "NO") || !hasBG { sd.null("NSBackgroundColor") } else {
            if let bg = node.children.first(where: { $0.isNamed("color") && $0.peek("key", is: "backgroundColor") }) { ctx.ignore(bg) }
            sd.obj("NSBackgroundColor", catalogColor("System", "textBackgroundColor"))
        }
        let selAttrs = b.dictionary("NSDictionary", [(str("NSBackgroundColor"), catalogColor("System", "selectedTextBackgroundColor")),
                                                     (str("NSColor"), catalogColor("System", "selectedTextColor"))])
        sd.obj("NSSelectedAttributes", selAttrs)
        // A storyboard text view whose insertion point colour is textColor (the old default) gets today's default
        // (one sample, sb_toolbar_colors_tv of viraptor/ibtool; XIBs keep the colour they name, 5 pairs with
        // controlTextColor; whether a storyboard keeps other colours is not known).
        let insertion = node.children.first { $0.isNamed("color") && $0.peek("key", is: "insertionPointColor") }
        if storyboard, let insertion, insertion.peek("catalog", is: "System"), insertion.peek("name", is: "textColor") {
            ctx.ignore(insertion)
            sd.obj("NSInsertionColor", catalogColor("System", "textInsertionPointColor"))
        } else {
            sd.obj("NSInsertionColor", color(node, "insertionPointColor") ?? catalogColor("System", "textInsertionPointColor"))
        }
        var cur = Entries()
        cur.obj("NSHotSpot", str("{8, -8}"))
        cur.int("NSCursorType", 13)
        let cursor = b.intern(NibObject(className: "NSCursor", entries: cur.list))
        let linkAttrs = b.dictionary("NSDictionary", [(str("NSColor"), catalogColor("System", "linkColor")), (str("NSCursor"), cursor),
                                                      (str("NSUnderline"), b.number(Int64(1)))])
        sd.obj("NSLinkAttributes", linkAttrs)
        sd.null("NSDefaultParagraphStyle")
        sd.null("NSTextFinder")
        sd.int("NSPreferredTextFinderStyle", node.peek("findStyle", is: "bar") ? 2 : 0)
        sd.null("NSTextHighlightAttributes")
        sd.int("NSWritingToolsFlags", 256)
        e.obj("NSSharedData", b.graph.add(NibObject(className: "NSTextViewSharedData", entries: sd.list)))
        e.int("NSTVFlags", textViewFlags(node))
        if let ms = node.children.first(where: { $0.isNamed("size") && $0.peek("key", is: "maxSize") }) {
            ctx.ignore(ms)
            e.obj("NSMaxSize", str(sizeString(ms.double("width") ?? 0, ms.double("height") ?? 0)))
        } else if storyboard, let frame = Rect(node.child("rect", key: "frame")) {
            // A storyboard text view keeps what -[NSText initWithFrame:] gives for what the document omits: its
            // maximum size is its frame's (2 pairs: sb_textview, sb_toolbar_colors_tv; a XIB's has no key, test7).
            e.obj("NSMaxSize", str(sizeString(frame.w, frame.h)))
        }
        for s in node.children where s.isNamed("size") { ctx.ignore(s) }
        e.null("NSDelegate")
        // Without a `textColor` a XIB's text view gets the system text colour (test7, test13), a storyboard's none:
        // its -initWithFrame: default (3 storyboard pairs).
        if attributed == nil, let textColor = color(node, "textColor") ?? (storyboard ? nil : catalogColor("System", "textColor")) {
            e.obj("NSTextViewTextColor", textColor)
        }
        for c in node.children where c.isNamed("color") || c.isNamed("font") { ctx.ignore(c) }
        finish(i, cls, e)
        collectConnections(node, source: i)
        return i
    }
}
