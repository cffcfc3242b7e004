/// Geometry that Interface Builder derives from Auto Layout constraints, and how the merge treats it.
///
/// In a document that uses Auto Layout, Interface Builder lays a top-level object out again from its
/// constraints whenever they change and writes every frame it computed. Two edits of one window or scene then
/// disagree on dozens of `<rect key="frame">` values although only one of them changed the layout; a line merge
/// (and a value-by-value merge) reports each as a conflict. The rules:
///
/// - **Frames follow the constraints.** When both sides changed a view's frame (or a window's content rect)
///   differently, the view is laid out by constraints (it, an ancestor or a descendant has
///   `translatesAutoresizingMaskIntoConstraints="NO"`), and exactly one side changed the constraints of its
///   top-level object (window, view, scene), the frame is that side's: the merged constraints are that side's,
///   and so are the frames computed from them. When both sides or neither changed the constraints, the conflict
///   stands.
/// - **A deleted view's geometry.** When one side deleted an element and the other changed nothing in it but
///   layout geometry (frames, content rects, the `misplaced` and `ambiguous` flags: what Interface Builder
///   rewrites after a neighbour moved), a scene's position on the canvas or a window's saving screen, the
///   deletion is honoured. A deleted frame itself, against a changed
///   one, stays a conflict.
/// - **Rounding noise.** When both sides changed one coordinate of such a frame to values less than
///   `coordinateTolerance` apart (Interface Builder's layout arithmetic writes `269.99999931525957` on one machine
///   and `269.99999931525974` on another for the same layout), they are the same frame: OURS' value is kept.
/// - **The saving screen.** A window's screen rect (`<rect key="screenRect">`, a XIB 2 window template's
///   `NSScreenRect`) is the frame of the main screen of the Mac that last saved the document; Interface Builder
///   writes it at every save, and at run time it only scales the window's saved position to the screen it opens
///   on. Two sides saved on different Macs disagree on it without either editing it: OURS' is kept.
enum LayoutRules {
    /// Whether `node` is a window's screen rect: `<rect key="screenRect">` (XIB 3) or `<string key="NSScreenRect">`
    /// (XIB 2).
    static func isSavingScreenRect(_ node: MergeNode) -> Bool {
        switch node.name {
        case "rect": return node.attribute("key") == "screenRect"
        case "string": return node.input.isArchive && node.attribute("key") == "NSScreenRect"
        default: return false
        }
    }

    /// Frame coordinates closer than this (in points) are the same position: far below the smallest device pixel
    /// (1/3 pt).
    static let coordinateTolerance = 0.001

    /// Whether two coordinate values are the same position up to rounding noise.
    static func sameCoordinate(_ a: String, _ b: String) -> Bool {
        guard let x = Double(a), let y = Double(b), x.isFinite, y.isFinite else { return false }
        return abs(x - y) < coordinateTolerance
    }

    /// `<rect>` keys whose values Interface Builder computes from constraints.
    static let derivedRectKeys: Set<String> = ["frame", "contentRect"]
    /// Attributes Interface Builder sets from the layout it computed (not from an edit).
    static let layoutFlags: Set<String> = ["misplaced", "ambiguous"]

    /// Whether `node` is a `<rect>` holding geometry computed from constraints.
    static func isDerivedRect(_ node: MergeNode) -> Bool {
        node.name == "rect" && node.attribute("key").map(derivedRectKeys.contains) == true
    }

    /// Whether the document's root says it uses Auto Layout.
    static func usesAutoLayout(_ input: MergeInput) -> Bool {
        input.root.attribute("useAutolayout") == "YES"
    }

    /// Whether the view owning a derived rect is laid out by constraints: it, an ancestor or a descendant opts
    /// out of autoresizing-mask translation.
    static func isLaidOutByConstraints(_ owner: MergeNode) -> Bool {
        var n: MergeNode? = owner
        while let current = n {
            if current.attribute("translatesAutoresizingMaskIntoConstraints") == "NO" { return true }
            n = current.parent
        }
        return owner.containsConstrainedView()
    }

    /// The top-level object holding `node`: its ancestor that is a child of an `<objects>` element (a XIB's
    /// top-level objects, a scene's view controller), or nil.
    static func topLevelObject(of node: MergeNode) -> MergeNode? {
        var n: MergeNode? = node
        while let current = n {
            if let parent = current.parent, parent.name == "objects" { return current }
            n = current.parent
        }
        return nil
    }

    /// The `<constraint>` elements under `node` by id.
    static func constraints(under node: MergeNode?) -> [String: MergeNode] {
        var out: [String: MergeNode] = [:]
        func walk(_ n: MergeNode) {
            if n.name == "constraint", let key = n.globalKey { out[key] = n }
            for c in n.children { walk(c) }
        }
        if let node { walk(node) }
        return out
    }

    /// Whether `side`'s constraints under the top-level object differ from `base`'s (added, removed, changed).
    static func constraintsChanged(base: MergeNode?, side: MergeNode?) -> Bool {
        let b = constraints(under: base), s = constraints(under: side)
        if b.count != s.count { return true }
        for (key, node) in s {
            guard let other = b[key], other.sameContent(as: node) else { return true }
        }
        return false
    }

    /// Whether `kept` differs from `base` only in layout geometry (derived rects, layout flags) or in where it was
    /// saved and shown: a scene's canvas position, a window's saving screen (see `HeaderRules.isEditorOnly`,
    /// `isSavingScreenRect`).
    static func differsOnlyInLayout(_ kept: MergeNode, from base: MergeNode) -> Bool {
        guard kept.name == base.name, kept.key == base.key else { return false }
        if isDerivedRect(kept) || HeaderRules.isEditorOnly(kept) || isSavingScreenRect(kept) { return true }
        let keptAttributes = kept.attributes.filter { !layoutFlags.contains($0.name) }
        let baseAttributes = base.attributes.filter { !layoutFlags.contains($0.name) }
        guard keptAttributes.count == baseAttributes.count,
              keptAttributes.allSatisfy({ base.attribute($0.name) == $0.value }),
              kept.text == base.text, kept.children.count == base.children.count else { return false }
        for (a, b) in zip(kept.children, base.children) {
            guard a.sameContent(as: b) || differsOnlyInLayout(a, from: b) else { return false }
        }
        return true
    }
}

extension MergeNode {
    /// Whether this element or a descendant has `translatesAutoresizingMaskIntoConstraints="NO"`.
    func containsConstrainedView() -> Bool {
        if attribute("translatesAutoresizingMaskIntoConstraints") == "NO" { return true }
        return children.contains { $0.containsConstrainedView() }
    }
}
