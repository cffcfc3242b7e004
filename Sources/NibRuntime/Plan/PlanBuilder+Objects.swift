import NibArchive

extension PlanBuilder {
    /// Step 1: classifies every object as structural, a value, a placeholder or an instance to create, and
    /// resolves each instance's class (custom class, class swapper, fallback classes) through the registry.
    mutating func classifyObjects(ownerIndex: Int?) {
        let count = archive.objectCount
        slots = Array(repeating: .structural, count: count)
        for i in 1..<count {
            let cls = className[i]
            if Self.structuralClasses.contains(cls) { continue }
            if FoundationClasses.isValue(cls) {
                slots[i] = .value
                continue
            }
            if i == ownerIndex { slots[i] = .placeholder(.owner); continue }
            switch cls {
            case "UIProxyObject":
                let id = string(i, "UIProxiedObjectIdentifier") ?? ""
                switch id {
                case "IBFilesOwner": slots[i] = .placeholder(.owner)
                case "IBFirstResponder": slots[i] = .placeholder(.firstResponder)
                case "UIStoryboardPlaceholder": slots[i] = .placeholder(.storyboard)
                default: slots[i] = .placeholder(.external(id))
                }
                continue
            case "NSNibExternalObjectPlaceholder":
                slots[i] = .placeholder(.external(string(i, "NSExternalObjectPlaceholderIdentifier") ?? ""))
                continue
            default: break
            }
            // A created object: resolve its class.
            var reported = cls
            var original: String?
            var registered: RegisteredClass?
            switch cls {
            case "UIClassSwapper", "NSClassSwapper":
                let prefix = cls == "UIClassSwapper" ? "UI" : "NS"
                let custom = string(i, prefix + "ClassName")
                original = string(i, prefix + "OriginalClassName")
                reported = custom ?? original ?? cls
                registered = custom.flatMap { registry.lookup($0) } ?? original.flatMap { registry.lookup($0) }
            case "NSCustomObject":
                let custom = string(i, "NSClassName") ?? "NSObject"
                if custom == "NSApplication" && registry.lookup(custom) == nil {
                    slots[i] = .placeholder(.application)
                    continue
                }
                original = cls
                reported = custom
                registered = registry.lookup(custom)
            default:
                registered = registry.lookup(cls)
                if registered == nil {
                    let classIndex = archive.object(i).classIndex
                    for f in archive.fallbacks(ofClass: classIndex) {
                        if let r = registry.lookup(archive.className(f)) { registered = r; break }
                    }
                }
            }
            slots[i] = .instance(Int32(instances.count))
            instances.append(PlanInstance(objectIndex: Int32(i), className: reported, originalClassName: original,
                                          registered: registered, valueStart: 0, valueEnd: 0))
        }
        for i in 1..<count { if case .placeholder(let p) = slots[i] { placeholders.append((Int32(i), p)) } }
    }

    /// Step 2: decodes the values of every created object into plan values (back references weak).
    mutating func decodeInstanceValues() {
        let weakKeys = Set(Self.backReferenceKeys.compactMap { key($0) })
        for n in instances.indices {
            let i = Int(instances[n].objectIndex)
            let start = values.count
            for v in archive.object(i).values {
                var converted = planValue(archive.value(v))
                if case .ref(let j) = converted, weakKeys.contains(archive.valueKeyIndex(v)) { converted = .weakRef(j) }
                valueKeys.append(Int32(archive.valueKeyIndex(v)))
                values.append(converted)
            }
            let old = instances[n]
            instances[n] = PlanInstance(objectIndex: old.objectIndex, className: old.className, originalClassName: old.originalClassName,
                                        registered: old.registered, valueStart: Int32(start), valueEnd: Int32(values.count))
        }
    }
}
