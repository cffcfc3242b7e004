import NibArchive
import XIB

/// Facts about a table document view that its scroll view needs.
struct TableFacts {
    var headerView: Int?
    var headerNode: XIBNode?
    var cornerView: Int?
    var rowHeight: Double
    var intercellHeight: Double
    /// The document is wider than the clip view after tiling.
    var docWider = false
    /// The table's width after tiling.
    var docWidth = 0.0
    /// The document (with its header) is taller than the clip view.
    var docTaller = false
    /// The table's height after tiling.
    var docHeight = 0.0
}

extension AppKitCompiler {
    func encodeScrollView(_ node: XIBNode, superview: Int?, inStack: Bool) -> Int {
        var (i, e, cls) = beginView(node, "NSScrollView")
        node.markUsed("borderType", "autohidesScrollers", "hasHorizontalScroller", "hasVerticalScroller", "usesPredominantAxisScrolling",
                      "horizontalLineScroll", "horizontalPageScroll", "verticalLineScroll", "verticalPageScroll",
                      "horizontalScrollElasticity", "verticalScrollElasticity", "findBarPosition", "allowsMagnification",
                      "minMagnification", "maxMagnification", "drawsBackground", "scrollerKnobStyle", "automaticallyAdjustsContentInsets")
        skipScrollViewContentInsets(node)
        let clipNode = node.children.first { $0.peek("key", is: "contentView") }
        let hNode = node.children.first { $0.peek("key", is: "horizontalScroller") }
        let vNode = node.children.first { $0.peek("key", is: "verticalScroller") }
        let headerNode = node.children.first { $0.peek("key", is: "headerView") }
        var facts: TableFacts?
        var clip: Int?
        // Tiling (AppKit's -tile): clip view = interior minus visible legacy scrollers.
        let sr = Rect(node.child("rect", key: "frame")) ?? Rect()
        let border = node.peek("borderType", is: "none") ? 0.0 : 1.0
        // Borderless scroll views keep their scrollers as laid out in the XIB (no re-tiling observed).
        let docName = clipNode?.child("subviews")?.children.first(where: { isView($0) })?.name ?? ""
        let vsShown = vNode != nil && vNode?.peek("hidden") != "YES" && node.peek("hasVerticalScroller") != "NO"
        let vsVisible = vsShown && (border > 0 || ["textView", "tableView", "outlineView"].contains(docName))
        let hsVisible = hNode != nil && hNode?.peek("hidden") != "YES" && node.peek("hasHorizontalScroller") != "NO"
        // A text view's scroll view tiles with the regular legacy width even beside a small scroller (2 pairs).
        let vsw = vNode?.peek("controlSize") == "small" && docName != "textView" ? 13.0 : 17.0
        // A vertical scroller that the XIB already places between the clip view's end and the border keeps its
        // frame (the clip view is still tiled with the legacy width; one pair, a text view beside a 15-point
        // scroller); one overlapping the clip view, or beside a table (one pair), is re-placed.
        let xibVS = Rect(vNode?.child("rect", key: "frame")), xibClip = Rect(clipNode?.child("rect", key: "frame"))
        var keepsXIBScroller = false
        if !["tableView", "outlineView"].contains(docName), let xv = xibVS, let xc = xibClip, xv.w > 0,
           xc.x + xc.w == xv.x, xv.x + xv.w == sr.w - border { keepsXIBScroller = true }
        // Beside a text view the XIB's scroller frame is kept whenever it ends at the border (2 pairs).
        if docName == "textView", let xv = xibVS, xv.w > 0, xv.x + xv.w == sr.w - border { keepsXIBScroller = true }
        let hsh = hNode?.peek("controlSize") == "small" ? 13.0 : 17.0
        let tiled = Rect(x: border, y: border, w: sr.w - 2 * border - (vsVisible ? vsw : 0), h: sr.h - 2 * border - (hsVisible ? hsh : 0))
        if let clipNode { (clip, facts) = encodeClipView(clipNode, scrollView: i, hasHeader: headerNode != nil, tiled: tiled) }
        // Scrollers are layer-backed unless the scroll view has no horizontal scroller (observed rule).
        let layered = node.peek("hasHorizontalScroller") != "NO"
        let h = hNode.map { encodeScroller($0, scrollView: i, layered: layered) }
        let hh = headerNode.map { (Rect($0.child("rect", key: "frame")) ?? Rect()).h } ?? 0
        // A scroll view that does not autohide its scrollers shows its vertical scroller even where the XIB saved
        // it hidden (NSScrollView's autohidesScrollers: only autohiding hides a scroller that is not needed): it is
        // archived visible along the trailing border, legacy width, below the header, as tall as the XIB's
        // scrollers leave room for; the clip view keeps its tiled width (one sample, test17_scrollhiding).
        let unhiddenVS = node.peek("autohidesScrollers", is: "NO") && node.peek("hasVerticalScroller") != "NO"
            && vNode?.peek("hidden") == "YES" && border > 0
        let vFrame: Rect? = unhiddenVS
            ? Rect(x: sr.w - border - vsw, y: border + hh, w: vsw, h: sr.h - 2 * border - (hsVisible ? hsh : 0) - hh)
            : vsVisible && !hsVisible && border > 0 && !keepsXIBScroller ? Rect(x: sr.w - border - vsw, y: border + hh, w: vsw, h: tiled.h - hh) : nil
        let v = vNode.map { encodeScroller($0, scrollView: i, layered: layered, frame: vFrame, shown: unhiddenVS) }
        if let facts, facts.docWider, let h {
            var he = b.graph.objects[h].entries
            if let k = he.firstIndex(where: { $0.key == "NSAllowsLogicalLayoutDirection" }) {
                he.insert(NibEntry(key: "NSEnabled", value: .bool(true)), at: k)
            }
            // A table wider than its clip view needs the horizontal scroller: AppKit shows it along the bottom
            // border, as wide as the clip view, with the knob proportion visible / document width (3 pairs;
            // regular 17 points high, small 15 — one sample).
            if node.peek("hasHorizontalScroller") != "NO", facts.docWidth > 0 {
                let height = hNode?.peek("controlSize") == "small" ? 15.0 : 17.0
                let frame = Rect(x: border, y: sr.h - border - height, w: tiled.w, h: height)
                for k in he.indices {
                    switch he[k].key {
                    case "NSvFlags":
                        if case .int(let v) = he[k].value { he[k].value = .int(Int64(Int32(truncatingIfNeeded: v & 0x7FFF_FFFF))) }
                    case "NSFrame", "NSFrameSize":
                        he[k] = NibEntry(key: "NSFrame", value: .object(str(rectString(frame.x, frame.y, frame.w, frame.h))))
                    default: break
                    }
                }
                let percent = tiled.w / facts.docWidth
                if let k = he.firstIndex(where: { $0.key == "NSPercent" }) { he[k].value = .double(percent) } else { he.append(NibEntry(key: "NSPercent", value: .double(percent))) }
            }
            b.graph.objects[h].entries = he
        }
        // A table taller than its clip view (with its header) needs the vertical scroller: it is enabled, its
        // knob proportion the clip view's height over the document's with the header (test24_tables_elastic,
        // 2 tables: 75 / (52 + 28) and 75 / (75 + 28); one sample document). An autohiding scroller the XIB
        // saved hidden keeps its frame and stays hidden there.
        if let facts, facts.docTaller, let v {
            var ve = b.graph.objects[v].entries
            if !ve.contains(where: { $0.key == "NSEnabled" }), let k = ve.firstIndex(where: { $0.key == "NSAllowsLogicalLayoutDirection" }) {
                ve.insert(NibEntry(key: "NSEnabled", value: .bool(true)), at: k)
            }
            let percent = tiled.h / (facts.docHeight + hh)
            if let k = ve.firstIndex(where: { $0.key == "NSPercent" }) { ve[k].value = .double(percent) } else { ve.append(NibEntry(key: "NSPercent", value: .double(percent))) }
            b.graph.objects[v].entries = ve
        }
        // Synthesized header clip view.
        var headerClip: Int?
        if let hv = facts?.headerView, let hn = facts?.headerNode ?? headerNode {
            let hr = Rect(hn.child("rect", key: "frame")) ?? Rect()
            var ce = Entries()
            ce.add("NSNextResponder", .conditionalObject(i))
            ce.null("NSNibTouchBar")
            ce.int("NSvFlags", 256)
            ce.obj("NSSubviews", b.mutableArray([hv]))
            if border != 0 {
                ce.obj("NSFrame", str(rectString(border, border, tiled.w, hr.h)))
            } else {
                ce.obj("NSFrameSize", str(sizeString(tiled.w, hr.h)))
            }
            ce.add("NSSuperview", .conditionalObject(i))
            ce.add("NSNextKeyView", .conditionalObject(hv))
            ce.bool("NSViewWantsBestResolutionOpenGLSurface", true)
            ce.null("IBNSSafeAreaLayoutGuide")
            ce.null("IBNSLayoutMarginsGuide")
            ce.int("IBNSClipsToBounds", 0)
            ce.obj("NSDocView", hv)
            ce.bool("NSAutomaticallyAdjustsContentInsets", true)
            headerClip = b.graph.add(NibObject(className: "NSClipView", entries: ce.list))
            fixSuperview(of: hv, to: headerClip!)
        }
        var subs: [Int] = []
        if let clip { subs.append(clip) }
        if let headerClip { subs.append(headerClip) }
        if let h { subs.append(h) }
        if headerClip != nil, node.peek("hasHorizontalScroller", is: "NO"), let corner = facts?.cornerView {
            subs.append(corner)
            var ce = b.graph.objects[corner].entries
            ce[0].value = .conditionalObject(i)
            ce.insert(NibEntry(key: "NSSuperview", value: .conditionalObject(i)), at: 5)
            b.graph.objects[corner].entries = ce
        }
        if let v { subs.append(v) }
        var o = ViewOptions()
        o.inStackView = inStack
        o.subviews = subs
        o.nextKeyView = clip
        viewKeys(node, index: i, superview: superview, e: &e, o)
        var g = Entries()
        g.int("NSGestureRecognizer.allowedTouchTypes", 1)
        g.obj("NSGestureRecognizer.action", str("_panWithGestureRecognizer:"))
        g.obj("NSGestureRecognizer.target", i)
        g.obj("NSGestureRecognizer.delegate", i)
        g.int("NSPanGestureRecognizer.buttonMask", 0)
        g.int("NSPanGestureRecognizer.numberOfTouchesRequired", 1)
        e.obj("NSGestureRecognizers", b.array([b.graph.add(NibObject(className: "NSPanGestureRecognizer", entries: g.list))]))
        var sf = ["none": 0, "line": 1, "bezel": 2, "groove": 3][node.peek("borderType") ?? ""] ?? 2
        if node.peek("hasVerticalScroller") != "NO" { sf |= 1 << 4 }
        if node.peek("hasHorizontalScroller") != "NO" { sf |= 1 << 5 }
        let ve = node.peek("verticalScrollElasticity"), he = node.peek("horizontalScrollElasticity")
        if ve != nil || he != nil { sf |= 1 << 6 }
        if facts?.docWider == true { sf |= 1 << 7 }
        if node.peek("autohidesScrollers", is: "YES") { sf |= 1 << 9 }
        sf |= 1 << 11
        sf |= (["none": 1, "allowed": 2][ve ?? ""] ?? 0) << 12
        sf |= (["none": 1, "allowed": 2][he ?? ""] ?? 0) << 14
        if node.peek("usesPredominantAxisScrolling") != "NO" { sf |= 1 << 16 }
        sf |= 1 << 17
        e.int("NSsFlags", sf)
        if let v { e.obj("NSVScroller", v) }
        if let h { e.obj("NSHScroller", h) }
        if let clip { e.obj("NSContentView", clip) }
        if let headerClip { e.obj("NSHeaderClipView", headerClip) }
        if headerClip != nil, node.peek("hasHorizontalScroller", is: "NO"), let corner = facts?.cornerView { e.obj("NSCornerView", corner) }
        var amts = [node.double("horizontalPageScroll") ?? 10, node.double("verticalPageScroll") ?? 10,
                    node.double("horizontalLineScroll") ?? 10, node.double("verticalLineScroll") ?? 10]
        if let f = facts { amts[2] = f.rowHeight + f.intercellHeight; amts[3] = amts[2] }
        if amts != [10, 10, 10, 10] {
            var data: [UInt8] = []
            for a in amts {
                let bits = Float(a).bitPattern
                data += [UInt8(bits >> 24), UInt8((bits >> 16) & 0xFF), UInt8((bits >> 8) & 0xFF), UInt8(bits & 0xFF)]
            }
            e.add("NSScrollAmts", .data(data))
        }
        e.double("NSMinMagnification", node.double("minMagnification") ?? 0.25)
        e.double("NSMaxMagnification", node.double("maxMagnification") ?? 4)
        e.double("NSMagnification", 1)
        finish(i, cls, e)
        collectConnections(node, source: i)
        return i
    }

