import NibArchive
import XIB

// Boxes, tab views, split views, stack views, visual effect views, PDF views.

extension AppKitCompiler {
    func encodeBox(_ node: XIBNode, superview: Int?, inStack: Bool) -> Int {
        var (i, e, cls) = beginView(node, "NSBox")
        node.markUsed("boxType", "borderType", "title", "titlePosition", "transparent", "cornerRadius", "borderWidth")
        let boxType = ["primary": 0, "secondary": 1, "separator": 2, "oldStyle": 3, "custom": 4][node.peek("boxType") ?? ""] ?? 0
        let frame = Rect(node.child("rect", key: "frame")) ?? Rect()
        let titlePos = boxType == 2 ? 2 : (["noTitle": 0, "aboveTop": 1, "atTop": 2, "belowTop": 3, "aboveBottom": 4, "atBottom": 5, "belowBottom": 6][node.peek("titlePosition") ?? ""] ?? 2)
        var content: Int?
        if let cv = node.children.first(where: { $0.peek("key", is: "contentView") }) {
            var (ci, ce, ccls) = beginView(cv, "NSView")
            var o = ViewOptions()
            let old = Rect(cv.child("rect", key: "frame")) ?? Rect()
            var new = old
            if boxType == 0 && titlePos != 0 {
                new = Rect(x: 0, y: 0, w: frame.w, h: frame.h - 12)
            }
            o.frame = new
            o.subviews = encodeSubviews(cv, index: ci)
            if new.w != old.w || new.h != old.h {
                for (k, sub) in (cv.child("subviews")?.children.filter { isView($0) } ?? []).enumerated() where k < o.subviews.count {
                    autoresizeTree(o.subviews[k], node: sub, oldSize: (old.w, old.h), newSize: (new.w, new.h))
                }
            }
            o.defaultMask = 18
            viewKeys(cv, index: ci, superview: i, e: &ce, o)
            finish(ci, ccls, ce)
            collectConnections(cv, source: ci)
            content = ci
        }
        var o = ViewOptions()
        o.inStackView = inStack
        o.subviews = content.map { [$0] } ?? []
        o.subviews += encodeSubviews(node, index: i)
        o.alwaysSubviews = true
        viewKeys(node, index: i, superview: superview, e: &e, o)
        e.obj("NSOffsets", str(boxType == 2 ? "{5, 5}" : "{0, 0}"))
        var te = Entries()
        te.int("NSCellFlags", 0x04000000)
        te.int("NSCellFlags2", 0x08000000)
        te.obj("NSContents", boxType == 2 ? str("Title") : (localizedText(node) ?? str("")))
        te.obj("NSSupport", metaFont(".AppleSystemUIFont", size: 11, x: 0xC))
        te.null("NSControlView")
        te.obj("NSBackgroundColor", catalogColor("System", "textBackgroundColor"))
        te.obj("NSTextColor", catalogColor("System", "labelColor"))
        if let f = node.children.first(where: { $0.isNamed("font") }) { ctx.ignore(f) }
        e.obj("NSTitleCell", b.graph.add(NibObject(className: "NSTextFieldCell", entries: te.list)))
        if let content { e.obj("NSContentView", content) }
        e.int("NSBorderType", ["none": 0, "line": 1, "bezel": 2, "groove": 3][node.peek("borderType") ?? ""] ?? 3)
        e.int("NSBoxType", boxType)
        e.int("NSTitlePosition", titlePos)
        e.bool("NSTransparent", node.peek("transparent", is: "YES"))
        if content != nil { e.bool("IBNSBoxIsUsingDocumentContentView", true) }
        // Colours and border metrics only matter to custom boxes (unobserved in samples; key names per AppKit).
        for c in node.children where c.isNamed("color") {
            let key = c.peek("key") ?? ""
            if boxType != 4 { ctx.ignore(c); continue }
            let v = encodeColor(c)
            if key == "fillColor" { e.obj("NSFillColor2", v) } else if key == "borderColor" { e.obj("NSBorderColor2", v) }
        }
        if boxType == 4, let w = node.double("borderWidth") { e.double("NSBorderWidth2", w) }
        if boxType == 4, let r = node.double("cornerRadius") { e.double("NSCornerRadius2", r) }
        finish(i, cls, e)
        collectConnections(node, source: i)
        return i
    }

