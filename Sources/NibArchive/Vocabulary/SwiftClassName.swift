/// Swift runtime class names as Interface Builder writes them for custom classes, and back.
///
/// The one implementation shared by both compilers (UIKit `UIClassName`, AppKit `NSClassName`) and the
/// runtime's class registry. A class `Inner` nested in `Outer` in module `App` is `_TtCC3App5Outer5Inner`:
/// one `C` per nesting level, then the module and each name with its UTF-8 length, as Swift's runtime
/// (`NSStringFromClass`) spells it. Names that already start with `_Tt` are taken as mangled.
/// Not covered: identifiers outside ASCII (Swift mangles them with Punycode) and generic classes.
public enum SwiftClassName {
    /// `_TtC<len><module>(<len><name>)+` for `name` (`Class` or `Outer.Inner`) in `module`.
    public static func mangled(module: String, name: String) -> String {
        if name.hasPrefix("_Tt") { return name }
        if let ascii = asciiMangled(module: module, name: name) { return ascii }
        let parts = name.split(separator: ".", omittingEmptySubsequences: false)
        var s = "_Tt" + String(repeating: "C", count: parts.count)
        s += "\(module.utf8.count)\(module)"
        for p in parts { s += "\(p.utf8.count)\(p)" }
        return s
    }

    /// `mangled` for an ASCII `name`, built byte by byte (splitting into Substrings and interpolating cost
    /// about 10,000 instructions per custom class); nil otherwise (a non-ASCII name splits by Character,
    /// where a "." with a combining mark is no separator).
    private static func asciiMangled(module: String, name: String) -> String? {
        var name = name
        return name.withUTF8 { name -> String? in
            var levels = 1
            for b in name {
                guard b < 0x80 else { return nil }
                if b == UInt8(ascii: ".") { levels += 1 }
            }
            var out = [UInt8]()
            out.reserveCapacity(3 + levels * 4 + module.utf8.count + name.count)
            out.append(contentsOf: "_Tt".utf8)
            out.append(contentsOf: repeatElement(UInt8(ascii: "C"), count: levels))
            func appendLength(_ n: Int) { out.append(contentsOf: String(n).utf8) }
            appendLength(module.utf8.count)
            out.append(contentsOf: module.utf8)
            var start = 0
            for i in 0...name.count where i == name.count || name[i] == UInt8(ascii: ".") {
                appendLength(i - start)
                out.append(contentsOf: UnsafeBufferPointer(rebasing: name[start..<i]))
                start = i + 1
            }
            return String(decoding: out, as: UTF8.self)
        }
    }

    /// `Module.Class` (or `Module.Outer.Inner`) for a mangled class name, nil for anything else
    /// (including malformed lengths and trailing bytes).
    public static func demangled(_ name: String) -> String? {
        var bytes = Substring(name).utf8[...]
        guard bytes.starts(with: "_Tt".utf8) else { return nil }
        bytes = bytes.dropFirst(3)
        var levels = 0
        while bytes.first == UInt8(ascii: "C") { levels += 1; bytes = bytes.dropFirst() }
        guard levels > 0 else { return nil }
        var parts: [String] = []
        for _ in 0...levels {
            var length = 0
            var digits = 0
            while let b = bytes.first, b >= UInt8(ascii: "0"), b <= UInt8(ascii: "9") {
                guard digits < 9 else { return nil }  // no identifier is a billion bytes long
                length = length * 10 + Int(b - UInt8(ascii: "0"))
                digits += 1
                bytes = bytes.dropFirst()
            }
            guard digits > 0, length > 0, bytes.count >= length else { return nil }
            guard let part = String(bytes.prefix(length)) else { return nil }
            parts.append(part)
            bytes = bytes.dropFirst(length)
        }
        guard bytes.isEmpty else { return nil }
        return parts.joined(separator: ".")
    }
}
