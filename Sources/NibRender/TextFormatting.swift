import XMLEscaping

/// Number and text formatting shared by the writers, fixed so the same input gives the same bytes.
enum TextFormatting {
    /// A number rounded to 2 decimals, printed without a trailing `.0` (`20`, `20.5`, `0.33`), `-0` as `0`.
    static func number(_ v: Double) -> String {
        guard v.isFinite else { return "0" }
        let r = (v * 100).rounded() / 100
        if r == 0 { return "0" }
        if r == r.rounded(), abs(r) < 1e15 { return String(Int64(r)) }
        return String(r)
    }

    /// `x y width height`.
    static func rect(_ r: RenderRect) -> String {
        "\(number(r.x)) \(number(r.y)) \(number(r.width)) \(number(r.height))"
    }

    /// Text for XML content and double-quoted attribute values alike: characters XML 1.0 does not allow
    /// are left out, and the rest is escaped as an attribute value (which is valid character data too).
    static func xml(_ text: String) -> String {
        func allowed(_ scalar: Unicode.Scalar) -> Bool {
            if scalar.value < 0x20 { return scalar == "\n" || scalar == "\t" }
            return scalar.value != 0xFFFE && scalar.value != 0xFFFF
        }
        guard !text.unicodeScalars.allSatisfy(allowed) else {
            return XMLEscaping.escaped(text, for: .attributeValue(quote: .double))
        }
        var kept = String.UnicodeScalarView()
        kept.append(contentsOf: text.unicodeScalars.filter(allowed))
        return XMLEscaping.escaped(String(kept), for: .attributeValue(quote: .double))
    }

    /// The width `text` takes in a generic sans-serif font at `size` points, estimated as 0.6 em per ASCII character
    /// and 1 em per other character (symbols such as ⌘ and ⌫, CJK) as no font metrics are available: what menus and
    /// toolbars, which store no frames, are laid out by.
    static func estimatedWidth(_ text: String, size: Double) -> Double {
        var ems = 0.0
        for character in text { ems += character.isASCII ? 0.6 : 1 }
        return ems * size
    }

    /// The text cut to `limit` characters with an ellipsis.
    static func short(_ text: String, _ limit: Int = 60) -> String {
        text.count > limit ? String(text.prefix(limit)) + "…" : text
    }
}
