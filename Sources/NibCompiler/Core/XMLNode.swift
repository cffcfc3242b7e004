import XIB

/// The compiler's view of one XML element: name, attributes in document order, children, source
/// position, and bookkeeping of which attributes an encoder read (for "not handled" warnings).
///
/// A thin adapter over the `XIB` module's `XMLTree` (built once per compile, linear in the
/// document): the compiler never touches XML text itself.
final class XMLNode {
    let name: String
    private(set) var attributeNames: [String]
    private(set) var attributeValues: [String]
    /// Whether an encoder read attribute `i`.
    fileprivate(set) var attributeUsed: [Bool]
    var children: [XMLNode] = []
    /// Concatenated character data directly inside the element (for `<string>` and `<mutableString>`).
    var text: String = ""
    /// The element this node adapts; its source location is computed only when a diagnostic needs it,
    /// because a column costs a scan of its line (quadratic over a document written on one line).
    private let element: XMLTree.Element
    private lazy var location: SourceLocation = element.location
    /// 1-based source line of the element.
    var line: Int { location.line }
    /// 1-based source column of the element.
    var column: Int { location.column }
    /// Pre-order position in the document (used where ibtool orders by document position).
    var order: Int = 0
    /// Whether some encoder handled this element.
    var visited = false
    weak var parent: XMLNode?

    init(name: String, element: XMLTree.Element) {
        self.name = name
        self.element = element
        attributeNames = []
        attributeValues = []
        attributeUsed = []
    }

    func addAttribute(_ name: String, _ value: String) {
        attributeNames.append(name)
        attributeValues.append(value)
        attributeUsed.append(false)
    }

    /// The value of attribute `name`, marking it as handled.
    subscript(_ name: String) -> String? {
        for i in attributeNames.indices where attributeNames[i] == name {
            attributeUsed[i] = true
            return attributeValues[i]
        }
        return nil
    }

    /// Reads without marking (for look-ahead decisions that do not consume the attribute).
    func peek(_ name: String) -> String? {
        for i in attributeNames.indices where attributeNames[i] == name { return attributeValues[i] }
        return nil
    }

    /// Marks attributes as handled without reading them (IB metadata, defaults with no archive effect).
    func markUsed(_ names: String...) {
        for n in names { _ = self[n] }
    }

    /// `true`/`false` for `YES`/`NO`; nil when absent.
    func bool(_ name: String) -> Bool? {
        guard let v = self[name] else { return nil }
        return v == "YES"
    }

    func double(_ name: String) -> Double? {
        guard let v = self[name] else { return nil }
        return Double(v)
    }

    /// First child element with `name` (and `key`, when given). Marks it visited.
    func child(_ name: String, key: String? = nil) -> XMLNode? {
        for c in children where c.name == name && (key == nil || c.peek("key") == key) {
            c.visited = true
            _ = c["key"]
            return c
        }
        return nil
    }

    /// First child with attribute `key` equal to `key`, whatever its element name.
    func keyed(_ key: String) -> XMLNode? {
        for c in children where c.peek("key") == key {
            c.visited = true
            _ = c["key"]
            return c
        }
        return nil
    }

    func children(named name: String) -> [XMLNode] { children.filter { $0.name == name } }

    var unusedAttributes: [String] {
        var out: [String] = []
        for i in attributeNames.indices where !attributeUsed[i] { out.append(attributeNames[i]) }
        return out
    }

    /// Calls `body` with each attribute an encoder read, without building an array.
    func forEachReadAttribute(_ body: (String) -> Void) {
        for i in attributeNames.indices where attributeUsed[i] { body(attributeNames[i]) }
    }

    /// Where attribute `name`'s name starts, for diagnostics about that attribute.
    func attributeLocation(_ name: String) -> SourceLocation? { element.attributeLocation(name) }
}

extension XMLNode {
    /// Builds the compiler's element tree from a parsed `XMLTree` (pre-order numbering in `order`).
    static func build(from tree: XMLTree) -> XMLNode {
        var counter = 0
        func convert(_ e: XMLTree.Element, parent: XMLNode?) -> XMLNode {
            let node = XMLNode(name: e.name, element: e)
            node.order = counter
            counter += 1
            node.parent = parent
            for a in e.attributes { node.addAttribute(a.name, a.value) }
            if e.hasChildren {
                for c in e.children { node.children.append(convert(c, parent: node)) }
            }
            if node.children.isEmpty || ["string", "mutableString"].contains(node.name) { node.text = e.text }
            return node
        }
        return convert(tree.root, parent: nil)
    }
}
