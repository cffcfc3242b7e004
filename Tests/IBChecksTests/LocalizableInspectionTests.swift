import IBChecks
import NibCompiler
import PropertyList
import Testing
import XIB

/// The `--localizable-*` views: the transcripts' document (x21, x38–x42) compared with what Xcode 26.5's
/// ibtool prints for it, and documents that exercise each rule.
@Suite struct LocalizableInspectionTests {
    /// The views of `xib` (a XIB's text), its strings from a Base-localized compile of it.
    static func view(_ xib: String, file: String = "View.xib") throws -> LocalizableInspection {
        let document = try XIBDocument(bytes: Array(xib.utf8), file: file)
        var options = CompileOptions()
        options.baseLocalized = true
        let strings = try XIBCompiler(options: options).compile(document: document, fileName: file).localizableStrings
        return LocalizableInspection(document: document, strings: strings)
    }

    static func dict(_ pairs: [(String, PropertyListValue)]) -> PropertyListValue {
        .dictionary(pairs.map { PropertyListEntry($0.0, $0.1) })
    }

    /// x38 and x39, verbatim body: the template's one view with its eight geometry properties.
    static let templateGeometry = dict([("i5M-Pr-FkT", dict([
        ("frameOrigin", .string("{0, 0}")), ("frameSize", .string("{375, 667}")),
        ("ibDesignAutoresizingMask", .integer(18)),
        ("ibExternalExplicitTranslatesAutoresizingMaskIntoConstraints", .bool(true)),
        ("ibShadowedHorizontalContentCompressionResistancePriority", .real(750)),
        ("ibShadowedHorizontalContentHuggingPriority", .real(250)),
        ("ibShadowedVerticalContentCompressionResistancePriority", .real(750)),
        ("ibShadowedVerticalContentHuggingPriority", .real(250)),
    ]))])

    @Test func geometryMatchesTheTranscript() throws {
        #expect(try Self.view(InspectionTests.template).value(.geometry) == Self.templateGeometry)
    }

    /// x38: `--localizable-all` of the template is its geometry (it has no strings).
    @Test func allMatchesTheTranscript() throws {
        #expect(try Self.view(InspectionTests.template).value(.all) == Self.templateGeometry)
    }

    /// x21, x40, x41, x42: `<dict/>` for the template.
    @Test(arguments: [LocalizableInspection.Kind.strings, .stringarrays, .other, .toManyRelationships])
    func emptyViewsMatchTheTranscripts(_ kind: LocalizableInspection.Kind) throws {
        #expect(try Self.view(InspectionTests.template).value(kind) == .dictionary([]))
    }

    static let labelled = """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="21701" targetRuntime="iOS.CocoaTouch" propertyAccessControl="none" useAutolayout="YES" useTraitCollections="YES" colorMatched="YES">
            <dependencies>
                <deployment identifier="iOS"/>
                <plugIn identifier="com.apple.InterfaceBuilder.IBCocoaTouchPlugin" version="21679"/>
            </dependencies>
            <objects>
                <placeholder placeholderIdentifier="IBFilesOwner" id="-1" userLabel="File's Owner"/>
                <placeholder placeholderIdentifier="IBFirstResponder" id="-2" customClass="UIResponder"/>
                <view contentMode="scaleToFill" id="top-00-001">
                    <rect key="frame" x="0.0" y="0.0" width="320" height="480"/>
                    <autoresizingMask key="autoresizingMask" flexibleMinX="YES" flexibleMaxY="YES"/>
                    <subviews>
                        <label opaque="NO" userInteractionEnabled="NO" contentMode="left" horizontalHuggingPriority="251" verticalCompressionResistancePriority="749.5" text="Sign in" translatesAutoresizingMaskIntoConstraints="NO" id="lbl-00-001">
                            <rect key="frame" x="16" y="20.5" width="120" height="21"/>
                            <fontDescription key="fontDescription" type="system" pointSize="17"/>
                        </label>
                        <label opaque="NO" userInteractionEnabled="NO" contentMode="left" text="" id="lbl-00-002">
                            <rect key="frame" x="16" y="60" width="120" height="21"/>
                            <fontDescription key="fontDescription" type="system" pointSize="17"/>
                        </label>
                    </subviews>
                </view>
            </objects>
        </document>
        """

