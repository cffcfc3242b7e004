import NibArchive
import XIB

extension UIKitCompiler {
    /// Encodes a `<color>` element as a shared `UIColor` (§8 of UIKIT-MAPPING.md).
    func color(_ node: XIBNode) -> Int {
        node.visited = true
        _ = node["key"]
        if let name = node.peek("name"), node.peek("catalog", is: "System") {
            // AppKit catalog colours inside attributed strings resolve to plain RGB.
            node.markUsed("name", "catalog", "colorSpace")
            let known: [String: (Double, Double, Double, Double)] = [
                "textColor": (0, 0, 0, 1), "labelColor": (0, 0, 0, 1), "controlTextColor": (0, 0, 0, 1), "textBackgroundColor": (1, 1, 1, 1),
                "selectedMenuItemTextColor": (1, 1, 1, 1), "controlBackgroundColor": (1, 1, 1, 1),
            ]
            let v = known[name] ?? { ctx.warning(at: node, "unknown catalog colour '\(name)'"); return (0, 0, 0, 1) }()
            var e = Entries()
            rgbKeys(&e, (v.0, v.1, v.2), alpha: v.3, exactDouble: true)
            return b.intern(.init(className: "UIColor", entries: e.list))
        }
        if let name = node["name"] {
            node.markUsed("colorSpace")
            // Asset-catalog colour: fallback components come from <resources><namedColor>.
            var e = Entries()
            e.obj("UIDynamicCatalogName", b.string(name))
            e.bool("UIDynamicCatalogUseNibBundle", true)
            if let res = namedColors[name], let c = res.children.first(where: { $0.isNamed("color") }) {
                let comps = components(c)
                rgbKeys(&e, comps.rgb ?? (comps.white ?? 0, comps.white ?? 0, comps.white ?? 0), alpha: comps.alpha, exactDouble: comps.exact)
            } else {
                node.markUsed("catalog")
                rgbKeys(&e, (0, 0, 0), alpha: 1, exactDouble: true)
            }
            return b.intern(.init(className: "UIColor", entries: e.list))
        }
        let cocoaTouchName = node["cocoaTouchSystemColor"]
        // Xcode 11 wrote a semantic colour twice: `xcode11CocoaTouchSystemColor` (the iOS 13 name) beside an older
        // `cocoaTouchSystemColor` for earlier Xcodes. The newer name is archived with the older colour's components
        // (UIKitCatalog's `systemBackgroundColor` over `whiteColor`, Xcode 15.0: name, white 1; `Corpus/pairs`).
        var systemName = node["xcode11CocoaTouchSystemColor"] ?? node["systemColor"] ?? cocoaTouchName
        var source = node
        var fromResource = false
        if let s = node.peek("systemColor"), !node.has("red"), !node.has("white"),
           let res = systemColors[s], let c = res.children.first(where: { $0.isNamed("color") }) {
            source = c
            fromResource = true
        }
        var comps = components(source)
        let paletteName = !node.has("red") && !node.has("white") ? node.peek("systemColor") : nil
        let palette = paletteName.flatMap { Self.paletteColors[$0] }
        if let palette { comps = ((palette.0 / 255, palette.1 / 255, palette.2 / 255), nil, 1, true) }
        if !fromResource, palette == nil, !node.has("red"), !node.has("white"), let name = cocoaTouchName {
            if let fixed = cocoaTouchSystemColorValue(name) {
                comps = fixed
            } else if !node.has("systemColor") {
                ctx.warning(at: node, "<color key=\"\(node.peek("key") ?? "")\">: cocoaTouchSystemColor '\(name)' has no known UIKit value; archived with black components")
            }
        }
        var e = Entries()
        if let white = comps.white {
            if systemName == nil {
                if white == 1, comps.alpha == 1 { systemName = "whiteColor" }
                else if white == 0, comps.alpha == 0 { systemName = "clearColor" }
                else if white == 0, comps.alpha == 1 { systemName = "blackColor" }
            }
            if let systemName { e.obj("UISystemColorName", b.string(systemName)) }
            e.int("UIColorComponentCount", 2)
            component(&e, "UIWhite", white, exact: comps.exact)
            component(&e, "UIAlpha", comps.alpha, exact: true)
            var text = cFormat("%.3g", white)
            if comps.alpha != 1 { text += " " + cFormat("%.3g", comps.alpha) }
            e.add("NSWhite", .data(Array(text.utf8)))
            e.int("NSColorSpace", 4)
        } else {
            if let systemName { e.obj("UISystemColorName", b.string(systemName)) }
            rgbKeys(&e, comps.rgb ?? (0, 0, 0), alpha: comps.alpha, exactDouble: comps.exact)
        }
        let base = b.intern(.init(className: "UIColor", entries: e.list))
        if palette != nil, node.peek("key", is: "backgroundColor") {
            // A view background in a palette colour is archived as UIKit's dynamic modified colour (alpha
            // unmodified: DBL_MAX, contrast 0) around the system colour, with the same components: 4/4
            // palette backgrounds of the corpus (DaxOnboarding, TabSwitcher); palette text and tint colours
            // (3/3) and semantic backgrounds (`systemBackgroundColor`, 30+) are plain.
            var m = Entries()
            m.obj("UIDynamicModifiedBaseColor", base)
            m.double("UIDynamicModifiedAlphaComponent", .greatestFiniteMagnitude)
            m.int("UIDynamicModifiedContrast", 0)
            rgbKeys(&m, comps.rgb ?? (0, 0, 0), alpha: comps.alpha, exactDouble: comps.exact)
            return b.intern(.init(className: "UIColor", entries: m.list))
        }
        return base
    }

