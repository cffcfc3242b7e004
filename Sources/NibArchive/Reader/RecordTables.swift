/// The record tables of a verified archive (objects, keys, values, classes and the key hash table),
/// carved out of ONE allocation so that verifying an archive costs one allocation for all of them
/// instead of five (Benchmarks: `CorpusDecode`).
///
/// The allocation is owned by the `NibArchive` that holds these tables: `deallocate()` is called once,
/// from its `deinit` (or by the verifier when verification fails). Tables are package-internal and
/// never handed out of the archive, so no pointer outlives its owner.
@usableFromInline package struct RecordTables {
    @usableFromInline let objects: RecordTable<NibArchive.ObjectRecord>
    let keys: RecordTable<NibArchive.StringRecord>
    @usableFromInline let values: RecordTable<NibArchive.ValueRecord>
    let classes: RecordTable<NibArchive.ClassRecord>
    /// Open-addressing hash table of key indices (-1 = empty); its count is a power of two.
    let keyLookup: RecordTable<Int32>
    private let allocation: UnsafeMutableRawPointer

    /// Allocates uninitialized tables of the given sizes (all records are trivial 4-byte-aligned types);
    /// the key lookup table is filled with -1.
    init(objects objectCount: Int, keys keyCount: Int, values valueCount: Int, classes classCount: Int,
         lookup lookupCount: Int) {
        var size = 0
        func reserve<T>(_ type: T.Type, _ count: Int) -> Int {
            let offset = size
            size += MemoryLayout<T>.stride * count
            return offset
        }
        let objectsAt = reserve(NibArchive.ObjectRecord.self, objectCount)
        let valuesAt = reserve(NibArchive.ValueRecord.self, valueCount)
        let keysAt = reserve(NibArchive.StringRecord.self, keyCount)
        let classesAt = reserve(NibArchive.ClassRecord.self, classCount)
        let lookupAt = reserve(Int32.self, lookupCount)
        let allocation = UnsafeMutableRawPointer.allocate(byteCount: max(size, 1), alignment: 8)
        self.allocation = allocation
        func table<T>(_ type: T.Type, at offset: Int, _ count: Int) -> RecordTable<T> {
            RecordTable(base: (allocation + offset).bindMemory(to: T.self, capacity: count), count: count)
        }
        objects = table(NibArchive.ObjectRecord.self, at: objectsAt, objectCount)
        values = table(NibArchive.ValueRecord.self, at: valuesAt, valueCount)
        keys = table(NibArchive.StringRecord.self, at: keysAt, keyCount)
        classes = table(NibArchive.ClassRecord.self, at: classesAt, classCount)
        keyLookup = table(Int32.self, at: lookupAt, lookupCount)
        keyLookup.base.initialize(repeating: -1, count: lookupCount)
    }

    /// Frees the one allocation; called exactly once by the owner.
    func deallocate() { allocation.deallocate() }
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
