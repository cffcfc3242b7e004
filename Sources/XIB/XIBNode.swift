/// Which attributes a reader consumed and which elements it handled, for one `XIBDocument`.
///
/// The compiler warns about every element no encoder visited and every attribute no encoder read,
/// so that Interface Builder data nibc does not archive is never dropped silently. The bookkeeping is
/// two flat bit arrays indexed like the tree's element and attribute stores: no second tree, no
/// copied strings. One tracker serves one compilation (it is not thread-safe).
public final class XIBReadTracker {
    /// The document the nodes view.
    public let document: XIBDocument
    /// One flag per attribute of the tree, then one per element (visited). Written on every attribute
    /// read, so kept in one buffer this object owns: an `Array` stored in a class property is checked for
    /// exclusive access and uniqueness on every write (about 2 % of a compile's instructions). Never
    /// handed out; indices come from the tree's own records.
    private let flags: UnsafeMutableBufferPointer<Bool>
    private let elementFlags: Int
    /// The interned ids of the names callers pass (attribute and element names, nearly all literals), in a
    /// direct-mapped cache keyed by the String's two-word representation, so that a lookup compares
    /// integers instead of strings. Owned like `flags`, never handed out.
    private let nameCache: UnsafeMutableBufferPointer<NameCacheEntry>

    /// A tracker with nothing read yet.
    public init(document: XIBDocument) {
        self.document = document
        elementFlags = document.tree.storage.attributes.count
        flags = .allocate(capacity: elementFlags + document.tree.storage.elements.count)
        flags.initialize(repeating: false)
        nameCache = .allocate(capacity: Self.nameCacheSize)
        nameCache.initialize(repeating: NameCacheEntry(bits: (0, 0), id: -1))
    }

    deinit {
        flags.deallocate()
        nameCache.deallocate()
    }

    private struct NameCacheEntry {
        /// The representation of the cached String; (0, 0), which no String has, when empty.
        var bits: (UInt64, UInt64)
        /// Its interned id, -1 when no element or attribute of the document has that name.
        var id: Int32
    }

    /// Room for the few hundred distinct names one compile asks for, so that they seldom collide.
    private static let nameCacheSize = 1024

    /// The interned id of `name` in this tracker's document, -1 when the document never uses it.
    @inline(__always)
    func nameID(_ name: String) -> Int32 {
        let bits = unsafeBitCast(name, to: (UInt64, UInt64).self)
        let slot = Int(truncatingIfNeeded: ((bits.0 ^ (bits.1 &* 0x9E37_79B9_7F4A_7C15)) &* 0xBF58_476D_1CE4_E5B9) >> 54)
        let entry = nameCache[slot]
        if entry.bits == bits { return entry.id }
        return uncachedNameID(name, bits: bits, slot: slot)
    }

    private func uncachedNameID(_ name: String, bits: (UInt64, UInt64), slot: Int) -> Int32 {
        let id = document.tree.name(name)?.id ?? -1
        // Only immortal strings (literals and small strings: bit 63 of the second word in the standard
        // library's 64-bit layout) are cached: their representation never stands for other contents,
        // while a freed heap string's address could be reused by a different name.
        if bits.1 & (1 << 63) != 0 { nameCache[slot] = NameCacheEntry(bits: bits, id: id) }
        return id
    }

    @inline(__always)
    fileprivate func isAttributeUsed(_ attribute: Int) -> Bool { flags[attribute] }
    @inline(__always)
    fileprivate func markAttributeUsed(_ attribute: Int) { flags[attribute] = true }
    @inline(__always)
    fileprivate func isVisited(_ element: Int) -> Bool { flags[elementFlags + element] }
    @inline(__always)
    fileprivate func setVisited(_ element: Int, _ value: Bool) { flags[elementFlags + element] = value }

    /// The names of `names` this tracker's document uses, as interned ids (for `unusedAttributes(ignoring:)`).
    public func nameSet<S: Sequence<String>>(_ names: S) -> XIBNameSet {
        XIBNameSet(ids: names.map(nameID).filter { $0 >= 0 })
    }

