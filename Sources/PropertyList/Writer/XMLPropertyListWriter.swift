import XMLEscaping

/// Writes XML property lists in the layout of CoreFoundation's XML writer (what `plutil -convert xml1` and ibtool
/// print): the XML declaration and DOCTYPE, `<plist version="1.0">`, one element per line indented by tabs,
/// dictionary keys sorted, `<dict/>` and `<array/>` for empty containers, `<true/>`/`<false/>`, and `&`, `<`, `>`
/// escaped in text. Writing cannot fail: every `PropertyListValue` has an XML form (a UID is written as
/// CoreFoundation writes one, a dictionary with `CF$UID`; `.null` and sets, which XML plists lack, as an empty
/// string and an array).
public struct XMLPropertyListWriter: Sendable {
    /// Creates a writer.
    public init() {}

    /// The document for `value`.
    public func write(_ value: PropertyListValue) -> [UInt8] {
        var out = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0">

            """
        append(value, depth: 0, to: &out)
        out += "</plist>\n"
        return Array(out.utf8)
    }

    private func append(_ value: PropertyListValue, depth: Int, to out: inout String) {
        let indent = String(repeating: "\t", count: depth)
        switch value {
        case .null: out += indent + "<string></string>\n"
        case .bool(let b): out += indent + (b ? "<true/>\n" : "<false/>\n")
        case .integer(let i): out += indent + "<integer>\(i)</integer>\n"
        case .real(let d): out += indent + "<real>\(Self.real(d))</real>\n"
        case .float(let f): out += indent + "<real>\(Self.real(Double(f)))</real>\n"
        case .date(let seconds): out += indent + "<date>\(Self.iso8601(seconds))</date>\n"
        case .data(let bytes): out += indent + "<data>\n" + indent + Self.base64(bytes) + "\n" + indent + "</data>\n"
        case .string(let s): out += indent + "<string>\(Self.escaped(s))</string>\n"
        case .uid(let u): append(.dictionary([PropertyListEntry("CF$UID", .integer(Int64(truncatingIfNeeded: u)))]), depth: depth, to: &out)
        case .array(let items), .set(let items):
            guard !items.isEmpty else { out += indent + "<array/>\n"; return }
            out += indent + "<array>\n"
            for item in items { append(item, depth: depth + 1, to: &out) }
            out += indent + "</array>\n"
        case .dictionary(let entries):
            guard !entries.isEmpty else { out += indent + "<dict/>\n"; return }
            out += indent + "<dict>\n"
            for entry in entries.sortedByKey() {
                out += indent + "\t<key>\(Self.escaped(entry.key))</key>\n"
                append(entry.value, depth: depth + 1, to: &out)
            }
            out += indent + "</dict>\n"
        }
    }

    /// Character data as CoreFoundation's writer escapes it: `&`, `<` and `>`, carriage returns kept.
    static func escaped(_ s: String) -> String {
        XMLEscaping.escaped(s, for: .characterData, carriageReturn: .literal)
    }

    /// A real as CoreFoundation prints it: integral values without a fraction, others with the shortest
    /// representation that reads back, `nan`, `+infinity`, `-infinity`.
    static func real(_ d: Double) -> String {
        if d.isNaN { return "nan" }
        if d.isInfinite { return d < 0 ? "-infinity" : "+infinity" }
        if d == d.rounded(), abs(d) < 1e15 { return String(Int64(d)) }
        return "\(d)"
    }

    /// `YYYY-MM-DDTHH:MM:SSZ` for seconds since 2001-01-01 00:00:00 UTC (proleptic Gregorian calendar).
    static func iso8601(_ seconds: Double) -> String {
        guard seconds.isFinite, abs(seconds) < 1e14 else { return "2001-01-01T00:00:00Z" }
        let total = Int64(seconds.rounded(.down))
        var days = total >= 0 ? total / 86_400 : (total - 86_399) / 86_400
        var rest = total - days * 86_400
        let hour = rest / 3600; rest %= 3600
        let minute = rest / 60, second = rest % 60
        days += 730_791  // 2001-01-01 counted from 0000-03-01, the epoch of the civil-from-days algorithm
        let era = (days >= 0 ? days : days - 146_096) / 146_097
        let dayOfEra = days - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        func two(_ n: Int64) -> String { n < 10 ? "0\(n)" : "\(n)" }
        let y = String(year)
        return "\(String(repeating: "0", count: max(0, 4 - y.count)))\(y)-\(two(month))-\(two(day))T\(two(hour)):\(two(minute)):\(two(second))Z"
    }

    static func base64(_ bytes: [UInt8]) -> String {
        let table = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
        var out: [UInt8] = []
        out.reserveCapacity((bytes.count + 2) / 3 * 4)
        var i = 0
        while i < bytes.count {
            let b0 = bytes[i], b1 = i + 1 < bytes.count ? bytes[i + 1] : 0, b2 = i + 2 < bytes.count ? bytes[i + 2] : 0
            out.append(table[Int(b0 >> 2)])
            out.append(table[Int((b0 & 0x03) << 4 | b1 >> 4)])
            out.append(i + 1 < bytes.count ? table[Int((b1 & 0x0F) << 2 | b2 >> 6)] : UInt8(ascii: "="))
            out.append(i + 2 < bytes.count ? table[Int(b2 & 0x3F)] : UInt8(ascii: "="))
            i += 3
        }
        return String(decoding: out, as: UTF8.self)
    }
}
