import Foundation
import NibArchive
import NibRender
import NibTestSupport
import XCTest

/// Every corpus document and every Apple-compiled nib renders, deterministically, with a box per view.
final class CorpusRenderTests: XCTestCase {
    func testEveryCorpusDocumentRenders() throws {
        guard try SharedCorpus.requireOrSkip() != nil else { throw XCTSkip("no shared corpus") }
        let documents = try RenderCorpus.documents()
        XCTAssertGreaterThan(documents.count, 400)
        var views = 0, scenes = 0, segues = 0
        for path in documents {
            let bytes = try RenderCorpus.bytes(path)
            do {
                let document = try DocumentRenderer.render(bytes: bytes, file: path)
                views += document.boxes.count
                scenes += document.boxes.filter { $0.kind == .scene }.count
                segues += document.arrows.count
                let svg = SVGWriter(document).svg()
                XCTAssertTrue(svg.hasPrefix("<svg "), path)
                // One group per box, each with its id.
                XCTAssertEqual(svg.components(separatedBy: "<g data-id=").count - 1, document.boxes.count, path)
                XCTAssertFalse(BoxJSON.json(document).isEmpty)
            } catch {
                XCTFail("\(path): \(error)")
            }
        }
        print("render-corpus \(documents.count) documents, \(views) boxes, \(scenes) scenes, \(segues) segues")
        XCTAssertGreaterThan(views, 5_000)
        XCTAssertGreaterThan(scenes, 300)
        XCTAssertGreaterThan(segues, 250)
    }

    func testEveryAppleNibRenders() throws {
        guard try SharedCorpus.requireOrSkip() != nil else { throw XCTSkip("no shared corpus") }
        var nibs = 0, views = 0
        for pair in try RenderCorpus.pairs() {
            let path = try SharedCorpus.require().appendingPathComponent(pair.compiled).path
            let graphs = pair.compiled.hasSuffix(".storyboardc") ? try RenderCorpus.storyboardNibs(path) : [("", try RenderCorpus.graph(path))]
            let document = NibRenderer.render(graphs, file: pair.compiled)
            nibs += graphs.count
            views += document.boxes.count
            XCTAssertEqual(Set(document.boxes.map(\.id)).count, document.boxes.count, "ids are unique in \(pair.compiled)")
        }
        print("render-corpus \(nibs) Apple nibs, \(views) boxes")
        XCTAssertGreaterThan(views, 900)
    }

    func testSameInputSameBytes() throws {
        guard try SharedCorpus.requireOrSkip() != nil else { throw XCTSkip("no shared corpus") }
        for path in try RenderCorpus.documents().prefix(60) {
            let bytes = try RenderCorpus.bytes(path)
            let a = try DocumentRenderer.render(bytes: bytes, file: path), b = try DocumentRenderer.render(bytes: bytes, file: path)
            XCTAssertEqual(SVGWriter(a).svg(), SVGWriter(b).svg(), path)
            XCTAssertEqual(HTMLWriter.page(a), HTMLWriter.page(b), path)
            XCTAssertEqual(BoxJSON.json(a), BoxJSON.json(b), path)
        }
    }
}
