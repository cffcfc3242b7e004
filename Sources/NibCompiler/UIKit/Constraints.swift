import NibArchive
import XIB

extension UIKitCompiler {
    static let layoutAttributes: [String: Int] = [
        "left": 1, "right": 2, "top": 3, "bottom": 4, "leading": 5, "trailing": 6, "width": 7, "height": 8,
        "centerX": 9, "centerY": 10, "baseline": 11, "lastBaseline": 11, "firstBaseline": 12, "leftMargin": 13,
        "rightMargin": 14, "topMargin": 15, "bottomMargin": 16, "leadingMargin": 17, "trailingMargin": 18,
        "centerXWithinMargins": 19, "centerYWithinMargins": 20, "notAnAttribute": 0,
    ]

    /// The plain attribute for a margin attribute (13–18 → 1–6, 19–20 → 9–10).
    static func legacyAttribute(_ a: Int) -> Int {
        switch a {
        case 13...18: return a - 12
        case 19, 20: return a - 10
        default: return a
        }
    }

    /// Encodes a view's constraints. Returns the archived array (ibtool's grouping order, exclusions
    /// removed) and the `UINibObjectsKey` order (same order, exclusions included).
    func encodeConstraints(_ nodes: [XIBNode], owner: Int, ownerNode: XIBNode, alias: String?,
                           excluded: Set<String>) -> (archived: [Int], listed: [Int]) {
        let ownerID = ownerNode.peek("id")
        let aliasNode = alias.flatMap { ctx.element(withID: $0) }
        var items: [(index: Int, group: ConstraintGroupKey, pos: Int, excluded: Bool)] = []
        // Group keys by the key view's document position: a view is the key of several constraints, and its
        // key walks up to the owner reading frames (storyboard cells nest deep: 1.5 % of their compile).
        var groupOfView: [Int: ConstraintGroupKey] = [:]
        for (pos, c) in nodes.enumerated() {
            if c.bool("placeholder") == true {
                // Removed at build time (IB placeholder constraints).
                c.markUsed("firstItem", "firstAttribute", "secondItem", "secondAttribute", "constant", "multiplier", "relation", "priority", "identifier", "symbolic")
                continue
            }
            let i = ctx.define(c, className: "NSLayoutConstraint")
            // Key-value pairs on the constraint itself (TabSwitcher: `layer.cornerRadius`, one sample).
            if let attributes = c.children.first(where: { $0.isNamed("userDefinedRuntimeAttributes") }) { encodeRuntimeAttributes(attributes, object: i) }
            // References to the owner (or to the cell whose constraints were hoisted here) become nil ids.
            func ownerless(_ id: String?) -> String?? {
                guard let id else { return .none }
                return (id == ownerID || id == alias) ? .some(nil) : .some(id)
            }
            let firstRef = ownerless(c["firstItem"])
            let secondRef = ownerless(c["secondItem"])
            let firstID: String? = firstRef ?? nil
            let secondID: String? = secondRef ?? nil
            let first = firstID.map { ctx.reference($0, from: c) } ?? owner
            let second: Int? = secondRef.map { id in id.map { ctx.reference($0, from: c) } ?? owner }
            if !c.has("firstAttribute") { ctx.error(at: c, "constraint needs firstAttribute") }
            let fa = attribute(c, "firstAttribute")
            let sa = c.has("secondAttribute") ? attribute(c, "secondAttribute") : 0
            var e = Entries()
            e.obj("NSFirstItem", first)
            e.int("NSFirstAttributeV2", fa)
            e.int("NSFirstAttribute", Self.legacyAttribute(fa))
            switch c["relation"] {
            case "greaterThanOrEqual": e.int("NSRelation", 1)
            case "lessThanOrEqual": e.int("NSRelation", -1)
            case nil, "equal": break
            case let r?: ctx.warning(at: c, "unknown relation '\(r)'")
            }
            if let ms = c["multiplier"], let mv = parseMultiplier(ms), mv != 1 { e.double("NSMultiplier", mv) }
            if let second {
                e.obj("NSSecondItem", second)
                e.int("NSSecondAttributeV2", sa)
                e.int("NSSecondAttribute", Self.legacyAttribute(sa))
            }
            // A design-device variation's constant is the archived one (DesignTraits.swift); the base constant is
            // read all the same (it is the trait storage's, not an unsupported attribute).
            let baseConstant = c.double("constant")
            let constant = designVariation(of: c)?.peekDouble("constant") ?? baseConstant ?? 0
            let symbolic = c.bool("symbolic") == true
            if constant != 0, !symbolic { e.double("NSConstantV2", constant) }
            if symbolic { e.obj("NSSymbolicConstant", b.string("NSSpace")) }
            e.bool("NSShouldBeArchived", true)
            if let p = ctx.integer(c, "priority"), p != 1000 { e.int("NSPriority", Int(p)) }
            if let ident = c["identifier"] { e.obj("NSLayoutIdentifier", b.string(ident)) }
            var legacy = constant
            if second != nil {
                switch sa { case 13, 15, 17: legacy += 8; case 14, 16, 18: legacy -= 8; default: break }
            }
            switch fa { case 14, 16, 18: legacy += 8; case 13, 15, 17: legacy -= 8; default: break }
            if legacy != 0, !symbolic { e.double("NSConstant", legacy) }
            b.set(i, .init(className: "NSLayoutConstraint", entries: e.list))

            // Group by the key view (first item unless it is the owner); groups sorted by the key view's
            // origin distance from the owner's origin, ties in document order (299/303 arrays of the
            // corpus xibs and storyboards exact; evidence and rejected rules in ConstraintOrder.swift).
            let keyID: String? = firstID ?? secondID
            let keyNode = keyID.flatMap { ctx.element(withID: $0) }
            // The owner's own layout guides group with the owner's constraints.
            let group = keyNode.flatMap { $0.isNamed("viewLayoutGuide") ? nil : $0 }.map { view in
                if let known = groupOfView[view.order] { return known }
                let key = ConstraintGroupKey(view: view, owner: ownerNode, alias: aliasNode)
                groupOfView[view.order] = key
                return key
            } ?? .owner
            let isExcluded = c.peek("id").map { excluded.contains($0) } ?? false
            items.append((i, group, pos, isExcluded))
        }
        let ordered = items.sorted { $0.group != $1.group ? $0.group < $1.group : $0.pos < $1.pos }
        return (ordered.filter { !$0.excluded }.map(\.index), ordered.map(\.index))
    }

    private func attribute(_ c: XIBNode, _ name: String) -> Int {
        guard let s = c[name] else { return 0 }
        if let v = Self.layoutAttributes[s] { return v }
        ctx.warning(at: c, "unknown layout attribute '\(s)'")
        return 0
    }

    func parseMultiplier(_ s: String) -> Double? {
        if let v = Double(s) { return v }
        for sep in [":", "/"] {
            let parts = s.split(separator: Character(sep))
            if parts.count == 2, let a = Double(parts[0]), let d = Double(parts[1]), d != 0 { return a / d }
        }
        return nil
    }
}