    /// Autoresizes `view` and, when its size changed, its subviews recursively.
    /// `defaultMask`: the mask of a view without an `<autoresizingMask>` element (nil: such views keep their frame).
    func autoresizeTree(_ view: Int, node: XIBNode, oldSize: (Double, Double), newSize: (Double, Double), defaultMask: Int? = nil) {
        let old = Rect(node.child("rect", key: "frame")) ?? Rect()
        guard let new = autoresize(view, node: node, oldSize: oldSize, newSize: newSize, defaultMask: defaultMask) else { return }
        guard new.w != old.w || new.h != old.h, node.peek("autoresizesSubviews") != "NO" else { return }
        guard let subs = b.graph.objects[view].value(forKey: "NSSubviews"), case .object(let arr) = subs else { return }
        let kids = b.graph.objects[arr].entries.compactMap { e -> Int? in if case .object(let t) = e.value, e.key == "UINibEncoderEmptyKey" { return t }; return nil }
        let nodes = node.child("subviews")?.children.filter { isView($0) } ?? []
        // Matched by id, not position: some containers archive their subviews in another order than the XIB's.
        for n in nodes {
            guard let id = n.peek("id"), let kid = ctx.objectIndex(forID: id), kids.contains(kid) else { continue }
            autoresizeTree(kid, node: n, oldSize: (old.w, old.h), newSize: (new.w, new.h), defaultMask: defaultMask)
        }
    }

    /// NSView autoresizing of an already encoded subview after its superview changed size.
    @discardableResult
    func autoresize(_ view: Int, node: XIBNode, oldSize: (Double, Double), newSize: (Double, Double), defaultMask: Int? = nil) -> Rect? {
        guard let mask = autoresizingMask(node) ?? defaultMask else { return nil }
        var r = Rect(node.child("rect", key: "frame")) ?? Rect()
        func distribute(_ delta: Double, _ lo: Double, _ size: Double, _ hi: Double, _ fLo: Bool, _ fSize: Bool, _ fHi: Bool) -> (Double, Double) {
            var parts: [(Int, Double)] = []
            if fLo { parts.append((0, lo)) }
            if fSize { parts.append((1, size)) }
            if fHi { parts.append((2, hi)) }
            guard !parts.isEmpty else { return (lo, size) }
            let total = parts.reduce(0) { $0 + $1.1 }
            var nlo = lo, nsize = size
            for (k, len) in parts {
                let share = total > 0 ? delta * len / total : delta / Double(parts.count)
                if k == 0 { nlo += share }
                if k == 1 { nsize += share }
            }
            return (nlo, nsize)
        }
        let dw = newSize.0 - oldSize.0, dh = newSize.1 - oldSize.1
        (r.x, r.w) = distribute(dw, r.x, r.w, oldSize.0 - r.x - r.w, mask & 1 != 0, mask & 2 != 0, mask & 4 != 0)
        (r.y, r.h) = distribute(dh, r.y, r.h, oldSize.1 - r.y - r.h, mask & 8 != 0, mask & 16 != 0, mask & 32 != 0)
        var entries = b.graph.objects[view].entries
        if let k = entries.firstIndex(where: { $0.key == "NSFrame" || $0.key == "NSFrameSize" }) {
            if r.x != 0 || r.y != 0 {
                entries[k] = NibEntry(key: "NSFrame", value: .object(str(rectString(r.x, r.y, r.w, r.h))))
            } else {
                entries[k] = NibEntry(key: "NSFrameSize", value: .object(str(sizeString(r.w, r.h))))
            }
            b.graph.objects[view].entries = entries
        }
        return r
    }

