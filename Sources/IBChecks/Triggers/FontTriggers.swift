import NibCompiler
import XIB

/// Fonts: Dynamic Type without a text style, an autoshrink minimum above the font size, text styles newer
/// than the version the document builds for.
enum FontTriggers {
    /// The UIKit elements with `adjustsFontForContentSizeCategory`.
    static let dynamicTypeElements: Set<String> = ["label", "textField", "textView"]

    /// Text styles newer than iOS 7 by the iOS version that introduced them, with Interface Builder's name
    /// for them. Only Large Title's message has been quoted ("Large Title font text style before iOS 11.0").
    static let textStyleAvailability: [String: (name: String, since: DeploymentVersion)] = [
        "UICTFontTextStyleTitle0": ("Large Title font text style", DeploymentVersion(major: 11, minor: 0)),
    ]

    static func run(_ c: inout CheckContext) {
        let buildsFor = c.document.platform == .iOS ? c.buildsFor : nil
        for element in c.elements {
            if dynamicTypeElements.contains(element.name), element.attribute("adjustsFontForContentSizeCategory") == "YES" {
                let font = fontDescription(of: element)
                if font?.attribute("style") == nil {
                    c.report(AppleRules.dynamicTypeFont, on: element, attribute: "adjustsFontForContentSizeCategory")
                }
            }
            if element.isNamed("label"), let minimumText = element.attribute("minimumFontSize"),
               let minimum = Double(minimumText), let size = fontDescription(of: element)?.attribute("pointSize").flatMap(Double.init),
               minimum > size {
                c.report(AppleRules.minimumFontSize, on: element, attribute: "minimumFontSize")
            }
            if let buildsFor, element.isNamed("fontDescription"), let style = element.attribute("style"),
               let availability = textStyleAvailability[style], buildsFor < availability.since,
               let owner = c.enclosing.owner(of: element) ?? element.parent {
                c.report(AppleRules.attributeUnavailable, on: owner, attribute: nil,
                         ["ATTRIBUTE": availability.name, "VERSION": availability.since.description])
            }
        }
    }

    /// The control's `<fontDescription key="fontDescription">`.
    static func fontDescription(of element: XMLTree.Element) -> XMLTree.Element? {
        element.children(named: "fontDescription").first { $0.attribute("key") == "fontDescription" }
    }
}
