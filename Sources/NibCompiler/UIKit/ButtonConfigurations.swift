import NibArchive
import XIB

extension UIKitCompiler {
    /// `<buttonConfiguration key="configuration">` (what Xcode 13 and later put on every new button) →
    /// `UIButtonConfiguration` with its `UIBackgroundConfiguration`.
    ///
    /// No corpus pair has one. Keys, their order, types and defaults follow UIKit's coders and the factory
    /// configurations (`+plainButtonConfiguration`…) of iOS 26.1 (decompiled UIKitCore): every object key is written,
    /// nil included; the title and subtitle are attributed strings; image and title padding are floats; the content
    /// insets, only when set, are the string `NSStringFromDirectionalEdgeInsets` writes. Inferred: the title's font
    /// (`titleFontDescription`) as the attributed title's `NSFont`; the background as the iPhone idiom without
    /// Liquid Glass makes it (corner radius 5.95).
    func buttonConfiguration(_ node: XIBNode) -> Int {
        var e = Entries()
        let style = node["style"] ?? "plain"
        if Self.buttonConfigurationStyles[style] == nil {
            ctx.warning(at: node, "<buttonConfiguration>: style '\(style)' is not supported yet; archived as plain")
        }
        e.int("UIButtonConfigurationButtonStyle", Self.buttonConfigurationStyles[style] ?? 0)
        let size = node["buttonSize"].flatMap { ["medium": 0, "small": 1, "mini": 2, "large": 3][$0] } ?? 0
        e.obj("UIButtonConfigurationBackground", buttonBackground(node.child("backgroundConfiguration", key: "background"), buttonSize: size))
        e.int("UIButtonConfigurationCornerStyle", node["cornerStyle"].flatMap { Self.cornerStyles[$0] } ?? 0)
        e.int("UIButtonConfigurationButtonSize", size)
        e.int("UIButtonConfigurationMacIdiomStyle", node["macIdiomStyle"].flatMap { ["automatic": 0, "bordered": 1, "borderless": 2, "borderlessTinted": 3][$0] } ?? 0)
        for (xibKey, key) in [("baseBackgroundColor", "UIButtonConfigurationBaseBackgroundColor"),
                              ("baseForegroundColor", "UIButtonConfigurationBaseForegroundColor")] {
            if let c = node.child("color", key: xibKey) { e.obj(key, color(c)) } else { e.null(key) }
        }
        if let name = node["image"] { e.obj("UIButtonConfigurationImage", imagePlaceholder(name, catalog: node["catalog"])) }
        else if let ref = node.child("imageReference", key: "image") { e.obj("UIButtonConfigurationImage", imageReference(ref)) }
        else { e.null("UIButtonConfigurationImage") }
        if let i = node["indicator"].flatMap({ ["automatic": 0, "none": 1, "popup": 2, "pulldown": 3][$0] }), i != 0 { e.int("UIButtonConfigurationIndicator", i) }
        if let psc = node.child("preferredSymbolConfiguration", key: "preferredSymbolConfigurationForImage") {
            ctx.warning(at: psc, "preferredSymbolConfigurationForImage on button configurations is not archived yet")
            ctx.ignore(psc)
        }
        e.null("UIButtonConfigurationPreferredSymbolConfigurationForImage")
        // Before the iOS 18 SDK, the coder had no symbol content transition, wrote the subtitle only when set, and
        // recorded whether the image padding was set (held-out Xcode 15 storyboards, as the issue describing them
        // lists the keys; no pair here has a button configuration before Xcode 16).
        let iOS18 = ctx.options.xcodeVersion >= .iOS18SDK
        if iOS18 { e.null("UIButtonConfigurationSymbolContentTransition") }
        e.bool("UIButtonConfigurationShowsActivityIndicator", node.bool("showsActivityIndicator") == true)
        for (part, key) in [("title", "UIButtonConfigurationTitle"), ("subtitle", "UIButtonConfigurationSubtitle")] {
            let fontKey = part + "FontDescription"
            let font = node.child("fontDescription", key: fontKey)
            if let text = node[part] { e.obj(key, plainAttributedString(ctx.localizable(text, owner: node, property: part), font: font)) }
            else { if iOS18 || part == "title" { e.null(key) }; if let font { ctx.ignore(font) } }
            if let m = node[part + "LineBreakMode"].flatMap({ Self.lineBreakModes[$0] }), m != 0 { e.int(key + "LineBreakMode", m) }
        }
        if let i = node.child("directionalEdgeInsets", key: "contentInsets") {
            let v = ["top", "leading", "bottom", "trailing"].map { geometryNumber(i.double($0) ?? 0) }
            e.obj("UIButtonConfigurationContentInset", b.string("{\(v.joined(separator: ", "))}"))
        }
        e.int("UIButtonConfigurationImagePlacement", node["imagePlacement"].flatMap { ["top": 1, "leading": 2, "bottom": 4, "trailing": 8][$0] } ?? 2)
        e.float("UIButtonConfigurationImagePadding", node.double("imagePadding") ?? 0)
        if !iOS18 { e.bool("UIButtonConfigurationUseCustomImagePadding", node.has("imagePadding")) }
        e.float("UIButtonConfigurationTitlePadding", node.double("titlePadding") ?? 1)
        e.int("UIButtonConfigurationTitleAlignment", node["titleAlignment"].flatMap { ["automatic": 0, "leading": 1, "center": 2, "trailing": 3][$0] } ?? 0)
        // Written only when it differs from the style's default (on for every factory style).
        if node.bool("automaticallyUpdateForSelection") == false { e.bool("UIButtonConfigurationAutomaticallyUpdateForSelection", false) }
        node.markUsed("key")
        return b.graph.add(NibObject(className: "UIButtonConfiguration", entries: e.list))
    }