    func encodeTabView(_ node: XIBNode, superview: Int?, inStack: Bool) -> Int {
        var (i, e, cls) = beginView(node, "NSTabView")
        node.markUsed("type", "initialItem", "drawsBackground", "allowsTruncatedLabels", "controlSize")
        var items: [Int] = []
        var views: [Int] = []
        var selected: Int?
        let initial = node.peek("initialItem")
        if let list = node.child("tabViewItems") {
            for it in list.children where it.isNamed("tabViewItem") {
                let ti = define(it, "NSTabViewItem")
                it.markUsed("label", "identifier", "toolTip")
                var te = Entries()
                if let id = it.peek("identifier") { te.obj("NSIdentifier", str(id)) }
                var view: Int?
                if let vn = it.children.first(where: { $0.peek("key", is: "view") }) {
                    var (vi, ve, vcls) = beginView(vn, "NSView")
                    var o = ViewOptions()
                    o.subviews = encodeSubviews(vn, index: vi)
                    viewKeys(vn, index: vi, superview: i, e: &ve, o)
                    finish(vi, vcls, ve)
                    collectConnections(vn, source: vi)
                    view = vi
                    te.obj("NSView", vi)
                }
                te.obj("NSLabel", ctx.localizable(it.peek("label") ?? "", owner: it, property: "label"))
                te.obj("NSColor", catalogColor("System", "controlColor"))
                te.add("NSTabView", .conditionalObject(i))
                finish(ti, "NSTabViewItem", te)
                collectConnections(it, source: ti)
                items.append(ti)
                if selected == nil, initial == nil || initial == it.peek("id") {
                    selected = ti
                    if let view { views.append(view) }
                }
            }
        }
        var o = ViewOptions()
        o.inStackView = inStack
        o.subviews = views + encodeSubviews(node, index: i)
        viewKeys(node, index: i, superview: superview, e: &e, o)
        e.obj("NSTabViewItems", b.mutableArray(items))
        if let selected { e.obj("NSSelectedTabViewItem", selected) }
        e.obj("NSFont", font(node) ?? metaFont(".AppleSystemUIFont", size: 11, x: 0xC))
        // NSTvFlags as GNUstep's NSTabView coder reads it: the NSTabViewType in bits 0-2, the control size in bits
        // 26-27 (no pair has a small or mini tab view).
        let type = ["topTabsBezelBorder": 0, "leftTabsBezelBorder": 1, "bottomTabsBezelBorder": 2, "rightTabsBezelBorder": 3,
                    "noTabsBezelBorder": 4, "noTabsLineBorder": 5, "noTabsNoBorder": 6][node.peek("type") ?? ""] ?? 0
        e.int("NSTvFlags", type | (Self.controlSizes[node.peek("controlSize") ?? ""] ?? 0) << 26)
        e.bool("NSAllowTruncatedLabels", node.peek("allowsTruncatedLabels") != "NO")
        if node.peek("drawsBackground") != "NO" { e.bool("NSDrawsBackground", true) }
        finish(i, cls, e)
        collectConnections(node, source: i)
        if let sel = node.child("tabViewItems")?.children.first(where: { initial == nil || $0.peek("id") == initial }),
           let vn = sel.children.first(where: { $0.peek("key", is: "view") }) {
            computeKeyViewLoop(tabView: i, itemView: vn)
        }
        return i
    }

