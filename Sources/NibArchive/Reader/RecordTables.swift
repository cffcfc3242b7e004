/// The record tables of a verified archive (objects, keys, values, classes and the key hash table),
/// carved out of ONE block so that verifying an archive costs at most one allocation for all of them
/// instead of five (Benchmarks: `CorpusDecode`). For an archive read from a `Data` the block is the spare
/// space after the archive's own copy of its bytes (`ByteStorage(copying:spare:)`), so no allocation at all.
///
/// An allocation of their own is owned by the `NibArchive` that holds these tables: `deallocate()` is
/// called once, from its `deinit` (or by the verifier when verification fails). Tables are
/// package-internal and never handed out of the archive, so no pointer outlives its owner.
@usableFromInline package struct RecordTables {
    @usableFromInline let objects: RecordTable<NibArchive.ObjectRecord>
    let keys: RecordTable<NibArchive.StringRecord>
    @usableFromInline let values: RecordTable<NibArchive.ValueRecord>
    let classes: RecordTable<NibArchive.ClassRecord>
    /// The key index (`KeyTable`): an open-addressing hash table of key indices (-1 = empty), or when
    /// `keysSorted` the key indices in the order of their bytes; its count is a power of two.
    let keyLookup: RecordTable<Int32>
    /// Whether `keyLookup` is sorted (an archive whose keys collide too often for hashing) rather than hashed.
    var keysSorted = false
    /// The allocation these tables own, or nil when they live in space the archive's `ByteStorage` owns.
    private let allocation: UnsafeMutableRawPointer?

    /// Byte offsets of the five tables inside their one block, and the block's size.
    private struct Layout {
        var objects = 0, values = 0, keys = 0, classes = 0, lookup = 0, size = 0
        let lookupCount: Int

        init(_ header: NibArchiveHeader) {
            // At most a quarter full, so most insertions find their slot empty (a probe mispredicts).
            var lookupCount = 8
            while lookupCount < Int(header.keyCount) * 4 { lookupCount <<= 1 }
            self.lookupCount = lookupCount
            func reserve<T>(_ type: T.Type, _ count: UInt32) -> Int {
                let offset = size
                size += MemoryLayout<T>.stride * Int(count)
                return offset
            }
            objects = reserve(NibArchive.ObjectRecord.self, header.objectCount)
            values = reserve(NibArchive.ValueRecord.self, header.valueCount)
            keys = reserve(NibArchive.StringRecord.self, header.keyCount)
            classes = reserve(NibArchive.ClassRecord.self, header.classCount)
            lookup = reserve(Int32.self, UInt32(lookupCount))
        }
    }

    /// The bytes the tables of an archive with `header` need (8-byte aligned).
    static func byteCount(for header: NibArchiveHeader) -> Int { Layout(header).size }

    /// Uninitialized tables sized by `header` (all records are trivial 4-byte-aligned types), carved out of
    /// `space` when it is given (8-byte aligned, at least `byteCount(for:)` bytes, owned by someone who keeps
    /// it alive as long as these tables), else out of one allocation of their own. The key lookup table is
    /// filled with -1. Header counts are bounded by the input size, so the size is too.
    init(for header: NibArchiveHeader, in space: UnsafeMutableRawBufferPointer? = nil) {
        let layout = Layout(header)
        let block: UnsafeMutableRawPointer
        if let space, space.count >= layout.size, let base = space.baseAddress {
            block = base
            allocation = nil
        } else {
            block = UnsafeMutableRawPointer.allocate(byteCount: max(layout.size, 1), alignment: 8)
            allocation = block
        }
        func table<T>(_ type: T.Type, at offset: Int, _ count: UInt32) -> RecordTable<T> {
            RecordTable(base: (block + offset).bindMemory(to: T.self, capacity: Int(count)), count: Int(count))
        }
        objects = table(NibArchive.ObjectRecord.self, at: layout.objects, header.objectCount)
        values = table(NibArchive.ValueRecord.self, at: layout.values, header.valueCount)
        keys = table(NibArchive.StringRecord.self, at: layout.keys, header.keyCount)
        classes = table(NibArchive.ClassRecord.self, at: layout.classes, header.classCount)
        keyLookup = table(Int32.self, at: layout.lookup, UInt32(layout.lookupCount))
        keyLookup.base.initialize(repeating: -1, count: layout.lookupCount)
    }

    /// Frees the tables' own allocation, if they have one; called exactly once by the owner.
    func deallocate() { allocation?.deallocate() }
}

/// A fixed-size table of trivial records inside `RecordTables`' allocation. Reads are bounds-checked
/// like an array's (a bad index traps, never reads outside the table).
@usableFromInline package struct RecordTable<Element>: RandomAccessCollection {
    @usableFromInline let base: UnsafeMutablePointer<Element>
    @usableFromInline package let count: Int

    @usableFromInline init(base: UnsafeMutablePointer<Element>, count: Int) {
        self.base = base
        self.count = count
    }

    @inlinable package var startIndex: Int { 0 }
    @inlinable package var endIndex: Int { count }

    @inlinable package subscript(index: Int) -> Element {
        precondition(UInt(bitPattern: index) < UInt(bitPattern: count), "record index out of range")
        return base[index]
    }

    /// Writes record `index` (verifier only; `index` is always in range there).
    func set(_ index: Int, _ element: Element) { (base + index).initialize(to: element) }
}
