import NibArchive
import XIB

extension UIKitCompiler {
    /// Text-style sizes and traits at the content-size category each Xcode generation used.
    static let textStyles9: [String: (Double, Bool)] = [
        "UICTFontTextStyleHeadline": (17, true), "UICTFontTextStyleSubhead": (15, false), "UICTFontTextStyleBody": (17, false),
        "UICTFontTextStyleFootnote": (13, false), "UICTFontTextStyleCaption1": (12, false), "UICTFontTextStyleCaption2": (11, false),
        "UICTFontTextStyleCallout": (16, false), "UICTFontTextStyleTitle1": (28, false), "UICTFontTextStyleTitle2": (22, false),
        "UICTFontTextStyleTitle3": (20, false), "UICTFontTextStyleLargeTitle": (34, false),
    ]
    static let textStyles10: [String: (Double, Bool)] = [
        "UICTFontTextStyleHeadline": (14, true), "UICTFontTextStyleSubhead": (13, false), "UICTFontTextStyleBody": (14, false),
        "UICTFontTextStyleFootnote": (12, false), "UICTFontTextStyleCaption1": (11, false), "UICTFontTextStyleCaption2": (11, false),
        "UICTFontTextStyleCallout": (13, false), "UICTFontTextStyleTitle1": (25, false), "UICTFontTextStyleTitle2": (19, false),
        "UICTFontTextStyleTitle3": (17, false), "UICTFontTextStyleLargeTitle": (31, false),
    ]
    /// System weights: face suffix, CTFont usage, traits.
    static let weights: [String: (String, String, Int)] = [
        "regular": ("Regular", "CTFontRegularUsage", 0), "medium": ("Medium", "CTFontMediumUsage", 0),
        "semibold": ("Semibold", "CTFontDemiUsage", 2), "bold": ("Bold", "CTFontEmphasizedUsage", 2),
        "heavy": ("Heavy", "CTFontHeavyUsage", 2), "black": ("Black", "CTFontBlackUsage", 2),
        "light": ("Light", "CTFontLightUsage", 0), "thin": ("Thin", "CTFontThinUsage", 0),
        "ultraLight": ("Ultralight", "CTFontUltraLightUsage", 0),
    ]

