/// The three-way merge of one document's element trees: decides each element, attribute and child list.
struct ThreeWayMerge {
    let base: MergeInput
    let ours: MergeInput
    let theirs: MergeInput
    private(set) var conflicts: [MergeConflict] = []
    private(set) var notes: [MergeNote] = []
    /// Global keys of elements that one side moved to another parent: a subtree holding one cannot be taken
    /// whole from one side, since the other side's changes to the moved element are merged where it lands.
    let moved: Set<String>
    /// Per top-level object (by global key): whether OURS and THEIRS changed its constraints.
    private var constraintEdits: [String: (ours: Bool, theirs: Bool)] = [:]

    init(base: MergeInput, ours: MergeInput, theirs: MergeInput) {
        self.base = base
        self.ours = ours
        self.theirs = theirs
        var moved = Set<String>()
        for (key, node) in base.nodesByGlobalKey {
            for side in [ours, theirs] {
                if let other = side.nodesByGlobalKey[key], !other.hasSamePlacement(as: node) { moved.insert(key) }
            }
        }
        self.moved = moved
    }

    /// Merges the root elements.
    mutating func mergeDocument() -> MergedChild {
        merge(base: base.root, ours: ours.root, theirs: theirs.root)
    }

    /// Merges one element present in OURS and THEIRS (and in BASE unless both added it).
    mutating func merge(base b: MergeNode?, ours o: MergeNode, theirs t: MergeNode) -> MergedChild {
        // Equal bytes first: deciding on them needs no element model of the subtrees (see `SubtreeTriage`).
        let oursSource = o.source
        if oursSource == t.source { return .copy(o) }
        let movedInside = b.map { b in
            !moved.isEmpty && (o.containsAny(of: moved) || t.containsAny(of: moved) || b.containsAny(of: moved))
        } ?? false
        if let b, !movedInside {
            let baseSource = b.source
            if baseSource == oursSource { return .copy(t) }
            if baseSource == t.source { return .copy(o) }
        }
        if o.sameContent(as: t) { return .copy(o) }
        if let b, !movedInside {
            if b.sameContent(as: o) { return .copy(t) }
            if b.sameContent(as: t) { return .copy(o) }
        }
        if let b, LayoutRules.isDerivedRect(o), let side = derivedRectSide(base: b, ours: o, theirs: t) {
            return .copy(side == .ours ? o : t)
        }
        if b != nil, LayoutRules.isSavingScreenRect(o), o.name == t.name {
            addNote(.savingScreen, o, part: "\(o.name) key=\"\(o.attribute("key") ?? "")\"", side: .ours,
                    "both sides saved it on a different screen: OURS' is kept (Interface Builder writes the saving Mac's screen)")
            return .copy(o)
        }
        guard o.name == t.name else {
            return record(.attribute, o, attribute: nil, ours: "<\(o.name)>", theirs: "<\(t.name)>",
                          "one side changed the element to <\(o.name)>, the other to <\(t.name)>",
                          ours: .copy(o), theirs: .copy(t))
        }
        var attributesFromTemplate = true
        let attributes = mergeAttributes(base: b, ours: o, theirs: t, fromTemplate: &attributesFromTemplate)
        let content: MergedContent
        if o.children.isEmpty && t.children.isEmpty && (b?.children.isEmpty ?? true) {
            content = mergeText(base: b, ours: o, theirs: t)
        } else {
            guard let children = mergeChildren(base: b, ours: o, theirs: t) else {
                return record(.order, o, attribute: nil, ours: nil, theirs: nil,
                              "both sides reordered the children of this element differently",
                              ours: .copy(o), theirs: .copy(t))
            }
            content = .children(children)
        }
        return .element(MergedElement(template: o, attributes: attributes, content: content,
                                      attributesFromTemplate: attributesFromTemplate))
    }

    // MARK: Attributes

