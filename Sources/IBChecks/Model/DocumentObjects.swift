import XIB

/// Which elements of a document are objects (things Interface Builder lists and connects), and the
/// structure around them: scenes, their controllers, cells that repeat.
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

    /// The object a `<connections>` entry belongs to: the nearest object above it.
    public static func owner(of element: XMLTree.Element) -> XMLTree.Element? {
        var current = element.parent
        while let e = current, !isObject(e) { current = e.parent }
        return current
    }

    /// Whether `element` is a view controller of a storyboard scene (or the controller of a XIB),
    /// placeholders to other storyboards aside.
    public static func isController(_ element: XMLTree.Element) -> Bool {
        guard element.name != "viewControllerPlaceholder" else { return false }
        return element.attribute("sceneMemberID") == "viewController" || element.name.hasSuffix("Controller")
    }

    /// The nearest view controller above `element` (not `element` itself).
    public static func enclosingController(of element: XMLTree.Element) -> XMLTree.Element? {
        var current = element.parent
        while let e = current {
            if isController(e) { return e }
            current = e.parent
        }
        return nil
    }

    /// The repeating cell `element` is in or is: a table view cell among a table view's prototypes, or a
    /// collection view cell or reusable view inside a collection view.
    public static func repeatingCell(containing element: XMLTree.Element) -> XMLTree.Element? {
        var current: XMLTree.Element? = element
        while let e = current {
            if isRepeatingCell(e) { return e }
            current = e.parent
        }
        return nil
    }

    static func isRepeatingCell(_ element: XMLTree.Element) -> Bool {
        switch element.name {
        case "tableViewCell":
            guard let table = ancestor(of: element, named: "tableView") else { return false }
            return table.attribute("dataMode") != "static"
        case "collectionViewCell", "collectionReusableView":
            return ancestor(of: element, named: "collectionView") != nil
        default:
            return false
        }
    }

    static func ancestor(of element: XMLTree.Element, named name: String) -> XMLTree.Element? {
        var current = element.parent
        while let e = current {
            if e.isNamed(name) { return e }
            current = e.parent
        }
        return nil
    }
}
