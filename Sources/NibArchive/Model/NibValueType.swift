/// The eleven value type codes of a NIBArchive value entry (NIBARCHIVE.md §2.5).
public enum NibValueType: UInt8, Sendable, CaseIterable, CustomStringConvertible {
    case int8 = 0
    case int16 = 1
    case int32 = 2
    case int64 = 3
    case boolFalse = 4
    case boolTrue = 5
    case float32 = 6
    case float64 = 7
    case data = 8
    case null = 9
    case objectReference = 10

    /// Size of the fixed payload that follows the type byte; `nil` for `.data`, whose length is a varint.
    public var fixedPayloadSize: Int? {
        switch self {
        case .int8: return 1
        case .int16: return 2
        case .int32, .float32, .objectReference: return 4
        case .int64, .float64: return 8
        case .boolFalse, .boolTrue, .null: return 0
        case .data: return nil
        }
    }

    /// The name `nibc dump` and `nibc diff` print for this type.
    public var description: String {
        switch self {
        case .int8: return "int8"
        case .int16: return "int16"
        case .int32: return "int32"
        case .int64: return "int64"
        case .boolFalse: return "false"
        case .boolTrue: return "true"
        case .float32: return "float"
        case .float64: return "double"
        case .data: return "data"
        case .null: return "nil"
        case .objectReference: return "object"
        }
    }

    /// The smallest integer type ibtool uses for `value` (§4.1): 0…127 int8, …32767 int16,
    /// …Int32.max int32, everything else (every negative value included) int64.
    public static func integerType(for value: Int64) -> NibValueType {
        if value >= 0 {
            if value <= 127 { return .int8 }
            if value <= 32_767 { return .int16 }
            if value <= 2_147_483_647 { return .int32 }
        }
        return .int64
    }
}
