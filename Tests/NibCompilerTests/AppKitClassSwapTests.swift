import Foundation
import NibArchive
import NibCompiler
import NibCompilerTestSupport
import Testing

/// Toolbars and table columns of a custom class are archived as NSClassSwapper objects naming the custom class
/// and the AppKit class they replace, with the AppKit class's own keys (as views, menus and toolbar items are),
/// and the attributes are read (no "unencoded attribute" warning).
@Suite struct AppKitClassSwapTests {
    @Test func toolbarOfACustomClass() throws {
        let nib = try CompiledXIB(XIBEnvelope.macOS(objects: """
        <customObject id="-1" userLabel="First Responder" customClass="FirstResponder"/>
        <customObject id="-3" userLabel="Application" customClass="NSObject"/>
        <window title="W" allowsToolTipsWhenApplicationIsInactive="NO" autorecalculatesKeyViewLoop="NO" releasedWhenClosed="NO" animationBehavior="default" id="1">
            <windowStyleMask key="styleMask" titled="YES" closable="YES"/>
            <rect key="contentRect" x="100" y="100" width="300" height="200"/>
            <rect key="screenRect" x="0.0" y="0.0" width="1440" height="900"/>
            <view key="contentView" id="2">
                <rect key="frame" x="0.0" y="0.0" width="300" height="200"/>
                <autoresizingMask key="autoresizingMask"/>
            </view>
            <toolbar key="toolbar" implicitIdentifier="T1" displayMode="iconOnly" sizeMode="regular" id="3" customClass="MonosizeToolbar" customModule="App" customModuleProvider="target">
                <allowedToolbarItems/>
                <defaultToolbarItems/>
            </toolbar>
        </window>
        """))
        #expect(!nib.diagnostics.contains { $0.message.contains("custom") }, "\(nib.diagnostics)")
        let swapper = try #require(nib.objects("NSClassSwapper").first { nib.string($0.value(forKey: "NSOriginalClassName")) == "NSToolbar" })
        #expect(nib.string(swapper.value(forKey: "NSClassName"))?.contains("MonosizeToolbar") == true)
        #expect(nib.string(swapper.value(forKey: "NSToolbarIdentifier")) == "T1")
        #expect(nib.first("NSToolbar") == nil)
        let window = try #require(nib.first("NSWindowTemplate"))
        #expect(nib.object(window.value(forKey: "NSViewClass"))?.className == "NSClassSwapper")
    }

    @Test func tableColumnOfACustomClass() throws {
        let nib = try CompiledXIB(XIBEnvelope.macOS(objects: """
        <customObject id="-1" userLabel="First Responder" customClass="FirstResponder"/>
        <customObject id="-3" userLabel="Application" customClass="NSObject"/>
        <scrollView autohidesScrollers="YES" horizontalLineScroll="19" horizontalPageScroll="10" verticalLineScroll="19" verticalPageScroll="10" usesPredominantAxisScrolling="NO" id="1">
            <rect key="frame" x="0.0" y="0.0" width="200" height="100"/>
            <autoresizingMask key="autoresizingMask" flexibleMaxX="YES" flexibleMinY="YES"/>
            <clipView key="contentView" id="2">
                <rect key="frame" x="1" y="1" width="198" height="98"/>
                <autoresizingMask key="autoresizingMask" widthSizable="YES" heightSizable="YES"/>
                <subviews>
                    <tableView verticalHuggingPriority="750" allowsExpansionToolTips="YES" columnAutoresizingStyle="lastColumnOnly" columnSelection="YES" multipleSelection="NO" autosaveColumns="NO" rowSizeStyle="automatic" viewBased="YES" id="3">
                        <rect key="frame" x="0.0" y="0.0" width="198" height="98"/>
                        <autoresizingMask key="autoresizingMask" widthSizable="YES" heightSizable="YES"/>
                        <size key="intercellSpacing" width="3" height="2"/>
                        <color key="backgroundColor" name="controlBackgroundColor" catalog="System" colorSpace="catalog"/>
                        <color key="gridColor" name="gridColor" catalog="System" colorSpace="catalog"/>
                        <tableColumns>
                            <tableColumn identifier="trigger" width="116" minWidth="40" maxWidth="1000" id="4" customClass="DelegatingTableColumn">
                                <tableHeaderCell key="headerCell" lineBreakMode="truncatingTail" borderStyle="border" title="Trigger" id="5">
                                    <color key="textColor" name="headerTextColor" catalog="System" colorSpace="catalog"/>
                                    <color key="backgroundColor" name="headerColor" catalog="System" colorSpace="catalog"/>
                                </tableHeaderCell>
                                <textFieldCell key="dataCell" lineBreakMode="truncatingTail" selectable="YES" editable="YES" title="Text Cell" id="6">
                                    <font key="font" metaFont="system"/>
                                    <color key="textColor" name="controlTextColor" catalog="System" colorSpace="catalog"/>
                                    <color key="backgroundColor" name="controlBackgroundColor" catalog="System" colorSpace="catalog"/>
                                </textFieldCell>
                                <tableColumnResizingMask key="resizingMask" resizeWithTable="YES" userResizable="YES"/>
                            </tableColumn>
                        </tableColumns>
                    </tableView>
                </subviews>
            </clipView>
            <scroller key="horizontalScroller" hidden="YES" wantsLayer="YES" verticalHuggingPriority="750" horizontal="YES" id="7">
                <rect key="frame" x="1" y="83" width="198" height="16"/>
                <autoresizingMask key="autoresizingMask"/>
            </scroller>
            <scroller key="verticalScroller" hidden="YES" wantsLayer="YES" verticalHuggingPriority="750" horizontal="NO" id="8">
                <rect key="frame" x="224" y="17" width="15" height="102"/>
                <autoresizingMask key="autoresizingMask"/>
            </scroller>
        </scrollView>
        """))
        #expect(!nib.diagnostics.contains { $0.message.contains("customClass") }, "\(nib.diagnostics)")
        let swapper = try #require(nib.objects("NSClassSwapper").first { nib.string($0.value(forKey: "NSOriginalClassName")) == "NSTableColumn" })
        #expect(nib.string(swapper.value(forKey: "NSClassName")) == "DelegatingTableColumn")
        #expect(nib.string(swapper.value(forKey: "NSIdentifier")) == "trigger")
        #expect(swapper.value(forKey: "NSWidth") == .double(116))
        #expect(nib.first("NSTableColumn") == nil)
    }
}
