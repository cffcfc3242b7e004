import Testing
import XIB
@testable import NibCompiler

/// A storyboard prepares the document once (`PreparedUIKitDocument`) and hands the result to the compiler
/// of every nib and prototype cell; that must leave each compiler as `UIKitCompiler.prepare` would.
@Suite struct StoryboardPreparedStateTests {
    static let text = """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="21701" targetRuntime="iOS.CocoaTouch" initialViewController="vc1">
            <device id="retina6_1" orientation="landscape" appearance="light"/>
            <scenes>
                <scene sceneID="s1">
                    <objects>
                        <viewController id="vc1" sceneMemberID="viewController">
                            <view key="view" contentMode="scaleToFill" id="v1">
                                <rect key="frame" x="0.0" y="0.0" width="414" height="896"/>
                                <subviews>
                                    <view contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="v2">
                                        <rect key="frame" x="0.0" y="0.0" width="10" height="10"/>
                                        <color key="backgroundColor" name="Accent"/>
                                    </view>
                                </subviews>
                                <color key="backgroundColor" systemColor="systemBackgroundColor"/>
                                <constraints>
                                    <constraint firstItem="v2" firstAttribute="top" secondItem="v1" secondAttribute="top" id="c1"/>
                                </constraints>
                            </view>
                        </viewController>
                    </objects>
                </scene>
            </scenes>
            <resources>
                <namedColor name="Accent">
                    <color red="1" green="0.5" blue="0" alpha="1" colorSpace="custom" customColorSpace="sRGB"/>
                </namedColor>
                <systemColor name="systemBackgroundColor">
                    <color white="1" alpha="1" colorSpace="custom" customColorSpace="genericGamma22GrayColorSpace"/>
                </systemColor>
            </resources>
        </document>
        """

    /// Every stored property of `c`, hashed collections in a fixed order (their iteration order is per instance).
    static func state(_ c: UIKitCompiler) -> [String] {
        func describe(_ value: Any) -> String {
            let mirror = Mirror(reflecting: value)
            switch mirror.displayStyle {
            case .dictionary?, .set?: return "[" + mirror.children.map { describe($0.value) }.sorted().joined(separator: ", ") + "]"
            case .optional?: return mirror.children.first.map { "some(" + describe($0.value) + ")" } ?? "nil"
            default: return String(describing: value)
            }
        }
        return Mirror(reflecting: c).children.map { "\($0.label ?? "?"): \(describe($0.value))" }
    }

    @Test func sharedStateEqualsPrepare() throws {
        let document = try XIBDocument.open(Array(Self.text.utf8), fileName: "T.storyboard", options: CompileOptions(), storyboard: true)
        let context = CompileContext(options: CompileOptions(), fileName: "T.storyboard", tracker: XIBReadTracker(document: document))
        let prepared = PreparedUIKitDocument(context: context)
        let own = UIKitCompiler(context: context)
        own.prepare(context.document)
        let shared = UIKitCompiler(context: context)
        let before = Self.state(shared)
        prepared.apply(to: shared)
        // The document sets every field `prepare` fills to something other than a fresh compiler's value.
        #expect(Self.state(shared) != before)
        #expect(Self.state(shared) == Self.state(own))
        #expect(!own.namedColors.isEmpty && !own.systemColors.isEmpty && !own.constraintItemIDs.isEmpty)
        #expect(own.designTraits != nil && !own.colorMatched)
    }
}
