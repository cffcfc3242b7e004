import XIB

/// `highlighted="YES"` saved on UIKit controls and cells: Interface Builder shows it, the nib does not keep it.
enum HighlightedTriggers {
    static let elements: Set<String> = [
        "button", "switch", "slider", "segmentedControl", "stepper", "textField", "datePicker", "pageControl",
        "control", "tableViewCell", "collectionViewCell",
    ]

    static func run(_ c: inout CheckContext) {
        guard c.document.platform == .iOS else { return }
        for element in c.elements where elements.contains(element.name) && element.attribute("highlighted") == "YES" {
            c.report(AppleRules.highlightedProperty, on: element, attribute: "highlighted")
        }
    }
}
