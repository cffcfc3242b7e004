import Foundation
import NibArchive
import NibCompiler
import NibCompilerTestSupport
import Testing

/// The user's fixed-pitch meta font under both spellings: the corpus's documents write `fixedUser`; both give
/// NSFont's userFixedPitchFont default, Menlo 11, not the system font.
@Suite struct AppKitMetaFontTests {
    static func font(_ meta: String) throws -> (name: String?, size: NibGraphValue?) {
        let nib = try CompiledXIB(XIBEnvelope.macOS(objects: """
        <customObject id="-1" userLabel="First Responder" customClass="FirstResponder"/>
        <customObject id="-3" userLabel="Application" customClass="NSObject"/>
        <textField verticalHuggingPriority="750" id="1">
            <rect key="frame" x="20" y="20" width="96" height="21"/>
            <autoresizingMask key="autoresizingMask" flexibleMaxX="YES" flexibleMinY="YES"/>
            <textFieldCell key="cell" lineBreakMode="clipping" title="T" id="2">
                <font key="font" metaFont="\(meta)"/>
                <color key="textColor" name="labelColor" catalog="System" colorSpace="catalog"/>
                <color key="backgroundColor" name="textBackgroundColor" catalog="System" colorSpace="catalog"/>
            </textFieldCell>
        </textField>
        """))
        let font = try #require(nib.first("NSFont"))
        return (nib.string(font.value(forKey: "NSName")), font.value(forKey: "NSSize"))
    }

    @Test func fixedPitchSpellings() throws {
        for meta in ["fixedUser", "userFixedPitch"] {
            let f = try Self.font(meta)
            #expect(f.name == "Menlo-Regular", "\(meta)")
            #expect(f.size == .double(11), "\(meta)")
        }
        #expect(try Self.font("system").name == ".AppleSystemUIFont")
    }
}
