import NibArchive
import Testing

/// The Swift runtime class names shared by the compilers and the runtime registry.
@Suite struct SwiftClassNameTests {
    @Test(arguments: [
        ("Segmentio", "RoundImageView", "_TtC9Segmentio14RoundImageView"),
        ("Kit", "Outer.Inner", "_TtCC3Kit5Outer5Inner"),
        ("A", "B.C.D", "_TtCCC1A1B1C1D"),
        ("DuckDuckGo", "_TtC10DuckDuckGo4Cell", "_TtC10DuckDuckGo4Cell"),
    ])
    func mangledAndBack(_ module: String, _ name: String, _ mangled: String) {
        #expect(SwiftClassName.mangled(module: module, name: name) == mangled)
        if !name.hasPrefix("_Tt") {
            #expect(SwiftClassName.demangled(mangled) == "\(module).\(name)")
        }
    }

    /// Edge cases of the byte-level ASCII path, spelled out: empty parts keep their zero length, and a
    /// non-ASCII name (the Character-splitting path) and module are counted in UTF-8 bytes.
    @Test(arguments: [
        ("Kit", "", "_TtC3Kit0"),
        ("Kit", "A..B", "_TtCCC3Kit1A01B"),
        ("Kit", "A.", "_TtCC3Kit1A0"),
        ("Modül", "View", "_TtC6Modül4View"),
        ("Kit", "Vïew.Cell", "_TtCC3Kit5Vïew4Cell"),
        ("Kit", "A.\u{301}B", "_TtC3Kit5A.\u{301}B"),
    ])
    func mangledEdgeCases(_ module: String, _ name: String, _ mangled: String) {
        #expect(SwiftClassName.mangled(module: module, name: name) == mangled)
    }

    @Test(arguments: ["UIView", "_TtC9Segmentio14Round", "_TtC9Segmentio14RoundImageViewX", "_TtC", "_Tt3Kit4Card",
                      "_TtC0", "_TtC99999999999999999999Kit", "_TtCC3Kit5Outer", ""])
    func malformedNamesAreNotDemangled(_ name: String) {
        #expect(SwiftClassName.demangled(name) == nil)
    }
}
