import NibArchive
import XIB

/// The values of a `UIBackgroundConfiguration` that nibc sets; everything else is UIKit's default.
struct BackgroundConfigurationValues {
    /// Which SDK's UIKit coder writes the keys; `UIKitCompiler.backgroundConfigurationLayout` picks it from the Xcode.
    enum Layout {
        /// The iOS 15 SDK's (Xcode 13.2.1: DuckDuckGo's table cells' system background views, 9 cells).
        case iOS15
        /// The iOS 17 SDK's (Xcode 15.0: UIKitCatalog's prototype cell, `Corpus/pairs`): iOS 15's keys with
        /// `strokeLocation` before the shadow type and the `maskedCorners` customization flag last.
        case iOS17
        /// `-[UIBackgroundConfiguration encodeWithCoder:]` of iOS 26.1 (decompiled UIKitCore): group name, blur
        /// clipping, stroke location and `defaultStyle_v2` added, shadow properties instead of the shadow type (which
        /// the decoder still reads from older archives), two more customization flags. Used from Xcode 16 (no
        /// compiled sample between Xcode 15.0 and 26.1 has a background configuration).
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
    /// The coder layout of the SDK in the Xcode reproduced.
    var backgroundConfigurationLayout: BackgroundConfigurationValues.Layout {
        let version = ctx.options.xcodeVersion
        return version < .iOS17SDK ? .iOS15 : version < .iOS18SDK ? .iOS17 : .iOS26
    }

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
            if values.layout == .iOS17 { c.int("strokeLocation", 0) }
            c.int("shadowType", 0)
        }
        c.int("defaultStyle", values.defaultStyle)
        var flags = ["customView", "cornerRadius", "backgroundInsets", "edgesAddingLayoutMarginsToBackgroundInsets", "backgroundColor",
                     "backgroundColorTransformerIdentifier", "visualEffect", "image", "imageContentMode", "strokeColor",
                     "strokeColorTransformerIdentifier", "strokeWidth", "strokeOutset"]
        if modern { flags.insert("visualEffectGroupName", at: flags.firstIndex(of: "image")!) }
        if values.layout != .iOS15 { flags.append("maskedCorners") }
        for k in flags { c.bool("hasCustomized-\(k)", values.customized.contains(k)) }
        return b.graph.add(NibObject(className: "UIBackgroundConfiguration", entries: c.list))
    }
}