    /// UIKit's palette colours (light appearance, 0–255) as the current SDK resolves them when ibtool
    /// archives a `systemColor`: a document's `<systemColor>` resource may hold an older SDK's value
    /// (TabSwitcher saves `systemTealColor` as iOS 13's 90/200/250; Apple's nib has iOS 15's 48/176/199).
    static let paletteColors: [String: (Double, Double, Double)] = [
        "systemRedColor": (255, 59, 48), "systemOrangeColor": (255, 149, 0), "systemYellowColor": (255, 204, 0),
        "systemGreenColor": (52, 199, 89), "systemMintColor": (0, 199, 190), "systemTealColor": (48, 176, 199),
        "systemCyanColor": (50, 173, 230), "systemBlueColor": (0, 122, 255), "systemIndigoColor": (88, 86, 214),
        "systemPurpleColor": (175, 82, 222), "systemPinkColor": (255, 45, 85), "systemBrownColor": (162, 132, 94),
    ]

    /// The value UIKit gives a `cocoaTouchSystemColor` written without components (Xcode 5–10 documents:
    /// `<color key="textColor" cocoaTouchSystemColor="darkTextColor"/>`). The archived object is the class
    /// colour itself, so its form (gray or RGB) and components are UIKit's: the gray colours are
    /// `colorWithWhite:alpha:` singletons, the others RGB. No compiled pair in the corpus carries one of these
    /// elements; the values are UIKit's documented class colours. `groupTableViewBackgroundColor` changed
    /// in the iOS 13 SDK (a dynamic colour archived with its light value, as `<systemColor>` resources show),
    /// so coder 9 (iOS 11/12 SDK) gets the older (239, 239, 244)/255.
    /// White level and alpha of the gray system colours (built once: a dictionary literal in the function
    /// was rebuilt on every call).
    private static let systemGrays: [String: (Double, Double)] = [
        "blackColor": (0, 1), "darkTextColor": (0, 1), "whiteColor": (1, 1), "clearColor": (0, 0),
        "lightTextColor": (1, 0.6), "darkGrayColor": (1 / 3.0, 1), "lightGrayColor": (2 / 3.0, 1), "grayColor": (0.5, 1),
        "tableCellGroupedBackgroundColor": (1, 1),
    ]

    private func cocoaTouchSystemColorValue(_ name: String) -> (rgb: (Double, Double, Double)?, white: Double?, alpha: Double, exact: Bool)? {
        if let g = Self.systemGrays[name] { return (nil, g.0, g.1, true) }
        let byte: (Double, Double, Double) = coder10 ? (242, 242, 247) : (239, 239, 244)
        let grouped = (byte.0 / 255, byte.1 / 255, byte.2 / 255)
        let rgbs: [String: (Double, Double, Double)] = [
            "redColor": (1, 0, 0), "greenColor": (0, 1, 0), "blueColor": (0, 0, 1), "cyanColor": (0, 1, 1),
            "yellowColor": (1, 1, 0), "magentaColor": (1, 0, 1), "orangeColor": (1, 0.5, 0), "purpleColor": (0.5, 0, 0.5),
            "brownColor": (0.6, 0.4, 0.2), "groupTableViewBackgroundColor": grouped,
        ]
        if let c = rgbs[name] { return (c, nil, 1, true) }
        return nil
    }

    private func component(_ e: inout Entries, _ key: String, _ v: Double, exact: Bool) {
        e.float(key, v)
        if coder10, exact, Double(Float(v)) != v { e.double(key + "-Double", v) }
    }

    func rgbKeys(_ e: inout Entries, _ rgb: (Double, Double, Double), alpha: Double, exactDouble: Bool) {
        e.int("UIColorComponentCount", 4)
        let r = exactDouble ? rgb.0 : Double(Float(rgb.0))
        let g = exactDouble ? rgb.1 : Double(Float(rgb.1))
        let bl = exactDouble ? rgb.2 : Double(Float(rgb.2))
        component(&e, "UIRed", r, exact: exactDouble)
        component(&e, "UIGreen", g, exact: exactDouble)
        component(&e, "UIBlue", bl, exact: exactDouble)
        component(&e, "UIAlpha", alpha, exact: true)
        var text = "\(cFormat("%.3g", r)) \(cFormat("%.3g", g)) \(cFormat("%.3g", bl))"
        if alpha != 1 { text += " " + cFormat("%.3g", alpha) }
        e.add("NSRGB", .data(Array(text.utf8)))
        e.int("NSColorSpace", 2)
    }

