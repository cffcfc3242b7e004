import Foundation

/// The one full verification pass: parses the four tables with bounds checks on every read and
/// checks every cross-reference, producing the record arrays the accessors use unchecked.
enum NibArchiveVerifier {
    struct Tables {
        var records: RecordTables
        var trailer: NibArchiveTrailer
        var notes: [String]
    }

    /// Verifies the archive; on success the caller owns `records` (and must deallocate them). The tables are
    /// carved out of `recordSpace` when it is given and large enough (see `RecordTables.init(for:in:)`).
    static func verify(_ bytes: UnsafeRawBufferPointer, header: NibArchiveHeader, options: NibReadOptions,
                       recordSpace: UnsafeMutableRawBufferPointer? = nil) throws(NibArchiveError) -> Tables {
        var records = RecordTables(for: header, in: recordSpace)
        do throws(NibArchiveError) {
            let (trailer, notes) = try verify(bytes, header: header, options: options, into: &records)
            return Tables(records: records, trailer: trailer, notes: notes)
        } catch {
            records.deallocate()
            throw error
        }
    }

    private static func verify(_ bytes: UnsafeRawBufferPointer, header: NibArchiveHeader, options: NibReadOptions,
                               into records: inout RecordTables) throws(NibArchiveError) -> (NibArchiveTrailer, [String]) {
        // The header parse already rejected inputs shorter than 50 bytes, so baseAddress exists.
        let base = bytes.baseAddress!
        let end = bytes.count
        let objectCount = Int(header.objectCount)
        let keyCount = Int(header.keyCount)
        let valueCount = Int(header.valueCount)
        let classCount = Int(header.classCount)

        // Objects: class index, first value, value count (`verifyObjects`).
        var pos = try verifyObjects(base, from: Int(header.objectsOffset), end: end, count: objectCount,
                                    classCount: classCount, valueCount: valueCount, into: records.objects)
        let objectsEnd = pos

        // Keys: length-prefixed UTF-8, unique (`KeyTable`).
        (pos, records.keysSorted) = try KeyTable.verify(base, from: Int(header.keysOffset), end: end, count: keyCount,
                                                        into: records.keys, lookup: records.keyLookup)
        let keysEnd = pos

        // Values: key index, type, payload (`verifyValues`).
        pos = try verifyValues(base, from: Int(header.valuesOffset), end: end, count: valueCount,
                               keyCount: keyCount, objectCount: objectCount, into: records.values.base)
        let valuesEnd = pos

        // Class names: name length (with NUL), fallback count, int32 fallbacks, name bytes (`verifyClasses`).
        pos = try verifyClasses(base, from: Int(header.classNamesOffset), end: end, count: classCount, into: records.classes)
        let classesEnd = pos

        // Table ranges: disjoint, after the header; gaps are legal but reported. Four entries sorted in
        // place on the stack (no allocation).
        var ranges = ((NibArchiveRegion.objects, Int(header.objectsOffset), objectsEnd),
                      (NibArchiveRegion.keys, Int(header.keysOffset), keysEnd),
                      (NibArchiveRegion.values, Int(header.valuesOffset), valuesEnd),
                      (NibArchiveRegion.classNames, Int(header.classNamesOffset), classesEnd))
        var notes: [String] = []
        var cursor = NibArchiveHeader.size
        try withUnsafeMutableBytes(of: &ranges) { raw throws(NibArchiveError) in
            let ranges = raw.bindMemory(to: (NibArchiveRegion, Int, Int).self)
            for i in 1..<ranges.count {  // insertion sort by (start, end)
                var j = i
                while j > 0 && (ranges[j].1, ranges[j].2) < (ranges[j - 1].1, ranges[j - 1].2) {
                    ranges.swapAt(j, j - 1)
                    j -= 1
                }
            }
            for (region, start, stop) in ranges where stop > start {
                guard start >= cursor else {
                    throw NibArchiveError(.tablesOverlap, region, at: start, "\(region) table overlaps the previous table, which ends at byte \(cursor)")
                }
                if start > cursor { notes.append("gap of \(start - cursor) bytes before the \(region) table at byte \(cursor)") }
                cursor = stop
            }
        }

        // Trailer (§2.7).
        var trailer = NibArchiveTrailer.none
        let remaining = end - cursor
        if remaining == 4 && memcmp(base + cursor, "LNE", 4) == 0 {
            trailer = .lne
        } else if remaining > 0 {
            if options.rejectUnknownTrailingBytes {
                throw NibArchiveError(.unexpectedTrailingBytes, .trailer, at: cursor, "\(remaining) bytes follow the last table")
            }
            trailer = .unknown(offset: cursor, length: remaining)
            notes.append("\(remaining) unknown bytes after the last table at byte \(cursor), ignored")
        }
        return (trailer, notes)
    }

