import XIB

/// For every element of a document, the nearest object, view controller and repeating cell at or above
/// it, computed in one pass in document order (a parent comes before its children), so that rules asking
/// "what is this inside?" cost one lookup, however deep a hostile document nests.
struct Enclosing {
    private let elements: XMLTree.Elements
    /// By document index: the nearest object above (not at) the element, or -1.
    private var objectAbove: [Int32]
    /// The nearest view controller above (not at) the element, or -1.
    private var controllerAbove: [Int32]
    /// The nearest repeating cell at or above the element, or -1.
    private var cellAtOrAbove: [Int32]

    init(_ document: XIBDocument) {
        elements = document.tree.elements
        let count = elements.count
        objectAbove = Array(repeating: -1, count: count)
        controllerAbove = Array(repeating: -1, count: count)
        cellAtOrAbove = Array(repeating: -1, count: count)
        // The nearest table view (its index, whether static) and collection view at or above each element.
        var tableAtOrAbove = Array(repeating: Int32(-1), count: count)
        var collectionAtOrAbove = Array(repeating: Int32(-1), count: count)
        for element in elements {
            let i = element.documentIndex
            var table: Int32 = -1, collection: Int32 = -1, cell: Int32 = -1
            if let parent = element.parent {
                let p = parent.documentIndex
                objectAbove[i] = DocumentObjects.isObject(parent) ? Int32(p) : objectAbove[p]
                controllerAbove[i] = DocumentObjects.isController(parent) ? Int32(p) : controllerAbove[p]
                table = tableAtOrAbove[p]
                collection = collectionAtOrAbove[p]
                cell = cellAtOrAbove[p]
            }
            if element.isNamed("tableView") { table = Int32(i) }
            if element.isNamed("collectionView") { collection = Int32(i) }
            switch element.name {
            case "tableViewCell":
                if table >= 0, elements[Int(table)].attribute("dataMode") != "static" { cell = Int32(i) }
            case "collectionViewCell", "collectionReusableView":
                if collection >= 0 { cell = Int32(i) }
            default: break
            }
            tableAtOrAbove[i] = table
            collectionAtOrAbove[i] = collection
            cellAtOrAbove[i] = cell
        }
    }

    private func element(_ index: Int32) -> XMLTree.Element? { index < 0 ? nil : elements[Int(index)] }

    /// The object a connection (or any element) belongs to: the nearest object above it.
    func owner(of element: XMLTree.Element) -> XMLTree.Element? { self.element(objectAbove[element.documentIndex]) }

    /// The nearest view controller above `element`.
    func controller(of element: XMLTree.Element) -> XMLTree.Element? { self.element(controllerAbove[element.documentIndex]) }

    /// The repeating cell `element` is or is in: a table view cell among a table view's prototypes (any
    /// table view not in static mode), a collection view cell or reusable view inside a collection view.
    func repeatingCell(containing element: XMLTree.Element) -> XMLTree.Element? { self.element(cellAtOrAbove[element.documentIndex]) }

    /// Whether `element` is `container` or below it (by the container's subtree range).
    static func isInside(_ element: XMLTree.Element, _ container: XMLTree.Element) -> Bool {
        element == container || container.descendants.indices.contains(element.documentIndex)
    }
}
