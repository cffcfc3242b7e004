import IBChecks
import NibCompiler
import XIB

/// Small documents built in the tests: an iOS XIB, an iOS or macOS storyboard, a macOS XIB.
enum Fixture {
    static func deploymentElement(_ identifier: String, _ version: String?) -> String {
        "<deployment \(version.map { "version=\"\($0)\" " } ?? "")identifier=\"\(identifier)\"/>"
    }

    static func iosXIB(_ objects: String, deployment: String? = nil, rootAttributes: String = "") -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="21701" targetRuntime="iOS.CocoaTouch" propertyAccessControl="none" useAutolayout="YES" useTraitCollections="YES" colorMatched="YES" \(rootAttributes)>
            <dependencies>
                \(deploymentElement("iOS", deployment))
                <plugIn identifier="com.apple.InterfaceBuilder.IBCocoaTouchPlugin" version="21679"/>
            </dependencies>
            <objects>
                <placeholder placeholderIdentifier="IBFilesOwner" id="-1" userLabel="File's Owner"/>
                <placeholder placeholderIdentifier="IBFirstResponder" id="-2" customClass="UIResponder"/>
                \(objects)
            </objects>
        </document>
        """
    }

    static func storyboard(_ scenes: String, initial: String? = "vc1", mac: Bool = false, deployment: String? = nil,
                           rootAttributes: String = "") -> String {
        let type = mac ? "com.apple.InterfaceBuilder3.Cocoa.Storyboard.XIB" : "com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB"
        let runtime = mac ? "MacOSX.Cocoa" : "iOS.CocoaTouch"
        return """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="\(type)" version="3.0" toolsVersion="21701" targetRuntime="\(runtime)" propertyAccessControl="none" useAutolayout="YES" \(initial.map { "initialViewController=\"\($0)\"" } ?? "") \(rootAttributes)>
            <dependencies>
                \(deploymentElement(mac ? "macosx" : "iOS", deployment))
            </dependencies>
            <scenes>
                \(scenes)
            </scenes>
        </document>
        """
    }

    /// A scene whose controller is `<\(element) id=\(id)…>` holding `body`.
    static func scene(_ id: String, element: String = "viewController", attributes: String = "", _ body: String = "") -> String {
        """
        <scene sceneID="s-\(id)">
            <objects>
                <\(element) id="\(id)" sceneMemberID="viewController" \(attributes)>
                    \(body)
                </\(element)>
                <placeholder placeholderIdentifier="IBFirstResponder" id="fr-\(id)" sceneMemberID="firstResponder"/>
            </objects>
        </scene>
        """
    }

    static func macXIB(_ objects: String) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.Cocoa.XIB" version="3.0" toolsVersion="21701" targetRuntime="MacOSX.Cocoa" propertyAccessControl="none" useAutolayout="YES">
            <dependencies>
                <deployment identifier="macosx"/>
            </dependencies>
            <objects>
                <customObject id="-2" userLabel="File's Owner"/>
                \(objects)
            </objects>
        </document>
        """
    }

    static func document(_ text: String) throws -> XIBDocument {
        try XIBDocument(bytes: Array(text.utf8), file: "Fixture.xib")
    }

    static func findings(_ text: String, target: String? = nil, xcode: String? = nil) throws -> [CheckFinding] {
        var checker = DocumentChecker(minimumDeploymentTarget: target)
        if let xcode, let version = XcodeVersion(xcode) { checker.xcodeVersion = version }
        return checker.check(try document(text))
    }
}