    private mutating func mergeAttributes(base b: MergeNode?, ours o: MergeNode, theirs t: MergeNode,
                                          fromTemplate: inout Bool) -> [MergedAttribute] {
        // OURS' order, THEIRS' additions after the attribute they follow in THEIRS.
        var names = o.attributes.map(\.name)
        for (i, attribute) in t.attributes.enumerated() where !names.contains(attribute.name) {
            let after = t.attributes[..<i].last { names.contains($0.name) }.flatMap { a in names.firstIndex(of: a.name) }
            names.insert(attribute.name, at: after.map { $0 + 1 } ?? 0)
        }
        var result: [MergedAttribute] = []
        var templateIndex = 0
        for name in names {
            let oa = o.attributes.first { $0.name == name }, ta = t.attributes.first { $0.name == name }
            let bv = b?.attribute(name)
            let chosen: (NodeAttribute, MergeInput)?
            if oa?.value == ta?.value || ta?.value == bv {
                chosen = oa.map { ($0, ours) }
            } else if oa?.value == bv {
                chosen = ta.map { ($0, theirs) }
            } else if let resolved = HeaderRules.resolve(name, of: o, ours: oa, theirs: ta) {
                chosen = resolved == .ours ? oa.map { ($0, ours) } : ta.map { ($0, theirs) }
            } else if let oa, let ta, LayoutRules.isDerivedRect(o), LayoutRules.sameCoordinate(oa.value, ta.value) {
                chosen = (oa, ours)
                addNote(.roundingNoise, o, part: o.attribute("key").map { "rect key=\"\($0)\"" }, side: .ours,
                        "both sides changed '\(name)' to the same position up to rounding (\"\(oa.value)\", \"\(ta.value)\"): OURS' is kept")
            } else {
                let index = note(.attribute, o, attribute: name, ours: oa?.value, theirs: ta?.value,
                                 b == nil ? "both sides added the element with different values"
                                          : bv == nil ? "both sides set it differently" : "both sides changed it differently (base \"\(bv ?? "")\")")
                result.append(MergedAttribute(name: name, value: .conflict(
                    ours: oa.map { RawBytes(input: ours, range: $0.raw) },
                    theirs: ta.map { RawBytes(input: theirs, range: $0.raw) }, conflict: index), decoded: nil))
                fromTemplate = false
                continue
            }
            guard let (attribute, input) = chosen else { fromTemplate = false; continue }
            if input !== ours || templateIndex >= o.attributes.count || o.attributes[templateIndex].name != name {
                fromTemplate = false
            }
            templateIndex += 1
            result.append(MergedAttribute(name: name, value: .value(RawBytes(input: input, range: attribute.raw)), decoded: attribute.value))
        }
        if templateIndex != o.attributes.count { fromTemplate = false }
        return result
    }

    private mutating func mergeText(base b: MergeNode?, ours o: MergeNode, theirs t: MergeNode) -> MergedContent {
        let oursText = RawBytes(input: ours, range: o.element.contentRange)
        let theirsText = RawBytes(input: theirs, range: t.element.contentRange)
        if o.text == t.text || t.text == b?.text { return .text(oursText) }
        if o.text == b?.text { return .text(theirsText) }
        if HeaderRules.isArchiveVersionText(o) {
            return .text(HeaderRules.compareVersions(o.text ?? "", t.text ?? "") >= 0 ? oursText : theirsText)
        }
        if ours.isArchive, let side = HeaderRules.archiveMaxIDSide(ours: o, theirs: t) {
            addNote(.largerMaxID, o, part: "int key=\"maxID\"", side: side,
                    "both sides raised it (\"\(o.text ?? "")\", \"\(t.text ?? "")\"): the larger is kept, so the next id Interface Builder hands out exceeds every id either side used")
            return .text(side == .ours ? oursText : theirsText)
        }
        let index = note(.attribute, o, attribute: "text", ours: o.text, theirs: t.text,
                         "both sides changed the text differently")
        return .textConflict(ours: oursText, theirs: theirsText, conflict: index)
    }

    // MARK: Layout

    /// The side whose frame a derived rect both sides changed differently takes (see `LayoutRules`), or nil
    /// when the conflict stands.
    private mutating func derivedRectSide(base b: MergeNode, ours o: MergeNode, theirs t: MergeNode) -> MergeSide? {
        guard !b.sameContent(as: o), !b.sameContent(as: t),
              let key = LayoutRules.topLevelObject(of: o)?.globalKey else { return nil }
        let edits: (ours: Bool, theirs: Bool)
        if let known = constraintEdits[key] {
            edits = known
        } else {
            let baseObject = base.nodesByGlobalKey[key]
            edits = (LayoutRules.constraintsChanged(base: baseObject, side: ours.nodesByGlobalKey[key]),
                     LayoutRules.constraintsChanged(base: baseObject, side: theirs.nodesByGlobalKey[key]))
            constraintEdits[key] = edits
        }
        // The frame is the constraint-changing side's, if in its document the view is laid out by constraints.
        let side: MergeSide, rect: MergeNode, input: MergeInput
        switch (edits.ours, edits.theirs) {
        case (true, false): (side, rect, input) = (.ours, o, ours)
        case (false, true): (side, rect, input) = (.theirs, t, theirs)
        default: return nil
        }
        guard LayoutRules.usesAutoLayout(input), let owner = rect.parent, LayoutRules.isLaidOutByConstraints(owner) else {
            return nil
        }
        let name = side == .ours ? "OURS" : "THEIRS", other = side == .ours ? "THEIRS" : "OURS"
        let topLevel = LayoutRules.topLevelObject(of: rect).map { MergeConflict.Object($0).description } ?? "its top-level object"
        addNote(.framesFollowConstraints, o, part: rect.attribute("key").map { "rect key=\"\($0)\"" }, side: side,
                "both sides changed it; \(name)'s is taken: \(name) changed the constraints of \(topLevel) and \(other) did not")
        return side
    }