    /// AppKit's default key-view loop inside a tab view item: tab view → item view → descendants in
    /// reading order (top to bottom, then left to right; flipped scroll views top = smallest y) → tab view.
    func computeKeyViewLoop(tabView: Int, itemView: XIBNode) {
        var seq: [(Int, XIBNode?)] = [(tabView, nil)]
        func children(_ n: XIBNode) -> [XIBNode] {
            if n.isNamed("scrollView") {
                return n.children.filter { ["contentView", "horizontalScroller", "verticalScroller"].contains($0.peek("key") ?? "") }
            }
            return n.child("subviews")?.children.filter { isView($0) } ?? []
        }
        func expand(_ n: XIBNode) {
            let flipped = n.isNamed("scrollView") || n.isNamed("clipView")
            let kids = children(n).map { k -> (XIBNode, Rect) in (k, Rect(k.child("rect", key: "frame")) ?? Rect()) }
            let sorted = kids.enumerated().sorted { a, b in
                let ra = a.element.1, rb = b.element.1
                let ta = flipped ? ra.y : -(ra.y + ra.h), tb = flipped ? rb.y : -(rb.y + rb.h)
                if ta != tb { return ta < tb }
                if ra.x != rb.x { return ra.x < rb.x }
                return a.offset < b.offset
            }.map(\.element.0)
            for k in sorted {
                if let id = k.peek("id"), let idx = ctx.objectIndex(forID: id) { seq.append((idx, k)) }
                expand(k)
            }
        }
        if let id = itemView.peek("id"), let idx = ctx.objectIndex(forID: id) { seq.append((idx, itemView)) }
        expand(itemView)
        guard seq.count > 1 else { return }
        for k in seq.indices {
            let (from, node) = seq[k]
            if node?.peek("hidden") == "YES" {
                // Hidden views are skipped by the loop; AppKit archives their next key view as nil.
                setNextKeyView(from, nil)
                continue
            }
            let to = seq[(k + 1) % seq.count].0
            setNextKeyView(from, to)
        }
    }

    func setNextKeyView(_ view: Int, _ target: Int?) {
        var entries = b.graph.objects[view].entries
        let value: NibGraphValue = target.map { .conditionalObject($0) } ?? .null
        if let k = entries.firstIndex(where: { $0.key == "NSNextKeyView" }) {
            entries[k].value = value
        } else {
            let after = entries.lastIndex { ["NSSuperview", "NSBounds", "NSFrame", "NSFrameSize"].contains($0.key) } ?? 0
            entries.insert(NibEntry(key: "NSNextKeyView", value: value), at: after + 1)
        }
        b.graph.objects[view].entries = entries
    }

    func encodeSplitView(_ node: XIBNode, superview: Int?, inStack: Bool) -> Int {
        var (i, e, cls) = beginView(node, "NSSplitView")
        node.markUsed("vertical", "dividerStyle", "autosaveName", "arrangesAllSubviews")
        var subs: [Int] = []
        let vertical = node.peek("vertical", is: "YES")
        let divider = node.peek("dividerStyle", is: "thin") ? 1.0 : 9.0
        let sr = Rect(node.child("rect", key: "frame")) ?? Rect()
        let paneNodes = node.child("subviews")?.children.filter { isView($0) } ?? []
        // Panes laid out across the split axis are re-tiled along it (AppKit -adjustSubviews).
        var paneFrames: [Rect]?
        let rects = paneNodes.map { Rect($0.child("rect", key: "frame")) ?? Rect() }
        if !rects.isEmpty, rects.contains(where: { vertical ? $0.h != sr.h : $0.w != sr.w }) {
            let n = Double(rects.count)
            let total = (vertical ? sr.w : sr.h) - (n - 1) * divider
            let base = (total / n).rounded(.down)
            // Frames are read from the document: a non-finite or huge total leaves no whole remainder.
            var extra = Int(exactly: (total - base * n).rounded(.towardZero)) ?? 0
            var pos = 0.0
            var frames: [Rect] = []
            for _ in rects {
                let len = base + (extra > 0 ? 1 : 0)
                if extra > 0 { extra -= 1 }
                frames.append(vertical ? Rect(x: pos, y: 0, w: len, h: sr.h) : Rect(x: 0, y: pos, w: sr.w, h: len))
                pos += len + divider
            }
            paneFrames = frames
        }
        for (k, c) in paneNodes.enumerated() {
                let v = encodeView(c, superview: i)
                if let pf = paneFrames?[k] {
                    var entries = b.graph.objects[v].entries
                    if let fi = entries.firstIndex(where: { $0.key == "NSFrame" || $0.key == "NSFrameSize" }) {
                        entries[fi] = pf.x != 0 || pf.y != 0 ? NibEntry(key: "NSFrame", value: .object(str(rectString(pf.x, pf.y, pf.w, pf.h))))
                            : NibEntry(key: "NSFrameSize", value: .object(str(sizeString(pf.w, pf.h))))
                        b.graph.objects[v].entries = entries
                    }
                }
                // Direct subviews of a split view clip to bounds.
                b.graph.objects[v].entries.insert(NibEntry(key: "NSViewClipsToBoundsKeyName", value: .bool(true)),
                                                  at: b.graph.objects[v].entries.firstIndex { $0.key == "IBNSSafeAreaLayoutGuide" } ?? b.graph.objects[v].entries.count)
                subs.append(v)
        }
        if let hp = node.child("holdingPriorities") { ctx.ignore(hp) }
        var o = ViewOptions()
        o.inStackView = inStack
        o.subviews = subs
        viewKeys(node, index: i, superview: superview, e: &e, o)
        if node.peek("vertical", is: "YES") { e.bool("NSIsVertical", true) }
        if let d = node.peek("dividerStyle") { e.int("NSDividerStyle", ["thick": 1, "thin": 2, "paneSplitter": 3][d] ?? 1) }
        if let a = node.peek("autosaveName") { e.obj("NSAutosaveName", str(a)) }
        finish(i, cls, e)
        collectConnections(node, source: i)
        return i
    }

