import NibArchive

/// Reading menus (`NSMenu` with its `NSMenuItems`) and window toolbars (`NSToolbar`, a window template's
/// `NSViewClass`) from a nib graph; `MenuLayout` and `ToolbarLayout` place them as they place a document's.
extension NibBoxReader {
    /// The elements of an archived array.
    func elements(_ value: NibGraphValue?) -> [Int] {
        guard let array = value.flatMap(target) else { return [] }
        return graph.objects[array].entries.filter { $0.key == "UINibEncoderEmptyKey" || $0.key == "NS.object" }.compactMap { target($0.value) }
    }

    func isMenu(_ i: Int) -> Bool {
        let c = classes(i)
        return (c.base ?? c.name) == "NSMenu"
    }

    /// The menu archived at `i`, submenus read two levels deep as `DocumentBoxReader.menu` reads a document's.
    func menu(_ i: Int, depth: Int) -> MenuModel {
        let o = graph.objects[i]
        var items: [MenuItemModel] = []
        if depth < 2 {
            for item in elements(o.value(forKey: "NSMenuItems")) where item != i {
                let io = graph.objects[item]
                let c = classes(item)
                let modifiers = number(io.value(forKey: "NSKeyEquivModMask")).flatMap { $0 >= 0 && $0 < 0x1_0000_0000 ? Int($0) : nil } ?? 0
                let submenu = io.value(forKey: "NSSubmenu").flatMap(target).flatMap { $0 == i ? nil : $0 }
                items.append(MenuItemModel(
                    id: id(item), className: c.name, baseClass: c.base, title: string(io.value(forKey: "NSTitle")) ?? "",
                    keyEquivalent: string(io.value(forKey: "NSKeyEquiv")).flatMap { MenuLayout.keyEquivalent($0, modifiers: modifiers) },
                    isSeparator: io.value(forKey: "NSIsSeparator") == .bool(true), isHidden: io.value(forKey: "NSIsHidden") == .bool(true),
                    submenu: submenu.map { menu($0, depth: depth + 1) }))
            }
        }
        let c = classes(i)
        return MenuModel(id: id(i), className: c.name, baseClass: c.base,
                         isMainMenu: string(o.value(forKey: "NSName")) == "_NSMainMenu", items: items)
    }

    /// The toolbar of the window template `i` with its default items; nil when the window has none.
    func toolbar(ofWindow i: Int) -> ToolbarModel? {
        guard let t = graph.objects[i].value(forKey: "NSViewClass").flatMap(target), graph.objects[t].className == "NSToolbar" else { return nil }
        let toolbar = graph.objects[t]
        var items: [ToolbarItemModel] = []
        for item in elements(toolbar.value(forKey: "NSToolbarIBDefaultItems")) {
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
