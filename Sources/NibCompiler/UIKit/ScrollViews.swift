import NibArchive
import XIB

extension UIKitCompiler {
    /// Scroll-view keys (§6.8) then `subclassKeys`.
    func encodeScrollView(_ node: XIBNode, className: String, style: ViewStyle = ViewStyle(),
                          subclassKeys: (inout Entries, Int) -> Void = { _, _ in }) -> Int {
        encodeViewObject(node, className: className, style: style) { e, index in
            if node.bool("bounces") == false { e.bool("UIBounceEnabled", false) }
            if node.bool("alwaysBounceVertical") == true { e.bool("UIAlwaysBounceVertical", true) }
            if node.bool("alwaysBounceHorizontal") == true { e.bool("UIAlwaysBounceHorizontal", true) }
            if node.bool("showsHorizontalScrollIndicator") == false { e.bool("UIShowsHorizontalScrollIndicator", false) }
            if node.bool("showsVerticalScrollIndicator") == false { e.bool("UIShowsVerticalScrollIndicator", false) }
            if node.bool("scrollEnabled") == false {
                e.bool("UIScrollDisabled", true)
                // A text view that does not scroll is laid out to fit its text: its content size is its frame's
                // size (4 of 4 such text views of the compiled storyboards; a scrolling one's depends on the text).
                if node.isNamed("textView"), let f = node.child("rect", key: "frame"), let w = f.double("width"), let h = f.double("height") {
                    e.add("UIContentSize", packedDoubles([w, h]))
                }
            }
            if node.bool("pagingEnabled") == true { e.bool("UIPagingEnabled", true) }
            if node.bool("directionalLockEnabled") == true { e.bool("UIDirectionalLockEnabled", true) }
            if node.bool("delaysContentTouches") == false { e.bool("UIDelaysContentTouches", false) }
            if node.bool("canCancelContentTouches") == false { e.bool("UICanCancelContentTouches", false) }
            if let v = node.double("minimumZoomScale"), v != 1 { e.float("UIMinimumZoomScale", v) }
            if let v = node.double("maximumZoomScale"), v != 1 { e.float("UIMaximumZoomScale", v) }
            // Only when on: the one `bouncesZoom="NO"` of the compiled corpus (Settings, a text view) has no key.
            if node.bool("bouncesZoom") != false { e.bool("UIBouncesZoom", true) }
            // No compiled sample: the key and its packed (top, left, bottom, right) form as xibdump (a nib decoder)
            // reads it, the same form as the verified separator and section insets.
            if let i = node.child("inset", key: "scrollIndicatorInsets") { e.add("UIScrollIndicatorInsets", insets(i)) }
            // UIScrollView's coder (decompiled iOS 26.1 UIKitCore), each only when written; no corpus sample.
            for (xibKey, key) in [("contentInset", "UIContentInset"), ("verticalScrollIndicatorInsets", "UIVerticalScrollIndicatorInsets"),
                                  ("horizontalScrollIndicatorInsets", "UIHorizontalScrollIndicatorInsets")] {
                if let i = node.child("inset", key: xibKey) { e.add(key, insets(i)) }
            }
            let dismiss = ["none": 0, "onDrag": 1, "interactive": 2]
            if let k = node["keyboardDismissMode"].flatMap({ dismiss[$0] }), k != 0 { e.int("UIKeyboardDismissMode", k) }
            e.int("UIScrollViewContentInsetAdjustmentBehavior", ["automatic": 0, "scrollableAxes": 1, "never": 2, "always": 3][node["contentInsetAdjustmentBehavior"] ?? "automatic"] ?? 0)
            e.int("UIScrollViewIndicatorInsetAdjustmentBehavior", 1)
            // No corpus sample: UIScrollViewIndicatorStyle as xibdump (a nib decoder) reads it, only when not default.
            if let s = node["indicatorStyle"].flatMap({ ["default": 0, "black": 1, "white": 2][$0] }), s != 0 { e.int("UIIndicatorStyle", s) }
            subclassKeys(&e, index)
        }
    }

