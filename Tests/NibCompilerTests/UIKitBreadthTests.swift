import Foundation
import Testing
import NibArchive
import NibCompiler
import NibCompilerTestSupport
import NibTestSupport

/// UIKit vocabulary no corpus pair shows, with key names from Apple's nibs as a nib-to-XIB decoder (xibdump)
/// reads them (and WinObjC's xib2nib writes them): each XIB attribute or element below compiles without a warning to
/// its key (before, each was dropped, with a warning or silently; a visual effect view's content view with
/// everything in it).
@Suite struct UIKitBreadthTests {
    /// A document's archive read back as a graph, with lookups by class and for a string's text.
    struct Compiled {
        let graph: NibGraph
        func object(_ cls: String) throws -> NibObject { try #require(graph.objects.first { $0.className == cls }, "no \(cls)") }
        func className(_ value: NibGraphValue?) -> String? { value?.objectIndex.map { graph.objects[$0].className } }
        func string(_ value: NibGraphValue?) -> String? {
            guard let i = value?.objectIndex, case .data(let d)? = graph.objects[i].value(forKey: "NS.bytes") else { return nil }
            return String(decoding: d, as: UTF8.self)
        }
    }

    /// `text` compiled as a XIB, which must give no diagnostic.
    static func compile(_ text: String, name: String) throws -> Compiled {
        let nib = try CompiledXIB(text, fileName: name)
        #expect(nib.diagnostics.map(\.description) == [])
        return Compiled(graph: nib.graph)
    }
    static let document = """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="23504" targetRuntime="iOS.CocoaTouch" propertyAccessControl="none" useAutolayout="YES" useTraitCollections="YES" colorMatched="YES">
            <dependencies>
                <deployment identifier="iOS"/>
                <plugIn identifier="com.apple.InterfaceBuilder.IBCocoaTouchPlugin" version="23506"/>
            </dependencies>
            <objects>
                <placeholder placeholderIdentifier="IBFilesOwner" id="-1" userLabel="File's Owner"/>
                <placeholder placeholderIdentifier="IBFirstResponder" id="-2" customClass="UIResponder"/>
                <view contentMode="scaleToFill" layoutMarginsFollowReadableWidth="YES" insetsLayoutMarginsFromSafeArea="NO" id="1">
                    <rect key="frame" x="0.0" y="0.0" width="375" height="667"/>
                    <autoresizingMask key="autoresizingMask" widthSizable="YES" heightSizable="YES"/>
                    <subviews>
                        <tableView clipsSubviews="YES" contentMode="scaleToFill" alwaysBounceVertical="YES" indicatorStyle="white" style="plain" separatorStyle="default" allowsMultipleSelection="YES" allowsMultipleSelectionDuringEditing="YES" rowHeight="44" sectionHeaderHeight="28" sectionFooterHeight="28" id="2">
                            <rect key="frame" x="0.0" y="0.0" width="375" height="300"/>
                            <autoresizingMask key="autoresizingMask" widthSizable="YES" heightSizable="YES"/>
                            <color key="sectionIndexColor" red="1" green="0.0" blue="0.0" alpha="1" colorSpace="custom" customColorSpace="sRGB"/>
                    <inset key="scrollIndicatorInsets" minX="0.0" minY="10" maxX="0.0" maxY="20"/>
                    <inset key="contentInset" minX="1" minY="2" maxX="3" maxY="4"/>
                        </tableView>
                        <segmentedControl opaque="NO" contentMode="scaleToFill" contentHorizontalAlignment="left" contentVerticalAlignment="top" segmentControlStyle="plain" selectedSegmentIndex="0" momentary="YES" id="3">
                            <rect key="frame" x="0.0" y="310" width="121" height="32"/>
                            <autoresizingMask key="autoresizingMask" flexibleMaxX="YES" flexibleMaxY="YES"/>
                            <segments>
                                <segment title="First"/>
                                <segment title="Second"/>
                            </segments>
                        </segmentedControl>
                        <progressView opaque="NO" contentMode="scaleToFill" verticalHuggingPriority="750" progressViewStyle="bar" progress="0.5" id="4">
                            <rect key="frame" x="0.0" y="350" width="150" height="2.5"/>
                            <autoresizingMask key="autoresizingMask" flexibleMaxX="YES" flexibleMaxY="YES"/>
                        </progressView>
                        <pageControl opaque="NO" contentMode="scaleToFill" contentHorizontalAlignment="center" contentVerticalAlignment="center" defersCurrentPageDisplay="YES" numberOfPages="3" id="5">
                            <rect key="frame" x="0.0" y="360" width="115" height="26"/>
                            <autoresizingMask key="autoresizingMask" flexibleMaxX="YES" flexibleMaxY="YES"/>
                        </pageControl>
                        <slider opaque="NO" contentMode="scaleToFill" contentHorizontalAlignment="center" contentVerticalAlignment="center" value="0.5" minValue="0.0" maxValue="1" minimumValueImage="minus" maximumValueImage="plus" id="6">
                            <rect key="frame" x="0.0" y="390" width="118" height="31"/>
                            <autoresizingMask key="autoresizingMask" flexibleMaxX="YES" flexibleMaxY="YES"/>
                        </slider>
                        <textField opaque="NO" contentMode="scaleToFill" contentHorizontalAlignment="left" contentVerticalAlignment="center" borderStyle="roundedRect" background="bg" disabledBackground="dbg" minimumFontSize="17" id="7">
                            <rect key="frame" x="0.0" y="430" width="97" height="34"/>
                            <autoresizingMask key="autoresizingMask" flexibleMaxX="YES" flexibleMaxY="YES"/>
                            <fontDescription key="fontDescription" type="system" pointSize="14"/>
                            <textInputTraits key="textInputTraits"/>
                        </textField>
                        <navigationBar contentMode="scaleToFill" largeTitles="YES" id="8">
                            <rect key="frame" x="0.0" y="470" width="375" height="44"/>
                            <autoresizingMask key="autoresizingMask" widthSizable="YES" flexibleMaxY="YES"/>
                            <items>
                                <navigationItem title="Title" id="9"/>
                            </items>
                        </navigationBar>
                        <imageView clipsSubviews="YES" userInteractionEnabled="NO" contentMode="scaleAspectFit" image="plus" adjustsImageSizeForAccessibilityContentSizeCategory="YES" id="12">
                    <rect key="frame" x="250" y="520" width="16" height="16"/>
                    <autoresizingMask key="autoresizingMask" flexibleMaxX="YES" flexibleMaxY="YES"/>
                </imageView>
                <visualEffectView opaque="NO" contentMode="scaleToFill" id="10">
                            <rect key="frame" x="0.0" y="520" width="240" height="128"/>
                            <autoresizingMask key="autoresizingMask" flexibleMaxX="YES" flexibleMaxY="YES"/>
                            <view key="contentView" opaque="NO" clipsSubviews="YES" multipleTouchEnabled="YES" contentMode="center" insetsLayoutMarginsFromSafeArea="NO" id="11">
                                <rect key="frame" x="0.0" y="0.0" width="240" height="128"/>
                                <autoresizingMask key="autoresizingMask" widthSizable="YES" heightSizable="YES"/>
                            </view>
                            <blurEffect style="dark"/>
                        </visualEffectView>
                    </subviews>
                </view>
                <tableViewCell contentMode="scaleToFill" selectionStyle="default" indentationWidth="10" showsReorderControl="YES" editingAccessoryType="checkmark" focusStyle="custom" id="20">
                    <rect key="frame" x="0.0" y="0.0" width="320" height="44"/>
                    <autoresizingMask key="autoresizingMask"/>
                    <tableViewCellContentView key="contentView" opaque="NO" clipsSubviews="YES" multipleTouchEnabled="YES" contentMode="center" tableViewCell="20" id="21">
                        <rect key="frame" x="0.0" y="0.0" width="320" height="44"/>
                        <autoresizingMask key="autoresizingMask"/>
                    </tableViewCellContentView>
                </tableViewCell>
                <pongPressGestureRecognizer id="30"/>
                <pongPressGestureRecognizer allowableMovement="10" minimumPressDuration="0.5" id="31"/>
                <panGestureRecognizer minimumNumberOfTouches="2" maximumNumberOfTouches="3" id="32"/>
                <swipeGestureRecognizer direction="left" numberOfTouchesRequired="2" id="33"/>
                <rotationGestureRecognizer id="35"/>
                <screenEdgePanGestureRecognizer id="34">
                    <rectEdge key="edges" left="YES"/>
                </screenEdgePanGestureRecognizer>
            </objects>
            <resources>
                <image name="minus" width="16" height="16"/>
                <image name="plus" width="16" height="16"/>
                <image name="bg" width="16" height="16"/>
                <image name="dbg" width="16" height="16"/>
            </resources>
        </document>
        """

