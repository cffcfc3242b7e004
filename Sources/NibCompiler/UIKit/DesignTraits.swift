import XIB

/// The size classes of the document's design device: ibtool archives each object's base values as they are
/// on that device, so a `<variation>` whose traits the device has overrides the XIB's base value in the
/// object itself (the XIB base moves to the trait storage's "any" record; UIKIT-MAPPING §14).
///
/// Evidence: PrivacyProtection (iPhone portrait): 4 button fonts under `widthClass=compact` (16 → 15 pt) and
/// one constraint constant (−48 → −32); Tab (iPad portrait): a constraint excluded by default but included
/// for `heightClass=regular-widthClass=regular` is in the base constraints, and one excluded there is not.
/// Variations for traits the device lacks (`heightClass=compact` on portrait iPhones, 20 of them) leave the
/// base alone.
struct DesignTraits: Equatable {
    /// Horizontal and vertical size class: compact 1, regular 2.
    var horizontal: Int
    var vertical: Int

    /// Phones whose landscape width is regular (the Plus and Max sizes).
    static let regularLandscapeWidth: Set<String> = ["retina5_5", "retina6_1", "retina6_5", "retina6_7", "retina6_72"]

    /// The traits of the document's `<device>`; nil without one (the any-size canvas) or for a device or
    /// layout (iPad split views) whose classes are not known.
    init?(document: XIBNode) {
        guard let device = document.children.first(where: { $0.isNamed("device") }), let id = device.peek("id") else { return nil }
        let landscape = device.peek("orientation", is: "landscape")
        if id.hasPrefix("ipad") {
            guard device.peek("layout").map({ $0 == "fullscreen" }) ?? true else { return nil }
            self.init(horizontal: 2, vertical: 2)
        } else if id.hasPrefix("retina") {
            self.init(horizontal: landscape && Self.regularLandscapeWidth.contains(id) ? 2 : 1, vertical: landscape ? 1 : 2)
        } else {
            return nil
        }
    }

    init(horizontal: Int, vertical: Int) {
        self.horizontal = horizontal
        self.vertical = vertical
    }

    /// How many traits of variation key `key` (`widthClass=compact`, `heightClass=regular-widthClass=regular`)
    /// the device has, or nil when one of them differs (or is not a size class, e.g. `userInterfaceIdiom=mac`).
    func specificity(of key: String) -> Int? {
        guard key != "default" else { return nil }
        var n = 0
        for part in key.split(separator: "-") {
            let kv = part.split(separator: "=")
            guard kv.count == 2 else { return nil }
            let value = kv[1] == "compact" ? 1 : (kv[1] == "regular" ? 2 : 0)
            switch kv[0] {
            case "widthClass": guard value == horizontal else { return nil }
            case "heightClass": guard value == vertical else { return nil }
            default: return nil
            }
            n += 1
        }
        return n
    }
}

extension UIKitCompiler {
    /// The `<variation>`s of `node` that apply on the design device, least specific first (a one-class key
    /// before a two-class key; equals in document order), so that later ones win when applied in turn.
    func designVariations(of node: XIBNode) -> [XIBNode] {
        guard let traits = designTraits else { return [] }
        var matches: [(node: XIBNode, n: Int, order: Int)] = []
        for (order, v) in node.children.enumerated() where v.isNamed("variation") {
            if let n = v.peek("key").flatMap(traits.specificity(of:)) { matches.append((v, n, order)) }
        }
        return matches.sorted { ($0.n, $0.order) < ($1.n, $1.order) }.map(\.node)
    }

    /// The `<variation>` of `node` that applies on the design device: the most specific one whose traits
    /// the device has (the first of equals), or nil.
    func designVariation(of node: XIBNode) -> XIBNode? {
        guard let traits = designTraits else { return nil }
        var best: (node: XIBNode, n: Int)?
        for v in node.children where v.isNamed("variation") {
            if let n = v.peek("key").flatMap(traits.specificity(of:)), n > (best?.n ?? 0) { best = (v, n) }
        }
        return best?.node
    }
}