    private func localOverrideTraitCollection() -> Int {
        b.graph.add(.init(className: "UITraitCollection", entries: [NibEntry(key: "UITraitCollectionBuiltinTrait-_UITraitNameSelectionFollowsFocus", value: .int(0))]))
    }

    /// The height ibtool lays out between a table's header and footer views. It measures the table
    /// before its data source is connected: one empty section. Nothing in a plain table (2/2 DuckDuckGo
    /// tables); in a grouped one the first section's top padding (20 points under a header view, 35
    /// without) plus its footer height (7/7 whose estimated section footer height is not set, whatever
    /// their header heights; all of them have 18-point footers). With automatic estimated footer heights
    /// (`-1`) the header without a title takes nothing and only the footer height counts (one sample:
    /// Settings 5hH-aV-3P1, 1-point sections). Otherwise unknown: nil, and the XML frames stay.
    func emptyTableSectionsHeight(_ node: XIBNode, hasHeaderView: Bool) -> Double? {
        let footer = node.peekDouble("sectionFooterHeight") ?? 18
        switch (node.peek("style") ?? "plain", node.peek("estimatedSectionFooterHeight")) {
        case ("plain", _): return 0
        case ("grouped", nil): return (hasHeaderView ? 20 : 35) + footer
        case ("grouped", "-1"): return footer
        default: return nil
        }
    }