    @Test func keysWithoutACorpusSample() throws {
        let c = try Self.compile(Self.document, name: "Breadth.xib")
        let graph = c.graph

        let root = try #require(graph.objects.first { $0.className == "UIView" && $0.value(forKey: "UIViewLayoutMarginsFollowReadableWidth") != nil })
        #expect(root.value(forKey: "UIViewLayoutMarginsFollowReadableWidth") == .bool(true))

        let table = try c.object("UITableView")
        #expect(table.value(forKey: "UIAllowsMultipleSelection") == .bool(true))
        #expect(table.value(forKey: "UIAllowsMultipleSelectionDuringEditing") == .bool(true))
        #expect(c.className(table.value(forKey: "UISectionIndexColor")) == "UIColor")

        let slider = try c.object("UISlider")
        #expect(c.className(slider.value(forKey: "UIMinimumValueImage")) == "UIImageNibPlaceholder")
        #expect(c.className(slider.value(forKey: "UIMaximumValueImage")) == "UIImageNibPlaceholder")
        let field = try c.object("UITextField")
        #expect(c.className(field.value(forKey: "UITextFieldBackground")) == "UIImageNibPlaceholder")
        #expect(c.className(field.value(forKey: "UITextFieldDisabledBackground")) == "UIImageNibPlaceholder")
        #expect(try c.object("UINavigationBar").value(forKey: "UIBarPrefersLargeTitles") == .bool(true))

        // Long press: allowableMovement 10 is the default and is not written.
        let presses = graph.objects.filter { $0.className == "UILongPressGestureRecognizer" }
        #expect(presses.count == 2)
        #expect(presses.allSatisfy { $0.value(forKey: "UILongPressGestureRecognizer.allowableMovement") == nil })
        let pan = try c.object("UIPanGestureRecognizer")
        #expect(pan.value(forKey: "UIPanGestureRecognizer.minimumNumberOfTouches") == .int(2))
        #expect(pan.value(forKey: "UIPanGestureRecognizer.maximumNumberOfTouches") == .int(3))
        #expect(try c.object("UISwipeGestureRecognizer").value(forKey: "UISwipeGestureRecognizer.numberOfTouchesRequired") == .int(2))
        #expect(graph.objects.contains { $0.className == "UIRotationGestureRecognizer" })
        #expect(try c.object("UIScreenEdgePanGestureRecognizer").value(forKey: "UIScreenEdgePanGestureRecognizer.edges") == .int(2))

        #expect(table.value(forKey: "UIIndicatorStyle") == .int(2))
        #expect(table.value(forKey: "UIContentInset") == StoryboardBehaviourTests.packed([2, 1, 4, 3]))
        #expect(table.value(forKey: "UIScrollIndicatorInsets") == StoryboardBehaviourTests.packed([10, 0, 20, 0]))  // top, left, bottom, right
        #expect(try c.object("UISegmentedControl").value(forKey: "UIMomentary") == .bool(true))
        #expect(try c.object("UIProgressView").value(forKey: "UIProgressViewStyle") == .int(1))
        let cell = try c.object("UITableViewCell")
        #expect(cell.value(forKey: "UIEditingAccessoryType") == .int(3))
        #expect(cell.value(forKey: "UIFocusStyle") == .int(1))
        #expect(cell.value(forKey: "UIShowsReorderControl") == .bool(true))

        #expect(try c.object("UIImageView").value(forKey: "UIAdjustsImageSizeForAccessibilityContentSizeCategory") == .bool(true))

        let effectView = try c.object("UIVisualEffectView")
        let content = try #require(effectView.value(forKey: "UIVisualEffectViewContentView")?.objectIndex)
        #expect(graph.objects[content].className == "_UIVisualEffectContentView")
        guard let subviews = effectView.value(forKey: "UISubviews")?.objectIndex else { Issue.record("no subviews"); return }
        #expect(graph.objects[subviews].entries.compactMap(\.value.objectIndex) == [content])
        let effect = try #require(effectView.value(forKey: "UIVisualEffectViewEffect")?.objectIndex)
        #expect(graph.objects[effect].className == "UIBlurEffect")
        #expect(graph.objects[effect].value(forKey: "UIBlurEffectStyle") == .int(2))
        #expect(effectView.value(forKey: "UIVisualEffectViewGroupName") == .null)
        // The keys in the order UIVisualEffectView's coder writes them.
        let order = effectView.entries.map(\.key).filter { $0.hasPrefix("UIVisualEffectView") }
        #expect(order == ["UIVisualEffectViewEffect", "UIVisualEffectViewGroupName", "UIVisualEffectViewContentView"])
    }

