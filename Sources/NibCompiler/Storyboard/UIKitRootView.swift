import NibArchive
import XIB

/// Storyboard-only rules for a controller's root view in its view nib: the controller's
/// `<viewControllerLayoutGuide>`s become `_UILayoutGuide` subviews (UIKIT-MAPPING §6.18), and a root view
/// shortened by simulated bars gets the device's full screen size (UIKIT-MAPPING §5.3).
extension UIKitCompiler {
    /// Guide objects for the controller's `<layoutGuides>`, bound to their ids before the root view is
    /// encoded (user constraints refer to them); filled in by `attachLayoutGuides`.
    func bindLayoutGuides(of controller: XIBNode) -> [(node: XIBNode, index: Int)] {
        guard let guides = controller.children.first(where: { $0.name == "layoutGuides" }) else { return [] }
        guides.visited = true
        var out: [(node: XIBNode, index: Int)] = []
        for g in guides.children where g.name == "viewControllerLayoutGuide" {
            g.visited = true
            g.markUsed("type")
            let i = b.new("_UILayoutGuide")
            if let id = g.peek("id") { ctx.bind(id: id, to: i) }
            out.append((g, i))
        }
        return out
    }

    /// Fills each guide: hidden view with a priority-999 `_UILayoutSupportConstraint` and three constraints
    /// pinning it to the root view (also added to the root's constraints); appends the guides to the root's
    /// subviews and object-list block.
    func attachLayoutGuides(_ guides: [(node: XIBNode, index: Int)], to root: Int) {
        guard !guides.isEmpty else { return }
        func constraint(_ first: Int, _ a1: Int, _ second: Int?, _ a2: Int, cls: String = "NSLayoutConstraint", priority: Int? = nil) -> Int {
            var e = Entries()
            e.obj("NSFirstItem", first)
            e.int("NSFirstAttributeV2", a1); e.int("NSFirstAttribute", a1)
            if let second {
                e.obj("NSSecondItem", second)
                e.int("NSSecondAttributeV2", a2); e.int("NSSecondAttribute", a2)
            }
            e.bool("NSShouldBeArchived", true)
            if let priority { e.int("NSPriority", priority) }
            return b.graph.add(NibObject(className: cls, entries: e.list))
        }
        var rootConstraints: [Int] = []
        for (node, g) in guides {
            let top = node.peek("type") != "bottom"
            // leading, top/height pinned as ibtool writes them (attributes: leading 5, top 3, bottom 4, height 8).
            let remove = top
                ? [constraint(g, 5, root, 5), constraint(g, 3, root, 3), constraint(g, 8, nil, 0)]
                : [constraint(g, 5, root, 5), constraint(g, 8, nil, 0), constraint(root, 4, g, 4)]
            rootConstraints += remove
            var e = Entries()
            e.bool("UIDeepDrawRect", true)
            e.bool("UIOpaque", true)
            e.bool("UIHidden", true)
            e.bool("UIAutoresizeSubviews", true)
            e.bool("UIViewDoesNotTranslateAutoresizingMaskIntoConstraints", true)
            e.obj("UIViewAutolayoutConstraints", b.mutableArray([constraint(g, 7, nil, 0, cls: "_UILayoutSupportConstraint", priority: 999)]))
            e.int("UIViewSemanticContentAttribute", 0)
            e.null("UIViewLargeContentStoredProperties")
            e.obj("_UILayoutGuideIdentifier", b.string(top ? "_UIViewControllerTop" : "_UIViewControllerBottom"))
            e.obj("_UILayoutGuideConstraintsToRemove", b.array(remove))
            b.set(g, NibObject(className: "_UILayoutGuide", entries: e.list))
        }
        var entries = b.graph.objects[root].entries
        func append(_ key: String, _ items: [Int], before: [String]) {
            if let at = entries.firstIndex(where: { $0.key == key }), let list = entries[at].value.objectIndex {
                for i in items { b.graph.objects[list].append("UINibEncoderEmptyKey", .object(i)) }
            } else {
                let at = entries.firstIndex { before.contains($0.key) } ?? entries.count
                entries.insert(NibEntry(key: key, value: .object(b.mutableArray(items))), at: at)
            }
        }
        append("UISubviews", guides.map(\.index), before: ["UIBackgroundColor", "UIDeepDrawRect"])
        append("UIViewAutolayoutConstraints", rootConstraints, before: ["UIViewContentHuggingPriority", "UIViewSemanticContentAttribute", "UIViewLargeContentStoredProperties"])
        b.graph.objects[root].entries = entries
        objectListChildren[root, default: []] += guides.map(\.index)
    }

    /// Screen sizes (portrait, points) of the `<device id>`s of the corpus.
    static let deviceSizes: [String: (Double, Double)] = [
        "retina3_5": (320, 480), "retina4_0": (320, 568), "retina4_7": (375, 667), "retina5_5": (414, 736),
        "retina5_9": (375, 812), "retina6_1": (414, 896), "retina6_5": (414, 896), "retina6_0": (390, 844),
        "retina6_7": (428, 926), "retina6_12": (393, 852), "retina6_72": (430, 932), "retina5_4": (375, 812),
    ]

    /// A root view whose frame is the device's width but shorter than its screen because of simulated bars
    /// is archived at the full screen size; freeform controllers and embedded ones (sized by their
    /// container) keep their frame (UIKIT-MAPPING §5.3; the embed condition rests on the DuckDuckGo pairs
    /// only). The bars need not be declared: a controller pushed by a `show` segue inside a navigation
    /// controller has them inferred (Settings `jEM-1g-lEl`, `fdJ-b1-Des`, PrivacyProtection `inG-Uk-VH6`).
    func applyDeviceFrame(root: Int, rootView: XIBNode, controller: XIBNode, document: XIBNode, embedded: Bool) {
        guard !embedded,
              controller.children.first(where: { $0.name == "size" && $0.peek("key") == "freeformSize" }) == nil,
              let device = document.children.first(where: { $0.name == "device" }), device.peek("orientation") != "landscape",
              let size = device.peek("id").flatMap({ Self.deviceSizes[$0] }),
              let frame = rootView.children.first(where: { $0.name == "rect" && $0.peek("key") == "frame" }),
              frame.peek("width").flatMap(Double.init) == size.0,
              let h = frame.peek("height").flatMap(Double.init), h < size.1 else { return }
        var entries = b.graph.objects[root].entries
        for (key, value) in [("UIBounds", [0, 0, size.0, size.1]), ("UICenter", [size.0 / 2, size.1 / 2])] {
            if let at = entries.firstIndex(where: { $0.key == key }) { entries[at].value = packedDoubles(value) }
        }
        b.graph.objects[root].entries = entries
    }
}
