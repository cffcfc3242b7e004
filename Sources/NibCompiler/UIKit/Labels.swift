import NibArchive
import XIB

extension UIKitCompiler {
    static let textAlignments: [String: Int] = ["left": 0, "center": 1, "right": 2, "justified": 3, "natural": 4]
    static let lineBreakModes: [String: Int] = [
        "wordWrap": 0, "characterWrap": 1, "clip": 2, "headTruncation": 3, "tailTruncation": 4, "middleTruncation": 5,
    ]
    static let baselineAdjustments: [String: Int] = ["alignBaselines": 0, "alignCenters": 1, "none": 2]

    /// `<label>` → `UILabel` (§6.1).
    func encodeLabel(_ node: XIBNode) -> Int {
        var style = ViewStyle()
        style.defaultContentMode = 7
        return encodeViewObject(node, className: "UILabel", style: style) { e, _ in
            let attributed = node.child("attributedString", key: "attributedText")
            var fontIndex: Int?
            var fontSize = 17.0
            if let fd = node.child("fontDescription", key: "fontDescription") {
                fontSize = fd.peekDouble("pointSize") ?? fontSize
                fontIndex = font(fd)
            }
            var textColor: Int?
            var nilTextColor = false
            if let c = node.child("color", key: "textColor") { textColor = color(c) }
            if node.child("nil", key: "textColor") != nil { nilTextColor = true }
            _ = node.child("nil", key: "highlightedColor")
            let highlighted = node.child("color", key: "highlightedColor").map { color($0) }
            var attributedIndex: Int?
            var runAlignment: Int?
            if let attributed {
                node.markUsed("usesAttributedText")
                let a = attributedString(attributed, mutable: true, lineBreakOverride: Self.lineBreakModes[node.peek("lineBreakMode") ?? "tailTruncation"])
                attributedIndex = a.index
                e.obj("UIText", b.string(a.text))
                if let f = a.firstFont { fontIndex = f; fontSize = a.firstFontSize ?? fontSize }
                if let c = a.firstColor { textColor = c }
                // Without a paragraph style the attributed text's alignment is UIKit's default, natural (4).
                runAlignment = a.firstAlignment ?? 4
                node.markUsed("textAlignment")
            } else if let t = node["text"] ?? (node.child("string", key: "text") ?? node.child("mutableString", key: "text"))?.text {
                e.obj("UIText", ctx.localizable(t, owner: node, property: "text"))
            }
            e.obj("UIFont", fontIndex ?? systemFont(size: 17))
            e.obj("UITextColor", textColor ?? labelColor())
            // A shadow colour and offset of UILabel's coder (no corpus sample); the offset is (0, -1) otherwise.
            if let c = node.child("color", key: "shadowColor") { e.obj("UIShadowColor", color(c)) }
            let so = node.child("size", key: "shadowOffset")
            e.add("UIShadowOffset", packedDoubles([so?.double("width") ?? 0, so?.double("height") ?? -1]))
            if let n = node["numberOfLines"].flatMap({ Int($0) }), n != 1 { e.int("UINumberOfLines", n) }
            let baseline = node["baselineAdjustment"].map { Self.baselineAdjustments[$0] ?? 0 } ?? 1
            if baseline != 0 { e.int("UIBaselineAdjustment", baseline) }
            if node.bool("adjustsFontSizeToFit") != false {
                e.bool("UIAdjustsFontSizeToFit", true)
                let msf = node.peekDouble("minimumScaleFactor")
                let mfs = node.peekDouble("minimumFontSize")
                e.float("UIMinimumFontSize", mfs ?? (fontSize * (msf ?? 0)))
                node.markUsed("minimumScaleFactor", "minimumFontSize")
                if let lb = node["lineBreakMode"].flatMap({ Self.lineBreakModes[$0] }), lb != 4 { e.int("UILineBreakMode", lb) }
                e.int("UITextAlignment", runAlignment ?? node["textAlignment"].flatMap { Self.textAlignments[$0] } ?? 0)
                if let attributedIndex { e.obj("UIAttributedText", attributedIndex) }
                if let p = node.double("preferredMaxLayoutWidth") { e.float("UIPreferredMaxLayoutWidth", p) }
                e.float("UIMinimumScaleFactor", msf ?? ((mfs ?? 0) / fontSize))
            } else {
                if let mfs = node.double("minimumFontSize") { e.float("UIMinimumFontSize", mfs) }
                if let lb = node["lineBreakMode"].flatMap({ Self.lineBreakModes[$0] }), lb != 4 { e.int("UILineBreakMode", lb) }
                e.int("UITextAlignment", runAlignment ?? node["textAlignment"].flatMap { Self.textAlignments[$0] } ?? 0)
                if let attributedIndex { e.obj("UIAttributedText", attributedIndex) }
                if let p = node.double("preferredMaxLayoutWidth") { e.float("UIPreferredMaxLayoutWidth", p) }
                if let msf = node.double("minimumScaleFactor") { e.float("UIMinimumScaleFactor", msf) }
            }
            if node.bool("adjustsLetterSpacingToFitWidth") == true { e.bool("UIAdjustsLetterSpacingToFit", true) }
            if let highlighted { e.obj("UIHighlightedColor", highlighted) }
            // No compiled evidence: key named after UIKit's property, as for the other label keys.
            if node.bool("adjustsFontForContentSizeCategory") == true { e.bool("UIAdjustsFontForContentSizeCategory", true) }
            e.bool("UIDisableUpdateTextColorOnTraitCollectionChange", !(attributed != nil || nilTextColor))
            // iOS 17's letterform-aware sizing rule (UILetterformAwareAdjusting), archived at its default by the iOS 17
            // SDK's coder (Xcode 15.0: every label of UIKitCatalog, `Corpus/pairs`) and not by the iOS 18 and 26 SDKs'
            // (the Xcode 16 and 26 CleverTap labels).
            if ctx.options.xcodeVersion.hasIOS17SDK { e.int("UILetterformAwareSizingRule", 0) }
            // UILabel's coder writes UIEnabled NO for a disabled label (no corpus sample).
            if node.bool("enabled") == false { e.bool("UIEnabled", false) }
            node.markUsed("highlighted")
        }
    }

