import XIB

/// Which elements of a document are objects (things Interface Builder lists and connects), which are
/// connections and view controllers, and the top-level objects. (What an element is inside of: `Enclosing`.)
public enum DocumentObjects {
    /// Elements that carry an `id` but are not objects in Interface Builder's outline: connections,
    /// constraints (listed under a Constraints group IB makes up), and scenes (a scene's id is `sceneID`).
    static let notObjects: Set<String> = [
        "outlet", "outletCollection", "action", "segue", "binding", "constraint", "scene",
    ]

    /// Whether `element` is an object: it has an `id` and is not a connection or a constraint.
    public static func isObject(_ element: XMLTree.Element) -> Bool {
        element.hasAttribute("id") && !notObjects.contains(element.name)
    }

    /// Whether `element` is a connection (outlet, outlet collection, action, segue, binding).
    public static func isConnection(_ element: XMLTree.Element) -> Bool {
        element.hasAttribute("id") && element.name != "constraint" && element.name != "scene" && notObjects.contains(element.name)
    }

    /// The objects directly below `element`, looking through wrappers without an id (`<subviews>`,
    /// `<prototypes>`, `<connections>` …), in document order.
    public static func childObjects(of element: XMLTree.Element) -> [XMLTree.Element] {
        var out: [XMLTree.Element] = []
        var pending = Array(element.children).reversed() as [XMLTree.Element]
        while let next = pending.popLast() {
            if isObject(next) {
                out.append(next)
            } else if !next.hasAttribute("id") {
                pending.append(contentsOf: Array(next.children).reversed())
            }
        }
        return out
    }

    /// The top-level objects: the children of `<objects>`, or of every scene's `<objects>` in a storyboard.
    public static func topLevelObjects(of document: XIBDocument) -> [XMLTree.Element] {
        guard document.isStoryboard else { return childObjects(of: document.objects) }
        return document.objects.children(named: "scene").flatMap { scene in
            scene.children(named: "objects").flatMap(childObjects(of:))
        }
    }

    /// Whether `element` is a view controller of a storyboard scene (or the controller of a XIB),
    /// placeholders to other storyboards aside.
    public static func isController(_ element: XMLTree.Element) -> Bool {
        guard element.name != "viewControllerPlaceholder" else { return false }
        return element.attribute("sceneMemberID") == "viewController" || element.name.hasSuffix("Controller")
    }
}