    /// `<tableView>` → `UITableView` (§6.9); prototype cells of XIB tables are not supported.
    func encodeTableView(_ node: XIBNode) -> Int {
        var style = ViewStyle()
        var header: Int?, footer: Int?
        var headerHeight = 0.0, footerHeight = 0.0
        if let h = node.keyed("tableHeaderView"), let enc = UIKitEncoders.table[h.name] {
            header = enc(self, h)
            headerHeight = h.child("rect", key: "frame")?.peekDouble("height") ?? 0
        }
        if let f = node.keyed("tableFooterView"), let enc = UIKitEncoders.table[f.name] {
            footer = enc(self, f)
            footerHeight = f.child("rect", key: "frame")?.peekDouble("height") ?? 0
        }
        // The footer view comes first among the table's subviews (PrivacyProtection 3wX, Settings Z3c: the two
        // tables with both).
        style.leadingSubviews = [footer, header].compactMap { $0 }
        style.keyedObjectChildren = [header, footer].compactMap { $0 }
        let plain = (node.peek("style") ?? "plain") == "plain"
        let sections = emptyTableSectionsHeight(node, hasHeaderView: header != nil)
        if let sections, let footer, let f = node.keyed("tableFooterView")?.child("rect", key: "frame") {
            // The footer sits under the header view and the (empty) sections, not at its XML position.
            let top = (node.keyed("tableHeaderView")?.child("rect", key: "frame")?.peekDouble("height")) ?? 0
            let h = f.peekDouble("height") ?? 0
            if let at = b.graph.objects[footer].entries.firstIndex(where: { $0.key == "UICenter" }) {
                b.graph.objects[footer].entries[at].value = packedDoubles([(f.peekDouble("width") ?? 0) / 2, top + sections + h / 2])
            }
        }
        return encodeScrollView(node, className: "UITableView", style: style) { e, _ in
            if let sections, header != nil || footer != nil, let w = node.child("rect", key: "frame")?.peekDouble("width") {
                let heights = [node.keyed("tableHeaderView"), node.keyed("tableFooterView")].compactMap {
                    $0?.child("rect", key: "frame")?.peekDouble("height")
                }
                let size = packedDoubles([w, heights.reduce(sections, +)])
                let at = e.list.firstIndex { $0.key == "UIScrollViewContentInsetAdjustmentBehavior" } ?? e.list.count
                e.list.insert(NibEntry(key: "UIContentSize", value: size), at: at)
            }
            // Plain tables replace a white / systemBackgroundColor background with tableBackgroundColor.
            if plain, let at = e.list.firstIndex(where: { $0.key == "UIBackgroundColor" }), let ci = e.list[at].value.objectIndex,
               isWhiteOrSystemBackground(ci) {
                e.list[at].value = .object(systemColor("tableBackgroundColor", white: 1, alpha: 1))
            }
            e.obj("UIViewLocalOverrideTraitCollection", localOverrideTraitCollection())
            let st = node["style"] == "grouped" ? 1 : (node["style"] == "insetGrouped" ? 2 : 0)
            e.int("UITableViewStyle", st)
            e.int("UIStyle", st)
            if node["separatorStyle"] == "none" {
                e.int("UISeparatorStyleIOS9AndLater", 0)
            } else {
                e.int("UISeparatorStyle", 1)
                e.int("UISeparatorStyleIOS5AndLater", 1)
            }
            if header != nil || footer != nil, st < 2, let width = node.child("rect", key: "frame")?.peekDouble("width") {
                tableHeaderFooterLayout(&e, style: st, width: width, header: header.map { _ in headerHeight },
                                        footer: footer.map { ($0, footerHeight) }, sectionFooterHeight: node.peekDouble("sectionFooterHeight"))
            }
            e.bool("UIPrefetchingEnabled", true)
            e.float("UIRowHeight", node.double("rowHeight") ?? -1)
            e.float("UISectionHeaderHeight", node.double("sectionHeaderHeight") ?? -1)
            e.float("UISectionFooterHeight", node.double("sectionFooterHeight") ?? -1)
            e.float("UIEstimatedRowHeight", node.double("estimatedRowHeight") ?? 0)
            e.float("UIEstimatedSectionHeaderHeight", node.double("estimatedSectionHeaderHeight") ?? 0)
            e.float("UIEstimatedSectionFooterHeight", node.double("estimatedSectionFooterHeight") ?? 0)
            e.double("UIFillerRowHeight", 0)
            e.double("UISectionHeaderTopPadding", -1)
            if node.bool("allowsSelectionDuringEditing") == true { e.bool("UIAllowsSelectionDuringEditing", true) }
            if node.bool("allowsSelection") == false { e.bool("UIAllowsSelection", false) }
            // No corpus sample for the keys below: their names and forms are those Apple's nibs carry (xibdump's
            // nib-to-XIB decoder); each is written only when set, as the selection keys above.
            if node.bool("allowsMultipleSelection") == true { e.bool("UIAllowsMultipleSelection", true) }
            if node.bool("allowsMultipleSelectionDuringEditing") == true { e.bool("UIAllowsMultipleSelectionDuringEditing", true) }
            for (xibKey, key) in [("sectionIndexColor", "UISectionIndexColor"), ("sectionIndexBackgroundColor", "UISectionIndexBackgroundColor"),
                                  ("sectionIndexTrackingBackgroundColor", "UISectionIndexTrackingBackgroundColor")] {
                if let c = node.child("color", key: xibKey) { e.obj(key, color(c)) }
            }
            if let n = node["sectionIndexMinimumDisplayRowCount"].flatMap({ Int($0) }), n != 0 { e.int("UISectionIndexMinimumDisplayRowCount", n) }
            e.bool("UIInsetsContentViewsToSafeArea", true)
            if let c = node.child("color", key: "separatorColor") { e.obj("UISeparatorColor", color(c)) }
            if let i = node.child("inset", key: "separatorInset") { e.add("UISeparatorInset", insets(i)) }
            if let header { e.obj("UITableHeaderView", header) }
            if let footer { e.obj("UITableFooterView", footer) }
            e.int("UISeparatorInsetReference", 0)
            node.markUsed("dataMode")
            if let cellContentHandler {
                cellContentHandler(node, &e)
            } else {
                embeddedCells(node, containers: ["prototypes", "sections"])
            }
        }
    }

