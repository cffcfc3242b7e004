import NibArchive
import XIB

/// SF Symbol images of the `runtime.nib` variant (STORYBOARD.md §1.3): below iOS 14 a
/// `UIImageNibPlaceholder` cannot name a system symbol, so ibtool archives the `UIImage` it rendered
/// (`UIIsSystemImage` + `UIImageName`, which UIKit resolves again when decoding, plus the rendered
/// metrics and the configuration with ibtool's rendering traits).
extension UIKitCompiler {
    /// Metrics of a rendered symbol at scale 1: pixel size, alignment-rect and content insets
    /// (top, left, bottom, right), baseline offset from the bottom.
    struct SymbolMetrics {
        var pixelSize: (Double, Double)
        var alignmentInsets: [Double]
        var contentInsets: [Double]
        var baseline: Double
    }

    /// Metrics by `name|UIImageSymbolScale`, as ibtool rendered them with the default point size. They
    /// come from the SF Symbols font, which nibc does not have: the table holds the symbols seen in
    /// Apple's output (one sample: DuckDuckGo Settings, `chevron.left` at large scale).
    static let symbolMetrics: [String: SymbolMetrics] = [
        "chevron.left|3": SymbolMetrics(pixelSize: (16, 23), alignmentInsets: [2, 0, 1, 0], contentInsets: [2, 1, 2, 4], baseline: 5),
    ]

    /// `UIImageRenderingMode` by IB's `renderingMode` name.
    static let imageRenderingModes: [String: Int] = ["automatic": 0, "original": 1, "template": 2]

    /// The rendered `UIImage` of a system symbol; its metrics are left out (with a warning) when the
    /// symbol is not in `symbolMetrics`.
    func renderedSymbolImage(_ ref: XIBNode, name: String, scale: Int?) -> Int {
        let mode = ref["renderingMode"].flatMap { Self.imageRenderingModes[$0] } ?? 0
        let key = "rendered|\(name)|\(scale.map(String.init) ?? "")|\(mode)"
        if let i = imageCache[key] { return i }
        let metrics = Self.symbolMetrics["\(name)|\(scale.map(String.init) ?? "")"]
        if metrics == nil {
            ctx.warning(at: ref, "<imageReference>: SF Symbol '\(name)' has no known rendered metrics; its pre-iOS 14 runtime.nib image is archived without pixel size and insets")
        }
        let traits = renderingTraits()
        let configuration = symbolConfiguration(traits: traits, scale: scale)
        var e = Entries()
        e.bool("UIKitDidEncode", true)
        e.bool("UIIsSystemImage", true)
        e.obj("UIImageName", b.string(name))
        e.bool("UIKitWantsProperties", true)
        e.float("UIScale", 1)
        if let m = metrics { e.add("UIImageSizeInPixels", packedDoubles([m.pixelSize.0, m.pixelSize.1])) }
        e.int("UIImageOrientation", 0)
        e.bool("UIHasPattern", false)
        e.int("UIRenderingMode", mode)
        if let m = metrics {
            e.add("UIImageAlignmentRectInsets", packedDoubles(m.alignmentInsets))
            e.float("UIBaselineOffsetFromBottom", m.baseline)
        }
        e.obj("UIImageSymbolConfiguration", configuration)
        if let m = metrics { e.add("UIImageContentInsets", packedDoubles(m.contentInsets)) }
        e.obj("UIImageConfiguration", configuration)
        e.obj("UIImageTraitCollection", traits)
        e.bool("UIImageIsFlippedInRightToLeft", false)
        e.null("UIImageAccessibilityLabel")
        e.null("UIImageAccessibilityLanguage")
        let i = b.graph.add(.init(className: "UIImage", entries: e.list))
        imageCache[key] = i
        return i
    }

    /// The trait collection ibtool renders images with: iPad idiom, scale 1, sRGB, light, left to right,
    /// large content size, regular legibility, normal contrast (one sample, as `symbolMetrics`).
    func renderingTraits() -> Int {
        let prefix = "UITraitCollectionBuiltinTrait-_UITraitName"
        var e = Entries()
        e.int(prefix + "UserInterfaceIdiom", 1)
        e.double(prefix + "DisplayScale", 1)
        e.int(prefix + "DisplayGamut", 0)
        e.int(prefix + "UserInterfaceStyle", 1)
        e.int(prefix + "UserInterfaceLayoutDirection", 0)
        e.int(prefix + "PreferredContentSizeCategory", 4)
        e.int(prefix + "LegibilityWeight", 0)
        e.int(prefix + "AccessibilityContrast", 0)
        return b.graph.add(.init(className: "UITraitCollection", entries: e.list))
    }
}
