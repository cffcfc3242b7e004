import NibArchive
import XIB

extension UIKitCompiler {
    static let buttonTypes: [String: Int] = [
        "custom": 0, "system": 1, "roundedRect": 1, "detailDisclosure": 2, "infoLight": 3, "infoDark": 4, "contactAdd": 5,
    ]
    static let horizontalAlignments: [String: Int] = ["center": 0, "left": 1, "right": 2, "fill": 3, "leading": 4, "trailing": 5]
    static let verticalAlignments: [String: Int] = ["center": 0, "top": 1, "bottom": 2, "fill": 3]
    static let controlStates: [String: Int] = ["normal": 0, "highlighted": 1, "disabled": 2, "selected": 4, "focused": 8]

    /// Keys of `UIControl` (enabled/selected/highlighted, content alignment).
    func controlKeys(_ node: XIBNode, into e: inout Entries, defaultHorizontal: Int = 0) {
        if node.bool("enabled") == false { e.bool("UIDisabled", true) }
        if node.bool("selected") == true { e.bool("UISelected", true) }
        if node.bool("highlighted") == true { e.bool("UIHighlighted", true) }
        let h = node["contentHorizontalAlignment"].flatMap { Self.horizontalAlignments[$0] } ?? defaultHorizontal
        if h != 0 { e.int("UIContentHorizontalAlignment", h) }
        if let v = node["contentVerticalAlignment"].flatMap({ Self.verticalAlignments[$0] }), v != 0 { e.int("UIContentVerticalAlignment", v) }
        // UIControl's coder; no corpus sample.
        if node.bool("pointerInteraction") == true { e.bool("UIPointerInteractionEnabled", true) }
    }

    /// `<button>` → `UIButton` (§6.2).
    func encodeButton(_ node: XIBNode) -> Int {
        encodeViewObject(node, className: "UIButton", style: ViewStyle()) { e, _ in
            controlKeys(node, into: &e)
            node.markUsed("hasAttributedTitle")
            var states: [(Int, Int)] = []
            var attributedTitleSize: Double?
            for s in node.children where s.isNamed("state") {
                s.visited = true
                let state = Self.controlStates[s["key"] ?? "normal"] ?? 0
                var c = Entries()
                if let at = s.child("attributedString", key: "attributedTitle") {
                    let a = attributedString(at, mutable: false)
                    attributedTitleSize = attributedTitleSize ?? a.firstFontSize
                    c.obj("UIAttributedTitle", a.index)
                }
                if let t = s["title"] { c.obj("UITitle", ctx.localizable(t, owner: node, property: "\(s.peek("key") ?? "normal")Title", source: s, name: "title")) }
                if let img = s["image"] { c.obj("UIImage", imagePlaceholder(img, catalog: s["catalog"])) }
                if let ref = s.child("imageReference", key: "image") { c.obj("UIImage", imageReference(ref)) }
                if let bg = s["backgroundImage"] { c.obj("UIBackgroundImage", imagePlaceholder(bg, catalog: nil)) }
                if let tc = s.child("color", key: "titleColor") { c.obj("UITitleColor", color(tc)) }
                if let sc = s.child("color", key: "titleShadowColor") { c.obj("UIShadowColor", color(sc)) }
                if let psc = s.child("preferredSymbolConfiguration", key: "preferredSymbolConfiguration") {
                    c.obj("UIImageSymbolConfiguration", symbolConfiguration(psc))
                }
                states.append((b.number(Int64(state)), b.graph.add(.init(className: "UIButtonContent", entries: c.list))))
            }
            if !states.isEmpty { e.obj("UIButtonStatefulContent", b.dictionary("NSMutableDictionary", states)) }
            let lb = node["lineBreakMode"].flatMap { Self.lineBreakModes[$0] } ?? 5
            if lb != 5 { e.int("UILineBreakMode", lb) }
            if node.bool("reversesTitleShadowWhenHighlighted") == true { e.bool("UIReversesTitleShadowWhenHighlighted", true) }
            // Keys and conditions from UIKit's coders (decompiled iOS 26.1 UIKitCore); no corpus sample sets these.
            if let r = node["role"].flatMap({ ["normal": 0, "primary": 1, "cancel": 2, "destructive": 3][$0] }), r != 0 { e.int("UIButtonRole", r) }
            if node.bool("changesSelectionAsPrimaryAction") == true { e.bool("UIButtonChangesSelectionAsPrimaryAction", true) }
            if node.bool("springLoaded") == true { e.bool("UISpringLoaded", true) }
            if node.bool("adjustsImageSizeForAccessibilityContentSizeCategory") == true {
                e.bool("UIAdjustsImageSizeForAccessibilityContentSizeCategory", true)
            }
            // No corpus sample: a CGSize, packed like UIItemSize, as xibdump (a nib decoder) reads it; only when not zero.
            if let s = node.child("size", key: "titleShadowOffset") {
                let w = s.double("width") ?? 0, h = s.double("height") ?? 0
                if w != 0 || h != 0 { e.add("UITitleShadowOffset", packedDoubles([w, h])) }
            }
            if node.bool("showsTouchWhenHighlighted") == true { e.bool("UIShowsTouchWhenHighlighted", true) }
            // Written only when on: UIKit's decoder reads each with decodeBool (absent is off), every corpus button
            // archives both as true, and held-out Xcode 16/26 pairs omit the highlighted one where the document
            // turns it off; the disabled one is taken to follow the same coder rule (no sample turns it off).
            if node.bool("adjustsImageWhenHighlighted") ?? true { e.bool("UIAdjustsImageWhenHighlighted", true) }
            if node.bool("adjustsImageWhenDisabled") ?? true { e.bool("UIAdjustsImageWhenDisabled", true) }
            var type = 0
            if let t = node["buttonType"] {
                if let v = Self.buttonTypes[t] { type = v } else { ctx.warning(at: node, "unknown buttonType '\(t)'") }
            }
            if type != 0 { e.int("UIButtonType", type) }
            if let fd = node.child("fontDescription", key: "fontDescription") {
                e.obj("UIFont", font(fd))
            } else {
                e.obj("UIFont", systemFont(size: attributedTitleSize ?? (type == 0 ? 18 : 15)))
            }
            if let i = node.child("inset", key: "contentEdgeInsets") { e.add("UIContentEdgeInsets", insets(i)) }
            if let i = node.child("inset", key: "imageEdgeInsets") { e.add("UIImageEdgeInsets", insets(i)) }
            if let i = node.child("inset", key: "titleEdgeInsets") { e.add("UITitleEdgeInsets", insets(i)) }
            if coder10 {
                if let configuration = node.child("buttonConfiguration", key: "configuration") {
                    e.obj("UIButtonConfiguration", buttonConfiguration(configuration))
                } else {
                    e.null("UIButtonConfiguration")
                }
            }
        }
    }
}
