/// A window's toolbar as the renderer draws it, read from a XIB's `<toolbar key="toolbar">` or a nib's `NSToolbar`
/// (a window template's `NSViewClass`): the items it shows by default, in order.
struct ToolbarModel {
    /// The box id: the XIB id, or the object's tree path in a nib.
    var id: String
    /// `NSToolbar`, or its custom class.
    var className: String
    /// The items shown by default, in order.
    var items: [ToolbarItemModel]
}

/// One toolbar item: a labelled cell, or a space.
struct ToolbarItemModel {
    /// A labelled item, or one of AppKit's spacing items (drawn as a gap).
    enum Kind { case item, space, flexibleSpace, separator }
    /// The box id: the XIB id, or the object's tree path in a nib.
    var id: String
    /// `NSToolbarItem`, or the item's custom class.
    var className: String
    /// The framework class when a custom class is set.
    var baseClass: String?
    var kind: Kind
    /// The label, else the palette label, else the title of the item's view.
    var label: String?
    /// The image name.
    var image: String?
    /// The item's `minSize` width.
    var minimumWidth: Double?

    /// The kind of an item by its identifier (AppKit's space and separator items), else a plain item.
    static func kind(identifier: String?) -> Kind {
        switch identifier {
        case "NSToolbarSpaceItem": return .space
        case "NSToolbarFlexibleSpaceItem": return .flexibleSpace
        case "NSToolbarSeparatorItem": return .separator
        default: return .item
        }
    }
}

/// Where a toolbar is drawn: a strip under the window's title bar, above the content area (the window's box grows by
/// the strip's height, as a real window's frame grows by its toolbar's), the items left to right, each a cell as wide
/// as its label's estimated width or its `minSize`, flexible spaces sharing what is left. Like a menu, an item's
/// `frame` is its place (`x` the index among the default items), not a rectangle.
public enum ToolbarLayout {
    /// The height of the strip.
    public static let height = 36.0
    /// The point size of item labels (AppKit's toolbar label font).
    public static let fontSize = 11.0
    /// The width of a space item, and of the gap between items.
    public static let spaceWidth = 8.0
    /// The narrowest item cell.
    public static let minimumItemWidth = 32.0

    /// The strip's and the items' boxes for a window whose box is `window`, the strip `top` below the window's top.
    static func boxes(_ toolbar: ToolbarModel, in window: RenderBox, top: Double) -> [RenderBox] {
        let strip = RenderRect(x: window.rect.x, y: window.rect.y + top, width: window.rect.width, height: height)
        var bar = RenderBox(id: toolbar.id, className: toolbar.className, kind: .toolbar, rect: strip, frame: .zero,
                            parent: window.id, root: window.root)
        bar.clips = true
        var out = [bar]
        func width(_ item: ToolbarItemModel) -> Double {
            switch item.kind {
            case .item:
                let text = item.label.map { TextFormatting.estimatedWidth($0, size: fontSize) + 2 * spaceWidth } ?? 0
                return max(minimumItemWidth, text, item.minimumWidth ?? 0)
            case .space, .separator: return spaceWidth
            case .flexibleSpace: return 0
            }
        }
        let fixed = toolbar.items.reduce(spaceWidth) { $0 + width($1) + spaceWidth }
        let flexibleCount = toolbar.items.filter { $0.kind == .flexibleSpace }.count
        let flexible = flexibleCount > 0 ? max(strip.width - fixed, 0) / Double(flexibleCount) : 0
        var x = strip.x + spaceWidth
        for (index, item) in toolbar.items.enumerated() {
            let w = item.kind == .flexibleSpace ? flexible : width(item)
            if item.kind == .item {
                var b = RenderBox(id: item.id, className: item.className, kind: .toolbarItem,
                                  rect: RenderRect(x: x, y: strip.y + 3, width: w, height: height - 6),
                                  frame: RenderRect(x: Double(index), y: 0, width: 0, height: 0), parent: toolbar.id, root: window.root)
                b.baseClass = item.baseClass
                b.text = item.label.flatMap { $0.isEmpty ? nil : $0 }
                b.image = item.image
                b.fontSize = fontSize
                out.append(b)
            }
            x += w + spaceWidth
        }
        return out
    }
}