    static let barsDocument = """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="23504" targetRuntime="iOS.CocoaTouch" propertyAccessControl="none" useAutolayout="YES" useTraitCollections="YES" colorMatched="YES">
            <dependencies>
                <deployment identifier="iOS"/>
                <plugIn identifier="com.apple.InterfaceBuilder.IBCocoaTouchPlugin" version="23506"/>
            </dependencies>
            <objects>
                <placeholder placeholderIdentifier="IBFilesOwner" id="-1" userLabel="File's Owner"/>
                <placeholder placeholderIdentifier="IBFirstResponder" id="-2" customClass="UIResponder"/>
                <view contentMode="scaleToFill" id="1">
                    <rect key="frame" x="0.0" y="0.0" width="375" height="667"/>
                    <autoresizingMask key="autoresizingMask" widthSizable="YES" heightSizable="YES"/>
                    <subviews>
                        <navigationBar contentMode="scaleToFill" barStyle="black" backIndicatorImage="back" backIndicatorTransitionMaskImage="mask" id="8">
                            <rect key="frame" x="0.0" y="0.0" width="375" height="44"/>
                            <autoresizingMask key="autoresizingMask" widthSizable="YES" flexibleMaxY="YES"/>
                            <textAttributes key="largeTitleTextAttributes">
                                <color key="textColor" red="1" green="0.0" blue="0.0" alpha="1" colorSpace="custom" customColorSpace="sRGB"/>
                            </textAttributes>
                            <items>
                                <navigationItem title="Title" leftItemsSupplementBackButton="YES" backButtonTitle="Back" backButtonDisplayMode="minimal" id="9">
                                    <barButtonItem key="rightBarButtonItem" image="back" landscapeImage="mask" springLoaded="YES" id="10">
                                    <inset key="landscapeImagePhoneInsets" minX="1" minY="2" maxX="3" maxY="4"/>
                                </barButtonItem>
                                </navigationItem>
                            </items>
                        </navigationBar>
                        <searchBar contentMode="redraw" id="11">
                            <rect key="frame" x="0.0" y="50" width="375" height="56"/>
                            <autoresizingMask key="autoresizingMask" widthSizable="YES" flexibleMaxY="YES"/>
                            <offsetWrapper key="searchFieldBackgroundPositionAdjustment" horizontal="2" vertical="3"/>
                            <offsetWrapper key="searchTextPositionAdjustment" horizontal="4" vertical="5"/>
                            <textInputTraits key="textInputTraits"/>
                        </searchBar>
                        <button opaque="NO" contentMode="scaleToFill" contentHorizontalAlignment="center" contentVerticalAlignment="center" buttonType="system" lineBreakMode="middleTruncation" id="12">
                            <rect key="frame" x="0.0" y="120" width="46" height="30"/>
                            <autoresizingMask key="autoresizingMask" flexibleMaxX="YES" flexibleMaxY="YES"/>
                            <size key="titleShadowOffset" width="1" height="2"/>
                            <state key="normal" title="Button"/>
                        </button>
                    </subviews>
                </view>
            </objects>
            <resources>
                <image name="back" width="16" height="16"/>
                <image name="mask" width="16" height="16"/>
            </resources>
        </document>
        """