    // MARK: Children

    /// The merged children, or nil when both sides reordered the same children differently.
    private mutating func mergeChildren(base b: MergeNode?, ours o: MergeNode, theirs t: MergeNode) -> [MergedChild]? {
        let baseChildren = b?.children ?? []
        var baseByKey: [String: MergeNode] = [:], oursByKey: [String: MergeNode] = [:], theirsByKey: [String: MergeNode] = [:]
        for c in baseChildren { baseByKey[c.key] = c }
        for c in o.children { oursByKey[c.key] = c }
        for c in t.children { theirsByKey[c.key] = c }
        var decided: [String: MergedChild] = [:]

        for bc in baseChildren {
            let key = bc.key
            switch (oursByKey[key], theirsByKey[key]) {
            case let (oc?, tc?):
                decided[key] = merge(base: bc, ours: oc, theirs: tc)
            case let (oc?, nil):
                if bc.globalKey != nil, theirs.nodesByGlobalKey[key] != nil { continue }   // THEIRS moved it away
                decided[key] = deletion(base: bc, kept: oc, keptBy: .ours)
            case let (nil, tc?):
                if bc.globalKey != nil, ours.nodesByGlobalKey[key] != nil { continue }     // OURS moved it away
                decided[key] = deletion(base: bc, kept: tc, keptBy: .theirs)
            case (nil, nil):
                continue
            }
        }
        for oc in o.children where baseByKey[oc.key] == nil {
            decided[oc.key] = insertion(oc, by: .ours, otherHere: theirsByKey[oc.key])
        }
        for tc in t.children where baseByKey[tc.key] == nil && oursByKey[tc.key] == nil {
            decided[tc.key] = insertion(tc, by: .theirs, otherHere: nil)
        }

        // A set (XIB 2's class names): OURS' entries, then THEIRS' additions in THEIRS' order.
        if ours.isArchive, o.attribute("key") == ElementIdentity.archiveClassNameSetKey {
            var seen = Set<String>()
            return (o.children + t.children).compactMap { c in seen.insert(c.key).inserted ? decided[c.key] : nil }
        }
        // Order: the side that kept BASE's order of the common children takes the other's order.
        let common = Set(baseChildren.map(\.key).filter { oursByKey[$0] != nil && theirsByKey[$0] != nil })
        let baseOrder = baseChildren.map(\.key).filter(common.contains)
        let oursOrder = o.children.map(\.key).filter(common.contains)
        let theirsOrder = t.children.map(\.key).filter(common.contains)
        let primary: [MergeNode], secondary: [MergeNode]
        if oursOrder == baseOrder {
            (primary, secondary) = (t.children, o.children)
        } else if theirsOrder == baseOrder || theirsOrder == oursOrder {
            (primary, secondary) = (o.children, t.children)
        } else if ElementIdentity.isArchiveObjectRecordList(o) {
            addNote(.recordOrder, o, part: "array key=\"orderedObjects\"", side: .ours,
                    "both sides reordered the object records, whose order means nothing to Interface Builder: OURS' order is kept, with THEIRS' additions")
            (primary, secondary) = (o.children, t.children)
        } else {
            return nil
        }
        return SequenceMerge.order(primary: primary.map(\.key), secondary: secondary.map(\.key),
                                   base: baseChildren.map(\.key), decided: decided)
    }

