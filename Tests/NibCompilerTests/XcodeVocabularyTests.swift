import Foundation
import Testing
import NibArchive
import NibCompiler
import NibCompilerTestSupport
import NibTestSupport

/// What `CompileOptions.xcodeVersion` changes in a XIB's nib: the coders of the SDK inside each Xcode (Xcode 13.2.1's iOS
/// 15 SDK, Xcode 15's iOS 17 SDK, the iOS 18 and 26 SDKs after), each rule with the samples it rests on
/// (`Sources/NibCompiler/Core/XcodeVersion.swift`).
@Suite struct XcodeVocabularyTests {
    static let label = """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="22155" targetRuntime="iOS.CocoaTouch" propertyAccessControl="none" useAutolayout="YES" useTraitCollections="YES" colorMatched="YES">
            <objects>
                <placeholder placeholderIdentifier="IBFilesOwner" id="-1" userLabel="File's Owner"/>
                <placeholder placeholderIdentifier="IBFirstResponder" id="-2" customClass="UIResponder"/>
                <view contentMode="scaleToFill" id="1">
                    <rect key="frame" x="0.0" y="0.0" width="375" height="667"/>
                    <autoresizingMask key="autoresizingMask" widthSizable="YES" heightSizable="YES"/>
                    <subviews>
                        <label opaque="NO" userInteractionEnabled="NO" contentMode="left" text="Hello" textAlignment="natural" lineBreakMode="tailTruncation" baselineAdjustment="alignBaselines" adjustsFontSizeToFit="NO" id="2">
                            <rect key="frame" x="0.0" y="0.0" width="100" height="21"/>
                            <autoresizingMask key="autoresizingMask" flexibleMaxX="YES" flexibleMaxY="YES"/>
                            <fontDescription key="fontDescription" type="system" pointSize="17"/>
                            <nil key="textColor"/>
                            <nil key="highlightedColor"/>
                        </label>
                    </subviews>
                </view>
            </objects>
        </document>
        """

    static func compile(_ text: String, xcode: XcodeVersion) throws -> NibGraph {
        var options = CompileOptions()
        options.xcodeVersion = xcode
        let nib = try CompiledXIB(text, options: options, fileName: "V.xib")
        #expect(nib.diagnostics.isEmpty, "\(nib.diagnostics)")
        return nib.graph
    }

    static func first(_ g: NibGraph, _ cls: String) throws -> NibObject { try #require(g.objects.first { $0.className == cls }, "no \(cls)") }

    @Test func labelsAndFontsPerSDK() throws {
        // (Xcode, font descriptor options, default text colour components, letterform sizing rule)
        let expectations: [(XcodeVersion, Int64?, Int64, Bool)] = [
            (XcodeVersion(13, 2, 1), nil, 2, false), (XcodeVersion(15, 0), 0x8000_8006, 4, true),
            (XcodeVersion(16, 0), 0x8000_8404, 2, false), (.newest, 0x8000_8404, 2, false),
        ]
        for (xcode, options, components, letterform) in expectations {
            let g = try Self.compile(Self.label, xcode: xcode)
            let descriptor = try Self.first(g, "UIFontDescriptor")
            #expect(descriptor.value(forKey: "UIFontDescriptorOptions") == options.map { .int($0) }, "\(xcode)")
            let label = try Self.first(g, "UILabel")
            let color = try #require(label.value(forKey: "UITextColor")?.objectIndex)
            #expect(g.objects[color].value(forKey: "UIColorComponentCount") == .int(components), "\(xcode)")
            #expect((label.value(forKey: "UILetterformAwareSizingRule") != nil) == letterform, "\(xcode)")
        }
    }

    @Test func buttonBackgroundsPerSDK() throws {
        func keys(_ xcode: XcodeVersion) throws -> (configuration: [String], background: [String]) {
            let g = try Self.compile(UIKitBreadthTests.configuredButtons, xcode: xcode)
            return (try Self.first(g, "UIButtonConfiguration").entries.map(\.key), try Self.first(g, "UIBackgroundConfiguration").entries.map(\.key))
        }
        let v15 = try keys(XcodeVersion(15, 0)), v26 = try keys(.newest), v13 = try keys(XcodeVersion(13, 2))
        // The iOS 17 SDK: a shadow type and the stroke location, the maskedCorners flag; no group name or v2 style.
        #expect(v15.background.contains("shadowType") && v15.background.contains("strokeLocation") && v15.background.last == "hasCustomized-maskedCorners")
        #expect(!v15.background.contains("visualEffectGroupName") && !v15.background.contains("defaultStyle_v2"))
        #expect(v15.configuration.contains("UIButtonConfigurationUseCustomImagePadding"))
        #expect(!v15.configuration.contains("UIButtonConfigurationSymbolContentTransition") && !v15.configuration.contains("UIButtonConfigurationSubtitle"))
        // The iOS 26 SDK: shadow properties replace the type.
        #expect(!v26.background.contains("shadowType") && v26.background.contains("defaultStyle_v2") && v26.background.contains("visualEffectGroupName"))
        #expect(v26.configuration.contains("UIButtonConfigurationSymbolContentTransition") && !v26.configuration.contains("UIButtonConfigurationUseCustomImagePadding"))
        // The iOS 15 SDK (DuckDuckGo's table cells): no stroke location, no maskedCorners flag.
        #expect(v13.background.contains("shadowType") && !v13.background.contains("strokeLocation") && !v13.background.contains("hasCustomized-maskedCorners"))
    }

    /// Simple nibs carry `IBUINibLNEVersionKey` and the `LNE` trailer from Xcode 15; one holding a label does not.
    @Test func lneVersionKey() throws {
        let plain = Self.label.replacingOccurrences(of: #"<subviews>"#, with: "<!--").replacingOccurrences(of: #"</subviews>"#, with: "-->")
        for (xcode, expected) in [(XcodeVersion(14, 2), false), (XcodeVersion(15, 0, 1), true), (.newest, true)] {
            let g = try Self.compile(plain, xcode: xcode)
            #expect(g.hasLNETrailer == expected && (g.objects[0].value(forKey: "IBUINibLNEVersionKey") == .int(1)) == expected, "\(xcode)")
        }
        #expect(!(try Self.compile(Self.label, xcode: .newest)).hasLNETrailer)
    }
}
