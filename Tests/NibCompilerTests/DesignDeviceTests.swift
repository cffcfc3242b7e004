import Foundation
import Testing
import NibArchive
import NibCompiler
import NibCompilerTestSupport

/// The document's design device decides base values: a `<variation>` for its size classes replaces the archived
/// font and constraint constant (the trait storage keeps the XIB's base), and a scene's root view is archived at
/// the controller's simulated size.
@Suite struct DesignDeviceTests {
    static func xib(device: String) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="21701" targetRuntime="iOS.CocoaTouch" useAutolayout="YES" useTraitCollections="YES" colorMatched="YES">
            \(device)
            <objects>
                <view contentMode="scaleToFill" id="root">
                    <rect key="frame" x="0.0" y="0.0" width="375" height="100"/>
                    <subviews>
                        <button opaque="NO" contentMode="scaleToFill" buttonType="system" translatesAutoresizingMaskIntoConstraints="NO" id="btn">
                            <rect key="frame" x="0.0" y="0.0" width="100" height="40"/>
                            <fontDescription key="fontDescription" name="Avenir-Book" family="Avenir" pointSize="16"/>
                            <variation key="widthClass=compact">
                                <fontDescription key="fontDescription" name="Avenir-Book" family="Avenir" pointSize="15"/>
                            </variation>
                            <variation key="heightClass=compact">
                                <fontDescription key="fontDescription" name="Avenir-Book" family="Avenir" pointSize="11"/>
                            </variation>
                        </button>
                    </subviews>
                    <constraints>
                        <constraint firstItem="btn" firstAttribute="leading" secondItem="root" secondAttribute="leading" constant="-48" id="c1">
                            <variation key="widthClass=compact" constant="-32"/>
                        </constraint>
                    </constraints>
                </view>
            </objects>
        </document>
        """
    }

    func compile(device: String) throws -> NibGraph {
        let text = Self.xib(device: device)
        return try CompiledXIB(text).graph
    }

    func double(_ o: NibObject, _ key: String) -> Double? {
        if case .double(let v)? = o.value(forKey: key) { return v }
        return nil
    }

    /// The button's archived point size, the constraint's constant, and the point sizes the trait storage records.
    func values(_ g: NibGraph) throws -> (button: Double?, constant: Double?, records: [Double]) {
        let button = try #require(g.objects.first { $0.className == "UIButton" })
        let font = try #require(button.value(forKey: "UIFont")?.objectIndex)
        let constraint = try #require(g.objects.first { $0.className == "NSLayoutConstraint" && $0.value(forKey: "NSFirstAttribute") == .int(5) })
        let records = g.objects.filter { $0.className == "_UIAttributeTraitStorageRecord" }.compactMap { r -> Double? in
            guard let v = r.value(forKey: "UIValue")?.objectIndex, g.objects[v].className == "UIFont" else { return nil }
            return double(g.objects[v], "UIFontPointSize")
        }
        return (double(g.objects[font], "UIFontPointSize"), double(constraint, "NSConstantV2"), records)
    }

    @Test func portraitPhoneTakesTheCompactWidthVariation() throws {
        let v = try values(compile(device: #"<device id="retina4_7" orientation="portrait"/>"#))
        #expect(v.button == 15)
        #expect(v.constant == -32)
        // One record per variation, then the "any" record with the XIB's base size.
        #expect(v.records == [15, 11, 16])
    }

    @Test func iPadAndNoDeviceKeepTheBase() throws {
        for device in [#"<device id="ipad9_7" orientation="portrait" layout="fullscreen"/>"#, ""] {
            let v = try values(compile(device: device))
            #expect(v.button == 16, "\(device)")
            #expect(v.constant == -48, "\(device)")
        }
    }

    @Test func landscapePhoneTakesTheFirstOfEquallySpecificVariations() throws {
        // Both variations match a compact-width, compact-height phone; they are equally specific, the first wins.
        let v = try values(compile(device: #"<device id="retina4_7" orientation="landscape"/>"#))
        #expect(v.button == 15)
    }

    static func storyboard(device: String, frameHeight: Int, freeform: Bool = false) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="21701" targetRuntime="iOS.CocoaTouch" useAutolayout="YES" useTraitCollections="YES" initialViewController="vc">
            \(device)
            <scenes>
                <scene sceneID="s">
                    <objects>
                        <viewController id="vc" sceneMemberID="viewController">
                            <view key="view" contentMode="scaleToFill" id="v">
                                <rect key="frame" x="0.0" y="0.0" width="375" height="\(frameHeight)"/>
                                <autoresizingMask key="autoresizingMask" widthSizable="YES" heightSizable="YES"/>
                            </view>
                            \(freeform ? #"<size key="freeformSize" width="320" height="200"/>"# : "")
                        </viewController>
                    </objects>
                </scene>
            </scenes>
        </document>
        """
    }

    func rootBounds(_ text: String, xcode: XcodeVersion = .newest) throws -> [Double] {
        var options = CompileOptions()
        options.xcodeVersion = xcode
        let result = try StoryboardCompiler(options: options).compile(storyboard: Array(text.utf8), fileName: "T.storyboard")
        let nib = try #require(result.files.first { $0.path == "vc-view-v.nib" })
        let g = NibGraph(try NibArchive(bytes: nib.bytes))
        let view = try #require(g.objects.first { $0.className == "UIView" })
        guard case .data(let bytes)? = view.value(forKey: "UIBounds") else { Issue.record("no UIBounds"); return [] }
        return stride(from: 1, to: bytes.count, by: 8).map { i in
            Double(bitPattern: bytes[i..<i + 8].reversed().reduce(0) { $0 << 8 | UInt64($1) })
        }
    }

    @Test func rootViewGetsTheSimulatedSize() throws {
        #expect(try rootBounds(Self.storyboard(device: #"<device id="retina4_7" orientation="portrait"/>"#, frameHeight: 600)) == [0, 0, 375, 667])
        #expect(try rootBounds(Self.storyboard(device: #"<device id="ipad9_7" orientation="landscape"/>"#, frameHeight: 600)) == [0, 0, 1024, 768])
        #expect(try rootBounds(Self.storyboard(device: #"<device id="retina4_7" orientation="portrait"/>"#, frameHeight: 600, freeform: true)) == [0, 0, 320, 200])
        // No device: the frame (Xcode 14 and later), or Xcode 7's any-size canvas of a size-class document (Xcode 13.2).
        #expect(try rootBounds(Self.storyboard(device: "", frameHeight: 667)) == [0, 0, 375, 667])
        #expect(try rootBounds(Self.storyboard(device: "", frameHeight: 667), xcode: XcodeVersion(13, 2)) == [0, 0, 600, 600])
        // No device and no frame: the default design device's screen.
        let frameless = Self.storyboard(device: "", frameHeight: 667).replacingOccurrences(of: #"<rect key="frame" x="0.0" y="0.0" width="375" height="667"/>"#, with: "")
        #expect(try rootBounds(frameless) == [0, 0, 393, 852])
    }
}
