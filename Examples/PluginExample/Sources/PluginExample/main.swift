import Foundation
import NibRuntime

/// Stands in for a nib's File's Owner: records every outlet and action the nib connects to it.
final class Owner: NibConnectable {
    var outlets: [String] = []
    func setOutlet(_ name: String, to object: AnyObject?) throws { outlets.append(name) }
    func setOutletCollection(_ name: String, to objects: [AnyObject], appending: Bool) throws { outlets.append(name) }
    func addAction(target: AnyObject?, selector: String, events: UInt64) throws {}
    func setRuntimeAttribute(_ keyPath: String, to value: NibDecodedValue) throws {}
}

/// The object the Settings nib expects from its owner under the proxy identifier "SettingsStore".
final class SettingsStore {}

// Each nib the plugin compiled is in the target's resource bundle; instantiate it and print its
// top-level objects' classes and the owner's outlets. Custom classes of customModuleProvider="target"
// carry this target's module, PluginExample (the plugin passes --module).
var failed = false
for name in ["Login", "Settings"] {
    guard let url = Bundle.module.url(forResource: name, withExtension: "nib") else {
        print("\(name).nib: missing from Bundle.module")
        failed = true
        continue
    }
    do {
        let owner = Owner()
        let objects = try NibTemplate(contentsOf: url.path)
            .instantiate(owner: owner, externalObjects: ["SettingsStore": SettingsStore()])
        let classes = objects.map { ($0 as? GenericNibObject)?.className ?? String(describing: type(of: $0)) }
        print("\(name).nib: \(url.path)")
        print("\(name).nib: top-level objects: \(classes.joined(separator: ", ")); owner outlets: \(owner.outlets.sorted().joined(separator: ", "))")
    } catch {
        print("\(name).nib: \(error)")
        failed = true
    }
}
exit(failed ? 1 : 0)
