import Foundation
import NibTestSupport
import XCTest

/// `nibc render` and the visual `nibc diff` run as users run them: the built binary, corpus documents, files on disk.
final class RenderCommandTests: XCTestCase {
    var dir: URL!

    override func setUpWithError() throws {
        dir = FileManager.default.temporaryDirectory.appendingPathComponent("nibc-render-\(getpid())-\(name.filter(\.isLetter))")
        try? FileManager.default.removeItem(at: dir)
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: dir)
    }

    func corpus(_ relative: String) throws -> String {
        guard let corpus = try SharedCorpus.requireOrSkip() else { throw XCTSkip("no shared corpus") }
        return corpus.appendingPathComponent(relative).path
    }

    /// The `data-rect` of the group with `id` in an SVG.
    func dataRect(_ svg: String, id: String) -> String? {
        guard let r = svg.range(of: "<g data-id=\"\(id)\"") else { return nil }
        guard let a = svg[r.upperBound...].range(of: "data-rect=\""), let end = svg[a.upperBound...].firstIndex(of: "\"") else { return nil }
        return String(svg[a.upperBound..<end])
    }

    func testRenderWritesSVGWhoseBoxesAreTheJSONBoxes() throws {
        let xib = try corpus("nib/swiftmessages/7.0.0/CardView.xib")
        let out = dir.appendingPathComponent("card.svg").path
        let r = try NibcProcess.run(["render", xib, "-o", out])
        XCTAssertEqual(r.status, 0, r.stderr)
        let svg = try String(contentsOfFile: out, encoding: .utf8)
        let json = try NibcProcess.run(["render", "--json", xib])
        XCTAssertEqual(json.status, 0, json.stderr)
        let object = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
        let views = try XCTUnwrap(object?["views"] as? [[String: Any]])
        XCTAssertGreaterThan(views.count, 5)
        for view in views {
            let id = try XCTUnwrap(view["id"] as? String)
            let rect = try XCTUnwrap(view["rect"] as? [Double]).map { $0 == $0.rounded() ? String(Int($0)) : String($0) }.joined(separator: " ")
            XCTAssertEqual(dataRect(svg, id: id), rect, id)
        }
        // The title label: in the stack views, at its frame.
        XCTAssertEqual(dataRect(svg, id: "8HR-oh-U9F"), "139 86 48.5 20.5")
        XCTAssertTrue(svg.contains("[Title]"))
        // The same input gives the same bytes.
        let again = try NibcProcess.run(["render", xib])
        XCTAssertEqual(again.stdout, svg)
    }

    func testRenderDrawsANibAndAStoryboardScene() throws {
        let nib = try NibcProcess.run(["render", "--json", try corpus("nib/swiftmessages/7.0.0/CardView.nib")])
        XCTAssertEqual(nib.status, 0, nib.stderr)
        XCTAssertTrue(nib.stdout.contains("\"id\": \"/NSObject.UINibTopLevelObjectsKey/"), "tree paths as ids")
        let storyboard = try corpus("storyboards/appkit/sb_basic_wc.storyboard")
        let html = dir.appendingPathComponent("map.html").path
        let all = try NibcProcess.run(["render", storyboard, "-o", html])
        XCTAssertEqual(all.status, 0, all.stderr)
        let page = try String(contentsOfFile: html, encoding: .utf8)
        XCTAssertTrue(page.hasPrefix("<!DOCTYPE html>"))
        XCTAssertTrue(page.contains("data-kind=\"relationship\""), "segue arrow")
        XCTAssertTrue(page.contains("data-entry=\"wc1-00-001\""), "initial controller arrow")
        let one = try NibcProcess.run(["render", "--json", "--scene", "vc1-00-001", storyboard])
        XCTAssertEqual(one.status, 0, one.stderr)
        XCTAssertFalse(one.stdout.contains("wc1-00-001"))
        XCTAssertTrue(one.stdout.contains("vw1-00-001"))
        let compiled = try NibcProcess.run(["render", try corpus("storyboards/appkit/sb_basic_wc.storyboardc")])
        XCTAssertEqual(compiled.status, 0, compiled.stderr)
        XCTAssertTrue(compiled.stdout.contains("data-id=\"NSWindowController-wc1-00-001.nib:"))
    }

    /// The rectangles of the boxes of class `className` in `nibc render --json` output, by id.
    func rects(_ json: String, className: String) throws -> [String: [Double]] {
        let object = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
        var out: [String: [Double]] = [:]
        for view in try XCTUnwrap(object?["views"] as? [[String: Any]]) where view["class"] as? String == className {
            out[try XCTUnwrap(view["id"] as? String)] = try XCTUnwrap(view["rect"] as? [Double])
        }
        return out
    }

    func testRenderPlacesViewsWhereTheCompiledNibDoesAndDesignFramesWhereTheDocumentDoes() throws {
        // Two scroll views whose table header views ibtool wraps in a clip view of their own and widens to the table.
        let xib = try corpus("nib/appkit-samples/test17_scrollhiding.xib")
        let compiled = try NibcProcess.run(["render", "--json", xib])
        XCTAssertEqual(compiled.status, 0, compiled.stderr)
        XCTAssertEqual(compiled.stderr, "")
        let design = try NibcProcess.run(["render", "--json", "--design-frames", xib])
        XCTAssertEqual(design.status, 0, design.stderr)
        let apple = try NibcProcess.run(["render", "--json", try corpus("nib/appkit-samples/test17_scrollhiding.nib")])
        XCTAssertEqual(apple.status, 0, apple.stderr)
        for className in ["NSTableHeaderView", "NSClipView"] {
            // Apple's nib has no XIB ids: its rectangles of the class, as a set.
            let expected = Set(try rects(apple.stdout, className: className).values)
            let drawn = try rects(compiled.stdout, className: className)
            XCTAssertEqual(Set(drawn.values), expected, className)
        }
        // The header views keep their XIB ids; at design-time frames they are where the document says, not Apple's place.
        let headers = try rects(compiled.stdout, className: "NSTableHeaderView")
        XCTAssertEqual(Set(headers.keys), ["4mT-15-O9u", "OED-xf-l0o"])
        let designHeaders = try rects(design.stdout, className: "NSTableHeaderView")
        XCTAssertEqual(Set(designHeaders.keys), ["4mT-15-O9u", "OED-xf-l0o"])
        XCTAssertNotEqual(designHeaders["4mT-15-O9u"], headers["4mT-15-O9u"])
        // The clip views ibtool adds are named by their scroll view.
        XCTAssertNotNil(try rects(compiled.stdout, className: "NSClipView")["ADm-zJ-EuX/NSClipView"])
        XCTAssertNil(try rects(design.stdout, className: "NSClipView")["ADm-zJ-EuX/NSClipView"])
    }

    func testADocumentThatDoesNotCompileIsDrawnAtItsDesignFramesWithAWarning() throws {
        let xib = dir.appendingPathComponent("dangling.xib")
        try Data("""
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0">
                <objects>
                    <placeholder placeholderIdentifier="IBFilesOwner" id="-1" userLabel="File's Owner">
                        <connections>
                            <outlet property="view" destination="nowhere" id="o1"/>
                        </connections>
                    </placeholder>
                    <view contentMode="scaleToFill" id="v1">
                        <rect key="frame" x="0.0" y="0.0" width="120" height="80"/>
                    </view>
                </objects>
            </document>
            """.utf8).write(to: xib)
        let out = dir.appendingPathComponent("dangling.json").path
        let r = try NibcProcess.run(["render", xib.path, "-o", out])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stderr.contains("dangling.xib: warning: drawn at design-time frames: the document does not compile (") && r.stderr.contains("nowhere"), r.stderr)
        let json = try String(contentsOfFile: out, encoding: .utf8)
        XCTAssertEqual(try rects(json, className: "UIView")["v1"], [20, 20, 120, 80])
    }

    func testMalformedInputIsALocatedErrorAndWritesNothing() throws {
        let bad = dir.appendingPathComponent("bad.xib")
        try Data("""
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0">
                <objects>
                    <view id="a"><rect key="frame" x="0" y="0" width="nan" height="10"/></view>
                </objects>
            </document>
            """.utf8).write(to: bad)
        let out = dir.appendingPathComponent("bad.svg").path
        let r = try NibcProcess.run(["render", bad.path, "-o", out])
        XCTAssertEqual(r.status, 1)
        XCTAssertTrue(r.stderr.contains("bad.xib:4:"), r.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: out))
        let cut = dir.appendingPathComponent("cut.xib")
        try Data("<?xml version=\"1.0\"?>\n<document type=\"com.apple.InterfaceBuilder3.CocoaTouch.XIB\"><objects><view".utf8).write(to: cut)
        let c = try NibcProcess.run(["render", cut.path, "-o", out])
        XCTAssertNotEqual(c.status, 0)
        XCTAssertTrue(c.stderr.contains("cut.xib:"), c.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: out))
        XCTAssertTrue(c.exitedNormally)
    }

    func testPNGWithoutARasteriserSaysWhatIsMissing() throws {
        let xib = try corpus("nib/swiftmessages/7.0.0/CardView.xib")
        let out = dir.appendingPathComponent("card.png").path
        let r = try NibcProcess.run(["render", xib, "-o", out], environment: ["PATH": dir.path])
        XCTAssertEqual(r.status, 1)
        XCTAssertTrue(r.stderr.contains("rsvg-convert"), r.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: out))
    }

    func testPNGThroughRsvgConvertWhenItIsThere() throws {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        guard path.split(separator: ":").contains(where: { FileManager.default.isExecutableFile(atPath: "\($0)/rsvg-convert") }) else {
            throw XCTSkip("rsvg-convert is not on PATH (Debian: librsvg2-bin)")
        }
        let out = dir.appendingPathComponent("card.png").path
        let r = try NibcProcess.run(["render", try corpus("nib/swiftmessages/7.0.0/CardView.xib"), "-o", out])
        XCTAssertEqual(r.status, 0, r.stderr)
        let bytes = try XCTUnwrap(FileManager.default.contents(atPath: out))
        XCTAssertEqual(Array(bytes.prefix(8)), [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A], "a PNG")
    }

    func testRenderDrawsAMainMenuAndDiffMarksARetitledItem() throws {
        let xib = try corpus("nib/appkit-samples/transmission_MainMenu.xib")
        let out = dir.appendingPathComponent("menu.svg").path
        let r = try NibcProcess.run(["render", xib, "-o", out])
        XCTAssertEqual(r.status, 0, r.stderr)
        let svg = try String(contentsOfFile: out, encoding: .utf8)
        for title in ["Transmission", "Create Torrent File…", "Pause Selected", "Minimize", "Transmission Help", "⌘Q"] {
            XCTAssertTrue(svg.contains(">\(title)</text>"), title)
        }
        let json = try NibcProcess.run(["render", "--json", xib])
        XCTAssertEqual(json.status, 0, json.stderr)
        let object = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
        let views = try XCTUnwrap(object?["views"] as? [[String: Any]])
        let pause = try XCTUnwrap(views.first { $0["id"] as? String == "1403" })
        XCTAssertEqual(pause["kind"] as? String, "menuItem")
        XCTAssertEqual(pause["text"] as? String, "Pause Selected")
        XCTAssertEqual(pause["detail"] as? String, "⌘.")
        let rect = try XCTUnwrap(pause["rect"] as? [Double]).map { $0 == $0.rounded() ? String(Int($0)) : String($0) }.joined(separator: " ")
        XCTAssertEqual(dataRect(svg, id: "1403"), rect)

        let original = try String(contentsOfFile: xib, encoding: .utf8)
        let edited = original.replacingOccurrences(of: "<menuItem title=\"Pause Selected\" secondaryImage=\"pause\" catalog=\"system\" keyEquivalent",
                                                   with: "<menuItem title=\"Pause the Selected Transfers\" secondaryImage=\"pause\" catalog=\"system\" keyEquivalent")
        XCTAssertNotEqual(edited, original)
        let new = dir.appendingPathComponent("MainMenu.xib")
        try Data(edited.utf8).write(to: new)
        let report = dir.appendingPathComponent("menu.html").path
        let diff = try NibcProcess.run(["diff", "--html", xib, new.path, "-o", report])
        XCTAssertEqual(diff.status, 1, diff.stderr)
        let html = try String(contentsOfFile: report, encoding: .utf8)
        // The item alone is marked, once on each picture.
        XCTAssertEqual(html.components(separatedBy: "class=\"mark\"").count - 1, 2)
        XCTAssertEqual(html.components(separatedBy: "class=\"mark\" data-mark=\"retexted\" data-mark-id=\"1403\"").count - 1, 2)
    }

    func testDiffHTMLMarksTheChangedViewAndNoiseMarksNothing() throws {
        let original = try String(contentsOfFile: try corpus("nib/swiftmessages/7.0.0/CardView.xib"), encoding: .utf8)
        let old = dir.appendingPathComponent("old.xib"), new = dir.appendingPathComponent("new.xib"), noisy = dir.appendingPathComponent("noisy.xib")
        try Data(original.utf8).write(to: old)
        try Data(original.replacingOccurrences(of: "text=\"[Title]\"", with: "text=\"[New title]\"").utf8).write(to: new)
        try Data(original.replacingOccurrences(of: "toolsVersion=\"14490.70\"", with: "toolsVersion=\"22505\"")
            .replacingOccurrences(of: "width=\"48.5\"", with: "width=\"48.500001\"").utf8).write(to: noisy)
        let report = dir.appendingPathComponent("report.html").path
        let r = try NibcProcess.run(["diff", "--html", old.path, new.path, "-o", report])
        XCTAssertEqual(r.status, 1, r.stderr)
        let html = try String(contentsOfFile: report, encoding: .utf8)
        XCTAssertTrue(html.contains("data-mark-id=\"8HR-oh-U9F\""), "the retitled label is marked")
        XCTAssertEqual(html.components(separatedBy: "class=\"mark\"").count - 1, 2, "marked once before, once after")
        let md = try NibcProcess.run(["diff", "--markdown", old.path, new.path])
        XCTAssertEqual(md.status, 1)
        XCTAssertTrue(md.stdout.contains("**retexted**"), md.stdout)
        XCTAssertTrue(md.stdout.contains("id `8HR-oh-U9F`"), md.stdout)
        let json = try NibcProcess.run(["diff", "--json", old.path, new.path])
        XCTAssertEqual(json.status, 1)
        let object = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
        XCTAssertEqual((object?["changes"] as? [[String: Any]])?.compactMap { $0["id"] as? String }, ["8HR-oh-U9F"])
        let quiet = try NibcProcess.run(["diff", "--html", old.path, noisy.path, "-o", report])
        XCTAssertEqual(quiet.status, 0, quiet.stderr)
        XCTAssertFalse(try String(contentsOfFile: report, encoding: .utf8).contains("class=\"mark\""))
        let svg = try NibcProcess.run(["diff", "--svg", old.path, new.path])
        XCTAssertEqual(svg.status, 1)
        XCTAssertTrue(svg.stdout.hasPrefix("<svg "))
        // An unreadable side: exit 2, no report.
        try? FileManager.default.removeItem(atPath: report)
        let missing = try NibcProcess.run(["diff", "--html", old.path, dir.appendingPathComponent("none.xib").path, "-o", report])
        XCTAssertEqual(missing.status, 2)
        XCTAssertFalse(FileManager.default.fileExists(atPath: report))
    }

    func testNibDiffWithoutVisualFlagsIsTheGraphDiff() throws {
        let nib = try corpus("nib/swiftmessages/7.0.0/CardView.nib")
        let r = try NibcProcess.run(["diff", "--quiet", nib, nib])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stdout.contains("score"), r.stdout)
        let visual = try NibcProcess.run(["diff", "--markdown", nib, nib])
        XCTAssertEqual(visual.status, 0, visual.stderr)
        XCTAssertTrue(visual.stdout.contains("no visible change"), visual.stdout)
    }
}
