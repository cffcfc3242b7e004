/// The merged document before it is written: elements copied from an input, elements rebuilt from merged
/// parts, and conflicts holding both sides.
indirect enum MergedChild {
    /// An input element kept as it is (written byte for byte when its indentation fits).
    case copy(MergeNode)
    /// An element whose attributes or children were merged.
    case element(MergedElement)
    /// Both sides of an undecided element; nil for a side where it is absent. `conflict` indexes the report.
    case conflict(ours: MergedChild?, theirs: MergedChild?, conflict: Int)
}

/// Raw attribute or text bytes taken from one input.
struct RawBytes {
    let input: MergeInput
    let range: Range<Int>
    var bytes: ArraySlice<UInt8> { input.bytes[range] }
}

/// One attribute of a merged element: a value from one input, or both sides of a conflict.
struct MergedAttribute {
    enum Value {
        case value(RawBytes)
        case conflict(ours: RawBytes?, theirs: RawBytes?, conflict: Int)
    }
    let name: String
    let value: Value
    /// The decoded value, nil for a conflict.
    let decoded: String?
}

/// The content of a merged element.
enum MergedContent {
    case children([MergedChild])
    case text(RawBytes)
    case textConflict(ours: RawBytes, theirs: RawBytes, conflict: Int)
}

/// An element of OURS whose attributes or content changed in the merge.
final class MergedElement {
    /// OURS' element: its name, indentation and tag form are followed.
    let template: MergeNode
    var attributes: [MergedAttribute]
    var content: MergedContent
    /// Whether the attributes are OURS' unchanged (then OURS' start tag is copied).
    var attributesFromTemplate: Bool

    init(template: MergeNode, attributes: [MergedAttribute], content: MergedContent, attributesFromTemplate: Bool) {
        self.template = template
        self.attributes = attributes
        self.content = content
        self.attributesFromTemplate = attributesFromTemplate
    }

    /// An unchanged element opened up so that one of its descendants can be replaced.
    convenience init(expanding node: MergeNode) {
        let attributes = node.attributes.map {
            MergedAttribute(name: $0.name, value: .value(RawBytes(input: node.input, range: $0.raw)), decoded: $0.value)
        }
        let content: MergedContent = node.text != nil && node.children.isEmpty
            ? .text(RawBytes(input: node.input, range: node.element.contentRange))
            : .children(node.children.map { .copy($0) })
        self.init(template: node, attributes: attributes, content: content, attributesFromTemplate: true)
    }

    /// Whether an attribute or the text is in conflict.
    var hasOwnConflict: Bool {
        if case .textConflict = content { return true }
        return attributes.contains { if case .conflict = $0.value { return true } else { return false } }
    }
}
