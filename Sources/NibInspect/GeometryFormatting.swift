import NibArchive

/// Decoding of UIKit's packed geometry structs (NIBARCHIVE.md §4.2) for display.
public enum PackedGeometry {
    /// Keys known to hold packed structs, with the struct's field names.
    public static let knownKeys: [String: [String]] = {
        let point = ["x", "y"], size = ["width", "height"], rect = ["x", "y", "width", "height"]
        let insets = ["top", "left", "bottom", "right"]
        return [
            "UIBounds": rect, "UICenter": point, "UIShadowOffset": size, "UIContentEdgeInsets": insets,
            "UIImageEdgeInsets": insets, "UITitleEdgeInsets": insets, "UISeparatorInset": insets,
            "UIViewLayoutMargins": insets, "UIContentSize": size, "UIContentStretch": rect, "UIItemSize": size,
            "UISectionInset": insets, "UIContentInset": insets, "UIScrollIndicatorInsets": insets,
            "UIContentOffset": point, "UIEstimatedItemSize": size, "UIHeaderReferenceSize": size,
            "UIFooterReferenceSize": size, "UIMinimumContentSize": size,
        ]
    }()

    /// The struct's elements when `bytes` is a packed struct (`07` + float64s or `06` + float32s)
    /// with 2, 4 or 6 elements; nil otherwise.
    public static func decode(_ bytes: [UInt8]) -> [Double]? {
        guard let kind = bytes.first else { return nil }
        let width = kind == 7 ? 8 : kind == 6 ? 4 : 0
        guard width > 0, (bytes.count - 1) % width == 0 else { return nil }
        let n = (bytes.count - 1) / width
        guard n == 2 || n == 4 || n == 6 else { return nil }
        return (0..<n).map { i in
            var bits: UInt64 = 0
            for b in 0..<width { bits |= UInt64(bytes[1 + i * width + b]) << (8 * b) }
            return width == 8 ? Double(bitPattern: bits) : Double(Float(bitPattern: UInt32(bits)))
        }
    }

    /// `(0, 0, 320, 44)` style text, numbers printed without a trailing `.0`.
    public static func format(_ elements: [Double]) -> String {
        "(" + elements.map(formatNumber).joined(separator: ", ") + ")"
    }

    /// A number printed as an integer when it is one.
    public static func formatNumber(_ x: Double) -> String {
        if x.isFinite && x.rounded() == x && abs(x) < 1e15 { return String(Int64(x)) }
        return String(x)
    }
}
