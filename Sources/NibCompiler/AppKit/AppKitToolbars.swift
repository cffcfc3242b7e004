import NibArchive
import XIB

extension AppKitCompiler {
    static let systemToolbarItems: [String: (String, String)] = [
        "NSToolbarFlexibleSpaceItem": ("NSToolbarFlexibleSpaceItem", "Flexible Space"),
        "NSToolbarSpaceItem": ("NSToolbarSpaceItem", "Space"),
        "NSToolbarSeparatorItem": ("NSToolbarSeparatorItem", "Separator"),
    ]

    /// AppKit's standard items that are plain NSToolbarItems with content of their own, which ibtool archives
    /// although the document records only the identifier: label (also the palette label), tool tip, image,
    /// action (to the first responder) and size. One sample: NSToolbarShowColorsItem in viraptor/ibtool's
    /// sb_toolbar_colors_tv (not in the shared corpus); other standard items are not known.
    static let standardToolbarItems: [String: (label: String, toolTip: String, image: String, action: String, size: String)] = [
        "NSToolbarShowColorsItem": ("Colors", "Show Color Panel", "NSToolbarShowColors", "orderFrontColorPanel:", "{44, 42}"),
    ]

    func encodeToolbar(_ node: XIBNode) -> Int {
        // A custom class (`customClass`, with its module) is swapped in at load time: NSClassSwapper, as for a
        // menu and a toolbar item (no compiled pair has a custom toolbar class).
        let (i, swapper, archivedClass) = beginView(node, "NSToolbar")
        node.markUsed("implicitIdentifier", "identifier", "explicitIdentifier", "showsBaselineSeparator", "displayMode", "sizeMode", "prefersToBeShown",
                      "allowsUserCustomization", "autosavesConfiguration", "centeredItem", "key", "visible")
        var identified: [(String, Int)] = []
        var byID: [String: Int] = [:]
        var selectable: [Int] = []
        if let allowed = node.child("allowedToolbarItems") {
            for it in allowed.children where it.isNamed("toolbarItem") {
                let (ident, ti) = encodeToolbarItem(it, toolbar: i)
                identified.append((ident, ti))
                if let id = it.peek("id") { byID[id] = ti }
                if it.bool("selectable") == true { selectable.append(ti) }
            }
        }
        var defaults: [Int]?
        if let d = node.child("defaultToolbarItems") {
            defaults = []
            d.visited = true
            for r in d.children where r.isNamed("toolbarItem") {
                r.visited = true
                if let ref = r["reference"], let ti = byID[ref] { defaults?.append(ti) }
            }
        }
        var e = swapper
        // The identifier typed in Interface Builder (`explicitIdentifier` in current documents, `identifier` in older
        // ones) names the toolbar, whose configuration AppKit autosaves under it; else IB's generated one.
        e.obj("NSToolbarIdentifier", str(node.peek("explicitIdentifier") ?? node.peek("identifier") ?? node.peek("implicitIdentifier") ?? ""))
        e.null("NSToolbarDelegate")
        e.bool("NSToolbarPrefersToBeShown", node.peek("visible") != "NO")
        e.bool("NSToolbarAllowsUserCustomization", node.peek("allowsUserCustomization") != "NO")
        e.bool("NSToolbarAutosavesConfiguration", node.peek("autosavesConfiguration") != "NO")
        e.int("NSToolbarDisplayMode", ["default": 0, "iconAndLabel": 1, "iconOnly": 2, "labelOnly": 3][node.peek("displayMode") ?? ""] ?? 0)
        e.int("NSToolbarSizeMode", ["default": 0, "regular": 1, "small": 2][node.peek("sizeMode") ?? ""] ?? 0)
        e.null("NSToolbarCenteredItemIdentifier")
        let sorted = identified.sorted { $0.0.utf8.lexicographicallyPrecedes($1.0.utf8) }
        e.obj("NSToolbarIBIdentifiedItems", b.dictionary("NSMutableDictionary", sorted.map { (str($0.0), $0.1) }))
        e.obj("NSToolbarIBAllowedItems", b.array(identified.map(\.1)))
        // No key without a <defaultToolbarItems> element (sb_toolbar_colors_tv, viraptor/ibtool; not in the corpus).
        if let defaults { e.obj("NSToolbarIBDefaultItems", b.array(defaults)) }
        // The items marked selectable, in allowed-item order. No corpus pair has a selectable item: the array
        // holds the item objects by analogy with NSToolbarIBAllowedItems and NSToolbarIBDefaultItems (every pair
        // writes the empty mutable array when none is selectable).
        e.obj("NSToolbarIBSelectableItems", b.mutableArray(selectable))
        finish(i, archivedClass, e)
        collectConnections(node, source: i)
        return i
    }

