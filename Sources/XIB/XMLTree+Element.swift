extension XMLTree {
    /// A view of one element: a reference to the tree plus an index. Copying it is cheap.
    public struct Element: Sendable, Hashable, CustomStringConvertible {
        let storage: XMLTreeStorage
        let index: Int32

        @inline(__always)
        var record: ElementRecord { storage.elements[Int(index)] }

        /// Position of this element in document order (`tree.elements[documentIndex] == self`).
        public var documentIndex: Int { Int(index) }

        /// The element name, e.g. `"view"`.
        public var name: String { storage.names[Int(record.name)] }

        /// The interned element name.
        public var xmlName: XMLName { XMLName(id: record.name) }

        /// Whether the element is named `name`.
        @inline(__always)
        public func isNamed(_ name: String) -> Bool {
            let id = Int(record.name)
            return storage.interner.lengths[id] == Int32(name.utf8.count) && storage.names[id] == name
        }

        /// Location of the `<` of the start tag.
        public var location: SourceLocation { storage.location(ofOffset: Int(record.start)) }

        /// The parent element, or nil for the root.
        public var parent: Element? {
            let parent = record.parent
            return parent < 0 ? nil : Element(storage: storage, index: parent)
        }

        /// Nesting depth: 1 for the root.
        public var depth: Int {
            var depth = 1
            var i = record.parent
            while i >= 0 { depth += 1; i = storage.elements[Int(i)].parent }
            return depth
        }

        // MARK: Attributes

        /// The attributes in document order.
        public var attributes: Attributes {
            let r = record
            return Attributes(storage: storage, start: Int(r.attributeStart), count: Int(r.attributeCount))
        }

        /// The decoded value of attribute `name`, or nil if absent.
        @inline(__always)
        public func attribute(_ name: String) -> String? {
            guard let i = attributeIndex(name) else { return nil }
            return storage.value(of: storage.attributes[i])
        }

        /// The decoded value of the attribute with interned name `name`, or nil if absent.
        @inline(__always)
        public func attribute(_ name: XMLName) -> String? {
            guard let i = attributeIndex(name) else { return nil }
            return storage.value(of: storage.attributes[i])
        }

        /// Whether attribute `name` is present.
        public func hasAttribute(_ name: String) -> Bool { attributeIndex(name) != nil }

        /// Location of the first character of attribute `name`'s name, or nil if absent.
        public func attributeLocation(_ name: String) -> SourceLocation? {
            guard let i = attributeIndex(name) else { return nil }
            return storage.location(ofOffset: Int(storage.attributes[i].nameOffset))
        }

        /// The byte range of attribute `name`'s raw value in the document (between the quotes, entity
        /// references not decoded), or nil if absent. A tool that rewrites one value splices here.
        public func attributeValueRange(_ name: String) -> Range<Int>? {
            guard let i = attributeIndex(name) else { return nil }
            let a = storage.attributes[i]
            return Int(a.valueStart)..<Int(a.valueEnd)
        }

        @inline(__always)
        func attributeIndex(_ name: String) -> Int? {
            let r = record
            let start = Int(r.attributeStart)
            // Names of another length are rejected on the interned length: String's == spends most of its
            // time on unequal strings, which are most of the candidates.
            let length = Int32(name.utf8.count)
            let lengths = storage.interner.lengths
            for i in start..<start + Int(r.attributeCount) {
                let id = Int(storage.attributes[i].name)
                if lengths[id] == length && storage.names[id] == name { return i }
            }
            return nil
        }

        @inline(__always)
        func attributeIndex(_ name: XMLName) -> Int? {
            let r = record
            let start = Int(r.attributeStart)
            for i in start..<start + Int(r.attributeCount) where storage.attributes[i].name == name.id {
                return i
            }
            return nil
        }

        // MARK: Children

        /// The child elements in document order.
        public var children: Children { Children(storage: storage, parent: index) }

        /// Whether the element has child elements.
        public var hasChildren: Bool { record.subtreeEnd > index + 1 }

        /// The first child element named `name`.
        public func firstChild(named name: String) -> Element? {
            children.first { $0.isNamed(name) }
        }

        /// The child elements named `name`, in document order.
        public func children(named name: String) -> [Element] {
            children.filter { $0.isNamed(name) }
        }

        /// All descendants (not including this element) in document order.
        public var descendants: XMLTree.Elements.SubSequence {
            let r = record
            return XMLTree.Elements(storage: storage)[Int(index) + 1 ..< Int(r.subtreeEnd)]
        }

        // MARK: Text

        /// The character data directly inside this element (not inside child elements), decoded:
        /// references replaced, CDATA included, comments dropped, line endings normalized to LF.
        public var text: String {
            let r = record
            var gaps: [(Int, Int)] = []
            var cursor = Int(r.contentStart)
            for child in children {
                let c = child.record
                gaps.append((cursor, Int(c.start)))
                cursor = Int(c.end)
            }
            gaps.append((cursor, Int(r.contentEnd)))
            return storage.bytes.withUnsafeBufferPointer { buffer in
                let p = buffer.baseAddress!
                var out: [UInt8] = []
                for (a, b) in gaps where a < b {
                    EntityDecoding.appendCharacterData(p, from: a, to: b, into: &out)
                }
                return String(decoding: out, as: UTF8.self)
            }
        }

        // MARK: Diagnostics

        /// A diagnostic located at this element's start tag.
        public func diagnostic(_ severity: DiagnosticSeverity, _ message: String) -> Diagnostic {
            Diagnostic(severity, at: location, message)
        }

        /// A diagnostic located at attribute `attribute` if present, else at the element.
        public func diagnostic(_ severity: DiagnosticSeverity, attribute: String, _ message: String) -> Diagnostic {
            Diagnostic(severity, at: attributeLocation(attribute) ?? location, message)
        }

        /// `<name a="v" ...>` at its location, for debugging.
        public var description: String {
            let attrs = attributes.map { " \($0.name)=\"\($0.value)\"" }.joined()
            return "<\(name)\(attrs)> at \(location)"
        }

        /// Equal when they are the same element of the same tree.
        public static func == (a: Element, b: Element) -> Bool { a.storage === b.storage && a.index == b.index }

        /// Hashes the tree identity and index.
        public func hash(into hasher: inout Hasher) {
            hasher.combine(ObjectIdentifier(storage))
            hasher.combine(index)
        }
    }

    /// One attribute of an element.
    public struct Attribute: Sendable {
        let storage: XMLTreeStorage
        let index: Int

        /// The attribute name.
        public var name: String { storage.names[Int(storage.attributes[index].name)] }
        /// The interned attribute name.
        public var xmlName: XMLName { XMLName(id: storage.attributes[index].name) }
        /// The decoded, normalized value.
        public var value: String { storage.value(of: storage.attributes[index]) }
        /// Location of the first character of the attribute name.
        public var location: SourceLocation { storage.location(ofOffset: Int(storage.attributes[index].nameOffset)) }
        /// Location of the first character of the value (just after the opening quote).
        public var valueLocation: SourceLocation { storage.location(ofOffset: Int(storage.attributes[index].valueStart)) }
    }

    /// The attributes of one element, in document order.
    public struct Attributes: RandomAccessCollection, Sendable {
        let storage: XMLTreeStorage
        let start: Int
        /// The number of attributes.
        public let count: Int
        init(storage: XMLTreeStorage, start: Int, count: Int) {
            self.storage = storage
            self.start = start
            self.count = count
        }
        /// 0.
        public var startIndex: Int { 0 }
        /// `count`.
        public var endIndex: Int { count }
        /// The attribute at `position` (0-based, document order).
        public subscript(position: Int) -> XMLTree.Attribute {
            precondition(position >= 0 && position < count, "attribute index out of range")
            return Attribute(storage: storage, index: start + position)
        }
    }

    /// The child elements of one element; iterating walks sibling links without allocating.
    public struct Children: Sequence, Sendable {
        let storage: XMLTreeStorage
        let parent: Int32

        /// Iterates children in document order.
        public struct Iterator: IteratorProtocol {
            let storage: XMLTreeStorage
            var cursor: Int32
            let end: Int32
            /// The next child, or nil.
            public mutating func next() -> XMLTree.Element? {
                guard cursor < end else { return nil }
                let current = cursor
                cursor = storage.elements[Int(current)].subtreeEnd
                return XMLTree.Element(storage: storage, index: current)
            }
        }

        /// An iterator over the children.
        public func makeIterator() -> Iterator {
            Iterator(storage: storage, cursor: parent + 1, end: storage.elements[Int(parent)].subtreeEnd)
        }

        /// The number of child elements (walks the siblings).
        public var count: Int { reduce(0) { n, _ in n + 1 } }

        /// Whether there are no child elements.
        public var isEmpty: Bool { storage.elements[Int(parent)].subtreeEnd == parent + 1 }
    }
}
