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

/// An AppKit view encoder: (compiler, element, superview object or nil, whether the view is arranged in a
/// stack view) -> the view's object index.
typealias AppKitViewEncoder = @Sendable (AppKitCompiler, XIBNode, Int?, Bool) -> Int

/// The view encoders by element name: adding a view class is its encoder function in the family file
/// plus one line here (the same scheme as `UIKitEncoders.table`).
enum AppKitEncoders {
    static let views: [String: AppKitViewEncoder] = [
        "textField": { $0.encodeTextField($1, superview: $2, inStack: $3) },
        "secureTextField": { $0.encodeTextField($1, superview: $2, inStack: $3) },
        "searchField": { $0.encodeTextField($1, superview: $2, inStack: $3) },
        "comboBox": { $0.encodeTextField($1, superview: $2, inStack: $3) },
        "tokenField": { $0.encodeTextField($1, superview: $2, inStack: $3) },
        "button": { $0.encodeButton($1, superview: $2, inStack: $3) },
        "popUpButton": { $0.encodePopUpButton($1, superview: $2, inStack: $3) },
        "imageView": { $0.encodeImageView($1, superview: $2, inStack: $3) },
        "scrollView": { $0.encodeScrollView($1, superview: $2, inStack: $3) },
        "box": { $0.encodeBox($1, superview: $2, inStack: $3) },
        "tabView": { $0.encodeTabView($1, superview: $2, inStack: $3) },
        "splitView": { $0.encodeSplitView($1, superview: $2, inStack: $3) },
        "stackView": { $0.encodeStackView($1, superview: $2, inStack: $3) },
        "gridView": { $0.encodeGridView($1, superview: $2, inStack: $3) },
        "slider": { $0.encodeSlider($1, superview: $2, inStack: $3) },
        "stepper": { $0.encodeStepper($1, superview: $2, inStack: $3) },
        "segmentedControl": { $0.encodeSegmentedControl($1, superview: $2, inStack: $3) },
        "datePicker": { $0.encodeDatePicker($1, superview: $2, inStack: $3) },
        "levelIndicator": { $0.encodeLevelIndicator($1, superview: $2, inStack: $3) },
        "progressIndicator": { $0.encodeProgressIndicator($1, superview: $2, inStack: $3) },
        "colorWell": { $0.encodeColorWell($1, superview: $2, inStack: $3) },
        "pathControl": { $0.encodePathControl($1, superview: $2, inStack: $3) },
        "matrix": { $0.encodeMatrix($1, superview: $2, inStack: $3) },
        "control": { $0.encodePlainControl($1, superview: $2, inStack: $3) },
        "textView": { c, node, superview, _ in c.encodeTextView(node, superview: superview, frame: nil) },
        "visualEffectView": { $0.encodeVisualEffectView($1, superview: $2, inStack: $3) },
        "pdfView": { c, node, superview, _ in c.encodePDFView(node, superview: superview) },
        "tableView": { c, node, superview, _ in c.encodeTableView(node, superview: superview, clipSize: nil) },
        "outlineView": { c, node, superview, _ in c.encodeTableView(node, superview: superview, clipSize: nil) },
        "tableCellView": { c, node, superview, _ in c.encodeTableCellView(node, superview: superview) },
        "webView": { $0.encodeWebView($1, superview: $2, inStack: $3) },
        "ruleEditor": { $0.encodeRuleEditor($1, superview: $2, inStack: $3) },
        "predicateEditor": { $0.encodeRuleEditor($1, superview: $2, inStack: $3) },
        "customView": { $0.encodePlainView($1, superview: $2, inStack: $3, custom: true) },
        "view": { $0.encodePlainView($1, superview: $2, inStack: $3, custom: false) },
        // A storyboard container view (an embed segue's) is a plain NSView, the controller's view added into it at
        // load time; no AppKit sample: UIKit archives its container as a plain UIView (STORYBOARD.md §2.7).
        "containerView": { $0.encodePlainView($1, superview: $2, inStack: $3, custom: false) },
    ]
}

extension AppKitCompiler {
    /// Elements that are views: those with an encoder, and those their containers encode themselves
    /// (clip views, scrollers, headers, row views) or archive as plain views with a warning.
    static let viewElements: Set<String> = Set(AppKitEncoders.views.keys).union([
        "clipView", "scroller", "tableHeaderView", "tableRowView", "collectionView", "browser", "wkWebView",
        "openGLView", "customTouchBarItem", "textTableCellView",
    ])

    func isView(_ node: XIBNode) -> Bool { Self.viewElements.contains(node.name) }

    /// Encodes any view element with `superview` (nil for top-level / content views).
    func encodeView(_ node: XIBNode, superview: Int?, inStack: Bool = false) -> Int {
        if let encoder = AppKitEncoders.views[node.name] { return encoder(self, node, superview, inStack) }
        ctx.warning(at: node, "view <\(node.name)> is not supported yet; archived as a plain NSView")
        return encodePlainView(node, superview: superview, inStack: inStack, custom: false, generic: true)
    }

