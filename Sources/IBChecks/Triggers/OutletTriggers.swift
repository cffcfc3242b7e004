import XIB

/// Outlets from outside a repeating cell into it: the cell is a template, there is no one object to point at.
enum OutletTriggers {
    static func run(_ c: inout CheckContext) {
        for outlet in c.elements where outlet.isNamed("outlet") {
            guard let destinationID = outlet.attribute("destination"),
                  let destination = c.document.element(withID: destinationID),
                  let cell = DocumentObjects.repeatingCell(containing: destination),
                  let source = DocumentObjects.owner(of: outlet), !isInside(source, cell) else { continue }
            c.report(AppleRules.outletToRepeatingContent, on: outlet, attribute: "destination", [
                "OUTLET": outlet.attribute("property") ?? "", "SOURCE": ObjectLabels.label(of: source),
                "DEST": ObjectLabels.label(of: destination),
            ])
        }
    }

    /// Whether `element` is `container` or below it.
    static func isInside(_ element: XMLTree.Element, _ container: XMLTree.Element) -> Bool {
        var current: XMLTree.Element? = element
        while let e = current {
            if e == container { return true }
            current = e.parent
        }
        return false
    }
}
