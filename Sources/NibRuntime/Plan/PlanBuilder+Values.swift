import NibArchive

extension PlanBuilder {
    /// The object referenced by `key` of `object` when it is created or a placeholder.
    mutating func refValue(_ object: Int, _ name: String) -> Int? {
        guard case .object(let j)? = raw(object, name) else { return nil }
        switch slots[j] {
        case .instance, .placeholder: return j
        default: return nil
        }
    }

    mutating func destination(_ object: Int, _ name: String) -> PlanValue {
        guard let v = raw(object, name) else { return .null }
        return planValue(v)
    }

    /// The element object indices of the collection `key` of `object` refers to.
    mutating func objectList(_ object: Int, _ name: String) -> [Int] {
        guard case .object(let a)? = raw(object, name) else { return [] }
        return collectionElements(a).compactMap { v in
            if case .object(let j) = archive.value(v) { return j }
            return nil
        }
    }

    /// Value indices of the elements of collection object `a` (inlined or keyed form).
    func collectionElements(_ a: Int) -> [Int] {
        var result = [Int]()
        var keyed = [(Int, Int)]()
        for v in archive.object(a).values {
            let k = archive.keyBytes(archive.valueKeyIndex(v))
            if k.equals("UINibEncoderEmptyKey") {
                result.append(v)
            } else if k.count > 10, k.string.hasPrefix("NS.object."), let n = Int(k.string.dropFirst(10)) {
                keyed.append((n, v))
            }
        }
        if !keyed.isEmpty {
            result.append(contentsOf: keyed.sorted { $0.0 < $1.0 }.map(\.1))
        }
        return result
    }

    /// Converts an archived value into a plan value, decoding value objects.
    mutating func planValue(_ value: NibValue) -> PlanValue {
        switch value {
        case .int(let v): return .constant(.int(v))
        case .bool(let b): return .constant(.bool(b))
        case .float(let f): return .constant(.float(f))
        case .double(let d): return .constant(.double(d))
        case .data(let b): return .constant(.data(b))
        case .null: return .null
        case .object(let j):
            switch slots[j] {
            case .structural: return .null
            case .instance, .placeholder: return .ref(Int32(j))
            case .value:
                let value = valueObject(j)
                // Only values used outside a value object count: the objects' own elements are in their size.
                if depth == 0 {
                    expandedTotal = expandedTotal &+ (valueCache[j]?.size ?? 1)
                    if expandedTotal > expansionBudget && limitExceeded == nil {
                        limitExceeded = "value objects expand to more than \(expansionBudget) values (collections shared inside one another)"
                    }
                }
                return value
            }
        }
    }

    /// The value of `NSNumber` object `j` (`NS.intval`, `NS.dblval` or `NS.boolval`; 0 when none).
    mutating func numberObject(_ j: Int) -> NibNumber {
        if case .int(let v)? = raw(j, "NS.intval") { return .int(v) }
        if case .double(let d)? = raw(j, "NS.dblval") { return .double(d) }
        if case .float(let f)? = raw(j, "NS.dblval") { return .double(Double(f)) }
        if case .bool(let b)? = raw(j, "NS.boolval") { return .bool(b) }
        if case .int(let v)? = raw(j, "NS.boolval") { return .bool(v != 0) }
        return .int(0)
    }

    mutating func valueObject(_ j: Int) -> PlanValue {
        if let cached = valueCache[j] { return cached.value }
        if inProgress.contains(j) { return .null }
        guard depth < maxDepth, limitExceeded == nil else {
            if limitExceeded == nil { limitExceeded = "value objects nested deeper than \(maxDepth) levels (object \(j))" }
            return .null
        }
        inProgress.insert(j)
        depth += 1
        defer { inProgress.remove(j); depth -= 1 }
        let cls = className[j]
        let result: PlanValue
        // Plan values this object expands to: 1, plus its elements' for collections.
        var size = 1
        if FoundationClasses.strings.contains(cls) {
            result = .constant(.string(stringObject(j) ?? ""))
        } else if FoundationClasses.data.contains(cls) {
            if case .data(let b)? = raw(j, FoundationKeys.bytes) { result = .constant(.data(b)) } else { result = .constant(.data(archive.emptyBytes)) }
        } else if cls == "NSNumber" {
            result = .constant(.number(numberObject(j)))
        } else if FoundationClasses.nibs.contains(cls) {
            var bytes: NibBytes?
            for k in ["archiveData", "NSNibFileData"] {
                if case .object(let d)? = raw(j, k), case .constant(.data(let b)) = valueObject(d) { bytes = b }
                else if case .data(let b)? = raw(j, k) { bytes = b }
                if bytes != nil { break }
            }
            if let bytes {
                let t = NibTemplate(nestedBytes: bytes.copyBytes(), registry: registry, localizedStrings: localizedStrings)
                nested.append(t)
                result = .constant(.nib(t))
            } else {
                result = .null
            }
        } else {
            var elements = [PlanValue]()
            for v in collectionElements(j) {
                let value = archive.value(v)
                elements.append(planValue(value))
                if case .object(let k) = value, let s = valueCache[k]?.size { size = size &+ s } else { size = size &+ 1 }
            }
            let kind: PlanValue.CollectionKind = FoundationClasses.sets.contains(cls) ? .set
                : FoundationClasses.dictionaries.contains(cls) ? .dictionary : .array
            result = .collection(kind, elements)
        }
        // Saturates well below overflow: past the budget the build fails anyway.
        valueCache[j] = (result, min(size, expansionBudget &+ 1))
        return result
    }
}
