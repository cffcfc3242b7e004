import Foundation
import NibArchive
import NibCompiler
import NibCompilerTestSupport
import Testing

/// Tab views beyond the shared pairs (one, `noTabsNoBorder`, regular size): every NSTabViewType and control
/// size in NSTvFlags as GNUstep's NSTabView coder reads it (type in bits 0-2, control size in bits 26-27), and a
/// tab view without tabs (no items, no selected item).
@Suite struct AppKitTabViewTests {
    static func tabView(_ attributes: String, items: String = "") throws -> (CompiledXIB, NibObject) {
        let nib = try CompiledXIB(XIBEnvelope.macOS(objects: """
        <customObject id="-1" userLabel="First Responder" customClass="FirstResponder"/>
        <customObject id="-3" userLabel="Application" customClass="NSObject"/>
        <tabView \(attributes) id="1">
            <rect key="frame" x="0.0" y="0.0" width="200" height="100"/>
            <autoresizingMask key="autoresizingMask" flexibleMaxX="YES" flexibleMinY="YES"/>
            <font key="font" metaFont="system"/>
            \(items)
        </tabView>
        """))
        #expect(nib.diagnostics.isEmpty, "\(nib.diagnostics)")
        return (nib, try #require(nib.first("NSTabView")))
    }

    @Test func typeAndControlSizeFlags() throws {
        let types: [(String, Int64)] = [("topTabsBezelBorder", 0), ("leftTabsBezelBorder", 1), ("bottomTabsBezelBorder", 2),
                                        ("rightTabsBezelBorder", 3), ("noTabsBezelBorder", 4), ("noTabsLineBorder", 5),
                                        ("noTabsNoBorder", 6)]
        for (name, value) in types {
            #expect(try Self.tabView(#"type="\#(name)""#).1.value(forKey: "NSTvFlags") == .int(value), "\(name)")
        }
        let sizes: [(String, Int64)] = [("regular", 0), ("small", 1), ("mini", 2)]
        for (name, size) in sizes {
            let flags = try Self.tabView(#"type="noTabsBezelBorder" controlSize="\#(name)""#).1.value(forKey: "NSTvFlags")
            #expect(flags == .int(4 | size << 26), "\(name)")
        }
    }

    @Test func withoutTabs() throws {
        for items in ["", "<tabViewItems/>"] {
            let (nib, tabView) = try Self.tabView(#"type="noTabsNoBorder" drawsBackground="NO" allowsTruncatedLabels="NO""#, items: items)
            #expect(nib.items(tabView.value(forKey: "NSTabViewItems")).isEmpty)
            #expect(tabView.value(forKey: "NSSelectedTabViewItem") == nil)
            #expect(tabView.value(forKey: "NSAllowTruncatedLabels") == .bool(false))
            #expect(tabView.value(forKey: "NSDrawsBackground") == nil)
        }
    }
}
