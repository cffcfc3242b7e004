import Foundation
import NibRender
import NibTestSupport
import XCTest

/// Menus and toolbar items, which store no frames: a main menu drawn as a bar with its submenus open under it, key
/// equivalents and submenu markers, a toolbar strip under the title bar, a retitled item marked alone by the diff,
/// and Apple's nibs read into the same boxes as their documents.
final class MenuAndToolbarTests: XCTestCase {
    static let mainMenu = """
        <menu title="Main Menu" systemMenu="main" id="m0">
          <items>
            <menuItem title="App" id="i1">
              <menu key="submenu" title="App" id="s1"><items>
                <menuItem title="About App" id="a1"/>
                <menuItem isSeparatorItem="YES" id="a2"/>
                <menuItem title="Quit App" keyEquivalent="q" id="a3"/>
              </items></menu>
            </menuItem>
            <menuItem title="File" id="i2">
              <menu key="submenu" title="File" id="s2"><items>
                <menuItem title="Open" keyEquivalent="o" id="f1"/>
                <menuItem title="Open Recent" id="f2">
                  <menu key="submenu" title="Open Recent" id="r0"><items><menuItem title="Clear Menu" id="r1"/></items></menu>
                </menuItem>
                <menuItem title="Save As…" keyEquivalent="S" id="f3"/>
                <menuItem title="Close All" keyEquivalent="w" id="f4">
                  <modifierMask key="keyEquivalentModifierMask" option="YES" command="YES"/>
                </menuItem>
                <menuItem title="Secret" hidden="YES" id="f5"/>
              </items></menu>
            </menuItem>
          </items>
        </menu>
        """

    func render(_ objects: String, file: String = "t.xib") throws -> RenderDocument {
        try DocumentRenderer.render(bytes: RenderRuleTests.xib("macOS", objects), file: file)
    }

    func testTheMainMenuIsABarWithItsSubmenusOpenUnderIt() throws {
        let doc = try render(Self.mainMenu)
        let m = CanvasLayout.margin
        let bar = try XCTUnwrap(doc.box("m0"))
        XCTAssertEqual(bar.kind, .menuBar)
        XCTAssertNil(bar.parent)
        // Bar titles left to right, each as wide as the column under it.
        let app = try XCTUnwrap(doc.box("i1")), file = try XCTUnwrap(doc.box("i2"))
        XCTAssertEqual(app.text, "App")
        XCTAssertEqual(file.rect.x, app.rect.x + app.rect.width)
        XCTAssertEqual(app.rect.y, m)
        XCTAssertEqual(app.rect.height, MenuLayout.barHeight)
        let column = try XCTUnwrap(doc.box("s2"))
        XCTAssertEqual(column.kind, .menu)
        XCTAssertEqual(column.parent, "i2")
        XCTAssertEqual(column.rect.x, file.rect.x)
        XCTAssertEqual(column.rect.width, file.rect.width)
        XCTAssertEqual(column.rect.y, m + MenuLayout.barHeight)
        // Rows: fixed heights, separators thinner; key equivalents and the submenu marker as the detail.
        let open = try XCTUnwrap(doc.box("f1")), recent = try XCTUnwrap(doc.box("f2")), save = try XCTUnwrap(doc.box("f3"))
        XCTAssertEqual(open.rect.y, column.rect.y + MenuLayout.columnPadding)
        XCTAssertEqual(recent.rect.y, open.rect.y + MenuLayout.rowHeight)
        XCTAssertEqual(open.detail, "⌘O")
        XCTAssertEqual(recent.detail, MenuLayout.submenuMarker)
        XCTAssertEqual(save.detail, "⇧⌘S", "an upper-case key implies shift")
        XCTAssertEqual(doc.box("f4")?.detail, "⌥⌘W")
        XCTAssertEqual(doc.box("f5")?.isHidden, true)
        XCTAssertEqual(doc.box("a2")?.kind, .menuSeparator)
        XCTAssertEqual(doc.box("a3")?.rect.y, try XCTUnwrap(doc.box("a1")).rect.y + MenuLayout.rowHeight + MenuLayout.separatorHeight)
        // A second-level submenu is marked, not opened.
        XCTAssertNil(doc.box("r0"))
        XCTAssertNil(doc.box("r1"))
        // The bar's box holds the tallest column.
        XCTAssertEqual(bar.rect.height, column.rect.y + column.rect.height - m)
        // The picture and the box list carry the titles.
        let svg = SVGWriter(doc).svg()
        for title in ["App", "File", "About App", "Quit App", "Open", "Open Recent", "Save As…", "Close All", "⇧⌘S"] {
            XCTAssertTrue(svg.contains(">\(title)</text>"), title)
        }
        XCTAssertTrue(svg.contains("<g data-id=\"f1\" data-class=\"NSMenuItem\""))
        let json = BoxJSON.json(doc)
        XCTAssertTrue(json.contains("{\"id\": \"f1\", \"class\": \"NSMenuItem\", \"kind\": \"menuItem\""), json)
        XCTAssertTrue(json.contains("\"detail\": \"⌘O\""))
    }