    /// Replaces NSSuperview / NSNextResponder of an already built view.
    func fixSuperview(of view: Int, to parent: Int) {
        for k in b.graph.objects[view].entries.indices {
            let key = b.graph.objects[view].entries[k].key
            if key == "NSSuperview" || key == "NSNextResponder" { b.graph.objects[view].entries[k].value = .conditionalObject(parent) }
        }
    }

    func encodeClipView(_ node: XIBNode, scrollView: Int?, hasHeader: Bool, frame: Rect? = nil, tiled: Rect? = nil) -> (Int, TableFacts?) {
        var frame = frame
        let docName = node.child("subviews")?.children.first(where: { isView($0) })?.name ?? ""
        let xibClip = Rect(node.child("rect", key: "frame")) ?? Rect()
        if let tiled, ["tableView", "outlineView", "textView"].contains(docName) { frame = tiled }
        var genericResize: (Double, Double)?
        if let tiled, !docName.isEmpty, !["tableView", "outlineView", "textView"].contains(docName),
           tiled.w != xibClip.w || tiled.h != xibClip.h {
            frame = Rect(x: xibClip.x, y: xibClip.y, w: tiled.w, h: tiled.h)
            genericResize = (tiled.w, tiled.h)
        }
        var (i, e, cls) = beginView(node, "NSClipView")
        node.markUsed("drawsBackground", "copiesOnScroll", "automaticallyAdjustsContentInsets")
        var doc: Int?
        var facts: TableFacts?
        var docNode: XIBNode?
        if let sv = node.child("subviews") {
            for c in sv.children where isView(c) {
                docNode = c
                switch c.name {
                case "tableView", "outlineView":
                    let r = frame ?? Rect(node.child("rect", key: "frame")) ?? Rect()
                    let (t, f) = encodeTable(c, superview: i, clipSize: (r.w, r.h))
                    doc = t; facts = f
                case "textView":
                    let r = frame ?? Rect(node.child("rect", key: "frame")) ?? Rect()
                    doc = encodeTextView(c, superview: i, frame: Rect(x: 0, y: 0, w: r.w, h: r.h))
                default:
                    doc = encodeView(c, superview: i)
                    if let d = doc, let g = genericResize {
                        autoresizeTree(d, node: c, oldSize: (xibClip.w, xibClip.h), newSize: g)
                    }
                }
            }
        }
        var o = ViewOptions()
        o.subviews = doc.map { [$0] } ?? []
        o.mask = scrollView == nil ? nil : 0
        o.frame = frame
        o.nextKeyView = doc
        if let hv = facts?.headerNode, hasHeader || facts?.headerView != nil {
            let r = frame ?? Rect(node.child("rect", key: "frame")) ?? Rect()
            let hh = (Rect(hv.child("rect", key: "frame")) ?? Rect()).h
            o.bounds = rectString(0, -hh, r.w, r.h)
        }
        viewKeys(node, index: i, superview: scrollView, e: &e, o)
        if let doc { e.obj("NSDocView", doc) }
        let drawsBG = node.peek("drawsBackground") != "NO"
        let bgNode = node.children.first(where: { $0.isNamed("color") && $0.peek("key", is: "backgroundColor") })
        if scrollView != nil, docName == "textView",
           bgNode == nil || bgNode?.peek("name") == "textBackgroundColor" || (bgNode?.peek("white") == "1" && bgNode?.peek("colorSpace") == "calibratedWhite") {
            // The scroll view re-colours a text view's default clip background.
            if let bgNode { ctx.ignore(bgNode) }
            e.obj("NSBGColor", catalogColor("System", "controlBackgroundColor"))
        } else if let c = color(node, "backgroundColor") {
            e.obj("NSBGColor", c)
        } else if let none = node.children.first(where: { $0.isNamed("nil") && $0.peek("key", is: "backgroundColor") }) {
            // No colour: nothing archived (the HSChooserWindow pair; every corpus occurrence also has
            // drawsBackground="NO").
            ctx.ignore(none)
        } else if drawsBG {
            e.obj("NSBGColor", catalogColor("System", "controlBackgroundColor"))
        }
        if docNode?.name == "textView" {
            var ce = Entries()
            ce.obj("NSHotSpot", str("{1, -1}"))
            ce.int("NSCursorType", 0)
            e.obj("NSCursor", b.intern(NibObject(className: "NSCursor", entries: ce.list)))
        }
        var cv = 0
        if drawsBG { cv |= 4 }
        if node.peek("copiesOnScroll", is: "NO") { cv |= 2 }
        if cv != 0 { e.int("NScvFlags", cv) }
        e.bool("NSAutomaticallyAdjustsContentInsets", node.peek("automaticallyAdjustsContentInsets") != "NO")
        finish(i, cls, e)
        collectConnections(node, source: i)
        return (i, facts)
    }

