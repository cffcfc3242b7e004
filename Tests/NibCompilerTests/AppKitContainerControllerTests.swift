import Foundation
import NibArchive
import NibCompiler
import NibCompilerTestSupport
import NibTestSupport
import Testing

/// Split view and tab view controllers in a macOS storyboard (AppKitContainerControllers.swift): the items with the
/// keys of GNUstep's coders, the items' controllers archived inside the container's scene nib, no warnings.
@Suite struct AppKitContainerControllerTests {
    /// A window whose content is a split view controller: a sidebar item holding a tab view controller (two tabs,
    /// the second selected, each a view controller with a view) and a content item holding a view controller.
    static let storyboard = """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.Cocoa.Storyboard.XIB" version="3.0" toolsVersion="22505" targetRuntime="MacOSX.Cocoa" propertyAccessControl="none" useAutolayout="YES" initialViewController="wc1">
            <scenes>
                <scene sceneID="s1">
                    <objects>
                        <windowController id="wc1" sceneMemberID="viewController">
                            <window key="window" title="Split" allowsToolTipsWhenApplicationIsInactive="NO" autorecalculatesKeyViewLoop="NO" releasedWhenClosed="NO" visibleAtLaunch="NO" id="w1">
                                <windowStyleMask key="styleMask" titled="YES" closable="YES"/>
                                <rect key="contentRect" x="200" y="200" width="600" height="400"/>
                                <rect key="screenRect" x="0.0" y="0.0" width="1920" height="1080"/>
                                <connections>
                                    <outlet property="delegate" destination="wc1" id="o0"/>
                                </connections>
                            </window>
                            <connections>
                                <segue destination="sp1" kind="relationship" relationship="window.shadowedContentViewController" id="sg1"/>
                            </connections>
                        </windowController>
                    </objects>
                </scene>
                <scene sceneID="s2">
                    <objects>
                        <splitViewController id="sp1" customClass="MainSplit" customModule="App" sceneMemberID="viewController">
                            <splitViewItems>
                                <splitViewItem canCollapse="YES" collapsed="YES" holdingPriority="260" separatorStyle="line" id="si1"/>
                                <splitViewItem id="si2"/>
                            </splitViewItems>
                            <splitView key="splitView" dividerStyle="thin" vertical="YES" id="sv1">
                                <rect key="frame" x="0.0" y="0.0" width="600" height="400"/>
                                <autoresizingMask key="autoresizingMask"/>
                                <connections>
                                    <outlet property="delegate" destination="sp1" id="o1"/>
                                </connections>
                            </splitView>
                            <connections>
                                <outlet property="sidebarItem" destination="si1" id="o2"/>
                                <segue destination="tb1" kind="relationship" relationship="splitItems" id="sg2"/>
                                <segue destination="vc3" kind="relationship" relationship="splitItems" id="sg3"/>
                            </connections>
                        </splitViewController>
                    </objects>
                </scene>
                <scene sceneID="s3">
                    <objects>
                        <tabViewController selectedTabViewItemIndex="1" tabStyle="unspecified" id="tb1" sceneMemberID="viewController">
                            <tabViewItems>
                                <tabViewItem label="First" identifier="first" id="ti1"/>
                                <tabViewItem label="Second" identifier="second" image="doc" catalog="system" id="ti2"/>
                            </tabViewItems>
                            <viewControllerTransitionOptions key="transitionOptions" crossfade="YES" allowUserInteraction="YES"/>
                            <tabView key="tabView" type="noTabsNoBorder" id="tv1">
                                <rect key="frame" x="0.0" y="0.0" width="200" height="400"/>
                                <autoresizingMask key="autoresizingMask"/>
                                <font key="font" metaFont="system"/>
                                <connections>
                                    <outlet property="delegate" destination="tb1" id="o3"/>
                                </connections>
                            </tabView>
                            <connections>
                                <outlet property="firstItem" destination="ti1" id="o4"/>
                                <segue destination="vc1" kind="relationship" relationship="tabItems" id="sg4"/>
                                <segue destination="vc2" kind="relationship" relationship="tabItems" id="sg5"/>
                            </connections>
                        </tabViewController>
                    </objects>
                </scene>
                <scene sceneID="s4"><objects><viewController id="vc1" sceneMemberID="viewController">
                    <view key="view" id="v1"><rect key="frame" x="0.0" y="0.0" width="200" height="400"/><autoresizingMask key="autoresizingMask"/></view>
                </viewController></objects></scene>
                <scene sceneID="s5"><objects><viewController id="vc2" sceneMemberID="viewController">
                    <view key="view" id="v2"><rect key="frame" x="0.0" y="0.0" width="200" height="400"/><autoresizingMask key="autoresizingMask"/></view>
                </viewController></objects></scene>
                <scene sceneID="s6"><objects><viewController id="vc3" sceneMemberID="viewController">
                    <view key="view" id="v3"><rect key="frame" x="0.0" y="0.0" width="400" height="400"/><autoresizingMask key="autoresizingMask"/></view>
                </viewController></objects></scene>
            </scenes>
        </document>
        """