    func testAContextMenuIsAColumn() throws {
        let doc = try render("""
            <menu id="c0"><items><menuItem title="Copy" keyEquivalent="c" id="c1"/><menuItem title="Paste" id="c2"/></items></menu>
            """)
        XCTAssertEqual(doc.box("c0")?.kind, .menu)
        XCTAssertEqual(doc.box("c1")?.text, "Copy")
        XCTAssertEqual(doc.box("c2")?.rect.y, try XCTUnwrap(doc.box("c1")).rect.y + MenuLayout.rowHeight)
    }

    func testARetitledMenuItemIsMarkedAloneAsRetexted() throws {
        let before = try render(Self.mainMenu)
        // A much longer title widens its column and moves the columns after it; only the item is marked.
        let after = try render(Self.mainMenu.replacingOccurrences(of: "title=\"About App\"", with: "title=\"About This Wonderful Application\""))
        XCTAssertNotEqual(before.box("s2")?.rect.x, after.box("s2")?.rect.x, "the edit moves the next column")
        let diff = RenderDiff(before, after)
        XCTAssertEqual(diff.changes.map(\.id), ["a1"])
        XCTAssertEqual(diff.changes.first?.kinds, [.retexted])
        XCTAssertEqual(diff.marks, ["a1": .retexted])
        // A changed key equivalent is retexted too; moving an item up a row moves it.
        let rekeyed = RenderDiff(before, try render(Self.mainMenu.replacingOccurrences(of: "keyEquivalent=\"o\"", with: "keyEquivalent=\"p\"")))
        XCTAssertEqual(rekeyed.changes.map(\.id), ["f1"])
        XCTAssertEqual(rekeyed.changes.first?.details, ["key equivalent ⌘O → ⌘P"])
        let noChange = RenderDiff(before, try render(Self.mainMenu.replacingOccurrences(of: "  ", with: " ")))
        XCTAssertTrue(noChange.isEquivalent)
    }