    /// A scroller; `shown` archives it visible whatever the XIB's `hidden` says.
    func encodeScroller(_ node: XIBNode, scrollView: Int, layered: Bool, frame: Rect? = nil, shown: Bool = false) -> Int {
        var (i, e, cls) = beginView(node, "NSScroller")
        node.markUsed("horizontal", "doubleValue", "knobProportion", "controlSize", "arrowsPosition", "usableParts")
        var o = ViewOptions()
        o.mask = autoresizingMask(node) ?? 0
        o.hugging = (250, 750)
        o.layerHost = layered
        o.frame = frame
        viewKeys(node, index: i, superview: scrollView, e: &e, o)
        if shown {
            e.list = e.list.map { entry in
                guard entry.key == "NSvFlags", case .int(let flags) = entry.value else { return entry }
                return NibEntry(key: entry.key, value: .int(flags & 0x7FFF_FFFF))
            }
        }
        e.bool("NSAllowsLogicalLayoutDirection", false)
        e.obj("NSControlAction", str("_doScroller:"))
        e.obj("NSControlTarget", scrollView)
        e.int("NSControlSize", 0)
        e.bool("NSControlContinuous", false)
        e.bool("NSControlRefusesFirstResponder", false)
        e.bool("NSControlUsesSingleLineMode", false)
        e.int("NSControlTextAlignment", 0)
        e.int("NSControlLineBreakMode", 0)
        e.int("NSControlWritingDirection", 0)
        e.int("NSControlSendActionMask", 4)
        var sf = 0
        if node.peek("horizontal", is: "YES") { sf |= 1 }
        sf |= (Self.controlSizes[node.peek("controlSize") ?? ""] ?? 0) << 8
        if sf != 0 { e.int("NSsFlags", sf) }
        e.obj("NSTarget", scrollView)
        e.obj("NSAction", str("_doScroller:"))
        if let v = node.double("doubleValue") { e.double("NSCurValue", v) }
        if let p = node.double("knobProportion") { e.double("NSPercent", p) }
        finish(i, cls, e)
        return i
    }
}
