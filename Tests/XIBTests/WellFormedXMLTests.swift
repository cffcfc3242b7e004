import Testing
@testable import XIB

@Suite("Well-formed XML")
struct WellFormedXMLTests {
    @Test func predefinedEntitiesAndCharacterReferencesDecode() throws {
        let tree = try XMLTree(string: #"<a x="&lt;&gt;&amp;&quot;&apos;" y='&#65;&#x42;&#x1F600;'>&lt;&#65;&#x42;&#x1F600;&amp;amp;</a>"#, file: "e.xml")
        #expect(tree.root.attribute("x") == "<>&\"'")
        #expect(tree.root.attribute("y") == "AB😀")
        #expect(tree.root.text == "<AB😀&amp;")
    }

    @Test func attributeValuesAreWhitespaceNormalized() throws {
        let tree = try XMLTree(string: "<a x=\"a\tb\nc\r\nd\re&#10;f&#9;g\" y=\"plain\"/>", file: "n.xml")
        #expect(tree.root.attribute("x") == "a b c d e\nf\tg")
        #expect(tree.root.attribute("y") == "plain")
    }

    @Test func textLineEndingsBecomeLF() throws {
        let tree = try XMLTree(string: "<a>x\r\ny\rz\n&#13;</a>", file: "crlf.xml")
        #expect(tree.root.text == "x\ny\nz\n\r")
    }

    @Test func cdataCommentsAndProcessingInstructions() throws {
        let tree = try XMLTree(string: "<a>1<![CDATA[<b>&amp;]]>2<!-- <c/> & -->3<?pi <d/> ?>4<![CDATA[]]>\r\n</a>", file: "c.xml")
        #expect(tree.root.text == "1<b>&amp;234\n")
        #expect(tree.root.children.isEmpty)
        #expect(tree.elements.count == 1)
    }

    @Test func textSkipsChildElements() throws {
        let tree = try XMLTree(string: "<a>x<b>inner<i/></b>y<c/>z<d></d>w</a>", file: "t.xml")
        let a = tree.root
        #expect(a.text == "xyzw")
        #expect(a.firstChild(named: "b")?.text == "inner")
        #expect(a.firstChild(named: "c")?.text == "")
        #expect(a.firstChild(named: "d")?.text == "")
        #expect(a.children.map(\.name) == ["b", "c", "d"])
        #expect(a.children.count == 3)
        #expect(a.descendants.map(\.name) == ["b", "i", "c", "d"])
    }

    @Test func treeNavigation() throws {
        let text = """
        <root>
          <one a="1" b="2" c="3"><two/><three><four/></three></one>
          <five/>
        </root>
        """
        let tree = try XMLTree(string: text, file: "nav.xml")
        let root = tree.root
        #expect(root.parent == nil)
        #expect(root.depth == 1)
        let one = try #require(root.firstChild(named: "one"))
        #expect(one.attributes.map(\.name) == ["a", "b", "c"])
        #expect(one.attributes.map(\.value) == ["1", "2", "3"])
        #expect(one.parent == root)
        #expect(one.children.map(\.name) == ["two", "three"])
        let four = try #require(tree.elements.first { $0.isNamed("four") })
        #expect(four.depth == 4)
        #expect(four.parent?.name == "three")
        #expect(four.parent?.parent == one)
        #expect(!four.hasChildren)
        #expect(root.children(named: "five").count == 1)
        #expect(tree.elements.map(\.name) == ["root", "one", "two", "three", "four", "five"])
        #expect(tree.elements[3].documentIndex == 3)
        #expect(one.attribute("missing") == nil)
        #expect(!one.hasAttribute("d") && one.hasAttribute("c"))
    }

    @Test func internedNameLookup() throws {
        let tree = try XMLTree(string: #"<a id="x"><b id="y" k="v"/></a>"#, file: "i.xml")
        let id = try #require(tree.name("id"))
        #expect(tree.name("nope") == nil)
        #expect(tree.elements.map { $0.attribute(id) } == ["x", "y"])
        #expect(tree.root.xmlName == tree.name("a"))
    }

    @Test func sourcePositions() throws {
        let text = "<?xml version=\"1.0\"?>\n<a>\n\t<bé x=\"1\"\n\t    y=\"2\"/>\n</a>"
        let tree = try XMLTree(string: text, file: "pos.xml")
        #expect(tree.root.location == SourceLocation(file: "pos.xml", line: 2, column: 1, offset: 22))
        let b = try #require(tree.root.children.first(where: { _ in true }))
        #expect(b.location.line == 3 && b.location.column == 2)
        #expect(b.attributeLocation("x").map { "\($0.line):\($0.column)" } == "3:6")
        #expect(b.attributeLocation("y").map { "\($0.line):\($0.column)" } == "4:6")
        #expect(b.attributes[1].valueLocation.column == 9)
        #expect(b.diagnostic(.warning, attribute: "y", "odd").description == "pos.xml:4:6: warning: odd")
    }

    @Test func byteOrderMarkAndDeclarationVariants() throws {
        let tree = try XMLTree(bytes: [0xEF, 0xBB, 0xBF] + Array("<?xml version='1.0' encoding='utf-8' standalone='yes' ?><a/>".utf8), file: "bom.xml")
        #expect(tree.root.location.column == 57)
        #expect(try XMLTree(string: "<?xml version=\"1.1\"?>\n<a/>\n", file: "v.xml").root.name == "a")
        #expect(try XMLTree(string: "<?xml-stylesheet href=\"x\"?><a/>", file: "pi.xml").root.name == "a")
    }

    @Test func doctypeWithoutInternalSubsetIsSkipped() throws {
        let text = #"<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">"# + "\n<plist/>"
        #expect(try XMLTree(string: text, file: "d.xml").root.name == "plist")
        #expect(try XMLTree(string: "<!DOCTYPE a SYSTEM 'a.dtd'><a/>", file: "d.xml").root.name == "a")
    }

    @Test func unicodeNamesAndMiscAroundRoot() throws {
        let tree = try XMLTree(string: "<!-- before -->\n<?pi x?>\n<élément ñ=\"v\" a:b='c'/>\n<!-- after -->\n<?pi?>\n", file: "u.xml")
        #expect(tree.root.name == "élément")
        #expect(tree.root.attribute("ñ") == "v")
        #expect(tree.root.attribute("a:b") == "c")
    }

    @Test func sameAttributeOnDifferentElementsIsFine() throws {
        let tree = try XMLTree(string: #"<a x="1"><b x="2"/><b x="3" y="4"/></a>"#, file: "s.xml")
        #expect(tree.root.children.map { $0.attribute("x") } == ["2", "3"])
    }

    @Test func greaterThanAndBracketsInTextAreFine() throws {
        let tree = try XMLTree(string: "<a>a > b ]] ] >]</a>", file: "g.xml")
        #expect(tree.root.text == "a > b ]] ] >]")
    }

    @Test func elementViewsHashAndCompare() throws {
        let tree = try XMLTree(string: "<a><b/><b/></a>", file: "h.xml")
        let set = Set(tree.elements)
        #expect(set.count == 3)
        #expect(tree.elements[1] != tree.elements[2])
        #expect(tree.elements[1] == tree.root.children.first(where: { _ in true }))
    }

    @Test func diagnosticsFormat() {
        let d = Diagnostic(severity: .note, file: "f.xib", line: 3, column: 7, message: "declared here")
        #expect(d.description == "f.xib:3:7: note: declared here")
        let w = Diagnostic(.warning, at: SourceLocation(file: "g.xib", line: 1, column: 2, offset: 1), "careful")
        #expect(w.description == "g.xib:1:2: warning: careful")
    }
}
