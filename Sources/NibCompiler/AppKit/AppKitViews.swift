import NibArchive
import XIB

/// Per-view choices that differ from the plain NSView rules.
struct ViewOptions {
    /// Subviews to archive (nil: none, key absent unless `alwaysSubviews`).
    var subviews: [Int] = []
    var alwaysSubviews = false
    var dragTypes: [String]? = nil
    /// Frame replacing the XIB's.
    var frame: Rect? = nil
    var bounds: String? = nil
    var nextKeyView: Int? = nil
    /// Autoresizing mask replacing the XIB's / the default.
    var mask: Int? = nil
    var defaultMask: Int? = nil
    var hugging: (Double, Double) = (250, 250)
    var reuseIdentifier: String? = nil
    var noVFlags = false
    /// Whether the view's superview is a stack view.
    var inStackView = false
    var clipsToBoundsKey = false
    var layerHost = false
    var noSuperview = false
}

extension AppKitCompiler {
    static let viewElements: Set<String> = [
        "view", "customView", "textField", "secureTextField", "searchField", "comboBox", "tokenField", "button",
        "popUpButton", "imageView", "scrollView", "clipView", "scroller", "tableView", "outlineView", "tableHeaderView",
        "tableCellView", "tableRowView", "box", "tabView", "splitView", "stackView", "slider", "stepper", "segmentedControl",
        "datePicker", "levelIndicator", "progressIndicator", "colorWell", "pathControl", "matrix", "textView",
        "visualEffectView", "pdfView", "collectionView", "browser", "webView", "wkWebView", "gridView", "predicateEditor",
        "ruleEditor", "openGLView", "customTouchBarItem", "textTableCellView",
    ]

    func isView(_ node: XIBNode) -> Bool { Self.viewElements.contains(node.name) }

    /// Encodes any view element with `superview` (nil for top-level / content views).
    func encodeView(_ node: XIBNode, superview: Int?, inStack: Bool = false) -> Int {
        switch node.name {
        case "textField", "secureTextField", "searchField", "comboBox", "tokenField": return encodeTextField(node, superview: superview, inStack: inStack)
        case "button": return encodeButton(node, superview: superview, inStack: inStack)
        case "popUpButton": return encodePopUpButton(node, superview: superview, inStack: inStack)
        case "imageView": return encodeImageView(node, superview: superview, inStack: inStack)
        case "scrollView": return encodeScrollView(node, superview: superview, inStack: inStack)
        case "box": return encodeBox(node, superview: superview, inStack: inStack)
        case "tabView": return encodeTabView(node, superview: superview, inStack: inStack)
        case "splitView": return encodeSplitView(node, superview: superview, inStack: inStack)
        case "stackView": return encodeStackView(node, superview: superview, inStack: inStack)
        case "slider": return encodeSlider(node, superview: superview, inStack: inStack)
        case "stepper": return encodeStepper(node, superview: superview, inStack: inStack)
        case "segmentedControl": return encodeSegmentedControl(node, superview: superview, inStack: inStack)
        case "datePicker": return encodeDatePicker(node, superview: superview, inStack: inStack)
        case "levelIndicator": return encodeLevelIndicator(node, superview: superview, inStack: inStack)
        case "progressIndicator": return encodeProgressIndicator(node, superview: superview, inStack: inStack)
        case "colorWell": return encodeColorWell(node, superview: superview, inStack: inStack)
        case "pathControl": return encodePathControl(node, superview: superview, inStack: inStack)
        case "matrix": return encodeMatrix(node, superview: superview, inStack: inStack)
        case "textView": return encodeTextView(node, superview: superview, frame: nil)
        case "visualEffectView": return encodeVisualEffectView(node, superview: superview, inStack: inStack)
        case "pdfView": return encodePDFView(node, superview: superview)
        case "tableView", "outlineView": return encodeTableView(node, superview: superview, clipSize: nil)
        case "tableCellView": return encodeTableCellView(node, superview: superview)
        case "customView": return encodePlainView(node, superview: superview, inStack: inStack, custom: true)
        case "view": return encodePlainView(node, superview: superview, inStack: inStack, custom: false)
        default:
            ctx.warning(at: node, "view <\(node.name)> is not supported yet; archived as a plain NSView")
            return encodePlainView(node, superview: superview, inStack: inStack, custom: false, generic: true)
        }
    }

