/// Escaping text for XML output: the one place the project's writers (XLIFF, strings import into XIBs,
/// XML property lists, rendered SVG and HTML) turn text into character data or an attribute value.
///
/// Only the characters XML gives a meaning to are replaced, so every other byte of the text is written as
/// it is; all of them are ASCII, so the work is done on UTF-8 bytes.
public enum XMLEscaping {
    /// Where escaped text goes in the document.
    public enum Position: Sendable, Hashable {
        /// Between tags: `&`, `<` and `>` become references.
        case characterData
        /// Inside an attribute value delimited by `quote` (`"` or `'`): that quote also becomes a reference,
        /// and so do line feeds and tabs, which attribute-value normalisation would turn into spaces.
        case attributeValue(quote: Quote)
    }

    /// The delimiter of an attribute value.
    public enum Quote: Sendable, Hashable {
        case double, single
    }

    /// What to do with a carriage return.
    public enum CarriageReturn: Sendable, Hashable {
        /// `&#13;`: a reader keeps it (line-end normalisation would otherwise turn it into a line feed).
        case reference
        /// Written as it is, as CoreFoundation's property-list writer does (a reader sees a line feed).
        case literal
    }

    /// `text` escaped for `position`.
    public static func escaped(_ text: String, for position: Position, carriageReturn: CarriageReturn = .reference) -> String {
        // Most text has nothing to escape: return it as it is, without a copy.
        if !text.utf8.contains(where: { needsReference($0, for: position, carriageReturn: carriageReturn) }) { return text }
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count)
        append(text.utf8, for: position, carriageReturn: carriageReturn, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// Appends the UTF-8 `bytes` escaped for `position` to `out`.
    public static func append<Bytes: Sequence<UInt8>>(_ bytes: Bytes, for position: Position,
                                                      carriageReturn: CarriageReturn = .reference, to out: inout [UInt8]) {
        let quote: UInt8?
        switch position {
        case .characterData: quote = nil
        case .attributeValue(.double): quote = UInt8(ascii: "\"")
        case .attributeValue(.single): quote = UInt8(ascii: "'")
        }
        let inAttribute = quote != nil
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "&"): out += ampersand
            case UInt8(ascii: "<"): out += lessThan
            case UInt8(ascii: ">"): out += greaterThan
            case UInt8(ascii: "\"") where byte == quote: out += quotationMark
            case UInt8(ascii: "'") where byte == quote: out += apostrophe
            case 0x0A where inAttribute: out += lineFeed
            case 0x09 where inAttribute: out += tab
            case 0x0D where carriageReturn == .reference: out += carriageReturnReference
            default: out.append(byte)
            }
        }
    }

    /// Whether `append` writes a reference for `byte` at `position`.
    private static func needsReference(_ byte: UInt8, for position: Position, carriageReturn: CarriageReturn) -> Bool {
        switch byte {
        case UInt8(ascii: "&"), UInt8(ascii: "<"), UInt8(ascii: ">"): return true
        case 0x0D: return carriageReturn == .reference
        case UInt8(ascii: "\""): return position == .attributeValue(quote: .double)
        case UInt8(ascii: "'"): return position == .attributeValue(quote: .single)
        case 0x0A, 0x09: return position != .characterData
        default: return false
        }
    }

    private static let ampersand = Array("&amp;".utf8)
    private static let lessThan = Array("&lt;".utf8)
    private static let greaterThan = Array("&gt;".utf8)
    private static let quotationMark = Array("&quot;".utf8)
    private static let apostrophe = Array("&apos;".utf8)
    private static let lineFeed = Array("&#10;".utf8)
    private static let tab = Array("&#9;".utf8)
    private static let carriageReturnReference = Array("&#13;".utf8)
}
