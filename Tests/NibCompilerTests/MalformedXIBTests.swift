import NibCompiler
import Testing

/// Well-formed XML that is not a valid XIB: each case must fail with an error at the offending element
/// (line and column) and a message naming the problem, never compile silently or crash.
@Suite struct MalformedXIBTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        /// Elements placed inside `<objects>`, starting at line 5, column 9.
        var objects: String
        var line: Int
        var column: Int = 9
        var message: String
        var testDescription: String { name }
    }

    static func document(_ objects: String) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="17701" targetRuntime="iOS.CocoaTouch">
            <objects>
                <placeholder placeholderIdentifier="IBFilesOwner" id="-1"/>
                \(objects)
            </objects>
        </document>
        """
    }

    static let cases: [Case] = [
        Case(name: "outlet without destination",
             objects: #"<view id="v1"><connections><outlet property="x" id="o1"/></connections></view>"#,
             line: 5, column: 36, message: "outlet needs property and destination"),
        Case(name: "outlet without property",
             objects: #"<view id="v1"><connections><outlet destination="v1" id="o1"/></connections></view>"#,
             line: 5, column: 36, message: "outlet needs property and destination"),
        Case(name: "action without selector",
             objects: #"<button id="b1"><connections><action destination="-1" eventType="touchUpInside" id="a1"/></connections></button>"#,
             line: 5, column: 38, message: "action needs selector and destination"),
        Case(name: "outlet to an unknown id",
             objects: #"<view id="v1"><connections><outlet property="x" destination="nope" id="o1"/></connections></view>"#,
             line: 5, column: 36, message: "reference to unknown id 'nope'"),
        Case(name: "constraint item with an unknown id",
             objects: #"<view id="v1"><constraints><constraint firstItem="ghost" firstAttribute="top" secondItem="v1" secondAttribute="top" id="c1"/></constraints></view>"#,
             line: 5, column: 36, message: "reference to unknown id 'ghost'"),
        Case(name: "constraint without firstAttribute",
             objects: #"<view id="v1"><constraints><constraint constant="8" id="c1"/></constraints></view>"#,
             line: 5, column: 36, message: "constraint needs firstAttribute"),
        Case(name: "placeholder without identifier",
             objects: #"<placeholder id="p1"/>"#,
             line: 5, message: "placeholder without placeholderIdentifier"),
        Case(name: "duplicate id",
             objects: "<view id=\"v1\"/>\n        <view id=\"v1\"/>",
             line: 6, column: 15, message: "duplicate id 'v1' (first used by <view> at 5:9)"),
        // Numbers that Int64(_:) would trap on.
        Case(name: "constraint priority beyond the integer range",
             objects: #"<view id="v1"><constraints><constraint firstAttribute="width" constant="8" priority="1e300" id="c1"/></constraints></view>"#,
             line: 5, column: 36, message: "priority '1e300' is not a number in the 64-bit integer range"),
        Case(name: "constraint priority nan",
             objects: #"<view id="v1"><constraints><constraint firstAttribute="width" constant="8" priority="nan" id="c1"/></constraints></view>"#,
             line: 5, column: 36, message: "priority 'nan' is not a number in the 64-bit integer range"),
        Case(name: "integer runtime attribute beyond the integer range",
             objects: #"<view id="v1"><userDefinedRuntimeAttributes><userDefinedRuntimeAttribute type="number" keyPath="k"><integer key="value" value="-inf"/></userDefinedRuntimeAttribute></userDefinedRuntimeAttributes></view>"#,
             line: 5, column: 108, message: "value '-inf' is not a number in the 64-bit integer range"),
        Case(name: "duplicate id of a nested element",
             objects: #"<view id="v1"><subviews><view id="v1"/></subviews></view>"#,
             line: 5, column: 39, message: "duplicate id 'v1' (first used by <view> at 5:9)"),
    ]

    @Test(arguments: cases)
    func rejectedWithALocatedError(_ c: Case) {
        let xib = Self.document(c.objects)
        do {
            let result = try XIBCompiler().compile(xib: Array(xib.utf8), fileName: "M.xib")
            Issue.record("compiled without an error; diagnostics: \(result.diagnostics)")
        } catch {
            let errors = error.diagnostics.filter { $0.severity == .error }
            #expect(errors.contains { $0.line == c.line && $0.column == c.column && $0.message.contains(c.message) },
                    "\(error.diagnostics.map(\.description))")
        }
    }

    /// A font size no integer holds stays a double (coder 9 writes whole sizes as integers).
    @Test func hugeFontSizeCompiles() throws {
        let xib = Self.document(#"<label text="x" id="l1"><fontDescription key="fontDescription" type="system" pointSize="1e300"/></label>"#)
        for version in [9, 10] {
            let result = try XIBCompiler(options: CompileOptions(coderVersion: version)).compile(xib: Array(xib.utf8), fileName: "F.xib")
            #expect(!result.bytes.isEmpty)
        }
    }

    /// Documents that are not iOS/macOS XIB 3.x: the document model's error, at the root element or at
    /// the attribute that decides (column), with a message that says what the document is.
    @Test(arguments: [
        ("<archive type=\"com.apple.InterfaceBuilder3.CocoaTouch.XIB\" version=\"8.00\"><data/></archive>", 1,
         "XIB 2.x documents (<archive type=\"com.apple.InterfaceBuilder3.CocoaTouch.XIB\">) are not supported yet"),
        ("<document type=\"com.apple.InterfaceBuilder3.CocoaTouch.XIB\" version=\"3.0\" targetRuntime=\"Windows.Forms\"><objects/></document>", 75,
         "targetRuntime 'Windows.Forms' does not match document type 'com.apple.InterfaceBuilder3.CocoaTouch.XIB'"),
        ("<document type=\"com.apple.InterfaceBuilder3.Cocoa.Storyboard.XIB\" version=\"3.0\"><scenes/></document>", 11,
         "the document is a storyboard (com.apple.InterfaceBuilder3.Cocoa.Storyboard.XIB): compile it to a .storyboardc directory with the storyboard compiler"),
        ("<document type=\"com.example.Other\" version=\"3.0\"><objects/></document>", 11, "unsupported document type 'com.example.Other'"),
        ("<plist version=\"1.0\"><dict/></plist>", 1, "not a XIB document: the root element is <plist>, expected <document>"),
        ("<document type=\"com.apple.InterfaceBuilder3.CocoaTouch.XIB\" version=\"3.0\"><resources/></document>", 1,
         "the document has no <objects> element"),
    ])
    func unsupportedDocumentsAreRejectedAtTheRoot(_ text: String, _ column: Int, _ message: String) {
        do {
            _ = try XIBCompiler().compile(xib: Array(("<?xml version=\"1.0\"?>\n" + text).utf8), fileName: "R.xib")
            Issue.record("compiled without an error")
        } catch {
            #expect(error.diagnostics.contains { $0.severity == .error && $0.line == 2 && $0.column == column && $0.message.contains(message) },
                    "\(error.diagnostics.map(\.description))")
        }
    }

    /// Without `targetRuntime` the document `type` decides the platform (ibtool does not need the attribute).
    @Test func documentWithoutTargetRuntimeCompilesByItsType() throws {
        let text = "<?xml version=\"1.0\"?>\n<document type=\"com.apple.InterfaceBuilder3.CocoaTouch.XIB\" version=\"3.0\"><objects><view id=\"v\"/></objects></document>"
        let result = try XIBCompiler().compile(xib: Array(text.utf8), fileName: "T.xib")
        #expect(result.graph.objects.contains { $0.className == "UIView" })
    }
}
