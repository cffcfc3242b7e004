import XIB

/// Outlets from outside a repeating cell into it: the cell is a template, there is no one object to point at.
enum OutletTriggers {
    static func run(_ c: inout CheckContext) {
        for outlet in c.elements where outlet.isNamed("outlet") {
            guard let destinationID = outlet.attribute("destination"),
                  let destination = c.document.element(withID: destinationID),
                  let cell = c.enclosing.repeatingCell(containing: destination),
                  let source = c.enclosing.owner(of: outlet), !Enclosing.isInside(source, cell) else { continue }
            c.report(AppleRules.outletToRepeatingContent, on: outlet, attribute: "destination", [
                "OUTLET": outlet.attribute("property") ?? "", "SOURCE": ObjectLabels.label(of: source),
                "DEST": ObjectLabels.label(of: destination),
            ])
        }
    }
}
