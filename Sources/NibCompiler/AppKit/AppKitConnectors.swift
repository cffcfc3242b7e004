import NibArchive
import XIB

/// A connection collected while encoding; built once every object exists.
struct PendingConnector {
    /// 0 outlets, 1 actions, 2 bindings, 3 help (tool tips), 4 user-defined runtime attributes.
    var group: Int
    var sourceID: String
    var label: String
    var node: XIBNode
    var source: Int
    /// The destination's id when `node` does not name it (storyboard segues: a control's `perform:` action to
    /// its segue template, a template's `anchorView` or `containerView` outlet).
    var destinationID: String? = nil
}

extension AppKitCompiler {
    /// Records the `<connections>` children of `node` (outlets, actions, bindings) with `source` as source.
    func collectConnections(_ node: XIBNode, source: Int) {
        let sid = node.peek("id") ?? ""
        for c in node.children where c.isNamed("connections") {
            c.visited = true
            for k in c.children {
                k.visited = true
                switch k.name {
                case "outlet":
                    connectors.append(PendingConnector(group: 0, sourceID: sid, label: k.peek("property") ?? "", node: k, source: source))
                case "action":
                    if skipTriggeredAction(k) { continue }
                    connectors.append(PendingConnector(group: 1, sourceID: sid, label: k.peek("selector") ?? "", node: k, source: source))
                case "binding":
                    connectors.append(PendingConnector(group: 2, sourceID: sid, label: k.peek("name") ?? "", node: k, source: source))
                case "segue" where segueHandler != nil:
                    segueHandler?(k, source)
                case "accessibilityConnection":
                    skipAccessibilityRelationship(k)
                default:
                    ctx.warning(at: k, "connection <\(k.name)> is not supported yet; ignored")
                    ctx.ignore(k)
                }
            }
        }
        if let attributes = node.children.first(where: { $0.isNamed("userDefinedRuntimeAttributes") }) {
            attributes.visited = true
            connectors.append(PendingConnector(group: 4, sourceID: sid, label: "", node: attributes, source: source))
        }
        // Tool tips.
        if let tip = node["toolTip"] {
            connectors.append(PendingConnector(group: 3, sourceID: sid, label: tip, node: node, source: source))
        } else if let t = node.children.first(where: { $0.isNamed("string") && $0.peek("key", is: "toolTip") }) {
            t.visited = true
            _ = t["key"]
            if t["base64-UTF8"] == "YES" {
                // ibtool archives no help connector for base64 tool tips.
            } else {
                connectors.append(PendingConnector(group: 3, sourceID: sid, label: t.text, node: node, source: source))
            }
        }
        if let ax = node.children.first(where: { $0.isNamed("accessibility") }) {
            ctx.ignore(ax)
            for (attr, type) in [("description", "AXDescription"), ("help", "AXHelp"), ("identifier", "AXIdentifier")] {
                guard let v = ax.peek(attr) else { continue }
                var e = Entries()
                e.obj("AXDestinationArchiveKey", source)
                e.obj("AXAttributeTypeArchiveKey", mutableString(type))
                e.obj("AXAttributeValueArchiveKey", str(v))
                axConnectors.append(b.graph.add(NibObject(className: "NSNibAXAttributeConnector", entries: e.list)))
            }
        }
    }

    func mutableString(_ s: String) -> Int {
        b.graph.add(NibObject(className: "NSMutableString", entries: [NibEntry(key: FoundationKeys.bytes, value: .data(Array(s.utf8)))]))
    }

    /// Orders ids as ibtool: integer ids numerically first, then the others by bytes.
    static func idPrecedes(_ a: String, _ b: String) -> Bool {
        let ia = Int(a), ib = Int(b)
        switch (ia, ib) {
        case let (x?, y?): return x < y
        case (_?, nil): return true
        case (nil, _?): return false
        default: return a.utf8.lexicographicallyPrecedes(b.utf8)
        }
    }

