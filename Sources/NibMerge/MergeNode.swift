import XIB

/// One input of a merge (base, ours or theirs): its bytes, file name and element tree.
final class MergeInput {
    /// Which input this is, for messages.
    let side: MergeSide
    let document: XMLTree
    let bytes: [UInt8]
    /// The root `<document>` node.
    private(set) var root: MergeNode! = nil
    /// id (and storyboard `sceneID`) -> node, over the whole document.
    private(set) var nodesByGlobalKey: [String: MergeNode] = [:]

    /// The interned names of `ElementIdentity.referenceAttributes` this document uses.
    let referenceNames: Set<XMLName>
    /// Per interned name id: whether it is one of `referenceNames` (an array lookup while scanning elements).
    private let isReferenceName: [Bool]
    /// Whether the document is XIB 2 (an `<archive>`), whose records and class name set have their own identity
    /// (see `ElementIdentity.archiveLocalKey`).
    let isArchive: Bool
    /// The interned name of `id`, if the document uses it.
    let idName: XMLName?
    /// Document indices of the elements whose child nodes are built only when asked for (see `SubtreeTriage`).
    let deferred: Set<Int>

    /// `deferred`: top-level elements whose bytes two of the three inputs share (see `SubtreeTriage`); their
    /// element model is built only if the merge looks inside them.
    init(side: MergeSide, document: XMLTree, deferred: Set<Int> = []) {
        self.side = side
        self.document = document
        self.bytes = document.bytes
        self.deferred = deferred
        referenceNames = Set(ElementIdentity.referenceAttributes.compactMap { document.name($0) })
        var flags = [Bool](repeating: false, count: Int(referenceNames.map(\.id).max() ?? -1) + 1)
        for name in referenceNames { flags[Int(name.id)] = true }
        isReferenceName = flags
        idName = document.name("id")
        isArchive = document.root.isNamed("archive")
        root = MergeNode(element: document.root, input: self, parent: nil)
    }

    /// Whether `name` is a reference attribute (its value is another element's id).
    @inline(__always)
    func isReference(_ name: XMLName) -> Bool {
        let i = Int(name.id)
        return i >= 0 && i < isReferenceName.count && isReferenceName[i]
    }

    /// Whether `predicate` holds for the `id` or a reference of `element` or of an element under it (`isID` tells
    /// which), read from the tokenizer's records: no element model is needed. Stops at the first match.
    func containsIDOrReference(in element: XMLTree.Element,
                               where predicate: (_ value: String, _ isID: Bool) -> Bool) -> Bool {
        func matches(_ e: XMLTree.Element) -> Bool {
            for attribute in e.attributes {
                let name = attribute.xmlName
                if name == idName {
                    if predicate(attribute.value, true) { return true }
                } else if isReference(name), predicate(attribute.value, false) {
                    return true
                }
            }
            return false
        }
        return matches(element) || element.descendants.contains(where: matches)
    }

    fileprivate func register(_ node: MergeNode) {
        if let key = node.globalKey { nodesByGlobalKey[key] = node }
    }

    /// The bytes `range` of this input.
    @inline(__always)
    func slice(_ range: Range<Int>) -> ArraySlice<UInt8> { bytes[range] }
}

/// Which input of a three-way merge.
public enum MergeSide: String, Sendable, Codable {
    case base, ours, theirs
}

/// One attribute of a merge node: its name, decoded value (compared; decoded when asked for) and raw bytes
/// (written).
struct NodeAttribute {
    let attribute: XMLTree.Attribute
    var name: String { attribute.name }
    var value: String { attribute.value }
    var raw: Range<Int> { attribute.rawValueRange }
}

/// An element of one input, with what the merge compares (name, attributes, text, children) and where its
/// bytes are (copied verbatim when the element is unchanged).
final class MergeNode {
    unowned let input: MergeInput
    let element: XMLTree.Element
    let name: String
    let attributes: [NodeAttribute]
    /// The child elements' nodes, built on first use for a deferred element.
    var children: [MergeNode] {
        if !isBuilt { buildChildren() }
        return builtChildren
    }
    private var builtChildren: [MergeNode] = []
    /// Whether `builtChildren` and `trailingGap` are set.
    private var isBuilt = false
    /// The decoded character data of an element without child elements; nil when it has children.
    var text: String? { element.hasChildren ? nil : element.text }
    /// The identity among its siblings (see `ElementIdentity`).
    private(set) var key: String = ""
    /// The document-wide identity (`#id`, `$sceneID`), or nil.
    let globalKey: String?
    /// The `id` attribute, decoded once.
    let id: String?
    weak var parent: MergeNode?
    /// The white space before the start tag on its line (Xcode's indentation), or nil when the start tag does
    /// not begin its line.
    var indent: ArraySlice<UInt8>? { Self.indentation(before: element.sourceRange.lowerBound, in: input.bytes) }
    /// The bytes between the previous sibling (or the parent's start tag) and this element: the line break,
    /// any comment (storyboards name each scene in one) and the indentation.
    private(set) var gap: Range<Int> = 0..<0
    /// The bytes between the last child and the end tag.
    var trailingGap: Range<Int> {
        if !isBuilt { buildChildren() }
        return builtTrailingGap
    }
    private var builtTrailingGap: Range<Int> = 0..<0

