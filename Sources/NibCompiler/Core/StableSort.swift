extension Sequence {
    /// The elements sorted by the UTF-8 bytes of a string key, equal keys kept in their original order —
    /// the order ibtool gives connections and other labelled lists (byte order, not Unicode collation).
    func stableSortedByUTF8(_ key: (Element) -> String) -> [Element] {
        enumerated()
            .map { (key: key($0.element), offset: $0.offset, element: $0.element) }
            .sorted { $0.key != $1.key ? $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) : $0.offset < $1.offset }
            .map(\.element)
    }
}