    /// A button configuration's `UIBackgroundConfiguration`: `+clearConfiguration` as the button factories adjust
    /// it (a clear stroke of width 1, the corner radius of the button size: 5.95 medium, 14 small and mini, 8.75
    /// large), with a `<backgroundConfiguration key="background">`'s colour and corner radius when given.
    private func buttonBackground(_ node: XIBNode?, buttonSize: Int) -> Int {
        let radius = node?.double("cornerRadius")
        let background = node?.child("color", key: "backgroundColor")
        let clear = systemColor("clearColor", white: 0, alpha: 0)
        var values = BackgroundConfigurationValues(
            layout: backgroundConfigurationLayout, cornerRadius: radius ?? [0: 5.95, 1: 14, 2: 14, 3: 8.75][buttonSize] ?? 5.95,
            backgroundColor: background.map { color($0) } ?? clear, strokeColor: clear, strokeWidth: 1, defaultStyle: 0,
            customized: ["strokeColor", "strokeWidth"])
        if radius != nil { values.customized.insert("cornerRadius") }
        if background != nil { values.customized.insert("backgroundColor") }
        if let node { node.markUsed("key", "cornerRadius"); node.visited = true }
        return backgroundConfiguration(values)
    }

    /// An NSAttributedString of `string` (an NSString object), with the font as its only attribute when given.
    private func plainAttributedString(_ string: Int, font: XIBNode?) -> Int {
        var e = Entries()
        e.obj("NSString", string)
        if let font { e.obj("NSAttributes", b.dictionary("NSDictionary", [(b.string("NSFont"), self.font(font))])) }
        return b.graph.add(NibObject(className: "NSAttributedString", entries: e.list))
    }

    /// `UIButton.Configuration` factory styles → the style number their behaviours archive (gray 1, tinted 2,
    /// filled 3; bordered is gray on iPhone; borderedTinted and borderedProminent inferred as tinted and filled).
    static let buttonConfigurationStyles: [String: Int] = [
        "plain": 0, "borderless": 0, "gray": 1, "bordered": 1, "tinted": 2, "borderedTinted": 2, "filled": 3, "borderedProminent": 3,
    ]

    /// `UIButton.Configuration.CornerStyle` raw values.
    static let cornerStyles: [String: Int] = ["fixed": -1, "dynamic": 0, "small": 1, "medium": 2, "large": 3, "capsule": 4]
}
