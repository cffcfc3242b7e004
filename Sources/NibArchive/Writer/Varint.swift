/// Appends `value` as a NIBArchive varint in its shortest form (§1.2: low 7-bit group first,
/// high bit set on the last byte).
@inline(__always)
func appendVarint(_ value: Int, to out: inout [UInt8]) {
    precondition(value >= 0 && value <= Int(UInt32.max), "varint out of range: \(value)")
    var v = value
    while v >= 0x80 {
        out.append(UInt8(v & 0x7F))
        v >>= 7
    }
    out.append(UInt8(v) | 0x80)
}

/// Appends `value`'s bytes, least significant first. Byte by byte: appending a raw buffer of the value
/// cost about 100 instructions per value.
@inline(__always)
func appendLittleEndian<T: FixedWidthInteger>(_ value: T, to out: inout [UInt8]) {
    var v = value
    for _ in 0..<MemoryLayout<T>.size {
        out.append(UInt8(truncatingIfNeeded: v))
        v >>= 8
    }
}
