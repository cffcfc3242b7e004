import NibArchive

/// The differences of one object: its changed, missing and extra keys, with both values.
public struct ObjectDifference: Sendable, Equatable {
    /// One key present on both sides with different values.
    public struct Change: Sendable, Equatable {
        public var key: String
        public var reference: String
        public var other: String
    }

    /// The object's tree path (empty for the root).
    public var path: String
    /// The object's class.
    public var className: String
    /// Keys whose value differs (a missing and an extra leaf under the same key).
    public var changed: [Change] = []
    /// Keys of the reference the other lacks, with their value (`type value`).
    public var missing: [(key: String, value: String)] = []
    /// Keys of the other the reference lacks.
    public var extra: [(key: String, value: String)] = []
    /// Arrays in another order: this object's elements in reference order and in the other's.
    public var order: OrderDifference?

    public static func == (a: ObjectDifference, b: ObjectDifference) -> Bool {
        a.path == b.path && a.className == b.className && a.changed == b.changed && a.order == b.order
            && a.missing.map(\.key) == b.missing.map(\.key) && a.missing.map(\.value) == b.missing.map(\.value)
            && a.extra.map(\.key) == b.extra.map(\.key) && a.extra.map(\.value) == b.extra.map(\.value)
    }

    /// `~ UILabel /path: 1 changed, 0 missing, 2 extra, order` style summary.
    public var summary: String {
        var parts = ["\(changed.count) changed", "\(missing.count) missing", "\(extra.count) extra"]
        if order != nil { parts.append("order") }
        return "~ \(className) \(path.isEmpty ? "(root)" : path): " + parts.joined(separator: ", ")
    }

    /// `type value`; data that is printable UTF-8 (strings, geometry) as quoted text.
    static func valueText(_ leaf: GraphLeaf) -> String {
        if leaf.type == "data", let text = printableText(hex: leaf.value) { return "data \"\(text)\"" }
        return "\(leaf.type) \(leaf.value)"
    }

    static func printableText(hex: String) -> String? {
        let digits = Array(hex.utf8)
        guard digits.count % 2 == 0, digits.count <= 2048 else { return nil }
        func nibble(_ c: UInt8) -> UInt8? {
            switch c {
            case 48...57: return c - 48
            case 97...102: return c - 87
            default: return nil
            }
        }
        var bytes = [UInt8]()
        bytes.reserveCapacity(digits.count / 2)
        var i = 0
        while i < digits.count {
            guard let hi = nibble(digits[i]), let lo = nibble(digits[i + 1]) else { return nil }
            bytes.append(hi << 4 | lo)
            i += 2
        }
        guard let text = String(validating: bytes, as: UTF8.self),
              text.unicodeScalars.allSatisfy({ $0.value >= 0x20 && $0.value != 0x7f && $0 != "\"" }) else { return nil }
        return text
    }

    /// Groups leaf differences by their object; a missing and an extra leaf under one key are a change.
    static func group(missing: [GraphLeaf], extra: [GraphLeaf], orders: [OrderDifference]) -> [ObjectDifference] {
        struct ID: Hashable { var path: String; var cls: String }
        var groups = [ObjectDifference]()
        var index = [ID: Int]()
        func slot(_ path: String, _ cls: String) -> Int {
            let id = ID(path: path, cls: cls)
            if let i = index[id] { return i }
            index[id] = groups.count
            groups.append(ObjectDifference(path: path, className: cls))
            return groups.count - 1
        }
        var extraByKey = [ID: [String: [GraphLeaf]]]()
        for leaf in extra where leaf.type != "order" && leaf.type != "order-indifferent" {
            extraByKey[ID(path: leaf.object, cls: leaf.objectClass), default: [:]][leaf.key, default: []].append(leaf)
        }
        for leaf in missing where leaf.type != "order" && leaf.type != "order-indifferent" {
            let id = ID(path: leaf.object, cls: leaf.objectClass)
            let g = slot(leaf.object, leaf.objectClass)
            if var list = extraByKey[id]?[leaf.key], !list.isEmpty {
                let other = list.removeFirst()
                extraByKey[id]![leaf.key] = list
                groups[g].changed.append(Change(key: leaf.key, reference: valueText(leaf), other: valueText(other)))
            } else {
                groups[g].missing.append((leaf.key, valueText(leaf)))
            }
        }
        for leaf in extra where leaf.type != "order" && leaf.type != "order-indifferent" {
            let id = ID(path: leaf.object, cls: leaf.objectClass)
            guard var list = extraByKey[id]?[leaf.key], let k = list.firstIndex(of: leaf) else { continue }
            list.remove(at: k)
            extraByKey[id]![leaf.key] = list
            groups[slot(leaf.object, leaf.objectClass)].extra.append((leaf.key, valueText(leaf)))
        }
        for o in orders { groups[slot(o.path, o.className)].order = o }
        return groups
    }
}