    func testToolbarItemsDrawInAStripUnderTheTitleBar() throws {
        let doc = try render("""
            <window title="Main" id="w"><rect key="contentRect" x="100" y="100" width="400" height="200"/>
              <view key="contentView" id="c"><rect key="frame" x="0" y="0" width="400" height="200"/><subviews>
                <button id="b"><rect key="frame" x="10" y="10" width="80" height="20"/></button>
              </subviews></view>
              <toolbar key="toolbar" implicitIdentifier="T" displayMode="iconAndLabel" sizeMode="regular" id="tb">
                <allowedToolbarItems>
                  <toolbarItem implicitItemIdentifier="A" label="Home" paletteLabel="Home" id="t1"><size key="minSize" width="50" height="25"/></toolbarItem>
                  <toolbarItem implicitItemIdentifier="NSToolbarFlexibleSpaceItem" id="t2"/>
                  <toolbarItem implicitItemIdentifier="B" label="Share Everything" id="t3"/>
                  <toolbarItem implicitItemIdentifier="C" label="Unused" id="t4"/>
                </allowedToolbarItems>
                <defaultToolbarItems>
                  <toolbarItem reference="t1"/><toolbarItem reference="t2"/><toolbarItem reference="t3"/>
                </defaultToolbarItems>
              </toolbar>
            </window>
            """)
        let m = CanvasLayout.margin, bar = CanvasLayout.titleBarHeight, strip = ToolbarLayout.height
        XCTAssertEqual(doc.box("w")?.rect, RenderRect(x: m, y: m, width: 400, height: 200 + bar + strip))
        XCTAssertEqual(doc.box("tb")?.rect, RenderRect(x: m, y: m + bar, width: 400, height: strip))
        // The content area under the strip; its button still 10 pt from the bottom.
        XCTAssertEqual(doc.box("c")?.rect, RenderRect(x: m, y: m + bar + strip, width: 400, height: 200))
        XCTAssertEqual(doc.box("b")?.rect.y, m + bar + strip + 200 - 10 - 20)
        let home = try XCTUnwrap(doc.box("t1")), share = try XCTUnwrap(doc.box("t3"))
        XCTAssertEqual(home.text, "Home")
        XCTAssertEqual(home.rect.width, 50, "its minSize is wider than its label")
        XCTAssertEqual(home.parent, "tb")
        // The flexible space pushes the last item to the strip's right end.
        XCTAssertEqual(share.rect.x + share.rect.width, m + 400 - ToolbarLayout.spaceWidth, accuracy: 0.01)
        XCTAssertNil(doc.box("t4"), "an item not shown by default")
        XCTAssertNil(doc.box("t2"), "spaces draw no box")
        XCTAssertTrue(SVGWriter(doc).svg().contains(">Share Everything</text>"))
    }

    /// Apple's nibs of corpus documents with menus or toolbars (a storyboard's main menu from its own nib): every menu and toolbar drawn from the document has a
    /// root drawn from the nib with the same boxes (kind, text, key equivalent, rectangle relative to the root).
    func testApplesNibsGiveTheSameMenusAndToolbarsAsTheirDocuments() throws {
        guard try SharedCorpus.requireOrSkip() != nil else { throw XCTSkip("no shared corpus") }
        let corpus = try SharedCorpus.require()
        var compared = 0, matched = 0, items = 0
        var misses: [String] = []
        for pair in try RenderCorpus.pairs() {
            let bytes = try RenderCorpus.bytes(pair.document)
            let text = String(decoding: bytes, as: UTF8.self)
            guard text.contains("<menu ") || text.contains("<toolbar ") else { continue }
            let document = try DocumentRenderer.render(bytes: bytes, file: pair.document)
            let path = corpus.appendingPathComponent(pair.compiled).path
            let nib = NibRenderer.render(pair.compiled.hasSuffix(".storyboardc") ? try RenderCorpus.storyboardNibs(path) : [("", try RenderCorpus.graph(path))],
                                         file: pair.compiled)
            func signatures(_ doc: RenderDocument) -> [[String]] {
                var byRoot: [String: [String]] = [:], roots: [String: RenderRect] = [:]
                for b in doc.boxes where b.parent == nil { roots[b.id] = b.rect }
                for b in doc.boxes where RenderCorpus.laidOutFromItems.contains(b.kind) {
                    let base = roots[b.root] ?? .zero
                    byRoot[b.root, default: []].append("\(b.kind) \(b.text ?? "-") \(b.detail ?? "-") \(b.rect.offsetBy(-base.x, -base.y))")
                }
                return byRoot.keys.sorted().compactMap { byRoot[$0] }
            }
            let fromNib = signatures(nib)
            for boxes in signatures(document) {
                compared += 1
                items += boxes.count
                if fromNib.contains(boxes) { matched += 1 } else { misses.append("\(pair.document): \(boxes.prefix(3))") }
            }
        }
        print("menus-and-toolbars: \(matched) of \(compared) menus and toolbars (\(items) boxes) drawn the same from Apple's nibs")
        for miss in misses.prefix(20) { print("menus-and-toolbars miss \(miss)") }
        XCTAssertGreaterThanOrEqual(compared, 14)
        XCTAssertEqual(misses, [])
    }
}
