import NibArchive
import XIB

/// The keys of an `NSParagraphStyle` archived from a XIB `<paragraphStyle>`: one coder serves UIKit and AppKit
/// (the class is shared by both frameworks). The keys, their order and the defaults left out rest on the UIKit
/// pairs (UIKIT-MAPPING.md §10, 47 runs): `NSAlignment` in AppKit numbering (left 0 is left out),
/// `NSLineBreakMode` (wordWrapping 0 is left out), the metrics as doubles when non-zero, `NSTabStops` nil.
/// No AppKit pair holds a paragraph style.
enum ParagraphStyleArchive {
    /// `alignment`: NSTextAlignment in AppKit numbering.
    static let alignments: [String: Int] = ["left": 0, "right": 1, "center": 2, "justified": 3, "natural": 4]
    /// `lineBreakMode`: NSLineBreakMode.
    static let lineBreakModes: [String: Int] = [
        "wordWrapping": 0, "charWrapping": 1, "clipping": 2, "truncatingHead": 3, "truncatingTail": 4, "truncatingMiddle": 5,
    ]

    /// The metrics `-[NSParagraphStyle encodeWithCoder:]` writes as doubles when non-zero, in its order (UIKit's
    /// coder). The corpus pairs show lineSpacing, minimumLineHeight and lineHeightMultiple; the others (among
    /// them `defaultTabInterval`, 29 paragraph styles in corpus/wild) follow the coder without a compiled sample.
    static let metrics: [(attribute: String, key: String)] = [
        ("lineSpacing", "NSLineSpacing"), ("paragraphSpacing", "NSParagraphSpacing"), ("headIndent", "NSHeadIndent"),
        ("firstLineHeadIndent", "NSFirstLineHeadIndent"), ("tailIndent", "NSTailIndent"),
        ("minimumLineHeight", "NSMinLineHeight"), ("maximumLineHeight", "NSMaxLineHeight"),
        ("lineHeightMultiple", "NSLineHeightMultiple"), ("paragraphSpacingBefore", "NSParagraphSpacingBefore"),
        ("defaultTabInterval", "NSDefaultTabInterval"), ("hyphenationFactor", "NSHyphenationFactor"),
    ]

    /// The line break mode the element names (wordWrapping when it names none or an unknown one).
    static func lineBreakMode(_ p: XIBNode) -> Int {
        p["lineBreakMode"].flatMap { lineBreakModes[$0] } ?? 0
    }

    /// The style's entries with `lineBreakMode` as its line break mode (a label may override the element's).
    /// The writing direction and the tightening settings are read but not archived: the pairs have only their
    /// defaults (natural, 0, NO) and write no key for them.
    static func entries(_ p: XIBNode, lineBreakMode: Int) -> Entries {
        var e = Entries()
        if let v = alignments[p["alignment"] ?? "natural"], v != 0 { e.int("NSAlignment", v) }
        if lineBreakMode != 0 { e.int("NSLineBreakMode", lineBreakMode) }
        for (attribute, key) in metrics {
            if let v = p.double(attribute), v != 0 { e.double(key, v) }
        }
        e.null("NSTabStops")
        p.markUsed("baseWritingDirection", "tighteningFactorForTruncation", "allowsDefaultTighteningForTruncation")
        return e
    }
}
