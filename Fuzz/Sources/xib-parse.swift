// libFuzzer target: parse arbitrary bytes as a XIB document (XML tokenizer, tree, XIB model).
// Must never crash; errors must carry a location inside the input; on success every element,
// attribute, text, parent, depth, location and id lookup is exercised.
import Foundation

@inline(never)
func fuzzFail(_ message: String) -> Never {
    FileHandle.standardError.write(("xib-parse invariant broken: " + message + "\n").data(using: .utf8)!)
    abort()
}

func checkLocation(_ offset: Int, _ line: Int, _ column: Int, _ count: Int, _ what: String) {
    if offset < 0 || offset > count || line < 1 || column < 1 { fuzzFail("\(what) location offset \(offset) line \(line) col \(column) of \(count) bytes") }
}

func walk(_ tree: XMLTree, _ count: Int) {
    for element in tree.elements {
        _ = element.name
        let loc = element.location
        checkLocation(loc.offset, loc.line, loc.column, count, "element")
        if element.depth > 100_000 { fuzzFail("depth") }
        if let parent = element.parent, parent.documentIndex >= element.documentIndex { fuzzFail("parent after child") }
        for attribute in element.attributes {
            _ = attribute.name
            _ = attribute.value
            let a = attribute.valueLocation
            checkLocation(a.offset, a.line, a.column, count, "attribute value")
            if element.attribute(attribute.name) == nil { fuzzFail("attribute lookup by name") }
        }
        _ = element.text
        var children = 0
        for child in element.children {
            if child.parent != element { fuzzFail("child's parent") }
            children += 1
            if children > count { fuzzFail("more children than bytes") }
        }
        _ = element.descendants.count
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let input = size == 0 ? [] : Array(UnsafeBufferPointer(start: data!, count: size))
    var options = XMLParseOptions.default
    options.maxDepth = 256
    do {
        let document = try XIBDocument(bytes: input, file: "fuzz.xib", options: options)
        walk(document.tree, input.count)
        for element in document.tree.elements {
            if let id = element.attribute("id"), document.element(withID: id) == nil { fuzzFail("id \(id) not indexed") }
            for attribute in element.attributes {
                _ = try? document.resolve(attribute: attribute.name, of: element)
            }
        }
    } catch {
        checkLocation(error.offset, error.line, error.column, input.count, "error")
        if error.message.isEmpty { fuzzFail("empty message") }
        _ = error.description
        // A document the XIB model rejects may still be well-formed XML: walk that tree too.
        if let tree = try? XMLTree(bytes: input, file: "fuzz.xib", options: options) { walk(tree, input.count) }
    }
    return 0
}
