import NibArchive
import XIB

/// Per-class variations of the `UIView` keys (§5 of UIKIT-MAPPING.md).
struct ViewStyle {
    /// `UIContentMode` when the XIB has no `contentMode` attribute.
    var defaultContentMode = 0
    /// Class default hugging priority; the key is omitted when the XIB matches it.
    var defaultHugging = (250.0, 250.0)
    /// Write `UIViewContentHuggingPriority` even when the XIB has none (value `{250, 250}`).
    var alwaysWriteHugging = false
    /// `UIStackView` writes `UIViewLayoutMargins` (0, 0, 0, 0) always.
    var alwaysLayoutMargins = false
    /// Cell content views list subviews before constraints in `UINibObjectsKey`.
    var subviewsFirstInObjectList = false
    /// Constraints declared on a cell and hoisted into this content view, and the cell id they rewrite.
    var hoistedConstraints: XIBNode?
    var hoistedFrom: String?
    /// The safe-area guide declared on the owning cell.
    var hoistedGuides: [XIBNode] = []
    /// Extra subviews appended after the XIB ones (cell separator).
    var extraSubviews: [Int] = []
    /// Subviews placed before the XIB ones (table header/footer).
    var leadingSubviews: [Int] = []
    /// Coder-9 stack views ignore `opaque="NO"` and the background colour.
    var ignoresOpaqueAndBackground = false
    /// Ignore all XIB attributes except geometry (collection-cell content views).
    var minimal = false
    /// The element's own constraints and guides were moved to its content view.
    var ownLayoutHoisted = false
    /// …except the constraints this accepts, which stay on it (table view cells); the content view that
    /// hoists the others gets the same predicate as `notHoisted`.
    var keptConstraints: ((XIBNode) -> Bool)?
    var notHoisted: ((XIBNode) -> Bool)?
    /// Objects listed in `UINibObjectsKey` right after this view's keyed children.
    var keyedObjectChildren: [Int] = []
}

extension UIKitCompiler {
    static let contentModes: [String: Int] = [
        "scaleToFill": 0, "scaleAspectFit": 1, "scaleAspectFill": 2, "redraw": 3, "center": 4, "top": 5, "bottom": 6,
        "left": 7, "right": 8, "topLeft": 9, "TopLeft": 9, "topRight": 10, "bottomLeft": 11, "bottomRight": 12,
    ]
    static let semanticAttributes: [String: Int] = [
        "unspecified": 0, "playback": 1, "spatial": 2, "forceLeftToRight": 3, "forceRightToLeft": 4,
    ]

    /// A plain view of `className` (also the base of most view encoders).
    func encodeView(_ node: XIBNode, className: String) -> Int {
        encodeViewObject(node, className: className, style: ViewStyle()) { _, _ in }
    }

    /// Creates a view object: UIView keys, then `subclassKeys`, then class swapping and common children.
    func encodeViewObject(_ node: XIBNode, className: String, style: ViewStyle,
                          subclassKeys: (inout Entries, Int) -> Void) -> Int {
        let index = ctx.define(node, className: className)
        var e = Entries()
        viewKeys(node, index: index, style: style, into: &e)
        subclassKeys(&e, index)
        finishClass(node, index: index, originalClass: className, entries: &e)
        encodeCommonChildren(node, index: index)
        return index
    }

    /// Encodes the `<subviews>` children, in order.
    func encodeSubviews(_ node: XIBNode) -> [Int] {
        guard let sv = node.child("subviews") else { return [] }
        var out: [Int] = []
        for c in sv.children {
            if let enc = UIKitEncoders.table[c.name] {
                out.append(enc(self, c))
            } else if let cls = Self.fallbackViewClasses[c.name] {
                out.append(encodeFallbackView(c, className: cls))
            }
        }
        return out
    }

    /// A view element without its own encoder: the UIView keys only, with a warning.
    func encodeFallbackView(_ c: XIBNode, className cls: String) -> Int {
        ctx.warning(at: c, "<\(c.name)> is archived with the UIView keys only (\(cls)-specific properties are not supported yet)")
        for t in c.children where t.isNamed("textInputTraits") { ctx.ignore(t) }
        return encodeView(c, className: cls)
    }

