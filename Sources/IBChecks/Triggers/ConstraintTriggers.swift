import XIB

/// Constraints that relate an attribute of a view to itself.
enum ConstraintTriggers {
    static func run(_ c: inout CheckContext) {
        for element in c.elements where element.isNamed("constraint") {
            // A constraint lives in its view's <constraints>; an omitted firstItem is that view.
            guard let secondItem = element.attribute("secondItem"),
                  let firstItem = element.attribute("firstItem") ?? element.parent?.parent?.attribute("id"),
                  firstItem == secondItem,
                  let first = element.attribute("firstAttribute"), first == element.attribute("secondAttribute") else { continue }
            c.report(AppleRules.constraintAttributes, on: element, attribute: "secondAttribute")
        }
    }
}
