import NibArchive
import XIB

extension UIKitCompiler {
    static let clearButtonModes: [String: Int] = ["never": 0, "whileEditing": 1, "unlessEditing": 2, "always": 3]
    static let borderStyles: [String: Int] = ["none": 0, "line": 1, "bezel": 2, "roundedRect": 3]
    static let keyboardTypes: [String: Int] = [
        "default": 0, "alphabet": 1, "numbersAndPunctuation": 2, "URL": 3, "numberPad": 4, "phonePad": 5, "namePhonePad": 6,
        "emailAddress": 7, "decimalPad": 8, "twitter": 9, "webSearch": 10, "asciiCapableNumberPad": 11,
    ]
    static let returnKeyTypes: [String: Int] = [
        "default": 0, "go": 1, "google": 2, "join": 3, "next": 4, "route": 5, "search": 6, "send": 7, "yahoo": 8, "done": 9,
        "emergencyCall": 10, "continue": 11,
    ]
    static let autocapitalization: [String: Int] = ["none": 0, "words": 1, "sentences": 2, "allCharacters": 3]
    static let noYes: [String: Int] = ["default": 0, "no": 1, "yes": 2, "NO": 1, "YES": 2]

    /// `<textInputTraits>` keys shared by text fields and text views.
    func textInputTraits(_ node: XIBNode, into e: inout Entries) {
        guard let t = node.child("textInputTraits", key: "textInputTraits") else { return }
        if let v = t["autocapitalizationType"].flatMap({ Self.autocapitalization[$0] }), v != 2 { e.int("UIAutocapitalizationType", v) }
        if let v = t["autocorrectionType"].flatMap({ Self.noYes[$0] }), v != 0 { e.int("UIAutocorrectionType", v) }
        if let v = t["spellCheckingType"].flatMap({ Self.noYes[$0] }), v != 0 { e.int("UISpellCheckingType", v) }
        if let v = t["keyboardType"].flatMap({ Self.keyboardTypes[$0] }), v != 0 { e.int("UIKeyboardType", v) }
        if let v = t["keyboardAppearance"], v != "default" { e.int("UIKeyboardAppearance", v == "alert" || v == "dark" ? 1 : 2) }
        if let v = t["returnKeyType"].flatMap({ Self.returnKeyTypes[$0] }), v != 0 { e.int("UIReturnKeyType", v) }
        if t.bool("enablesReturnKeyAutomatically") == true { e.bool("UIEnablesReturnKeyAutomatically", true) }
        if t.bool("secureTextEntry") == true { e.bool("UISecureTextEntry", true) }
        if let v = t["smartQuotesType"].flatMap({ Self.noYes[$0] }), v != 0 { e.int("UITextSmartQuotesType", v) }
        if let v = t["smartDashesType"].flatMap({ Self.noYes[$0] }), v != 0 { e.int("UITextSmartDashesType", v) }
        if let v = t["smartInsertDeleteType"].flatMap({ Self.noYes[$0] }), v != 0 { e.int("UITextSmartInsertDeleteType", v) }
        if let v = t["textContentType"] { e.obj("UITextContentType", b.string(v)) }
    }

    /// `<textField>` → `UITextField` (§6.4).
    func encodeTextField(_ node: XIBNode) -> Int {
        encodeViewObject(node, className: "UITextField", style: ViewStyle()) { e, _ in
            controlKeys(node, into: &e, defaultHorizontal: 1)
            if let t = node["text"] ?? node.child("string", key: "text")?.text { e.obj("UIText", ctx.localizable(t, owner: node, property: "text")) }
            if let fd = node.child("fontDescription", key: "fontDescription") { e.obj("UIFont", font(fd)) } else { e.obj("UIFont", systemFont(size: 14)) }
            if let p = node["placeholder"] ?? node.child("string", key: "placeholder")?.text { e.obj("UIPlaceholder", ctx.localizable(p, owner: node, property: "placeholder")) }
            if let bs = node["borderStyle"].flatMap({ Self.borderStyles[$0] }), bs != 0 { e.int("UIBorderStyle", bs) }
            // No corpus sample: key names from Apple's nibs as xibdump decodes them.
            namedImages(node, [("background", "UITextFieldBackground"), ("disabledBackground", "UITextFieldDisabledBackground")], into: &e)
            e.int("UITextAlignment", node["textAlignment"].flatMap { Self.textAlignments[$0] } ?? 0)
            if let c = node.child("color", key: "textColor") { e.obj("UITextColor", color(c)) } else { e.obj("UITextColor", labelColor()) }
            _ = node.child("nil", key: "textColor")
            e.bool("UIAdjustsFontSizeToFit", node.bool("adjustsFontSizeToFit") ?? true)
            e.float("UIMinimumFontSize", node.double("minimumFontSize") ?? 0)
            if let m = node["clearButtonMode"].flatMap({ Self.clearButtonModes[$0] }), m != 0 { e.int("UIClearButtonMode", m) }
            e.add("UIClearButtonOffset", packedDoubles([3, 1]))
            if node.bool("clearsOnBeginEditing") == true { e.bool("UIClearsOnBeginEditing", true) }
            if node.bool("allowsEditingTextAttributes") == true { e.bool("UIAllowsEditingTextAttributes", true) }  // UITextField's coder
            textInputTraits(node, into: &e)
            if node.bool("adjustsFontForContentSizeCategory") == true { e.bool("UIAdjustsFontForContentSizeCategory", true) }
            e.bool("UIDisableTextColorUpdateOnTraitCollectionChange", true)
        }
    }

