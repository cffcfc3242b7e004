import XIB
/// UIKit's connections, collected while encoding and resolved after every object exists (destinations may be
/// defined later in the document): `UIKitCompiler` turns them into `UIRuntime…Connection` objects, and the
/// storyboard builders keep those of each scene and view nib. AppKit collects its connectors (outlets, actions,
/// bindings, tool tips, runtime attributes) in a table of its own (`AppKit/AppKitConnectors.swift`).
struct ConnectionTable {
    struct Outlet {
        var label: String
        var source: Int
        var destination: String
        var node: XIBNode
    }
    struct Collection {
        var label: String
        var source: Int
        var destinations: [(String, XIBNode)]
        var collectionClass: String?
        var appends: Bool
        var node: XIBNode
    }
    struct Action {
        var selector: String
        var source: Int
        var destination: String
        var eventType: String?
        var node: XIBNode
    }
    var outlets: [Outlet] = []
    var collections: [Collection] = []
    /// (source, label) → index in `collections`.
    var collectionIndex: [String: Int] = [:]
    var actions: [Action] = []
}

extension UIKitCompiler {
    /// `UIControlEvents` bits by XIB `eventType`.
    static let eventMasks: [String: Int] = [
        "touchDown": 1, "touchDownRepeat": 2, "touchDragInside": 4, "touchDragOutside": 8, "touchDragEnter": 16,
        "touchDragExit": 32, "touchUpInside": 64, "touchUpOutside": 128, "touchCancel": 256, "valueChanged": 4096,
        "primaryActionTriggered": 8192, "menuActionTriggered": 16384, "editingDidBegin": 65536, "editingChanged": 131072,
        "editingDidEnd": 262144, "editingDidEndOnExit": 524288, "allTouchEvents": 4095, "allEditingEvents": 983040,
    ]

    func collectConnections(_ node: XIBNode, source: Int) {
        node.visited = true
        for c in node.children {
            c.visited = true
            switch c.name {
            case "outlet":
                guard let p = c["property"], let d = c["destination"] else { ctx.error(at: c, "outlet needs property and destination"); continue }
                connections.outlets.append(.init(label: p, source: source, destination: d, node: c))
            case "outletCollection":
                guard let p = c["property"], let d = c["destination"] else { ctx.error(at: c, "outletCollection needs property and destination"); continue }
                let key = "\(source)|\(p)"
                let cls = c["collectionClass"]
                let appends = c["appends"] == "YES"
                if let at = connections.collectionIndex[key] {
                    connections.collections[at].destinations.append((d, c))
                    if cls != nil { connections.collections[at].collectionClass = cls }
                    if appends { connections.collections[at].appends = true }
                } else {
                    connections.collectionIndex[key] = connections.collections.count
                    connections.collections.append(.init(label: p, source: source, destinations: [(d, c)], collectionClass: cls, appends: appends, node: c))
                }
            case "action":
                guard let s = c["selector"], let d = c["destination"] else { ctx.error(at: c, "action needs selector and destination"); continue }
                let ev = c["eventType"]
                if let ev, Self.eventMasks[ev] == nil { ctx.warning(at: c, "unknown eventType '\(ev)'") }
                connections.actions.append(.init(selector: s, source: source, destination: d, eventType: ev, node: c))
            case "segue":
                if let segueHandler { segueHandler(c, source) } else { ctx.warning(at: c, "segues are not supported in XIB compilation; ignored") }
            default:
                c.visited = false
            }
        }
    }

    /// Connection objects in ibtool's order: collections, outlets (by label), actions (by selector).
    func buildConnections() -> [Int] {
        var out: [Int] = []
        // Labels in the document order of their first element (OmniBar: gestureRecognizers, trackerIcons,
        // trackerIconConstraints; Settings fAo-H3-Yyo: labels, accessoryLabels; neither is sorted by label);
        // equal labels (one per source) by the connection element's id (OmniBar's three
        // `gestureRecognizers` collections follow their ids, not document order).
        var firstOrder: [String: Int] = [:]
        for c in connections.collections { firstOrder[c.label] = min(firstOrder[c.label] ?? .max, c.node.order) }
        let cols = connections.collections.enumerated().sorted { a, b2 in
            if a.element.label != b2.element.label { return firstOrder[a.element.label]! < firstOrder[b2.element.label]! }
            let ia = a.element.node.peek("id") ?? "", ib = b2.element.node.peek("id") ?? ""
            return ia != ib ? ia.utf8.lexicographicallyPrecedes(ib.utf8) : a.offset < b2.offset
        }.map(\.element)
        for c in cols {
            var dests: [Int] = []
            for (d, n) in c.destinations { dests.append(ctx.reference(d, from: n)) }
            var e = Entries()
            e.obj("UILabel", b.string(c.label))
            e.obj("UISource", c.source)
            e.obj("UIDestination", b.mutableArray(dests))
            e.obj("runtimeCollectionClassName", b.string(c.collectionClass ?? (c.appends ? "NSArray" : "NSArray")))
            e.bool("addsContentToExistingCollection", c.appends)
            out.append(b.graph.add(.init(className: "UIRuntimeOutletCollectionConnection", entries: e.list)))
        }
        for o in connections.outlets.stableSortedByUTF8(\.label) {
            var e = Entries()
            e.obj("UILabel", b.string(o.label))
            e.obj("UISource", o.source)
            e.obj("UIDestination", ctx.reference(o.destination, from: o.node))
            out.append(b.graph.add(.init(className: "UIRuntimeOutletConnection", entries: e.list)))
        }
        for a in connections.actions.stableSortedByUTF8(\.selector) {
            var e = Entries()
            e.obj("UILabel", b.string(a.selector))
            e.obj("UISource", a.source)
            e.obj("UIDestination", ctx.reference(a.destination, from: a.node))
            if let ev = a.eventType, let m = Self.eventMasks[ev] { e.int("UIEventMask", m) }
            out.append(b.graph.add(.init(className: "UIRuntimeEventConnection", entries: e.list)))
        }
        ctx.finishReferences()
        return out
    }
}
