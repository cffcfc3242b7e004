/// Character classes from the XML 1.0 (fifth edition) grammar.
enum XMLCharacters {
    // Bit masks over ASCII: bit n of `low` is byte n (0-63), bit n of `high` is byte 64 + n.
    static let nameStartLow: UInt64 = 0x0400_0000_0000_0000  // ':'
    static let nameStartHigh: UInt64 = 0x07FF_FFFE_87FF_FFFE // A-Z '_' a-z
    static let nameCharLow: UInt64 = 0x07FF_6000_0000_0000   // '-' '.' 0-9 ':'
    static let nameCharHigh: UInt64 = 0x07FF_FFFE_87FF_FFFE

    /// Whether an ASCII byte (< 0x80) may start a name.
    @inline(__always)
    static func isASCIINameStart(_ b: UInt8) -> Bool {
        b < 64 ? (nameStartLow >> UInt64(b)) & 1 != 0 : (nameStartHigh >> UInt64(b & 63)) & 1 != 0
    }

    /// Whether an ASCII byte (< 0x80) may continue a name.
    @inline(__always)
    static func isASCIINameChar(_ b: UInt8) -> Bool {
        b < 64 ? (nameCharLow >> UInt64(b)) & 1 != 0 : (nameCharHigh >> UInt64(b & 63)) & 1 != 0
    }

    /// NameStartChar for scalars >= 0x80.
    static func isNameStartScalar(_ v: UInt32) -> Bool {
        switch v {
        case 0xC0...0xD6, 0xD8...0xF6, 0xF8...0x2FF, 0x370...0x37D, 0x37F...0x1FFF, 0x200C...0x200D,
             0x2070...0x218F, 0x2C00...0x2FEF, 0x3001...0xD7FF, 0xF900...0xFDCF, 0xFDF0...0xFFFD,
             0x10000...0xEFFFF:
            return true
        default:
            return false
        }
    }

    /// NameChar for scalars >= 0x80.
    static func isNameScalar(_ v: UInt32) -> Bool {
        isNameStartScalar(v) || v == 0xB7 || (0x300...0x36F).contains(v) || (0x203F...0x2040).contains(v)
    }

    /// The `Char` production: code points a character reference may name.
    static func isXMLChar(_ v: UInt32) -> Bool {
        switch v {
        case 0x9, 0xA, 0xD, 0x20...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF: return true
        default: return false
        }
    }

    /// XML white space: space, tab, LF, CR.
    @inline(__always)
    static func isWhitespace(_ b: UInt8) -> Bool {
        b == 0x20 || b == 0x0A || b == 0x09 || b == 0x0D
    }
}
