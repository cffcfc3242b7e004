extension InstantiationRun {
    /// Whether archive object `j` is the File's Owner placeholder while the owner is nil.
    func isNilOwner(_ j: Int) -> Bool { plan.slots[j].isOwner && owner == nil }

    /// Makes every outlet, outlet collection, action and runtime attribute connection, in archive order.
    func connect() throws {
        // The File's Owner is the source of most key-value connections: look its conformance up once.
        ownerConnectable = owner as? NibConnectable
        for (k, connection) in plan.connections.enumerated() {
            let s = Int(connection.sourceIndex)
            switch connection {
            case .outlet(_, let label, let destination):
                if let g = genericObject(s) {
                    g.connectLoaderOutlet()
                } else {
                    try connectable(s, key: label)?.setOutlet(label, to: resolve(destination, key: nil, requester: nil).object)
                }
            case .collection(_, let label, let destinations, let appending):
                if let g = genericObject(s) {
                    // Elements the plan marks weak are held weakly, so a collection never closes a cycle.
                    let strong = plan.strongCollectionElements[k] ?? []
                    var elements = [NibDecodedValue]()
                    for (i, d) in destinations.enumerated() {
                        guard let object = resolve(d, key: nil, requester: nil).object else { continue }
                        elements.append(i < strong.count && strong[i] ? .object(object) : .weakObject(NibWeakReference(object)))
                    }
                    g.recordOutletCollection(label, elements: elements, appending: appending)
                    continue
                }
                let targets = destinations.compactMap { resolve($0, key: nil, requester: nil).object }
                try connectable(s, key: label)?.setOutletCollection(label, to: targets, appending: appending)
            case .action(_, let selector, let destination, let events):
                if let d = destination, isNilOwner(Int(d)) { throw NibLoadingError.nilOwner(key: selector) }
                let target = destination.flatMap { object(Int($0)) }
                guard let source = object(s) else {
                    if isNilOwner(s) { throw NibLoadingError.nilOwner(key: selector) }
                    continue
                }
                if let g = genericObject(s) {
                    g.recordAction(target: target, selector: selector, events: events)
                    continue
                }
                guard let control = source as? NibConnectable else {
                    throw NibLoadingError.unrecognizedSelector(className: NibRuntimeNames.className(of: source), selector: selector)
                }
                try control.addAction(target: target, selector: selector, events: events)
            case .attribute(_, let keyPath, let value):
                var resolved = resolve(value, key: nil, requester: nil)
                // A generic object holds an object-valued attribute weakly unless the plan lets it own the
                // object (nothing else keeps it alive and no cycle closes), as for outlets.
                if genericObject(s) != nil {
                    if case .object(let object) = resolved {
                        if !plan.strongOutlets[k] { resolved = .weakObject(NibWeakReference(object)) }
                    } else {
                        // Collections are no attribute type Interface Builder writes; objects inside one (only a
                        // hostile nib has them, and they can point back up the tree) are held weakly.
                        resolved = resolved.weakeningObjects()
                    }
                }
                try connectable(s, key: keyPath)?.setRuntimeAttribute(keyPath, to: resolved)
            }
        }
    }

    /// The source of a key-value connection, or UIKit's error for it; nil for an absent AppKit
    /// Application object or First Responder, whose connections are skipped.
    func connectable(_ s: Int, key: String) throws -> NibConnectable? {
        if let c = ownerConnectable, plan.slots[s].isOwner { return c }
        guard let source = object(s) else {
            if isNilOwner(s) { throw NibLoadingError.nilOwner(key: key) }
            return nil
        }
        guard let c = source as? NibConnectable else {
            throw NibLoadingError.undefinedKey(className: NibRuntimeNames.className(of: source), key: key)
        }
        return c
    }
}
