import NibCompiler
import Testing
import XIB

/// `compile(document:fileName:)`: a document parsed once (for the document checks and inspection views) compiles
/// to the same bytes as from its text, and a document of the other kind is refused as from its text.
@Suite struct CompileParsedDocumentTests {
    static let xib = """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="21701" targetRuntime="iOS.CocoaTouch" propertyAccessControl="none" useAutolayout="YES" useTraitCollections="YES" colorMatched="YES">
            <dependencies>
                <deployment identifier="iOS"/>
                <plugIn identifier="com.apple.InterfaceBuilder.IBCocoaTouchPlugin" version="21679"/>
            </dependencies>
            <objects>
                <placeholder placeholderIdentifier="IBFilesOwner" id="-1" userLabel="File's Owner"/>
                <placeholder placeholderIdentifier="IBFirstResponder" id="-2" customClass="UIResponder"/>
                <label opaque="NO" userInteractionEnabled="NO" contentMode="left" text="Title" id="lbl-00-001">
                    <rect key="frame" x="0.0" y="0.0" width="120" height="21"/>
                    <fontDescription key="fontDescription" type="system" pointSize="17"/>
                </label>
            </objects>
        </document>
        """

    static let storyboard = """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="21701" targetRuntime="iOS.CocoaTouch" propertyAccessControl="none" useAutolayout="YES" useTraitCollections="YES" colorMatched="YES" initialViewController="vc0-00-001">
            <dependencies>
                <plugIn identifier="com.apple.InterfaceBuilder.IBCocoaTouchPlugin" version="21679"/>
            </dependencies>
            <scenes>
                <scene sceneID="scn-00-001">
                    <objects>
                        <viewController id="vc0-00-001" sceneMemberID="viewController">
                            <view key="view" contentMode="scaleToFill" id="vw0-00-001">
                                <rect key="frame" x="0.0" y="0.0" width="393" height="852"/>
                                <autoresizingMask key="autoresizingMask" widthSizable="YES" heightSizable="YES"/>
                            </view>
                        </viewController>
                        <placeholder placeholderIdentifier="IBFirstResponder" id="fr0-00-001" userLabel="First Responder" sceneMemberID="firstResponder"/>
                    </objects>
                </scene>
            </scenes>
        </document>
        """

    @Test func xibFromTheParsedDocumentIsTheSameNib() throws {
        let bytes = Array(Self.xib.utf8)
        let document = try XIBDocument.open(bytes, fileName: "View.xib", options: CompileOptions(), storyboard: false)
        let parsed = try XIBCompiler().compile(document: document, fileName: "View.xib")
        #expect(parsed.bytes == (try XIBCompiler().compile(xib: bytes, fileName: "View.xib")).bytes)
        #expect(!parsed.bytes.isEmpty)
    }

    @Test func storyboardFromTheParsedDocumentIsTheSameFiles() throws {
        let bytes = Array(Self.storyboard.utf8)
        let document = try XIBDocument.open(bytes, fileName: "Main.storyboard", options: CompileOptions(), storyboard: true)
        let parsed = try StoryboardCompiler().compile(document: document, fileName: "Main.storyboard")
        let fromText = try StoryboardCompiler().compile(storyboard: bytes, fileName: "Main.storyboard")
        #expect(parsed.files.map(\.path) == fromText.files.map(\.path))
        #expect(parsed.files.map(\.bytes) == fromText.files.map(\.bytes))
        #expect(parsed.files.count > 1)
    }

    /// The other kind of document is an error naming what it is, from a parsed document as from text.
    @Test func otherKindIsRefused() throws {
        let storyboard = try XIBDocument(bytes: Array(Self.storyboard.utf8), file: "Main.storyboard")
        #expect(throws: CompileError.self) { try XIBCompiler().compile(document: storyboard, fileName: "Main.storyboard") }
        do {
            _ = try XIBCompiler().compile(document: storyboard, fileName: "Main.storyboard")
        } catch {
            #expect(error.diagnostics.first?.message.contains("the document is a storyboard") == true)
        }
        let xib = try XIBDocument(bytes: Array(Self.xib.utf8), file: "View.xib")
        #expect(throws: CompileError.self) { try StoryboardCompiler().compile(document: xib, fileName: "View.xib") }
        #expect(throws: CompileError.self) { try XIBDocument.open(Array(Self.xib.utf8), fileName: "View.xib", options: CompileOptions(), storyboard: true) }
    }
}
