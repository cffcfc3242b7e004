import NibArchive

extension PlanBuilder {
    /// Step 3 for macOS: reads the connections of `NSIBObjectData` object `od`.
    mutating func appKitConnections(objectData od: Int, ownerIndex: Int?) -> PlanConnectionTable {
        var connections = [PlanConnection]()
        var topLevel = [Int32]()
        for c in objectList(od, "NSConnections") {
            guard let source = refValue(c, "NSSource") else { continue }
            let label = string(c, "NSLabel") ?? ""
            switch className[c] {
            case "NSNibOutletConnector":
                connections.append(.outlet(source: Int32(source), label: label, destination: destination(c, "NSDestination")))
            case "NSNibControlConnector":
                connections.append(.action(source: Int32(source), selector: label,
                                           destination: refValue(c, "NSDestination").map(Int32.init), events: 0))
            default: break
            }
        }
        for c in objectList(od, "NSConnections") where className[c] == "NSIBUserDefinedRuntimeAttributesConnector" {
            guard let target = refValue(c, "NSObject") else { continue }
            let paths = objectList(c, "NSKeyPaths")
            let vals = objectList(c, "NSValues")
            for (p, v) in zip(paths, vals) {
                if let path = stringObject(p) {
                    connections.append(.attribute(object: Int32(target), keyPath: path, value: planValue(.object(v))))
                }
            }
        }
        let keysList = objectList(od, "NSObjectsKeys")
        let parents = objectList(od, "NSObjectsValues")
        let documentOrder = keysList
        for (k, p) in zip(keysList, parents) where p == ownerIndex {
            if case .instance = slots[k] { topLevel.append(Int32(k)) }
        }
        return PlanConnectionTable(connections: connections, topLevel: topLevel, documentOrder: documentOrder)
    }
}