    /// View elements without a dedicated encoder yet: archived as their class with the UIView keys.
    static let fallbackViewClasses: [String: String] = [
        "mapView": "MKMapView", "webView": "UIWebView",
"containerView": "UIView", "arscnView": "ARSCNView", "sceneKitView": "SCNView",
        "mtkView": "MTKView", "visualEffectView": "UIVisualEffectView",
    ]

    /// The side of the square frame Interface Builder gives a view saved without one.
    static let frameDefaultSide = 1000.0

    /// `x` rounded to the nearest integer when it is within a few ulps of it.
    static func wholeIfNoise(_ x: Double) -> Double {
        let r = x.rounded()
        return r != x && abs(x - r) <= 8 * r.ulp ? r : x
    }

    /// Writes the UIView keys for `node` in ibtool's order and records its `UINibObjectsKey` block.
    func viewKeys(_ node: XIBNode, index: Int, style: ViewStyle, into e: inout Entries) {
        let frame = node.child("rect", key: "frame")
        var w = 0.0, h = 0.0, x = 0.0, y = 0.0
        if let frame {
            x = frame.double("x") ?? 0; y = frame.double("y") ?? 0
            w = frame.double("width") ?? 0; h = frame.double("height") ?? 0
            // A UISwitch has a fixed size that UIKit imposes: IB's floating-point noise on it
            // (`height="31.000000000000004"`) is archived as the whole number (Settings: 2 switches of 2 with
            // such a size); other views keep the noise (Settings TC3's table footer, 120.00000000000003).
            if node.isNamed("switch") { w = Self.wholeIfNoise(w); h = Self.wholeIfNoise(h) }
            // A UIProgressView keeps UIKit's bar height whatever frame it is given (4 points in the iOS 13+
            // SDKs): WebContainer's `height="2"` (an older IB's bar) is archived 4 tall from the same origin
            // (UIKIT-MAPPING §5.3, one sample; PrivacyProtection's bar is already 4 in the XML).
            if node.isNamed("progressView") { h = 4 }
        } else {
            // A view saved without a frame is Interface Builder's default view rectangle, 1000×1000 at the origin:
            // the Flutter launch screen's image view as Xcode 14.2, 15.0.1 and 26.1 compiled it, and 1000 is the width
            // of a frameless container toolbar too (`UIKitSceneNib.placeContainerBar`). A storyboard root view is
            // resized afterwards (`applyDeviceFrame`).
            w = Self.frameDefaultSide; h = Self.frameDefaultSide
        }
        let listedSubviews = style.leadingSubviews + encodeSubviews(node)
        let subviews = listedSubviews + style.extraSubviews

        // Layout guides: real guide only when some constraint uses it; a blank one per element for the list.
        var guideNodes = style.ownLayoutHoisted ? [] : node.children.filter { $0.isNamed("viewLayoutGuide") }
        guideNodes += style.hoistedGuides
        var realGuides: [Int] = []
        var blankGuides: [Int] = []
        for g in guideNodes {
            g.visited = true
            let key = g["key"] ?? "safeArea"
            var real: Int?
            if let id = g.peek("id"), constraintItemIDs.contains(id) {
                let gi = ctx.define(g, className: "UILayoutGuide")
                real = gi
                if key == "safeArea" { realGuides.append(gi) }
                fillLayoutGuide(gi, owner: index, key: key)
            } else {
                _ = g["id"]
            }
            var blank = Entries()
            blank.null("UILayoutGuideOwningView")
            blank.obj("UILayoutGuideIdentifier", b.string(""))
            blank.bool("UILayoutGuideOwningViewIsLocked", false)
            blank.bool("UILayoutGuideShouldBeArchived", false)
            blank.bool("UILayoutGuideAllowsNegativeDimensions", false)
            let blankIndex = b.graph.add(.init(className: "UILayoutGuide", entries: blank.list))
            blankGuides.append(blankIndex)
            if let real { blankGuideOf[real] = blankIndex }
        }

        var constraintNodes: [XIBNode] = []
        if !style.ownLayoutHoisted || style.keptConstraints != nil, let cs = node.child("constraints") {
            constraintNodes += cs.children.filter { $0.isNamed("constraint") && (!style.ownLayoutHoisted || style.keptConstraints?($0) == true) }
            cs.children.forEach { $0.visited = $0.isNamed("constraint") }
        }
        if let hoisted = style.hoistedConstraints {
            constraintNodes += hoisted.children.filter { $0.isNamed("constraint") && style.notHoisted?($0) != true }
            hoisted.children.forEach { $0.visited = $0.isNamed("constraint") }
        }
        let excluded = excludedConstraintIDs(node)
        let (archived, listed) = encodeConstraints(constraintNodes, owner: index, ownerNode: node,
                                                   alias: style.hoistedFrom, excluded: excluded)

        do {
            e.add("UIBounds", packedDoubles([0, 0, w, h]))
            e.add("UICenter", packedDoubles([x + w / 2, y + h / 2]))
        }
        if !subviews.isEmpty { e.obj("UISubviews", b.mutableArray(subviews)) }
        let m = style.minimal
        if !m, !style.ignoresOpaqueAndBackground, let bg = node.child("color", key: "backgroundColor") {
            e.obj("UIBackgroundColor", color(bg))
        } else if style.ignoresOpaqueAndBackground, let bg = node.child("color", key: "backgroundColor") { ctx.ignore(bg) }
        e.bool("UIDeepDrawRect", true)
        let opaque = node.bool("opaque") ?? true
        if opaque || m || style.ignoresOpaqueAndBackground { e.bool("UIOpaque", true) }
        if node.bool("userInteractionEnabled") == false, !m { e.bool("UIUserInteractionDisabled", true) }
        if node.bool("hidden") == true, !m { e.bool("UIHidden", true) }
        if node.bool("multipleTouchEnabled") == true, !m { e.bool("UIMultipleTouchEnabled", true) }
        if let tag = node["tag"].flatMap({ Int($0) }), tag != 0, !m { e.int("UITag", tag) }
        e.bool("UIAutoresizeSubviews", node.bool("autoresizesSubviews") ?? true)
        if let mask = node.child("autoresizingMask", key: "autoresizingMask") {
            var v = 0
            if mask.bool("flexibleMinX") == true { v |= 1 }
            if mask.bool("widthSizable") == true { v |= 2 }
            if mask.bool("flexibleMaxX") == true { v |= 4 }
            if mask.bool("flexibleMinY") == true { v |= 8 }
            if mask.bool("heightSizable") == true { v |= 16 }
            if mask.bool("flexibleMaxY") == true { v |= 32 }
            if v != 0 { e.int("UIAutoresizingMask", v) }
        } else {
            e.int("UIAutoresizingMask", 36)
        }
        if node.bool("clearsContextBeforeDrawing") == false, !m { e.bool("UIClearsContextBeforeDrawing", false) }
        let cm: Int
        if let s = node["contentMode"] {
            cm = Self.contentModes[s] ?? { ctx.warning(at: node, "unknown contentMode '\(s)'"); return 0 }()
        } else { cm = style.defaultContentMode }
        if cm != 0, !m { e.int("UIContentMode", cm) }
        if let a = node.double("alpha"), a != 1, !m { e.float("UIAlpha", a) }
        if node.bool("clipsSubviews") == true, !m { e.bool("UIClipsToBounds", true) }
        if let tint = node.child("color", key: "tintColor"), !m { e.obj("UITintColor", color(tint)) }
        let fixedFrame = node.bool("fixedFrame") == true
        if node.bool("translatesAutoresizingMaskIntoConstraints") == false, !fixedFrame, !m {
            e.bool("UIViewDoesNotTranslateAutoresizingMaskIntoConstraints", true)
        }
        if !archived.isEmpty { e.obj("UIViewAutolayoutConstraints", b.mutableArray(archived)) }
        if !listed.isEmpty { constraintCandidates[index] = listed }
        let hh = node.double("horizontalHuggingPriority"), vh = node.double("verticalHuggingPriority")
        if hh != nil || vh != nil || style.alwaysWriteHugging {
            let h2 = hh ?? 250, v2 = vh ?? 250
            if style.alwaysWriteHugging || h2 != style.defaultHugging.0 || v2 != style.defaultHugging.1 {
                e.obj("UIViewContentHuggingPriority", b.string("{\(shortNumber(h2)), \(shortNumber(v2))}"))
            }
        }
        if node.bool("preservesSuperviewLayoutMargins") == true, !m {
            e.bool("UIViewPreservesSuperviewMargins", true)
            e.int("UIViewPreservesSpecificSuperviewMargins", 15)
        }
        if !realGuides.isEmpty { e.obj("UIViewLayoutGuides", b.mutableArray(realGuides)) }
        let hc = node.double("horizontalCompressionResistancePriority"), vc = node.double("verticalCompressionResistancePriority")
        if (hc ?? 750) != 750 || (vc ?? 750) != 750 {
            e.obj("UIViewContentCompressionResistancePriority", b.string("{\(shortNumber(hc ?? 750)), \(shortNumber(vc ?? 750))}"))
        }
        if let lm = node.child("edgeInsets", key: "layoutMargins") {
            e.add("UIViewLayoutMargins", packedDoubles([lm.double("top") ?? 0, lm.double("left") ?? 0, lm.double("bottom") ?? 0, lm.double("right") ?? 0]))
        } else if let lm = node.child("directionalEdgeInsets", key: "directionalLayoutMargins") {
            // Keys and conditions from UIKit's coders (decompiled iOS 26.1 UIKitCore); no corpus sample sets these. Directional margins are the same insets
            // (leading, trailing in place of left, right) with a flag.
            e.add("UIViewLayoutMargins", packedDoubles([lm.double("top") ?? 0, lm.double("leading") ?? 0, lm.double("bottom") ?? 0, lm.double("trailing") ?? 0]))
            e.bool("UIViewLayoutMarginsAreDirectional", true)
        } else if style.alwaysLayoutMargins {
            e.add("UIViewLayoutMargins", packedDoubles([0, 0, 0, 0]))
        }
        if node.bool("insetsLayoutMarginsFromSafeArea") == false, !m { e.int("UIViewInsetsLayoutMarginsFromSafeArea", 0) }
        // No corpus sample: the key and its bool form are those Apple's nibs carry (xibdump's nib-to-XIB decoder).
        if node.bool("layoutMarginsFollowReadableWidth") == true { e.bool("UIViewLayoutMarginsFollowReadableWidth", true) }
        if node.bool("exclusiveTouch") == true { e.bool("UIExclusiveTouch", true) }  // UIView's coder; no corpus sample
        if let r = node["restorationIdentifier"] { e.obj("UIRestorationIdentifier", b.string(r)) }
        let sem = node["semanticContentAttribute"].flatMap { Self.semanticAttributes[$0] } ?? 0
        e.int("UIViewSemanticContentAttribute", sem)
        if coder10 { e.null("UIViewLargeContentStoredProperties") }
        if m {
            node.markUsed("opaque", "clipsSubviews", "multipleTouchEnabled", "contentMode", "insetsLayoutMarginsFromSafeArea",
                          "userInteractionEnabled", "hidden", "tag", "alpha", "clearsContextBeforeDrawing", "preservesSuperviewLayoutMargins",
                          "translatesAutoresizingMaskIntoConstraints")
            if let bg = node.child("color", key: "backgroundColor") { ctx.ignore(bg) }
        }
        if let v = node.child("variation") { handleVariations(v, node: node) }
        if let g = node.child("gestureRecognizers"), g.children.isEmpty { g.visited = true }
        // Design-time animation metadata.
        for a in node.children where a.isNamed("animations") { ctx.ignore(a) }

        // One allocation of the block's final size, adopted whole when the object has no children listed yet
        // (the usual case): the concatenations and the append into an empty list allocated four arrays per view.
        var block: [Int] = []
        block.reserveCapacity(style.keyedObjectChildren.count + blankGuides.count + listed.count + listedSubviews.count)
        block += style.keyedObjectChildren
        block += blankGuides
        if style.subviewsFirstInObjectList { block += listedSubviews; block += listed } else { block += listed; block += listedSubviews }
        if let i = objectListChildren.index(forKey: index) {
            objectListChildren.values[i].append(contentsOf: block)
        } else {
            objectListChildren[index] = block
        }
    }

