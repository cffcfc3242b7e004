import Foundation
import Testing
import NibArchive
import NibCompiler
import NibCompilerTestSupport
import NibTestSupport

/// Every iOS XIB in the shared corpus compiles without errors (warnings allowed).
@Test func everyIOSCorpusXIBCompiles() throws {
    let files: [URL]
    do { files = try SharedCorpus.files(under: "ios", suffix: ".xib") } catch {
        if SharedCorpus.allowMissing { print("skipping: \(error)"); return }
        throw error
    }
    #expect(files.count >= 70)
    var failures: [String] = []
    for url in files {
        let bytes = [UInt8](try Data(contentsOf: url))
        do {
            let result = try XIBCompiler(options: CompileOptions(moduleName: "App")).compile(xib: bytes, fileName: SharedCorpus.relative(url))
            _ = try NibArchive(bytes: result.bytes)
        } catch let error as CompileError {
            failures.append(error.description)
        }
    }
    #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
}

/// Same input, same bytes (twice in one process; dictionaries are seeded per process, so the
/// cross-process case is covered by never iterating a dictionary into the output).
@Test func outputIsDeterministic() throws {
    let corpus = try SharedCorpus.require()
    for pair in CorpusPairs.all.prefix(11) {
        let a = try CorpusPairs.compile(pair, corpus: corpus)
        let b = try CorpusPairs.compile(pair, corpus: corpus)
        #expect(a.bytes == b.bytes, "\(pair)")
    }
}

@Test func malformedXMLIsAnErrorWithPosition() {
    let xib = Array("<document type=\"x\" targetRuntime=\"iOS.CocoaTouch\">\n  <objects>\n</document>".utf8)
    #expect {
        _ = try XIBCompiler().compile(xib: xib, fileName: "Bad.xib")
    } throws: { error in
        guard let e = error as? CompileError, let d = e.diagnostics.first else { return false }
        return d.severity == .error && d.file == "Bad.xib" && d.line == 3 && d.description.hasPrefix("Bad.xib:3:")
    }
}

@Test func unknownReferenceIsAnError() throws {
    let xib = """
    <?xml version="1.0" encoding="UTF-8"?>
    <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="17701" targetRuntime="iOS.CocoaTouch">
        <objects>
            <placeholder placeholderIdentifier="IBFilesOwner" id="-1">
                <connections>
                    <outlet property="view" destination="nope-00-000" id="abc-de-fgh"/>
                </connections>
            </placeholder>
        </objects>
    </document>
    """
    #expect {
        _ = try XIBCompiler().compile(xib: Array(xib.utf8), fileName: "Ref.xib")
    } throws: { error in
        guard let e = error as? CompileError else { return false }
        return e.diagnostics.contains { $0.severity == .error && $0.line == 6 && $0.message.contains("nope-00-000") }
    }
}

@Test func unknownElementsAndAttributesWarnWithPosition() throws {
    let xib = """
    <?xml version="1.0" encoding="UTF-8"?>
    <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="17701" targetRuntime="iOS.CocoaTouch">
        <objects>
            <placeholder placeholderIdentifier="IBFilesOwner" id="-1"/>
            <view contentMode="scaleToFill" frobnicate="YES" id="v1">
                <rect key="frame" x="0.0" y="0.0" width="10" height="10"/>
                <subviews>
                    <mysteryWidget id="m1"/>
                </subviews>
            </view>
        </objects>
    </document>
    """
    let result = try XIBCompiler().compile(xib: Array(xib.utf8), fileName: "W.xib")
    let text = result.diagnostics.map(\.description)
    #expect(text.contains { $0.hasPrefix("W.xib:5:") && $0.contains("frobnicate") })
    #expect(text.contains { $0.hasPrefix("W.xib:8:") && $0.contains("mysteryWidget") })
}

