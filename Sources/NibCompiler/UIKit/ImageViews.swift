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
            if let symbol = node.child("preferredSymbolConfiguration", key: "preferredSymbolConfiguration") {
                ctx.warning(at: symbol, "preferredSymbolConfiguration on image views is not archived yet")
                ctx.ignore(symbol)
            }
            node.markUsed("adjustsImageSizeForAccessibilityContentSizeCategory")
        }
    }

    /// A shared `UIImageNibPlaceholder` for an image name (SF Symbols when `catalog="system"`).
    func imagePlaceholder(_ name: String, catalog: String?) -> Int {
        let key = (catalog ?? "") + "|" + name
        if let i = imageCache[key] { return i }
        var e = Entries()
        let symbol = catalog == "system"
        e.float("UIImageWidth", symbol ? 0 : 1)
        e.float("UIImageHeight", symbol ? 0 : 1)
        e.obj("UIResourceName", b.string(name))
        if coder10 {
            if symbol { e.obj("UISystemSymbolResourceName", b.string(name)) } else { e.null("UISystemSymbolResourceName") }
            e.null("UISymbolImageConfiguration")
            e.null("UIResourceCatalogName")
        }
        let i = b.graph.add(.init(className: "UIImageNibPlaceholder", entries: e.list))
        imageCache[key] = i
        return i
    }

    /// `<imageReference image="…" catalog="…" symbolScale="…">`.
    func imageReference(_ ref: XIBNode) -> Int {
        ref.markUsed("renderingMode", "variableValue")
        let scale = ref["symbolScale"]
        return imagePlaceholder(ref["image"] ?? "", catalog: ref["catalog"]).self + (scale == nil ? 0 : 0)
    }
}
