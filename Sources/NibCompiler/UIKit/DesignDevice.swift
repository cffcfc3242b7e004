import NibArchive
import XIB

/// The document's design device (`<device id orientation>`) and the size-class `<variation>`s that match
/// it: ibtool archives a view as Interface Builder shows it on that device, so a matching variation's
/// constraint mask decides which constraints are installed (Tab: an iPad document whose
/// `heightClass=regular-widthClass=regular` variations include and exclude constraints).
extension UIKitCompiler {
    /// Horizontal and vertical size classes (`"compact"`/`"regular"`) of the document's device; nil without one.
    static func designSizeClasses(_ document: XIBNode) -> (width: String, height: String)? {
        guard let device = document.children.first(where: { $0.name == "device" }), let id = device.peek("id") else { return nil }
        let landscape = device.peek("orientation") == "landscape"
        if id.hasPrefix("ipad") { return ("regular", "regular") }
        if !landscape { return ("compact", "regular") }
        // iPhones in landscape: the Plus/Max and 6.1" XR-class screens have a regular width.
        let regularWidthInLandscape: Set<String> = ["retina5_5", "retina6_1", "retina6_5", "retina6_7", "retina6_72"]
        return (regularWidthInLandscape.contains(id) ? "regular" : "compact", "compact")
    }

    /// The non-default variations of `node` whose key matches the design device, least specific first
    /// (a one-class key before a two-class key), so later ones win.
    func designVariations(of node: XIBNode) -> [XIBNode] {
        guard let classes = designSizeClasses, node.children.contains(where: { $0.name == "variation" }) else { return [] }
        var matches: [(node: XIBNode, specificity: Int)] = []
        for v in node.children where v.name == "variation" {
            guard let key = v.peek("key"), key != "default" else { continue }
            var specificity = 0
            var matchesDevice = true
            for part in key.split(separator: "-") {
                let kv = part.split(separator: "=", maxSplits: 1).map(String.init)
                guard kv.count == 2 else { matchesDevice = false; break }
                switch kv[0] {
                case "widthClass": matchesDevice = matchesDevice && kv[1] == classes.width
                case "heightClass": matchesDevice = matchesDevice && kv[1] == classes.height
                default: matchesDevice = false
                }
                specificity += 1
            }
            if matchesDevice { matches.append((v, specificity)) }
        }
        return matches.enumerated().sorted { ($0.element.specificity, $0.offset) < ($1.element.specificity, $1.offset) }.map(\.element.node)
    }
}
