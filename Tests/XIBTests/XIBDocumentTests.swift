import Foundation
import Testing
@testable import XIB

private let iosXIB = """
<?xml version="1.0" encoding="UTF-8"?>
<document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="21701" targetRuntime="iOS.CocoaTouch" propertyAccessControl="none" useAutolayout="YES" useTraitCollections="YES">
    <dependencies>
        <plugIn identifier="com.apple.InterfaceBuilder.IBCocoaTouchPlugin" version="21679"/>
    </dependencies>
    <objects>
        <placeholder placeholderIdentifier="IBFilesOwner" id="-1" userLabel="File's Owner" customClass="ViewController">
            <connections>
                <outlet property="view" destination="i5M-Pr-FkT" id="sfx-zR-JGt"/>
            </connections>
        </placeholder>
        <placeholder placeholderIdentifier="IBFirstResponder" id="-2" customClass="UIResponder"/>
        <view contentMode="scaleToFill" id="i5M-Pr-FkT">
            <rect key="frame" x="0.0" y="0.0" width="414" height="896"/>
            <subviews>
                <label text="Hello &amp; welcome" id="abc-12-xyz"/>
            </subviews>
        </view>
    </objects>
    <resources>
        <systemColor name="systemBackgroundColor">
            <color white="1" alpha="1" colorSpace="custom" customColorSpace="genericGamma22GrayColorSpace"/>
        </systemColor>
    </resources>
</document>
"""

private func xibError(_ text: String, file: String = "t.xib") -> XIBError? {
    do {
        _ = try XIBDocument(bytes: Array(text.utf8), file: file)
        return nil
    } catch {
        return error
    }
}

@Suite("XIB documents")
struct XIBDocumentTests {
    @Test func parsesAnIOSDocument() throws {
        let doc = try XIBDocument(bytes: Array(iosXIB.utf8), file: "View.xib")
        #expect(doc.platform == .iOS)
        #expect(doc.type == XIBDocument.cocoaTouchType)
        #expect(doc.targetRuntime == "iOS.CocoaTouch")
        #expect(doc.version == "3.0")
        #expect(doc.toolsVersion == "21701")
        #expect(doc.useAutolayout)
        #expect(doc.objects.children.map(\.name) == ["placeholder", "placeholder", "view"])
        #expect(doc.resources?.children.map(\.name) == ["systemColor"])
        #expect(doc.dependencies?.children.map(\.name) == ["plugIn"])
        #expect(doc.idCount == 5)
        #expect(doc.element(withID: "abc-12-xyz")?.attribute("text") == "Hello & welcome")
        #expect(doc.element(withID: "nope") == nil)
        let outlet = try #require(doc.tree.elements.first { $0.isNamed("outlet") })
        let target = try doc.resolve(attribute: "destination", of: outlet)
        #expect(target?.name == "view")
        #expect(try doc.resolve(attribute: "missing", of: outlet) == nil)
        #expect(doc.root.location.line == 2)
    }

    @Test func parsesAMacOSDocument() throws {
        let text = """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.Cocoa.XIB" version="3.0" toolsVersion="9531" systemVersion="16G29" targetRuntime="MacOSX.Cocoa" propertyAccessControl="none">
            <objects><customObject id="-2" userLabel="File's Owner"/></objects>
        </document>
        """
        let doc = try XIBDocument(bytes: Array(text.utf8), file: "Main.xib")
        #expect(doc.platform == .macOS)
        #expect(!doc.useAutolayout)
        #expect(doc.resources == nil && doc.dependencies == nil)
        #expect(doc.element(withID: "-2")?.name == "customObject")
    }

    @Test func unknownIDIsALocatedError() throws {
        let doc = try XIBDocument(bytes: Array(iosXIB.utf8), file: "View.xib")
        let owner = try #require(doc.element(withID: "-1"))
        do {
            _ = try doc.resolve("zzz-99-zzz", from: owner, attribute: "customClass")
            Issue.record("expected unknown id")
        } catch {
            #expect(error.kind == .unknownID)
            #expect(error.description == "View.xib:7:92: error: unknown id 'zzz-99-zzz'")
        }
    }

