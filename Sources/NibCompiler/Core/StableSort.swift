extension Sequence {
    /// The elements sorted by the UTF-8 bytes of a string key, equal keys kept in their original order —
    /// the order ibtool gives connections and other labelled lists (byte order, not Unicode collation).
    /// Keys that differ only in Unicode normalisation count as equal (String equality).
    func stableSortedByUTF8(_ key: (Element) -> String) -> [Element] {
        // Each key's bytes are copied once: comparing through `String.UTF8View` went byte by byte through
        // the generic collection path, and `!=` on two different strings ran Unicode comparison.
        let keyed = enumerated().map { (key: key($0.element), offset: $0.offset, element: $0.element) }
        let bytes = keyed.map { Array($0.key.utf8) }
        let ascii = bytes.map { $0.allSatisfy { $0 < 0x80 } }
        let order = keyed.indices.sorted { a, b in
            if bytes[a] == bytes[b] || (!(ascii[a] && ascii[b]) && keyed[a].key == keyed[b].key) {
                return keyed[a].offset < keyed[b].offset
            }
            return bytes[a].lexicographicallyPrecedes(bytes[b])
        }
        return order.map { keyed[$0].element }
    }
}
