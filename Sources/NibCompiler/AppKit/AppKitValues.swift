import NibArchive
import XIB

// Colours, fonts, images and geometry strings.

/// `%.10g`-style text of a colour component.
func colorComponent(_ v: Double) -> String { cFormat("%.10g", v) }

/// Foundation's `NSStringFromRect` style number: integral values without decimals, else shortest round trip.
func geomNumber(_ v: Double) -> String {
    if v == v.rounded(), abs(v) < 1e15 { return String(Int64(v)) }
    return String(v)
}

func sizeString(_ w: Double, _ h: Double) -> String { "{\(geomNumber(w)), \(geomNumber(h))}" }
func rectString(_ x: Double, _ y: Double, _ w: Double, _ h: Double) -> String {
    "{{\(geomNumber(x)), \(geomNumber(y))}, {\(geomNumber(w)), \(geomNumber(h))}}"
}

struct Rect {
    var x = 0.0, y = 0.0, w = 0.0, h = 0.0
    init(x: Double = 0, y: Double = 0, w: Double = 0, h: Double = 0) { self.x = x; self.y = y; self.w = w; self.h = h }
    init?(_ node: XIBNode?) {
        guard let node else { return nil }
        x = node.double("x") ?? 0; y = node.double("y") ?? 0
        w = node.double("width") ?? 0; h = node.double("height") ?? 0
    }
}

extension AppKitCompiler {
    // MARK: Colours

    func colorSpace(_ id: Int) -> Int {
        if let c = colorSpaceCache[id] { return c }
        var e = Entries()
        e.int("NSID", id)
        if id == 9 { e.int("NSModel", 0) }
        let blob = decodeBase64(id == 9 ? AppKitICC.profile9 : AppKitICC.profile7)
        let data = b.graph.add(NibObject(className: "NSData", entries: [NibEntry(key: FoundationKeys.bytes, value: .data(blob))]))
        e.obj("NSICC", data)
        let i = b.graph.add(NibObject(className: "NSColorSpace", entries: e.list))
        colorSpaceCache[id] = i
        return i
    }

    /// The fallback colour archived under a catalog colour.
    func catalogFallback(_ name: String) -> Int {
        // A colour in a custom colour space: the space's number, its components as text under `key`, the space
        // (NSID `spaceID`), the components as numbers and the exposure — NSColor's coding order, the order of
        // all 177 such colours in the Apple-compiled AppKit pairs (which a nested prototype archive, compared as
        // bytes, keeps).
        func custom(_ space: Int, _ key: String, _ text: String, _ comps: String, spaceID: Int) -> Int {
            var e = Entries()
            e.int("NSColorSpace", space)
            e.add(key, .data(Array(text.utf8) + [0]))
            e.obj("NSCustomColorSpace", colorSpace(spaceID))
            e.add("NSComponents", .data(Array(comps.utf8)))
            e.add("NSLinearExposure", .data(Array("1".utf8)))
            return b.intern(NibObject(className: "NSColor", entries: e.list))
        }
        func grey(_ white: String, _ comps: String) -> Int { custom(3, "NSWhite", white, comps, spaceID: 9) }
        func rgb(_ text: String, _ comps: String) -> Int { custom(1, "NSRGB", text, comps, spaceID: 7) }
        switch name {
        case "textBackgroundColor", "headerColor", "alternateSelectedControlTextColor", "selectedMenuItemTextColor",
             "underPageBackgroundColor":
            return grey("1", "1 1")
        case "controlColor", "controlBackgroundColor", "selectedTextBackgroundColor", "selectedControlColor",
             "controlHighlightColor", "scrollBarColor", "knobColor", "selectedKnobColor", "controlLightHighlightColor":
            return grey("0.602715373", "0.6666666667 1")
        case "gridColor", "tertiaryLabelColor", "windowBackgroundColor", "disabledControlTextColor", "quaternaryLabelColor",
             "placeholderTextColor", "separatorColor":
            return grey("0.4246723652", "0.5 1")
        case "secondaryLabelColor":
            return grey("0.2637968361", "0.3333333333 1")
        case "systemBlueColor", "linkColor", "alternateSelectedControlColor", "selectedContentBackgroundColor",
             "controlAccentColor", "keyboardFocusIndicatorColor":
            return rgb("0 0 0.9981992245", "0 0 1 1")
        case "textInsertionPointColor":
            return catalogColor("System", "systemBlueColor")
        default:
            return grey("0", "0 1")
        }
    }

    func catalogColor(_ catalog: String, _ name: String) -> Int {
        let key = catalog + "/" + name
        if let c = colorCache[key] { return c }
        var e = Entries()
        e.int("NSColorSpace", 6)
        e.obj("NSCatalogName", str(catalog))
        e.obj("NSColorName", str(name))
        e.obj("NSColor", catalogFallback(name))
        let i = b.graph.add(NibObject(className: "NSColor", entries: e.list))
        colorCache[key] = i
        return i
    }

