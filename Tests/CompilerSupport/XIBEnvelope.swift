/// XIB documents for tests: the lines a test is about, wrapped in a document header and `<objects>` (and
/// `<resources>` when given), with the placeholders every document of that platform has.
public enum XIBEnvelope {
    /// The `<document>` attributes of an iOS XIB when a test does not choose them.
    public static let iOSAttributes = #"type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="22155" targetRuntime="iOS.CocoaTouch" propertyAccessControl="none" useAutolayout="YES""#

    /// The `<document>` attributes of a macOS XIB when a test does not choose them.
    public static let macOSAttributes = #"type="com.apple.InterfaceBuilder3.Cocoa.XIB" version="3.0" toolsVersion="22505" targetRuntime="MacOSX.Cocoa""#

    /// An iOS XIB: `objects` after the File's Owner (and the First Responder, with `firstResponder`).
    public static func iOS(objects: String, attributes: String = iOSAttributes, firstResponder: Bool = false,
                           resources: String? = nil) -> String {
        var placeholders = #"<placeholder placeholderIdentifier="IBFilesOwner" id="-1" userLabel="File's Owner"/>"#
        if firstResponder {
            placeholders += "\n" + #"<placeholder placeholderIdentifier="IBFirstResponder" id="-2" customClass="UIResponder"/>"#
        }
        return document(attributes: attributes, objects: placeholders + "\n" + objects, resources: resources)
    }

    /// A macOS XIB: `objects` after the File's Owner (`customObject id="-2"`).
    public static func macOS(objects: String, attributes: String = macOSAttributes, resources: String? = nil) -> String {
        document(attributes: attributes,
                 objects: #"<customObject id="-2" userLabel="File's Owner" customClass="NSObject"/>"# + "\n" + objects,
                 resources: resources)
    }

    /// `<document attributes>` holding `objects` (and `resources`), with the XML declaration.
    public static func document(attributes: String, objects: String, resources: String? = nil) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <document \(attributes)>
            <objects>
        \(objects)
            </objects>
        \(resources.map { "    <resources>\n\($0)\n    </resources>" } ?? "")
        </document>
        """
    }
}
