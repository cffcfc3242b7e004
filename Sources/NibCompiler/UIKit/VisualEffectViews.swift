import NibArchive
import XIB

extension UIKitCompiler {
    /// `<visualEffectView>` → `UIVisualEffectView`: its `<blurEffect>` or `<vibrancyEffect>` as
    /// `UIVisualEffectViewEffect`, `UIVisualEffectViewGroupName` (nil: Interface Builder names no capture group) and
    /// its `<view key="contentView">` (the views the effect applies to) as `_UIVisualEffectContentView`, the
    /// effect view's one subview and `UIVisualEffectViewContentView`.
    ///
    /// No corpus pair has one. The keys, their order and conditions are those of UIKit's
    /// `-[UIVisualEffectView encodeWithCoder:]` (iOS 26.1, decompiled), the content view's class the one xibdump (a
    /// nib decoder) reads. Before, the content view was dropped with everything in it.
    func encodeVisualEffectView(_ node: XIBNode) -> Int {
        var style = ViewStyle()
        var contentIndex: Int?
        if let content = node.keyed("contentView") {
            let index = encodeViewObject(content, className: "_UIVisualEffectContentView", style: ViewStyle()) { _, _ in }
            style.leadingSubviews = [index]
            contentIndex = index
        }
        return encodeViewObject(node, className: "UIVisualEffectView", style: style) { e, _ in
            if let effect = visualEffect(node) { e.obj("UIVisualEffectViewEffect", effect) }
            e.null("UIVisualEffectViewGroupName")
            if let contentIndex { e.obj("UIVisualEffectViewContentView", contentIndex) } else { e.null("UIVisualEffectViewContentView") }
        }
    }

    /// `<blurEffect style=…>` → `UIBlurEffect`; `<vibrancyEffect>` around a blur → `UIVibrancyEffect`. The keys follow
    /// the effects' coders: a material style (`systemMaterial`…) is a `UIBlurEffectMaterialStyle`; `regular` and
    /// `prominent` are automatic styles, archived with the style they resolve to in the light appearance (inferred);
    /// the others are a plain `UIBlurEffectStyle`.
    private func visualEffect(_ node: XIBNode) -> Int? {
        if let blur = node.child("blurEffect") {
            let style = Self.blurStyle(blur)
            var e = Entries()
            if style >= 6 {
                e.int("UIBlurEffectMaterialStyle", style)
            } else {
                if let resolved = Self.automaticBlurStyles[style] { e.int("UIBlurEffectAutomaticStyle", style); e.int("UIBlurEffectStyle", resolved) }
                else { e.int("UIBlurEffectStyle", style) }
            }
            return b.graph.add(NibObject(className: "UIBlurEffect", entries: e.list))
        }
        if let vibrancy = node.child("vibrancyEffect") {
            let style = vibrancy.child("blurEffect").map(Self.blurStyle) ?? 0
            var e = Entries()
            if style >= 6 {
                e.int("UIVibrancyEffectVibrancyStyle", vibrancy["style"].flatMap { Self.vibrancyStyles[$0] } ?? 0)
                e.int("UIVibrancyEffectBlurMaterialStyle", style)
            } else {
                if let resolved = Self.automaticBlurStyles[style] { e.int("UIVibrancyEffectBlurAutomaticStyle", style); e.int("UIVibrancyEffectBlurStyle", resolved) }
                else { e.int("UIVibrancyEffectBlurStyle", style) }
            }
            ctx.ignore(vibrancy)
            return b.graph.add(NibObject(className: "UIVibrancyEffect", entries: e.list))
        }
        return nil
    }

    private static func blurStyle(_ blur: XIBNode) -> Int {
        blur.visited = true
        return blur["style"].flatMap { blurStyles[$0] } ?? 0
    }

    /// `UIBlurEffect.Style` raw values by the names Interface Builder writes.
    static let blurStyles: [String: Int] = [
        "extraLight": 0, "light": 1, "dark": 2, "extraDark": 3, "regular": 4, "prominent": 5,
        "systemUltraThinMaterial": 6, "systemThinMaterial": 7, "systemMaterial": 8, "systemThickMaterial": 9,
        "systemChromeMaterial": 10, "systemUltraThinMaterialLight": 11, "systemThinMaterialLight": 12,
        "systemMaterialLight": 13, "systemThickMaterialLight": 14, "systemChromeMaterialLight": 15,
        "systemUltraThinMaterialDark": 16, "systemThinMaterialDark": 17, "systemMaterialDark": 18,
        "systemThickMaterialDark": 19, "systemChromeMaterialDark": 20,
    ]

    /// The automatic styles and the plain style each resolves to in the light appearance (regular → light,
    /// prominent → extraLight; inferred, no sample).
    static let automaticBlurStyles: [Int: Int] = [4: 1, 5: 0]

    /// `UIVibrancyEffectStyle` raw values by the names Interface Builder writes.
    static let vibrancyStyles: [String: Int] = [
        "label": 0, "secondaryLabel": 1, "tertiaryLabel": 2, "quaternaryLabel": 3, "fill": 4, "secondaryFill": 5,
        "tertiaryFill": 6, "separator": 7,
    ]
}
