import Testing
import NibArchive
import NibCompiler
import NibCompilerTestSupport

/// Which module a Swift custom class is mangled in, one rule for both platforms (`CustomClassName`): for
/// `customModuleProvider="target"` a non-empty `--module` wins over the `customModule` attribute; an empty
/// `--module` is no module, so the attribute applies.
@Suite struct CustomClassModuleTests {
    static let iOS = XIBEnvelope.iOS(objects: """
                <view contentMode="scaleToFill" id="1" customClass="BadgeView" customModule="App" customModuleProvider="target">
                    <rect key="frame" x="0.0" y="0.0" width="100" height="100"/>
                </view>
        """, firstResponder: true)

    static let macOS = XIBEnvelope.macOS(objects: """
                <customView id="1" customClass="BadgeView" customModule="App" customModuleProvider="target">
                    <rect key="frame" x="0.0" y="0.0" width="100" height="100"/>
                </customView>
        """)

    /// Every string of the compiled nib that names `BadgeView`.
    static func classNames(_ xib: String, module: String?) throws -> Set<String> {
        let nib = try CompiledXIB(xib, options: CompileOptions(moduleName: module))
        return Set(nib.graph.objects.indices.compactMap { nib.string(.object($0)) }.filter { $0.hasSuffix("BadgeView") })
    }

    @Test(arguments: [("iOS", CustomClassModuleTests.iOS), ("macOS", CustomClassModuleTests.macOS)])
    func theModuleOfATargetClass(_ platform: String, _ xib: String) throws {
        // The command line's module wins over the attribute.
        #expect(try Self.classNames(xib, module: "Other") == ["_TtC5Other9BadgeView"], "\(platform)")
        // No module, or an empty one: the attribute's.
        #expect(try Self.classNames(xib, module: nil) == ["_TtC3App9BadgeView"], "\(platform)")
        #expect(try Self.classNames(xib, module: "") == ["_TtC3App9BadgeView"], "\(platform)")
    }
}