    /// `<textView>` → `UITextView` (§6.5).
    func encodeTextView(_ node: XIBNode) -> Int {
        encodeScrollView(node, className: "UITextView") { e, _ in
            // A white background is the class's default, systemBackgroundColor (UIKIT-MAPPING §8.4; Feedback Rvx).
            if let at = e.list.firstIndex(where: { $0.key == "UIBackgroundColor" }), let ci = e.list[at].value.objectIndex,
               isWhiteOrSystemBackground(ci) {
                e.list[at].value = .object(systemColor("systemBackgroundColor", white: 1, alpha: 1))
            }
            var text = node["text"]
            if let s = node.child("string", key: "text") ?? node.child("mutableString", key: "text") { text = s.text; s.markUsed("key") }
            var fontIndex: Int?
            var ownFont: Int?
            let attributed = node.child("attributedString", key: "attributedText")
            if let fd = node.child("fontDescription", key: "fontDescription") {
                // A plain text's font is one of its (uniqued) attributes: equal descriptions share the object
                // (Settings nB1-eu-sN0: the second text view's font is the first one's attribute font).
                let key = ["name", "family", "pointSize", "style", "type", "weight"].map { fd.peek($0) ?? "" }.joined(separator: "|")
                if attributed == nil, let shared = textAttributeFonts[key] {
                    fd.visited = true
                    fd.markAllAttributesUsed()
                    fontIndex = shared
                } else {
                    fontIndex = font(fd)
                    if attributed == nil {
                        textAttributeFonts[key] = fontIndex
                        // In the iOS 14+ encoding the view that first uses a named (app) font keeps an equal
                        // font of its own; the pre-iOS 14 `runtime.nib` shares it (STORYBOARD.md §1.3 (b): one
                        // pair, Settings nB1-eu-sN0; a text-style font is shared in both, TC3-Kg-XJt).
                        if !ctx.options.encodesPreIOS14Runtime, fd.has("name") { ownFont = font(fd) }
                    }
                }
            }
            var colorIndex: Int?
            if let c = node.child("color", key: "textColor") { colorIndex = color(c) }
            var runAlignment: Int?
            if let at = attributed {
                node.markUsed("usesAttributedText")
                let a = attributedString(at, mutable: false)
                e.obj("UIText", b.string(a.text))
                e.obj("UIAttributedText", a.index)
                fontIndex = fontIndex ?? a.firstFont
                // The text view takes its color and alignment from the first run, natural (4) without a
                // paragraph style (Settings: 4 attributed text views).
                colorIndex = colorIndex ?? a.firstColor
                runAlignment = a.firstAlignment ?? 4
            } else if let text {
                e.obj("UIText", ctx.localizable(text, owner: node, property: "text"))
                var pairs: [(Int, Int)] = []
                pairs.append((b.string("NSColor"), colorIndex ?? labelColor()))
                // The text view's paragraph style, with an explicit alignment in AppKit numbering (Settings:
                // 3 plain text views of one document, 2 centred, 1 without alignment and without the key).
                let appKitAlignments = ["left": 0, "right": 1, "center": 2, "justified": 3, "natural": 4]
                var p = Entries()
                if let a = node.peek("textAlignment").flatMap({ appKitAlignments[$0] }), a != 0 { p.int("NSAlignment", a) }
                p.null("NSTabStops")
                pairs.append((b.string("NSParagraphStyle"), b.intern(.init(className: "NSMutableParagraphStyle", entries: p.list))))
                pairs.append((b.string("NSFont"), fontIndex ?? systemFont(size: 12)))
                let attrs = uniquedAttributes(pairs)
                e.obj("UIAttributedText", b.graph.add(.init(className: "NSAttributedString", entries: [
                    NibEntry(key: "NSString", value: .object(b.string(text))), NibEntry(key: "NSAttributes", value: .object(attrs)),
                ])))
            }
            if node.bool("allowsEditingTextAttributes") == true { e.bool("UIAllowsEditingTextAttributes", true) }
            e.obj("UIFont", ownFont ?? fontIndex ?? systemFont(size: 12))
            if let colorIndex { e.obj("UITextColor", colorIndex) }
            e.int("UITextAlignment", runAlignment ?? node["textAlignment"].flatMap { Self.textAlignments[$0] } ?? 0)
            if node.bool("editable") == false { e.bool("UIEditable", false) }
            if node.bool("selectable") == false { e.bool("UISelectable", false) }
            if let dd = node.child("dataDetectorType", key: "dataDetectorTypes") {
                var v = 0
                if dd.bool("phoneNumber") == true { v |= 1 }
                if dd.bool("link") == true { v |= 2 }
                if dd.bool("address") == true { v |= 4 }
                if dd.bool("calendarEvent") == true { v |= 8 }
                if v != 0 { e.int("UIDataDetectorTypes", v) }
            }
            textInputTraits(node, into: &e)
            if node.bool("adjustsFontForContentSizeCategory") == true { e.bool("UIAdjustsFontForContentSizeCategory", true) }
        }
    }
}