    /// Encodes the `<subviews>` children of `node` with superview `index`.
    func encodeSubviews(_ node: XIBNode, index: Int, inStack: Bool = false) -> [Int] {
        guard let sv = node.child("subviews") else { return [] }
        var out: [Int] = []
        for c in sv.children {
            if isView(c) { out.append(encodeView(c, superview: index, inStack: inStack)) } else { ctx.ignore(c) }
        }
        return out
    }

    /// Starts an object for a view element: NSClassSwapper when it has `customClass`.
    func beginView(_ node: XIBNode, _ cls: String, swappable: Bool = true) -> (Int, Entries, String) {
        var e = Entries()
        if swappable, node.peek("customClass") != nil {
            let i = define(node, "NSClassSwapper")
            e.obj("NSClassName", str(className(node) ?? ""))
            e.obj("NSOriginalClassName", str(cls))
            node.markUsed("customModule", "customModuleProvider")
            return (i, e, "NSClassSwapper")
        }
        return (define(node, cls), e, cls)
    }

    func encodePlainView(_ node: XIBNode, superview: Int?, inStack: Bool, custom: Bool, generic: Bool = false,
                         options: ViewOptions = ViewOptions()) -> Int {
        var i: Int
        var e = Entries()
        var cls: String
        if custom && !direct {
            i = define(node, "NSCustomView"); cls = "NSCustomView"
            if let r = classReference(node) { e.obj("IBClassReference", r) }
        } else if custom && direct && node.peek("customClass") == nil {
            i = define(node, "NSClassSwapper"); cls = "NSClassSwapper"
            e.obj("NSClassName", str("NSView")); e.obj("NSOriginalClassName", str("NSView"))
        } else {
            (i, e, cls) = beginView(node, "NSView")
        }
        var o = options
        o.inStackView = inStack
        o.subviews = encodeSubviews(node, index: i)
        if generic {
            // Unknown container (gridView, …): archive the views nested in it as subviews.
            func collect(_ n: XIBNode) {
                for c in n.children where c.name != "subviews" && c.name != "connections" {
                    if isView(c) { o.subviews.append(encodeView(c, superview: i)) } else { collect(c) }
                }
            }
            collect(node)
        }
        viewKeys(node, index: i, superview: superview, e: &e, o)
        if custom && !direct {
            e.obj("NSClassName", str(className(node) ?? "NSView"))
        }
        if generic { ctx.ignore(node) }
        finish(i, cls, e)
        collectConnections(node, source: i)
        return i
    }

    // MARK: Base keys

    func autoresizingMask(_ node: XIBNode) -> Int? {
        guard let m = node.child("autoresizingMask") else { return nil }
        var v = 0
        for (bit, name) in ["flexibleMinX", "widthSizable", "flexibleMaxX", "flexibleMinY", "heightSizable", "flexibleMaxY"].enumerated()
        where m[name] == "YES" { v |= 1 << bit }
        return v
    }