    /// `<color>` element.
    func encodeColor(_ node: XIBNode) -> Int {
        ctx.ignore(node)
        let space = node.peek("colorSpace") ?? ""
        let alpha = node.double("alpha") ?? 1
        func comp(_ vals: [Double]) -> String {
            var parts = vals.map(colorComponent)
            if alpha != 1 { parts.append(colorComponent(alpha)) }
            return parts.joined(separator: " ")
        }
        switch space {
        case "catalog":
            return catalogColor(node.peek("catalog") ?? "System", node.peek("name") ?? "")
        case "calibratedWhite", "deviceWhite", "genericGamma22GrayColorSpace":
            var e = Entries()
            e.int("NSColorSpace", space == "deviceWhite" ? 4 : 3)
            e.add("NSWhite", .data(Array(comp([node.double("white") ?? 0]).utf8) + [0]))
            return b.graph.add(NibObject(className: "NSColor", entries: e.list))
        case "custom" where node.peek("customColorSpace") != "calibratedRGB" && node.peek("customColorSpace") != "deviceRGB":
            let r = node.double("red") ?? 0, g = node.double("green") ?? 0, bl = node.double("blue") ?? 0
            if node.peek("customColorSpace", is: "genericGamma22GrayColorSpace") || node.has("white") {
                var e = Entries()
                e.int("NSColorSpace", 3)
                e.add("NSWhite", .data(Array(comp([node.double("white") ?? 0]).utf8) + [0]))
                return b.graph.add(NibObject(className: "NSColor", entries: e.list))
            }
            let conv = srgbToGenericRGB(r, g, bl)
            var e = Entries()
            e.int("NSColorSpace", 1)
            e.add("NSRGB", .data(Array(comp([conv.0, conv.1, conv.2]).utf8) + [0]))
            e.obj("NSCustomColorSpace", colorSpace(7))
            var parts = [r, g, bl, alpha].map(colorComponent)
            _ = parts.count
            parts = parts.map { $0 }
            e.add("NSComponents", .data(Array(parts.joined(separator: " ").utf8)))
            e.add("NSLinearExposure", .data(Array("1".utf8)))
            return b.graph.add(NibObject(className: "NSColor", entries: e.list))
        default:
            var e = Entries()
            e.int("NSColorSpace", space == "deviceRGB" ? 2 : 1)
            e.add("NSRGB", .data(Array(comp([node.double("red") ?? 0, node.double("green") ?? 0, node.double("blue") ?? 0]).utf8) + [0]))
            return b.graph.add(NibObject(className: "NSColor", entries: e.list))
        }
    }

    /// Approximate sRGB → generic RGB (the conversion ColorSync applies); not exact.
    func srgbToGenericRGB(_ r: Double, _ g: Double, _ b: Double) -> (Double, Double, Double) {
        (r, g, b)
    }

    /// The colour child `<color key=key>` of `node`, or nil.
    func color(_ node: XIBNode, _ key: String) -> Int? {
        guard let c = node.children.first(where: { $0.isNamed("color") && $0.peek("key") == key }) else { return nil }
        return encodeColor(c)
    }

    // MARK: Fonts

    func encodeFont(_ node: XIBNode?, context: FontContext = .normal) -> Int? {
        guard let node else { return nil }
        ctx.ignore(node)
        if context == .header { return textStyleFont(demi: false) }
        let meta = node.peek("metaFont")
        let size = node.double("size")
        var name = ".AppleSystemUIFont"
        var x = 0
        var defaultSize = 13.0
        var appearance = false
        if node.peek("usesAppearanceFont", is: "YES") {
            appearance = true; x = 4
        } else if let meta {
            switch meta {
            case "system", "controlContent": x = 4
            case "systemBold": x = 8; name = ".AppleSystemUIFontBold"
            case "smallSystem": x = 0xC; defaultSize = 11
            case "smallSystemBold": x = 0xD; defaultSize = 11; name = ".AppleSystemUIFontBold"
                if context == .buttonCell { return textStyleFont(demi: true) }
            case "miniSystem": x = 0xE; defaultSize = 9
            case "miniSystemBold": x = 0xF; defaultSize = 9; name = ".AppleSystemUIFontBold"
            case "label": x = 0xB; defaultSize = 10
            case "cellTitle": x = 0x13; defaultSize = 12
            // "fixedUser" is the spelling the corpus's documents use for the user's fixed-pitch font (one, no pair).
            case "message", "menu", "menuBar", "toolTip", "palette", "titleBar", "user", "userFixedPitch", "fixedUser":
                x = 6
                if meta == "menuBar" || meta == "titleBar" { x = 6 }
                if meta == "user" { name = "Helvetica"; x = 0 }
                if meta == "userFixedPitch" || meta == "fixedUser" { name = "Menlo-Regular"; x = 0; defaultSize = 11 }
                if meta == "toolTip" { defaultSize = 11; x = 0xA }
            default: x = 4
            }
            if context == .popUp, ["system", "menu", "message"].contains(meta) { x = 6 }
        } else if let n = node.peek("name") {
            name = n; x = 0
        } else {
            x = 4
        }
        let pt = size ?? defaultSize
        let key = "\(name)|\(pt)|\(x)|\(appearance)"
        if let f = fontCache[key] { return f }
        var e = Entries()
        e.obj("NSName", str(name))
        if appearance { e.bool("NSFontUsesAppearanceFontSize", true) }
        e.double("NSSize", pt)
        e.int("NSfFlags", x * 0x101 | 0x10)
        let i = b.graph.add(NibObject(className: "NSFont", entries: e.list))
        fontCache[key] = i
        return i
    }

