import NibArchive
import XIB

extension UIKitCompiler {
    static let systemItems: [String: Int] = [
        "done": 0, "cancel": 1, "edit": 2, "save": 3, "add": 4, "flexibleSpace": 5, "fixedSpace": 6, "compose": 7, "reply": 8,
        "action": 9, "organize": 10, "bookmarks": 11, "search": 12, "refresh": 13, "stop": 14, "camera": 15, "trash": 16,
        "play": 17, "pause": 18, "rewind": 19, "fastForward": 20, "undo": 21, "redo": 22, "pageCurl": 23, "close": 24,
    ]

    /// `<navigationBar>` / `<toolbar>` (§6.14).
    func encodeBar(_ node: XIBNode, className: String) -> Int {
        var style = ViewStyle()
        style.alwaysWriteHugging = true
        return encodeViewObject(node, className: className, style: style) { e, index in
            e.int("UIBarTranslucence", node.bool("translucent") == false ? 2 : 1)
            e.int("UIBarPosition", className == "UINavigationBar" ? 2 : 1)
            if let c = node.child("color", key: "barTintColor") { e.obj("UIBarTintColor", color(c)) }
            if className == "UINavigationBar" {
                // No corpus sample for large titles, the back-indicator images and the large-title attributes: keys as
                // xibdump (a nib-to-XIB decoder) reads them.
                if node.bool("largeTitles") == true { e.bool("UIBarPrefersLargeTitles", true) }
                namedImages(node, [("backIndicatorImage", "UIBackIndicatorImage"), ("backIndicatorTransitionMaskImage", "UIBackIndicatorTransitionMask")], into: &e)
                for (xibKey, key) in [("titleTextAttributes", "UITitleTextAttributes"), ("largeTitleTextAttributes", "UIBarLargeTitleTextAttributes")] {
                    if let a = node.children.first(where: { $0.isNamed("textAttributes") && $0.peek("key", is: xibKey) }) { e.obj(key, textAttributes(a)) }
                }
            }
            // UINavigationBar's and UIToolbar's coders write the style when not the default (no corpus sample).
            if let s = node["barStyle"].flatMap({ Self.barStyles[$0] }), s != 0 { e.int("UIBarStyle", s) }
            if let items = node.child("items") {
                var out: [Int] = []
                for c in items.children { if let enc = UIKitEncoders.table[c.name] { out.append(enc(self, c)) } }
                e.obj("UIItems", className == "UIToolbar" ? b.array(out) : b.mutableArray(out))
                // The items are the bar's keyed children in `UINibObjectsKey` (UIKIT-MAPPING §2.3): its block
                // starts with them (BlankSnapshot's toolbar: nine items, right after the toolbar's own block).
                objectListChildren[index, default: []].insert(contentsOf: out, at: 0)
            }
        }
    }

    /// `<textAttributes key=…>` → an NSDictionary of its `NSColor` and `NSFont` (UIKIT-MAPPING §6.14).
    func textAttributes(_ attributes: XIBNode) -> Int {
        attributes.visited = true
        attributes.markUsed("key")
        var pairs: [(Int, Int)] = []
        for a in attributes.children {
            switch (a.name, a.peek("key")) {
            case ("color", "textColor"): a.visited = true; pairs.append((b.string("NSColor"), color(a)))
            case ("fontDescription", _): a.visited = true; pairs.append((b.string("NSFont"), font(a)))
            // A text shadow would be one `NSShadow` entry (colour and offset together), but no compiled bar in reach has
            // one, so neither half is archived (4 shadow colours and 1 offset in corpus/ios, none compiled).
            case ("color", "textShadowColor"), ("offsetWrapper", "textShadowOffset"):
                ctx.warning(at: a, "<textAttributes>: the text shadow (<\(a.name) key='\(a.peek("key") ?? "")'>) is not archived "
                    + "(no ibtool output in reach shows the NSShadow it writes)")
                ctx.ignore(a)
            default: break
            }
        }
        return b.dictionary("NSDictionary", pairs)
    }

    /// The title of `<string key="title">`, the element form Interface Builder writes for a title that an XML
    /// attribute cannot hold (one sample, base64 with a control character): the same property as the `title`
    /// attribute, so the same `UITitle` key.
    func elementTitle(_ node: XIBNode) -> String? {
        guard let s = node.children.first(where: { $0.isNamed("string") && $0.peek("key", is: "title") }) else { return nil }
        s.visited = true
        s.markAllAttributesUsed()
        return s.peek("base64-UTF8", is: "YES") ? decodeBase64String(s.text) : s.text
    }