    func encodeToolbarItem(_ node: XIBNode, toolbar: Int) -> (String, Int) {
        let implicit = node.peek("implicitItemIdentifier") ?? ""
        let explicit = node.peek("explicitItemIdentifier")
        let system = Self.systemToolbarItems[implicit]
        let cls = system?.0 ?? "NSToolbarItem"
        // A custom class is swapped in at load time, as for a menu (NSClassSwapper).
        let (i, swapper, archivedClass) = beginView(node, cls)
        node.markUsed("implicitItemIdentifier", "explicitItemIdentifier", "label", "paletteLabel", "tag", "image", "sizingBehavior",
                      "autovalidates", "bordered", "navigational", "visibilityPriority", "toolTip", "title", "selectable")
        let ident = explicit ?? implicit
        let standard = Self.standardToolbarItems[implicit]
        var e = swapper
        e.obj("NSToolbarItemIdentifier", str(ident))
        // The document's own texts are localizable; a standard item's built-in defaults are not the document's.
        func text(_ name: String, default fallback: String) -> Int {
            node.peek(name).map { ctx.localizable($0, owner: node, property: name) } ?? str(fallback)
        }
        e.obj("NSToolbarItemLabel", text("label", default: standard?.label ?? ""))
        e.obj("NSToolbarItemPaletteLabel", text("paletteLabel", default: system?.1 ?? standard?.label ?? ""))
        if system != nil { e.null("NSToolbarItemToolTip") } else { e.obj("NSToolbarItemToolTip", text("toolTip", default: standard?.toolTip ?? "")) }
        var view: Int?
        var viewNode: XIBNode?
        if let vn = node.children.first(where: { isView($0) }) {
            viewNode = vn
            view = encodeView(vn, superview: nil)
        }
        if let view { e.obj("NSToolbarItemView", view) } else { e.null("NSToolbarItemView") }
        e.bool("NSToolbarItemBordered", viewNode?.name == "button" || (standard != nil && node.peek("bordered") != "NO"))
        // A named image is an NSCustomResource like any other image reference (sb_toolbar's NSTrashEmpty item).
        if let image = image(node, "image") ?? standard.map({ imageResource($0.image) }) { e.obj("NSToolbarItemImage", image) } else { e.null("NSToolbarItemImage") }
        let title = viewNode.flatMap { cellNode($0) }.flatMap { $0.peek("title") } ?? ""
        e.obj("NSToolbarItemTitle", str(title))
        e.null("NSToolbarItemTarget")
        if let action = standard?.action { e.obj("NSToolbarItemAction", str(action)) } else { e.null("NSToolbarItemAction") }
        let minS = node.children.first { $0.isNamed("size") && $0.peek("key", is: "minSize") }
        let maxS = node.children.first { $0.isNamed("size") && $0.peek("key", is: "maxSize") }
        for s in node.children where s.isNamed("size") { ctx.ignore(s) }
        let spaceMin = implicit == "NSToolbarFlexibleSpaceItem" || implicit == "NSToolbarSpaceItem" ? "{8, 24}" : "{0, 0}"
        let spaceMax = implicit == "NSToolbarFlexibleSpaceItem" ? "{20000, 24}" : (implicit == "NSToolbarSpaceItem" ? "{8, 24}" : "{0, 0}")
        e.obj("NSToolbarItemMinSize", str(minS.map { sizeString($0.double("width") ?? 0, $0.double("height") ?? 0) } ?? standard?.size ?? spaceMin))
        e.obj("NSToolbarItemMaxSize", str(maxS.map { sizeString($0.double("width") ?? 0, $0.double("height") ?? 0) } ?? standard?.size ?? spaceMax))
        e.bool("NSToolbarItemIgnoreMinMaxSizes", false)
        e.bool("NSToolbarItemEnabled", true)
        e.bool("NSToolbarItemAutovalidates", node.peek("autovalidates") != "NO")
        e.int("NSToolbarItemTag", system != nil ? -1 : (Int(node.peek("tag") ?? "") ?? (standard != nil ? -1 : 0)))
        e.int("NSToolbarItemVisibilityPriority", Int(node.peek("visibilityPriority") ?? "") ?? 0)
        e.bool("NSToolbarItemNavigational", node.peek("navigational", is: "YES"))
        if system != nil {
            var me = Entries()
            me.bool("NSIsDisabled", true)
            me.bool("NSIsSeparator", true)
            me.bool("NSAllowsKeyEquivalentLocalization", true)
            me.bool("NSAllowsKeyEquivalentMirroring", true)
            me.obj("NSTitle", str(""))
            me.obj("NSKeyEquiv", str(""))
            me.int("NSKeyEquivModMask", 1 << 20)
            me.int("NSMnemonicLoc", 2_147_483_647)
            me.obj("NSOnImage", imageResource("NSMenuCheckmark"))
            me.obj("NSMixedImage", imageResource("NSMenuMixedState"))
            me.bool("NSHiddenInRepresentation", false)
            e.obj("NSToolbarItemMenuFormRepresentation", b.graph.add(NibObject(className: "NSMenuItem", entries: me.list)))
        }
        e.bool("NSToolbarIsUserRemovable", true)
        e.int("NSToolbarItemStyle", 0)
        finish(i, archivedClass, e)
        collectConnections(node, source: i)
        return (ident, i)
    }