    func fillLayoutGuide(_ gi: Int, owner: Int, key: String) {
        var g = Entries()
        if key == "safeArea" {
            g.obj("UILayoutGuideOwningView", owner)
            g.obj("UILayoutGuideIdentifier", b.string("UIViewSafeAreaLayoutGuide"))
            g.bool("UILayoutGuideOwningViewIsLocked", true)
            g.bool("UILayoutGuideShouldBeArchived", true)
            g.bool("UILayoutGuideAllowsNegativeDimensions", true)
            var sys: [Int] = []
            for (first, second, attr, name) in [(gi, owner, 3, "top"), (gi, owner, 1, "left"), (owner, gi, 4, "bottom"), (owner, gi, 2, "right")] {
                sys.append(systemConstraint(first, second, attribute: attr, identifier: "UIViewSafeAreaLayoutGuide-\(name)"))
            }
            g.obj("UILayoutGuideSystemConstraints", b.array(sys))
            b.set(gi, .init(className: "UILayoutGuide", entries: g.list))
        } else {
            // A scroll view's guides, as UIScrollView creates them: the content guide (`_UIScrollViewLayoutGuide`)
            // pinned at its origin, the frame guide (a plain `UILayoutGuide`) at origin and size, each by
            // unarchived system constraints guide → scroll view (Settings nB1: both guides of 2 scroll views).
            let content = key == "contentLayoutGuide"
            let identifier = content ? "UIScrollView-contentLayoutGuide" : "UIScrollView-frameLayoutGuide"
            g.obj("UILayoutGuideOwningView", owner)
            g.obj("UILayoutGuideIdentifier", b.string(identifier))
            g.bool("UILayoutGuideOwningViewIsLocked", true)
            g.bool("UILayoutGuideShouldBeArchived", false)
            g.bool("UILayoutGuideAllowsNegativeDimensions", false)
            var sys: [Int] = []
            let pins = [(1, "minX"), (3, "minY")] + (content ? [] : [(7, "width"), (8, "height")])
            for (attr, name) in pins {
                sys.append(systemConstraint(gi, owner, attribute: attr, identifier: "\(identifier)-\(name)"))
            }
            g.obj("UILayoutGuideSystemConstraints", b.array(sys))
            b.set(gi, .init(className: content ? "_UIScrollViewLayoutGuide" : "UILayoutGuide", entries: g.list))
        }
    }