    /// ibtool lays a table out with no rows (its data source is not connected at build time): the content is the
    /// header view, then for grouped tables a section-footer gap (35 points of top padding instead of a missing
    /// header), then the footer view (grouped: 20 points of padding instead of a missing one). Writes that
    /// height as `UIContentSize` and moves the footer view there. Evidence: the 11 table views with header or
    /// footer views of the DuckDuckGo storyboards (3 plain, 8 grouped; the footer-only and header-plus-footer
    /// grouped forms rest on one table each).
    private func tableHeaderFooterLayout(_ e: inout Entries, style: Int, width: Double, header: Double?,
                                         footer: (index: Int, height: Double)?, sectionFooterHeight: Double?) {
        var footerY = header ?? 0
        var height: Double
        if style == 0 {
            height = footerY + (footer?.height ?? 0)
        } else {
            let gap = sectionFooterHeight.flatMap { $0 >= 0 ? $0 : nil } ?? 18
            footerY = (header ?? 35) + gap
            height = footerY + (footer?.height ?? 20)
        }
        let at = e.list.firstIndex { $0.key == "UIScrollViewContentInsetAdjustmentBehavior" } ?? e.list.count
        e.list.insert(NibEntry(key: "UIContentSize", value: packedDoubles([width, height])), at: at)
        guard let footer, let c = b.graph.objects[footer.index].entries.firstIndex(where: { $0.key == "UICenter" }),
              case .data(let bytes) = b.graph.objects[footer.index].entries[c].value, bytes.count == 17 else { return }
        let x = bytes[1..<9].withUnsafeBytes { Double(bitPattern: UInt64(littleEndian: $0.loadUnaligned(as: UInt64.self))) }
        b.graph.objects[footer.index].entries[c].value = packedDoubles([x, footerY + footer.height / 2])
    }

    /// Prototype cells and static sections embedded in a table or collection view of a XIB. Interface Builder
    /// only supports them in storyboards (ibtool rejects a XIB that embeds cells; storyboard nibs archive them
    /// through `cellContentHandler`), so nothing of them is archived here; an empty container (`<cells/>`, which
    /// old documents write) carries nothing and is consumed silently, a non-empty one is named in a warning.
    func embeddedCells(_ node: XIBNode, containers: [String]) {
        for name in containers {
            guard let c = node.child(name) else { continue }
            if !c.children.isEmpty {
                ctx.warning(at: c, "<\(node.name)>: embedded <\(name)> (prototype cells, static sections) are only archived from storyboards; ignored")
            }
            ctx.ignore(c)
        }
    }

    static let selectionStyles: [String: Int] = ["none": 0, "blue": 1, "gray": 2, "default": 3]
    static let accessoryTypes: [String: Int] = ["none": 0, "disclosureIndicator": 1, "detailDisclosureButton": 2, "checkmark": 3, "detailButton": 4]
    static let cellStyles: [String: Int] = [
        "IBUITableViewCellStyleDefault": 0, "IBUITableViewCellStyleValue1": 1, "IBUITableViewCellStyleValue2": 2, "IBUITableViewCellStyleSubtitle": 3,
    ]