    /// The root `<document>` element.
    public var root: XIBNode { XIBNode(element: document.root, tracker: self) }

    /// The node of `element` (an element of this tracker's document).
    public func node(_ element: XMLTree.Element) -> XIBNode {
        precondition(element.storage === document.tree.storage, "element of another document")
        return XIBNode(element: element, tracker: self)
    }

    /// The document index of the element whose `id` attribute is `id`, or nil (no node is built and
    /// the document is not copied out of the tracker).
    public func elementIndex(withID id: String) -> Int? {
        document.element(withID: id)?.documentIndex
    }

    /// The element whose `id` attribute is `id`, or nil (the document's id index; nothing is marked read).
    public func node(withID id: String) -> XIBNode? {
        document.element(withID: id).map { XIBNode(element: $0, tracker: self) }
    }
}

/// A few names of one document by interned id (`XIBReadTracker.nameSet`).
public struct XIBNameSet {
    let ids: [Int32]
}

/// The compiler's view of one XIB element: a tree element plus the read bookkeeping of its tracker.
///
/// Cheap to copy (two references and an index); two nodes are equal when they view the same element.
/// Reading an attribute with the subscript marks it consumed; `peek` reads without marking.
public struct XIBNode: Hashable, CustomStringConvertible {
    /// The element viewed.
    public let element: XMLTree.Element
    /// The read bookkeeping (and document) this node belongs to.
    public let tracker: XIBReadTracker

    init(element: XMLTree.Element, tracker: XIBReadTracker) {
        self.element = element
        self.tracker = tracker
    }

    /// The element name, e.g. `"view"`.
    @inline(__always)
    public var name: String { element.name }
    /// Pre-order position in the document (used where ibtool orders by document position).
    @inline(__always)
    public var order: Int { element.documentIndex }
    /// 1-based source line of the start tag; computed on demand (diagnostics only).
    public var line: Int { element.location.line }
    /// 1-based source column of the start tag.
    public var column: Int { element.location.column }
    /// The parent node, or nil for the root.
    public var parent: XIBNode? { element.parent.map { XIBNode(element: $0, tracker: tracker) } }

    /// Whether some encoder handled this element.
    public var visited: Bool {
        get { tracker.isVisited(element.documentIndex) }
        nonmutating set { tracker.setVisited(element.documentIndex, newValue) }
    }

    // MARK: Attributes

    /// The value of attribute `name`, marking it as handled.
    public subscript(_ name: String) -> String? {
        guard let i = attributeIndex(name) else { return nil }
        tracker.markAttributeUsed(i)
        return element.storage.value(of: element.storage.attributes[i])
    }

    /// The attribute named `name`'s index in the tree's attribute store (an integer scan of the
    /// element's attributes for the name's interned id).
    @inline(__always)
    func attributeIndex(_ name: String) -> Int? {
        element.attributeIndex(XMLName(id: tracker.nameID(name)))
    }

    /// Whether attribute `name` is present, without marking it or building its value.
    @inline(__always)
    public func has(_ name: String) -> Bool { attributeIndex(name) != nil }

    /// Reads without marking (for look-ahead decisions that do not consume the attribute).
    @inline(__always)
    public func peek(_ name: String) -> String? {
        attributeIndex(name).map { element.storage.value(of: element.storage.attributes[$0]) }
    }

    /// Whether attribute `name` is present with the value `value` (compared as UTF-8 bytes, without
    /// building a String), without marking it.
    public func peek(_ name: String, is value: String) -> Bool {
        guard let i = attributeIndex(name) else { return false }
        return element.storage.value(of: i, equals: value)
    }

    /// Marks attributes as handled without reading their values (IB metadata, defaults with no
    /// archive effect).
    public func markUsed(_ names: String...) {
        for n in names {
            if let i = attributeIndex(n) { tracker.markAttributeUsed(i) }
        }
    }