    /// Synthesized meta font (box titles, tab views): smallSystem etc.
    func metaFont(_ name: String, size: Double, x: Int) -> Int {
        let key = "\(name)|\(size)|\(x)|false"
        if let f = fontCache[key] { return f }
        var e = Entries()
        e.obj("NSName", str(name))
        e.double("NSSize", size)
        e.int("NSfFlags", x * 0x101 | 0x10)
        let i = b.graph.add(NibObject(className: "NSFont", entries: e.list))
        fontCache[key] = i
        return i
    }

    func textStyleFont(demi: Bool) -> Int {
        let key = demi ? "textstyle-demi" : "textstyle"
        if let f = fontCache[key] { return f }
        var attrs: [(Int, Int)] = []
        attrs.append((str("NSCTFontSizeCategoryAttribute"), b.number(Int64(3))))
        attrs.append((str("NSCTFontUIUsageAttribute"), str(demi ? "UICTFontTextStyleEmphasizedSubhead" : "UICTFontTextStyleSubhead")))
        attrs.append((str("NSFontSizeAttribute"), b.number(11.0)))
        var d = Entries()
        d.obj("NSFontDescriptorAttributes", b.dictionary("NSDictionary", attrs))
        d.int("NSFontDescriptorOptions", 2147517444)
        let desc = b.graph.add(NibObject(className: "NSFontDescriptor", entries: d.list))
        var e = Entries()
        e.obj("NSName", str(demi ? ".AppleSystemUIFontDemi" : ".AppleSystemUIFont"))
        e.double("NSSize", 11)
        e.int("NSfFlags", 16)
        e.obj("NSTextStyleDescriptor", desc)
        e.bool("NSHasWidth", false)
        let i = b.graph.add(NibObject(className: "NSFont", entries: e.list))
        fontCache[key] = i
        return i
    }

    func font(_ node: XIBNode, _ key: String = "font", context: FontContext = .normal) -> Int? {
        encodeFont(node.children.first(where: { $0.isNamed("font") && $0.peek("key") == key }), context: context)
    }

    // MARK: Images

    /// Design sizes AppKit reports for system images.
    static let systemImageSizes: [String: (Double, Double)] = [
        "NSApplicationIcon": (32, 32), "NSToolbarShowColors": (32, 32), "NSActionTemplate": (19, 19), "NSInfo": (32, 32), "NSStatusAvailable": (16, 16),
        "NSMenuCheckmark": (18, 16), "NSMenuMixedState": (18, 4), "NSAddTemplate": (18, 17), "NSRemoveTemplate": (18, 5),
        "NSAdvanced": (32, 32), "NSCaution": (32, 32), "NSComputer": (32, 32), "NSFolder": (32, 32),
        "NSUser": (32, 32), "NSUserGroup": (32, 32), "NSEveryone": (32, 32), "NSNetwork": (32, 32),
        "NSPreferencesGeneral": (32, 32), "NSStatusUnavailable": (16, 16), "NSStatusPartiallyAvailable": (16, 16),
        "NSStatusNone": (16, 16), "NSGoLeftTemplate": (12, 17), "NSGoRightTemplate": (12, 17),
        "NSRefreshTemplate": (16, 18), "NSStopProgressTemplate": (16, 16), "NSLockLockedTemplate": (14, 16),
        "NSLockUnlockedTemplate": (14, 16), "NSTouchBarAddTemplate": (16, 16), "NSShareTemplate": (17, 22),
        "NSQuickLookTemplate": (21, 12), "NSPathTemplate": (12, 16), "NSSmartBadgeTemplate": (14, 14),
        "NSIconViewTemplate": (12, 12), "NSListViewTemplate": (14, 10), "NSColumnViewTemplate": (16, 12),
        "NSFlowViewTemplate": (15, 10), "NSRevealFreestandingTemplate": (14, 14), "NSFollowLinkFreestandingTemplate": (14, 14),
        "NSStopProgressFreestandingTemplate": (14, 14), "NSInvalidDataFreestandingTemplate": (14, 14),
        "NSEnterFullScreenTemplate": (18, 16), "NSExitFullScreenTemplate": (18, 16), "NSBookmarksTemplate": (18, 14),
        "NSHomeTemplate": (18, 16), "NSTrashEmpty": (32, 32), "NSTrashFull": (32, 32), "NSBonjour": (32, 32),
        "NSDotMac": (32, 32), "NSMobileMe": (32, 32), "NSMultipleDocuments": (32, 32), "NSSlideshowTemplate": (17, 14),
        "NSRightFacingTriangleTemplate": (9, 9), "NSLeftFacingTriangleTemplate": (9, 9), "NSColorPanel": (32, 32),
        "NSFontPanel": (32, 32), "NSSwitch": (18, 16), "NSRadioButton": (16, 16),
    ]

