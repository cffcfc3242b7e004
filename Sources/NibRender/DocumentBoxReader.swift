import XIB

/// Draws a XIB or a storyboard. Views are placed where the compiled nib places them (`GeometrySource.compiled`: the
/// document compiled in process, the rules of `nibc compile` deciding every layout-derived box), or at their
/// design-time frames (`<rect key="frame">`); windows at their `contentRect` with a title bar; storyboard scenes at
/// their `canvasLocation`.
public enum DocumentRenderer {
    /// Reads the document in `bytes` (named `file` in errors) and lays out its boxes. With `scene`, a storyboard's
    /// scene of that `sceneID` (or controller id) alone. With `geometry` `.compiled` (the default), a document that
    /// does not compile is drawn at its design-time frames and `RenderDocument.geometryNote` says why.
    public static func render(bytes: [UInt8], file: String, scene: String? = nil,
                              geometry: GeometrySource = .compiled) throws(RenderError) -> RenderDocument {
        let document: XIBDocument
        do { document = try XIBDocument(bytes: bytes, file: file) } catch { throw RenderError(error) }
        guard geometry == .compiled else { return try render(document, scene: scene) }
        let layout = document.isStoryboard ? CompiledGeometry.layout(storyboard: bytes, file: file) : CompiledGeometry.layout(xib: bytes, file: file)
        switch layout {
        case .success(let layout):
            return try render(document, scene: scene, layout: layout)
        case .failure(let failure):
            var out = try render(document, scene: scene)
            out.geometryNote = "drawn at design-time frames: the document does not compile (\(failure.message))"
            return out
        }
    }

    /// Lays out the boxes of a parsed document at its design-time frames.
    public static func render(_ document: XIBDocument, scene: String? = nil) throws(RenderError) -> RenderDocument {
        try render(document, scene: scene, layout: nil)
    }

    static func render(_ document: XIBDocument, scene: String?, layout: CompiledGeometry.Layout?) throws(RenderError) -> RenderDocument {
        var reader = DocumentBoxReader(document: document)
        if document.isStoryboard {
            return try StoryboardLayout.render(&reader, scene: scene, layout: layout)
        }
        if let scene {
            throw RenderError("--scene \(scene): this document is not a storyboard", at: document.root.location)
        }
        var roots: [[RenderBox]] = []
        for child in document.objects.children {
            if DocumentBoxReader.isMenu(child, reader.attributes) {
                // A nib archives no geometry for a menu: it is laid out from its items either way.
                roots.append(reader.menuTree(child))
            } else if DocumentBoxReader.isView(child, reader.attributes) {
                let tree = try reader.tree(child)
                roots.append(layout.map { CompiledGeometry.apply($0, to: tree) } ?? tree)
            }
        }
        let origins = CanvasLayout.row(roots.map { ($0.first?.rect.width ?? 0, $0.first?.rect.height ?? 0) })
        var boxes: [RenderBox] = []
        for (tree, origin) in zip(roots, origins) {
            boxes += tree.map { var b = $0; b.rect = b.rect.offsetBy(origin.x, origin.y); return b }
        }
        return RenderDocument(file: document.file, platform: document.platform.rawValue, boxes: boxes)
    }
}

/// The view tree reader shared by XIBs and storyboards.
struct DocumentBoxReader {
    let document: XIBDocument
    let appKit: Bool
    var attributes: DocumentAttributes

    /// The coordinate space children are placed in: the parent's absolute rectangle and whether `y` counts down.
    struct Space {
        var rect: RenderRect
        var flipped: Bool
    }

    /// Element names never holding a drawn subview: skipped when looking for child views. Size-class variations
    /// are skipped so the base values are drawn; navigation and tab bar items live outside the view tree.
    static let skipped: Set<String> = [
        "rect", "constraints", "connections", "variation", "navigationItem", "tabBarItem", "userDefinedRuntimeAttributes",
        "accessibility", "color", "fontDescription", "font", "state", "segments", "string", "attributedString",
        "autoresizingMask", "point", "size", "inset", "edgeInsets", "viewLayoutGuide", "simulatedMetricsContainer",
        "gestureRecognizers", "menu", "toolbarItems", "items", "tableColumns", "allowedToolbarItems", "defaultToolbarItems",
    ]

    init(document: XIBDocument) {
        self.document = document
        appKit = document.platform == .macOS
        attributes = DocumentAttributes(appKit: appKit)
        if let resources = document.resources {
            for named in resources.children(named: "namedColor") {
                guard let name = named.attribute("name"), let c = named.firstChild(named: "color") else { continue }
                if let value = attributes.color(c) { attributes.namedColors[name] = value }
            }
        }
    }

    /// A view: an element with a `<rect key="frame">`, or an AppKit window (with a `contentRect`, or none: an
    /// empty window).
    static func isView(_ e: XMLTree.Element, _ attributes: DocumentAttributes) -> Bool {
        if attributes.appKit && (e.isNamed("window") || e.isNamed("panel")) { return true }
        return e.children.contains { $0.isNamed("rect") && ($0.attribute("key") == "frame" || $0.attribute("key") == "contentRect") }
    }