    /// Encodes the `<subviews>` children of `node` with superview `index`.
    func encodeSubviews(_ node: XIBNode, index: Int, inStack: Bool = false, reversed: Bool = false) -> [Int] {
        guard let sv = node.child("subviews") else { return [] }
        var out: [Int] = []
        for c in reversed ? Array(sv.children).reversed() : Array(sv.children) {
            if isView(c) { out.append(encodeView(c, superview: index, inStack: inStack)) } else { ctx.ignore(c) }
        }
        return out
    }

    /// Starts an object for a view element: NSClassSwapper when it has `customClass`.
    func beginView(_ node: XIBNode, _ cls: String, swappable: Bool = true) -> (Int, Entries, String) {
        skipUnevidencedAttributes(node)
        var e = Entries()
        if swappable, node.has("customClass") {
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
        } else if custom && direct && !node.has("customClass") {
            i = define(node, "NSClassSwapper"); cls = "NSClassSwapper"
            e.obj("NSClassName", str("NSView")); e.obj("NSOriginalClassName", str("NSView"))
        } else {
            (i, e, cls) = beginView(node, "NSView")
        }
        var o = options
        o.inStackView = inStack
        // ibtool archives a <customView>'s subviews last to first, unlike every other container (all 5 pairs
        // with a multi-subview custom view: 4 NIBArchive, the Sparkle keyed nibs). They are also encoded in
        // that order, so value-equal numbers shared between them take the first archived one's type.
        o.subviews = encodeSubviews(node, index: i, reversed: custom)
        if generic {
            // Unknown container (gridView, …): archive the views nested in it as subviews.
            func collect(_ n: XIBNode) {
                for c in n.children where !c.isNamed("subviews") && !c.isNamed("connections") {
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
            if node.peek("focusRingType", is: "none"), !Self.cellControls.contains(node.name) { v |= 1 << 12 }
            if node.peek("hidden", is: "YES") { v |= 1 << 31 }
            e.int("NSvFlags", Int(Int32(truncatingIfNeeded: v)))
        }
        if !o.subviews.isEmpty || o.alwaysSubviews { e.obj("NSSubviews", b.mutableArray(o.subviews)) }
        if let d = o.dragTypes { e.obj("NSDragTypes", b.collection("NSMutableSet", d.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }.map { str($0) })) }
        // An encoder that passes a frame recomputes it as ibtool does (a window's content view from the
        // content rect, a scroll view's document view and scrollers by tiling): the XIB's designable frame
        // is consumed without a warning.
        let designed = Rect(node.child("rect", key: "frame"))
        let r = o.frame ?? designed ?? Rect()
        if r.x != 0 || r.y != 0 {
            e.obj("NSFrame", str(rectString(r.x, r.y, r.w, r.h)))
        } else {
            e.obj("NSFrameSize", str(sizeString(r.w, r.h)))
        }
        if let bnd = o.bounds { e.obj("NSBounds", str(bnd)) }
        if let s = superview, !o.noSuperview { e.add("NSSuperview", .conditionalObject(s)) }
        if let n = o.nextKeyView { e.add("NSNextKeyView", .conditionalObject(n)) }
        if node.peek("wantsLayer", is: "YES") || o.layerHost { e.bool("NSViewIsLayerTreeHost", true) }
        e.bool("NSViewWantsBestResolutionOpenGLSurface", true)
        if let rid = o.reuseIdentifier { e.obj("NSReuseIdentifierKey", str(rid)) }
        if node.peek("translatesAutoresizingMaskIntoConstraints", is: "NO"), maskElement == nil, node.peek("fixedFrame") != "YES" {
            let id = node.peek("id") ?? ""
            if superview == nil || o.inStackView || constraintItemIDs.contains(id) {
                e.bool("NSDoNotTranslateAutoresizingMask", true)
            }
        }
        // Constraints and layout guides.
        var guides: [String: Int] = [:]
        for g in node.children where g.isNamed("viewLayoutGuide") {
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
            let order = AppKitConstraintOrder(owner: node, element: { [ctx] in ctx.element(withID: $0) })
            for c in order.ordered(cs.children.filter { $0.isNamed("constraint") }) { list.append(encodeConstraint(c, owner: index)) }
            if !list.isEmpty { e.obj("NSViewConstraints", b.array(list)) }
        }
        if let g = guides["archived"] { e.obj("NSViewLayoutGuides", b.array([g])) }
        let hh = node.double("horizontalHuggingPriority") ?? 250, vh = node.double("verticalHuggingPriority") ?? 250
        if hh != o.hugging.0 || vh != o.hugging.1 { e.obj("NSHuggingPriority", str(sizeString(hh, vh))) }
        let hc = node.double("horizontalCompressionResistancePriority") ?? 750, vc = node.double("verticalCompressionResistancePriority") ?? 750
        if hc != 750 || vc != 750 { e.obj("NSAntiCompressionPriority", str(sizeString(hc, vc))) }
        let clips = node.peek("clipsToBounds", is: "YES")
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
        if !c.has("firstAttribute") { ctx.error(at: c, "constraint needs firstAttribute") }
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
        if let p = ctx.integer(c, "priority"), p != 1000 { e.int("NSPriority", Int(p)) }
        if !symbolic && constant != 0 { e.double("NSConstant", constant) }
        finish(i, "NSLayoutConstraint", e)
        return i
    }
}
