import XIB

/// A storyboard's scene map: each scene's controller as a box at its `canvasLocation` (taken as the scene's
/// centre), the controller's views inside it, segue arrows and the initial controller.
enum StoryboardLayout {
    /// The size of a scene whose controller has no root view in the document (navigation and tab bar
    /// controllers): a 4.7-inch iPhone's screen, or a small AppKit view.
    static func defaultSize(appKit: Bool) -> (Double, Double) { appKit ? (480, 270) : (375, 667) }

    /// The scene map; with `layout`, each scene's views where the storyboard's compiled nibs place them (a root view
    /// sized to the device, a window's content view ibtool adds), the scene sized to its root view.
    static func render(_ reader: inout DocumentBoxReader, scene wanted: String?,
                       layout: CompiledGeometry.Layout? = nil) throws(RenderError) -> RenderDocument {
        let document = reader.document
        var scenes: [(element: XMLTree.Element, controller: XMLTree.Element, boxes: [RenderBox], centre: (Double, Double)?)] = []
        var sceneOfElement: [String: String] = [:]
        for scene in document.objects.children(named: "scene") {
            if let wanted, scene.attribute("sceneID") != wanted, controller(of: scene).flatMap({ $0.attribute("id") }) != wanted { continue }
            var boxes: [RenderBox]
            let owner: XMLTree.Element
            if let menu = mainMenu(of: scene, reader) {
                // The application scene: its main menu drawn as the scene, laid out from its items.
                owner = menu
                boxes = reader.menuTree(menu)
            } else if let controller = controller(of: scene) {
                owner = controller
                boxes = try sceneBoxes(controller, reader: &reader)
                if let layout { boxes = compiled(boxes, layout) }
            } else {
                continue
            }
            guard let sceneID = boxes.first?.id else { continue }
            for e in scene.descendants {
                if let id = e.attribute("id") { sceneOfElement[id] = sceneID }
            }
            var centre: (Double, Double)? = nil
            if let point = scene.children.first(where: { $0.isNamed("point") && $0.attribute("key") == "canvasLocation" }),
               let x = point.attribute("x").flatMap(Double.init), let y = point.attribute("y").flatMap(Double.init),
               x.isFinite, y.isFinite, abs(x) < DocumentAttributes.maxCoordinate, abs(y) < DocumentAttributes.maxCoordinate {
                centre = (x, y)
            }
            scenes.append((scene, owner, boxes, wanted == nil ? centre : nil))
        }
        if let wanted, scenes.isEmpty {
            throw RenderError("no scene with sceneID or controller id \"\(wanted)\"", at: document.objects.location)
        }
        // Scenes with a canvas location around it; the others in a row to the right of them.
        var origins: [(Double, Double)] = []
        for s in scenes {
            guard let c = s.centre, let root = s.boxes.first else { origins.append((0, 0)); continue }
            origins.append((c.0 - root.rect.width / 2, c.1 - root.rect.height / 2))
        }
        let placed = scenes.indices.filter { scenes[$0].centre != nil }
        let minX = placed.map { origins[$0].0 }.min() ?? 0, minY = placed.map { origins[$0].1 }.min() ?? 0
        var rightEdge = CanvasLayout.margin - CanvasLayout.gap
        for i in placed {
            origins[i] = (origins[i].0 - minX + CanvasLayout.margin, origins[i].1 - minY + CanvasLayout.margin)
            rightEdge = max(rightEdge, origins[i].0 + (scenes[i].boxes.first?.rect.width ?? 0))
        }
        for i in scenes.indices where scenes[i].centre == nil {
            origins[i] = (rightEdge + CanvasLayout.gap, CanvasLayout.margin)
            rightEdge = origins[i].0 + (scenes[i].boxes.first?.rect.width ?? 0)
        }
        var boxes: [RenderBox] = []
        for (s, o) in zip(scenes, origins) {
            boxes += s.boxes.map { var b = $0; b.rect = b.rect.offsetBy(o.0, o.1); return b }
        }
        let drawn = Set(boxes.map(\.id))
        var arrows: [SegueArrow] = []
        for s in scenes {
            for segue in s.element.descendants where segue.isNamed("segue") {
                guard let destination = segue.attribute("destination"), let to = sceneOfElement[destination] else { continue }
                var source = segue.parent?.parent
                while let e = source, !(e.attribute("id").map(drawn.contains) ?? false) { source = e.parent }
                guard let from = source?.attribute("id") else { continue }
                arrows.append(SegueArrow(id: DocumentBoxReader.id(segue), kind: segue.attribute("kind") ?? "custom",
                                         identifier: segue.attribute("identifier") ?? segue.attribute("relationship"),
                                         from: from, to: to))
            }
        }
        let initial = document.root.attribute("initialViewController").flatMap { sceneOfElement[$0] }
        return RenderDocument(file: document.file, platform: document.platform.rawValue, boxes: boxes, arrows: arrows,
                              initialScene: initial)
    }

