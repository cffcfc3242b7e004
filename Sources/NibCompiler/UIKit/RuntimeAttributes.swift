import NibArchive
import XIB

extension UIKitCompiler {
    /// `<userDefinedRuntimeAttributes>` → `UINibKeyValuePair`s (§13).
    func encodeRuntimeAttributes(_ node: XIBNode, object: Int) {
        node.visited = true
        for a in node.children where a.isNamed("userDefinedRuntimeAttribute") {
            a.visited = true
            let type = a["type"] ?? ""
            guard let keyPath = a["keyPath"] else { ctx.error(at: a, "runtime attribute without keyPath"); continue }
            let value: Int?
            switch type {
            case "number":
                if let r = a.child("real") { value = b.number(r.double("value") ?? 0); _ = r["key"] }
                else if let i = a.child("integer") {
                    // Coder 10 keeps an `<integer>` an integer NSNumber (OmniBar); the coder-9 ibtool wrote it as a
                    // double (SwiftMessages 4.1.0 CardView/CenteredView/TabView: 10 -> 10.0; one project's samples).
                    let v = ctx.integer(i, "value") ?? 0
                    value = coder10 ? b.number(v) : b.number(Double(v))
                    _ = i["key"]
                }
                else { value = a["value"].flatMap(Double.init).map { b.number($0) } }
            case "boolean": value = b.number(Int64(a["value"] == "YES" ? 1 : 0))
            case "string", "localizedString":
                if let s = a.child("string") { value = b.string(s.text); _ = s["key"] } else { value = b.string(a["value"] ?? "") }
            case "color":
                value = a.child("color").map { color($0) }
            case "image":
                value = a["value"].map { imagePlaceholder($0, catalog: nil) } ?? a.child("image").map { imagePlaceholder($0["name"] ?? "", catalog: nil) }
            case "nil": value = nil
            case "size", "point", "rect", "range":
                value = geometryValue(a, type: type)
            default:
                ctx.warning(at: a, "runtime attribute type '\(type)' is not supported yet; ignored")
                continue
            }
            var e = Entries()
            e.obj("UIObject", object)
            if let value { e.obj("UIValue", value) } else { e.null("UIValue") }
            e.obj("UIKeyPath", b.string(keyPath))
            keyValuePairs.append((node.parent?.order ?? 0, b.graph.add(.init(className: "UINibKeyValuePair", entries: e.list))))
        }
    }

    private func geometryValue(_ a: XIBNode, type: String) -> Int? {
        guard let g = a.children.first(where: { ["size", "point", "rect", "range"].contains($0.name) }) else { return nil }
        g.visited = true
        _ = g["key"]
        func n(_ k: String) -> String { shortNumber(g.double(k) ?? 0) }
        switch type {
        case "size":
            return b.graph.add(.init(className: "NSValue", entries: [NibEntry(key: "NS.special", value: .int(2)), NibEntry(key: "NS.sizeval", value: .object(b.string("{\(n("width")), \(n("height"))}")))]))
        case "point":
            return b.graph.add(.init(className: "NSValue", entries: [NibEntry(key: "NS.special", value: .int(1)), NibEntry(key: "NS.pointval", value: .object(b.string("{\(n("x")), \(n("y"))}")))]))
        case "rect":
            return b.graph.add(.init(className: "NSValue", entries: [NibEntry(key: "NS.special", value: .int(3)), NibEntry(key: "NS.rectval", value: .object(b.string("{{\(n("x")), \(n("y"))}, {\(n("width")), \(n("height"))}}")))]))
        default:
            return b.graph.add(.init(className: "NSValue", entries: [NibEntry(key: "NS.special", value: .int(4)), NibEntry(key: "NS.rangeval.location", value: .int(ctx.integer(g, "location") ?? 0)), NibEntry(key: "NS.rangeval.length", value: .int(ctx.integer(g, "length") ?? 0))]))
        }
    }

    static let accessibilityTraitBits: [String: Int] = [
        "button": 1, "link": 2, "image": 4, "selected": 8, "playsSound": 16, "keyboardKey": 32, "staticText": 64,
        "summaryElement": 128, "notEnabled": 256, "updatesFrequently": 512, "searchField": 1024, "startsMediaSession": 2048,
        "adjustable": 4096, "allowsDirectInteraction": 8192, "causesPageTurn": 16384, "tabBar": 32768, "header": 65536,
    ]

    /// `<accessibility key="accessibilityConfiguration">` → `UIRuntimeAccessibilityConfiguration` (§12).
    func encodeAccessibility(_ node: XIBNode, object: Int) {
        node.visited = true
        _ = node["key"]
        guard let owner = node.parent else { return }
        var e = Entries()
        e.obj("UIAccessibileObject", object)
        if let h = node["hint"] { e.obj("UIAccessibilityHint", ctx.localizable(h, owner: owner, property: "accessibilityHint", source: node, name: "hint")) }
        if let i = node["identifier"] { e.obj("UIAccessibilityIdentifier", b.string(i)) }
        if let l = node["label"] { e.obj("UIAccessibilityLabel", ctx.localizable(l, owner: owner, property: "accessibilityLabel", source: node, name: "label")) }
        if let t = node.child("accessibilityTraits", key: "traits") {
            var v = 0
            for (name, bit) in Self.accessibilityTraitBits where t.bool(name) == true { v |= bit }
            for n in t.unusedAttributes { ctx.warning(at: t, "unknown accessibility trait '\(n)'"); _ = t[n] }
            e.obj("UIAccessibilityTraits", b.number(Int64(v)))
        }
        if let el = node.child("bool", key: "isElement") {
            e.obj("UIIsAccessibilityElement", b.number(Int64(el["value"] == "YES" ? 1 : 0)))
        }
        if let v = node["value"] { e.obj("UIAccessibilityValue", b.string(v)) }
        accessibilityConfigurations.append((owner.order, b.graph.add(.init(className: "UIRuntimeAccessibilityConfiguration", entries: e.list))))
    }
}
