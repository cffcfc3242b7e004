import NibArchive
import XIB

/// Controls whose keys come from what each class's `encodeWithCoder:` writes (UIKit's own coder, which ibtool
/// runs): the keys are written only when they differ from the class default, after the `UIView`/`UIControl`
/// keys. No Apple-compiled pair in the corpus contains these classes, so every rule here rests on the
/// class's coder alone; the document `Corpus/ios/PickerControls.xib` pins what nibc writes.
extension UIKitCompiler {
    /// `<stepper>` → `UIStepper`: `UIValue`, `UIMinimumValue`, `UIMaximumValue`, `UIStepValue` (doubles,
    /// defaults 0, 0, 100, 1), `UIContinuous`/`UIAutorepeat` only when false, `UIWraps` only when true.
    func encodeStepper(_ node: XIBNode) -> Int {
        var style = ViewStyle()
        // Like UISwitch, a stepper has a fixed intrinsic size; IB writes 750 hugging for it.
        style.defaultHugging = (750, 750)
        return encodeViewObject(node, className: "UIStepper", style: style) { e, _ in
            controlKeys(node, into: &e)
            let defaults: [(attribute: String, key: String, value: Double)] = [
                ("value", "UIValue", 0), ("minimumValue", "UIMinimumValue", 0),
                ("maximumValue", "UIMaximumValue", 100), ("stepValue", "UIStepValue", 1),
            ]
            for d in defaults {
                if let v = node.double(d.attribute), v != d.value { e.double(d.key, v) }
            }
            if node.bool("continuous") == false { e.bool("UIContinuous", false) }
            if node.bool("autorepeat") == false { e.bool("UIAutorepeat", false) }
            if node.bool("wraps") == true { e.bool("UIWraps", true) }
        }
    }

    /// `<pageControl>` → `UIPageControl`: `UINumberOfPages` when non-zero, `UICurrentPage` always (clamped
    /// to the page range as the setter does), `UIHideForSinglePage` when true, then the two tint colours.
    func encodePageControl(_ node: XIBNode) -> Int {
        encodeViewObject(node, className: "UIPageControl", style: ViewStyle()) { e, _ in
            controlKeys(node, into: &e)
            let pages = max(0, node["numberOfPages"].flatMap { Int($0) } ?? 0)
            if pages != 0 { e.int("UINumberOfPages", pages) }
            let current = node["currentPage"].flatMap { Int($0) } ?? 0
            e.int("UICurrentPage", max(0, min(current, pages - 1)))
            if node.bool("hidesForSinglePage") == true { e.bool("UIHideForSinglePage", true) }
            // `defersCurrentPageDisplay` is read by the decoder but never encoded.
            node.markUsed("defersCurrentPageDisplay", "backgroundStyle", "allowsContinuousInteraction")
            if let c = node.child("color", key: "currentPageIndicatorTintColor") { e.obj("UICurrentPageIndicatorTintColor", color(c)) }
            if let c = node.child("color", key: "pageIndicatorTintColor") { e.obj("UIPageIndicatorTintColor", color(c)) }
        }
    }

    static let datePickerModes: [String: Int] = ["time": 0, "date": 1, "dateAndTime": 2, "countDownTimer": 3]
    static let datePickerStyles: [String: Int] = ["automatic": 0, "wheels": 1, "compact": 2, "inline": 3]

    /// `<datePicker>` → `UIDatePicker`: `UIPickerStyle` and `UIDatePickerMode` when not the default
    /// (automatic, dateAndTime), `UILocale`; then `UICountDownDuration` (float) in timer mode, else `UIDate`,
    /// `UIMinimumDate`, `UIMaximumDate` (`NSDate`); `UIMinuteInterval` when not 1;
    /// `UIDatePickerUseCurrentDateDuringDecoding` written only when false (`useCurrentDate="NO"`).
    func encodeDatePicker(_ node: XIBNode) -> Int {
        encodeViewObject(node, className: "UIDatePicker", style: ViewStyle()) { e, _ in
            controlKeys(node, into: &e)
            if let s = node["style"].flatMap({ Self.datePickerStyles[$0] }), s != 0 { e.int("UIPickerStyle", s) }
            let mode = node["datePickerMode"].flatMap { Self.datePickerModes[$0] } ?? 2
            if mode != 2 { e.int("UIDatePickerMode", mode) }
            if let l = node.child("locale", key: "locale") {
                l.visited = true
                e.obj("UILocale", b.graph.add(.init(className: "NSLocale", entries: [
                    NibEntry(key: "NS.identifier", value: .object(b.string(l["localeIdentifier"] ?? ""))),
                ])))
            }
            if mode == 3 {
                if let d = node.double("countDownDuration"), d != 0 { e.float("UICountDownDuration", d) }
                for c in node.children where c.isNamed("date") { ctx.ignore(c) }
            } else {
                for (xibKey, key) in [("date", "UIDate"), ("minimumDate", "UIMinimumDate"), ("maximumDate", "UIMaximumDate")] {
                    if let d = node.child("date", key: xibKey) { e.obj(key, date(d)) }
                }
                node.markUsed("countDownDuration")
            }
            if let m = node["minuteInterval"].flatMap({ Int($0) }), m != 1 { e.int("UIMinuteInterval", m) }
            if node.bool("useCurrentDate") == false { e.bool("UIDatePickerUseCurrentDateDuringDecoding", false) }
            node.markUsed("roundsToMinuteInterval")
        }
    }