    /// A scene's boxes (the scene box first, at the origin) with the compiled nibs' rectangles; a scene whose root
    /// view fills it takes the root view's compiled size.
    static func compiled(_ boxes: [RenderBox], _ layout: CompiledGeometry.Layout) -> [RenderBox] {
        var out = CompiledGeometry.applyToSubtrees(layout, in: boxes)
        // Compared within the diff's tolerance, so sub-point noise in the document's frames decides nothing.
        let tolerance = 0.5
        guard boxes.count > 1, let scene = boxes.first, boxes[1].parent == scene.id,
              boxes[1].rect.isClose(to: scene.rect, tolerance: tolerance),
              let root = out.first(where: { $0.id == boxes[1].id }),
              abs(root.rect.x) <= tolerance, abs(root.rect.y) <= tolerance else { return out }
        out[0].rect = RenderRect(x: 0, y: 0, width: root.rect.width, height: root.rect.height)
        out[0].frame = out[0].rect
        return out
    }

    /// The menu of an AppKit application scene (`<application>` holding `<menu key="mainMenu">`).
    static func mainMenu(of scene: XMLTree.Element, _ reader: DocumentBoxReader) -> XMLTree.Element? {
        guard let application = scene.firstChild(named: "objects")?.firstChild(named: "application") else { return nil }
        return application.children.first { DocumentBoxReader.isMenu($0, reader.attributes) && $0.attribute("key") == "mainMenu" }
    }

    /// The scene's controller: the first object whose name ends in `Controller`, else the first that is not a
    /// placeholder, exit, custom object or application.
    static func controller(of scene: XMLTree.Element) -> XMLTree.Element? {
        guard let objects = scene.firstChild(named: "objects") else { return nil }
        let candidates = objects.children.filter { $0.attribute("id") != nil }
        return candidates.first { $0.name.hasSuffix("Controller") }
            ?? candidates.first { !["placeholder", "exit", "customObject", "application", "menu", "userDefaultsController"].contains($0.name) }
    }

    /// The scene box (the controller) at the origin, then its views.
    static func sceneBoxes(_ controller: XMLTree.Element, reader: inout DocumentBoxReader) throws(RenderError) -> [RenderBox] {
        var children: [(XMLTree.Element, Bool)] = []
        reader.childViews(of: controller, into: &children)
        let appKit = reader.appKit
        var size = defaultSize(appKit: appKit)
        if let first = children.first, first.0.attribute("key") == "view" || first.0.attribute("key") == "window" {
            if let f = try reader.attributes.rect(first.0, key: "frame") { size = (f.width, f.height) }
            if let c = try reader.attributes.rect(first.0, key: "contentRect") {
                size = (c.width, c.height + CanvasLayout.titleBarHeight + (reader.toolbar(ofWindow: first.0) == nil ? 0 : ToolbarLayout.height))
            }
        } else {
            // No root view (a navigation or tab bar controller): wide and tall enough for its bars.
            for (child, _) in children {
                guard let f = try reader.attributes.rect(child, key: "frame") else { continue }
                size = (max(size.0, f.x + f.width), max(size.1, f.y + f.height))
            }
        }
        let id = DocumentBoxReader.id(controller)
        let base = ViewClasses.className(element: controller.name, appKit: appKit)
        let rect = RenderRect(x: 0, y: 0, width: size.0, height: size.1)
        var scene = RenderBox(id: id, className: controller.attribute("customClass") ?? base, kind: .scene, rect: rect, frame: rect,
                              parent: nil, root: id)
        if controller.attribute("customClass") != nil { scene.baseClass = base }
        scene.userLabel = controller.attribute("userLabel")
        scene.text = controller.attribute("title") ?? controller.attribute("storyboardIdentifier")
        var out = [scene]
        for (child, prototype) in children {
            try reader.add(child, parent: scene, space: .init(rect: rect, flipped: true), rootID: id, prototype: prototype, into: &out)
        }
        return out
    }
}