    /// Encodes a `<fontDescription>` as a `UIFont`; system fonts are shared, others are per use (§9).
    /// `applyingDesignVariation`: the owner's `<variation>` for the design device replaces the font
    /// (DesignTraits.swift); off for the trait storage's record of the XIB's base value.
    func font(_ node: XIBNode, applyingDesignVariation: Bool = true) -> Int {
        if applyingDesignVariation, let owner = node.parent, !owner.isNamed("variation"),
           let varied = designVariation(of: owner)?.children.first(where: { $0.isNamed("fontDescription") }) {
            node.visited = true
            node.markAllAttributesUsed()
            return font(varied, applyingDesignVariation: false)
        }
        node.visited = true
        _ = node["key"]
        if let style = node["style"] {
            let table = coder10 ? Self.textStyles10 : Self.textStyles9
            let (size, bold) = table[style] ?? { ctx.warning(at: node, "unknown text style '\(style)'"); return (17, false) }()
            let face = systemFaceName(size: size, weightSuffix: bold ? "Semibold" : "Regular")
            var e = Entries()
            let nameIndex = b.string(face)
            e.obj("UIFontName", nameIndex)
            e.obj("UIIBTextStyle", b.string(style))
            e.double("UIFontPointSize", 0)
            e.null("UIFontTextStyleForScaling")
            e.double("UIFontPointSizeForScaling", 0)
            e.double("UIFontMaximumPointSizeAfterScaling", 0)
            e.int("UIFontTraits", bold ? 2 : 0)
            e.bool("UISystemFont", true)
            e.obj("NSName", nameIndex)
            e.double("NSSize", size)
            return b.graph.add(.init(className: "UIFont", entries: e.list))
        }
        var size = node.double("pointSize") ?? 12
        if size == 0 { size = 12 }
        if let name = node["name"] {
            _ = node["family"]
            let nameIndex = b.string(name)
            let attrs = b.dictionary(coder10 ? "NSDictionary" : "NSMutableDictionary", [
                (b.string("NSFontSizeAttribute"), sizeNumber(size)),
                (b.string("NSFontNameAttribute"), nameIndex),
            ])
            let desc = fontDescriptor(attrs, options: namedFontDescriptorOptions)
            var e = Entries()
            e.obj("UIFontName", nameIndex)
            e.obj("UIFontDescriptor", desc)
            e.double("UIFontPointSize", size)
            // A font installed with iOS resolves to a real font when ibtool archives it: the scaling keys of a
            // system font and the face's bold/italic traits (Times New Roman Bold in the Xcode 16/26 CleverTap
            // pairs: traits 2; one sample). An app's own font (ProximaNova in the DuckDuckGo pairs) does not
            // resolve on the compiling Mac: traits 0 and no scaling keys.
            let traits = Self.installedFontTraits(name)
            if traits != nil {
                e.null("UIFontTextStyleForScaling")
                e.double("UIFontPointSizeForScaling", 0)
                e.double("UIFontMaximumPointSizeAfterScaling", 0)
            }
            e.int("UIFontTraits", traits ?? 0)
            e.bool("UISystemFont", false)
            e.obj("NSName", nameIndex)
            e.double("NSSize", size)
            return b.graph.add(.init(className: "UIFont", entries: e.list))
        }
        let type = node["type"] ?? "system"
        var weight = node["weight"] ?? "regular"
        if type == "boldSystem" { weight = "bold" }
        let (suffix, usage, traits0) = Self.weights[weight] ?? { ctx.warning(at: node, "unknown font weight '\(weight)'"); return ("Regular", "CTFontRegularUsage", 0) }()
        var traits = traits0
        var usageName = usage
        if type == "italicSystem" { traits |= 1; usageName = "CTFontObliqueUsage" }
        if type != "system", type != "boldSystem", type != "italicSystem" { ctx.warning(at: node, "unknown font type '\(type)'") }
        let usageOverride = type == "boldSystem" && ctx.options.xcodeVersion >= .boldSystemFontsArchiveUsageOverride ? "CTFontBoldUsage" : nil
        return systemFont(size: size, suffix: type == "italicSystem" ? "Italic" : suffix, usage: usageName, usageOverride: usageOverride, traits: traits)
    }

    /// A shared system font. `usageOverride`: the `NSCTFontUIUsageOverrideAttribute` a bold system font adds
    /// (`XcodeVersion.boldSystemFontsArchiveUsageOverride`), which makes the attributes a mutable dictionary: the
    /// size and usage of the immutable one, in its order, then the override added to the copy (no sample shows the
    /// order; the loose measure compares dictionaries as maps).
    func systemFont(size: Double, suffix: String = "Regular", usage: String = "CTFontRegularUsage", usageOverride: String? = nil,
                    traits: Int = 0) -> Int {
        let face = systemFaceName(size: size, weightSuffix: suffix)
        let cacheKey = "\(face)|\(size)|\(usage)|\(usageOverride ?? "")|\(traits)"
        if let cached = fontCache[cacheKey] { return cached }
        let nameIndex = b.string(face)
        let attrPairs = [(b.string("NSFontSizeAttribute"), sizeNumber(size)), (b.string("NSCTFontUIUsageAttribute"), b.string(usage))]
        let attrs: Int
        if let usageOverride, coder10 {
            attrs = b.dictionary("NSMutableDictionary", attrPairs + [(b.string("NSCTFontUIUsageOverrideAttribute"), b.string(usageOverride))])
        } else {
            attrs = coder10 ? b.dictionary("NSDictionary", attrPairs) : b.dictionary("NSMutableDictionary", attrPairs.reversed())
        }
        let desc = fontDescriptor(attrs, options: systemFontDescriptorOptions)
        var e = Entries()
        e.obj("UIFontName", nameIndex)
        e.obj("UIFontDescriptor", desc)
        e.double("UIFontPointSize", size)
        e.null("UIFontTextStyleForScaling")
        e.double("UIFontPointSizeForScaling", 0)
        e.double("UIFontMaximumPointSizeAfterScaling", 0)
        e.int("UIFontTraits", traits)
        e.bool("UISystemFont", true)
        e.obj("NSName", nameIndex)
        e.double("NSSize", size)
        let index = b.graph.add(.init(className: "UIFont", entries: e.list))
        fontCache[cacheKey] = index
        return index
    }

