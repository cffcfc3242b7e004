/// A menu as the renderer draws it, read from a XIB's `<menu>` or a nib's `NSMenu`: its items in order, each with
/// its title, key equivalent and submenu.
struct MenuModel {
    /// The box id: the XIB id, or the object's tree path in a nib.
    var id: String
    /// `NSMenu`, or the menu's custom class.
    var className: String
    /// The framework class when a custom class is set.
    var baseClass: String?
    /// The menu bar (`systemMenu="main"`, a nib's `NSName` `_NSMainMenu`): drawn as a bar with a column per submenu.
    var isMainMenu: Bool
    /// The items in order.
    var items: [MenuItemModel]
}

/// One menu item.
struct MenuItemModel {
    /// The box id: the XIB id, or the object's tree path in a nib.
    var id: String
    /// `NSMenuItem`, or the item's custom class.
    var className: String
    /// The framework class when a custom class is set.
    var baseClass: String?
    /// The title (empty for a separator).
    var title: String
    /// The key equivalent as a menu shows it (`⇧⌘S`), nil when there is none.
    var keyEquivalent: String?
    /// A separator line.
    var isSeparator: Bool
    /// `hidden="YES"`, a nib's `NSIsHidden`.
    var isHidden: Bool
    /// The item's submenu, read to `MenuLayout`'s depth (empty below it).
    var submenu: MenuModel?
}

/// Where menus are drawn. A document stores no frames for menus, so they are laid out from the item list alone:
/// fixed row heights, widths from the estimated width of the longest title and key equivalent. The main menu is a
/// bar with each top-level submenu open as a column under its title; any other menu is a column. Deeper submenus are
/// not opened: their item shows `▸`.
///
/// A menu box's `frame` is its place, not a rectangle: `x` the column (the bar item's index), `y` the row, width and
/// height 0. `nibc diff` compares frames, so it marks an item moved when its place changes, never for a neighbour's
/// longer title widening the column.
public enum MenuLayout {
    /// The height of the menu bar.
    public static let barHeight = 24.0
    /// The height of an item's row.
    public static let rowHeight = 22.0
    /// The height of a separator's row.
    public static let separatorHeight = 11.0
    /// Space above the first and below the last row of a column.
    public static let columnPadding = 5.0
    /// Space left and right of a title.
    public static let inset = 12.0
    /// The point size of menu titles (AppKit's `menu` font).
    public static let fontSize = 14.0
    /// The narrowest column.
    public static let minimumColumnWidth = 120.0
    /// The submenu marker drawn where a key equivalent would be.
    public static let submenuMarker = "▸"

    /// The boxes of `menu`, its root at the origin.
    static func boxes(_ menu: MenuModel) -> [RenderBox] {
        var out: [RenderBox] = []
        if menu.isMainMenu {
            bar(menu, into: &out)
        } else {
            column(menu, x: 0, y: 0, place: 0, parent: nil, root: menu.id, into: &out)
        }
        return out
    }

    /// The width of a column for `menu`'s visible items.
    static func columnWidth(_ menu: MenuModel) -> Double {
        var width = minimumColumnWidth
        for item in menu.items where !item.isSeparator {
            let detail = detail(item).map { TextFormatting.estimatedWidth($0, size: fontSize) + 2 * inset } ?? 0
            width = max(width, inset + TextFormatting.estimatedWidth(item.title, size: fontSize) + detail + inset)
        }
        return width
    }

    /// What an item shows right-aligned: its key equivalent, or the submenu marker.
    static func detail(_ item: MenuItemModel) -> String? {
        item.submenu != nil ? submenuMarker : item.keyEquivalent
    }

    /// The main menu: a bar of titles, each top-level submenu open as a column under its title.
    private static func bar(_ menu: MenuModel, into out: inout [RenderBox]) {
        let rootIndex = out.count
        out.append(box(id: menu.id, className: menu.className, baseClass: menu.baseClass, kind: .menuBar, rect: .zero,
                       place: (0, 0), parent: nil, root: menu.id))
        var x = 0.0, height = barHeight
        for (index, item) in menu.items.enumerated() where !item.isSeparator {
            let titleWidth = inset + TextFormatting.estimatedWidth(item.title, size: fontSize) + inset
            let width = max(titleWidth, item.submenu.map(columnWidth) ?? 0)
            var b = box(id: item.id, className: item.className, baseClass: item.baseClass, kind: .menuItem,
                        rect: RenderRect(x: x, y: 0, width: width, height: barHeight), place: (Double(index), 0), parent: menu.id, root: menu.id)
            b.text = item.title.isEmpty ? nil : item.title
            b.textAlignment = "center"
            b.isHidden = item.isHidden
            out.append(b)
            if let submenu = item.submenu {
                let bottom = column(submenu, x: x, y: barHeight, width: width, place: Double(index), parent: item.id, root: menu.id, into: &out)
                height = max(height, bottom)
            }
            x += width
        }
        out[rootIndex].rect = RenderRect(x: 0, y: 0, width: x, height: height)
    }