    /// Builds the connector objects of `pending` (collected connections) in ibtool's order; returns them.
    func buildConnectors(_ pending: [PendingConnector]) -> [Int] {
        let sorted = pending.enumerated().sorted { x, y in
            let a = x.element, c = y.element
            if a.group != c.group { return a.group < c.group }
            if a.sourceID != c.sourceID { return Self.idPrecedes(a.sourceID, c.sourceID) }
            if a.label != c.label { return a.label.utf8.lexicographicallyPrecedes(c.label.utf8) }
            return x.offset < y.offset
        }.map(\.element)
        var out: [Int] = []
        // Binding connectors by connection id, for `previousBinding` (reserved when referenced before built).
        var bindingConnectors: [String: Int] = [:]
        let bindingIDs = Set(sorted.lazy.filter { $0.group == 2 }.compactMap { $0.node.peek("id") })
        for p in sorted {
            let k = p.node
            var e = Entries()
            switch p.group {
            case 0:
                e.obj("NSSource", p.source)
                if let d = p.destinationID ?? k["destination"] { e.obj("NSDestination", ctx.reference(d, from: k)) }
                e.obj("NSLabel", str(k["property"] ?? p.label))
                e.null("NSChildControllerCreationSelectorName")
                k.markUsed("id")
                out.append(b.graph.add(NibObject(className: "NSNibOutletConnector", entries: e.list)))
            case 1:
                e.obj("NSSource", p.source)
                if let t = p.destinationID ?? k["target"], t != "-1", !firstResponderIDs.contains(t) { e.obj("NSDestination", ctx.reference(t, from: k)) }
                e.obj("NSLabel", str(k["selector"] ?? p.label))
                k.markUsed("id")
                out.append(b.graph.add(NibObject(className: "NSNibControlConnector", entries: e.list)))
            case 2:
                let name = k["name"] ?? ""
                let path = k["keyPath"] ?? ""
                e.obj("NSSource", p.source)
                if let d = k["destination"] { e.obj("NSDestination", ctx.reference(d, from: k)) }
                e.obj("NSLabel", str("\(name): \(path)"))
                e.obj("NSBinding", str(name))
                e.obj("NSKeyPath", str(path))
                if let opts = k.children.first(where: { $0.isNamed("dictionary") && $0.peek("key", is: "options") }) {
                    e.obj("NSOptions", encodeDictionary(opts))
                }
                // A binding of several values (`maxValue`, then `value`) names the connector bound before it. The
                // key is in the one compiled sample (sparkle/SUStatus, a keyed archive: its place in the key order
                // is inferred, before the version that ends the coder).
                if let previous = k["previousBinding"] {
                    if bindingIDs.contains(previous) {
                        let index = bindingConnectors[previous] ?? b.new("NSNibBindingConnector")
                        bindingConnectors[previous] = index
                        e.obj("NSPreviousConnector", index)
                    } else {
                        ctx.warning(at: k, "<binding>: previousBinding '\(previous)' names no binding of this document; ignored")
                    }
                }
                e.int("NSNibBindingConnectorVersion", 2)
                k.markUsed("id")
                let connector = NibObject(className: "NSNibBindingConnector", entries: e.list)
                if let id = k.peek("id"), let reserved = bindingConnectors[id] {
                    b.set(reserved, connector)
                    out.append(reserved)
                } else {
                    let index = b.graph.add(connector)
                    if let id = k.peek("id") { bindingConnectors[id] = index }
                    out.append(index)
                }
            case 4:
                out.append(runtimeAttributesConnector(k, object: p.source))
            default:
                e.obj("NSDestination", p.source)
                e.obj("NSFile", str("NSToolTipHelpKey"))
                e.obj("NSMarker", str(p.label))
                out.append(b.graph.add(NibObject(className: "NSIBHelpConnector", entries: e.list)))
            }
        }
        return out
    }

    /// `<dictionary>` of binding options and similar: keys in document order.
    func encodeDictionary(_ node: XIBNode) -> Int {
        ctx.ignore(node)
        var pairs: [(Int, Int)] = []
        for c in node.children {
            guard let key = c.peek("key") else { continue }
            guard let v = encodePlainValue(c) else { continue }
            pairs.append((str(key), v))
        }
        return b.dictionary("NSDictionary", pairs)
    }

    /// `<string>`, `<integer>`, `<real>`, `<bool>`, `<nil>` values.
    func encodePlainValue(_ c: XIBNode) -> Int? {
        ctx.ignore(c)
        switch c.name {
        case "string": return str(c.peek("base64-UTF8", is: "YES") ? decodeBase64String(c.text) : c.text)
        case "integer": return b.number(Int64(c.peek("value") ?? "0") ?? 0)
        case "real": return b.number(Double(c.peek("value") ?? "0") ?? 0)
        case "decimal": return decimalNumber(c.peek("value") ?? "0")
        case "bool":
            return b.number(c.peek("value", is: "YES"))
        default: return nil
        }
    }
}

/// Decodes base64 text (whitespace ignored); invalid input yields what could be decoded.
func decodeBase64(_ text: String) -> [UInt8] {
    var table = [UInt8](repeating: 255, count: 256)
    for (i, ch) in "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8.enumerated() { table[Int(ch)] = UInt8(i) }
    var out: [UInt8] = []
    out.reserveCapacity(text.utf8.count * 3 / 4)
    var acc: UInt32 = 0
    var bits = 0
    for ch in text.utf8 {
        let v = table[Int(ch)]
        if v == 255 { continue }
        acc = (acc << 6) | UInt32(v)
        bits += 6
        if bits >= 8 {
            bits -= 8
            out.append(UInt8((acc >> UInt32(bits)) & 0xFF))
        }
    }
    return out
}

/// Decodes base64 text holding UTF-8 (a document's `<string base64-UTF8="YES">`).
public func decodeBase64String(_ text: String) -> String {
    String(decoding: decodeBase64(text), as: UTF8.self)
}
