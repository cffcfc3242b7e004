import StringBytes

/// A document's `id` values → the elements carrying them: an open-addressing table over the values'
/// UTF-8 bytes, compared in place in the document.
///
/// A `[String: Int32]` built a String per id and hashed it with SipHash, then hashed every lookup
/// again (3 % of a XIB compile). Ids are matched byte for byte (XML compares attribute values by code
/// points; a Dictionary merged canonically equivalent spellings).
struct IDIndex {
    /// Slot → entry + 1 (0: empty). The capacity is a power of two, at most half full.
    private var slots: [Int32]
    /// Per entry: the element, its `id` attribute and the value's hash.
    private var entries: [(element: Int32, attribute: Int32, hash: UInt32)] = []

    /// The number of ids.
    var count: Int { entries.count }

    /// Indexes the `id` attribute (`idName`) of every element of `storage`. On the first id used
    /// twice, returns that id's two elements instead.
    static func build(_ storage: XMLTreeStorage, idName: Int32) -> Result<IDIndex, Duplicate> {
        var capacity = 16
        // About one element in two has an id.
        while capacity < storage.elements.count { capacity *= 2 }
        var index = IDIndex(slots: Array(repeating: 0, count: capacity))
        index.entries.reserveCapacity(capacity / 2)
        for element in storage.elements.indices {
            guard let attribute = storage.attributeIndex(of: storage.elements[element], named: idName) else { continue }
            let found = storage.withValueBytes(of: attribute) { value in
                index.insert(value, element: Int32(element), attribute: Int32(attribute), in: storage)
            }
            if let first = found { return .failure(Duplicate(first: first, second: Int32(element))) }
        }
        return .success(index)
    }

    /// Two elements with the same id.
    struct Duplicate: Error {
        let first: Int32
        let second: Int32
    }

    /// The element whose id is `id`, or nil.
    func element(_ id: String, in storage: XMLTreeStorage) -> Int32? {
        return id.withUTF8Bytes { value in
            let slot = find(value, hash: fnv1a(value), in: storage)
            return slots[slot] == 0 ? nil : entries[Int(slots[slot] - 1)].element
        }
    }

    /// Every id, in no particular order.
    func identifiers(in storage: XMLTreeStorage) -> [String] {
        entries.map { storage.value(of: storage.attributes[Int($0.attribute)]) }
    }

    /// Adds an id; returns the element that already has it instead, if any.
    private mutating func insert(_ value: UnsafeBufferPointer<UInt8>, element: Int32, attribute: Int32,
                                 in storage: XMLTreeStorage) -> Int32? {
        let hash = fnv1a(value)
        let slot = find(value, hash: hash, in: storage)
        if slots[slot] != 0 { return entries[Int(slots[slot] - 1)].element }
        entries.append((element, attribute, hash))
        slots[slot] = Int32(entries.count)
        if entries.count * 2 > slots.count { grow() }
        return nil
    }

    /// The slot holding `value`, or the empty slot where it belongs.
    private func find(_ value: UnsafeBufferPointer<UInt8>, hash: UInt32, in storage: XMLTreeStorage) -> Int {
        let mask = slots.count - 1
        var slot = Int(hash) & mask
        while true {
            let entry = slots[slot]
            if entry == 0 { return slot }
            let e = entries[Int(entry - 1)]
            if e.hash == hash && storage.withValueBytes(of: Int(e.attribute), { stored in
                stored.count == value.count && (value.isEmpty || memoryEqual(stored.baseAddress!, value.baseAddress!, value.count))
            }) {
                return slot
            }
            slot = (slot + 1) & mask
        }
    }

    private mutating func grow() {
        var newSlots = [Int32](repeating: 0, count: slots.count * 2)
        let mask = newSlots.count - 1
        for (i, e) in entries.enumerated() {
            var slot = Int(e.hash) & mask
            while newSlots[slot] != 0 { slot = (slot + 1) & mask }
            newSlots[slot] = Int32(i + 1)
        }
        slots = newSlots
    }

    private init(slots: [Int32]) { self.slots = slots }
}