    /// A menu as a column at (`x`, `y`); returns its bottom edge.
    @discardableResult
    private static func column(_ menu: MenuModel, x: Double, y: Double, width: Double? = nil, place: Double, parent: String?,
                               root: String, into out: inout [RenderBox]) -> Double {
        let width = width ?? columnWidth(menu)
        let menuIndex = out.count
        out.append(box(id: menu.id, className: menu.className, baseClass: menu.baseClass, kind: .menu, rect: .zero,
                       place: (place, 0), parent: parent, root: root))
        var top = y + columnPadding
        for (row, item) in menu.items.enumerated() {
            let height = item.isSeparator ? separatorHeight : rowHeight
            var b = box(id: item.id, className: item.className, baseClass: item.baseClass,
                        kind: item.isSeparator ? .menuSeparator : .menuItem,
                        rect: RenderRect(x: x, y: top, width: width, height: height), place: (place, Double(row)),
                        parent: menu.id, root: root)
            if !item.isSeparator {
                b.text = item.title.isEmpty ? nil : item.title
                b.detail = detail(item)
            }
            b.isHidden = item.isHidden
            out.append(b)
            top += height
        }
        let bottom = top + columnPadding
        out[menuIndex].rect = RenderRect(x: x, y: y, width: width, height: bottom - y)
        return bottom
    }

    private static func box(id: String, className: String, baseClass: String?, kind: BoxKind, rect: RenderRect,
                            place: (Double, Double), parent: String?, root: String) -> RenderBox {
        var b = RenderBox(id: id, className: className, kind: kind, rect: rect,
                          frame: RenderRect(x: place.0, y: place.1, width: 0, height: 0), parent: parent, root: root)
        b.baseClass = baseClass
        if kind == .menuItem || kind == .menuBar { b.fontSize = fontSize }
        return b
    }

    /// AppKit's modifier flags as a nib archives them (`NSKeyEquivModMask`) and `<modifierMask>` names them.
    enum Modifier {
        static let shift = 1 << 17, control = 1 << 18, option = 1 << 19, command = 1 << 20
    }

    /// A key equivalent as a menu shows it: the modifiers in AppKit's order (⌃⌥⇧⌘), then the key (a letter in
    /// upper case; an upper-case letter implies ⇧); nil for no key.
    static func keyEquivalent(_ key: String, modifiers: Int) -> String? {
        guard let scalar = key.unicodeScalars.first else { return nil }
        var mask = modifiers
        var name: String
        switch scalar.value {
        case 0x0D, 0x03: name = "↩"
        case 0x1B: name = "⎋"
        case 0x08, 0x7F: name = "⌫"
        case 0x09: name = "⇥"
        case 0x20: name = "Space"
        case 0xF700: name = "↑"
        case 0xF701: name = "↓"
        case 0xF702: name = "←"
        case 0xF703: name = "→"
        case 0xF704...0xF726: name = "F\(scalar.value - 0xF704 + 1)"
        case 0xF728: name = "⌦"
        case 0xF729: name = "↖"
        case 0xF72B: name = "↘"
        case 0xF72C: name = "⇞"
        case 0xF72D: name = "⇟"
        default:
            if scalar.value < 0x20 || (0xF700...0xF8FF).contains(scalar.value) { return nil }
            if scalar.properties.isUppercase { mask |= Modifier.shift }
            name = key.uppercased()
        }
        var out = ""
        if mask & Modifier.control != 0 { out += "⌃" }
        if mask & Modifier.option != 0 { out += "⌥" }
        if mask & Modifier.shift != 0 { out += "⇧" }
        if mask & Modifier.command != 0 { out += "⌘" }
        return out + name
    }
}
