/// A point, decoded from UIKit's packed struct or AppKit's `{x, y}` string.
public struct NibPoint: Sendable, Hashable {
    /// The horizontal coordinate.
    public var x: Double
    /// The vertical coordinate.
    public var y: Double
    /// Creates a point.
    public init(x: Double, y: Double) { self.x = x; self.y = y }
    /// The origin.
    public static let zero = NibPoint(x: 0, y: 0)
}

/// A size, decoded from UIKit's packed struct or AppKit's `{w, h}` string.
public struct NibSize: Sendable, Hashable {
    /// The width.
    public var width: Double
    /// The height.
    public var height: Double
    /// Creates a size.
    public init(width: Double, height: Double) { self.width = width; self.height = height }
    /// The empty size.
    public static let zero = NibSize(width: 0, height: 0)
}

/// A rectangle, decoded from UIKit's packed struct or AppKit's `{{x, y}, {w, h}}` string.
public struct NibRect: Sendable, Hashable {
    /// The origin (x, y).
    public var origin: NibPoint
    /// The size (width, height).
    public var size: NibSize
    /// Creates a rectangle.
    public init(origin: NibPoint, size: NibSize) { self.origin = origin; self.size = size }
    /// Creates a rectangle from its four fields.
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.init(origin: NibPoint(x: x, y: y), size: NibSize(width: width, height: height))
    }
    /// The empty rectangle at the origin.
    public static let zero = NibRect(x: 0, y: 0, width: 0, height: 0)
}

/// Edge insets in UIKit field order (top, left, bottom, right).
public struct NibEdgeInsets: Sendable, Hashable {
    /// The top inset.
    public var top: Double
    /// The left inset.
    public var left: Double
    /// The bottom inset.
    public var bottom: Double
    /// The right inset.
    public var right: Double
    /// Creates insets.
    public init(top: Double, left: Double, bottom: Double, right: Double) {
        self.top = top; self.left = left; self.bottom = bottom; self.right = right
    }
    /// All-zero insets.
    public static let zero = NibEdgeInsets(top: 0, left: 0, bottom: 0, right: 0)
}

/// Parsers for the two archived geometry encodings (NIBARCHIVE.md §4.2 and §7.5).
public enum NibGeometry {
    /// The elements of a UIKit packed struct: byte 0 is 7 (float64) or 6 (float32), then little-endian elements.
    /// Returns nil when the bytes are not such a struct.
    public static func elements<Bytes: RandomAccessCollection<UInt8>>(packed bytes: Bytes) -> [Double]? where Bytes.Index == Int {
        guard let kind = bytes.first else { return nil }
        let size: Int
        switch kind {
        case 7: size = 8
        case 6: size = 4
        default: return nil
        }
        let payload = bytes.count - 1
        guard payload > 0, payload % size == 0 else { return nil }
        var result = [Double]()
        result.reserveCapacity(payload / size)
        var i = bytes.startIndex + 1
        while i < bytes.endIndex {
            var bits: UInt64 = 0
            for b in 0..<size { bits |= UInt64(bytes[i + b]) << (8 * UInt64(b)) }
            result.append(size == 8 ? Double(bitPattern: bits) : Double(Float(bitPattern: UInt32(truncatingIfNeeded: bits))))
            i += size
        }
        return result
    }

    /// The numbers of an AppKit geometry string such as `{{10, 10}, {93, 93}}` or `{200, 200}`, in order.
    /// Returns nil when the text is not made of braces, commas, spaces and numbers.
    public static func elements(string text: String) -> [Double]? {
        var result = [Double]()
        var current = ""
        func flush() -> Bool {
            if current.isEmpty { return true }
            guard let v = Double(current) else { return false }
            result.append(v)
            current = ""
            return true
        }
        for ch in text.unicodeScalars {
            switch ch {
            case "{", "}", ",", " ", "\t", "\n":
                guard flush() else { return nil }
            case "0"..."9", "-", "+", ".", "e", "E":
                current.unicodeScalars.append(ch)
            default:
                return nil
            }
        }
        guard flush(), !result.isEmpty else { return nil }
        return result
    }
}