    /// Components after colour-space conversion; `exact` is false when converted (float results only).
    private func components(_ n: XIBNode) -> (rgb: (Double, Double, Double)?, white: Double?, alpha: Double, exact: Bool) {
        let alpha = n.double("alpha") ?? 1
        let space = n["colorSpace"]
        let custom = n["customColorSpace"]
        if let w = n.double("white") {
            // Xcode 7's form of a calibrated grey (`colorSpace="custom" customColorSpace="calibratedWhite"`) is archived
            // as an RGB colour with the grey level in each component, not as a UIKit grey: Flutter's Main storyboard
            // template (white 1) as Xcode 14.2, 15.0.1 and 26.1 compiled it, one sample. Xcode 8 and later write
            // `colorSpace="calibratedWhite"` (98 in the corpus pairs), archived as grey.
            if space == "custom", custom == "calibratedWhite" { return ((w, w, w), nil, alpha, true) }
            return (nil, w, alpha, true)
        }
        let r = n.double("red") ?? 0, g = n.double("green") ?? 0, bl = n.double("blue") ?? 0
        switch (space, custom) {
        case ("calibratedRGB", _) where !colorMatched, (_, "calibratedRGB") where !colorMatched:
            // Documents saved before Xcode 8 carry no `colorMatched="YES"`: Xcode 8 introduced colour
            // matching and kept older documents unmatched, so their components are archived as written.
            // Every document in the corpus saved by Xcode 8+ (185) has the flag and none saved earlier (27)
            // does; all converted-colour evidence (§8.2 of UIKIT-MAPPING.md) comes from flagged documents,
            // and no compiled pair of an unflagged document exists here, so this side rests on the semantics.
            return ((r, g, bl), nil, alpha, true)
        case ("calibratedRGB", _), (_, "calibratedRGB"):
            return (genericRGBToSRGB(r, g, bl), nil, alpha, false)
        case (_, "displayP3"):
            return (displayP3ToSRGB(r, g, bl), nil, alpha, false)
        default:
            return ((r, g, bl), nil, alpha, true)
        }
    }

    /// A named UIKit system colour in the grey colour space: `UISystemColorName` with the resolved white and
    /// alpha that ibtool archives beside the name.
    func systemColor(_ name: String, white: Double, alpha: Double) -> Int {
        var e = Entries()
        e.obj("UISystemColorName", b.string(name))
        e.int("UIColorComponentCount", 2)
        e.float("UIWhite", white)
        e.float("UIAlpha", alpha)
        var t = cFormat("%.3g", white)
        if alpha != 1 { t += " " + cFormat("%.3g", alpha) }
        e.add("NSWhite", .data(Array(t.utf8)))
        e.int("NSColorSpace", 4)
        return b.intern(.init(className: "UIColor", entries: e.list))
    }
}

private func srgbEncode(_ v: Double) -> Double {
    let s = v < 0 ? -1.0 : 1.0
    let a = abs(v)
    return s * (a <= 0.0031308 ? 12.92 * a : 1.055 * pow(a, 1 / 2.4) - 0.055)
}

private func srgbDecode(_ v: Double) -> Double {
    let s = v < 0 ? -1.0 : 1.0
    let a = abs(v)
    return s * (a <= 0.04045 ? a / 12.92 : pow((a + 0.055) / 1.055, 2.4))
}

/// Generic RGB (gamma 1.8) → extended sRGB, with the matrix fitted by least squares on Apple's output: the 36
/// distinct calibratedRGB colours of the DuckDuckGo pairs, max error 2.3e-7 (the earlier 5-digit fit erred by
/// 3e-5, enough to flip a component's 4th digit: 0.0924 for Apple's 0.0923).
func genericRGBToSRGB(_ r: Double, _ g: Double, _ b: Double) -> (Double, Double, Double) {
    let lr = pow(r, 1.8), lg = pow(g, 1.8), lb = pow(b, 1.8)
    // Rows normalized so that white stays white (the fitted rows summed to 1.0000002).
    let R = 1.0252419 * lr - 0.02654527 * lg + 0.00130337 * lb
    let G = 0.01940077 * lr + 0.94800889 * lg + 0.03259033 * lb
    let B = -0.00176211 * lr - 0.00143447 * lg + 1.00319658 * lb
    return (Double(Float(srgbEncode(R))), Double(Float(srgbEncode(G))), Double(Float(srgbEncode(B))))
}

/// Display P3 → extended sRGB.
func displayP3ToSRGB(_ r: Double, _ g: Double, _ b: Double) -> (Double, Double, Double) {
    let lr = srgbDecode(r), lg = srgbDecode(g), lb = srgbDecode(b)
    let R = 1.2249401 * lr - 0.2249404 * lg
    let G = -0.0420569 * lr + 1.0420571 * lg
    let B = -0.0196376 * lr - 0.0786361 * lg + 1.0982735 * lb
    return (Double(Float(srgbEncode(R))), Double(Float(srgbEncode(G))), Double(Float(srgbEncode(B))))
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