@Test func swiftClassNamesAreMangled() throws {
    let xib = """
    <?xml version="1.0" encoding="UTF-8"?>
    <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="17701" targetRuntime="iOS.CocoaTouch">
        <objects>
            <view contentMode="scaleToFill" id="v1" customClass="Card" customModuleProvider="target">
                <rect key="frame" x="0.0" y="0.0" width="10" height="10"/>
            </view>
            <view contentMode="scaleToFill" id="v2" customClass="Outer.Inner" customModule="Kit">
                <rect key="frame" x="0.0" y="0.0" width="10" height="10"/>
            </view>
            <view contentMode="scaleToFill" id="v3" customClass="OBJCView">
                <rect key="frame" x="0.0" y="0.0" width="10" height="10"/>
            </view>
        </objects>
    </document>
    """
    let result = try XIBCompiler(options: CompileOptions(moduleName: "MyApp")).compile(xib: Array(xib.utf8), fileName: "M.xib")
    let strings = Set(result.graph.objects.compactMap { o -> String? in
        guard o.className == "NSString", case .data(let d)? = o.value(forKey: "NS.bytes") else { return nil }
        return String(decoding: d, as: UTF8.self)
    })
    #expect(strings.contains("_TtC5MyApp4Card"))
    #expect(strings.contains("_TtCC3Kit5Outer5Inner"))
    #expect(strings.contains("OBJCView"))
}

/// ibtool's `--module` wins over a stale `customModule` on a `customModuleProvider="target"` class (iOS, as
/// on macOS); a `customModule` without the target provider keeps its own module, and without `--module`
/// the attribute is used.
@Test func moduleOptionWinsOverStaleCustomModuleOnIOS() throws {
    let xib = """
    <?xml version="1.0" encoding="UTF-8"?>
    <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="17701" targetRuntime="iOS.CocoaTouch">
        <objects>
            <view contentMode="scaleToFill" id="v1" customClass="PhotoCell" customModule="Gallery" customModuleProvider="target">
                <rect key="frame" x="0.0" y="0.0" width="10" height="10"/>
            </view>
            <view contentMode="scaleToFill" id="v2" customClass="Badge" customModule="Kit">
                <rect key="frame" x="0.0" y="0.0" width="10" height="10"/>
            </view>
        </objects>
    </document>
    """
    func names(_ module: String?) throws -> Set<String> {
        let result = try XIBCompiler(options: CompileOptions(moduleName: module)).compile(xib: Array(xib.utf8), fileName: "M.xib")
        return Set(result.graph.objects.compactMap { o -> String? in
            guard o.className == "NSString", case .data(let d)? = o.value(forKey: "NS.bytes") else { return nil }
            return String(decoding: d, as: UTF8.self)
        })
    }
    let withModule = try names("MyApp")
    #expect(withModule.contains("_TtC5MyApp9PhotoCell"))
    #expect(!withModule.contains("_TtC7Gallery9PhotoCell"))
    #expect(withModule.contains("_TtC3Kit5Badge"))
    let withoutModule = try names(nil)
    #expect(withoutModule.contains("_TtC7Gallery9PhotoCell"))
}

/// The same mangling and precedence on macOS, where the name is the custom object's `NSClassName`: one
/// implementation (`SwiftClassName`) serves both platforms and the runtime, nested classes included.
@Test func macOSCustomClassesUseTheSameMangling() throws {
    let xib = """
    <?xml version="1.0" encoding="UTF-8"?>
    <document type="com.apple.InterfaceBuilder3.Cocoa.XIB" version="3.0" toolsVersion="17701" targetRuntime="MacOSX.Cocoa">
        <objects>
            <customObject id="-2" userLabel="File's Owner" customClass="NSApplication"/>
            <customObject id="-1" userLabel="First Responder" customClass="FirstResponder"/>
            <customObject id="-3" userLabel="Application" customClass="NSObject"/>
            <customObject id="o1" customClass="PhotoController" customModule="Gallery" customModuleProvider="target"/>
            <customObject id="o2" customClass="Outer.Inner" customModule="Kit"/>
            <customObject id="o3" customClass="Badge" customModule="Kit"/>
        </objects>
    </document>
    """
    func names(_ module: String?) throws -> Set<String> {
        let result = try XIBCompiler(options: CompileOptions(moduleName: module)).compile(xib: Array(xib.utf8), fileName: "M.xib")
        return Set(result.graph.objects.compactMap { o -> String? in
            guard o.className == "NSString", case .data(let d)? = o.value(forKey: "NS.bytes") else { return nil }
            return String(decoding: d, as: UTF8.self)
        })
    }
    let withModule = try names("MyApp")
    #expect(withModule.contains("_TtC5MyApp15PhotoController"))
    #expect(!withModule.contains("_TtC7Gallery15PhotoController"))
    #expect(withModule.contains("_TtCC3Kit5Outer5Inner"))
    #expect(withModule.contains("_TtC3Kit5Badge"))
    #expect(try names(nil).contains("_TtC7Gallery15PhotoController"))
}

