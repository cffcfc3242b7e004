import NibArchive
import XIB
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Size-class variations → `UINibTraitStorageListsKey` (§14 of UIKIT-MAPPING.md).
///
/// One `_UITraitStorageList` per top-level object whose subtree has `<variation>`s:
/// relationship storages for `<mask key="constraints">` include/exclude lists, then attribute
/// storages for varied attributes (`constant` → `encodedConstant`, `spacing`, fonts, …), each with one
/// record per variation followed by a record for the "any" trait collection holding the base value.
/// Constraint attribute storages are written twice per view (see `walk`). Not reproduced yet: extra
/// copies of view attribute storages (7.0.0 TabView: `spacing` three times; storyboard cell
/// buttons: `font` twice); storyboard static cells get lists of their own (see below). The archived
/// objects carry the design device's values (DesignTraits.swift); the "any" records keep the XIB's base values.
extension UIKitCompiler {
    func buildTraitStorageLists(topLevel: [(XIBNode, Int)]) -> [Int] {
        var lists: [Int] = []
        var variedAttributes: [XIBNode: [String]] = [:]
        // A static table cell with variations gets its own list with the cell as top-level object, after
        // the list of the view that holds it (written only when that view has storages of its own), and its
        // subtree's storages are written twice (A, B, A, B). Evidence: PrivacyProtection's two "Site Buttons"
        // cells (font variations of two buttons each) only.
        var pending = topLevel.filter { subtreeHasVariations($0.0) }.map { (node: $0.0, index: $0.1, cell: false) }
        // Document positions of the elements whose subtree holds a <variation>: the walk below enters only
        // those (a scene's view usually has a handful of variations among hundreds of elements).
        var withVariations = Set<Int>()
        for (top, _, _) in pending {
            top.forEachInSubtree(named: "variation") { v in
                var p = v.parent
                while let n = p, withVariations.insert(n.order).inserted { p = n.parent }
            }
        }
        while !pending.isEmpty {
            let (node, index, isCell) = pending.removeFirst()
            var cells: [(node: XIBNode, index: Int, cell: Bool)] = []
            var relationship: [Int] = []
            var attribute: [Int] = []
            var descendants: [Int] = []
            var seen = Set<Int>()
            func addDescendant(_ i: Int) { if i != index, seen.insert(i).inserted { descendants.append(i) } }
            func walk(_ n: XIBNode) {
                // Nothing to record below an element without variations in its subtree.
                guard withVariations.contains(n.order) else { return }
                let variations = n.children.filter { $0.isNamed("variation") }
                for v in variations { v.visited = true; _ = v["key"] }
                if !variations.isEmpty, let id = n.peek("id"), let owner = ctx.objectIndex(forID: id) {
                    var records: [Int] = []
                    var hasMask = false
                    for v in variations {
                        guard let mask = v.children.first(where: { $0.isNamed("mask") && $0.peek("key", is: "constraints") }) else { continue }
                        hasMask = true
                        let added = mask.children.filter { $0.isNamed("include") }.compactMap { $0.peek("reference").flatMap(ctx.objectIndex(forID:)) }
                        let removed = mask.children.filter { $0.isNamed("exclude") }.compactMap { $0.peek("reference").flatMap(ctx.objectIndex(forID:)) }
                        var r = Entries()
                        r.obj("UITraitCollection", traitCollection(v.peek("key") ?? "default"))
                        r.obj("UIAddedObjects", b.set("NSSet", added))
                        r.obj("UIRemovedObjects", b.set("NSSet", removed))
                        records.append(b.graph.add(.init(className: "_UIRelationshipTraitStorageRecord", entries: r.list)))
                    }
                    if hasMask {
                        let candidates = constraintCandidates[owner] ?? []
                        var s = Entries()
                        s.obj("UIObject", owner)
                        s.obj("UIKeyPath", b.string("traitStorageConstraints"))
                        s.obj("UIRecords", b.mutableArray(records))
                        s.obj("UIRelationshipCandidates", b.set("NSOrderedSet", candidates))
                        relationship.append(b.graph.add(.init(className: "_UIRelationshipTraitStorage", entries: s.list)))
                        addDescendant(owner)
                        for c in candidates {
                            for key in ["NSFirstItem", "NSSecondItem"] {
                                // A layout guide stands there as its blank twin (Settings nB1: both scroll-view guides).
                                if let item = b.graph.objects[c].value(forKey: key)?.objectIndex, item != owner { addDescendant(blankGuideOf[item] ?? item) }
                            }
                        }
                    }
                    // Attribute variations: every attribute other than `key` on a <variation>, plus font children.
                    // Remembered per element: the second walk of a view's constraints finds them read.
                    let attributeNames = variedAttributes[n] ?? {
                        var names: [String] = []
                        for v in variations {
                            for a in v.unusedAttributes where !names.contains(a) { names.append(a) }
                            if v.children.contains(where: { $0.isNamed("fontDescription") }), !names.contains("font") { names.append("font") }
                        }
                        variedAttributes[n] = names
                        return names
                    }()
                    for name in attributeNames where name != "key" {
                        var recs: [Int] = []
                        for v in variations {
                            let value: Int?
                            if name == "font" {
                                value = v.children.first { $0.isNamed("fontDescription") }.map { font($0) }
                            } else {
                                value = v[name].map { attributeValue(name, $0, on: n) }
                            }
                            guard let value else { continue }
                            var r = Entries()
                            r.obj("UITraitCollection", traitCollection(v.peek("key") ?? "default"))
                            r.obj("UIValue", value)
                            recs.append(b.graph.add(.init(className: "_UIAttributeTraitStorageRecord", entries: r.list)))
                        }
                        // Base value record (the "any" trait collection).
                        let base: Int?
                        if name == "font" {
                            // A UIFont of its own, equal to the view's (12/12 font storages of the corpus,
                            // 3 storyboard view nibs): ibtool archives the base value, not the view's object.
                            if let fd = n.children.first(where: { $0.isNamed("fontDescription") && $0.peek("key", is: "fontDescription") }) {
                                base = font(fd, applyingDesignVariation: false)
                            } else {
                                base = b.graph.objects[owner].value(forKey: "UIFont")?.objectIndex
                            }
                        } else {
                            let absent = enumeratedAttribute(n.name, name)?.absent ?? "0"
                            base = attributeValue(name, n.peek(name) ?? absent, on: n)
                        }
                        if let base {
                            var r = Entries()
                            r.obj("UITraitCollection", traitCollection("default"))
                            r.obj("UIValue", base)
                            recs.append(b.graph.add(.init(className: "_UIAttributeTraitStorageRecord", entries: r.list)))
                        }
                        var s = Entries()
                        s.obj("UIObject", owner)
                        s.obj("UIKeyPath", b.string(name == "constant" ? "encodedConstant" : name))
                        s.obj("UIRecords", b.mutableArray(recs))
                        attribute.append(b.graph.add(.init(className: "_UIAttributeTraitStorage", entries: s.list)))
                        addDescendant(owner)
                    }
                }
                for c in n.children where !c.isNamed("variation") {
                    if c.isNamed("tableViewCell"), c != node, subtreeHasVariations(c), let id = c.peek("id"), let cell = ctx.objectIndex(forID: id) {
                        cells.append((c, cell, true))
                        continue
                    }
                    walk(c)
                    // ibtool writes the attribute storages of a view's constraints twice, as a
                    // group (A, B, A, B): all 13 constraint-constant storages of the corpus (7.0.0
                    // CenteredView, 9 storyboard nibs), against one copy for view attributes.
                    if c.isNamed("constraints") { walk(c) }
                }
            }
            walk(node)
            if isCell { walk(node) }
            pending.insert(contentsOf: cells, at: 0)
            guard !relationship.isEmpty || !attribute.isEmpty else { continue }
            var e = Entries()
            e.obj("UITopLevelObject", index)
            e.obj("UITraitStorages", b.array(relationship + attribute))
            e.obj("UIDescendants", b.set("NSSet", descendants))
            lists.append(b.graph.add(.init(className: "_UITraitStorageList", entries: e.list)))
        }
        return lists
    }

