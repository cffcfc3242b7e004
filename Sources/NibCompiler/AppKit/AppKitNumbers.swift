import NibArchive
import XIB

// Numbers a formatter produces: NSNumber for 10.4-behaviour formatters, NSDecimalNumber for 10.0-behaviour
// ones (or `generatesDecimalNumbers`).

/// An `NSDecimal` as `-[NSDecimalNumber encodeWithCoder:]` archives it: `NS.exponent`, `NS.length` (16-bit
/// mantissa words in use), `NS.negative`, `NS.compact`, `NS.mantissa.bo` (1: little-endian words) and the
/// 16-byte `NS.mantissa`.
struct DecimalValue: Equatable {
    var mantissa: UInt64
    var exponent: Int
    var negative: Bool

    /// Parses a plain decimal literal ("12", "-0.5", "1e3"); nil for anything else (including "NaN").
    init?(_ text: String) {
        var s = Substring(text.trimmingCharacters(in: " "))
        var exp = 0
        if let e = s.firstIndex(where: { $0 == "e" || $0 == "E" }) {
            guard let v = Int(s[s.index(after: e)...]), abs(v) < 128 else { return nil }
            exp = v
            s = s[..<e]
        }
        negative = s.hasPrefix("-")
        if s.hasPrefix("-") || s.hasPrefix("+") { s = s.dropFirst() }
        let parts = s.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), !(parts[0].isEmpty && (parts.count == 1 || parts[1].isEmpty)) else { return nil }
        let digits = parts[0] + (parts.count == 2 ? parts[1] : "")
        guard digits.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        exp -= parts.count == 2 ? parts[1].count : 0
        var m: UInt64 = 0
        for d in digits {
            let (a, o1) = m.multipliedReportingOverflow(by: 10)
            let (b, o2) = a.addingReportingOverflow(UInt64(d.wholeNumberValue ?? 0))
            guard !o1, !o2 else { return nil }
            m = b
        }
        // Compact form (NSDecimalCompact): no trailing decimal zeros in the mantissa.
        while m != 0, m % 10 == 0 { m /= 10; exp += 1 }
        if m == 0 { exp = 0; negative = false }
        guard abs(exp) < 128 else { return nil }
        mantissa = m
        exponent = exp
    }

    /// 16-bit words in use.
    var length: Int {
        var n = 0, m = mantissa
        while m != 0 { n += 1; m >>= 16 }
        return n
    }
}

extension AppKitCompiler {
    /// An `NSDecimalNumberPlaceholder` (the class NSDecimalNumber archives as). A value that is not a plain
    /// decimal literal ("NaN", IB's "no limit") is archived with no mantissa words, as zero.
    func decimalNumber(_ text: String) -> Int {
        let d = DecimalValue(text) ?? DecimalValue("0")!
        var e = Entries()
        e.int("NS.exponent", d.exponent)
        e.int("NS.length", d.length)
        e.bool("NS.negative", d.negative)
        e.bool("NS.compact", true)
        e.int("NS.mantissa.bo", 1)
        var bytes = [UInt8](repeating: 0, count: 16)
        for k in 0..<8 { bytes[k] = UInt8((d.mantissa >> (8 * UInt64(k))) & 0xFF) }
        e.add("NS.mantissa", .data(bytes))
        return b.intern(NibObject(className: "NSDecimalNumberPlaceholder", entries: e.list))
    }

    /// The object value a cell with a number formatter holds for its title (IB sets the cell's value through
    /// the formatter): an NSNumber — an integer when integral — or, for decimal-number formatters, an
    /// NSDecimalNumber; nil when the title does not read as a number (the string is archived).
    func formattedNumber(_ title: String, formatter: XIBNode) -> Int? {
        guard formatter.isNamed("numberFormatter") else { return nil }
        var text = title.trimmingCharacters(in: " ")
        let grouping = formatter.peek("groupingSeparator") ?? formatter.peek("thousandSeparator") ?? ","
        if !grouping.isEmpty { text = text.replacingOccurrences(of: grouping, with: "") }
        if let decimalSeparator = formatter.peek("decimalSeparator"), decimalSeparator != "." {
            text = text.replacingOccurrences(of: decimalSeparator, with: ".")
        }
        guard let d = DecimalValue(text) else { return nil }
        if formatter.peek("formatterBehavior", is: "10_0") || formatter.peek("generatesDecimalNumbers", is: "YES") {
            return decimalNumber(text)
        }
        if d.exponent >= 0, d.exponent < 19, let v = Int64(text.hasPrefix("+") ? String(text.dropFirst()) : text) { return b.number(v) }
        guard let v = Double(text), v.isFinite else { return nil }
        return v.rounded() == v && abs(v) < 1e15 ? b.number(Int64(v)) : b.number(v)
    }
}

private extension String {
    func trimmingCharacters(in set: Character) -> String {
        var s = Substring(self)
        while s.first == set { s = s.dropFirst() }
        while s.last == set { s = s.dropLast() }
        return String(s)
    }

    func replacingOccurrences(of target: String, with replacement: String) -> String {
        guard !target.isEmpty else { return self }
        var out = "", rest = Substring(self)
        while let r = rest.firstRange(of: target) {
            out += rest[..<r.lowerBound] + replacement
            rest = rest[r.upperBound...]
        }
        return out + rest
    }
}