    /// A label's text is a string; the empty label has none ("Empty strings are ignored"); every view has
    /// geometry, with the compiler's defaults for what the document leaves out.
    @Test func stringsAndGeometryOfADocument() throws {
        let view = try Self.view(Self.labelled)
        #expect(view.value(.strings) == Self.dict([("lbl-00-001", Self.dict([("text", .string("Sign in"))]))]))
        guard case .dictionary(let geometry) = view.value(.geometry) else { Issue.record("not a dictionary"); return }
        #expect(geometry.map(\.key) == ["lbl-00-001", "lbl-00-002", "top-00-001"])
        let label = view.value(.geometry)["lbl-00-001"]
        #expect(label?["frameOrigin"] == .string("{16, 20.5}"))
        #expect(label?["frameSize"] == .string("{120, 21}"))
        #expect(label?["ibDesignAutoresizingMask"] == .integer(36))
        #expect(label?["ibExternalExplicitTranslatesAutoresizingMaskIntoConstraints"] == .bool(false))
        #expect(label?["ibShadowedHorizontalContentHuggingPriority"] == .real(251))
        #expect(label?["ibShadowedVerticalContentHuggingPriority"] == .real(250))
        #expect(label?["ibShadowedVerticalContentCompressionResistancePriority"] == .real(749.5))
        #expect(view.value(.geometry)["top-00-001"]?["ibDesignAutoresizingMask"] == .integer(1 | 32))
        #expect(view.value(.geometry)["-1"] == nil, "placeholders have no geometry")

        // --localizable-all: the union per object, the label's text beside its geometry.
        let all = view.value(.all)
        #expect(all["lbl-00-001"]?["text"] == .string("Sign in"))
        #expect(all["lbl-00-001"]?["frameSize"] == .string("{120, 21}"))
        #expect(all["lbl-00-002"]?["text"] == nil)
    }

    /// An AppKit view without `<autoresizingMask>` gets no mask (its mask depends on its container).
    @Test func appKitViewWithoutMaskHasNoMask() throws {
        let xib = """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.Cocoa.XIB" version="3.0" toolsVersion="21701" targetRuntime="MacOSX.Cocoa" propertyAccessControl="none" useAutolayout="YES">
                <dependencies>
                    <plugIn identifier="com.apple.InterfaceBuilder.CocoaPlugin" version="21701"/>
                </dependencies>
                <objects>
                    <customObject id="-2" userLabel="File's Owner"/>
                    <customView id="cv0-00-001">
                        <rect key="frame" x="0.0" y="0.0" width="480" height="272"/>
                    </customView>
                </objects>
            </document>
            """
        let document = try XIBDocument(bytes: Array(xib.utf8), file: "Mac.xib")
        let geometry = LocalizableInspection(document: document, strings: []).value(.geometry)
        #expect(geometry["cv0-00-001"]?["frameSize"] == .string("{480, 272}"))
        #expect(geometry["cv0-00-001"]?["ibDesignAutoresizingMask"] == nil)
    }

    /// Indexed records (`segmentTitles[i]`, as the strings export keys an array's elements) are one string
    /// array, by position, with an empty string where the compiler recorded nothing; they are not strings.
    @Test func indexedStringsFormStringArrays() throws {
        let document = try XIBDocument(bytes: Array(InspectionTests.template.utf8), file: "ivc.xib")
        func record(_ property: String, _ text: String) -> LocalizableString {
            LocalizableString(objectID: "seg-00-001", property: property, text: text, className: "UISegmentedControl")
        }
        let view = LocalizableInspection(document: document, strings: [
            record("segmentTitles[2]", "Year"), record("segmentTitles[0]", "Day"), record("accessibilityLabel", "Range"),
            record("ibShadowedToolTips[0]", "Tip"), record("odd[x]", "Odd"), record("huge[99999999]", "Huge"),
        ])
        #expect(view.value(.stringarrays) == Self.dict([("seg-00-001", Self.dict([
            ("ibShadowedToolTips", .array([.string("Tip")])),
            ("segmentTitles", .array([.string("Day"), .string(""), .string("Year")])),
        ]))]))
        // Names that are not `NAME[index]` with an index in range stay plain strings.
        #expect(view.value(.strings) == Self.dict([("seg-00-001", Self.dict([
            ("accessibilityLabel", .string("Range")), ("huge[99999999]", .string("Huge")), ("odd[x]", .string("Odd")),
        ]))]))
        #expect(view.value(.all)["seg-00-001"]?["segmentTitles"] == .array([.string("Day"), .string(""), .string("Year")]))
        #expect(view.value(.all)["seg-00-001"]?["accessibilityLabel"] == .string("Range"))
    }

    @Test func flagsAndKeys() {
        #expect(LocalizableInspection.Kind.allCases.map(\.flag) == [
            "--localizable-strings", "--localizable-stringarrays", "--localizable-geometry", "--localizable-other",
            "--localizable-to-many-relationships", "--localizable-all",
        ])
        #expect(LocalizableInspection.Kind.toManyRelationships.key == "com.apple.ibtool.document.localizable-to-many-relationships")
    }
}
