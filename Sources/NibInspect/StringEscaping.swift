/// Quoted string literals for the inspector's two output forms: JSON (`--json`) and the readable dump,
/// which uses Swift's escapes so a dumped string can be pasted into a test.
public enum StringEscaping {
    /// A JSON string literal (RFC 8259: `\"`, `\\`, `\n`, `\r`, `\t`, other controls as `\u00XX`).
    public static func json(_ text: String) -> String {
        quoted(text) { "\\u" + String($0, radix: 16).leftPadded(4) }
    }

    /// A Swift string literal (`\0` and `\u{X}` for the other controls).
    static func swift(_ text: String) -> String {
        quoted(text) { $0 == 0 ? "\\0" : "\\u{\(String($0, radix: 16))}" }
    }

    private static func quoted(_ text: String, control: (UInt32) -> String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 { out += control(scalar.value) } else { out.unicodeScalars.append(scalar) }
            }
        }
        return out + "\""
    }
}