    /// `<tableViewCell>` → `UITableViewCell` with its content view and synthesized separator (§6.10–6.12).
    func encodeTableViewCell(_ node: XIBNode) -> Int {
        let cellID = node.peek("id")
        let frame = node.children.first { $0.isNamed("rect") && $0.peek("key", is: "frame") }
        let cw = frame?.peekDouble("width") ?? 320
        let ch = frame?.peekDouble("height") ?? 44
        let selection = node["selectionStyle"].flatMap { Self.selectionStyles[$0] } ?? 3
        let hasBackground = node.children.contains { $0.isNamed("color") && $0.peek("key", is: "backgroundColor") }
        let compat = selection != 3 && !hasBackground

        // Content view first (it owns the cell's constraints and guides). A constraint on the cell's own width or
        // height stays on the cell (PrivacyProtection FqV: stack width = cell width − 20, the one such table-cell
        // constraint with a compiled counterpart; collection cells move even those, UIKIT-MAPPING §7.2).
        let staysOnCell: (XIBNode) -> Bool = { c in
            ["width", "height"].contains { a in
                (c.peek("firstItem") == cellID && c.peek("firstAttribute") == a) || (c.peek("secondItem") == cellID && c.peek("secondAttribute") == a)
            }
        }
        var contentIndex: Int?
        if let cv = node.keyed("contentView") {
            var cstyle = ViewStyle()
            cstyle.subviewsFirstInObjectList = true
            cstyle.hoistedConstraints = node.child("constraints")
            cstyle.notHoisted = staysOnCell
            cstyle.hoistedFrom = cellID
            cstyle.hoistedGuides = node.children.filter { $0.isNamed("viewLayoutGuide") }
            cv.markUsed("tableViewCell")
            contentIndex = encodeViewObject(cv, className: "UITableViewCellContentView", style: cstyle) { _, _ in }
        }
        var sep = Entries()
        sep.add("UIBounds", packedDoubles([0, 0, cw - 8, 1]))
        sep.add("UICenter", packedDoubles([8 + (cw - 8) / 2, ch - 0.5]))
        sep.bool("UIDeepDrawRect", true)
        sep.bool("UIOpaque", true)
        sep.bool("UIAutoresizeSubviews", true)
        sep.int("UIViewSemanticContentAttribute", 0)
        if coder10 { sep.null("UIViewLargeContentStoredProperties") }
        let separator = b.graph.add(.init(className: "_UITableViewCellSeparatorView", entries: sep.list))

        var style = ViewStyle()
        style.extraSubviews = [separator]
        if let contentIndex { style.leadingSubviews = [contentIndex] }
        style.ownLayoutHoisted = true
        style.keptConstraints = staysOnCell
        return encodeCellLike(node, className: "UITableViewCell", style: style, compat: compat, cw: cw, ch: ch) { e, _ in
            if let r = node["reuseIdentifier"] { e.obj("UIReuseIdentifier", b.string(r)) }
            if let s = node["style"].flatMap({ Self.cellStyles[$0] }), s != 0 { e.int("UITableViewCellStyle", s) }
            if selection != 3 { e.int("UISelectionStyle", selection) }
            if let a = node["accessoryType"].flatMap({ Self.accessoryTypes[$0] }), a != 0 { e.int("UIAccessoryType", a) }
            // No corpus sample sets the three below; keys and conditions as WinObjC's xib2nib and xibdump (a nib
            // decoder) have them: each only when not the default.
            if let a = node["editingAccessoryType"].flatMap({ Self.accessoryTypes[$0] }), a != 0 { e.int("UIEditingAccessoryType", a) }
            if node["focusStyle"] == "custom" { e.int("UIFocusStyle", 1) }
            if node.bool("showsReorderControl") == true { e.bool("UIShowsReorderControl", true) }
            if let l = node["indentationLevel"].flatMap({ Int($0) }), l != 0 { e.int("UIIndentationLevel", l) }
            e.float("UIIndentationWidth", node.double("indentationWidth") ?? 10)
            if hasBackground { e.bool("UITableCellBackgroundColorSet", true) }
            // UIKit's cell coder writes the inset when its left or right edge is set (the default is -1 on every
            // edge); IB writes the element only for a custom inset. No compiled cell has one (12 in corpus/ios,
            // wild); the key and struct are the table view's `UISeparatorInset`.
            if let i = node.child("inset", key: "separatorInset") { e.add("UISeparatorInset", insets(i)) }
            // Deprecated since iOS 3: the cell coder has no key for it (26 cells in the DuckDuckGo pairs).
            node.markUsed("hidesAccessoryWhenEditing")
            if compat { e.obj("UISystemBackgroundView", systemBackgroundView(cw: cw, ch: ch)) } else { e.null("UISystemBackgroundView") }
            e.null("UIContentConfigurationIdentifier")
            e.null("UIContentConfigurationView")
            if let contentIndex { e.obj("UIContentView", contentIndex) }
            for (attr, key) in [("textLabel", "UITextLabel"), ("detailTextLabel", "UIDetailTextLabel"), ("imageView", "UIImageView")] {
                if let id = node[attr] {
                    let label = ctx.reference(id, from: node)
                    // A styled cell's own labels are UITableViewLabel (UIKIT-MAPPING §6.1, 46 objects).
                    if attr != "imageView", b.graph.objects[label].className == "UILabel" {
                        b.graph.objects[label].className = "UITableViewLabel"
                        // Attributed text does not turn the flag off here, unlike on an ordinary label (the 2
                        // attributed cell labels of the corpus, PrivacyProtection ASo and Feedback lY6).
                        if let n = ctx.element(withID: id), attributedWithoutNilTextColor(n),
                           let at = b.graph.objects[label].entries.firstIndex(where: { $0.key == "UIDisableUpdateTextColorOnTraitCollectionChange" }) {
                            b.graph.objects[label].entries[at].value = .bool(true)
                        }
                    }
                    e.obj(key, label)
                } else { e.null(key) }
            }
            node.markUsed("rowHeight", "shouldIndentWhileEditing")
        }
    }