    /// One system constraint of a layout guide, as UIKit creates it: `first.attribute == second.attribute`,
    /// not archived again by the view (`NSShouldBeArchived` false), named by `identifier`.
    private func systemConstraint(_ first: Int, _ second: Int, attribute: Int, identifier: String) -> Int {
        var c = Entries()
        c.obj("NSFirstItem", first)
        c.int("NSFirstAttributeV2", attribute); c.int("NSFirstAttribute", attribute)
        c.obj("NSSecondItem", second)
        c.int("NSSecondAttributeV2", attribute); c.int("NSSecondAttribute", attribute)
        c.bool("NSShouldBeArchived", false)
        c.obj("NSLayoutIdentifier", b.string(identifier))
        return b.graph.add(.init(className: "NSLayoutConstraint", entries: c.list))
    }

    /// Size-class variations: only `default` exclusions change the base archive; the rest is reported.
    func handleVariations(_ first: XIBNode, node: XIBNode) {
        for v in node.children where v.isNamed("variation") {
            v.visited = true
            let key = v["key"] ?? ""
            if key == "default" {
                for mask in v.children where mask.isNamed("mask") {
                    mask.visited = true
                    _ = mask["key"]
                    for x in mask.children { x.visited = true; _ = x["reference"] }
                }
            } else {
                // Archived as trait storage (TraitStorage.swift); attributes are read there.
                for mask in v.children where mask.isNamed("mask") {
                    mask.visited = true
                    _ = mask["key"]
                    for x in mask.children { x.visited = true; _ = x["reference"] }
                }
                for f in v.children where f.isNamed("fontDescription") { f.visited = true }
            }
        }
    }

    /// Constraints not installed on the design device: excluded by the default variation, then changed by
    /// the variations that match the device (DesignTraits.swift), least specific first.
    func excludedConstraintIDs(_ node: XIBNode) -> Set<String> {
        var out: Set<String> = []
        func apply(_ v: XIBNode) {
            for mask in v.children where mask.isNamed("mask") && mask.peek("key", is: "constraints") {
                for x in mask.children {
                    guard let r = x.peek("reference") else { continue }
                    if x.isNamed("exclude") { out.insert(r) } else if x.isNamed("include") { out.remove(r) }
                }
            }
        }
        for v in node.children where v.isNamed("variation") && v.peek("key", is: "default") { apply(v) }
        for v in designVariations(of: node) { apply(v) }
        return out
    }

    /// Edge insets written as `<inset minX minY maxX maxY>` → (top, left, bottom, right).
    func insets(_ n: XIBNode) -> NibGraphValue {
        packedDoubles([n.double("minY") ?? 0, n.double("minX") ?? 0, n.double("maxY") ?? 0, n.double("maxX") ?? 0])
    }
}