    // MARK: Formatters

    func encodeFormatter(_ node: XIBNode) -> Int {
        if !node.isNamed("numberFormatter") {
            if node.isNamed("dateFormatter") { return encodeDateFormatter(node) }
            if node.isNamed("byteCountFormatter") { return encodeByteCountFormatter(node) }
            return encodeGenericObject(node)
        }
        let i = define(node, "NSNumberFormatter")
        node.markUsed("formatterBehavior", "numberStyle", "minimumIntegerDigits", "maximumIntegerDigits", "minimumFractionDigits",
                      "maximumFractionDigits", "usesGroupingSeparator", "groupingSize", "allowsFloats", "positiveFormat", "negativeFormat",
                      "lenient", "generatesDecimalNumbers", "roundingMode", "formatWidth", "paddingPosition", "paddingCharacter",
                      "decimalSeparator", "groupingSeparator", "currencyDecimalSeparator", "minimum", "maximum", "currencySymbol",
                      "internationalCurrencySymbol", "alwaysShowsDecimalSeparator", "secondaryGroupingSize", "multiplier",
                      "percentSymbol", "perMillSymbol", "minusSign", "plusSign", "exponentSymbol", "zeroSymbol", "nilSymbol",
                      "notANumberSymbol", "currencyCode", "positivePrefix", "positiveSuffix", "negativePrefix", "negativeSuffix",
                      "usesSignificantDigits", "minimumSignificantDigits", "maximumSignificantDigits", "roundingIncrement",
                      "partialStringValidationEnabled", "textAttributesForNegativeValues", "thousandSeparator", "localizesFormat")
        var numberFromChild: [String: Int] = [:]
        var nilKeys: Set<String> = []
        for c in node.children {
            guard let key = c.peek("key") else { continue }
            if c.isNamed("nil") { ctx.ignore(c); nilKeys.insert(key); continue }
            guard let v = encodePlainValue(c) else { continue }
            numberFromChild[key] = v
        }
        func boolNumber(_ v: Bool) -> Int {
            b.number(v)
        }
        var attr: [String: Int] = [:]
        let boolKeys: [(String, Bool)] = [("allowsFloats", true), ("alwaysShowsDecimalSeparator", false), ("generatesDecimalNumbers", false),
                                          ("lenient", false), ("usesGroupingSeparator", true)]
        for (k, d) in boolKeys { attr[k] = boolNumber(node.peek(k).map { $0 == "YES" } ?? d) }
        let intKeys: [(String, Int64)] = [("formatWidth", 0), ("groupingSize", 3), ("maximumFractionDigits", 0),
                                          ("maximumIntegerDigits", 42), ("minimumFractionDigits", 0), ("minimumIntegerDigits", 1),
                                          ("secondaryGroupingSize", 0)]
        for (k, d) in intKeys { attr[k] = b.number(Int64(node.peek(k) ?? "") ?? d) }
        attr["formatterBehavior"] = formatterBehaviorNumber(node)
        attr["paddingPosition"] = b.number(formatterEnum(node, "paddingPosition", Self.numberFormatterPaddingPositions, fallback: 0) ?? 0)
        attr["roundingMode"] = b.number(formatterEnum(node, "roundingMode", Self.numberFormatterRoundingModes, fallback: 4) ?? 4)
        if let style = formatterEnum(node, "numberStyle", Self.numberFormatterStyles, fallback: 0) { attr["numberStyle"] = b.number(style) }
        optionalNumberFormatterAttributes(node, into: &attr)
        attr["nilSymbol"] = str(node.peek("nilSymbol") ?? "")
        for k in ["positiveFormat", "negativeFormat", "currencySymbol", "internationalCurrencySymbol", "percentSymbol", "perMillSymbol",
                  "minusSign", "plusSign", "exponentSymbol", "zeroSymbol", "notANumberSymbol", "currencyCode", "decimalSeparator",
                  "groupingSeparator", "currencyDecimalSeparator", "positivePrefix", "positiveSuffix", "negativePrefix", "negativeSuffix"] {
            if let v = node.peek(k) { attr[k] = str(v) }
        }
        if !nilKeys.contains("negativeInfinitySymbol") { attr["negativeInfinitySymbol"] = str("-\u{221E}") }
        if !nilKeys.contains("positiveInfinitySymbol") { attr["positiveInfinitySymbol"] = str("+\u{221E}") }
        for (k, v) in numberFromChild { attr[k] = v }
        var e = Entries()
        e.obj("NS.attributes", sortedAttributes(attr))
        let minI = Int(node.peek("minimumIntegerDigits") ?? "") ?? 1
        let maxI = min(Int(node.peek("maximumIntegerDigits") ?? "") ?? 42, 42)
        let gen = String(repeating: "#", count: max(0, maxI - minI)) + String(repeating: "0", count: minI)
        let pos = node.peek("positiveFormat") ?? gen
        e.obj("NS.positiveformat", str(pos))
        e.obj("NS.negativeformat", str(node.peek("negativeFormat") ?? pos))
        e.null("NS.positiveattrs")
        e.null("NS.negativeattrs")
        e.null("NS.zero")
        e.obj("NS.nil", attributedString(""))
        e.obj("NS.nan", b.graph.add(NibObject(className: "NSAttributedString", entries: [
            NibEntry(key: "NSString", value: .object(str("NaN"))),
            NibEntry(key: "NSAttributes", value: .object(b.dictionary("NSDictionary", [])))])))
        if let m = numberFromChild["minimum"] { e.obj("NS.min", m) }
        if let m = numberFromChild["maximum"] { e.obj("NS.max", m) }
        var r = Entries()
        r.int("NS.roundingmode", 3)
        r.bool("NS.raise.overflow", true)
        r.bool("NS.raise.underflow", true)
        r.bool("NS.raise.dividebyzero", true)
        e.obj("NS.rounding", b.graph.add(NibObject(className: "NSDecimalNumberHandler", entries: r.list)))
        // The 10.0-behaviour keys (NSNumberFormatter's decimalSeparator, thousandSeparator, hasThousandSeparators,
        // localizesFormat). A 10.0 format with a comma uses thousand separators (Apple's 10.0 formatter
        // semantics; no Apple-compiled pair has a 10.0 formatter yet).
        let thousand = node.peek("groupingSeparator") ?? node.peek("thousandSeparator") ?? ","
        e.obj("NS.decimal", str(node.peek("decimalSeparator") ?? "."))
        e.obj("NS.thousand", str(thousand))
        let tenZeroGrouping = node.peek("formatterBehavior", is: "10_0") && (node.peek("positiveFormat") ?? "").contains(",")
        e.bool("NS.hasthousands", node.peek("usesGroupingSeparator", is: "YES") || tenZeroGrouping)
        e.bool("NS.localized", node.peek("localizesFormat") != "NO")
        e.bool("NS.allowsfloats", node.peek("allowsFloats") != "NO")
        finish(i, "NSNumberFormatter", e)
        return i
    }

    func attributedString(_ s: String) -> Int {
        b.graph.add(NibObject(className: "NSAttributedString", entries: [NibEntry(key: "NSString", value: .object(str(s)))]))
    }
}