    /// The system `labelColor` used when a label has no text colour: gray 0 as Xcode 13.2.1 (DuckDuckGo) and Xcode 16
    /// (CleverTap) archive it; the iOS 17 SDK of Xcode 15 resolves it to RGB black (UIKitCatalog, `Corpus/pairs`: four
    /// labels; one Xcode 15 build, a beta).
    func labelColor() -> Int {
        guard ctx.options.xcodeVersion.hasIOS17SDK else { return systemColor("labelColor", white: 0, alpha: 1) }
        var e = Entries()
        e.obj("UISystemColorName", b.string("labelColor"))
        rgbKeys(&e, (0, 0, 0), alpha: 1, exactDouble: true)
        return b.intern(.init(className: "UIColor", entries: e.list))
    }

    struct AttributedResult {
        var index: Int
        var text: String
        var firstFont: Int?
        var firstFontSize: Double?
        var firstColor: Int?
        var firstAlignment: Int?
    }

    /// `<attributedString>` → `NSMutableAttributedString` / `NSAttributedString` (§10).
    func attributedString(_ node: XIBNode, mutable: Bool, lineBreakOverride: Int? = nil) -> AttributedResult {
        var text = ""
        var runs: [(length: Int, dict: Int)] = []
        var result = AttributedResult(index: 0, text: "")
        for f in node.children where f.isNamed("fragment") {
            f.visited = true
            var content = f["content"] ?? ""
            if let s = f.child("string", key: "content") { content = s.text; s.markUsed("key") }
            text += content
            var pairs: [(Int, Int)] = []
            if let attrs = f.child("attributes") {
                for a in attrs.children {
                    a.visited = true
                    switch a.name {
                    case "color":
                        let c = color(a)
                        if result.firstColor == nil { result.firstColor = c }
                        pairs.append((b.string("NSColor"), c))
                    case "font":
                        _ = a["key"]
                        let size = a.double("size") ?? 12
                        let fi = systemFont(size: size)
                        a.markUsed("name", "family", "metaFont")
                        if result.firstFont == nil { result.firstFont = fi; result.firstFontSize = size }
                        pairs.append((b.string("NSFont"), fi))
                    case "paragraphStyle":
                        _ = a["key"]
                        let (pi, align) = paragraphStyle(a, lineBreakOverride: lineBreakOverride)
                        if result.firstAlignment == nil { result.firstAlignment = align }
                        pairs.append((b.string("NSParagraphStyle"), pi))
                    case "integer", "real":
                        let k = a["key"] ?? ""
                        pairs.append((b.string(k), a.isNamed("integer") ? b.number(ctx.integer(a, "value") ?? 0) : b.number(a.double("value") ?? 0)))
                    default:
                        a.visited = false
                    }
                }
            }
            runs.append((content.utf16.count, uniquedAttributes(pairs)))
        }
        result.text = text
        var e = Entries()
        e.obj("NSString", mutable ? b.graph.add(.init(className: "NSMutableString", entries: [NibEntry(key: FoundationKeys.bytes, value: .data(Array(text.utf8)))])) : b.string(text))
        if runs.count == 1 {
            e.obj("NSAttributes", runs[0].dict)
        } else if runs.count > 1 {
            e.obj("NSAttributes", b.mutableArray(runs.map(\.dict)))
            var info: [UInt8] = []
            for (i, r) in runs.enumerated() { appendVarint(&info, r.length); appendVarint(&info, i) }
            e.obj("NSAttributeInfo", b.graph.add(.init(className: "NSMutableData", entries: [NibEntry(key: FoundationKeys.bytes, value: .data(info))])))
        }
        result.index = b.graph.add(.init(className: mutable ? "NSMutableAttributedString" : "NSAttributedString", entries: e.list))
        return result
    }

