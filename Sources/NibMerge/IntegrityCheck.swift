/// After merging: every id is unique and every reference resolves. An element that breaks either becomes a
/// conflict holding it on the side it came from, so no merged document silently refers to nothing.
struct IntegrityCheck {
    /// id -> how many merged elements carry it.
    private var idCounts: [String: Int] = [:]
    /// ids inside conflicts (either side): a reference to one is left to the person resolving the conflict.
    private var undecidedIDs = Set<String>()
    /// ids already met in the checking walk (the first holder of a duplicated id is kept).
    private var seen = Set<String>()

    /// Checks `root` and returns it with the offending elements turned into conflicts, recorded in `merge`.
    static func check(_ root: MergedChild, merge: inout ThreeWayMerge) -> MergedChild {
        var check = IntegrityCheck()
        check.collect(root, undecided: false)
        return check.checked(root, merge: &merge)
    }

    // MARK: Collecting ids

    private mutating func collect(_ child: MergedChild, undecided: Bool) {
        switch child {
        case .copy(let node): collect(node, undecided: undecided)
        case .element(let element):
            let own = undecided || element.hasOwnConflict
            for attribute in element.attributes where attribute.name == "id" {
                switch attribute.value {
                case .value: add(attribute.decoded ?? "", undecided: own)
                case let .conflict(ours, theirs, _):
                    for raw in [ours, theirs].compactMap({ $0 }) {
                        undecidedIDs.insert(String(decoding: raw.bytes, as: UTF8.self))
                    }
                }
            }
            if case .children(let children) = element.content {
                for c in children { collect(c, undecided: own) }
            }
        case let .conflict(ours, theirs, _):
            if let ours { collect(ours, undecided: true) }
            if let theirs { collect(theirs, undecided: true) }
        }
    }

    /// An input element copied whole: its ids straight from the tokenizer's records.
    private mutating func collect(_ node: MergeNode, undecided: Bool) {
        _ = node.input.containsIDOrReference(in: node.element) { value, isID in
            if isID { add(value, undecided: undecided) }
            return false
        }
    }

    private mutating func add(_ id: String, undecided: Bool) {
        if undecided { undecidedIDs.insert(id) } else { idCounts[id, default: 0] += 1 }
    }

    private func resolves(_ id: String) -> Bool { idCounts[id] != nil || undecidedIDs.contains(id) }

    // MARK: Checking

    /// The first problem of `node`'s own attributes: (attribute, value, kind).
    private func problem(attributes: [(String, String?)]) -> (String, String, MergeConflict.Kind)? {
        for (name, value) in attributes {
            guard let value else { continue }
            if name == "id" {
                if (idCounts[value] ?? 0) > 1 && seen.contains(value) { return (name, value, .duplicateID) }
            } else if ElementIdentity.referenceAttributes.contains(name) && !resolves(value) {
                return (name, value, .danglingReference)
            }
        }
        return nil
    }

    /// Whether an input element copied whole holds a duplicated id or a reference that does not resolve.
    private func subtreeHasProblem(_ node: MergeNode) -> Bool {
        node.input.containsIDOrReference(in: node.element) { value, isID in
            isID ? (idCounts[value] ?? 0) > 1 : !resolves(value)
        }
    }

    private mutating func checked(_ child: MergedChild, merge: inout ThreeWayMerge) -> MergedChild {
        switch child {
        case .conflict:
            return child
        case .copy(let node):
            // A copy without problems holds no id used twice, so none of its ids can be the first holder of a
            // duplicate: nothing to mark as seen.
            guard subtreeHasProblem(node) else { return child }
            return checked(.element(MergedElement(expanding: node)), merge: &merge)
        case .element(let element):
            if !element.hasOwnConflict,
               let (name, value, kind) = problem(attributes: element.attributes.map { ($0.name, $0.decoded) }) {
                let side = origin(of: name, in: element)
                let message = kind == .duplicateID
                    ? "the merged document has another element with id '\(value)' (both sides added or moved it)"
                    : "refers to id '\(value)', which no element of the merged document has (the other side deleted it)"
                let index = merge.noteIntegrity(kind, element.template, attribute: name, value: value, message)
                return .conflict(ours: side == .theirs ? nil : child, theirs: side == .theirs ? child : nil, conflict: index)
            }
            for attribute in element.attributes where attribute.name == "id" {
                if let id = attribute.decoded { seen.insert(id) }
            }
            if case .children(let children) = element.content {
                element.content = .children(children.map { checked($0, merge: &merge) })
            }
            return child
        }
    }

    private func origin(of attribute: String, in element: MergedElement) -> MergeSide {
        for a in element.attributes where a.name == attribute {
            if case .value(let raw) = a.value { return raw.input.side }
        }
        return element.template.input.side
    }
}
