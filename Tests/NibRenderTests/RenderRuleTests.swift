import Foundation
import NibRender
import XCTest

/// The drawing rules on small documents: UIKit frames compose top-down, AppKit frames flip from the bottom of an
/// unflipped parent, windows draw a title bar, storyboards place scenes at their canvas centre, and bad numbers are
/// located errors.
final class RenderRuleTests: XCTestCase {
    static func xib(_ platform: String, _ objects: String) -> [UInt8] {
        let type = platform == "iOS" ? "com.apple.InterfaceBuilder3.CocoaTouch.XIB" : "com.apple.InterfaceBuilder3.Cocoa.XIB"
        return Array("""
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="\(type)" version="3.0" toolsVersion="1" targetRuntime="\(platform == "iOS" ? "iOS.CocoaTouch" : "MacOSX.Cocoa")">
                <objects>
            \(objects)
                </objects>
            </document>
            """.utf8)
    }

    func testUIKitFramesComposeFromTheTopLeft() throws {
        let doc = try DocumentRenderer.render(bytes: Self.xib("iOS", """
            <view id="a"><rect key="frame" x="5" y="5" width="200" height="100"/><subviews>
              <view id="b"><rect key="frame" x="10" y="20" width="50" height="40"/><subviews>
                <label text="Hi" id="c"><rect key="frame" x="1" y="2" width="30" height="10"/><fontDescription key="fontDescription" type="system" pointSize="12"/></label>
              </subviews></view></subviews></view>
            """), file: "t.xib")
        let m = CanvasLayout.margin
        XCTAssertEqual(doc.box("a")?.rect, RenderRect(x: m, y: m, width: 200, height: 100))
        XCTAssertEqual(doc.box("b")?.rect, RenderRect(x: m + 10, y: m + 20, width: 50, height: 40))
        XCTAssertEqual(doc.box("c")?.rect, RenderRect(x: m + 11, y: m + 22, width: 30, height: 10))
        XCTAssertEqual(doc.box("c")?.text, "Hi")
        XCTAssertEqual(doc.box("c")?.fontSize, 12)
    }

    func testAppKitFramesFlipUnlessTheParentIsFlipped() throws {
        let doc = try DocumentRenderer.render(bytes: Self.xib("macOS", """
            <customView id="a"><rect key="frame" x="0" y="0" width="200" height="100"/><subviews>
              <button id="b"><rect key="frame" x="10" y="13" width="50" height="20"/></button>
              <scrollView id="s"><rect key="frame" x="100" y="0" width="100" height="100"/><subviews>
                <scroller key="horizontalScroller" id="h"><rect key="frame" x="1" y="84" width="98" height="15"/></scroller>
              </subviews></scrollView>
            </subviews></customView>
            """), file: "t.xib")
        let m = CanvasLayout.margin
        // y = 13 from the bottom of a 100-high unflipped parent: top at 100 - 13 - 20.
        XCTAssertEqual(doc.box("b")?.rect, RenderRect(x: m + 10, y: m + 67, width: 50, height: 20))
        // A scroll view is flipped: its horizontal scroller at y = 84 sits at the bottom.
        XCTAssertEqual(doc.box("h")?.rect, RenderRect(x: m + 101, y: m + 84, width: 98, height: 15))
    }

    func testWindowsDrawTheirContentUnderATitleBar() throws {
        let doc = try DocumentRenderer.render(bytes: Self.xib("macOS", """
            <window title="Main" id="w"><rect key="contentRect" x="100" y="100" width="300" height="200"/>
              <view key="contentView" id="c"><rect key="frame" x="0" y="0" width="10" height="10"/><subviews>
                <textField id="t"><rect key="frame" x="20" y="150" width="100" height="22"/>
                  <textFieldCell key="cell" title="Name:" id="tc"><font key="font" metaFont="system"/></textFieldCell></textField>
              </subviews></view></window>
            """), file: "t.xib")
        let m = CanvasLayout.margin, bar = CanvasLayout.titleBarHeight
        XCTAssertEqual(doc.box("w")?.rect, RenderRect(x: m, y: m, width: 300, height: 200 + bar))
        XCTAssertEqual(doc.box("c")?.rect, RenderRect(x: m, y: m + bar, width: 300, height: 200))
        XCTAssertEqual(doc.box("t")?.rect, RenderRect(x: m + 20, y: m + bar + 200 - 150 - 22, width: 100, height: 22))
        XCTAssertEqual(doc.box("t")?.text, "Name:")
        XCTAssertEqual(doc.box("t")?.fontSize, 13)
    }

