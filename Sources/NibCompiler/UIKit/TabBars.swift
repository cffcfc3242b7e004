import NibArchive
import XIB

/// `UITabBar` and `UITabBarItem`, keys as each class's `encodeWithCoder:` writes them (only values that differ
/// from the default). No Apple-compiled pair in the corpus contains a tab bar in a XIB, so these rules rest on
/// the classes' coders alone; `Corpus/ios/TabBarView.xib` pins what nibc writes.
extension UIKitCompiler {
    static let tabBarSystemItems: [String: Int] = [
        "more": 0, "favorites": 1, "featured": 2, "topRated": 3, "recents": 4, "contacts": 5, "history": 6,
        "bookmarks": 7, "search": 8, "downloads": 9, "mostRecent": 10, "mostViewed": 11,
    ]
    static let tabBarItemPositionings: [String: Int] = ["automatic": 0, "fill": 1, "centered": 2]

    /// `<tabBar>` → `UITabBar`: `UIItems` (an immutable copy), the colours and images, item positioning,
    /// width and spacing (only when positive), `UIBarTranslucence` (1 translucent, 2 opaque) and
    /// `UIBarStyle` only when set. The delegate is an outlet connection, not a key. A tab bar controller's bar
    /// (`ofController`) writes its content hugging priorities even at their default, as every bar a container
    /// controller owns does (the navigation bars of `Corpus/pairs`: `{250, 250}`).
    func encodeTabBar(_ node: XIBNode, ofController: Bool = false) -> Int {
        var style = ViewStyle()
        style.alwaysWriteHugging = ofController
        return encodeViewObject(node, className: "UITabBar", style: style) { e, _ in
            if let items = node.child("items") {
                var out: [Int] = []
                for c in items.children { if let enc = UIKitEncoders.table[c.name] { out.append(enc(self, c)) } }
                if !out.isEmpty { e.obj("UIItems", b.array(out)) }
            }
            let colors = [("barTintColor", "UIBarTintColor"), ("unselectedItemTintColor", "UIBarUnselectedImageTintColor"),
                          ("selectedImageTintColor", "UISelectedImageTintColor")]
            for (xibKey, key) in colors { if let c = node.child("color", key: xibKey) { e.obj(key, color(c)) } }
            namedImages(node, [("selectionIndicatorImage", "UISelectionIndicatorImage"), ("shadowImage", "UIShadowImage"),
                                     ("backgroundImage", "UIBackgroundImage")], into: &e)
            if let p = node["itemPositioning"].flatMap({ Self.tabBarItemPositionings[$0] }), p != 0 { e.int("UITabBarItemPositioning", p) }
            if let w = node.double("itemWidth"), w > 0 { e.double("UITabBarItemWidth", w) }
            if let s = node.double("itemSpacing"), s > 0 { e.double("UITabBarItemSpacing", s) }
            if let t = node.bool("translucent") { e.int("UIBarTranslucence", t ? 1 : 2) }
            if let s = node["barStyle"].flatMap({ Self.barStyles[$0] }), s != 0 { e.int("UIBarStyle", s) }
            if node.bool("springLoaded") == true { e.bool("UISpringLoaded", true) }  // UITabBar's coder; no corpus sample
        }
    }

    /// `<offsetWrapper key=… horizontal vertical>` → the NSString `NSStringFromUIOffset` writes, `{h, v}`; nil when
    /// absent or zero. A UIOffset is archived as a string, unlike sizes and insets (packed doubles): so a nib decoder,
    /// xibdump, reads a tab bar item's title and a search bar's position adjustments (no corpus sample).
    func offsetString(_ node: XIBNode, key: String) -> Int? {
        guard let o = node.child("offsetWrapper", key: key) else { return nil }
        let h = o.double("horizontal") ?? 0, v = o.double("vertical") ?? 0
        guard h != 0 || v != 0 else { return nil }
        return b.string("{\(geometryNumber(h)), \(geometryNumber(v))}")
    }

    /// `<tabBarItem>` → `UITabBarItem`: `UISystemItem` for a system item (which then has no title or images),
    /// `UIEnabled` when enabled, `UITag` when not 0, title, badge, `UIImage` / `UISelectedTemplateImage`,
    /// insets and the title offset only when not zero.
    func encodeTabBarItem(_ node: XIBNode) -> Int {
        let index = ctx.define(node, className: "UITabBarItem")
        var e = Entries()
        let system = node["systemItem"].flatMap { Self.tabBarSystemItems[$0] }
        if let system { e.int("UISystemItem", system) }
        if node.bool("enabled") != false { e.bool("UIEnabled", true) }
        if let tag = node["tag"].flatMap({ Int($0) }), tag != 0 { e.int("UITag", tag) }
        if system == nil, let t = node["title"] { e.obj("UITitle", ctx.localizable(t, owner: node, property: "title")) }
        if let v = node["badgeValue"] { e.obj("UIBadgeValue", ctx.localizable(v, owner: node, property: "badgeValue")) }
        if let c = node.child("color", key: "badgeColor") { e.obj("UIBadgeColor", color(c)) }
        if system == nil {
            if let img = node["image"] { e.obj("UIImage", imagePlaceholder(img, catalog: node["catalog"])) }
            if let img = node["selectedImage"] { e.obj("UISelectedTemplateImage", imagePlaceholder(img, catalog: node["catalog"])) }
        }
        for (xibKey, key) in [("imageInsets", "UIImageInsets"), ("landscapeImagePhoneInsets", "UIImageInsetsLandscape")] {
            guard let i = node.child("inset", key: xibKey) else { continue }
            if ["minX", "minY", "maxX", "maxY"].contains(where: { (i.double($0) ?? 0) != 0 }) { e.add(key, insets(i)) }
        }
        if let o = offsetString(node, key: "titlePositionAdjustment") { e.obj("UITitlePositionAdjustment", o) }
        if node.bool("springLoaded") == true { e.bool("UISpringLoaded", true) }
        finishClass(node, index: index, originalClass: "UITabBarItem", entries: &e)
        encodeCommonChildren(node, index: index)
        return index
    }
}