    /// A run's attribute dictionary, shared with every value-equal one of the nib: Foundation uniques
    /// attribute dictionaries in memory, so ibtool archives one object (PrivacyProtection u7k and 7Z1: two
    /// "88%" labels share theirs; Settings fAo: three labels' runs; nB1: two text views' plain text; the
    /// dictionaries of differing runs stay apart).
    func uniquedAttributes(_ pairs: [(Int, Int)]) -> Int {
        var key: [UInt8] = []
        for (k, v) in pairs {
            appendFingerprint(k, to: &key)
            appendFingerprint(v, to: &key)
        }
        if let i = attributeDictionaries[AttributeFingerprint(bytes: key)] { return i }
        let i = b.dictionary("NSDictionary", pairs)
        attributeDictionaries[AttributeFingerprint(bytes: key)] = i
        return i
    }

    /// Appends an exact byte encoding of object `index` and of the objects it references (values are trees
    /// here: fonts, colours, paragraph styles): class name, then each entry's key and value, lengths first so
    /// that no two different trees share an encoding.
    private func appendFingerprint(_ index: Int, to out: inout [UInt8], depth: Int = 0) {
        func bytes(_ text: String) {
            appendVarint(&out, text.utf8.count)
            out.append(contentsOf: text.utf8)
        }
        func word(_ tag: UInt8, _ bits: UInt64) {
            out.append(tag)
            withUnsafeBytes(of: bits.littleEndian) { out.append(contentsOf: $0) }
        }
        let o = b.graph.objects[index]
        bytes(o.className)
        appendVarint(&out, o.entries.count)
        for e in o.entries {
            bytes(e.key)
            switch e.value {
            case .int(let v): word(1, UInt64(bitPattern: v))
            case .fixedWidthInteger(let v, let type): word(2, UInt64(bitPattern: v)); out.append(type.rawValue)
            case .bool(let v): word(3, v ? 1 : 0)
            case .float(let v): word(4, UInt64(v.bitPattern))
            case .double(let v): word(5, v.bitPattern)
            case .data(let d): out.append(6); appendVarint(&out, d.count); out.append(contentsOf: d)
            case .null: out.append(7)
            case .object(let i), .conditionalObject(let i):
                if depth < 8 {
                    out.append(8)
                    appendFingerprint(i, to: &out, depth: depth + 1)
                } else {
                    word(9, UInt64(i))
                }
            }
        }
    }

    private func appendVarint(_ out: inout [UInt8], _ v: Int) {
        var v = v
        repeat {
            var byte = UInt8(v & 0x7F)
            v >>= 7
            if v != 0 { byte |= 0x80 }
            out.append(byte)
        } while v != 0
    }

    /// `NSParagraphStyle` (`ParagraphStyleArchive`); returns it and the iOS alignment of the run.
    func paragraphStyle(_ p: XIBNode, lineBreakOverride: Int?) -> (Int, Int) {
        let iosAlign: [String: Int] = ["left": 0, "center": 1, "right": 2, "justified": 3, "natural": 4]
        let written = ParagraphStyleArchive.lineBreakMode(p)
        let lb = lineBreakOverride ?? written
        let e = ParagraphStyleArchive.entries(p, lineBreakMode: lb)
        let cls = lb != written ? "NSMutableParagraphStyle" : "NSParagraphStyle"
        return (b.graph.add(.init(className: cls, entries: e.list)), iosAlign[p["alignment"] ?? "natural"] ?? 4)
    }
}

/// The key of `UIKitCompiler.attributeDictionaries`: a run's fingerprint bytes, hashed in one call (as
/// `[UInt8]` a dictionary key is hashed byte by byte: some 1,000 `Hasher` calls per lookup, 1.5 % of a
/// storyboard's compile where attributed labels are common).
struct AttributeFingerprint: Hashable {
    let bytes: [UInt8]

    func hash(into hasher: inout Hasher) {
        bytes.withUnsafeBytes { hasher.combine(bytes: $0) }
    }
}
