import NibArchive
import XIB

/// The values of a `UIBackgroundConfiguration` that nibc sets; everything else is UIKit's default.
struct BackgroundConfigurationValues {
    /// Which version of UIKit's coder writes the keys.
    enum Layout {
        /// The table cell's system background view as the compiled storyboards show it (DuckDuckGo, 9 cells).
        case cellBackgroundView
        /// `-[UIBackgroundConfiguration encodeWithCoder:]` of iOS 26.1 (decompiled UIKitCore): group name, blur
        /// clipping, stroke location and `defaultStyle_v2` added, no shadow type, two more customization flags.
        case iOS26
    }
    var layout: Layout
    var cornerRadius: Double
    var backgroundColor: Int
    var strokeColor: Int
    var strokeWidth: Double
    var defaultStyle: Int
    /// The properties whose `hasCustomized-` flag is on.
    var customized: Set<String> = []
}

extension UIKitCompiler {
    /// A `UIBackgroundConfiguration` in the key order of `values.layout`.
    func backgroundConfiguration(_ values: BackgroundConfigurationValues) -> Int {
        let modern = values.layout == .iOS26
        var c = Entries()
        c.null("customView")
        c.double("cornerRadius", values.cornerRadius)
        c.int("maskedCorners", 15)
        c.obj("backgroundColor", values.backgroundColor)
        c.int("backgroundColorTransformerIdentifier", 0)
        c.null("visualEffect")
        if modern {
            c.null("visualEffectGroupName")
            c.int("visualEffectblurClippingMode", 0)
        }
        c.null("image")
        c.int("imageContentMode", 0)
        c.obj("backgroundInsets", b.string("{0, 0, 0, 0}"))
        c.int("edgesAddingLayoutMarginsToBackgroundInsets", 0)
        c.obj("strokeColor", values.strokeColor)
        c.int("strokeColorTransformerIdentifier", 0)
        c.double("strokeWidth", values.strokeWidth)
        c.double("strokeOutset", 0)
        if modern {
            c.int("strokeLocation", 0)
            c.int("defaultStyle_v2", values.defaultStyle)
        } else {
            c.int("shadowType", 0)
        }
        c.int("defaultStyle", values.defaultStyle)
        var flags = ["customView", "cornerRadius", "backgroundInsets", "edgesAddingLayoutMarginsToBackgroundInsets", "backgroundColor",
                     "backgroundColorTransformerIdentifier", "visualEffect", "image", "imageContentMode", "strokeColor",
                     "strokeColorTransformerIdentifier", "strokeWidth", "strokeOutset"]
        if modern {
            flags.insert("visualEffectGroupName", at: flags.firstIndex(of: "image")!)
            flags.append("maskedCorners")
        }
        for k in flags { c.bool("hasCustomized-\(k)", values.customized.contains(k)) }
        return b.graph.add(NibObject(className: "UIBackgroundConfiguration", entries: c.list))
    }
}
