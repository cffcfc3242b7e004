import NibArchive
import XIB

/// Cocoa bindings controllers (`<objectController>`, `<arrayController>`, `<treeController>`,
/// `<dictionaryController>`, `<userDefaultsController>`): the keys their `initWithCoder:` reads
/// (NSObjectController: NSEditable, NSObjectClassName, NSAutomaticallyPreparesContent, NSDeclaredKeys;
/// NSArrayController: NSAvoidsEmptySelection, NSPreservesSelection, NSSelectsInsertedObjects,
/// NSFilterRestrictsInsertion, NSClearsFilterPredicateOnInsertion, NSAutomaticallyRearrangesObjects,
/// NSAlwaysUsesMultipleValuesMarker; NSTreeController: NSTreeContentChildrenKey/CountKey/LeafKey).
/// Boolean keys are written only when true, as in the Sparkle pair (an array controller with every
/// option off archives only the keys that stay true); the key order follows that one sample.
extension AppKitCompiler {
    static let controllerClasses: [String: String] = [
        "objectController": "NSObjectController", "arrayController": "NSArrayController",
        "treeController": "NSTreeController", "dictionaryController": "NSDictionaryController",
    ]

    func encodeController(_ node: XIBNode) -> Int {
        let cls = Self.controllerClasses[node.name] ?? "NSObjectController"
        let (i, e0, archivedClass) = beginView(node, cls)
        var e = e0
        node.markUsed("userLabel")
        func flag(_ attribute: String, _ key: String, default on: Bool) {
            let v = node[attribute].map { $0 == "YES" } ?? on
            if v { e.bool(key, true) }
        }
        flag("editable", "NSEditable", default: true)
        // In entity mode the managed proxy names the Core Data entity (`NSEntityName`, the key GNUstep's
        // `_NSManagedProxy` coder reads; no compiled sample). The fetch predicate is not archived yet.
        var proxy = Entries()
        if node.peek("mode", is: "entity"), let entity = node["entityName"] { proxy.obj("NSEntityName", str(entity)) }
        if ["entity", "class"].contains(node.peek("mode") ?? "class") { node.markUsed("mode") }
        e.obj("_NSManagedProxy", b.graph.add(NibObject(className: "_NSManagedProxy", entries: proxy.list)))
        // `<classReference key="objectClass">` names the same class as `objectClassName` (with its module).
        let reference = node.child("classReference", key: "objectClass")
        if let reference { ctx.ignore(reference) }
        if let c = node["objectClassName"] ?? reference?.peek("className") { e.obj("NSObjectClassName", str(c)) }
        flag("automaticallyPreparesContent", "NSAutomaticallyPreparesContent", default: false)
        if cls != "NSObjectController" {
            flag("avoidsEmptySelection", "NSAvoidsEmptySelection", default: true)
            flag("preservesSelection", "NSPreservesSelection", default: true)
            flag("selectsInsertedObjects", "NSSelectsInsertedObjects", default: true)
        }
        if cls == "NSArrayController" || cls == "NSDictionaryController" {
            flag("filterRestrictsInsertion", "NSFilterRestrictsInsertion", default: true)
        }
        if let keys = declaredKeys(node) { e.obj("NSDeclaredKeys", keys) }
        if cls == "NSArrayController" || cls == "NSDictionaryController" {
            flag("clearsFilterPredicateOnInsertion", "NSClearsFilterPredicateOnInsertion", default: true)
            flag("automaticallyRearrangesObjects", "NSAutomaticallyRearrangesObjects", default: false)
            flag("alwaysUsesMultipleValuesMarker", "NSAlwaysUsesMultipleValuesMarker", default: false)
        }
        if cls == "NSTreeController" {
            if let k = node["childrenKeyPath"] { e.obj("NSTreeContentChildrenKey", str(k)) }
            if let k = node["countKeyPath"] { e.obj("NSTreeContentCountKey", str(k)) }
            if let k = node["leafKeyPath"] { e.obj("NSTreeContentLeafKey", str(k)) }
        }
        finish(i, archivedClass, e)
        collectConnections(node, source: i)
        return i
    }

    /// `<userDefaultsController>`: the shared instance archives NSSharedInstance; an instance of its own
    /// archives NSAppliesImmediately and its declared keys (the Sparkle pair, one sample).
    func encodeUserDefaultsController(_ node: XIBNode) -> Int {
        let i = define(node, "NSUserDefaultsController")
        node.markUsed("userLabel")
        var e = Entries()
        if node["representsSharedInstance"] == "YES" {
            e.bool("NSSharedInstance", true)
        } else {
            if node["appliesImmediately"] != "NO" { e.bool("NSAppliesImmediately", true) }
            if let keys = declaredKeys(node) { e.obj("NSDeclaredKeys", keys) }
        }
        finish(i, "NSUserDefaultsController", e)
        collectConnections(node, source: i)
        return i
    }

    /// The `<declaredKeys>` strings as an NSMutableArray (nil when the element is absent).
    private func declaredKeys(_ node: XIBNode) -> Int? {
        guard let d = node.child("declaredKeys") else { return nil }
        d.visited = true
        var items: [Int] = []
        for s in d.children where s.isNamed("string") {
            s.visited = true
            items.append(str(s.text))
        }
        return b.mutableArray(items)
    }
}
