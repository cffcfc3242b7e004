/// The one verification pass of a binary property list. Every read is bounds-checked here; the readers of
/// `BinaryPropertyList` rely on what this pass established.
enum BinaryPropertyListVerifier {
    static func verify(_ bytes: UnsafeRawBufferPointer, options: PropertyListReadOptions) throws(PropertyListError) -> BinaryPropertyListTrailer {
        let size = bytes.count
        guard size >= 8 + 32 else {
            if size >= 6, !zip(bytes.prefix(6), BinaryPropertyList.magic).allSatisfy({ $0 == $1 }) {
                throw PropertyListError(.badMagic, at: 0, "missing \"bplist00\" magic")
            }
            throw PropertyListError(.tooShort, at: size, "\(size) bytes is shorter than a header and a 32-byte trailer")
        }
        if !zip(bytes.prefix(6), BinaryPropertyList.magic).allSatisfy({ $0 == $1 }) {
            throw PropertyListError(.badMagic, at: 0, "missing \"bplist00\" magic")
        }
        if bytes[6] != UInt8(ascii: "0") || bytes[7] != UInt8(ascii: "0") {
            throw PropertyListError(.unsupportedVersion, at: 6, "binary property list version \"\(Character(UnicodeScalar(bytes[6])))\(Character(UnicodeScalar(bytes[7])))\" (only 00 is supported)")
        }
        func be(_ at: Int, _ width: Int) -> UInt64 {
            var v: UInt64 = 0
            for i in 0..<width { v = v << 8 | UInt64(bytes[at + i]) }
            return v
        }
        let t = size - 32
        let offsetSize = Int(bytes[t + 6]), refSize = Int(bytes[t + 7])
        guard (1...8).contains(offsetSize) else {
            throw PropertyListError(.badTrailer, at: t + 6, "offset size \(offsetSize) is not 1…8")
        }
        guard (1...8).contains(refSize) else {
            throw PropertyListError(.badTrailer, at: t + 7, "object reference size \(refSize) is not 1…8")
        }
        let rawCount = be(t + 8, 8), rawTop = be(t + 16, 8), rawTable = be(t + 24, 8)
        // The offset table lies between the header and the trailer, so it bounds the count before any allocation.
        let available = UInt64(t - 8) / UInt64(offsetSize)
        guard rawCount >= 1, rawCount <= available else {
            throw PropertyListError(.badTrailer, at: t + 8, "object count \(rawCount) does not fit the \(t - 8) bytes before the trailer")
        }
        guard rawCount <= UInt64(options.maxObjectCount) else {
            throw PropertyListError(.limitExceeded, at: t + 8, "object count \(rawCount) is over the limit of \(options.maxObjectCount)")
        }
        let count = Int(rawCount)
        guard rawTop < rawCount else {
            throw PropertyListError(.badTrailer, at: t + 16, "top object \(rawTop) is not below the object count \(count)")
        }
        guard rawTable >= 9, rawTable <= UInt64(t), UInt64(t) - rawTable >= rawCount * UInt64(offsetSize) else {
            throw PropertyListError(.offsetTableOutOfBounds, at: t + 24,
                                    "offset table at \(rawTable) with \(count) entries of \(offsetSize) bytes does not fit between byte 9 and the trailer at \(t)")
        }
        let table = Int(rawTable)
        let end = table  // objects lie between the header and the offset table
        let trailer = BinaryPropertyListTrailer(offsetSize: offsetSize, referenceSize: refSize, objectCount: count,
                                                topObject: Int(rawTop), offsetTableOffset: table)

        @inline(__always) func offset(_ n: Int) -> Int { Int(truncatingIfNeeded: be(table + n * offsetSize, offsetSize)) }

        // 1. Every object: offset, marker, length, payload and references in bounds.
        for n in 0..<count {
            let entryAt = table + n * offsetSize
            let raw = be(entryAt, offsetSize)
            guard raw >= 8, raw < UInt64(end) else {
                throw PropertyListError(.objectOffsetOutOfBounds, at: entryAt, object: n,
                                        "object offset \(raw) is outside the object area 8..<\(end)")
            }
            let at = Int(raw)
            let m = bytes[at]
            guard let kind = BinaryPropertyList.kind(marker: m) else {
                throw PropertyListError(.invalidMarker(m), at: at, object: n, "invalid object marker 0x\(String(m, radix: 16))")
            }
            func need(_ length: Int, from start: Int) throws(PropertyListError) {
                guard start <= end, length >= 0, length <= end - start else {
                    throw PropertyListError(.truncated, at: at, object: n, "object needs \(length) bytes at \(start), past the object area ending at \(end)")
                }
            }
            // Count of a length-prefixed object, and where its payload starts.
            func lengthPrefix(unit: Int) throws(PropertyListError) -> (start: Int, count: Int) {
                let low = Int(m & 0x0F)
                var start = at + 1, n2 = low
                if low == 0x0F {
                    try need(1, from: at + 1)
                    let im = bytes[at + 1]
                    guard im >> 4 == 1, im & 0x0F <= 3 else {
                        throw PropertyListError(.badLength, at: at + 1, object: n, "length is not an integer of 1, 2, 4 or 8 bytes (marker 0x\(String(im, radix: 16)))")
                    }
                    let w = 1 << Int(im & 0x0F)
                    try need(w, from: at + 2)
                    let v = be(at + 2, w)
                    start = at + 2 + w
                    // Bounded by the bytes left before anything is sized from it.
                    guard v <= UInt64(end - start) / UInt64(unit) else {
                        throw PropertyListError(.truncated, at: at + 1, object: n, "length \(v) × \(unit) bytes runs past the object area ending at \(end)")
                    }
                    n2 = Int(v)
                }
                try need(n2 * unit, from: start)
                return (start, n2)
            }
            switch kind {
            case .null, .bool: break
            case .integer:
                let w = 1 << Int(m & 0x0F)
                guard m & 0x0F <= 4 else { throw PropertyListError(.invalidMarker(m), at: at, object: n, "integer of 2^\(m & 0x0F) bytes") }
                try need(w, from: at + 1)
                if w == 16 && be(at + 1, 8) != 0 {
                    throw PropertyListError(.unsupportedInteger, at: at, object: n, "128-bit integer does not fit in 64 bits")
                }
            case .real:
                guard m == 0x22 || m == 0x23 else { throw PropertyListError(.invalidMarker(m), at: at, object: n, "real of 2^\(m & 0x0F) bytes") }
                try need(1 << Int(m & 0x0F), from: at + 1)
            case .date:
                guard m == 0x33 else { throw PropertyListError(.invalidMarker(m), at: at, object: n, "date marker 0x\(String(m, radix: 16))") }
                try need(8, from: at + 1)
            case .data:
                _ = try lengthPrefix(unit: 1)
            case .asciiString:
                let (start, c) = try lengthPrefix(unit: 1)
                for i in start..<(start + c) where bytes[i] >= 0x80 {
                    throw PropertyListError(.invalidString, at: i, object: n, "byte 0x\(String(bytes[i], radix: 16)) in an ASCII string")
                }
            case .utf16String:
                _ = try lengthPrefix(unit: 2)
            case .uid:
                guard m & 0x0F <= 7 else { throw PropertyListError(.invalidMarker(m), at: at, object: n, "UID of \(Int(m & 0x0F) + 1) bytes (at most 8)") }
                try need(Int(m & 0x0F) + 1, from: at + 1)
            case .array, .set, .dictionary:
                let (start, c) = try lengthPrefix(unit: kind == .dictionary ? 2 * refSize : refSize)
                let refs = kind == .dictionary ? 2 * c : c
                for i in 0..<refs {
                    let r = be(start + i * refSize, refSize)
                    guard r < rawCount else {
                        throw PropertyListError(.referenceOutOfRange, at: start + i * refSize, object: n,
                                                "reference to object \(r) of \(count)")
                    }
                }
            }
        }
        // 2. Dictionary keys are strings (checked once every marker is known to be valid).
        for n in 0..<count where bytes[offset(n)] >> 4 == 0xD {
            let at = offset(n)
            let (start, c) = prefixed(bytes, at, be)
            for i in 0..<c {
                let k = Int(be(start + i * refSize, refSize))
                let km = bytes[offset(k)] >> 4
                guard km == 5 || km == 6 else {
                    throw PropertyListError(.keyNotString, at: start + i * refSize, object: n, "dictionary key (object \(k)) is not a string")
                }
            }
        }
        // 3. No container contains itself; nesting bounded. Iterative depth-first walk from every container,
        //    each object finished once, so the cost is linear in the references.
        var state = [UInt8](repeating: 0, count: count)  // 0 new, 1 on the walk's path, 2 finished
        var stack: [(object: Int, next: Int, start: Int, refs: Int)] = []
        for root in 0..<count where state[root] == 0 {
            let rm = bytes[offset(root)] >> 4
            guard rm == 0xA || rm == 0xC || rm == 0xD else { state[root] = 2; continue }
            func push(_ n: Int) throws(PropertyListError) {
                let at = offset(n)
                let (start, c) = prefixed(bytes, at, be)
                let refs = bytes[at] >> 4 == 0xD ? 2 * c : c
                guard stack.count < options.maxDepth else {
                    throw PropertyListError(.depthLimit, at: at, object: n, "containers nested deeper than \(options.maxDepth)")
                }
                state[n] = 1
                stack.append((n, 0, start, refs))
            }
            try push(root)
            while let top = stack.last {
                if top.next == top.refs {
                    state[top.object] = 2
                    stack.removeLast()
                    continue
                }
                stack[stack.count - 1].next += 1
                let child = Int(be(top.start + top.next * refSize, refSize))
                switch state[child] {
                case 1:
                    throw PropertyListError(.cycle, at: top.start + top.next * refSize, object: top.object,
                                            "object \(top.object) contains itself through object \(child)")
                case 2: continue
                default:
                    let cm = bytes[offset(child)] >> 4
                    if cm == 0xA || cm == 0xC || cm == 0xD { try push(child) } else { state[child] = 2 }
                }
            }
        }
        return trailer
    }

    /// Payload start and count of a verified length-prefixed object.
    @inline(__always)
    static func prefixed(_ bytes: UnsafeRawBufferPointer, _ at: Int, _ be: (Int, Int) -> UInt64) -> (Int, Int) {
        let low = Int(bytes[at] & 0x0F)
        if low != 0x0F { return (at + 1, low) }
        let w = 1 << Int(bytes[at + 1] & 0x0F)
        return (at + 2 + w, Int(be(at + 2, w)))
    }
}