    /// The objects table: each object's class index and value range in bounds. Its own function, so that its
    /// position stays in a register (Benchmarks: `CorpusVerify`).
    @inline(never)
    private static func verifyObjects(_ base: UnsafeRawPointer, from start: Int, end: Int, count objectCount: Int,
                                      classCount: Int, valueCount: Int,
                                      into objects: RecordTable<NibArchive.ObjectRecord>) throws(NibArchiveError) -> Int {
        var pos = start
        for index in 0..<objectCount {
            let start = pos
            let cls: UInt32, first: UInt32, count: UInt32
            if end &- pos >= 15, let fast = ByteScanning.threeShortVarints(base, &pos) {
                (cls, first, count) = fast
            } else {
                var p = pos  // a copy, so that `pos` itself never has its address taken
                cls = try ByteScanning.varint(base, &p, end, .objects)
                first = try ByteScanning.varint(base, &p, end, .objects)
                count = try ByteScanning.varint(base, &p, end, .objects)
                pos = p
            }
            guard Int(cls) < classCount else {
                throw NibArchiveError(.classIndexOutOfRange, .objects, at: start,
                                      "object \(index) has class index \(cls), but there are \(classCount) classes")
            }
            guard UInt64(first) + UInt64(count) <= UInt64(valueCount) else {
                throw NibArchiveError(.valueRangeOutOfBounds, .objects, at: start,
                                      "object \(index) values \(first)..<\(UInt64(first) + UInt64(count)) exceed the \(valueCount) values")
            }
            objects.set(index, .init(classIndex: cls, firstValue: first, valueCount: count))
        }
        return pos
    }

    /// The class-name table: each name NUL-terminated, UTF-8 without another NUL, each fallback another class.
    /// Its own function, like the other tables (Benchmarks: `CorpusVerify`).
    @inline(never)
    private static func verifyClasses(_ base: UnsafeRawPointer, from start: Int, end: Int, count classCount: Int,
                                      into classes: RecordTable<NibArchive.ClassRecord>) throws(NibArchiveError) -> Int {
        var pos = start
        for index in 0..<classCount {
            let start = pos
            let length = Int(try ByteScanning.varint(base, &pos, end, .classNames))
            let fallbackCount = Int(try ByteScanning.varint(base, &pos, end, .classNames))
            guard fallbackCount <= classCount else {
                throw NibArchiveError(.fallbackIndexOutOfRange, .classNames, at: start,
                                      "class \(index) lists \(fallbackCount) fallbacks, more than the \(classCount) classes")
            }
            guard fallbackCount * 4 <= end - pos else {
                throw NibArchiveError(.truncated, .classNames, at: pos, "class \(index) fallbacks run past the end of the input")
            }
            let fallbackOffset = pos
            for f in 0..<fallbackCount {
                let fallback = base.loadUnaligned(fromByteOffset: pos + 4 * f, as: Int32.self).littleEndian
                guard fallback >= 0, Int(fallback) < classCount, Int(fallback) != index else {
                    throw NibArchiveError(.fallbackIndexOutOfRange, .classNames, at: pos + 4 * f,
                                          "class \(index) fallback \(fallback) is not another class of the \(classCount)")
                }
            }
            pos += fallbackCount * 4
            guard length >= 1 else {
                throw NibArchiveError(.invalidClassName, .classNames, at: start, "class \(index) has an empty name (no NUL)")
            }
            guard length <= end - pos else {
                throw NibArchiveError(.truncated, .classNames, at: start, "class \(index) name of \(length) bytes runs past the end of the input")
            }
            guard base.load(fromByteOffset: pos + length - 1, as: UInt8.self) == 0 else {
                throw NibArchiveError(.invalidClassName, .classNames, at: pos + length - 1, "class \(index) name is not NUL-terminated")
            }
            if !ByteScanning.isASCIIWithoutNUL(base + pos, count: length - 1) {  // else the checks below hold
                if memchr(base + pos, 0, length - 1) != nil {
                    throw NibArchiveError(.invalidClassName, .classNames, at: pos, "class \(index) name contains a NUL byte")
                }
                guard ByteScanning.isValidUTF8(base + pos, count: length - 1) else {
                    throw NibArchiveError(.invalidUTF8, .classNames, at: pos, "class \(index) name is not valid UTF-8")
                }
            }
            classes.set(index, .init(nameOffset: UInt32(pos), nameLength: UInt32(length - 1),
                                 fallbackOffset: UInt32(fallbackOffset), fallbackCount: UInt32(fallbackCount)))
            pos += length
        }
        return pos
    }