/// An unread attribute is reported at the attribute (not the element), one warning each, with a
/// "did you mean" naming an attribute the compiler reads on another element of the same name.
@Test func unknownAttributeWarningPointsAtTheAttributeWithASuggestion() throws {
    let xib = """
    <?xml version="1.0" encoding="UTF-8"?>
    <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="17701" targetRuntime="iOS.CocoaTouch">
        <objects>
            <view contentMode="scaleToFill" id="v1">
                <rect key="frame" x="0.0" y="0.0" width="10" height="10"/>
                <subviews>
                    <label opaque="NO" text="A" textAlignment="natural" lineBreakMode="tailTruncation" id="l1">
                        <rect key="frame" x="0.0" y="0.0" width="10" height="10"/>
                    </label>
                    <label opaque="NO" text="B" textAligment="natural" lineBreakMode="tailTruncation" frobnicate="1" id="l2">
                        <rect key="frame" x="0.0" y="0.0" width="10" height="10"/>
                    </label>
                </subviews>
            </view>
        </objects>
    </document>
    """
    let result = try XIBCompiler().compile(xib: Array(xib.utf8), fileName: "S.xib")
    let text = result.diagnostics.map(\.description)
    let line10 = xib.split(separator: "\n", omittingEmptySubsequences: false)[9]
    let typoColumn = try #require(line10.range(of: "textAligment")).lowerBound.utf16Offset(in: line10) + 1
    let otherColumn = try #require(line10.range(of: "frobnicate")).lowerBound.utf16Offset(in: line10) + 1
    #expect(text.contains("S.xib:10:\(typoColumn): warning: <label>: attribute 'textAligment' not supported yet; ignored (did you mean 'textAlignment'?)"), "\(text)")
    #expect(text.contains("S.xib:10:\(otherColumn): warning: <label>: attribute 'frobnicate' not supported yet; ignored"), "\(text)")
}

/// Each suggestion looks through the document, so only the first 64 unread attributes of a document get
/// one (a document full of unknown attributes stays linear); every one is still warned about.
@Test func suggestionsAreBoundedPerDocument() throws {
    var labels = "<label opaque=\"NO\" text=\"A\" textAlignment=\"natural\" id=\"l0\"/>\n"
    for i in 1...70 { labels += "<label opaque=\"NO\" text=\"A\" textAligment=\"natural\" id=\"l\(i)\"/>\n" }
    let xib = """
    <?xml version="1.0" encoding="UTF-8"?>
    <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="17701" targetRuntime="iOS.CocoaTouch">
        <objects>
            <view contentMode="scaleToFill" id="v1">
                <rect key="frame" x="0.0" y="0.0" width="10" height="10"/>
                <subviews>
    \(labels)
                </subviews>
            </view>
        </objects>
    </document>
    """
    let warnings = try XIBCompiler().compile(xib: Array(xib.utf8), fileName: "B.xib").diagnostics
        .filter { $0.message.contains("'textAligment'") }
    #expect(warnings.count == 70)
    #expect(warnings.filter { $0.message.hasSuffix("(did you mean 'textAlignment'?)") }.count == 64)
    #expect(warnings.first?.message.contains("did you mean") == true)
}

