/// The flat node store the tokenizer fills and `XMLTree` reads.
///
/// Elements are kept in document (pre-order) order, so an element's descendants are the contiguous
/// range `index + 1 ..< subtreeEnd`: the first child is `index + 1` and the next sibling of a child
/// `c` is `c.subtreeEnd`. Values are stored as byte ranges and decoded only when asked for.
struct ElementRecord: Sendable {
    /// Interned name id.
    var name: Int32
    /// Parent index, or -1 for the root.
    var parent: Int32
    /// One past the index of the last descendant.
    var subtreeEnd: Int32
    /// First attribute in the attribute array.
    var attributeStart: Int32
    /// Number of attributes.
    var attributeCount: Int32
    /// Byte offset of the `<` of the start tag.
    var start: Int32
    /// Byte offset just after the start tag (equal to `contentEnd` for `<a/>`).
    var contentStart: Int32
    /// Byte offset of the `</` of the end tag (equal to `contentStart` for `<a/>`).
    var contentEnd: Int32
    /// Byte offset just past the end tag (or the empty-element tag).
    var end: Int32
}

/// One attribute: its interned name and the raw byte range of its value (without quotes).
struct AttributeRecord: Sendable {
    /// Interned name id.
    var name: Int32
    /// Byte offset of the first byte of the attribute name.
    var nameOffset: Int32
    /// Byte offset of the first byte of the value.
    var valueStart: Int32
    /// Byte offset just past the value.
    var valueEnd: Int32
    /// Whether the raw bytes contain references or white space that normalization changes.
    var needsDecoding: Bool
}

/// Interns names (element and attribute) by their bytes with an open-addressing hash table.
struct NameInterner {
    /// Slot -> name id + 1 (0 means empty). Capacity is a power of two.
    private var slots: [Int32] = Array(repeating: 0, count: 256)
    /// Per name id: hash, byte offset and length of the first occurrence.
    private(set) var hashes: [UInt32] = []
    private(set) var offsets: [Int32] = []
    private(set) var lengths: [Int32] = []

    /// Number of distinct names.
    var count: Int { hashes.count }

    /// Returns the id for the name `p[start..<start+length]` with precomputed `hash`.
    @inline(__always)
    mutating func intern(_ p: UnsafePointer<UInt8>, start: Int, length: Int, hash: UInt32) -> Int32 {
        let mask = slots.count - 1
        var slot = Int(hash) & mask
        while true {
            let entry = slots[slot]
            if entry == 0 { break }
            let id = Int(entry - 1)
            if hashes[id] == hash && Int(lengths[id]) == length
                && (length == 0 || memoryEqual(p + Int(offsets[id]), p + start, length)) {
                return Int32(id)
            }
            slot = (slot + 1) & mask
        }
        let id = Int32(hashes.count)
        hashes.append(hash)
        offsets.append(Int32(start))
        lengths.append(Int32(length))
        slots[slot] = id + 1
        if hashes.count * 2 > slots.count { grow() }
        return id
    }

    /// The id of the name whose bytes equal `name`, if interned (`p` is the tokenized input).
    func lookup(_ name: UnsafeBufferPointer<UInt8>, in p: UnsafePointer<UInt8>) -> Int32? {
        let hash = fnv1a(name)
        let mask = slots.count - 1
        var slot = Int(hash) & mask
        while true {
            let entry = slots[slot]
            if entry == 0 { return nil }
            let id = Int(entry - 1)
            if hashes[id] == hash && Int(lengths[id]) == name.count
                && (name.count == 0 || memoryEqual(p + Int(offsets[id]), name.baseAddress!, name.count)) {
                return Int32(id)
            }
            slot = (slot + 1) & mask
        }
    }

    private mutating func grow() {
        var newSlots = [Int32](repeating: 0, count: slots.count * 2)
        let mask = newSlots.count - 1
        for id in 0..<hashes.count {
            var slot = Int(hashes[id]) & mask
            while newSlots[slot] != 0 { slot = (slot + 1) & mask }
            newSlots[slot] = Int32(id + 1)
        }
        slots = newSlots
    }
}

/// The FNV-1a hash the tokenizer computes while it reads a name.
@inline(__always)
func fnv1a(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt32 {
    var hash: UInt32 = fnvOffsetBasis
    for b in bytes { hash = (hash ^ UInt32(b)) &* fnvPrime }
    return hash
}

/// FNV-1a 32-bit parameters.
let fnvOffsetBasis: UInt32 = 2_166_136_261
let fnvPrime: UInt32 = 16_777_619

/// Byte equality of two ranges of equal length.
@inline(__always)
func memoryEqual(_ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>, _ n: Int) -> Bool {
    var i = 0
    while i + 8 <= n {
        if UnsafeRawPointer(a + i).loadUnaligned(as: UInt64.self) != UnsafeRawPointer(b + i).loadUnaligned(as: UInt64.self) {
            return false
        }
        i += 8
    }
    while i < n {
        if a[i] != b[i] { return false }
        i += 1
    }
    return true
}
