import XIB

/// Which top-level subtrees (a storyboard's scenes, a XIB's top-level objects) the merge builds the element model
/// of.
///
/// Most merges change a few scenes on each side. A top-level subtree whose bytes are the same in two of the three
/// inputs is decided by those bytes alone: unchanged or changed by one side only, it is copied from the side that
/// changed it (or from either). Its node is *deferred*: `MergeNode.children` builds the model only if something
/// looks inside after all (an integrity problem, a conflict naming an object). Only subtrees both sides changed
/// (or one side changed and the other deleted, or both added differently) are built up front.
///
/// Moves: an element one side moved from one top-level subtree into another is merged where it lands, with the
/// other side's changes, which needs both places' models. So every id in a built subtree, in each input, pulls in
/// the subtree holding that id in the other inputs (looked up in the tokenizer's id index), until nothing more is
/// added. Ids outside the top-level subtrees (the header) pull in the same way. The cost is linear in the size of
/// the subtrees built, plus one byte comparison of each top-level subtree.
enum SubtreeTriage {
    /// For BASE, OURS and THEIRS (in that order), the document indices of the top-level elements to defer.
    static func deferred(_ documents: [XIBDocument]) -> [Set<Int>] {
        var built = Set<String>()
        let units = documents.map { document in
            let (elements, duplicated) = topLevelElements(of: document)
            built.formUnion(duplicated)
            return elements
        }
        var keys: [String] = []
        var known = Set<String>()
        for side in units { for key in side.keys where known.insert(key).inserted { keys.append(key) } }

        // Built: the subtrees whose bytes differ in all three inputs (absent counts as a value).
        func source(_ side: Int, _ key: String) -> ArraySlice<UInt8>? {
            units[side][key].map { documents[side].tree.bytes[$0.sourceRange] }
        }
        func same(_ x: ArraySlice<UInt8>?, _ y: ArraySlice<UInt8>?) -> Bool {
            switch (x, y) {
            case let (x?, y?): return x == y
            case (nil, nil): return true
            default: return false
            }
        }
        for key in keys {
            let b = source(0, key), o = source(1, key), t = source(2, key)
            if !(same(o, t) || same(b, o) || same(b, t)) { built.insert(key) }
        }

        // Moves: the subtrees holding the ids of built subtrees and of the header, in every input.
        var work = Array(built)
        func pull(_ id: String, from side: Int) {
            for other in documents.indices where other != side {
                guard let element = documents[other].element(withID: id),
                      let key = topLevelKey(of: element, in: documents[other]),
                      units[other][key] != nil, built.insert(key).inserted else { continue }
                work.append(key)
            }
        }
        for (side, document) in documents.enumerated() {
            let objects = document.objects, elements = document.tree.elements
            let containerEnd = objects.descendants.endIndex
            for index in elements.indices where index <= objects.documentIndex || index >= containerEnd {
                if let id = elements[index].attribute("id") { pull(id, from: side) }
            }
        }
        while let key = work.popLast() {
            for (side, elements) in units.enumerated() {
                guard let unit = elements[key] else { continue }
                if let id = unit.attribute("id") { pull(id, from: side) }
                for element in unit.descendants { if let id = element.attribute("id") { pull(id, from: side) } }
            }
        }
        return units.map { elements in Set(elements.compactMap { built.contains($0.key) ? nil : $0.value.documentIndex }) }
    }

    /// The children of the document's `<objects>` (XIB) or `<scenes>` (storyboard) element by global key, and the
    /// keys two of them share (a repeated `sceneID`: such elements are always built).
    private static func topLevelElements(of document: XIBDocument) -> (elements: [String: XMLTree.Element], duplicated: Set<String>) {
        var elements: [String: XMLTree.Element] = [:]
        var duplicated = Set<String>()
        for child in document.objects.children {
            guard let key = ElementIdentity.globalKey(of: child) else { continue }
            if elements.updateValue(child, forKey: key) != nil { duplicated.insert(key) }
        }
        return (elements, duplicated)
    }

    /// The global key of the top-level element holding `element`, or nil when it is outside them.
    private static func topLevelKey(of element: XMLTree.Element, in document: XIBDocument) -> String? {
        let container = document.objects
        var current = element
        while let parent = current.parent {
            if parent == container { return ElementIdentity.globalKey(of: current) }
            current = parent
        }
        return nil
    }
}
