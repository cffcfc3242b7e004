import NibArchive
import XIB

/// A menu item's `<attributedString key="attributedTitle">`, archived as NSMenuItem's `NSAttributedTitle`.
///
/// What the rule rests on: Apple documents `NSMenuItem.attributedTitle` as "not archived in the old nib format",
/// so the keyed form archives it; two independent reimplementations that read Apple's keyed nibs read it back as
/// `NSAttributedTitle`, an NSAttributedString, beside `NSTitle` (the plain title stays archived). No Apple-compiled
/// pair in the corpus holds a menu item with an attributed title, so the key's place (after `NSTitle`) and the
/// attribute dictionary's key order (NSColor, NSFont: the order of the text-view samples) are unverified.
/// An NSAttributedString archives `NSString` and, when it has attributes, `NSAttributes`: one dictionary for a
/// single run, else an array of dictionaries with `NSAttributeInfo`, the (UTF-16 length, dictionary index)
/// varint pairs of each run (Foundation's coder, as the text storage samples show). The empty form
/// `<attributedString key="attributedTitle"/>` is an empty NSAttributedString: `NSString` "" and no attributes,
/// the form of the empty attributed strings in the Apple-compiled formatter pairs.
/// A fragment's `NSParagraphStyle` is archived by the coder UIKit's attributed strings use
/// (`ParagraphStyleArchive`; NSParagraphStyle is one class in both frameworks), after `NSFont` (key order
/// unverified: no AppKit pair has one). Other fragment attributes are left unread, so they still warn.
extension AppKitCompiler {
    /// The attributed title child of a menu item, encoded; nil when the item has none.
    func menuItemAttributedTitle(_ item: XIBNode) -> Int? {
        guard let node = item.children.first(where: { $0.isNamed("attributedString") && $0.peek("key", is: "attributedTitle") })
        else { return nil }
        return encodeAttributedString(node)
    }

    /// `<attributedString>`: its fragments' text with their font and colour attributes, as an NSAttributedString.
    func encodeAttributedString(_ node: XIBNode) -> Int {
        node.visited = true
        node.markUsed("key")
        var text = ""
        var dictionaryKeys: [String] = []
        var dictionaries: [Int] = []
        var runs: [(length: Int, dictionary: Int)] = []
        for fragment in node.children where fragment.isNamed("fragment") {
            fragment.visited = true
            let content = fragmentText(fragment)
            guard !content.isEmpty else { continue }
            text += content
            var pairs: [(Int, Int)] = []
            var signature = ""
            if let attributes = fragment.children.first(where: { $0.isNamed("attributes") }) {
                attributes.visited = true
                if let color = attributes.children.first(where: { $0.isNamed("color") && $0.peek("key", is: "NSColor") }) {
                    let c = encodeColor(color)
                    pairs.append((str("NSColor"), c))
                    signature += "c\(c)"
                }
                if let fontNode = attributes.children.first(where: { $0.isNamed("font") && $0.peek("key", is: "NSFont") }),
                   let f = encodeFont(fontNode) {
                    pairs.append((str("NSFont"), f))
                    signature += "f\(f)"
                }
                if let style = attributes.children.first(where: { $0.isNamed("paragraphStyle") && $0.peek("key", is: "NSParagraphStyle") }) {
                    let p = encodeParagraphStyle(style)
                    pairs.append((str("NSParagraphStyle"), p))
                    signature += "p\(p)"
                }
            }
            guard !pairs.isEmpty else { continue }
            var index = dictionaryKeys.firstIndex(of: signature) ?? -1
            if index < 0 {
                index = dictionaries.count
                dictionaryKeys.append(signature)
                dictionaries.append(b.dictionary("NSDictionary", pairs))
            }
            let length = content.utf16.count
            if let last = runs.last, last.dictionary == index {
                runs[runs.count - 1].length += length
            } else {
                runs.append((length, index))
            }
        }
        var e = Entries()
        e.obj("NSString", str(text))
        // Attributes cover the whole string or none of it: a fragment without attributes in a string that has some
        // would need an empty dictionary run, which no sample shows; such a string keeps only its text.
        let covered = runs.reduce(0) { $0 + $1.length } == text.utf16.count
        if covered, dictionaries.count == 1 {
            e.obj("NSAttributes", dictionaries[0])
        } else if covered, dictionaries.count > 1 {
            e.obj("NSAttributes", b.mutableArray(dictionaries))
            var info: [UInt8] = []
            for run in runs {
                appendVarint(run.length, to: &info)
                appendVarint(run.dictionary, to: &info)
            }
            e.obj("NSAttributeInfo", b.graph.add(NibObject(className: "NSMutableData",
                                                            entries: [NibEntry(key: FoundationKeys.bytes, value: .data(info))])))
        }
        return b.graph.add(NibObject(className: "NSAttributedString", entries: e.list))
    }

    /// `<paragraphStyle key="NSParagraphStyle">`: an NSParagraphStyle with the element's own line break mode.
    func encodeParagraphStyle(_ node: XIBNode) -> Int {
        node.visited = true
        node.markUsed("key")
        let e = ParagraphStyleArchive.entries(node, lineBreakMode: ParagraphStyleArchive.lineBreakMode(node))
        return b.graph.add(NibObject(className: "NSParagraphStyle", entries: e.list))
    }

    /// A fragment's text: its `content` attribute, or its `<string>` child (plain or base64-UTF8).
    private func fragmentText(_ fragment: XIBNode) -> String {
        if let content = fragment["content"] { return content }
        guard let s = fragment.children.first(where: { $0.isNamed("string") }) else { return "" }
        s.visited = true
        return s["base64-UTF8"] == "YES" ? decodeBase64String(s.text) : s.text
    }

    /// Foundation's attribute-run varint: seven bits a byte, low bits first, the high bit set on all but the last.
    private func appendVarint(_ value: Int, to bytes: inout [UInt8]) {
        var v = UInt(clamping: value)
        while v >= 0x80 {
            bytes.append(UInt8(v & 0x7F) | 0x80)
            v >>= 7
        }
        bytes.append(UInt8(v))
    }
}
