import NibCompiler
import XIB

/// Reading menus (`<menu>`) and window toolbars (`<toolbar key="toolbar">`) from a document; `MenuLayout` and
/// `ToolbarLayout` place them.
extension DocumentBoxReader {
    /// A top-level object drawn as a menu: an AppKit `<menu>`.
    static func isMenu(_ e: XMLTree.Element, _ attributes: DocumentAttributes) -> Bool {
        attributes.appKit && e.isNamed("menu")
    }

    /// The boxes of a top-level `<menu>`, its root at the origin.
    func menuTree(_ e: XMLTree.Element) -> [RenderBox] {
        MenuLayout.boxes(menu(e, depth: 0))
    }

    /// The menu of a `<menu>` element. Submenus are read two levels deep: the main menu opens its top-level
    /// submenus, and deeper ones are only marked.
    func menu(_ e: XMLTree.Element, depth: Int) -> MenuModel {
        var items: [MenuItemModel] = []
        if depth < 2, let list = e.firstChild(named: "items") {
            for item in list.children(named: "menuItem") {
                let submenu = item.children.first { $0.isNamed("menu") && $0.attribute("key") == "submenu" }
                var modifiers = MenuLayout.Modifier.command
                if let mask = item.children.first(where: { $0.isNamed("modifierMask") && $0.attribute("key") == "keyEquivalentModifierMask" }) {
                    modifiers = 0
                    for (name, bit) in [("shift", MenuLayout.Modifier.shift), ("control", MenuLayout.Modifier.control),
                                        ("option", MenuLayout.Modifier.option), ("command", MenuLayout.Modifier.command)]
                    where mask.attribute(name) == "YES" {
                        modifiers |= bit
                    }
                }
                let custom = item.attribute("customClass")
                var key = item.attribute("keyEquivalent")
                if key == nil, let s = item.children.first(where: { $0.isNamed("string") && $0.attribute("key") == "keyEquivalent" }) {
                    key = s.attribute("base64-UTF8") == "YES" ? decodeBase64String(s.text) : s.text
                }
                items.append(MenuItemModel(
                    id: Self.id(item), className: custom ?? "NSMenuItem", baseClass: custom == nil ? nil : "NSMenuItem",
                    title: item.attribute("title") ?? "",
                    keyEquivalent: key.flatMap { MenuLayout.keyEquivalent($0, modifiers: modifiers) },
                    isSeparator: item.attribute("isSeparatorItem") == "YES", isHidden: item.attribute("hidden") == "YES",
                    submenu: submenu.map { menu($0, depth: depth + 1) }))
            }
        }
        let custom = e.attribute("customClass")
        return MenuModel(id: Self.id(e), className: custom ?? "NSMenu", baseClass: custom == nil ? nil : "NSMenu",
                         isMainMenu: e.attribute("systemMenu") == "main", items: items)
    }

    /// A window's toolbar with the items it shows by default (`<defaultToolbarItems>`, references to the allowed
    /// items); nil when the window has none.
    func toolbar(ofWindow window: XMLTree.Element) -> ToolbarModel? {
        guard let toolbar = window.children.first(where: { $0.isNamed("toolbar") && $0.attribute("key") == "toolbar" }) else { return nil }
        var allowed: [String: XMLTree.Element] = [:]
        for item in toolbar.firstChild(named: "allowedToolbarItems")?.children(named: "toolbarItem") ?? [] {
            if let id = item.attribute("id") { allowed[id] = item }
        }
        var items: [ToolbarItemModel] = []
        var drawn = Set<String>()
        for reference in toolbar.firstChild(named: "defaultToolbarItems")?.children(named: "toolbarItem") ?? [] {
            // An item shown twice is drawn once: one box per id.
            guard let item = reference.attribute("reference").flatMap({ allowed[$0] }) ?? (reference.attribute("id") != nil ? reference : nil),
                  drawn.insert(Self.id(item)).inserted else { continue }
            let custom = item.attribute("customClass")
            let viewTitle = item.children.first { $0.attribute("key") == "view" }.flatMap { attributes.cell($0)?.attribute("title") }
            let minimum = item.children.first { $0.isNamed("size") && $0.attribute("key") == "minSize" }?.attribute("width")
                .flatMap(Double.init).flatMap { $0.isFinite && $0 >= 0 && $0 <= DocumentAttributes.maxCoordinate ? $0 : nil }
            let label = [item.attribute("label"), item.attribute("paletteLabel"), viewTitle].compactMap { $0 }.first { !$0.isEmpty }
            items.append(ToolbarItemModel(
                id: Self.id(item), className: custom ?? "NSToolbarItem", baseClass: custom == nil ? nil : "NSToolbarItem",
                kind: ToolbarItemModel.kind(identifier: item.attribute("implicitItemIdentifier")),
                label: label, image: item.attribute("image"), minimumWidth: minimum))
        }
        return ToolbarModel(id: Self.id(toolbar), className: toolbar.attribute("customClass") ?? "NSToolbar", items: items)
    }
}