    /// Marks attribute `name` as handled (the one-name form of `markUsed`, without the variadic array).
    @inline(__always)
    public func markUsed(_ name: String) {
        if let i = attributeIndex(name) { tracker.markAttributeUsed(i) }
    }

    /// Whether the element is named `name` (an interned-id comparison).
    @inline(__always)
    public func isNamed(_ name: String) -> Bool { element.record.name == tracker.nameID(name) }

    /// Marks every attribute as handled.
    public func markAllAttributesUsed() {
        let r = element.record
        let start = Int(r.attributeStart)
        for i in start..<start + Int(r.attributeCount) { tracker.markAttributeUsed(i) }
    }

    /// `true`/`false` for `YES`/anything else; nil when absent. Marks the attribute handled.
    public func bool(_ name: String) -> Bool? {
        guard let i = attributeIndex(name) else { return nil }
        tracker.markAttributeUsed(i)
        return element.storage.value(of: i, equals: "YES")
    }

    /// The attribute as a `Double` (nil when absent or not a number). Marks the attribute handled.
    public func double(_ name: String) -> Double? {
        guard let i = attributeIndex(name) else { return nil }
        tracker.markAttributeUsed(i)
        return element.storage.double(of: i)
    }

    /// `peek(name).flatMap(Double.init)`, reading a plain decimal in place (without marking).
    public func peekDouble(_ name: String) -> Double? {
        attributeIndex(name).flatMap { element.storage.double(of: $0) }
    }

    /// Names of the attributes nothing has read, in document order.
    public var unusedAttributes: [String] {
        let r = element.record
        let start = Int(r.attributeStart)
        var out: [String] = []
        for i in start..<start + Int(r.attributeCount) where !tracker.isAttributeUsed(i) {
            out.append(element.storage.names[Int(element.storage.attributes[i].name)])
        }
        return out
    }

    /// Whether `other` is this node or one of its descendants.
    public func contains(_ other: XIBNode) -> Bool {
        other.element.storage === element.storage
            && other.element.index >= element.index && other.element.index < element.record.subtreeEnd
    }

    /// `unusedAttributes` without the names in `ignored`, which are skipped by their interned ids: no
    /// String and no hashing for the attributes every element has and nothing reads (`id`).
    public func unusedAttributes(ignoring ignored: XIBNameSet) -> [String] {
        let r = element.record
        let start = Int(r.attributeStart)
        var out: [String] = []
        for i in start..<start + Int(r.attributeCount) where !tracker.isAttributeUsed(i) {
            let name = element.storage.attributes[i].name
            if !ignored.ids.contains(name) { out.append(element.storage.names[Int(name)]) }
        }
        return out
    }

    /// Calls `body` with the interned id (below `nameCount`) and the name of each attribute that was read, in
    /// document order, without building an array; the id lets a caller skip names it has seen.
    public func forEachReadAttribute(_ body: (_ id: Int, _ name: String) -> Void) {
        let r = element.record
        let start = Int(r.attributeStart)
        for i in start..<start + Int(r.attributeCount) where tracker.isAttributeUsed(i) {
            let id = Int(element.storage.attributes[i].name)
            body(id, element.storage.names[id])
        }
    }

    /// The number of distinct element and attribute names of the document (interned ids are below it).
    public var nameCount: Int { element.storage.names.count }

    /// Where attribute `name`'s name starts, for diagnostics about that attribute.
    public func attributeLocation(_ name: String) -> SourceLocation? {
        attributeIndex(name).map { element.storage.location(ofOffset: Int(element.storage.attributes[$0].nameOffset)) }
    }

    // MARK: Children

    /// The child elements in document order.
    public var children: Children { Children(parent: self) }

    /// The child nodes named `name`, in document order (not marked visited).
    public func children(named name: String) -> [XIBNode] { children.filter { $0.isNamed(name) } }