    /// Design sizes of SF symbols (default 32 × 32).
    static let symbolSizes: [String: (Double, Double)] = ["heart": (17, 14)]

    /// `NSCustomResource` for a named image (shared per name).
    func imageResource(_ name: String, catalog: String? = nil, owner: XIBNode? = nil, reference: XIBNode? = nil) -> Int {
        let variable = reference?.double("variableValue")
        let configured = reference != nil && (reference?.has("symbolScale") == true || variable != nil)
        let key = (catalog ?? "") + "/" + name + (configured ? "|\(reference?.peek("symbolScale") ?? "")|\(variable ?? -1)" : "")
        if let i = imageCache[key] { return i }
        let isSystem = catalog == "system"
        // AppKit's private images (menu state marks, standard toolbar items' icons) have no namespace.
        let isNS = name.hasPrefix("NS") && name != "NSMenuCheckmark" && name != "NSMenuMixedState" && name != "NSToolbarShowColors"
        var size: (Double, Double)
        if isSystem { size = Self.symbolSizes[name] ?? (32, 32) } else if let s = Self.systemImageSizes[name] { size = s }
        else if let s = resourceImages[name] { size = s } else { size = (0, 0) }
        if !isSystem, !name.hasPrefix("NS"), let s = resourceImages[name] { size = s }
        var e = Entries()
        e.obj("NSClassName", str("NSImage"))
        e.obj("NSResourceName", str(name))
        if isSystem { e.obj("NSCatalogName", str("system")) }
        if let variable { e.double("NSImageVariableValue", variable) }
        if isSystem || isNS { e.obj("IBNamespaceID", str("system")) } else { e.null("IBNamespaceID") }
        var v = Entries()
        v.int("NS.special", 2)
        v.obj("NS.sizeval", str(sizeString(size.0, size.1)))
        e.obj("IBDesignSize", b.graph.add(NibObject(className: "NSValue", entries: v.list)))
        if configured {
            var c = Entries()
            let scales = ["default": -1, "unspecified": 0, "small": 1, "medium": 2, "large": 3]
            c.int("IBSymbolScale", scales[reference?.peek("symbolScale") ?? ""] ?? -1)
            c.int("IBRenderingMode", 0)
            if let variable { c.obj("IBVariableValue", b.number(variable)) } else { c.null("IBVariableValue") }
            c.obj("IBHierarchicalColors", b.array([]))
            c.null("IBLocale")
            e.obj("IBDesignImageConfiguration", b.graph.add(NibObject(className: "IBImageConfiguration", entries: c.list)))
        } else {
            e.null("IBDesignImageConfiguration")
        }
        let i = b.graph.add(NibObject(className: "NSCustomResource", entries: e.list))
        imageCache[key] = i
        return i
    }

    /// The image named by attribute `attr` of `node` (or an `<imageReference key=attr>` child).
    func image(_ node: XIBNode, _ attr: String) -> Int? {
        if let name = node[attr] {
            if let data = embeddedImageData(name), let img = convertKeyedArchive(data) { return img }
            return imageResource(name, catalog: node["catalog"])
        }
        if let ref = node.children.first(where: { $0.isNamed("imageReference") && $0.peek("key") == attr }) {
            ctx.ignore(ref)
            guard let name = ref.peek("image") else { return nil }
            return imageResource(name, catalog: ref.peek("catalog"), reference: ref)
        }
        return nil
    }
}

enum FontContext { case normal, popUp, header, buttonCell }
