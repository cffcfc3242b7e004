/// Where roots go when a document has several (top-level views and windows, compiled storyboard nibs): in one
/// row, in order, with a gap, so every picture of the same document lays out the same way.
public enum CanvasLayout {
    /// The space around the picture.
    public static let margin = 20.0
    /// The space between two roots.
    public static let gap = 40.0
    /// The height of a window's title bar drawn above its content view.
    public static let titleBarHeight = 22.0

    /// The origin of each root of the given sizes, left to right.
    public static func row(_ sizes: [(width: Double, height: Double)]) -> [(x: Double, y: Double)] {
        var x = margin
        var out: [(x: Double, y: Double)] = []
        for size in sizes {
            out.append((x, margin))
            x += max(size.width, 0) + gap
        }
        return out
    }
}
