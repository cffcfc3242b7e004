import IBChecks
import PropertyList
import Testing
import XIB

/// The inspection views of the document Apple's Xcode 26.5 transcripts inspect (Xcode's empty
/// view-controller XIB template: File's Owner, First Responder, a view with its safe area, the `view`
/// outlet), compared with what the transcripts print.
@Suite struct InspectionTests {
    static let template = """
        <?xml version="1.0" encoding="UTF-8" standalone="no"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="13142" targetRuntime="iOS.CocoaTouch" propertyAccessControl="none" useAutolayout="YES" useTraitCollections="YES" useSafeAreas="YES" colorMatched="YES">
            <dependencies>
                <plugIn identifier="com.apple.InterfaceBuilder.IBCocoaTouchPlugin" version="12042"/>
                <capability name="Safe area layout guides" minToolsVersion="9.0"/>
                <capability name="documents saved in the Xcode 8 format" minToolsVersion="8.0"/>
            </dependencies>
            <objects>
                <placeholder placeholderIdentifier="IBFilesOwner" id="-1" userLabel="File's Owner" customClass="___FILEBASENAMEASIDENTIFIER___">
                    <connections>
                        <outlet property="view" destination="i5M-Pr-FkT" id="sfx-zR-JGt"/>
                    </connections>
                </placeholder>
                <placeholder placeholderIdentifier="IBFirstResponder" id="-2" customClass="UIResponder"/>
                <view clearsContextBeforeDrawing="NO" contentMode="scaleToFill" id="i5M-Pr-FkT">
                    <rect key="frame" x="0.0" y="0.0" width="375" height="667"/>
                    <autoresizingMask key="autoresizingMask" widthSizable="YES" heightSizable="YES"/>
                    <color key="backgroundColor" systemColor="systemBackgroundColor" cocoaTouchSystemColor="whiteColor"/>
                    <viewLayoutGuide key="safeArea" id="Q5M-cg-NOt"/>
                </view>
            </objects>
        </document>
        """

    static func view() throws -> DocumentInspection {
        DocumentInspection(try XIBDocument(bytes: Array(template.utf8), file: "ivc.xib"))
    }

    static func dict(_ pairs: [(String, PropertyListValue)]) -> PropertyListValue {
        .dictionary(pairs.map { PropertyListEntry($0.0, $0.1) })
    }

    /// x17, verbatim body: hyphenated keys, `name` only for the user-labelled owner, children nested.
    @Test func hierarchyMatchesTheTranscript() throws {
        let expected = PropertyListValue.array([
            Self.dict([("custom-class", .string("___FILEBASENAMEASIDENTIFIER___")), ("label", .string("File's Owner")),
                       ("name", .string("File's Owner")), ("object-id", .string("-1"))]),
            Self.dict([("custom-class", .string("UIResponder")), ("label", .string("First Responder")), ("object-id", .string("-2"))]),
            Self.dict([("children", .array([Self.dict([("label", .string("Safe Area")), ("object-id", .string("Q5M-cg-NOt"))])])),
                       ("label", .string("View")), ("object-id", .string("i5M-Pr-FkT"))]),
        ])
        #expect(try Self.view().hierarchy == expected)
    }

    /// x18: one outlet, keyed by the connection id.
    @Test func connectionsMatchTheTranscript() throws {
        let expected = Self.dict([("sfx-zR-JGt", Self.dict([
            ("destination-id", .string("i5M-Pr-FkT")), ("destination-label", .string("View")), ("label", .string("view")),
            ("source-id", .string("-1")), ("source-label", .string("File's Owner")), ("type", .string("IBCocoaTouchOutletConnection")),
        ]))])
        #expect(try Self.view().connections == expected)
    }

    /// x20, verbatim body.
    @Test func versionHistoryMatchesTheTranscript() throws {
        let expected = Self.dict([("interface-builder-version", Self.dict([("com.apple.InterfaceBuilderKit", .string("13142"))]))])
        #expect(try Self.view().versionHistory == expected)
    }

    /// x16: the values the transcript shows for the keys nibc prints (nibc prints a subset of IB's properties).
    @Test func objectsAgreeWithTheTranscript() throws {
        let objects = try Self.view().objects
        #expect(objects["-1"]?["class"] == .string("IBProxyObject"))
        #expect(objects["-1"]?["custom-class"] == .string("___FILEBASENAMEASIDENTIFIER___"))
        #expect(objects["-1"]?["ibExternalExplicitLabel"] == .string("File's Owner"))
        #expect(objects["-1"]?["proxiedObjectIdentifier"] == .string("IBFilesOwner"))
        #expect(objects["-1"]?["ibExternalCustomClassReference"]?["className"] == .string("___FILEBASENAMEASIDENTIFIER___"))
        #expect(objects["-2"]?["class"] == .string("IBProxyObject"))
        #expect(objects["-2"]?["custom-class"] == .string("UIResponder"))
        let view = try #require(objects["i5M-Pr-FkT"])
        #expect(view["class"] == .string("IBUIView"))
        #expect(view["ibDesignFrame"] == .string("{{0, 0}, {375, 667}}"))
        #expect(view["backgroundColor"] == .string("NSNamedColorSpace iPhoneSDK systemBackgroundColor"))
        #expect(view["autoresizingMask"] == .integer(18))
        #expect(view["alpha"] == .real(1))
        #expect(view["contentMode"] == .integer(0))
        #expect(view["hidden"] == .bool(false))
        #expect(view["tag"] == .integer(0))
        #expect(view["userInteractionEnabled"] == .bool(true))
        #expect(view["multipleTouchEnabled"] == .bool(false))
        #expect(view["custom-class"] == nil)
    }
}
