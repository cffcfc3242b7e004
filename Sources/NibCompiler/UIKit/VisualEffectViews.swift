import NibArchive
import XIB

extension UIKitCompiler {
    /// `<visualEffectView>` → `UIVisualEffectView`: its `<view key="contentView">` (the views the effect is
    /// applied to) as `_UIVisualEffectContentView`, the effect's first subview and `UIVisualEffectViewContentView`,
    /// and its `<blurEffect>` or `<vibrancyEffect>` as `UIVisualEffectViewEffect`.
    ///
    /// No corpus pair has one. The keys and classes are those Apple's nibs carry as xibdump (a nib-to-XIB
    /// decoder) reads them; the blur style numbers are `UIBlurEffect.Style`'s raw values. Before, the content
    /// view was dropped with everything in it.
    func encodeVisualEffectView(_ node: XIBNode) -> Int {
        var style = ViewStyle()
        var contentIndex: Int?
        if let content = node.keyed("contentView") {
            let index = encodeViewObject(content, className: "_UIVisualEffectContentView", style: ViewStyle()) { _, _ in }
            style.leadingSubviews = [index]
            contentIndex = index
        }
        return encodeViewObject(node, className: "UIVisualEffectView", style: style) { e, _ in
            if let contentIndex { e.obj("UIVisualEffectViewContentView", contentIndex) }
            if let effect = visualEffect(node) { e.obj("UIVisualEffectViewEffect", effect) }
        }
    }

    /// `<blurEffect style=…>` → `UIBlurEffect`; `<vibrancyEffect>` around a blur → `UIVibrancyEffect`.
    private func visualEffect(_ node: XIBNode) -> Int? {
        if let blur = node.child("blurEffect") {
            return b.graph.add(NibObject(className: "UIBlurEffect", entries: [
                NibEntry(key: "UIBlurEffectStyle", value: .int(Int64(Self.blurStyle(blur)))),
            ]))
        }
        if let vibrancy = node.child("vibrancyEffect") {
            ctx.ignore(vibrancy)
            let style = vibrancy.child("blurEffect").map(Self.blurStyle) ?? 0
            return b.graph.add(NibObject(className: "UIVibrancyEffect", entries: [
                NibEntry(key: "UIVibrancyEffectBlurStyle", value: .int(Int64(style))),
            ]))
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
}