/// Renders a `NibDiffResult` for people (`text`) and for tools (`json`).
public enum DiffReport {
    /// The score line: `score 0.9876 (80/81 leaves matched, 1 missing, 2 extra)`.
    public static func scoreLine(_ r: NibDiffResult) -> String {
        "score \(fourDecimals(r.score)) (\(r.matchedLeafCount)/\(r.referenceLeafCount) leaves matched, \(r.missing.count) missing, \(r.extra.count) extra)"
    }

    /// Differences grouped by object: a summary line per object, then `~ key: reference -> other`,
    /// `- key value`, `+ key value` and `order` lines; at most `limit` objects (0 for all); then the score.
    public static func text(_ r: NibDiffResult, limit: Int = 0) -> String {
        var out = ""
        let objects = r.objects
        let shown = limit > 0 ? objects.prefix(limit) : objects[...]
        for o in shown {
            out += o.summary + "\n"
            for c in o.changed { out += "    ~ \(c.key): \(c.reference) -> \(c.other)\n" }
            for m in o.missing { out += "    - \(m.key) \(m.value)\n" }
            for e in o.extra { out += "    + \(e.key) \(e.value)\n" }
            if let order = o.order {
                out += "    order of \(order.key)\(order.loaderIndifferent ? " (loader-indifferent)" : ""):\n"
                out += "      reference: \(order.reference.joined(separator: ", "))\n"
                out += "      other:     \(order.other.joined(separator: ", "))\n"
            }
        }
        if objects.count > shown.count { out += "… \(objects.count - shown.count) more objects differ\n" }
        return out + scoreLine(r) + "\n"
    }

    /// A stable JSON form: score, counts, equivalence and the per-object differences.
    public static func json(_ r: NibDiffResult) -> String {
        func s(_ x: String) -> String { StringEscaping.json(x) }
        var objects = [String]()
        for o in r.objects {
            var fields = ["\"path\": \(s(o.path))", "\"class\": \(s(o.className))"]
            fields.append("\"changed\": [" + o.changed.map { "{\"key\": \(s($0.key)), \"reference\": \(s($0.reference)), \"other\": \(s($0.other))}" }.joined(separator: ", ") + "]")
            fields.append("\"missing\": [" + o.missing.map { "{\"key\": \(s($0.key)), \"value\": \(s($0.value))}" }.joined(separator: ", ") + "]")
            fields.append("\"extra\": [" + o.extra.map { "{\"key\": \(s($0.key)), \"value\": \(s($0.value))}" }.joined(separator: ", ") + "]")
            if let order = o.order {
                fields.append("\"order\": {\"key\": \(s(order.key)), \"loaderIndifferent\": \(order.loaderIndifferent), "
                    + "\"reference\": [\(order.reference.map(s).joined(separator: ", "))], \"other\": [\(order.other.map(s).joined(separator: ", "))]}")
            }
            objects.append("    {" + fields.joined(separator: ", ") + "}")
        }
        return "{\n  \"score\": \(fourDecimals(r.score)),\n  \"equivalent\": \(r.isEquivalent),\n"
            + "  \"referenceLeaves\": \(r.referenceLeafCount),\n  \"matchedLeaves\": \(r.matchedLeafCount),\n"
            + "  \"missingLeaves\": \(r.missing.count),\n  \"extraLeaves\": \(r.extra.count),\n"
            + "  \"objects\": [\n" + objects.joined(separator: ",\n") + (objects.isEmpty ? "" : "\n") + "  ]\n}\n"
    }

    /// `x` with four decimals (`0.9876`), as scores are printed.
    public static func fourDecimals(_ x: Double) -> String {
        let scaled = Int((x * 10_000).rounded())
        return "\(scaled / 10_000).\(String(scaled % 10_000).leftPadded(4))"
    }

    /// `x` as a JSON string literal.
    public static func jsonString(_ x: String) -> String { StringEscaping.json(x) }
}
