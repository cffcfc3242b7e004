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

    /// Every Swift-mangled class name of the compiled nib (Interface Builder's own class reference keeps the
    /// name as written, so only mangled names are compared; an unmangled runtime name gives none).
    static func classNames(_ xib: String, module: String?) throws -> Set<String> {
        let nib = try CompiledXIB(xib, options: CompileOptions(moduleName: module))
        return Set(nib.graph.objects.indices.compactMap { nib.string(.object($0)) }.filter { $0.hasPrefix("_Tt") })
    }

    @Test(arguments: [("iOS", CustomClassModuleTests.iOS), ("macOS", CustomClassModuleTests.macOS)])
    func theModuleOfATargetClass(_ platform: String, _ xib: String) throws {
        // The command line's module wins over the attribute.
        let other = try Self.classNames(xib, module: "Other")
        #expect(other == ["_TtC5Other9BadgeView"], "\(platform): \(other)")
        // No module, or an empty one: the attribute's.
        for module in [nil, ""] as [String?] {
            let names = try Self.classNames(xib, module: module)
            #expect(names == ["_TtC3App9BadgeView"], "\(platform), module \(String(describing: module)): \(names)")
        }
    }
}
