import NibArchive
import XIB

extension UIKitCompiler {
    /// `<imageView>` → `UIImageView` (§6.3).
    func encodeImageView(_ node: XIBNode) -> Int {
        encodeViewObject(node, className: "UIImageView", style: ViewStyle()) { e, _ in
            if let name = node["image"] {
                e.obj("UIImage", imagePlaceholder(name, catalog: node["catalog"]))
            } else if let ref = node.child("imageReference", key: "image") {
                e.obj("UIImage", imageReference(ref))
            }
            if let name = node["highlightedImage"] { e.obj("UIHighlightedImage", imagePlaceholder(name, catalog: nil)) }
            if node.bool("highlighted") == true { e.bool("UIHighlighted", true) }  // UIImageView's coder; no corpus sample
            // No corpus sample sets it: the key as xibdump (a nib decoder) reads it, only when on.
            if node.bool("adjustsImageSizeForAccessibilityContentSizeCategory") == true {
                e.bool("UIAdjustsImageSizeForAccessibilityContentSizeCategory", true)
            }
            // UIImageView's coder writes it last, when set (decompiled iOS 26.1 UIKitCore; no corpus sample).
            if let symbol = node.child("preferredSymbolConfiguration", key: "preferredSymbolConfiguration") {
                e.obj("UIPreferredSymbolConfiguration", symbolConfiguration(symbol))
            }
        }
    }

    /// `<preferredSymbolConfiguration>` → `UIImageSymbolConfiguration`: a nil trait collection (the one compiled
    /// sample, a button state's `weight="semibold"`), then as UIImageSymbolConfiguration's coder writes them (decompiled
    /// iOS 26.1 UIKitCore): `UISymbolScale` when a scale other than unspecified is given, `UIPointSize` (a float) for a
    /// point-size configuration, `UISymbolWeight` when not unspecified, `UITextStyle` for a text-style one.
    func symbolConfiguration(_ psc: XIBNode) -> Int {
        var sym = Entries()
        sym.null("UITraitCollection")
        let scales = ["default": -1, "unspecified": 0, "small": 1, "medium": 2, "large": 3]
        if let s = psc["scale"].flatMap({ scales[$0] }), s != 0 { sym.int("UISymbolScale", s) }
        let type = psc["configurationType"]
        if type == "pointSize", let p = psc.double("pointSize"), p != 0 { sym.float("UIPointSize", p) }
        let weights = ["ultraLight": 1, "thin": 2, "light": 3, "regular": 4, "medium": 5, "semibold": 6, "bold": 7, "heavy": 8, "black": 9]
        if let w = psc["weight"].flatMap({ weights[$0] }) { sym.int("UISymbolWeight", w) }
        if let fd = psc.child("fontDescription", key: "fontDescription") {
            fd.visited = true
            if let style = fd["style"] { sym.obj("UITextStyle", b.string(style)) }
            fd.markUsed("key", "type", "pointSize", "weight")
        }
        psc.markUsed("pointSize")
        return b.graph.add(.init(className: "UIImageSymbolConfiguration", entries: sym.list))
    }

    /// `attribute="name"` → `key` = the image's placeholder, for each pair whose attribute the element has (a bar's,
    /// a control's or a text field's named images).
    func namedImages(_ node: XIBNode, _ pairs: [(attribute: String, key: String)], into e: inout Entries) {
        for (attribute, key) in pairs {
            if let img = node[attribute] { e.obj(key, imagePlaceholder(img, catalog: nil)) }
        }
    }

    /// A shared `UIImageNibPlaceholder` for an image name (SF Symbols when `catalog="system"`), with
    /// the symbol scale of an `<imageReference>` (`UIImageSymbolScale`) when one is given.
    func imagePlaceholder(_ name: String, catalog: String?, symbolScale: Int? = nil) -> Int {
        let key = (catalog ?? "") + "|" + name + "|" + (symbolScale.map(String.init) ?? "")
        if let i = imageCache[key] { return i }
        var e = Entries()
        let symbol = catalog == "system"
        e.float("UIImageWidth", symbol ? 0 : 1)
        e.float("UIImageHeight", symbol ? 0 : 1)
        e.obj("UIResourceName", b.string(name))
        if coder10 {
            if symbol { e.obj("UISystemSymbolResourceName", b.string(name)) } else { e.null("UISystemSymbolResourceName") }
            if let symbolScale { e.obj("UISymbolImageConfiguration", symbolConfiguration(traits: nil, scale: symbolScale)) } else { e.null("UISymbolImageConfiguration") }
            // A system symbol's catalog is the empty name (`XcodeVersion.symbolImagesNameTheirCatalog`):
            // UIImageNibPlaceholder's decoder (decompiled iOS 18 and 26.1 UIKitCore) asks `systemImageNamed:` for a
            // symbol only when the catalog name is empty ("private" for private symbols, anything else fails over to the
            // app's asset catalog). Asset images name no catalog (the pairs).
            if symbol, ctx.options.xcodeVersion >= .symbolImagesNameTheirCatalog { e.obj("UIResourceCatalogName", b.string("")) } else { e.null("UIResourceCatalogName") }
        }
        let i = b.graph.add(.init(className: "UIImageNibPlaceholder", entries: e.list))
        imageCache[key] = i
        return i
    }

    /// `UIImageSymbolScale` by IB's `symbolScale` name; `default` is the absence of a configuration.
    static let symbolScales: [String: Int] = ["small": 1, "medium": 2, "large": 3]

    /// `<imageReference image="…" catalog="…" symbolScale="…">`.
    func imageReference(_ ref: XIBNode) -> Int {
        ref.markUsed("renderingMode", "variableValue")
        var scale: Int?
        if let s = ref["symbolScale"], s != "default" {
            if let v = Self.symbolScales[s] { scale = v } else { ctx.warning(at: ref, "<imageReference>: unknown symbolScale '\(s)'; ignored") }
        }
        let name = ref["image"] ?? ""
        if ref["catalog"] == "system", ctx.options.encodesPreIOS14Runtime { return renderedSymbolImage(ref, name: name, scale: scale) }
        return imagePlaceholder(name, catalog: ref["catalog"], symbolScale: scale)
    }

    /// A `UIImageSymbolConfiguration` carrying only a trait collection and a scale (`encodeWithCoder:`
    /// writes the traits, then the scale when one is set).
    func symbolConfiguration(traits: Int?, scale: Int?) -> Int {
        var e = Entries()
        if let traits { e.obj("UITraitCollection", traits) } else { e.null("UITraitCollection") }
        if let scale { e.int("UISymbolScale", scale) }
        return b.graph.add(.init(className: "UIImageSymbolConfiguration", entries: e.list))
    }
}
