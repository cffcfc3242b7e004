/// Emits `value` as a NIBArchive varint in its shortest form (§1.2: low 7-bit group first, high bit set
/// on the last byte), one byte at a time: the one encoder behind the writer's cursor and `appendVarint`.
@inline(__always)
func encodeVarint(_ value: Int, _ emit: (UInt8) -> Void) {
    precondition(value >= 0 && value <= Int(UInt32.max), "varint out of range: \(value)")
    var v = value
    while v >= 0x80 {
        emit(UInt8(v & 0x7F))
        v >>= 7
    }
    emit(UInt8(v) | 0x80)
}

/// Appends `value` as a NIBArchive varint in its shortest form.
func appendVarint(_ value: Int, to out: inout [UInt8]) {
    encodeVarint(value) { out.append($0) }
}