    /// Whether `label` has attributed text and no `<nil key="textColor"/>`.
    private func attributedWithoutNilTextColor(_ label: XIBNode) -> Bool {
        label.children.contains { $0.isNamed("attributedString") }
            && !label.children.contains { $0.isNamed("nil") && $0.peek("key", is: "textColor") }
    }

    /// A cell: the view keys plus the compatibility background colour ibtool adds to cells with a
    /// non-default selection style and no background (§6.10).
    private func encodeCellLike(_ node: XIBNode, className: String, style: ViewStyle, compat: Bool, cw: Double, ch: Double,
                                subclassKeys: (inout Entries, Int) -> Void) -> Int {
        encodeViewObject(node, className: className, style: style) { e, index in
            if compat {
                // Insert after UISubviews: UIBackgroundColor + UIDidEncodeCompatibilityBackgroundColor.
                let at = (e.list.firstIndex { $0.key == "UISubviews" } ?? (e.list.firstIndex { $0.key == "UICenter" } ?? -1)) + 1
                e.list.insert(NibEntry(key: "UIBackgroundColor", value: .object(tableCellPlainBackgroundColor())), at: at)
                e.list.insert(NibEntry(key: "UIDidEncodeCompatibilityBackgroundColor", value: .bool(true)), at: at + 1)
            }
            subclassKeys(&e, index)
        }
    }

    func isWhiteOrSystemBackground(_ ci: Int) -> Bool {
        let o = b.graph.objects[ci]
        if let n = o.value(forKey: "UISystemColorName")?.objectIndex, case .data(let d)? = b.graph.objects[n].value(forKey: FoundationKeys.bytes) {
            let name = String(decoding: d, as: UTF8.self)
            return name == "whiteColor" || name == "systemBackgroundColor"
        }
        return false
    }

    func tableCellPlainBackgroundColor() -> Int {
        systemColor("tableCellPlainBackgroundColor", white: 1, alpha: 1)
    }

    private func systemBackgroundView(cw: Double, ch: Double) -> Int {
        let config = backgroundConfiguration(BackgroundConfigurationValues(
            layout: backgroundConfigurationLayout, cornerRadius: 0, backgroundColor: tableCellPlainBackgroundColor(),
            strokeColor: systemColor("clearColor", white: 0, alpha: 0), strokeWidth: 0, defaultStyle: 1))
        // The cell's size rounded up to whole points, centred in the cell's own coordinates (9 storyboard
        // prototype cells: heights 43.5, 43.67 → 44, 44.33 → 45, whole heights kept; centre (w/2, h/2)
        // whatever the cell's position in its table).
        let w = cw.rounded(.up), h = ch.rounded(.up)
        var v = Entries()
        v.add("UIBounds", packedDoubles([0, 0, w, h]))
        v.add("UICenter", packedDoubles([w / 2, h / 2]))
        v.bool("UIDeepDrawRect", true)
        v.bool("UIOpaque", true)
        v.bool("UIAutoresizeSubviews", true)
        v.int("UIViewSemanticContentAttribute", 0)
        v.null("UIViewLargeContentStoredProperties")
        v.obj("configurationAPI", config)
        return b.graph.add(.init(className: "_UISystemBackgroundView", entries: v.list))
    }