    /// Calls `body` with each element of this subtree (this node included) named `name`, in document
    /// order, without marking anything: one scan of the flat element store comparing interned name ids,
    /// where a recursive walk built a node and a name string per element.
    public func forEachInSubtree(named name: String, _ body: (XIBNode) -> Void) {
        scanSubtree(named: name) { body($0); return true }
    }

    /// Whether this node or a descendant is named `name` (nothing is marked).
    public func subtreeContains(named name: String) -> Bool {
        var found = false
        scanSubtree(named: name) { _ in found = true; return false }
        return found
    }

    /// Visits the subtree's elements named `name` in document order while `body` returns true.
    private func scanSubtree(named name: String, _ body: (XIBNode) -> Bool) {
        guard let id = tracker.document.tree.name(name)?.id else { return }
        let storage = element.storage
        for i in element.documentIndex..<Int(element.record.subtreeEnd) where storage.elements[i].name == id {
            guard body(XIBNode(element: XMLTree.Element(storage: storage, index: Int32(i)), tracker: tracker)) else { return }
        }
    }

    /// First child named `name` (and with attribute `key` equal to `key`, when given); marks it visited
    /// and its `key` read.
    public func child(_ name: String, key: String? = nil) -> XIBNode? {
        let id = tracker.nameID(name)
        return id < 0 ? nil : firstChild(named: id, key: key)
    }

    /// First child whose attribute `key` equals `key`, whatever its element name; marks it visited.
    public func keyed(_ key: String) -> XIBNode? { firstChild(named: nil, key: key) }

    /// The first child named `nameID` (any name when nil) whose `key` attribute is `key` (when given),
    /// marked visited and its `key` read. Scans the element records and builds a node only for the match:
    /// a node per child retained and released the tree and the tracker for every sibling passed over.
    private func firstChild(named nameID: Int32?, key: String?) -> XIBNode? {
        let storage = element.storage
        let keyID = tracker.nameID("key")
        if key != nil && keyID < 0 { return nil }
        var i = element.documentIndex + 1
        let end = Int(element.record.subtreeEnd)
        while i < end {
            let record = storage.elements[i]
            if nameID.map({ record.name == $0 }) ?? true {
                let keyIndex = keyID < 0 ? nil : storage.attributeIndex(of: record, named: keyID)
                if key.map({ k in keyIndex.map { storage.value(of: $0, equals: k) } ?? false }) ?? true {
                    tracker.setVisited(i, true)
                    if let keyIndex { tracker.markAttributeUsed(keyIndex) }
                    return XIBNode(element: XMLTree.Element(storage: storage, index: Int32(i)), tracker: tracker)
                }
            }
            i = Int(record.subtreeEnd)
        }
        return nil
    }

    /// Character data for `<string>`-like elements: the decoded text directly inside this element,
    /// or `""` for an element with children other than `<string>` / `<mutableString>` (whose text is
    /// only formatting white space).
    public var text: String {
        if element.hasChildren && !isNamed("string") && !isNamed("mutableString") { return "" }
        return element.text
    }

    /// `<name …>` at its location, for debugging.
    public var description: String { element.description }

    /// Equal when they view the same element.
    public static func == (a: XIBNode, b: XIBNode) -> Bool { a.element == b.element }
    /// Hashes the element.
    public func hash(into hasher: inout Hasher) { hasher.combine(element) }

    /// The child nodes of one element: a forward collection that walks sibling links without allocating.
    public struct Children: Collection {
        let parent: XIBNode
        /// The first child's document index.
        public var startIndex: Int { parent.element.documentIndex + 1 }
        /// One past the parent's last descendant.
        public var endIndex: Int { Int(parent.element.record.subtreeEnd) }
        /// The next sibling's document index.
        public func index(after i: Int) -> Int { Int(parent.element.storage.elements[i].subtreeEnd) }
        /// The child at document index `i`.
        public subscript(i: Int) -> XIBNode {
            XIBNode(element: XMLTree.Element(storage: parent.element.storage, index: Int32(i)), tracker: parent.tracker)
        }
    }
}
