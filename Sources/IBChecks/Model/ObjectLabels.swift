import XIB

/// The names Interface Builder shows for a document's objects (its outline, `ibtool --hierarchy`'s
/// `label`, and the object names inside its messages).
public enum ObjectLabels {
    /// Placeholders by `placeholderIdentifier`.
    static let placeholders: [String: String] = [
        "IBFilesOwner": "File's Owner", "IBFirstResponder": "First Responder",
    ]
    /// Elements whose label is not their element name in words.
    static let elements: [String: String] = [
        "exit": "Exit", "avPlayerViewController": "AVKit Player View Controller",
        "glkViewController": "GLKit View Controller", "glkView": "GLKit View",
    ]
    /// Layout guides by `key`.
    static let layoutGuides: [String: String] = [
        "safeArea": "Safe Area", "keyboard": "Keyboard Layout Guide", "readableContent": "Readable Content Guide",
    ]

    /// `element`'s label: its `userLabel`; a placeholder's or a layout guide's fixed name; else its
    /// custom class; else its element name in words (`tableViewCell` → "Table View Cell").
    public static func label(of element: XMLTree.Element) -> String {
        if let user = element.attribute("userLabel"), !user.isEmpty { return user }
        if let placeholder = element.attribute("placeholderIdentifier"), let name = placeholders[placeholder] { return name }
        if element.isNamed("viewLayoutGuide"), let key = element.attribute("key"), let name = layoutGuides[key] { return name }
        if element.isNamed("layoutGuide"), let type = element.attribute("type") {
            return type == "top" ? "Top Layout Guide" : type == "bottom" ? "Bottom Layout Guide" : "Layout Guide"
        }
        if let custom = element.attribute("customClass"), !custom.isEmpty { return custom }
        if let fixed = elements[element.name] { return fixed }
        return words(element.name)
    }

    /// `camelCaseName` as capitalised words: `navigationController` → "Navigation Controller".
    static func words(_ name: String) -> String {
        var out = ""
        for character in name {
            if character.isUppercase, !out.isEmpty { out.append(" ") }
            out.append(out.isEmpty ? Character(character.uppercased()) : character)
        }
        return out
    }
}