    init(element: XMLTree.Element, input: MergeInput, parent: MergeNode?) {
        self.input = input
        self.element = element
        self.parent = parent
        name = element.name
        var attributes: [NodeAttribute] = []
        attributes.reserveCapacity(element.attributes.count)
        for attribute in element.attributes { attributes.append(NodeAttribute(attribute: attribute)) }
        self.attributes = attributes
        id = attributes.first { $0.name == "id" }?.value
        globalKey = ElementIdentity.globalKey(name: name, id: id, attributes: attributes)
        input.register(self)
        if input.deferred.isEmpty || !input.deferred.contains(element.documentIndex) { buildChildren() }
    }

    /// Builds the child nodes (registering every descendant with a document-wide identity).
    private func buildChildren() {
        isBuilt = true
        var counts: [String: Int] = [:]
        var previousEnd = element.contentRange.lowerBound
        for child in element.children {
            let node = MergeNode(element: child, input: input, parent: self)
            node.gap = previousEnd..<child.sourceRange.lowerBound
            previousEnd = child.sourceRange.upperBound
            if let global = node.globalKey {
                node.key = global
            } else {
                let local = (input.isArchive ? ElementIdentity.archiveLocalKey(of: child, parent: element) : nil)
                    ?? ElementIdentity.localKey(name: node.name, attributes: node.attributes)
                let n = counts[local, default: 0]
                counts[local] = n + 1
                node.key = n == 0 ? local : local + "#\(n)"
            }
            builtChildren.append(node)
        }
        builtTrailingGap = previousEnd..<max(previousEnd, element.contentRange.upperBound)
    }

    /// The value of attribute `name`, or nil.
    func attribute(_ name: String) -> String? {
        attributes.first { $0.name == name }?.value
    }

    /// The whole element's bytes.
    var source: ArraySlice<UInt8> { input.slice(element.sourceRange) }

    private static func indentation(before offset: Int, in bytes: [UInt8]) -> ArraySlice<UInt8>? {
        var i = offset
        while i > 0 {
            let b = bytes[i - 1]
            if b == UInt8(ascii: "\n") { return bytes[i..<offset] }
            guard b == UInt8(ascii: " ") || b == UInt8(ascii: "\t") else { return nil }
            i -= 1
        }
        return bytes[0..<offset]
    }

    /// Whether `self` and `other` mean the same element: the same bytes, or the same name, attributes (in any
    /// order), text and children.
    func sameContent(as other: MergeNode) -> Bool {
        if source == other.source { return true }
        guard name == other.name, attributes.count == other.attributes.count, text == other.text,
              children.count == other.children.count else { return false }
        for attribute in attributes where other.attribute(attribute.name) != attribute.value { return false }
        for (a, b) in zip(children, other.children) where a.key != b.key || !a.sameContent(as: b) { return false }
        return true
    }

    /// Whether this element or a descendant carries a document-wide identity in `keys`.
    func containsAny(of keys: Set<String>) -> Bool {
        if keys.isEmpty { return false }
        if let g = globalKey, keys.contains(g) { return true }
        if !isBuilt {
            // Read from the tokenizer's records rather than building the nodes. Below a top-level element every
            // global key is an `#id` (scenes, keyed by `$sceneID`, are top-level themselves).
            guard let idName = input.idName else { return false }
            return element.descendants.contains { e in e.attribute(idName).map { keys.contains("#" + $0) } ?? false }
        }
        return builtChildren.contains { $0.containsAny(of: keys) }
    }

    /// Whether `self` and `other` sit in the same place: parents with the same identity up to the closest
    /// ancestor with a document-wide one.
    func hasSamePlacement(as other: MergeNode) -> Bool {
        var a = parent, b = other.parent
        while let p = a, let q = b {
            guard p.key == q.key else { return false }
            if p.globalKey != nil { return true }
            a = p.parent
            b = q.parent
        }
        return a == nil && b == nil
    }
}
