/// Byte ranges of elements and attribute values in the parsed bytes, for tools that copy unchanged parts of
/// a document verbatim (the merge writes untouched elements byte for byte).
extension XMLTree {
    /// The document's bytes as parsed (including a byte-order mark, if any).
    public var bytes: [UInt8] { storage.bytes }
}

extension XMLTree.Element {
    /// The bytes of the whole element, from the `<` of the start tag to just past the end tag.
    public var sourceRange: Range<Int> {
        let r = record
        return Int(r.start)..<Int(r.end)
    }

    /// The bytes of the start tag (`<name …>` or the whole `<name …/>`).
    public var startTagRange: Range<Int> {
        let r = record
        return Int(r.start)..<Int(r.contentStart)
    }

    /// The bytes between the start tag and the end tag (empty for `<name …/>`).
    public var contentRange: Range<Int> {
        let r = record
        return Int(r.contentStart)..<max(Int(r.contentStart), Int(r.contentEnd))
    }

    /// Whether the element is written as an empty-element tag, `<name …/>`.
    public var isEmptyElementTag: Bool {
        let r = record
        return r.contentStart == r.end
    }
}

extension XMLTree.Attribute {
    /// The raw bytes of the value between its quotes, entity references not decoded.
    public var rawValueRange: Range<Int> {
        let a = storage.attributes[index]
        return Int(a.valueStart)..<Int(a.valueEnd)
    }
}
