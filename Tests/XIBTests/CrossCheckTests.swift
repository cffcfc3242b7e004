import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import NibTestSupport
import Testing
@testable import XIB

/// Compares element names, attribute values and leaf text with Foundation's libxml2-based
/// `XMLParser` on every corpus `.xib` (well-formed input, where that parser is trustworthy).
@Suite("Cross-check with XMLParser")
struct CrossCheckTests {
    /// Records what `XMLParser` reports, in document order.
    final class Recorder: NSObject, XMLParserDelegate {
        var elements: [(name: String, attributes: [String: String], text: String, hasChildren: Bool)] = []
        var open: [Int] = []

        func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?,
                    qualifiedName: String?, attributes: [String: String] = [:]) {
            if let parent = open.last { elements[parent].hasChildren = true }
            open.append(elements.count)
            elements.append((name, attributes, "", false))
        }

        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            open.removeLast()
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            if let current = open.last { elements[current].text += string }
        }

        func parser(_ parser: XMLParser, foundCDATA data: Data) {
            if let current = open.last { elements[current].text += String(decoding: data, as: UTF8.self) }
        }
    }

    @Test func corpusMatchesXMLParser() throws {
        if SharedCorpus.directory == nil && SharedCorpus.allowMissing { return }
        var files = 0
        for folder in ["ios", "macos", "nib"] {
            for url in try SharedCorpus.files(under: folder, suffix: ".xib") {
                let data = try Data(contentsOf: url)
                let name = SharedCorpus.relative(url)
                let tree = try XMLTree(bytes: [UInt8](data), file: name)
                let recorder = Recorder()
                let parser = XMLParser(data: data)
                parser.delegate = recorder
                #expect(parser.parse(), "\(name)")
                #expect(recorder.elements.count == tree.elements.count, "\(name)")
                for (element, reference) in zip(tree.elements, recorder.elements) {
                    #expect(element.name == reference.name, "\(element)")
                    let attributes = Dictionary(element.attributes.map { ($0.name, $0.value) }, uniquingKeysWith: { a, _ in a })
                    #expect(attributes == reference.attributes, "\(element)")
                    if !reference.hasChildren {
                        #expect(element.text == reference.text, "\(element)")
                    }
                }
                files += 1
            }
        }
        #expect(files >= 248)
    }
}
