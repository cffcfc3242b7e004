/// The compiler's view of one XML element: name, attributes in document order, children, source
/// position, and bookkeeping of which attributes an encoder read (for "not handled" warnings).
///
/// This is a thin adapter: the compiler never touches the XML text itself. It is filled either by
/// the built-in reader (`MiniXMLReader`) or, once its API is final, from the `XIB` module's document.
final class XMLNode {
    let name: String
    private(set) var attributeNames: [String]
    private(set) var attributeValues: [String]
    /// Whether an encoder read attribute `i`.
    fileprivate(set) var attributeUsed: [Bool]
    var children: [XMLNode] = []
    /// Concatenated character data directly inside the element (for `<string>` and `<mutableString>`).
    var text: String = ""
    let line: Int
    let column: Int
    /// Pre-order position in the document (used where ibtool orders by document position).
    var order: Int = 0
    /// Whether some encoder handled this element.
    var visited = false
    weak var parent: XMLNode?

    init(name: String, line: Int, column: Int) {
        self.name = name
        self.line = line
        self.column = column
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
}