    /// `<collectionView>` → `UICollectionView` with its flow layout.
    func encodeCollectionView(_ node: XIBNode) -> Int {
        encodeScrollView(node, className: "UICollectionView") { e, index in
            e.obj("UIViewLocalOverrideTraitCollection", localOverrideTraitCollection())
            if let l = node.child("collectionViewFlowLayout", key: "collectionViewLayout") {
                let li = ctx.define(l, className: "UICollectionViewFlowLayout")
                var le = Entries()
                if let s = l.child("size", key: "itemSize"), let w = s.double("width"), let h = s.double("height"), w != 50 || h != 50 {
                    le.add("UIItemSize", packedDoubles([w, h]))
                }
                if let v = l.double("minimumInteritemSpacing"), v != 10 { le.float("UIInteritemSpacing", v) }
                if let v = l.double("minimumLineSpacing"), v != 10 { le.float("UILineSpacing", v) }
                // UICollectionViewFlowLayout's coder writes the header/footer sizes (CGSize, like UIItemSize) after
                // the item size and before the section inset, only when not zero; every corpus sample is zero.
                for (xibKey, key) in [("headerReferenceSize", "UIHeaderReferenceSize"), ("footerReferenceSize", "UIFooterReferenceSize")] {
                    if let s = l.child("size", key: xibKey) {
                        let w = s.double("width") ?? 0, h = s.double("height") ?? 0
                        if w != 0 || h != 0 { le.add(key, packedDoubles([w, h])) }
                    }
                }
                // Only when not zero, like the sizes above (zero insets: TabSwitcher and 11 other documents).
                if let i = l.child("inset", key: "sectionInset"), let v = Optional(insets(i)), v != packedDoubles([0, 0, 0, 0]) { le.add("UISectionInset", v) }
                if l["scrollDirection"] == "horizontal" { le.int("UIScrollDirection", 1) }
                if l["sectionInsetReference"] == "safeArea" { le.int("UISectionInsetReference", 1) }
                if let est = l.child("size", key: "estimatedItemSize"), let w = est.double("width"), let h = est.double("height"), w != 0 || h != 0 {
                    // The layout's coder has no key for it: ibtool sets it at load through a key-value pair
                    // (`estimatedItemSize` = NSValue of a CGSize), as a switch's `frame` (Settings, the one sample).
                    let size = "{\(geometryNumber(w)), \(geometryNumber(h))}"
                    let value = b.graph.add(.init(className: "NSValue", entries: [
                        NibEntry(key: "NS.special", value: .int(2)), NibEntry(key: "NS.sizeval", value: .object(b.string(size))),
                    ]))
                    keyValuePairs.append((l.order, b.graph.add(.init(className: "UINibKeyValuePair", entries: [
                        NibEntry(key: "UIObject", value: .object(li)), NibEntry(key: "UIValue", value: .object(value)),
                        NibEntry(key: "UIKeyPath", value: .object(b.string("estimatedItemSize"))),
                    ]))))
                }
                b.set(li, .init(className: "UICollectionViewFlowLayout", entries: le.list))
                e.obj("UICollectionLayout", li)
                // The layout has an id: it is the collection view's keyed child in `UINibObjectsKey` (§2.3).
                objectListChildren[index, default: []].insert(li, at: 0)
            } else if let l = node.child("collectionViewLayout", key: "collectionViewLayout") {
                // A custom layout class: archived as the class (swapped) with no layout keys.
                let li = ctx.define(l, className: "UICollectionViewLayout")
                var le = Entries()
                finishClass(l, index: li, originalClass: "UICollectionViewLayout", entries: &le)
                e.obj("UICollectionLayout", li)
            }
            e.null("UIDelegate")
            e.bool("UIAllowsUserInitiatedMultipleSelection", true)
            e.bool("UICollectionViewPrefetchingEnabled", true)
            node.markUsed("dataMode")
            if let cellContentHandler {
                cellContentHandler(node, &e)
            } else {
                embeddedCells(node, containers: ["cells"])
            }
        }
    }