    static func compile(_ text: String) throws -> (result: StoryboardResult, nib: (String) throws -> ArchivedNib) {
        let result = try StoryboardCompiler().compile(storyboard: Array(text.utf8), fileName: "Split.storyboard")
        return (result, { name in try ArchivedNib(bytes: try #require(result.files.first { $0.path == name }, "no \(name)").bytes) })
    }

    @Test func splitViewControllerItemsHoldTheirControllers() throws {
        let (result, nib) = try Self.compile(Self.storyboard)
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        // The items' controllers live in the window controller's nib; their views in view nibs of their own.
        let paths = Set(result.files.map(\.path))
        #expect(paths.isSuperset(of: ["NSWindowController-wc1.nib", "vc1-view-v1.nib", "vc2-view-v2.nib", "vc3-view-v3.nib"]))
        #expect(!paths.contains { $0.hasPrefix("NSSplitViewController-") || $0.hasPrefix("NSTabViewController-") || $0.hasPrefix("NSViewController-") })
        let n = try nib("NSWindowController-wc1.nib")
        let split = try #require(n.objects("NSClassSwapper").first { n.string($0.value(forKey: "NSOriginalClassName")) == "NSSplitViewController" })
        #expect(n.string(split.value(forKey: "NSClassName")) == "_TtC3App9MainSplit")
        let splitView = try #require(n.index(split.value(forKey: "NSSplitView")))
        #expect(n.graph.objects[splitView].className == "NSSplitView")
        if case .float(let minimum)? = split.value(forKey: "NSMinimumThicknessForInlineSidebars") {
            #expect(minimum == -Float.greatestFiniteMagnitude)
        } else {
            Issue.record("no NSMinimumThicknessForInlineSidebars float")
        }
        let items = n.items(split.value(forKey: "NSSplitViewItems"))
        try #require(items.count == 2)
        let sidebar = n.graph.objects[items[0]], content = n.graph.objects[items[1]]
        #expect(sidebar.className == "NSSplitViewItem" && content.className == "NSSplitViewItem")
        #expect(sidebar.value(forKey: "NSHoldingPriority") == .double(260))
        #expect(content.value(forKey: "NSHoldingPriority") == .double(250))
        #expect(sidebar.value(forKey: "NSCollapsed") == .bool(true) && content.value(forKey: "NSCollapsed") == .bool(false))
        #expect(sidebar.value(forKey: "NSTitlebarSeparatorStyle") == .int(2))
        #expect(content.value(forKey: "NSMinimumThickness") == .double(-1) && content.value(forKey: "NSAllowsFullHeightLayout") == .bool(true))
        let canCollapse = try #require(n.properties(of: items[0])["canCollapse"])
        #expect(n.graph.objects[canCollapse].value(forKey: "NS.boolval") == .bool(true))
        // The first item holds the tab view controller, the second the content view controller (its view nib named).
        let tab = try #require(n.index(sidebar.value(forKey: "NSSplitViewItemViewController")))
        #expect(n.graph.objects[tab].className == "NSTabViewController")
        let third = try #require(n.index(content.value(forKey: "NSSplitViewItemViewController")))
        #expect(n.graph.objects[third].className == "NSViewController")
        #expect(n.string(n.graph.objects[third].value(forKey: "NSNibName")) == "vc3-view-v3")
        // Every controller object has its storyboard outlet; the user outlets to the items are archived.
        let labels = AppKitStoryboardWindowTests.outletLabels(n.graph)
        #expect(labels.filter { $0 == "storyboard" }.count == 6)
        #expect(labels.contains("sidebarItem") && labels.contains("firstItem"))
        #expect(labels.filter { $0 == "delegate" }.count == 3)
    }

    @Test func tabViewControllerItemsAreTheTabViewsItems() throws {
        let (result, nib) = try Self.compile(Self.storyboard)
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        let n = try nib("NSWindowController-wc1.nib")
        let tab = try #require(n.objects("NSTabViewController").first)
        #expect(tab.value(forKey: "NSTabViewControllerCanPropagateSelectedChildViewControllerTitle") == .bool(true))
        let tabViewIndex = try #require(n.index(tab.value(forKey: "NSTabView")))
        let tabView = n.graph.objects[tabViewIndex]
        #expect(tabView.className == "NSTabView")
        let items = n.items(tabView.value(forKey: "NSTabViewItems"))
        try #require(items.count == 2)
        #expect(items.map { n.string(n.graph.objects[$0].value(forKey: "NSLabel")) } == ["First", "Second"])
        #expect(items.map { n.string(n.graph.objects[$0].value(forKey: "NSIdentifier")) } == ["first", "second"])
        #expect(items.allSatisfy { n.index(n.graph.objects[$0].value(forKey: "NSTabView")) == tabViewIndex })
        // selectedTabViewItemIndex="1"
        #expect(n.index(tabView.value(forKey: "NSSelectedTabViewItem")) == items[1])
        // Each item's controller is set by key path; the second item's image too.
        let first = n.properties(of: items[0]), second = n.properties(of: items[1])
        let controllers = [first["viewController"], second["viewController"]].compactMap { $0 }
        #expect(controllers.count == 2)
        #expect(controllers.map { n.string(n.graph.objects[$0].value(forKey: "NSNibName")) } == ["vc1-view-v1", "vc2-view-v2"])
        #expect(second["image"].map { n.graph.objects[$0].className } == "NSCustomResource")
        // tabStyle unspecified (-1) and transition options crossfade | allowUserInteraction.
        let tabIndex = try #require(n.graph.objects.firstIndex { $0.className == "NSTabViewController" })
        let own = n.properties(of: tabIndex)
        #expect(n.number(own["tabStyle"].map { .object($0) }) == -1)
        #expect(n.number(own["transitionOptions"].map { .object($0) }) == 0x1001)
    }

    /// A tab view controller with its own storyboard identifier gets its own scene nib too, holding its items'
    /// controllers; an out-of-range selected index is reported (once, although the controller is archived in two
    /// nibs) and selects nothing.
    @Test func identifiedContainerHasItsOwnNib() throws {
        let text = Self.storyboard.replacingOccurrences(of: "selectedTabViewItemIndex=\"1\"", with: "selectedTabViewItemIndex=\"5\" storyboardIdentifier=\"Tabs\"")
        #expect(text != Self.storyboard)
        let (result, nib) = try Self.compile(text)
        #expect(result.diagnostics.map(\.message) == ["selectedTabViewItemIndex '5' names no <tabViewItem>; no tab is selected"])
        let n = try nib("Tabs.nib")
        let tabView = try #require(n.objects("NSTabView").first)
        #expect(n.items(tabView.value(forKey: "NSTabViewItems")).count == 2)
        #expect(tabView.value(forKey: "NSSelectedTabViewItem") == nil)
        #expect(n.objects("NSViewController").count == 2)
    }

    /// The shared corpus's storyboards with split and tab view controllers (CotEditor's, Vienna's preferences) compile
    /// without an element archived on its own and without a warning about the containers' elements or attributes.
    @Test func corpusContainersCompileWithoutContainerWarnings() throws {
        guard let dir = try SharedCorpus.requireOrSkip() else { return }
        let paths = ["DocumentWindow", "EditorView", "KeyBindingsPane", "MultipleReplacementPanel", "PatternSortView", "SyntaxEditView"]
            .map { "wild/macos/coteditor/\($0).storyboard" } + ["wild/macos/vienna/Preferences.storyboard"]
        for path in paths {
            let bytes = [UInt8](try Data(contentsOf: dir.appendingPathComponent(path)))
            let result = try StoryboardCompiler(options: CompileOptions(moduleName: "App")).compile(storyboard: bytes, fileName: path)
            let container = result.diagnostics.map(\.message).filter {
                $0.contains("not archived by its container") || $0.contains("splitView") || $0.contains("tabView")
                    || $0.contains("<tabViewController") || $0.contains("transitionOptions")
            }
            #expect(container.isEmpty, "\(path): \(container)")
            #expect(result.files.contains { $0.path == "Info.plist" }, "\(path)")
        }
    }

    /// Two split view controllers that are each other's item: both compile, the cycle is reported, nothing recurses.
    @Test func relationshipCycleIsReported() throws {
        let text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.Cocoa.Storyboard.XIB" version="3.0" toolsVersion="22505" targetRuntime="MacOSX.Cocoa" propertyAccessControl="none" useAutolayout="YES" initialViewController="a">
                <scenes>
                    <scene sceneID="s1"><objects><splitViewController id="a" sceneMemberID="viewController">
                        <splitViewItems><splitViewItem id="ai"/></splitViewItems>
                        <connections><segue destination="b" kind="relationship" relationship="splitItems" id="sa"/></connections>
                    </splitViewController></objects></scene>
                    <scene sceneID="s2"><objects><splitViewController id="b" storyboardIdentifier="B" sceneMemberID="viewController">
                        <splitViewItems><splitViewItem id="bi"/></splitViewItems>
                        <connections><segue destination="a" kind="relationship" relationship="splitItems" id="sb"/></connections>
                    </splitViewController></objects></scene>
                </scenes>
            </document>
            """
        let (result, nib) = try Self.compile(text)
        #expect(result.diagnostics.count == 2)
        #expect(result.diagnostics.allSatisfy { $0.message.contains("a cycle of relationship segues") })
        #expect(try nib("NSSplitViewController-a.nib").objects("NSSplitViewItem").count == 2)
        #expect(try nib("B.nib").objects("NSSplitViewItem").count == 2)
    }
}

extension ArchivedNib {
    /// Key path → value object of the runtime-attributes connectors of `object`.
    func properties(of object: Int) -> [String: Int] {
        var out: [String: Int] = [:]
        for c in objects("NSIBUserDefinedRuntimeAttributesConnector") where index(c.value(forKey: "NSObject")) == object {
            for (path, value) in zip(items(c.value(forKey: "NSKeyPaths")), items(c.value(forKey: "NSValues"))) {
                if let name = string(.object(path)) { out[name] = value }
            }
        }
        return out
    }
}