    func testStoryboardScenesSitAtTheirCanvasCentres() throws {
        let storyboard = Array("""
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="1" targetRuntime="iOS.CocoaTouch" initialViewController="v1">
                <scenes>
                    <scene sceneID="s1"><objects>
                        <viewController id="v1"><view key="view" id="r1"><rect key="frame" x="0" y="0" width="100" height="200"/>
                          <subviews><button id="b1"><rect key="frame" x="10" y="10" width="50" height="30"/>
                            <connections><segue destination="v2" kind="show" identifier="next" id="g1"/></connections></button></subviews></view></viewController>
                    </objects><point key="canvasLocation" x="50" y="100"/></scene>
                    <scene sceneID="s2"><objects>
                        <viewController id="v2"><view key="view" id="r2"><rect key="frame" x="0" y="0" width="100" height="200"/></view></viewController>
                    </objects><point key="canvasLocation" x="350" y="100"/></scene>
                </scenes>
            </document>
            """.utf8)
        let doc = try DocumentRenderer.render(bytes: storyboard, file: "t.storyboard")
        let m = CanvasLayout.margin
        XCTAssertEqual(doc.box("v1")?.rect, RenderRect(x: m, y: m, width: 100, height: 200))
        XCTAssertEqual(doc.box("v2")?.rect, RenderRect(x: m + 300, y: m, width: 100, height: 200))
        XCTAssertEqual(doc.box("b1")?.rect, RenderRect(x: m + 10, y: m + 10, width: 50, height: 30))
        XCTAssertEqual(doc.arrows, [SegueArrow(id: "g1", kind: "show", identifier: "next", from: "b1", to: "v2")])
        XCTAssertEqual(doc.initialScene, "v1")
        let one = try DocumentRenderer.render(bytes: storyboard, file: "t.storyboard", scene: "s2")
        XCTAssertEqual(one.boxes.map(\.id), ["v2", "r2"])
        XCTAssertThrowsError(try DocumentRenderer.render(bytes: storyboard, file: "t.storyboard", scene: "nope"))
    }

    func testBadNumbersAreLocatedErrors() {
        let bytes = Self.xib("iOS", """
            <view id="a"><rect key="frame" x="0" y="0" width="1e400" height="10"/></view>
            """)
        XCTAssertThrowsError(try DocumentRenderer.render(bytes: bytes, file: "bad.xib")) { error in
            XCTAssertTrue("\(error)".hasPrefix("bad.xib:4:"), "\(error)")
        }
        XCTAssertThrowsError(try DocumentRenderer.render(bytes: Array("<document><objects>".utf8), file: "cut.xib")) { error in
            XCTAssertTrue("\(error)".hasPrefix("cut.xib:"), "\(error)")
        }
    }

    func testDiffIgnoresNoiseAndMarksTheChange() throws {
        let before = try DocumentRenderer.render(bytes: Self.xib("iOS", """
            <view id="a"><rect key="frame" x="0" y="0" width="200" height="100"/><subviews>
              <view id="b"><rect key="frame" x="10" y="20" width="50" height="40"/><color key="backgroundColor" red="1" green="0" blue="0" alpha="1" colorSpace="custom" customColorSpace="sRGB"/></view>
              <view id="c"><rect key="frame" x="70" y="20" width="50" height="40"/></view></subviews></view>
            """), file: "t.xib")
        let noisy = try DocumentRenderer.render(bytes: Self.xib("iOS", """
            <view id="a"><rect key="frame" x="0" y="0" width="200" height="100"/><subviews>
              <view id="b"><rect key="frame" y="20.0000001" x="10.00000017" width="50" height="40"/><color key="backgroundColor" red="1.0000001" green="0" blue="0" alpha="1" colorSpace="custom" customColorSpace="sRGB"/></view>
              <view id="c"><animations/><rect key="frame" x="70" y="20" width="50" height="40"/></view></subviews></view>
            """), file: "t.xib")
        XCTAssertTrue(RenderDiff(before, noisy).isEquivalent)
        let moved = try DocumentRenderer.render(bytes: Self.xib("iOS", """
            <view id="a"><rect key="frame" x="0" y="0" width="200" height="100"/><subviews>
              <view id="b"><rect key="frame" x="11" y="20" width="50" height="40"/><color key="backgroundColor" red="1" green="0" blue="0" alpha="1" colorSpace="custom" customColorSpace="sRGB"/></view>
              <view id="c"><rect key="frame" x="70" y="20" width="50" height="40"/></view></subviews></view>
            """), file: "t.xib")
        let diff = RenderDiff(before, moved)
        XCTAssertEqual(diff.changes.map(\.id), ["b"])
        XCTAssertEqual(diff.changes.first?.kinds, [.moved])
        XCTAssertTrue(DiffListWriter.markdown(diff).contains("id `b`"))
    }
}