    @Test func duplicateIDIsReportedAtTheSecond() {
        let text = """
        <document type="com.apple.InterfaceBuilder3.Cocoa.XIB" version="3.0">
          <objects>
            <view id="a"/>
            <view  id="a"/>
          </objects>
        </document>
        """
        let error = xibError(text)
        #expect(error?.kind == .duplicateID)
        #expect(error.map { "\($0.line):\($0.column)" } == "4:12")
        #expect(error?.message.contains("3:5") == true)
    }

    @Test func archivesAreNotSupportedYet() {
        let error = xibError("<?xml version=\"1.0\"?>\n<archive type=\"com.apple.InterfaceBuilder3.CocoaTouch.XIB\" version=\"7.10\"><data/></archive>")
        #expect(error?.kind == .unsupportedFormat)
        #expect(error.map { "\($0.line):\($0.column)" } == "2:1")
        #expect(xibError("<archive/>")?.kind == .unsupportedFormat)
    }

    @Test func storyboardsAreRecognised() throws {
        let touch = try XIBDocument(bytes: Array(#"<document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0"><scenes/></document>"#.utf8), file: "t")
        #expect(touch.isStoryboard && touch.platform == .iOS && touch.objects.name == "scenes")
        let cocoa = xibError(#"<document type="com.apple.InterfaceBuilder3.Cocoa.Storyboard.XIB" version="3.0"/>"#)
        #expect(cocoa?.kind == .invalidDocument)
        #expect(cocoa?.message == "the storyboard has no <scenes> element")
        let other = xibError(#"<document type="com.apple.InterfaceBuilder3.AppleTV.Storyboard.XIB" version="3.0"><scenes/></document>"#)
        #expect(other?.kind == .unsupportedDocumentType)
    }

    @Test func otherDocumentsAreRejected() {
        #expect(xibError("<plist/>")?.kind == .notAXIB)
        #expect(xibError(#"<document type="com.apple.InterfaceBuilder3.AppleTV.XIB" version="3.0"><objects/></document>"#)?.kind == .unsupportedDocumentType)
        #expect(xibError(#"<document version="3.0"><objects/></document>"#)?.kind == .invalidDocument)
        #expect(xibError(#"<document type="com.apple.InterfaceBuilder3.Cocoa.XIB"><objects/></document>"#)?.kind == .invalidDocument)
        #expect(xibError(#"<document type="com.apple.InterfaceBuilder3.Cocoa.XIB" version="3.0"/>"#)?.kind == .invalidDocument)
        let mismatch = xibError(#"<document type="com.apple.InterfaceBuilder3.Cocoa.XIB" version="3.0" targetRuntime="iOS.CocoaTouch"><objects/></document>"#)
        #expect(mismatch?.kind == .invalidDocument)
        #expect(mismatch?.column == 70)
    }

    @Test func malformedXMLIsWrapped() {
        let error = xibError("<document>\n<objects>\n</document>", file: "bad.xib")
        #expect(error?.kind == .xml(.mismatchedEndTag))
        #expect(error?.description == "bad.xib:3:1: error: end tag </document> does not match start tag <objects> at 2:1")
    }

    @Test func mergeConflictMarkersAreLocated() {
        let text = iosXIB.replacingOccurrences(of: "        <placeholder placeholderIdentifier=\"IBFirstResponder\"",
                                               with: "<<<<<<< HEAD\n        <placeholder placeholderIdentifier=\"IBFirstResponder\"")
        let error = xibError(text)
        #expect(error?.kind == .xml(.mergeConflictMarker))
        #expect(error.map { "\($0.line):\($0.column)" } == "12:1")
        #expect(error?.message.contains("merge conflict") == true)
    }

    @Test func unreadableFile() {
        do {
            _ = try XIBDocument(contentsOfFile: "/nonexistent/x.xib")
            Issue.record("expected an error")
        } catch {
            #expect(error.kind == .unreadableFile)
            #expect(error.location.file == "/nonexistent/x.xib")
        }
    }
}
