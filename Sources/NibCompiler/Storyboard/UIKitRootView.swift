import NibArchive
import XIB

/// Storyboard-only rules for a controller's root view in its view nib: the controller's
/// `<viewControllerLayoutGuide>`s become `_UILayoutGuide` subviews (UIKIT-MAPPING §6.18), and a root view
/// is archived at its controller's simulated size (UIKIT-MAPPING §5.3).
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
        let userSubviews = entries.first { $0.key == "UISubviews" }?.value.objectIndex
            .map { b.graph.objects[$0].entries.compactMap(\.value.objectIndex) } ?? []
        // The guides follow the root's own subviews, and their constraints precede the root's own constraints; in the
        // object list the guides come before the subviews (Flutter's launch screen template, Xcode 14.2–26.1).
        func append(_ key: String, _ items: [Int], before: [String], leading: Bool = false) {
            if let at = entries.firstIndex(where: { $0.key == key }), let list = entries[at].value.objectIndex {
                let added = items.map { NibEntry(key: "UINibEncoderEmptyKey", value: .object($0)) }
                if leading { b.graph.objects[list].entries.insert(contentsOf: added, at: 0) } else { b.graph.objects[list].entries += added }
            } else {
                let at = entries.firstIndex { before.contains($0.key) } ?? entries.count
                entries.insert(NibEntry(key: key, value: .object(b.mutableArray(items))), at: at)
            }
        }
        append("UISubviews", guides.map(\.index), before: ["UIBackgroundColor", "UIDeepDrawRect"])
        append("UIViewAutolayoutConstraints", rootConstraints, before: ["UIViewContentHuggingPriority", "UIViewSemanticContentAttribute", "UIViewLargeContentStoredProperties"],
               leading: true)
        b.graph.objects[root].entries = entries
        var listed = objectListChildren[root, default: []]
        let at = listed.firstIndex { userSubviews.contains($0) } ?? listed.count
        listed.insert(contentsOf: guides.map(\.index), at: at)
        objectListChildren[root] = listed
    }

    /// Screen sizes (portrait, points) of the `<device id>`s of the corpus.
    static let deviceSizes: [String: (Double, Double)] = [
        "retina3_5": (320, 480), "retina4_0": (320, 568), "retina4_7": (375, 667), "retina5_5": (414, 736),
        "retina5_9": (375, 812), "retina6_1": (414, 896), "retina6_5": (414, 896), "retina6_0": (390, 844),
        "retina6_7": (428, 926), "retina6_12": (393, 852), "retina6_72": (430, 932), "retina5_4": (375, 812),
        "ipad9_7": (768, 1024), "ipad10_2": (810, 1080), "ipad10_5": (834, 1112), "ipad10_9": (820, 1180),
        "ipad11": (834, 1194), "ipad12_9": (1024, 1366),
    ]

    /// The "Any width, any height" canvas of a size-class document saved without a `<device>` (Xcode 7's
    /// 600×600 square); rests on one pair (DuckDuckGo's share extension).
    static let anySizeCanvas = (600.0, 600.0)

    /// The full screen of the design device Interface Builder assumes for a document without a `<device>`, where a
    /// root view saved without a frame gets it (`retina6_12`, 393×852; `XcodeVersion.deviceLessRootKeepsFrame`).
    static let defaultDesignDeviceSize = (393.0, 852.0)

    /// The size ibtool archives for a scene's root view: the controller's simulated size, not the laid-out
    /// XIB rectangle (which is shortened by simulated bars). An embedded controller (an embed segue's
    /// destination) is sized by its container and keeps its frame; a freeform controller gets its
    /// `freeformSize`; any other gets the full screen of the document's `<device>` (landscape swaps it)
    /// (UIKIT-MAPPING §5.3; 60 root views of the DuckDuckGo pairs, 22 of them differing from their frame).
    /// Without a `<device>`, the Xcode decides (`XcodeVersion.deviceLessRootKeepsFrame`): its frame, or the
    /// default device's screen when it has none; before Xcode 14, the 600×600 any-size canvas of a size-class
    /// document. Nil keeps the frame.
    func simulatedRootSize(controller: XIBNode, rootView: XIBNode, document: XIBNode, embedded: Bool) -> (Double, Double)? {
        guard !embedded else { return nil }
        if let freeform = controller.children.first(where: { $0.name == "size" && $0.peek("key") == "freeformSize" }) {
            guard let w = freeform.peek("width").flatMap(Double.init), let h = freeform.peek("height").flatMap(Double.init) else { return nil }
            return (w, h)
        }
        guard let device = document.children.first(where: { $0.name == "device" }) else {
            guard ctx.options.xcodeVersion >= .deviceLessRootKeepsFrame else {
                return document.peek("useTraitCollections") == "YES" ? Self.anySizeCanvas : nil
            }
            let hasFrame = rootView.children.contains { $0.name == "rect" && $0.peek("key") == "frame" }
            return hasFrame ? nil : Self.defaultDesignDeviceSize
        }
        guard device.peek("layout").map({ $0 == "fullscreen" }) ?? true,
              let size = device.peek("id").flatMap({ Self.deviceSizes[$0] }) else { return nil }
        return device.peek("orientation") == "landscape" ? (size.1, size.0) : size
    }

    /// Writes the simulated size (see `simulatedRootSize`) into the root view's bounds and centre.
    func applyDeviceFrame(root: Int, rootView: XIBNode, controller: XIBNode, document: XIBNode, embedded: Bool) {
        guard let size = simulatedRootSize(controller: controller, rootView: rootView, document: document, embedded: embedded) else { return }
        var entries = b.graph.objects[root].entries
        for (key, value) in [("UIBounds", [0, 0, size.0, size.1]), ("UICenter", [size.0 / 2, size.1 / 2])] {
            if let at = entries.firstIndex(where: { $0.key == key }) { entries[at].value = packedDoubles(value) }
        }
        b.graph.objects[root].entries = entries
    }
}