    /// Bars, search bar offsets and a button's title shadow offset. A UIOffset is an NSString (`{h, v}`), a
    /// CGSize packed doubles, as xibdump reads them.
    @Test func barAndOffsetKeys() throws {
        let c = try Self.compile(Self.barsDocument, name: "Bars.xib")
        let graph = c.graph
        let bar = try c.object("UINavigationBar")
        #expect(c.className(bar.value(forKey: "UIBackIndicatorImage")) == "UIImageNibPlaceholder")
        #expect(c.className(bar.value(forKey: "UIBackIndicatorTransitionMask")) == "UIImageNibPlaceholder")
        let large = try #require(bar.value(forKey: "UIBarLargeTitleTextAttributes")?.objectIndex)
        #expect(graph.objects[large].entries.contains { c.string($0.value) == "NSColor" })
        #expect(try c.object("UINavigationItem").value(forKey: "UILeftItemsSupplementBackButton") == .bool(true))
        #expect(c.className(try c.object("UIBarButtonItem").value(forKey: "UILandscapeImagePhone")) == "UIImageNibPlaceholder")
        let search = try c.object("UISearchBar")
        #expect(c.string(search.value(forKey: "UISearchFieldBackgroundPositionAdjustment")) == "{2, 3}")
        #expect(c.string(search.value(forKey: "UISearchTextPositionAdjustment")) == "{4, 5}")
        #expect(try c.object("UIButton").value(forKey: "UITitleShadowOffset") == StoryboardBehaviourTests.packed([1, 2]))
        #expect(bar.value(forKey: "UIBarStyle") == .int(1))
        let item = try c.object("UINavigationItem")
        #expect(c.string(item.value(forKey: "UIBackButtonTitle")) == "Back")
        #expect(item.value(forKey: "UIBackButtonDisplayMode") == .int(2))
        let barButton = try c.object("UIBarButtonItem")
        #expect(barButton.value(forKey: "UISpringLoaded") == .bool(true))
        #expect(barButton.value(forKey: "UILandscapeImagePhoneInsets") == StoryboardBehaviourTests.packed([2, 1, 4, 3]))
    }