    /// BASE's `base` is gone from one side and kept (maybe changed) as `kept` by the other.
    private mutating func deletion(base bc: MergeNode, kept: MergeNode, keptBy side: MergeSide) -> MergedChild? {
        if kept.sameContent(as: bc) && !kept.containsAny(of: moved) { return nil }
        if !LayoutRules.isDerivedRect(kept), LayoutRules.differsOnlyInLayout(kept, from: bc), !bringsMovedElement(kept) {
            let deleter: MergeSide = side == .ours ? .theirs : .ours
            addNote(.deletedViewGeometry, kept, part: nil, side: deleter,
                    "\(deleter == .ours ? "OURS" : "THEIRS") deleted it and \(side == .ours ? "OURS" : "THEIRS") changed only its layout geometry (frames, misplaced/ambiguous flags, canvas position, saving screen): it stays deleted")
            return nil
        }
        if HeaderRules.isHeader(kept) || HeaderRules.isArchivePluginDeclaration(kept) { return .copy(kept) }
        let deleter = side == .ours ? "THEIRS" : "OURS", changer = side == .ours ? "OURS" : "THEIRS"
        return record(.deleteModify, kept, attribute: nil, ours: nil, theirs: nil,
                      "\(deleter) deleted this element, \(changer) changed it",
                      ours: side == .ours ? .copy(kept) : nil, theirs: side == .theirs ? .copy(kept) : nil)
    }

    /// An element `side` added that holds elements it moved into it (a view wrapped in a new container): its
    /// children are placed as insertions, so the other side's changes to a moved element are merged in.
    private mutating func newElement(holdingMoved node: MergeNode, by side: MergeSide) -> MergedChild {
        guard !node.children.isEmpty else { return .copy(node) }
        let element = MergedElement(expanding: node)
        element.content = .children(node.children.compactMap { insertion($0, by: side, otherHere: nil) })
        return .element(element)
    }

    /// Whether `node` holds an element its side moved in from elsewhere (deleting `node` would lose it); an
    /// element the other side moved away lives on where that side put it.
    private func bringsMovedElement(_ node: MergeNode) -> Bool {
        if let key = node.globalKey, moved.contains(key), let b = base.nodesByGlobalKey[key], !node.hasSamePlacement(as: b) {
            return true
        }
        return node.children.contains { bringsMovedElement($0) }
    }

    /// An element of one side that is not among BASE's children here: new, or moved here from elsewhere.
    private mutating func insertion(_ node: MergeNode, by side: MergeSide, otherHere: MergeNode?) -> MergedChild? {
        let other = side == .ours ? theirs : ours
        if let otherHere {
            let b = node.globalKey.flatMap { base.nodesByGlobalKey[$0] }
            return side == .ours ? merge(base: b, ours: node, theirs: otherHere) : merge(base: b, ours: otherHere, theirs: node)
        }
        guard let key = node.globalKey, let b = base.nodesByGlobalKey[key] else {
            return node.containsAny(of: moved) ? newElement(holdingMoved: node, by: side) : .copy(node)
        }
        // Moved here by `side`: merge its content with the other side's version, wherever that one is.
        guard let elsewhere = other.nodesByGlobalKey[key] else {
            return deletion(base: b, kept: node, keptBy: side)
        }
        if !elsewhere.hasSamePlacement(as: b) { return .copy(node) }   // both moved it: duplicate ids say so
        return side == .ours ? merge(base: b, ours: node, theirs: elsewhere) : merge(base: b, ours: elsewhere, theirs: node)
    }

    // MARK: Conflicts

    private mutating func note(_ kind: MergeConflict.Kind, _ node: MergeNode, attribute: String?,
                               ours: String?, theirs: String?, _ message: String) -> Int {
        let object = MergeConflict.Object(node)
        let line = node.input === self.ours ? node.element.location.line : 0
        conflicts.append(MergeConflict(kind: kind, object: object, attribute: attribute, ours: ours,
                                       theirs: theirs, line: line, message: message))
        return conflicts.count - 1
    }

    private mutating func addNote(_ rule: MergeNote.Rule, _ node: MergeNode, part: String?, side: MergeSide, _ message: String) {
        let line = node.input === self.ours ? node.element.location.line : 0
        notes.append(MergeNote(rule: rule, object: MergeConflict.Object(node), part: part, side: side, line: line,
                               message: message))
    }

    private mutating func record(_ kind: MergeConflict.Kind, _ node: MergeNode, attribute: String?,
                                 ours o: String?, theirs t: String?, _ message: String,
                                 ours: MergedChild?, theirs: MergedChild?) -> MergedChild {
        let index = note(kind, node, attribute: attribute, ours: o, theirs: t, message)
        return .conflict(ours: ours, theirs: theirs, conflict: index)
    }

    /// Records a conflict found after merging (integrity); returns its index.
    mutating func noteIntegrity(_ kind: MergeConflict.Kind, _ node: MergeNode, attribute: String?, value: String, _ message: String) -> Int {
        note(kind, node, attribute: attribute, ours: node.input.side == .theirs ? nil : value,
             theirs: node.input.side == .theirs ? value : nil, message)
    }
}