    /// Appends the NSView keys (NSNextResponder … IBNSClipsToBounds) for `node`.
    func viewKeys(_ node: XIBNode, index: Int, superview: Int?, e: inout Entries, _ o: ViewOptions) {
        node.markUsed("misplaced", "ambiguous", "horizontalHuggingPriority", "verticalHuggingPriority",
                      "horizontalCompressionResistancePriority", "verticalCompressionResistancePriority",
                      "translatesAutoresizingMaskIntoConstraints", "fixedFrame", "wantsLayer", "hidden",
                      "focusRingType", "clipsToBounds", "autoresizesSubviews", "appearanceType", "identifier", "canDrawConcurrently",
                      "placeholderIntrinsicWidth", "placeholderIntrinsicHeight", "allowsExpansionToolTips", "userInterfaceLayoutDirection")
        if let s = superview { e.add("NSNextResponder", .conditionalObject(s)) } else { e.null("NSNextResponder") }
        e.null("NSNibTouchBar")
        let maskElement = autoresizingMask(node)
        if !o.noVFlags {
            let mask = o.mask ?? maskElement ?? o.defaultMask ?? (autolayout ? 12 : 40)
            var v = mask
            if node.peek("autoresizesSubviews") != "NO" { v |= 256 }
            if node.peek("focusRingType") == "none", !Self.cellControls.contains(node.name) { v |= 1 << 12 }
            if node.peek("hidden") == "YES" { v |= 1 << 31 }
            e.int("NSvFlags", Int(Int32(truncatingIfNeeded: v)))
        }
        if !o.subviews.isEmpty || o.alwaysSubviews { e.obj("NSSubviews", b.mutableArray(o.subviews)) }
        if let d = o.dragTypes { e.obj("NSDragTypes", b.collection("NSMutableSet", d.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }.map { str($0) })) }
        let r = o.frame ?? Rect(node.child("rect", key: "frame")) ?? Rect()
        if r.x != 0 || r.y != 0 {
            e.obj("NSFrame", str(rectString(r.x, r.y, r.w, r.h)))
        } else {
            e.obj("NSFrameSize", str(sizeString(r.w, r.h)))
        }
        if let bnd = o.bounds { e.obj("NSBounds", str(bnd)) }
        if let s = superview, !o.noSuperview { e.add("NSSuperview", .conditionalObject(s)) }
        if let n = o.nextKeyView { e.add("NSNextKeyView", .conditionalObject(n)) }
        if node.peek("wantsLayer") == "YES" || o.layerHost { e.bool("NSViewIsLayerTreeHost", true) }
        e.bool("NSViewWantsBestResolutionOpenGLSurface", true)
        if let rid = o.reuseIdentifier { e.obj("NSReuseIdentifierKey", str(rid)) }
        if node.peek("translatesAutoresizingMaskIntoConstraints") == "NO", maskElement == nil, node.peek("fixedFrame") != "YES" {
            let id = node.peek("id") ?? ""
            if superview == nil || o.inStackView || constraintItemIDs.contains(id) {
                e.bool("NSDoNotTranslateAutoresizingMask", true)
            }
        }
        // Constraints and layout guides.
        var guides: [String: Int] = [:]
        for g in node.children where g.name == "viewLayoutGuide" {
            ctx.ignore(g)
            if let key = g.peek("key"), let gid = g.peek("id") {
                let type = key == "safeArea" ? 2 : 1
                let gi = b.graph.add(NibObject(className: "IBNSViewAutolayoutGuide", entries: [NibEntry(key: "IBNSLayoutGuideSystemType", value: .int(Int64(type)))]))
                guides[key] = gi
                if key == "safeArea", constraintItemIDs.contains(gid) {
                    var ge = Entries()
                    ge.obj("NSLayoutGuideIdentifier", str("NSViewSafeAreaLayoutGuide"))
                    ge.bool("NSShouldBeArchived", true)
                    ge.bool("NSLayoutGuideNegativeSize", true)
                    ge.bool("NSLayoutGuideLockedToOwningView", true)
                    ge.obj("NSLayoutGuideSystemConstraints", b.mutableArray([]))
                    let li = b.graph.add(NibObject(className: "NSLayoutGuide", entries: ge.list))
                    ctx.bind(id: gid, to: li)
                    guides["archived"] = li
                }
            }
        }
        if let cs = node.child("constraints") {
            var list: [Int] = []
            for c in cs.children where c.name == "constraint" { list.append(encodeConstraint(c, owner: index)) }
            if !list.isEmpty { e.obj("NSViewConstraints", b.array(list)) }
        }
        if let g = guides["archived"] { e.obj("NSViewLayoutGuides", b.array([g])) }
        let hh = node.double("horizontalHuggingPriority") ?? 250, vh = node.double("verticalHuggingPriority") ?? 250
        if hh != o.hugging.0 || vh != o.hugging.1 { e.obj("NSHuggingPriority", str(sizeString(hh, vh))) }
        let hc = node.double("horizontalCompressionResistancePriority") ?? 750, vc = node.double("verticalCompressionResistancePriority") ?? 750
        if hc != 750 || vc != 750 { e.obj("NSAntiCompressionPriority", str(sizeString(hc, vc))) }
        let clips = node.peek("clipsToBounds") == "YES"
        if o.clipsToBoundsKey || clips { e.bool("NSViewClipsToBoundsKeyName", true) }
        if let g = guides["safeArea"] { e.obj("IBNSSafeAreaLayoutGuide", g) } else { e.null("IBNSSafeAreaLayoutGuide") }
        if let g = guides["layoutMargins"] { e.obj("IBNSLayoutMarginsGuide", g) } else { e.null("IBNSLayoutMarginsGuide") }
        e.int("IBNSClipsToBounds", clips ? 1 : 0)
        if let a = node.child("accessibility") { _ = a }
    }

    /// Controls whose focus ring type goes to the cell.
    static let cellControls: Set<String> = ["textField", "secureTextField", "searchField", "comboBox", "button", "popUpButton",
                                            "slider", "stepper", "segmentedControl", "datePicker", "levelIndicator", "pathControl",
                                            "imageView", "tokenField"]

    // MARK: Constraints

    static let layoutAttributes: [String: Int] = [
        "left": 1, "right": 2, "top": 3, "bottom": 4, "leading": 5, "trailing": 6, "width": 7, "height": 8,
        "centerX": 9, "centerY": 10, "lastBaseline": 11, "baseline": 11, "firstBaseline": 12,
        "leftMargin": 13, "rightMargin": 14, "topMargin": 15, "bottomMargin": 16, "leadingMargin": 17, "trailingMargin": 18,
        "centerXWithinMargins": 19, "centerYWithinMargins": 20, "notAnAttribute": 0,
    ]

    func encodeConstraint(_ c: XIBNode, owner: Int) -> Int {
        let i = define(c, "NSLayoutConstraint")
        c.markUsed("identifier", "placeholder")
        var e = Entries()
        if let f = c["firstItem"] { e.obj("NSFirstItem", ctx.reference(f, from: c)) } else { e.obj("NSFirstItem", owner) }
        if c.peek("firstAttribute") == nil { ctx.error(at: c, "constraint needs firstAttribute") }
        let fa = Self.layoutAttributes[c["firstAttribute"] ?? ""] ?? 0
        e.int("NSFirstAttributeV2", fa)
        e.int("NSFirstAttribute", fa)
        switch c["relation"] {
        case "greaterThanOrEqual": e.int("NSRelation", 1)
        case "lessThanOrEqual": e.int("NSRelation", -1)
        default: break
        }
        if let s = c["secondItem"] {
            e.obj("NSSecondItem", ctx.reference(s, from: c))
            let sa = Self.layoutAttributes[c["secondAttribute"] ?? ""] ?? 0
            e.int("NSSecondAttributeV2", sa)
            e.int("NSSecondAttribute", sa)
        } else { _ = c["secondAttribute"] }
        if let m = c["multiplier"] {
            var v = 1.0
            if let colon = m.firstIndex(of: ":") {
                v = (Double(m[..<colon]) ?? 1) / (Double(m[m.index(after: colon)...]) ?? 1)
            } else { v = Double(m) ?? 1 }
            if v != 1 { e.double("NSMultiplier", v) }
        }
        let constant = c.double("constant") ?? 0
        let symbolic = c["symbolic"] == "YES"
        if symbolic {
            e.obj("NSSymbolicConstant", str("NSSpace"))
        } else if constant != 0 {
            e.double("NSConstantV2", constant)
        }
        e.bool("NSShouldBeArchived", true)
        if let p = c.double("priority"), p != 1000 { e.int("NSPriority", Int(p)) }
        if !symbolic && constant != 0 { e.double("NSConstant", constant) }
        finish(i, "NSLayoutConstraint", e)
        return i
    }
}