    private func subtreeHasVariations(_ n: XIBNode) -> Bool {
        n.subtreeContains(named: "variation")
    }

    /// `widthClass=regular`, `heightClass=compact`, `widthClass=compact-heightClass=regular`, `default`.
    private func traitCollection(_ key: String) -> Int {
        var e = Entries()
        if key != "default", !Self.asciiSizeClassTraits(key, into: &e) {
            for part in key.split(separator: "-") {
                let kv = part.split(separator: "=")
                guard kv.count == 2 else { continue }
                Self.sizeClass(width: kv[0] == "widthClass", height: kv[0] == "heightClass",
                               compact: kv[1] == "compact", regular: kv[1] == "regular", into: &e)
            }
        }
        return b.graph.add(.init(className: "UITraitCollection", entries: e.list))
    }

    /// `traitCollection`'s parse of an ASCII key, on its bytes (splitting Characters into arrays of
    /// substrings cost 12,000 instructions a record): parts between `-`, each `name=value`, empty pieces
    /// skipped as `split` skips them. False, with nothing added, for a key that is not ASCII.
    private static func asciiSizeClassTraits(_ key: String, into e: inout Entries) -> Bool {
        var key = key
        return key.withUTF8 { bytes -> Bool in
            guard !bytes.contains(where: { $0 >= 0x80 }) else { return false }
            /// The non-empty runs of `bytes[range]` between `separator`s.
            func pieces(_ range: Range<Int>, _ separator: UInt8) -> [Range<Int>] {
                var out: [Range<Int>] = []
                var start = range.lowerBound
                for i in range where bytes[i] == separator {
                    if i > start { out.append(start..<i) }
                    start = i + 1
                }
                if range.upperBound > start { out.append(start..<range.upperBound) }
                return out
            }
            func equals(_ r: Range<Int>, _ text: StaticString) -> Bool {
                r.count == text.utf8CodeUnitCount && memcmp(bytes.baseAddress! + r.lowerBound, text.utf8Start, r.count) == 0
            }
            for part in pieces(0..<bytes.count, UInt8(ascii: "-")) {
                let kv = pieces(part, UInt8(ascii: "="))
                guard kv.count == 2 else { continue }
                sizeClass(width: equals(kv[0], "widthClass"), height: equals(kv[0], "heightClass"),
                          compact: equals(kv[1], "compact"), regular: equals(kv[1], "regular"), into: &e)
            }
            return true
        }
    }