/// Embedded cells are a storyboard feature: an empty `<cells/>` (old documents write one) is consumed
/// silently, a non-empty container is named in a warning and not archived.
@Test func embeddedCellContainersInXIBs() throws {
    func compile(_ body: String) throws -> CompileResult {
        let xib = """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="9531" targetRuntime="iOS.CocoaTouch" propertyAccessControl="none" useAutolayout="YES">
            <objects>
                <placeholder placeholderIdentifier="IBFilesOwner" id="-1" userLabel="File's Owner"/>
                <view contentMode="scaleToFill" id="v01-aa-001">
                    <rect key="frame" x="0.0" y="0.0" width="320" height="568"/>
                    <subviews>\(body)</subviews>
                </view>
            </objects>
        </document>
        """
        return try XIBCompiler(options: CompileOptions(moduleName: "App")).compile(xib: Array(xib.utf8), fileName: "cells.xib")
    }
    let empty = try compile("""
        <collectionView opaque="NO" contentMode="scaleToFill" dataMode="prototypes" id="cv1-aa-001">
            <rect key="frame" x="0.0" y="0.0" width="320" height="568"/>
            <collectionViewFlowLayout key="collectionViewLayout" id="fl1-aa-001"><size key="headerReferenceSize" width="320" height="44"/></collectionViewFlowLayout>
            <cells/>
        </collectionView>
        """)
    #expect(empty.diagnostics.isEmpty, "\(empty.diagnostics)")
    // A non-zero header size is archived as UIHeaderReferenceSize (zero sizes are omitted).
    let layout = try #require(empty.graph.objects.first { $0.className == "UICollectionViewFlowLayout" })
    #expect(layout.value(forKey: "UIHeaderReferenceSize") != nil)
    #expect(layout.value(forKey: "UIFooterReferenceSize") == nil)
    let filled = try compile("""
        <tableView clipsSubviews="YES" contentMode="scaleToFill" style="plain" id="tv1-aa-001">
            <rect key="frame" x="0.0" y="0.0" width="320" height="568"/>
            <prototypes><tableViewCell contentMode="scaleToFill" id="tc1-aa-001"/></prototypes>
        </tableView>
        """)
    #expect(filled.diagnostics.count == 1)
    #expect(filled.diagnostics.first?.message.contains("<tableView>: embedded <prototypes>") == true)
    #expect(!filled.graph.objects.contains { $0.className == "UITableViewCell" })
}

/// A `cocoaTouchSystemColor` without components and without a known UIKit value (a pattern colour of
/// iOS 2–6) is named in a warning instead of silently becoming black.
@Test func unknownCocoaTouchSystemColorWarns() throws {
    let xib = """
    <?xml version="1.0" encoding="UTF-8"?>
    <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="9531" targetRuntime="iOS.CocoaTouch" propertyAccessControl="none">
        <objects>
            <placeholder placeholderIdentifier="IBFilesOwner" id="-1" userLabel="File's Owner"/>
            <view contentMode="scaleToFill" id="v01-aa-001">
                <rect key="frame" x="0.0" y="0.0" width="320" height="568"/>
                <color key="backgroundColor" cocoaTouchSystemColor="scrollViewTexturedBackgroundColor"/>
                <color key="tintColor" cocoaTouchSystemColor="darkTextColor"/>
            </view>
        </objects>
    </document>
    """
    let result = try XIBCompiler(options: CompileOptions(moduleName: "App", coderVersion: 9)).compile(xib: Array(xib.utf8), fileName: "colors.xib")
    #expect(result.diagnostics.count == 1)
    #expect(result.diagnostics.first?.message.contains("cocoaTouchSystemColor 'scrollViewTexturedBackgroundColor'") == true)
    #expect(result.diagnostics.first?.line == 7)
}

