import NibArchive

extension PlanBuilder {
    /// Step 3 for iOS: reads `UINibConnectionsKey` (outlets, outlet collections, event connections),
    /// `UINibKeyValuePairsKey` (user-defined runtime attributes), accessibility configurations, the top-level
    /// objects and the document order.
    mutating func uiKitConnections() -> PlanConnectionTable {
        var connections = [PlanConnection]()
        var topLevel = [Int32]()
        for c in objectList(0, "UINibConnectionsKey") {
            guard let source = refValue(c, "UISource") else { continue }
            let label = string(c, "UILabel") ?? ""
            switch className[c] {
            case "UIRuntimeOutletConnection":
                connections.append(.outlet(source: Int32(source), label: label, destination: destination(c, "UIDestination")))
            case "UIRuntimeOutletCollectionConnection":
                var dests = [PlanValue]()
                if case .object(let a)? = raw(c, "UIDestination") {
                    dests = planValue(.object(a)).collectionElements ?? []
                }
                var appending = false
                if case .bool(let b)? = raw(c, "addsContentToExistingCollection") { appending = b }
                connections.append(.collection(source: Int32(source), label: label, destinations: dests, appending: appending))
            case "UIRuntimeEventConnection":
                var mask: UInt64 = 0
                if case .int(let m)? = raw(c, "UIEventMask") { mask = UInt64(bitPattern: m) }
                let dest = refValue(c, "UIDestination")
                let target: Int32? = dest.flatMap { d in
                    if case .placeholder(.firstResponder) = slots[d] { return nil }
                    return Int32(d)
                }
                connections.append(.action(source: Int32(source), selector: label, destination: target, events: mask))
            default: break
            }
        }
        for c in objectList(0, "UINibKeyValuePairsKey") where className[c] == "UINibKeyValuePair" {
            guard let target = refValue(c, "UIObject"), let path = string(c, "UIKeyPath") else { continue }
            connections.append(.attribute(object: Int32(target), keyPath: path, value: raw(c, "UIValue").map { planValue($0) } ?? .null))
        }
        for c in objectList(0, "UINibAccessibilityConfigurationsKey") where className[c] == "UIRuntimeAccessibilityConfiguration" {
            guard let target = refValue(c, "UIAccessibileObject") else { continue }
            for (key, path) in [("UIAccessibilityLabel", "accessibilityLabel"), ("UIAccessibilityIdentifier", "accessibilityIdentifier"),
                                ("UIAccessibilityHint", "accessibilityHint"), ("UIAccessibilityValue", "accessibilityValue"),
                                ("UIIsAccessibilityElement", "isAccessibilityElement"), ("UIAccessibilityTraits", "accessibilityTraits")] {
                if let v = raw(c, key) {
                    connections.append(.attribute(object: Int32(target), keyPath: path, value: planValue(v)))
                }
            }
        }
        for t in objectList(0, "UINibTopLevelObjectsKey") {
            if case .instance = slots[t] { topLevel.append(Int32(t)) }
        }
        let documentOrder = objectList(0, "UINibObjectsKey")
        return PlanConnectionTable(connections: connections, topLevel: topLevel, documentOrder: documentOrder)
    }
}