    /// The entry of one `name=value` part of a trait key: a horizontal or vertical size class (compact 1,
    /// regular 2, anything else 0); nothing for other names. Both parses of `traitCollection` write through it.
    private static func sizeClass(width: Bool, height: Bool, compact: Bool, regular: Bool, into e: inout Entries) {
        let v = compact ? 1 : (regular ? 2 : 0)
        if width { e.int("UITraitCollectionBuiltinTrait-_UITraitNameHorizontalSizeClass", v) }
        if height { e.int("UITraitCollectionBuiltinTrait-_UITraitNameVerticalSizeClass", v) }
    }

    /// Named values of varied enumeration attributes, per element (the stack view's `axis`, `distribution`,
    /// `alignment`): archived as integer `NSNumber`s (Tab `09V-cw-B4O`: axis, distribution).
    /// `absent` is the value when the element does not write the attribute.
    func enumeratedAttribute(_ element: String, _ name: String) -> (values: [String: Int], absent: String)? {
        guard element == "stackView" else { return nil }
        switch name {
        case "axis": return (["horizontal": 0, "vertical": 1], "horizontal")
        case "distribution": return (Self.stackDistributions, "fill")
        case "alignment": return (Self.stackAlignments, "fill")
        default: return nil
        }
    }

    private func attributeValue(_ name: String, _ text: String, on element: XIBNode) -> Int {
        if let e = enumeratedAttribute(element.name, name) {
            let v = e.values[text] ?? { ctx.warning(at: element, "<variation>: unknown \(name) '\(text)'; archived as \(e.absent)"); return e.values[e.absent] ?? 0 }()
            return b.number(Int64(v))
        }
        let v = Double(text) ?? 0
        if name == "constant" {
            return b.graph.add(.init(className: "_NSLayoutConstraintConstant", entries: [
                NibEntry(key: "UISymbolicConstant", value: .null), NibEntry(key: "UINumericConstant", value: .double(v)),
            ]))
        }
        if text == "YES" || text == "NO" { return b.number(Int64(text == "YES" ? 1 : 0)) }
        // Enumerations are integers (Home: `axis`; Tab: `axis`, `distribution`); an absent base is the first case.
        if let table = Self.enumeratedAttributes[name] { return b.number(Int64(table[text] ?? 0)) }
        return b.number(v)
    }

    /// Stack-view attributes a `<variation>` may change whose XIB values are names.
    static let enumeratedAttributes: [String: [String: Int]] = [
        "axis": ["horizontal": 0, "vertical": 1], "distribution": stackDistributions, "alignment": stackAlignments,
    ]
}