    static let stackConnectorLabel = "Encoding NSStackView requires being decoded before other connections with an early decoding order priority of 999990."

    func encodeStackView(_ node: XIBNode, superview: Int?, inStack: Bool) -> Int {
        var (i, e, cls) = beginView(node, "NSStackView")
        node.markUsed("orientation", "alignment", "distribution", "spacing", "horizontalStackHuggingPriority",
                      "verticalStackHuggingPriority", "detachesHiddenViews", "horizontalClippingResistancePriority",
                      "verticalClippingResistancePriority")
        let views = encodeSubviews(node, index: i, inStack: true)
        for c in node.children where ["visibilityPriorities", "customSpacing", "beginningViews", "middleViews", "endViews"].contains(c.name) { ctx.ignore(c) }
        warnUnarchivedStackSettings(node)
        var o = ViewOptions()
        o.inStackView = inStack
        o.subviews = views
        viewKeys(node, index: i, superview: superview, e: &e, o)
        let vertical = node.peek("orientation", is: "vertical")
        e.int("NSStackViewOrientation", vertical ? 1 : 0)
        e.int("NSStackViewSecondaryAlignment", stackSecondaryAlignment(node.peek("alignment")) ?? (vertical ? 1 : 3))
        e.int("NSStackViewAlignment", Self.layoutAttributes[node.peek("alignment") ?? ""] ?? (vertical ? 9 : 10))
        e.float("NSStackViewVerticalClippingResistance", node.double("verticalClippingResistancePriority") ?? 1000)
        e.float("NSStackViewHorizontalClippingResistance", node.double("horizontalClippingResistancePriority") ?? 1000)
        e.float("NSStackViewVerticalHugging", node.double("verticalStackHuggingPriority") ?? 250)
        e.float("NSStackViewHorizontalHugging", node.double("horizontalStackHuggingPriority") ?? 250)
        e.float("NSStackViewSpacing", node.double("spacing") ?? 8)
        e.int("NSStackViewdistribution", ["gravityAreas": -1, "fill": 0, "fillEqually": 1, "fillProportionally": 2,
                                          "equalSpacing": 3, "equalCentering": 4][node.peek("distribution") ?? ""] ?? -1)
        let insets = node.children.first { $0.isNamed("edgeInsets") }
        if let insets { ctx.ignore(insets) }
        e.float("NSStackViewEdgeInsets.top", insets?.double("top") ?? 0)
        e.float("NSStackViewEdgeInsets.left", insets?.double("left") ?? 0)
        e.float("NSStackViewEdgeInsets.right", insets?.double("right") ?? 0)
        e.float("NSStackViewEdgeInsets.bottom", insets?.double("bottom") ?? 0)
        if !views.isEmpty {
            var ce = Entries()
            ce.null("NSNextResponder")
            ce.null("NSNibTouchBar")
            ce.int("NSvFlags", 256)
            ce.obj("NSFrameSize", str("{0, 0}"))
            ce.bool("NSViewWantsBestResolutionOpenGLSurface", true)
            ce.bool("NSDoNotTranslateAutoresizingMask", true)
            ce.null("IBNSSafeAreaLayoutGuide")
            ce.null("IBNSLayoutMarginsGuide")
            ce.int("IBNSClipsToBounds", 0)
            ce.add("NSStackViewContainerStackView", .conditionalObject(i))
            ce.null("NSStackViewContainerViewToCustomAfterSpaceMap")
            ce.null("NSStackViewContainerVisibilityPriorities")
            ce.obj("NSStackViewContainerNonDroppedViews", b.mutableArray(views))
            e.obj("NSStackViewBeginningContainer", b.graph.add(NibObject(className: "NSStackViewContainer", entries: ce.list)))
            var se = Entries()
            se.obj("NSSource", i)
            se.obj("NSLabel", str(Self.stackConnectorLabel))
            stackConnectors.append(b.graph.add(NibObject(className: "NSNibConnector", entries: se.list)))
        }
        e.bool("NSStackViewDetachesHiddenViews", node.peek("detachesHiddenViews", is: "YES"))
        e.bool("NSStackViewHasFlatViewHierarchy", true)
        finish(i, cls, e)
        collectConnections(node, source: i)
        return i
    }