    /// The value records of `bytes` (whose header is `header`), verified with the fast path where it applies
    /// or with the checked path alone; tests compare the two on corrupted inputs.
    package static func valueRecords(_ bytes: UnsafeRawBufferPointer, header: NibArchiveHeader,
                                     fastPath: Bool) throws(NibArchiveError) -> [(key: UInt32, payload: UInt32, type: NibValueType)] {
        let count = Int(header.valueCount)
        let values = UnsafeMutablePointer<NibArchive.ValueRecord>.allocate(capacity: max(count, 1))
        defer { values.deallocate() }
        _ = try verifyValues(bytes.baseAddress!, from: Int(header.valuesOffset), end: bytes.count, count: count,
                             keyCount: Int(header.keyCount), objectCount: Int(header.objectCount), into: values,
                             fastPath: fastPath)
        return (0..<count).map { (values[$0].keyIndex, values[$0].payload, values[$0].type) }
    }

    /// The values table (the hot loop of verification). A record with a one-byte key varint and, for data, a
    /// one-byte length is checked without a branch per type while at least 132 bytes remain (so no payload of
    /// such a record can run past the end); anything else, every error included, takes the checked path.
    private static func verifyValues(_ base: UnsafeRawPointer, from start: Int, end: Int, count: Int, keyCount: Int,
                                     objectCount: Int, into values: UnsafeMutablePointer<NibArchive.ValueRecord>,
                                     fastPath: Bool = true) throws(NibArchiveError) -> Int {
        var p = start
        var index = 0
        // Every check of a fast record is a difference that goes negative when it fails, and their OR is tested
        // once. `key ^ 0x80` is the index of a one-byte key varint (high bit set) and at least 128 otherwise; a
        // one-byte data length (high bit set) gives a record of at most 130 bytes, a longer varint a longer one.
        // The record's first eight bytes are one load (key, type, data length and reference target all come from
        // it), so the reference check is arithmetic, not a branch on the type or a second load, and the record
        // length comes from one table with the two bytes of key and type already added: the next record's
        // position is one add away from the table lookup (Benchmarks: `CorpusVerify`).
        let lastKey = min(keyCount, 128) &- 1
        let lastObject = objectCount &- 1
        let lastType = Int(NibValueType.objectReference.rawValue)  // the codes are 0...10
        let dataType = Int(NibValueType.data.rawValue), referenceType = Int(NibValueType.objectReference.rawValue)
        let recordLengths = Self.recordLengths
        let fastEnd = fastPath ? end &- 132 : Int.min
        @inline(__always) func fastRecord(_ p: Int) -> (ok: Bool, length: Int, record: NibArchive.ValueRecord) {
            let word = base.loadUnaligned(fromByteOffset: p, as: UInt64.self).littleEndian
            let key = Int(truncatingIfNeeded: (word & 0xFF) ^ 0x80)
            let type = Int(truncatingIfNeeded: (word >> 8) & 0xFF)
            let dataLength = 3 &+ Int(truncatingIfNeeded: ((word >> 16) & 0xFF) ^ 0x80)
            let fixedLength = Int(truncatingIfNeeded: recordLengths >> (UInt64(truncatingIfNeeded: type & 0x0F) &<< 2)) & 0xF
            let length = type == dataType ? dataLength : fixedLength
            let target = Int(truncatingIfNeeded: (word >> 16) & 0xFFFF_FFFF)
            let targetCheck = type == referenceType ? lastObject &- target : 0
            return ((lastKey &- key) | (lastType &- type) | (130 &- length) | targetCheck >= 0, length,
                    .init(keyIndex: UInt32(truncatingIfNeeded: key), payload: UInt32(truncatingIfNeeded: p &+ 2),
                          type: unsafeBitCast(UInt8(truncatingIfNeeded: type), to: NibValueType.self)))
        }
        // Two records per turn while both are fast: the second is read only once the first is known to be at most
        // 130 bytes, so it starts at or before `fastEnd`. From the first record that is not fast on (every record
        // of an archive with at most 128 keys is fast but for the last few), one per turn: returning to pairs after
        // each slow record was slower than not (decode harness, A/B).
        let fastEnd2 = fastPath ? end &- 132 &- 131 : Int.min
        while index &+ 1 < count && p <= fastEnd2 {
            let first = fastRecord(p)
            guard first.ok else { break }
            let second = fastRecord(p &+ first.length)
            (values + index).initialize(to: first.record)
            p &+= first.length
            index &+= 1
            guard second.ok else { break }
            (values + index).initialize(to: second.record)
            p &+= second.length
            index &+= 1
        }
        while index < count {
            if p <= fastEnd, case let record = fastRecord(p), record.ok {
                (values + index).initialize(to: record.record)
                p &+= record.length
            } else {
                (values + index).initialize(to: try verifyValue(index, base, &p, end, keyCount: keyCount, objectCount: objectCount))
            }
            index &+= 1
        }
        return p
    }