    /// The options ibtool archives with a font descriptor (`UIFontDescriptorOptions`, after its attributes), which
    /// are CoreText's for the SDK of the Xcode reproduced (`XcodeVersion.fontDescriptorOptions`): every descriptor of
    /// the Xcode 16 and 26 CleverTap pairs has them — 54 system fonts of three weights 0x8000_8404
    /// (kCTFontOptionsPreferSystemFont, bit 2, with three private bits), the one named font (Times New Roman Bold)
    /// 0x8000_0000; Xcode 15.0's system fonts have 0x8000_8006 (UIKitCatalog, `Corpus/pairs`: four, one weight);
    /// Xcode 13.2.1 wrote no options (the DuckDuckGo pairs). UIKit reads the key when present.
    var systemFontDescriptorOptions: Int64? {
        let version = ctx.options.xcodeVersion
        if version < .fontDescriptorOptions { return nil }
        return version < .iOS18SDK ? 0x8000_8006 : 0x8000_8404
    }
    var namedFontDescriptorOptions: Int64? { ctx.options.xcodeVersion < .fontDescriptorOptions ? nil : 0x8000_0000 }

    private func fontDescriptor(_ attributes: Int, options: Int64?) -> Int {
        var entries = [NibEntry(key: "UIFontDescriptorAttributes", value: .object(attributes))]
        if let options { entries.append(NibEntry(key: "UIFontDescriptorOptions", value: .int(options))) }
        return b.graph.add(.init(className: "UIFontDescriptor", entries: entries))
    }

    /// PostScript-name prefixes of font families installed with iOS (the families apps most often use).
    static let installedFontFamilies: [String] = [
        "Helvetica", "ArialMT", "Arial-", "ArialRoundedMTBold", "TimesNewRomanPS", "Georgia", "Courier", "Menlo-",
        "Avenir-", "AvenirNext-", "AvenirNextCondensed-", "Futura-", "GillSans", "Verdana", "TrebuchetMS", "Trebuchet-",
        "AmericanTypewriter", "Baskerville", "Didot", "Optima-", "Palatino-", "ChalkboardSE-", "Noteworthy-",
        "MarkerFelt-", "Papyrus", "Zapfino", "Copperplate", "HoeflerText-", "Cochin", "Chalkduster", "SnellRoundhand",
        "Kailasa", "Thonburi",
    ]

    /// UIFont traits (italic 1, bold 2) of an iOS-installed face named `name`, or nil for a font iOS does not
    /// ship. Bold follows the system weights above: semibold and heavier are bold, medium and lighter are not.
    static func installedFontTraits(_ name: String) -> Int? {
        guard installedFontFamilies.contains(where: { name.hasPrefix($0) }) else { return nil }
        let style = name.split(separator: "-").dropFirst().joined().lowercased()
        let face = style.isEmpty ? name.lowercased() : style
        var traits = 0
        if face.contains("italic") || face.contains("oblique") { traits |= 1 }
        if ["bold", "black", "heavy", "semibold", "demibold"].contains(where: { face.contains($0) }) { traits |= 2 }
        return traits
    }

    private func sizeNumber(_ size: Double) -> Int {
        // Int64(exactly:) is nil for fractions and for sizes no integer holds (1e300, inf), which stay doubles.
        if !coder10, let whole = Int64(exactly: size) { return b.number(whole) }
        return b.number(size)
    }

    private func systemFaceName(size: Double, weightSuffix: String) -> String {
        if coder10 { return ".SFUI-\(weightSuffix)" }
        // The iOS 11/12 SDKs name the system face by optical size: Display from 20 pt.
        let family = size >= 20 ? ".SFUIDisplay" : ".SFUIText"
        return weightSuffix == "Regular" ? family : "\(family)-\(weightSuffix)"
    }
}