    /// `<navigationItem>` → `UINavigationItem` (§6.15).
    func encodeNavigationItem(_ node: XIBNode) -> Int {
        let index = ctx.define(node, className: "UINavigationItem")
        var e = Entries()
        if let t = node["title"] ?? elementTitle(node) { e.obj("UITitle", ctx.localizable(t, owner: node, property: "title")) }
        var listed: [Int] = []
        func item(_ key: String) -> Int? {
            guard let n = node.keyed(key), let enc = UIKitEncoders.table[n.name] else { return nil }
            let i = enc(self, n)
            listed.append(i)
            return i
        }
        if let back = item("backBarButtonItem") { e.obj("UIBackBarButtonItem", back) }
        let left = item("leftBarButtonItem")
        let right = item("rightBarButtonItem")
        var rights: [Int] = right.map { [$0] } ?? []
        if let list = node.child("rightBarButtonItems") {
            for c in list.children { if let enc = UIKitEncoders.table[c.name] { let i = enc(self, c); rights.append(i); listed.append(i) } }
        }
        var lefts: [Int] = left.map { [$0] } ?? []
        if let list = node.child("leftBarButtonItems") {
            for c in list.children { if let enc = UIKitEncoders.table[c.name] { let i = enc(self, c); lefts.append(i); listed.append(i) } }
        }
        if let l = lefts.first { e.obj("UILeftBarButtonItem", l) }
        if let r = rights.first { e.obj("UIRightBarButtonItem", r) }
        if !lefts.isEmpty { e.obj("UILeftBarButtonItems", b.array(lefts)) }
        if !rights.isEmpty { e.obj("UIRightBarButtonItems", b.array(rights)) }
        if let tv = node.keyed("titleView"), let enc = UIKitEncoders.table[tv.name] {
            let i = enc(self, tv)
            listed.append(i)
            e.obj("UITitleView", i)
        }
        // Interface Builder sets every navigation item's center item groups (iOS 16's API) to none, which UINavigationItem's
        // coder archives as an empty array whenever they were set (decompiled iOS 18 and 26.1 UIKitCore): every item of
        // UIKitCatalog as Xcode 15.0 compiled it (`Corpus/pairs`), none of DuckDuckGo's as Xcode 13.2.1 did.
        if ctx.options.xcodeVersion >= .navigationItemsArchiveCenterGroups { e.obj("UICenterItemGroups", b.array([])) }
        e.int("UILargeTitleDisplayMode", ["automatic": 0, "always": 1, "never": 2][node["largeTitleDisplayMode"] ?? "automatic"] ?? 0)
        if let p = node["prompt"] { e.obj("UIPrompt", ctx.localizable(p, owner: node, property: "prompt")) }
        // No corpus sample: the key as xibdump (a nib decoder) reads it, only when on.
        if node.bool("leftItemsSupplementBackButton") == true { e.bool("UILeftItemsSupplementBackButton", true) }
        // UINavigationItem's coder (decompiled iOS 26.1 UIKitCore); no corpus sample.
        if let t = node["backButtonTitle"] { e.obj("UIBackButtonTitle", ctx.localizable(t, owner: node, property: "backButtonTitle")) }
        if let m = node["backButtonDisplayMode"].flatMap({ ["default": 0, "generic": 1, "minimal": 2][$0] }), m != 0 { e.int("UIBackButtonDisplayMode", m) }
        // `<nil key="title"/>`: Interface Builder's record of a cleared title; nothing is archived.
        for empty in node.children where empty.isNamed("nil") && empty.peek("key", is: "title") { ctx.ignore(empty) }
        _ = node.child("attributedString", key: "userComments").map { ctx.ignore($0) }
        finishClass(node, index: index, originalClass: "UINavigationItem", entries: &e)
        objectListChildren[index, default: []].append(contentsOf: listed)
        encodeCommonChildren(node, index: index)
        return index
    }

    /// `<barButtonItem>` → `UIBarButtonItem` (§6.16).
    func encodeBarButtonItem(_ node: XIBNode) -> Int {
        let index = ctx.define(node, className: "UIBarButtonItem")
        var e = Entries()
        if let cv = node.keyed("customView"), let enc = UIKitEncoders.table[cv.name] {
            let i = enc(self, cv)
            e.obj("UICustomView", i)
            objectListChildren[index, default: []].append(i)
        }
        if node.bool("enabled") != false { e.bool("UIEnabled", true) }
        let sys = node["systemItem"].flatMap { Self.systemItems[$0] }
        if sys != nil { e.bool("UIIsSystemItem", true) }
        let style = ["plain": 0, "bordered": 1, "done": 2][node["style"] ?? "bordered"] ?? 1
        if style != 0 { e.int("UIStyle", style) }
        if let t = node["title"] { e.obj("UITitle", ctx.localizable(t, owner: node, property: "title")) }
        if let sys { e.int("UISystemItem", sys) }
        if let img = node["image"] { e.obj("UIImage", imagePlaceholder(img, catalog: node["catalog"])) }
        if let ref = node.child("imageReference", key: "image") { e.obj("UIImage", imageReference(ref)) }
        // No corpus sample: the key as xibdump (a nib decoder) reads a bar button item's landscape image.
        if let img = node["landscapeImage"] { e.obj("UILandscapeImagePhone", imagePlaceholder(img, catalog: nil)) }
        if let i = node.child("inset", key: "imageInsets") { e.add("UIImageInsets", insets(i)) }
        // UIBarButtonItem's coder (decompiled iOS 26.1 UIKitCore); no corpus sample sets these.
        if let i = node.child("inset", key: "landscapeImagePhoneInsets") { e.add("UILandscapeImagePhoneInsets", insets(i)) }
        if node.bool("springLoaded") == true { e.bool("UISpringLoaded", true) }
        if node.bool("hidden") == true { e.bool("UIItemHidden", true) }
        if let w = node.double("width"), w != 0 { e.float("UIWidth", w) }
        if let c = node.child("color", key: "tintColor") { e.obj("UITintColor", color(c)) }
        if let tag = node["tag"].flatMap({ Int($0) }), tag != 0 { e.int("UITag", tag) }
        finishClass(node, index: index, originalClass: "UIBarButtonItem", entries: &e)
        encodeCommonChildren(node, index: index)
        return index
    }
}
