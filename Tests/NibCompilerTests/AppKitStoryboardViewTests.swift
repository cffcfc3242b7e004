import Foundation
import NibArchive
import NibCompiler
import NibTestSupport
import Testing

/// Attributes a storyboard omits default otherwise than in a XIB (AppKitImageViews.swift, AppKitTextViews.swift):
/// the view nibs of `storyboards/appkit` key for key, beyond the loose score (which does not count excess keys).
@Suite struct AppKitStoryboardViewTests {
    /// The first object of `className` in ours and in Apple's nib.
    static func pair(_ storyboard: String, _ nib: String, _ className: String) throws -> (ours: NibObject, apple: NibObject)? {
        guard let (ours, apple) = try AppKitStoryboardWindowTests.sceneNib(storyboard, nib) else { return nil }
        return (try #require(ours.objects.first { $0.className == className }), try #require(apple.objects.first { $0.className == className }))
    }

    /// An image cell without `animates` animates in a storyboard.
    @Test func imageCellAnimates() throws {
        guard let (ours, apple) = try Self.pair("sb_imagecell_style.storyboard", "vc1-00-040-view-vw1-00-040.nib", "NSImageCell") else { return }
        #expect(apple.value(forKey: "NSAnimates") == .bool(true))
        #expect(ours.value(forKey: "NSAnimates") == .bool(true))
    }

    /// A text view without `textColor` or `maxSize`: no text colour, its frame as maximum size, the storyboard's
    /// shared-data flags.
    @Test func textViewDefaults() throws {
        guard let (ours, apple) = try Self.pair("sb_textview.storyboard", "vc1-00-020-view-vw1-00-020.nib", "NSTextView") else { return }
        #expect(Set(ours.entries.map(\.key)) == Set(apple.entries.map(\.key)))
        #expect(!apple.entries.contains { $0.key == "NSTextViewTextColor" })
        guard let (oursShared, appleShared) = try Self.pair("sb_textview.storyboard", "vc1-00-020-view-vw1-00-020.nib", "NSTextViewSharedData") else { return }
        #expect(oursShared.value(forKey: "NSFlags") == appleShared.value(forKey: "NSFlags"))
    }

    /// viraptor/ibtool's sb_toolbar_colors_tv (Apple-compiled, not in the shared corpus), reduced: the standard
    /// colours toolbar item gets AppKit's content, a toolbar without `<defaultToolbarItems>` no default-items key,
    /// and a storyboard text view's textColor insertion point colour becomes textInsertionPointColor.
    static let colorsStoryboard = """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.Cocoa.Storyboard.XIB" version="3.0" toolsVersion="22505" targetRuntime="MacOSX.Cocoa" propertyAccessControl="none" useAutolayout="YES" initialViewController="wc1">
            <scenes>
                <scene sceneID="s1">
                    <objects>
                        <windowController id="wc1" sceneMemberID="viewController">
                            <window key="window" title="Colors" allowsToolTipsWhenApplicationIsInactive="NO" autorecalculatesKeyViewLoop="NO" releasedWhenClosed="NO" visibleAtLaunch="NO" id="w1">
                                <windowStyleMask key="styleMask" titled="YES" closable="YES"/>
                                <rect key="contentRect" x="200" y="200" width="480" height="270"/>
                                <rect key="screenRect" x="0.0" y="0.0" width="1920" height="1080"/>
                                <toolbar key="toolbar" implicitIdentifier="T" autosavesConfiguration="NO" displayMode="iconOnly" sizeMode="regular" id="tb1">
                                    <allowedToolbarItems>
                                        <toolbarItem implicitItemIdentifier="NSToolbarShowColorsItem" id="ti1"/>
                                    </allowedToolbarItems>
                                </toolbar>
                            </window>
                            <connections>
                                <segue destination="vc1" kind="relationship" relationship="window.shadowedContentViewController" id="sg1"/>
                            </connections>
                        </windowController>
                    </objects>
                </scene>
                <scene sceneID="s2">
                    <objects>
                        <viewController id="vc1" sceneMemberID="viewController">
                            <view key="view" id="v1">
                                <rect key="frame" x="0.0" y="0.0" width="480" height="270"/>
                                <autoresizingMask key="autoresizingMask"/>
                                <subviews>
                                    <textView importsGraphics="NO" richText="NO" verticallyResizable="YES" id="tv1">
                                        <rect key="frame" x="0" y="0" width="480" height="270"/>
                                        <autoresizingMask key="autoresizingMask"/>
                                        <color key="insertionPointColor" name="textColor" catalog="System" colorSpace="catalog"/>
                                    </textView>
                                </subviews>
                            </view>
                        </viewController>
                    </objects>
                </scene>
            </scenes>
        </document>
        """

    @Test func standardToolbarItemAndInsertionColor() throws {
        let result = try StoryboardCompiler().compile(storyboard: Array(Self.colorsStoryboard.utf8), fileName: "Colors.storyboard")
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        func graph(_ name: String) throws -> NibGraph { NibGraph(try NibArchive(bytes: try #require(result.files.first { $0.path == name }).bytes)) }
        func string(_ g: NibGraph, _ v: NibGraphValue?) -> String? {
            guard case .object(let i)? = v, case .data(let d)? = g.objects[i].value(forKey: "NS.bytes") else { return nil }
            return String(decoding: d, as: UTF8.self)
        }
        let scene = try graph("NSWindowController-wc1.nib")
        let item = try #require(scene.objects.first { $0.className == "NSToolbarItem" })
        #expect(string(scene, item.value(forKey: "NSToolbarItemLabel")) == "Colors")
        #expect(string(scene, item.value(forKey: "NSToolbarItemToolTip")) == "Show Color Panel")
        #expect(string(scene, item.value(forKey: "NSToolbarItemAction")) == "orderFrontColorPanel:")
        #expect(string(scene, item.value(forKey: "NSToolbarItemMinSize")) == "{44, 42}")
        #expect(item.value(forKey: "NSToolbarItemBordered") == .bool(true) && item.value(forKey: "NSToolbarItemTag") == .int(-1))
        guard case .object(let image)? = item.value(forKey: "NSToolbarItemImage") else { Issue.record("no image"); return }
        #expect(string(scene, scene.objects[image].value(forKey: "NSResourceName")) == "NSToolbarShowColors")
        #expect(scene.objects[image].value(forKey: "IBNamespaceID") == .null)
        let toolbar = try #require(scene.objects.first { $0.className == "NSToolbar" })
        #expect(toolbar.value(forKey: "NSToolbarIBDefaultItems") == nil)
        let view = try graph("vc1-view-v1.nib")
        let shared = try #require(view.objects.first { $0.className == "NSTextViewSharedData" })
        guard case .object(let color)? = shared.value(forKey: "NSInsertionColor") else { Issue.record("no insertion colour"); return }
        #expect(string(view, view.objects[color].value(forKey: "NSColorName")) == "textInsertionPointColor")
    }

    /// A scene object beside the window's content controller with an outlet into the controller's view (a text
    /// finder's client): the object is archived in the window controller's nib, where the content controller lives,
    /// and the outlet in the view nib from an Upstream proxy that the controller's external-objects table names.
    @Test func sceneObjectOutletIntoTheView() throws {
        let text = Self.colorsStoryboard.replacingOccurrences(of: "</viewController>", with: """
            </viewController><customObject id="co1" customClass="Finder"><connections><outlet property="client" destination="tv1" id="o1"/></connections></customObject>
            """)
        #expect(text != Self.colorsStoryboard)
        let result = try StoryboardCompiler().compile(storyboard: Array(text.utf8), fileName: "Colors.storyboard")
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        func graph(_ name: String) throws -> NibGraph { NibGraph(try NibArchive(bytes: try #require(result.files.first { $0.path == name }).bytes)) }
        func string(_ g: NibGraph, _ v: NibGraphValue?) -> String? {
            guard case .object(let i)? = v, case .data(let d)? = g.objects[i].value(forKey: "NS.bytes") else { return nil }
            return String(decoding: d, as: UTF8.self)
        }
        let view = try graph("vc1-view-v1.nib")
        let outlet = try #require(view.objects.first { $0.className == "NSNibOutletConnector" && string(view, $0.value(forKey: "NSLabel")) == "client" })
        let source = try #require(outlet.value(forKey: "NSSource")?.objectIndex)
        #expect(view.objects[source].className == "NSNibExternalObjectPlaceholder")
        let name = try #require(string(view, view.objects[source].value(forKey: "NSExternalObjectPlaceholderIdentifier")))
        let destination = try #require(outlet.value(forKey: "NSDestination")?.objectIndex)
        #expect(view.objects[destination].className == "NSTextView")
        let scene = try graph("NSWindowController-wc1.nib")
        let controller = try #require(scene.objects.first { $0.value(forKey: "NSExternalObjectsTableForViewLoading") != nil })
        let table = try #require(controller.value(forKey: "NSExternalObjectsTableForViewLoading")?.objectIndex)
        let items = scene.objects[table].entries.filter { $0.key == "UINibEncoderEmptyKey" }.compactMap(\.value.objectIndex)
        let at = try #require(stride(from: 0, to: items.count, by: 2).first { string(scene, .object(items[$0])) == name })
        #expect(scene.objects[items[at + 1]].className == "NSCustomObject")
        #expect(string(scene, scene.objects[items[at + 1]].value(forKey: "NSClassName")) == "Finder")
        #expect(!scene.objects.contains { $0.className == "NSTextView" })
    }

    /// Objects beside a controller in its scene (a bindings controller, an accessory view) are archived in the nib
    /// that references them, as iOS scene-level objects are, without a "referenced but not archived" warning.
    @Test func sceneMembersAreArchivedWhereReferenced() throws {
        let text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.Cocoa.Storyboard.XIB" version="3.0" toolsVersion="22505" targetRuntime="MacOSX.Cocoa" propertyAccessControl="none" useAutolayout="YES" initialViewController="vc1">
                <scenes>
                    <scene sceneID="s1">
                        <objects>
                            <viewController id="vc1" sceneMemberID="viewController">
                                <view key="view" id="v1">
                                    <rect key="frame" x="0.0" y="0.0" width="480" height="270"/>
                                    <autoresizingMask key="autoresizingMask"/>
                                    <subviews>
                                        <textField horizontalHuggingPriority="251" verticalHuggingPriority="750" id="tf1">
                                            <rect key="frame" x="18" y="20" width="200" height="16"/>
                                            <textFieldCell key="cell" lineBreakMode="clipping" title="Label" id="tc1">
                                                <font key="font" metaFont="system"/>
                                                <color key="textColor" name="labelColor" catalog="System" colorSpace="catalog"/>
                                                <color key="backgroundColor" name="textBackgroundColor" catalog="System" colorSpace="catalog"/>
                                            </textFieldCell>
                                            <connections>
                                                <binding destination="ac1" name="value" keyPath="selection.name" id="b1"/>
                                            </connections>
                                        </textField>
                                    </subviews>
                                </view>
                                <connections>
                                    <outlet property="accessory" destination="cv1" id="o1"/>
                                </connections>
                            </viewController>
                            <customObject id="fr1" userLabel="First Responder" customClass="NSResponder" sceneMemberID="firstResponder"/>
                            <arrayController id="ac1"/>
                            <customView id="cv1">
                                <rect key="frame" x="0.0" y="0.0" width="100" height="40"/>
                                <autoresizingMask key="autoresizingMask"/>
                            </customView>
                        </objects>
                    </scene>
                </scenes>
            </document>
            """
        let result = try StoryboardCompiler().compile(storyboard: Array(text.utf8), fileName: "Members.storyboard")
        #expect(!result.diagnostics.contains { $0.message.contains("referenced but not archived") }, "\(result.diagnostics)")
        func graph(_ name: String) throws -> NibGraph { NibGraph(try NibArchive(bytes: try #require(result.files.first { $0.path == name }, "\(result.files.map(\.path))").bytes)) }
        #expect(try graph("vc1-view-v1.nib").objects.contains { $0.className == "NSArrayController" })
        #expect(try graph("NSViewController-vc1.nib").objects.contains { $0.className == "NSCustomView" })
    }
}
