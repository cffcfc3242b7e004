import NibArchive
import XIB

/// The runtime name of a custom class, for both platforms: which module a Swift class is mangled in.
struct CustomClassName {
    /// The name to archive: the Swift mangled name in `module`, or the class name as written without one.
    var name: String
    /// The module the class was mangled in; nil when it is written unmangled.
    var module: String?

    /// The runtime name of `node`'s `customClass`, nil without one.
    ///
    /// As ibtool's `--module`: for `customModuleProvider="target"` a non-empty `moduleName` wins over the
    /// `customModule` attribute (which Interface Builder leaves stale when a target is renamed); otherwise a
    /// non-empty `customModule` is the module. An empty `--module` is no module: the attribute still applies.
    /// Without either the class is written as it is (an Objective-C class, or a Swift one whose module is
    /// missing: the caller may warn).
    init?(_ node: XIBNode, moduleName: String?) {
        guard let custom = node["customClass"] else { return nil }
        let attribute = node["customModule"]
        let provider = node["customModuleProvider"]
        if provider == "target", let moduleName, !moduleName.isEmpty {
            module = moduleName
        } else if let attribute, !attribute.isEmpty {
            module = attribute
        } else {
            module = nil
        }
        name = module.map { SwiftClassName.mangled(module: $0, name: custom) } ?? custom
    }
}
