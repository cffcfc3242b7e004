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

    /// A bold system font's descriptor adds the bold usage override in a mutable dictionary from Xcode 16
    /// (`XcodeVersion.boldSystemFontsArchiveUsageOverride`); a regular one keeps its immutable two-entry dictionary.
    @Test func boldSystemFontUsageOverride() throws {
        let bold = Self.label.replacingOccurrences(of: #"type="system" pointSize="17""#, with: #"type="boldSystem" pointSize="17""#)
        for (xcode, text, expected) in [(XcodeVersion.newest, bold, true), (XcodeVersion(15, 0), bold, false), (.newest, Self.label, false)] {
            let g = try Self.compile(text, xcode: xcode)
            let descriptor = try Self.first(g, "UIFontDescriptor")
            let attributes = try #require(descriptor.value(forKey: "UIFontDescriptorAttributes")?.objectIndex)
            let strings = g.objects[attributes].entries.compactMap { entry -> String? in
                guard case .object(let i) = entry.value, case .data(let bytes)? = g.objects[i].value(forKey: "NS.bytes") else { return nil }
                return String(decoding: bytes, as: UTF8.self)
            }
            #expect(g.objects[attributes].className == (expected ? "NSMutableDictionary" : "NSDictionary"), "\(xcode)")
            #expect(strings.contains("NSCTFontUIUsageOverrideAttribute") == expected, "\(xcode) \(strings)")
            #expect(strings.contains("CTFontBoldUsage") == expected, "\(xcode)")
            if expected { #expect(strings.contains("CTFontEmphasizedUsage")) }
        }
    }

    /// `UIAdjustsImageWhenHighlighted` and `…WhenDisabled` are archived when on (the default) and left out when off.
    @Test func buttonImageAdjustmentsArchivedWhenOn() throws {
        let start = try #require(Self.label.range(of: "<label "))
        let end = try #require(Self.label.range(of: "</label>"))
        let button = Self.label.replacingCharacters(in: start.lowerBound..<end.upperBound, with: """
            <button opaque="NO" contentMode="scaleToFill" contentHorizontalAlignment="center" contentVerticalAlignment="center" buttonType="system" lineBreakMode="middleTruncation" BUTTONATTRS id="2">
                                        <rect key="frame" x="0.0" y="0.0" width="100" height="30"/>
                                        <autoresizingMask key="autoresizingMask" flexibleMaxX="YES" flexibleMaxY="YES"/>
                                        <state key="normal" title="Go"/>
                                    </button>
            """)
        for (attributes, highlighted, disabled) in [("", true, true), (#"adjustsImageWhenHighlighted="NO""#, false, true),
                                                    (#"adjustsImageWhenHighlighted="NO" adjustsImageWhenDisabled="NO""#, false, false)] {
            let g = try Self.compile(button.replacingOccurrences(of: "BUTTONATTRS", with: attributes), xcode: .newest)
            let b = try Self.first(g, "UIButton")
            #expect(b.value(forKey: "UIAdjustsImageWhenHighlighted") == (highlighted ? .bool(true) : nil), "\(attributes)")
            #expect(b.value(forKey: "UIAdjustsImageWhenDisabled") == (disabled ? .bool(true) : nil), "\(attributes)")
        }
    }

    static let appKitWindow = """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.Cocoa.XIB" version="3.0" toolsVersion="23504" targetRuntime="MacOSX.Cocoa" propertyAccessControl="none" useAutolayout="YES">
            <objects>
                <customObject id="-2" userLabel="File's Owner"/>
                <customObject id="-1" userLabel="First Responder" customClass="FirstResponder"/>
                <customObject id="-3" userLabel="Application" customClass="NSObject"/>
                <window title="W" allowsToolTipsWhenApplicationIsInactive="NO" autorecalculatesKeyViewLoop="NO" releasedWhenClosed="NO" animationBehavior="default" id="1">
                    <windowStyleMask key="styleMask" titled="YES" closable="YES"/>
                    <rect key="contentRect" x="196" y="240" width="300" height="120"/>
                    <rect key="screenRect" x="0.0" y="0.0" width="1440" height="900"/>
                    <value key="minSize" type="size" width="300" height="120"/>
                    <view key="contentView" id="2">
                        <rect key="frame" x="0.0" y="0.0" width="300" height="120"/>
                        <autoresizingMask key="autoresizingMask"/>
                        <subviews>
                            <button verticalHuggingPriority="750" id="3">
                                <rect key="frame" x="20" y="20" width="100" height="32"/>
                                <buttonCell key="cell" type="push" title="Go" bezelStyle="rounded" alignment="center" borderStyle="border" imageScaling="proportionallyDown" inset="2" id="4">
                                    <behavior key="behavior" pushIn="YES" lightByBackground="YES" lightByGray="YES"/>
                                    <font key="font" metaFont="system"/>
                                </buttonCell>
                            </button>
                            <textField focusRingType="none" verticalHuggingPriority="750" id="5">
                                <rect key="frame" x="18" y="70" width="104" height="16"/>
                                <textFieldCell key="cell" lineBreakMode="clipping" title="Label" id="6">
                                    <font key="font" metaFont="system"/>
                                    <color key="textColor" name="labelColor" catalog="System" colorSpace="catalog"/>
                                    <color key="backgroundColor" name="textBackgroundColor" catalog="System" colorSpace="catalog"/>
                                </textFieldCell>
                            </textField>
                        </subviews>
                    </view>
                </window>
            </objects>
        </document>
        """

    /// AppKit's vocabulary per Xcode (`AppKitCompiler.applyXcodeVocabulary`): Xcode 12.2's keys (`NSControlSize2`,
    /// AppKit's centre alignment 2, the 28-point title bar) against current Xcode's (Writing Tools, centre 1, 32
    /// points); a keyed compile reproduces the last Xcode that writes keyed nibs whatever the version asked.
    @Test func appKitVocabularyPerXcode() throws {
        func compile(_ xcode: XcodeVersion, format: NibOutputFormat? = nil) throws -> NibGraph {
            var options = CompileOptions()
            options.xcodeVersion = xcode
            options.format = format
            let result = try XIBCompiler(options: options).compile(xib: Array(Self.appKitWindow.utf8), fileName: "W.xib")
            #expect(result.format == format ?? .nibArchive)
            return result.graph
        }
        for (graph, old) in [(try compile(XcodeVersion(12, 2)), true), (try compile(.newest), false), (try compile(.newest, format: .keyedArchive), true)] {
            let button = try Self.first(graph, "NSButton"), cell = try Self.first(graph, "NSButtonCell"), field = try Self.first(graph, "NSTextField")
            #expect((button.value(forKey: "NSControlSize2") == .int(0)) == old)
            #expect((cell.value(forKey: "NSControlSize2") == .int(0)) == old)
            #expect(button.value(forKey: "NSControlTextAlignment") == .int(old ? 2 : 1))
            #expect((field.value(forKey: "NSAllowsWritingTools") != nil) == !old)
            #expect((button.value(forKey: "IBNSShadowedSymbolConfiguration") != nil) == !old)
            let window = try Self.first(graph, "NSWindowTemplate")
            let minSize = try #require(window.value(forKey: "NSMinSize")?.objectIndex)
            guard case .data(let bytes)? = graph.objects[minSize].value(forKey: "NS.bytes") else { Issue.record("no NSMinSize"); continue }
            #expect(String(decoding: bytes, as: UTF8.self) == (old ? "{300, 148}" : "{300, 152}"))
        }
    }
}