/// Palette system colours take the SDK's value over a stale `<systemColor>` resource, and a view's
/// palette background is wrapped in a dynamic modified colour while a text colour stays plain.
@Test func paletteSystemColors() throws {
    let xib = """
    <?xml version="1.0" encoding="UTF-8"?>
    <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="19529" targetRuntime="iOS.CocoaTouch" propertyAccessControl="none" colorMatched="YES">
        <objects>
            <placeholder placeholderIdentifier="IBFilesOwner" id="-1" userLabel="File's Owner"/>
            <view contentMode="scaleToFill" id="v01-aa-001">
                <rect key="frame" x="0.0" y="0.0" width="320" height="568"/>
                <subviews>
                    <label text="x" id="l01-aa-001">
                        <rect key="frame" x="0.0" y="0.0" width="320" height="20"/>
                        <color key="textColor" systemColor="systemTealColor"/>
                    </label>
                </subviews>
                <color key="backgroundColor" systemColor="systemTealColor"/>
            </view>
        </objects>
        <resources>
            <systemColor name="systemTealColor">
                <color red="0.35294117647058826" green="0.78431372549019607" blue="0.98039215686274506" alpha="1" colorSpace="custom" customColorSpace="sRGB"/>
            </systemColor>
        </resources>
    </document>
    """
    let graph = try CompiledXIB(xib, options: CompileOptions(moduleName: "App"), fileName: "colors.xib").graph
    let view = try #require(graph.objects.first { $0.className == "UIView" })
    let label = try #require(graph.objects.first { $0.className == "UILabel" })
    let background = try #require(view.value(forKey: "UIBackgroundColor")?.objectIndex)
    let text = try #require(label.value(forKey: "UITextColor")?.objectIndex)
    #expect(graph.objects[background].value(forKey: "UIDynamicModifiedBaseColor")?.objectIndex == text)
    #expect(graph.objects[text].value(forKey: "UIRed-Double") == .double(48.0 / 255))
}

/// A size-class variation matching the design device decides which constraints are installed: on an
/// iPad (regular/regular) the regular-regular mask wins over the default one; on an iPhone it does not apply.
@Test func designDeviceVariationsInstallConstraints() throws {
    func installed(device: String) throws -> Int {
        let xib = """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="19529" targetRuntime="iOS.CocoaTouch" propertyAccessControl="none" useAutolayout="YES" useTraitCollections="YES" colorMatched="YES">
            <device id="\(device)" orientation="portrait" appearance="light"/>
            <objects>
                <placeholder placeholderIdentifier="IBFilesOwner" id="-1" userLabel="File's Owner"/>
                <view contentMode="scaleToFill" id="v01-aa-001">
                    <rect key="frame" x="0.0" y="0.0" width="320" height="568"/>
                    <constraints>
                        <constraint firstAttribute="width" constant="400" id="c01-aa-001"/>
                        <constraint firstAttribute="height" constant="300" id="c02-aa-002"/>
                    </constraints>
                    <variation key="default">
                        <mask key="constraints"><exclude reference="c01-aa-001"/></mask>
                    </variation>
                    <variation key="heightClass=regular-widthClass=regular">
                        <mask key="constraints"><include reference="c01-aa-001"/><exclude reference="c02-aa-002"/></mask>
                    </variation>
                </view>
            </objects>
        </document>
        """
        let graph = try CompiledXIB(xib, options: CompileOptions(moduleName: "App"), fileName: "masks.xib").graph
        let view = try #require(graph.objects.first { $0.className == "UIView" })
        let list = try #require(view.value(forKey: "UIViewAutolayoutConstraints")?.objectIndex)
        let constraints = graph.objects[list].entries.compactMap(\.value.objectIndex)
        return try #require(constraints.first.flatMap { graph.objects[$0].value(forKey: "NSConstantV2") }.map { $0 == .double(400) ? 400 : 300 })
    }
    #expect(try installed(device: "ipad9_7") == 400)
    #expect(try installed(device: "retina6_1") == 300)
}