    /// `<collectionViewCell>` → `UICollectionViewCell`; its id-less content view is a minimal `UIView` (§6.13).
    func encodeCollectionViewCell(_ node: XIBNode) -> Int {
        let cellID = node.peek("id")
        var contentIndex: Int?
        var contentHasSubviews = false
        var hoistedListed: [Int] = []
        if let cv = node.keyed("contentView") {
            var cstyle = ViewStyle()
            // A `<view key="contentView">` is archived with the minimal keys; a storyboard's
            // `<collectionViewCellContentView>` with its own attributes (Settings' app-icon cell: clips,
            // content mode, multiple touch, safe-area insets as written; TabSwitcher's cells alike).
            cstyle.minimal = !cv.isNamed("collectionViewCellContentView")
            cstyle.subviewsFirstInObjectList = true
            cstyle.hoistedConstraints = node.child("constraints")
            cstyle.hoistedFrom = cellID
            cstyle.hoistedGuides = node.children.filter { $0.isNamed("viewLayoutGuide") }
            contentHasSubviews = cv.children.contains { $0.isNamed("subviews") && !$0.children.isEmpty }
            let ci = encodeViewObject(cv, className: "UIView", style: cstyle) { e, _ in
                if contentHasSubviews, let at = e.list.firstIndex(where: { $0.key == "UIViewAutolayoutConstraints" || $0.key == "UIViewSemanticContentAttribute" }) {
                    e.list.insert(NibEntry(key: "UIViewDoesNotTranslateAutoresizingMaskIntoConstraints", value: .bool(true)), at: at)
                }
            }
            contentIndex = ci
            // The id-less content view's block is hoisted into the cell's block.
            if !cv.has("id") { hoistedListed = objectListChildren.removeValue(forKey: ci) ?? [] }
        }
        var style = ViewStyle()
        style.ownLayoutHoisted = true
        if let contentIndex { style.leadingSubviews = [contentIndex] }
        let index = encodeViewObject(node, className: "UICollectionViewCell", style: style) { e, cellIndex in
            if let contentIndex, contentHasSubviews {
                var generated: [Int] = []
                for attr in [5, 6, 3, 4] {
                    var c = Entries()
                    c.obj("NSFirstItem", cellIndex)
                    c.int("NSFirstAttributeV2", attr); c.int("NSFirstAttribute", attr)
                    c.obj("NSSecondItem", contentIndex)
                    c.int("NSSecondAttributeV2", attr); c.int("NSSecondAttribute", attr)
                    c.bool("NSShouldBeArchived", true)
                    c.obj("NSLayoutIdentifier", b.string("UIIBSystemGenerated"))
                    generated.append(b.graph.add(.init(className: "NSLayoutConstraint", entries: c.list)))
                }
                let at = e.list.firstIndex { ["UIViewContentHuggingPriority", "UIViewLayoutGuides", "UIViewSemanticContentAttribute"].contains($0.key) } ?? e.list.count
                e.list.insert(NibEntry(key: "UIViewAutolayoutConstraints", value: .object(b.mutableArray(generated))), at: at)
            }
            if let r = node["reuseIdentifier"] { e.obj("UIReuseIdentifier", b.string(r)) }
            if let cs = node.child("size", key: "customSize") { ctx.ignore(cs) }
            e.null("UISystemBackgroundView")
            e.null("UIContentConfigurationIdentifier")
            e.null("UIContentConfigurationView")
            if let contentIndex { e.obj("UIContentView", contentIndex) }
        }
        if !hoistedListed.isEmpty {
            // Cell block: content view's children in place of the content view itself.
            var block = objectListChildren[index] ?? []
            if let contentIndex, let pos = block.firstIndex(of: contentIndex) {
                block.remove(at: pos)
                block.insert(contentsOf: hoistedListed, at: pos)
            } else {
                block += hoistedListed
            }
            objectListChildren[index] = block
        } else if let contentIndex, node.children.first(where: { $0.peek("key", is: "contentView") })?.has("id") != true {
            objectListChildren[index]?.removeAll { $0 == contentIndex }
        }
        return index
    }
}
