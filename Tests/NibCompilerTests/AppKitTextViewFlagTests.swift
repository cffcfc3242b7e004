import Foundation
import NibArchive
import NibCompiler
import NibCompilerTestSupport
import Testing

/// Text view flags beyond the shared pairs (seven XIB text views, none with undo, continuous spell checking, a
/// find panel, no background or a fixed height): each attribute's bit in NSTextViewSharedData's NSFlags and the
/// text view's NSTVFlags, checked against GNUstep's NSTextView coder (NSFlags 0x1 selectable, 0x2 editable, 0x4
/// rich text, 0x8 imports graphics, 0x20 font panel, 0x80 continuous spell checking, 0x200 smart insert/delete,
/// 0x400 undo, 0x800 draws background, 0x2000 find panel; NSTVFlags 0x1 and 0x2 horizontally and vertically
/// resizable, 0x4 owns its text network).
@Suite struct AppKitTextViewFlagTests {
    static func compile(_ attributes: String) throws -> CompiledXIB {
        try CompiledXIB(XIBEnvelope.macOS(objects: """
        <customObject id="-1" userLabel="First Responder" customClass="FirstResponder"/>
        <customObject id="-3" userLabel="Application" customClass="NSObject"/>
        <customView id="1">
            <rect key="frame" x="0.0" y="0.0" width="200" height="100"/>
            <autoresizingMask key="autoresizingMask" flexibleMaxX="YES" flexibleMinY="YES"/>
            <subviews>
                <textView \(attributes) id="2">
                    <rect key="frame" x="0.0" y="0.0" width="200" height="100"/>
                    <autoresizingMask key="autoresizingMask" widthSizable="YES" heightSizable="YES"/>
                </textView>
            </subviews>
        </customView>
        """))
    }

    /// (NSFlags, NSTVFlags) of the text view.
    static func flags(_ attributes: String) throws -> (shared: Int64, view: Int64) {
        let nib = try compile(attributes)
        let tv = try #require(nib.first("NSTextView"))
        let shared = try #require(nib.object(tv.value(forKey: "NSSharedData")))
        guard case .int(let f)? = shared.value(forKey: "NSFlags"), case .int(let v)? = tv.value(forKey: "NSTVFlags") else {
            Issue.record("no flags"); return (0, 0)
        }
        return (f, v)
    }

    @Test func eachSwitchSetsItsBit() throws {
        let plain = try Self.flags("")
        // The default text view of the pairs (test7): selectable, editable, rich, graphics, 0x100, background.
        #expect(plain.shared == 0x90F)
        #expect(plain.view == 0x86)
        let switches: [(String, Int64, Bool)] = [
            (#"selectable="NO""#, 0x1, false), (#"editable="NO""#, 0x2, false), (#"richText="NO""#, 0x4, false),
            (#"importsGraphics="NO""#, 0x8, false), (#"usesFontPanel="YES""#, 0x20, true),
            (#"continuousSpellChecking="YES""#, 0x80, true), (#"smartInsertDelete="YES""#, 0x200, true),
            (#"allowsUndo="YES""#, 0x400, true), (#"drawsBackground="NO""#, 0x800, false), (#"findStyle="panel""#, 0x2000, true),
        ]
        for (attribute, bit, sets) in switches {
            let f = try Self.flags(attribute).shared
            #expect(f & bit == (sets ? bit : 0), "\(attribute)")
            #expect(f & ~bit == plain.shared & ~bit, "\(attribute) changes only its bit")
        }
        // The find bar is not the find panel.
        #expect(try Self.flags(#"findStyle="bar""#).shared & 0x2000 == 0)
    }

    @Test func resizingBits() throws {
        #expect(try Self.flags(#"horizontallyResizable="YES""#).view == 0x87)
        #expect(try Self.flags(#"verticallyResizable="YES""#).view == 0x86)
        #expect(try Self.flags(#"verticallyResizable="NO""#).view == 0x84)
        #expect(try Self.flags(#"horizontallyResizable="YES" verticallyResizable="NO""#).view == 0x85)
    }
}