    /// The child views of `e` in document order, each with whether it is a prototype cell's tree.
    func childViews(of e: XMLTree.Element, prototype: Bool = false, into out: inout [(XMLTree.Element, Bool)]) {
        for c in e.children where !Self.skipped.contains(c.name) {
            if Self.isView(c, attributes) {
                out.append((c, prototype))
            } else {
                childViews(of: c, prototype: prototype || c.isNamed("prototypes") || c.isNamed("cells"), into: &out)
            }
        }
    }

    /// The boxes of the tree rooted at `root`, with the root at the origin.
    mutating func tree(_ root: XMLTree.Element) throws(RenderError) -> [RenderBox] {
        var out: [RenderBox] = []
        try add(root, parent: nil, space: Space(rect: .zero, flipped: true), rootID: nil, prototype: false, into: &out)
        return out
    }

    /// The id of an element: its `id`, else its name and place.
    static func id(_ e: XMLTree.Element) -> String {
        e.attribute("id") ?? "\(e.name)@\(e.location.line):\(e.location.column)"
    }

    /// Adds the box of `e` and its subtree to `out`.
    mutating func add(_ e: XMLTree.Element, parent: RenderBox?, space: Space, rootID: String?, prototype: Bool,
                      into out: inout [RenderBox]) throws(RenderError) {
        let base = ViewClasses.className(element: e.name, appKit: appKit)
        let custom = e.attribute("customClass")
        let id = Self.id(e)
        var kind = ViewClasses.kind(element: e.name)
        var frame: RenderRect
        var missing = false
        var titleBar = 0.0
        var toolbar: ToolbarModel? = nil
        if appKit && (e.isNamed("window") || e.isNamed("panel")) {
            let content = try attributes.rect(e, key: "contentRect") ?? .zero
            kind = .window
            toolbar = self.toolbar(ofWindow: e)
            titleBar = CanvasLayout.titleBarHeight + (toolbar == nil ? 0 : ToolbarLayout.height)
            frame = RenderRect(x: 0, y: 0, width: content.width, height: content.height + titleBar)
        } else if parent?.kind == .window, e.attribute("key") == "contentView" {
            // A window's content view takes the content rectangle's size (the window's space under its title bar and
            // toolbar), whatever its own frame says (Apple's nib archives it so: APPKIT-MAPPING.md §8).
            frame = RenderRect(x: 0, y: 0, width: space.rect.width, height: space.rect.height)
        } else if let f = try attributes.rect(e, key: "frame") {
            frame = parent == nil ? RenderRect(x: 0, y: 0, width: f.width, height: f.height) : f
        } else {
            frame = .zero
            missing = true
        }
        let rect: RenderRect
        if space.flipped || kind == .window {
            rect = frame.offsetBy(space.rect.x, space.rect.y)
        } else {
            rect = RenderRect(x: space.rect.x + frame.x, y: space.rect.y + space.rect.height - frame.y - frame.height,
                              width: frame.width, height: frame.height)
        }
        var box = RenderBox(id: id, className: custom ?? base, kind: kind, rect: rect, frame: frame, parent: parent?.id,
                            root: rootID ?? id)
        if custom != nil { box.baseClass = base }
        box.userLabel = e.attribute("userLabel")
        box.clips = e.attribute("clipsSubviews") == "YES" || ViewClasses.alwaysClipping.contains(base)
        box.fill = attributes.color(e, key: "backgroundColor") ?? attributes.color(e, key: "fillColor")
        box.border = attributes.color(e, key: "borderColor")
        box.isHidden = e.attribute("hidden") == "YES"
        box.ambiguous = e.attribute("ambiguous") == "YES"
        box.misplaced = e.attribute("misplaced") == "YES"
        box.missingFrame = missing
        box.isPrototype = prototype
        if kind == .window { box.text = e.attribute("title") } else { attributes.readContent(e, into: &box) }
        out.append(box)
        if let toolbar { out += ToolbarLayout.boxes(toolbar, in: box, top: CanvasLayout.titleBarHeight) }

        var children: [(XMLTree.Element, Bool)] = []
        childViews(of: e, prototype: prototype, into: &children)
        var flipped = !appKit || ViewClasses.flippedAppKit.contains(base)
        if appKit, base == "NSClipView", let document = children.first {
            flipped = ViewClasses.flippedAppKit.contains(ViewClasses.className(element: document.0.name, appKit: true))
        }
        let childSpace = Space(rect: RenderRect(x: rect.x, y: rect.y + titleBar, width: rect.width, height: rect.height - titleBar),
                               flipped: flipped)
        for (child, isPrototype) in children {
            try add(child, parent: box, space: childSpace, rootID: rootID ?? id, prototype: isPrototype, into: &out)
        }
    }
}