    /// Blur styles as UIBlurEffect's and UIVibrancyEffect's coders write them: material styles by
    /// `…MaterialStyle`, automatic styles with the style they resolve to, vibrancy with its own style.
    @Test func blurAndVibrancyStyles() throws {
        func effectView(_ id: String, _ effect: String) -> String {
            """
            <visualEffectView opaque="NO" contentMode="scaleToFill" id="\(id)">
                <rect key="frame" x="0.0" y="0.0" width="100" height="100"/>
                <autoresizingMask key="autoresizingMask" flexibleMaxX="YES" flexibleMaxY="YES"/>
                <view key="contentView" opaque="NO" clipsSubviews="YES" multipleTouchEnabled="YES" contentMode="center" id="\(id)c">
                    <rect key="frame" x="0.0" y="0.0" width="100" height="100"/>
                    <autoresizingMask key="autoresizingMask" widthSizable="YES" heightSizable="YES"/>
                </view>
                \(effect)
            </visualEffectView>
            """
        }
        let text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="23504" targetRuntime="iOS.CocoaTouch" propertyAccessControl="none" useAutolayout="YES">
                <objects>
                    <placeholder placeholderIdentifier="IBFilesOwner" id="-1" userLabel="File's Owner"/>
                    <placeholder placeholderIdentifier="IBFirstResponder" id="-2" customClass="UIResponder"/>
                    \(effectView("m", #"<blurEffect style="systemMaterial"/>"#))
                    \(effectView("r", #"<blurEffect style="regular"/>"#))
                    \(effectView("v", #"<vibrancyEffect style="secondaryLabel"><blurEffect style="systemThinMaterial"/></vibrancyEffect>"#))
                </objects>
            </document>
            """
        let c = try Self.compile(text, name: "Effects.xib")
        let graph = c.graph
        let blurs = graph.objects.filter { $0.className == "UIBlurEffect" }.map { $0.entries.map { "\($0.key)=\($0.value)" } }
        #expect(blurs.contains(["UIBlurEffectMaterialStyle=\(NibGraphValue.int(8))"]))
        #expect(blurs.contains(["UIBlurEffectAutomaticStyle=\(NibGraphValue.int(4))", "UIBlurEffectStyle=\(NibGraphValue.int(1))"]))
        let vibrancy = try #require(graph.objects.first { $0.className == "UIVibrancyEffect" })
        #expect(vibrancy.value(forKey: "UIVibrancyEffectVibrancyStyle") == .int(1))
        #expect(vibrancy.value(forKey: "UIVibrancyEffectBlurMaterialStyle") == .int(7))
    }

    static let controlsDocument = """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="23504" targetRuntime="iOS.CocoaTouch" propertyAccessControl="none" useAutolayout="YES" useTraitCollections="YES" colorMatched="YES">
            <dependencies>
                <deployment identifier="iOS"/>
                <plugIn identifier="com.apple.InterfaceBuilder.IBCocoaTouchPlugin" version="23506"/>
            </dependencies>
            <objects>
                <placeholder placeholderIdentifier="IBFilesOwner" id="-1" userLabel="File's Owner"/>
                <placeholder placeholderIdentifier="IBFirstResponder" id="-2" customClass="UIResponder"/>
                <view contentMode="scaleToFill" exclusiveTouch="YES" id="1">
                    <rect key="frame" x="0.0" y="0.0" width="375" height="667"/>
                    <autoresizingMask key="autoresizingMask" widthSizable="YES" heightSizable="YES"/>
                    <directionalEdgeInsets key="directionalLayoutMargins" top="1" leading="2" bottom="3" trailing="4"/>
                    <subviews>
                        <label opaque="NO" userInteractionEnabled="NO" contentMode="left" text="Label" enabled="NO" id="2">
                            <rect key="frame" x="0.0" y="0.0" width="42" height="21"/>
                            <autoresizingMask key="autoresizingMask" flexibleMaxX="YES" flexibleMaxY="YES"/>
                            <fontDescription key="fontDescription" type="system" pointSize="17"/>
                            <color key="shadowColor" red="1" green="0.0" blue="0.0" alpha="1" colorSpace="custom" customColorSpace="sRGB"/>
                            <size key="shadowOffset" width="2" height="3"/>
                        </label>
                        <button opaque="NO" contentMode="scaleToFill" contentHorizontalAlignment="center" contentVerticalAlignment="center" buttonType="system" lineBreakMode="middleTruncation" springLoaded="YES" pointerInteraction="YES" role="destructive" changesSelectionAsPrimaryAction="YES" adjustsImageSizeForAccessibilityContentSizeCategory="YES" id="3">
                            <rect key="frame" x="0.0" y="30" width="46" height="30"/>
                            <autoresizingMask key="autoresizingMask" flexibleMaxX="YES" flexibleMaxY="YES"/>
                            <state key="normal" title="Button"/>
                        </button>
                        <switch opaque="NO" contentMode="scaleToFill" horizontalHuggingPriority="750" verticalHuggingPriority="750" contentHorizontalAlignment="center" contentVerticalAlignment="center" on="YES" preferredStyle="checkbox" onImage="a" offImage="b" id="4">
                            <rect key="frame" x="0.0" y="70" width="51" height="31"/>
                            <autoresizingMask key="autoresizingMask" flexibleMaxX="YES" flexibleMaxY="YES"/>
                        </switch>
                        <textField opaque="NO" contentMode="scaleToFill" contentHorizontalAlignment="left" contentVerticalAlignment="center" borderStyle="roundedRect" minimumFontSize="17" allowsEditingTextAttributes="YES" id="5">
                            <rect key="frame" x="0.0" y="110" width="97" height="34"/>
                            <autoresizingMask key="autoresizingMask" flexibleMaxX="YES" flexibleMaxY="YES"/>
                            <fontDescription key="fontDescription" type="system" pointSize="14"/>
                            <textInputTraits key="textInputTraits"/>
                        </textField>
                        <pickerView contentMode="scaleToFill" showsSelectionIndicator="YES" id="7">
                    <rect key="frame" x="0.0" y="170" width="320" height="216"/>
                    <autoresizingMask key="autoresizingMask" widthSizable="YES" flexibleMaxY="YES"/>
                </pickerView>
                <imageView clipsSubviews="YES" userInteractionEnabled="NO" contentMode="scaleAspectFit" highlighted="YES" image="a" id="6">
                            <rect key="frame" x="0.0" y="150" width="16" height="16"/>
                            <autoresizingMask key="autoresizingMask" flexibleMaxX="YES" flexibleMaxY="YES"/>
                            <preferredSymbolConfiguration key="preferredSymbolConfiguration" configurationType="pointSize" pointSize="20" scale="large" weight="bold"/>
                        </imageView>
                    </subviews>
                </view>
            </objects>
            <resources>
                <image name="a" width="16" height="16"/>
                <image name="b" width="16" height="16"/>
            </resources>
        </document>
        """

    /// View, label, button, switch, text field and image view keys of UIKit's own coders (decompiled iOS 26.1
    /// UIKitCore) for attributes no corpus sample sets.
    @Test func controlKeysFromUIKitsCoders() throws {
        let c = try Self.compile(Self.controlsDocument, name: "Controls.xib")
        let graph = c.graph
        let root = try #require(graph.objects.first { $0.value(forKey: "UIExclusiveTouch") != nil })
        #expect(root.value(forKey: "UIViewLayoutMargins") == StoryboardBehaviourTests.packed([1, 2, 3, 4]))
        #expect(root.value(forKey: "UIViewLayoutMarginsAreDirectional") == .bool(true))
        let label = try c.object("UILabel")
        #expect(label.value(forKey: "UIShadowColor")?.objectIndex != nil)
        #expect(label.value(forKey: "UIShadowOffset") == StoryboardBehaviourTests.packed([2, 3]))
        #expect(label.value(forKey: "UIEnabled") == .bool(false))
        let button = try c.object("UIButton")
        #expect(button.value(forKey: "UIButtonRole") == .int(3))
        #expect(button.value(forKey: "UIButtonChangesSelectionAsPrimaryAction") == .bool(true))
        #expect(button.value(forKey: "UISpringLoaded") == .bool(true))
        #expect(button.value(forKey: "UIPointerInteractionEnabled") == .bool(true))
        #expect(button.value(forKey: "UIAdjustsImageSizeForAccessibilityContentSizeCategory") == .bool(true))
        let toggle = try c.object("UISwitch")
        #expect(toggle.value(forKey: "UISwitchStyle") == .int(1))
        #expect(toggle.value(forKey: "UISwitchOnImage")?.objectIndex != nil && toggle.value(forKey: "UISwitchOffImage")?.objectIndex != nil)
        #expect(try c.object("UITextField").value(forKey: "UIAllowsEditingTextAttributes") == .bool(true))
        let imageView = try c.object("UIImageView")
        #expect(imageView.value(forKey: "UIHighlighted") == .bool(true))
        #expect(imageView.entries.last?.key == "UIPreferredSymbolConfiguration")
        let symbol = try #require(imageView.value(forKey: "UIPreferredSymbolConfiguration")?.objectIndex)
        #expect(graph.objects[symbol].entries.map(\.key) == ["UITraitCollection", "UISymbolScale", "UIPointSize", "UISymbolWeight"])
        #expect(graph.objects[symbol].value(forKey: "UISymbolScale") == .int(3))
        #expect(graph.objects[symbol].value(forKey: "UIPointSize") == .float(20))
        #expect(graph.objects[symbol].value(forKey: "UISymbolWeight") == .int(7))
        let picker = try c.object("UIPickerView")
        #expect(picker.value(forKey: "UIShowsSelectionBar") == .bool(true))
        #expect(picker.value(forKey: "UIAllowSelectingCells") == .bool(true))
    }

    static let configuredButtons = """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="23504" targetRuntime="iOS.CocoaTouch" propertyAccessControl="none" useAutolayout="YES" useTraitCollections="YES" colorMatched="YES">
            <dependencies>
                <deployment identifier="iOS"/>
                <plugIn identifier="com.apple.InterfaceBuilder.IBCocoaTouchPlugin" version="23506"/>
            </dependencies>
            <objects>
                <placeholder placeholderIdentifier="IBFilesOwner" id="-1" userLabel="File's Owner"/>
                <placeholder placeholderIdentifier="IBFirstResponder" id="-2" customClass="UIResponder"/>
                <view contentMode="scaleToFill" id="1">
                    <rect key="frame" x="0.0" y="0.0" width="375" height="667"/>
                    <autoresizingMask key="autoresizingMask" widthSizable="YES" heightSizable="YES"/>
                    <subviews>
                        <button opaque="NO" contentMode="scaleToFill" contentHorizontalAlignment="center" contentVerticalAlignment="center" buttonType="system" lineBreakMode="middleTruncation" id="2">
                            <rect key="frame" x="0.0" y="0.0" width="75" height="35"/>
                            <autoresizingMask key="autoresizingMask" flexibleMaxX="YES" flexibleMaxY="YES"/>
                            <state key="normal" title="Button"/>
                            <buttonConfiguration key="configuration" style="plain" title="Button"/>
                        </button>
                        <button opaque="NO" contentMode="scaleToFill" contentHorizontalAlignment="center" contentVerticalAlignment="center" buttonType="system" lineBreakMode="middleTruncation" id="3">
                            <rect key="frame" x="0.0" y="40" width="120" height="35"/>
                            <autoresizingMask key="autoresizingMask" flexibleMaxX="YES" flexibleMaxY="YES"/>
                            <state key="normal" title="Button"/>
                            <buttonConfiguration key="configuration" style="filled" image="star" catalog="system" imagePlacement="trailing" imagePadding="8" title="Book" cornerStyle="capsule">
                                <fontDescription key="titleFontDescription" type="boldSystem" pointSize="18"/>
                                <color key="baseBackgroundColor" systemColor="systemBlueColor"/>
                                <directionalEdgeInsets key="contentInsets" top="4" leading="8" bottom="4" trailing="8"/>
                            </buttonConfiguration>
                        </button>
                    </subviews>
                </view>
            </objects>
            <resources>
                <image name="star" catalog="system" width="128" height="116"/>
                <systemColor name="systemBlueColor">
                    <color red="0.0" green="0.47843137254901963" blue="1" alpha="1" colorSpace="custom" customColorSpace="sRGB"/>
                </systemColor>
            </resources>
        </document>
        """

    /// Buttons with a `UIButton.Configuration`, as Xcode 13 and later create them: the configuration and its
    /// background in the key order and forms of UIKit's coders (before, `UIButtonConfiguration` was always nil).
    @Test func buttonConfigurations() throws {
        let c = try Self.compile(Self.configuredButtons, name: "Configured.xib")
        let graph = c.graph
        let configurations = graph.objects.filter { $0.className == "UIButtonConfiguration" }
        #expect(configurations.count == 2)
        guard configurations.count == 2 else { return }
        let (plain, filled) = (configurations[0], configurations[1])
        #expect(plain.entries.map(\.key) == [
            "UIButtonConfigurationButtonStyle", "UIButtonConfigurationBackground", "UIButtonConfigurationCornerStyle",
            "UIButtonConfigurationButtonSize", "UIButtonConfigurationMacIdiomStyle", "UIButtonConfigurationBaseBackgroundColor",
            "UIButtonConfigurationBaseForegroundColor", "UIButtonConfigurationImage",
            "UIButtonConfigurationPreferredSymbolConfigurationForImage", "UIButtonConfigurationSymbolContentTransition",
            "UIButtonConfigurationShowsActivityIndicator", "UIButtonConfigurationTitle", "UIButtonConfigurationSubtitle",
            "UIButtonConfigurationImagePlacement", "UIButtonConfigurationImagePadding", "UIButtonConfigurationTitlePadding",
            "UIButtonConfigurationTitleAlignment",
        ])
        #expect(plain.value(forKey: "UIButtonConfigurationButtonStyle") == .int(0))
        #expect(plain.value(forKey: "UIButtonConfigurationTitlePadding") == .float(1))
        let title = try #require(plain.value(forKey: "UIButtonConfigurationTitle")?.objectIndex)
        #expect(graph.objects[title].className == "NSAttributedString")
        #expect(c.string(graph.objects[title].value(forKey: "NSString")) == "Button")
        #expect(filled.value(forKey: "UIButtonConfigurationButtonStyle") == .int(3))
        #expect(filled.value(forKey: "UIButtonConfigurationCornerStyle") == .int(4))
        #expect(filled.value(forKey: "UIButtonConfigurationImagePlacement") == .int(8))
        #expect(filled.value(forKey: "UIButtonConfigurationImagePadding") == .float(8))
        #expect(c.string(filled.value(forKey: "UIButtonConfigurationContentInset")) == "{4, 8, 4, 8}")
        #expect(filled.value(forKey: "UIButtonConfigurationBaseBackgroundColor")?.objectIndex != nil)
        #expect(filled.value(forKey: "UIButtonConfigurationImage")?.objectIndex != nil)
        let filledTitle = try #require(filled.value(forKey: "UIButtonConfigurationTitle")?.objectIndex)
        #expect(graph.objects[filledTitle].value(forKey: "NSAttributes")?.objectIndex != nil)
        let background = try #require(plain.value(forKey: "UIButtonConfigurationBackground")?.objectIndex)
        #expect(graph.objects[background].className == "UIBackgroundConfiguration")
        #expect(graph.objects[background].value(forKey: "cornerRadius") == .double(5.95))
        #expect(graph.objects[background].value(forKey: "strokeWidth") == .double(1))
        #expect(graph.objects[background].value(forKey: "hasCustomized-strokeColor") == .bool(true))
    }
}