/// A table cell's custom separator inset is archived as `UISeparatorInset` after the background-colour flag (UIKit's
/// cell coder order), its deprecated `hidesAccessoryWhenEditing` is consumed silently, and a paragraph style's
/// non-zero `defaultTabInterval` is archived as `NSDefaultTabInterval` between the line-height metrics and the
/// tab stops.
@Test func cellSeparatorInsetAndParagraphTabInterval() throws {
    let result = try compileIOS(objects: """
        <tableViewCell contentMode="scaleToFill" selectionStyle="default" hidesAccessoryWhenEditing="NO" indentationWidth="10" id="tc1-aa-001">
            <rect key="frame" x="0.0" y="0.0" width="320" height="44"/>
            <tableViewCellContentView key="contentView" opaque="NO" clipsSubviews="YES" multipleTouchEnabled="YES" contentMode="center" tableViewCell="tc1-aa-001" id="cv1-aa-001">
                <rect key="frame" x="0.0" y="0.0" width="320" height="44"/>
                <subviews>
                    <label opaque="NO" userInteractionEnabled="NO" contentMode="left" usesAttributedText="YES" lineBreakMode="tailTruncation" baselineAdjustment="alignBaselines" adjustsFontSizeToFit="NO" id="lb1-aa-001">
                        <rect key="frame" x="16" y="11" width="288" height="21"/>
                        <attributedString key="attributedText">
                            <fragment content="Tab">
                                <attributes>
                                    <font key="NSFont" metaFont="system" size="17"/>
                                    <paragraphStyle key="NSParagraphStyle" alignment="center" lineBreakMode="wordWrapping" baseWritingDirection="leftToRight" lineHeightMultiple="1.5" defaultTabInterval="36" tighteningFactorForTruncation="0.0" allowsDefaultTighteningForTruncation="NO"/>
                                </attributes>
                            </fragment>
                        </attributedString>
                        <nil key="highlightedColor"/>
                    </label>
                </subviews>
            </tableViewCellContentView>
            <inset key="separatorInset" minX="15" minY="0.0" maxX="20" maxY="0.0"/>
        </tableViewCell>
    """)
    #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
    let cell = try #require(result.graph.objects.first { $0.className == "UITableViewCell" })
    let keys = cell.entries.map(\.key)
    let inset = try #require(keys.firstIndex(of: "UISeparatorInset"))
    #expect(keys.firstIndex(of: "UISystemBackgroundView").map { $0 > inset } == true)
    #expect(!keys.contains { $0.contains("HidesAccessory") })
    let style = try #require(result.graph.objects.first { $0.className.hasSuffix("ParagraphStyle") })
    let styleKeys = style.entries.map(\.key)
    #expect(style.value(forKey: "NSDefaultTabInterval") == .double(36))
    #expect(styleKeys.firstIndex(of: "NSLineHeightMultiple")! < styleKeys.firstIndex(of: "NSDefaultTabInterval")!)
    #expect(styleKeys.firstIndex(of: "NSDefaultTabInterval")! < styleKeys.firstIndex(of: "NSTabStops")!)
}

/// A stack view with "Use Standard" spacing archives UIKit's system-spacing token (FLT_MIN) as its spacing, without
/// a warning; a custom spacing is archived as written.
@Test func stackViewStandardSpacing() throws {
    func spacing(_ attributes: String) throws -> (NibGraphValue?, [CompileDiagnostic]) {
        let result = try compileIOS(objects: """
            <stackView opaque="NO" contentMode="scaleToFill" axis="vertical" \(attributes) id="st1-aa-001">
                <rect key="frame" x="0.0" y="0.0" width="320" height="100"/>
            </stackView>
            """)
        let stack = result.graph.objects.first { $0.className == "UIStackView" }
        return (stack?.value(forKey: "UIStackViewSpacing"), result.diagnostics)
    }
    let standard = try spacing(#"spacingType="standard""#)
    #expect(standard.0 == .double(Double(Float.leastNormalMagnitude)))
    #expect(standard.1.isEmpty, "\(standard.1)")
    let custom = try spacing(#"spacing="12""#)
    #expect(custom.0 == .double(12))
}

/// Compiles `objects` (top-level elements) as the objects of an iOS XIB with a File's Owner placeholder.
private func compileIOS(objects: String) throws -> CompileResult {
    let attributes = #"type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="9531" targetRuntime="iOS.CocoaTouch" propertyAccessControl="none" useAutolayout="YES""#
    return try XIBCompiler().compile(xib: Array(XIBEnvelope.iOS(objects: objects, attributes: attributes).utf8), fileName: "T.xib")
}