    func encodeVisualEffectView(_ node: XIBNode, superview: Int?, inStack: Bool) -> Int {
        var (i, e, cls) = beginView(node, "NSVisualEffectView")
        node.markUsed("blendingMode", "material", "state", "emphasized")
        var o = ViewOptions()
        o.inStackView = inStack
        o.subviews = encodeSubviews(node, index: i)
        viewKeys(node, index: i, superview: superview, e: &e, o)
        let materials = ["appearanceBased": 0, "light": 1, "dark": 2, "titlebar": 3, "selection": 4, "menu": 5, "popover": 6,
                         "sidebar": 7, "mediumLight": 8, "ultraDark": 9, "headerView": 10, "sheet": 11, "windowBackground": 12,
                         "HUDWindow": 13, "fullScreenUI": 15, "toolTip": 17, "contentBackground": 18, "underWindowBackground": 21,
                         "underPageBackground": 22]
        e.int("NSVisualEffectViewBlendingMode", node.peek("blendingMode", is: "withinWindow") ? 1 : 0)
        e.int("NSVisualEffectViewState", ["followsWindowActiveState": 0, "active": 1, "inactive": 2][node.peek("state") ?? ""] ?? 0)
        e.null("NSVisualEffectViewMaskImage")
        let m = materials[node.peek("material") ?? ""] ?? 0
        e.int("NSVisualEffectViewMaterial", m)
        e.int("IBVisualEffectViewExternalMaterial", m)
        e.int("IBVisualEffectViewAppearanceType", 0)
        finish(i, cls, e)
        collectConnections(node, source: i)
        return i
    }

    func encodePDFView(_ node: XIBNode, superview: Int?) -> Int {
        var (i, e, cls) = beginView(node, "PDFView")
        var o = ViewOptions()
        o.noVFlags = true
        o.alwaysSubviews = true
        o.dragTypes = ["NSFilenamesPboardType"]
        o.subviews = encodeSubviews(node, index: i)
        viewKeys(node, index: i, superview: superview, e: &e, o)
        node.markUsed("autoScales", "displayMode", "displaysPageBreaks", "displayDirection")
        e.int("Version", 3)
        e.int("DisplayMode", 1)
        e.bool("PageBreaks", false)
        e.float("ScaleFactor", 1)
        e.bool("AutoScale", true)
        e.bool("DisplayDirection", false)
        e.bool("DisplaysRTL", false)
        e.float("MinScaleFactor", 0.1)
        e.float("MaxScaleFactor", 20)
        e.bool("DisplaysAsBook", false)
        e.bool("EnableDataDetectors", false)
        e.int("InterpolationQuality", 2)
        e.bool("AcceptsDraggedFiles", false)
        finish(i, cls, e)
        collectConnections(node, source: i)
        return i
    }
}