    /// Length of a fast record of each value type (one key byte, the type byte and the payload), four bits per
    /// type code (type 0 in the low bits); 0xF marks `.data` (a varint length) and the unused codes 11...15.
    private static let recordLengths: UInt64 = {
        var table: UInt64 = 0xFFFF_FFFF_FFFF_FFFF
        for type in NibValueType.allCases {
            let length = type.fixedPayloadSize.map { UInt64(2 + $0) } ?? 0xF
            table = table & ~(0xF << (UInt64(type.rawValue) * 4)) | length << (UInt64(type.rawValue) * 4)
        }
        return table
    }()

    /// Verifies value `index` at `pos` (key index, type byte, payload) and moves `pos` past it.
    @inline(__always)
    private static func verifyValue(_ index: Int, _ base: UnsafeRawPointer, _ pos: inout Int, _ end: Int,
                                    keyCount: Int, objectCount: Int) throws(NibArchiveError) -> NibArchive.ValueRecord {
        let start = pos
        let key = try ByteScanning.varint(base, &pos, end, .values)
        guard key < UInt32(keyCount) else {
            throw NibArchiveError(.keyIndexOutOfRange, .values, at: start,
                                  "value \(index) has key index \(key), but there are \(keyCount) keys")
        }
        guard pos < end else {
            throw NibArchiveError(.truncated, .values, at: pos, "value \(index) has no type byte")
        }
        let rawType = base.load(fromByteOffset: pos, as: UInt8.self)
        pos &+= 1
        guard let type = NibValueType(rawValue: rawType) else {
            throw NibArchiveError(.invalidValueType(rawType), .values, at: pos - 1,
                                  "value \(index) has unknown type \(rawType)")
        }
        let payload = pos
        switch type {
        case .data:
            // The payload offset stays at the length varint; accessors re-read it unchecked.
            let length = Int(try ByteScanning.varint(base, &pos, end, .values))
            guard length <= end - pos else {
                throw NibArchiveError(.truncated, .values, at: start,
                                      "value \(index) data of \(length) bytes runs past the end of the input")
            }
            pos &+= length
        case .objectReference:
            guard end - pos >= 4 else {
                throw NibArchiveError(.truncated, .values, at: start, "value \(index) object reference runs past the end of the input")
            }
            let target = base.loadUnaligned(fromByteOffset: pos, as: UInt32.self).littleEndian
            guard target < UInt32(objectCount) else {
                throw NibArchiveError(.objectReferenceOutOfRange, .values, at: pos,
                                      "value \(index) refers to object \(target), but there are \(objectCount) objects")
            }
            pos &+= 4
        default:
            let size = type.fixedPayloadSize!
            guard end - pos >= size else {
                throw NibArchiveError(.truncated, .values, at: start, "value \(index) \(type) payload runs past the end of the input")
            }
            pos &+= size
        }
        return NibArchive.ValueRecord(keyIndex: key, payload: UInt32(payload), type: type)
    }
}
