import NibArchive

/// Reading menus (`NSMenu` with its `NSMenuItems`) and window toolbars (`NSToolbar`, a window template's
/// `NSViewClass`) from a nib graph; `MenuLayout` and `ToolbarLayout` place them as they place a document's.
extension NibBoxReader {
    func isMenu(_ i: Int) -> Bool {
        let c = classes(i)
        return (c.base ?? c.name) == "NSMenu"
    }

    /// The menu archived at `i`, submenus read two levels deep as `DocumentBoxReader.menu` reads a document's. An
    /// object already in `drawn` is not read again (a hostile nib's menus sharing one item array stay linear); a
    /// submenu drawn elsewhere is only marked.
    func menu(_ i: Int, depth: Int, drawn: inout Set<Int>) -> MenuModel {
        let o = graph.objects[i]
        var items: [MenuItemModel] = []
        if depth < 2 {
            for item in elements(o.value(forKey: "NSMenuItems")) where drawn.insert(item).inserted {
                let io = graph.objects[item]
                let c = classes(item)
                let modifiers = number(io.value(forKey: "NSKeyEquivModMask")).flatMap { $0 >= 0 && $0 < 0x1_0000_0000 ? Int($0) : nil } ?? 0
                let submenu = io.value(forKey: "NSSubmenu").flatMap(target)
                let submenuModel = submenu.map { s in
                    drawn.insert(s).inserted ? menu(s, depth: depth + 1, drawn: &drawn)
                        : MenuModel(id: id(s), className: "NSMenu", baseClass: nil, isMainMenu: false, items: [])
                }
                items.append(MenuItemModel(
                    id: id(item), className: c.name, baseClass: c.base, title: string(io.value(forKey: "NSTitle")) ?? "",
                    keyEquivalent: string(io.value(forKey: "NSKeyEquiv")).flatMap { MenuLayout.keyEquivalent($0, modifiers: modifiers) },
                    isSeparator: io.value(forKey: "NSIsSeparator") == .bool(true), isHidden: io.value(forKey: "NSIsHidden") == .bool(true),
                    submenu: submenuModel))
            }
        }
        let c = classes(i)
        return MenuModel(id: id(i), className: c.name, baseClass: c.base,
                         isMainMenu: string(o.value(forKey: "NSName")) == "_NSMainMenu", items: items)
    }

    /// The toolbar of the window template `i`, when it has one.
    func toolbarObject(ofWindow i: Int) -> Int? {
        // A toolbar of a custom class is archived as an NSClassSwapper whose original class is NSToolbar.
        guard let t = graph.objects[i].value(forKey: "NSViewClass").flatMap(target),
              graph.objects[t].className == "NSToolbar" || classes(t).base == "NSToolbar" else { return nil }
        return t
    }

    /// The toolbar `t` with its default items; items already in `drawn` are not read again.
    func toolbar(_ t: Int, drawn: inout Set<Int>) -> ToolbarModel {
        let toolbar = graph.objects[t]
        var items: [ToolbarItemModel] = []
        for item in elements(toolbar.value(forKey: "NSToolbarIBDefaultItems")) where drawn.insert(item).inserted {
            let io = graph.objects[item]
            let c = classes(item)
            let viewTitle = io.value(forKey: "NSToolbarItemTitle").flatMap(string)
            let label = [string(io.value(forKey: "NSToolbarItemLabel")), string(io.value(forKey: "NSToolbarItemPaletteLabel")), viewTitle]
                .compactMap { $0 }.first { !$0.isEmpty }
            var minimum: Double? = nil
            if let size = string(io.value(forKey: "NSToolbarItemMinSize")), let n = Self.numbers(size, count: 2), n[0] >= 0 { minimum = n[0] }
            items.append(ToolbarItemModel(
                id: id(item), className: c.name, baseClass: c.base,
                kind: ToolbarItemModel.kind(identifier: string(io.value(forKey: "NSToolbarItemIdentifier"))),
                label: label, image: nil, minimumWidth: minimum))
        }
        return ToolbarModel(id: id(t), className: classes(t).name, items: items)
    }
}