    /// A `<date>` element as `NSDate` (`NS.time`: seconds since 2001-01-01).
    private func date(_ d: XIBNode) -> Int {
        d.visited = true
        return b.graph.add(.init(className: "NSDate", entries: [
            NibEntry(key: "NS.time", value: .double(d.double("timeIntervalSinceReferenceDate") ?? 0)),
        ]))
    }

    static let searchBarStyles: [String: Int] = ["default": 0, "prominent": 1, "minimal": 2]
    static let barStyles: [String: Int] = ["default": 0, "black": 1, "blackTranslucent": 2]

    /// `<searchBar>` → `UISearchBar`, keys in the order UISearchBar's coder writes them: bar style, button
    /// flags (only when set), `UISearchBarTranslucence` (1 translucent, 2 opaque; absent when unset),
    /// scope titles, prompt/text/placeholder, bar tint colour, the text-input traits
    /// (`UIEnablesReturnKeyAutomatically` and `UISecureTextEntry` always), background images, `UISearchBarStyle`.
    func encodeSearchBar(_ node: XIBNode) -> Int {
        encodeViewObject(node, className: "UISearchBar", style: ViewStyle()) { e, _ in
            if let s = node["barStyle"].flatMap({ Self.barStyles[$0] }), s != 0 { e.int("UIBarStyle", s) }
            if node.bool("showsCancelButton") == true { e.bool("UIShowsCancelButton", true) }
            if node.bool("showsBookmarkButton") == true { e.bool("UIShowsBookmarkButton", true) }
            if node.bool("showsScopeBar") == true { e.bool("UIShowsScopeBar", true) }
            if node.bool("showsSearchResultsButton") == true { e.bool("UIShowSearchResultsButton", true) }
            if node.bool("searchResultsButtonSelected") == true { e.bool("UISearchResultsButtonSelected", true) }
            if let t = node.bool("translucent") { e.int("UISearchBarTranslucence", t ? 1 : 2) }
            if let scopes = node.child("scopeButtonTitles") {
                scopes.visited = true
                let titles = scopes.children.filter { $0.isNamed("string") }.map { s -> Int in
                    s.visited = true
                    return b.string(s.text)
                }
                if !titles.isEmpty { e.obj("UIScopeButtonTitles", b.array(titles)) }
            }
            for (attribute, key) in [("prompt", "UIPrompt"), ("text", "UIText"), ("placeholder", "UIPlaceholder")] {
                if let v = node[attribute] { e.obj(key, ctx.localizable(v, owner: node, property: attribute)) }
            }
            if let c = node.child("color", key: "barTintColor") { e.obj("UIBarTintColor", color(c)) }
            searchBarTraits(node, into: &e)
            namedImages(node, [("backgroundImage", "UIBackgroundImage"), ("scopeBarBackgroundImage", "UIScopeBarBackgroundImage")], into: &e)
            if let s = node["searchBarStyle"].flatMap({ Self.searchBarStyles[$0] }), s != 0 { e.int("UISearchBarStyle", s) }
            for (xibKey, key) in [("searchFieldBackgroundPositionAdjustment", "UISearchFieldBackgroundPositionAdjustment"),
                                  ("searchTextPositionAdjustment", "UISearchTextPositionAdjustment")] {
                if let o = offsetString(node, key: xibKey) { e.obj(key, o) }
            }
        }
    }

    /// The search bar's `<textInputTraits>` in its coder's order; unlike a text field's, the two booleans
    /// are always written.
    private func searchBarTraits(_ node: XIBNode, into e: inout Entries) {
        let t = node.child("textInputTraits", key: "textInputTraits")
        if let t { t.visited = true }
        if let v = t?["keyboardType"].flatMap({ Self.keyboardTypes[$0] }), v != 0 { e.int("UIKeyboardType", v) }
        if let v = t?["spellCheckingType"].flatMap({ Self.noYes[$0] }), v != 0 { e.int("UISpellCheckingType", v) }
        if let v = t?["autocorrectionType"].flatMap({ Self.noYes[$0] }), v != 0 { e.int("UIAutocorrectionType", v) }
        if let v = t?["autocapitalizationType"].flatMap({ Self.autocapitalization[$0] }), v != 0 { e.int("UIAutocapitalizationType", v) }
        if let v = t?["keyboardAppearance"], v != "default" { e.int("UIKeyboardAppearance", v == "alert" || v == "dark" ? 1 : 2) }
        if let v = t?["returnKeyType"].flatMap({ Self.returnKeyTypes[$0] }), v != 0 { e.int("UIReturnKeyType", v) }
        e.bool("UIEnablesReturnKeyAutomatically", t?.bool("enablesReturnKeyAutomatically") ?? false)
        e.bool("UISecureTextEntry", t?.bool("secureTextEntry") ?? false)
        if let v = t?["textContentType"] { e.obj("UITextContentType", b.string(v)) }
        if let v = t?["smartInsertDeleteType"].flatMap({ Self.noYes[$0] }), v != 0 { e.int("UITextSmartInsertDeleteType", v) }
        if let v = t?["smartQuotesType"].flatMap({ Self.noYes[$0] }), v != 0 { e.int("UITextSmartQuotesType", v) }
        if let v = t?["smartDashesType"].flatMap({ Self.noYes[$0] }), v != 0 { e.int("UITextSmartDashesType", v) }
    }
}
