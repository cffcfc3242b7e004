import XIB

/// How the merge recognises one element in the three inputs.
///
/// Every object Interface Builder archives carries a document-wide `id` (scenes a `sceneID`); those are
/// matched wherever they are, so an element moved to another parent is still the same element. Elements
/// without one (`<rect key="frame">`, `<color key="backgroundColor">`, `<fontDescription>`, `<constraints>`,
/// `<capability name="…">`, `<userDefinedRuntimeAttribute keyPath="…">`) are matched among their siblings by
/// element name plus the first naming attribute they have, then by occurrence.
enum ElementIdentity {
    /// Attributes that name an id-less element among its siblings, in order of preference.
    static let namingAttributes = ["key", "keyPath", "identifier", "name", "reference", "placeholderIdentifier"]

    /// Attributes whose value is the `id` of another element of the document. Learned from the corpus (every
    /// value of these names, across 499 documents, is an id of the same document).
    static let referenceAttributes: Set<String> = [
        "destination", "firstItem", "secondItem", "target", "reference", "ref", "initialViewController",
        "tableViewCell", "headerView", "outlineTableColumn", "selectedItem", "initialItem", "previousBinding",
        "textLabel", "detailTextLabel", "imageView", "popoverAnchorView",
    ]

    /// `#id` or `$sceneID`, or nil for an element without either; `id` is the element's `id` attribute.
    static func globalKey(name: String, id: String?, attributes: [NodeAttribute]) -> String? {
        if let id { return "#" + id }
        if name == "scene" {
            for attribute in attributes where attribute.name == "sceneID" { return "$" + attribute.value }
        }
        return nil
    }

    /// The same key read from a parsed element, before any merge node is built.
    static func globalKey(of element: XMLTree.Element) -> String? {
        if let id = element.attribute("id") { return "#" + id }
        if element.isNamed("scene"), let sceneID = element.attribute("sceneID") { return "$" + sceneID }
        return nil
    }

    /// The keys of the child value that identifies an Interface Builder record of a XIB 2 (`<archive>`)
    /// document, per record class. `IBDocument.Objects` lists the document's connections (`IBConnectionRecord`)
    /// and its object hierarchy (`IBObjectRecord`) as id-less `<object>` entries; each carries the number
    /// Interface Builder gave it, `<int key="connectionID">` or `<int key="objectID">` (archives of later
    /// Interface Builder versions write it as `<string key="id">`). Two sides that each add a record give
    /// different numbers, so matching by that number rather than by position keeps both.
    static let archiveRecordIDKeys: [String: Set<String>] = [
        "IBConnectionRecord": ["connectionID", "id"],
        "IBObjectRecord": ["objectID", "id"],
    ]

    /// The key of `IBDocument.IntegratedClassDependencies`: the set of class names (`<string>` entries without
    /// a `key`) a XIB 2 document uses, matched by the name rather than by position.
    static let archiveClassNameSetKey = "IBDocument.IntegratedClassDependencies"

    /// Whether `node` is a XIB 2 document's list of object records (`IBDocument.Objects`' `objectRecords`, an
    /// `IBMutableOrderedSet` whose `orderedObjects` holds one `IBObjectRecord` per object). The hierarchy the
    /// records describe is in each record's `parent` and `children`; the order of the records themselves means
    /// nothing to Interface Builder, which re-sorts them when it upgrades a file.
    static func isArchiveObjectRecordList(_ node: MergeNode) -> Bool {
        node.input.isArchive && node.attribute("key") == "orderedObjects"
            && node.parent?.attribute("class") == "IBMutableOrderedSet" && node.parent?.attribute("key") == "objectRecords"
    }

    /// The class of a XIB 2 class description: `IBDocument.Classes` lists, as id-less entries of
    /// `referencedPartialClassDescriptions`, what the document knows of each custom class (its superclass,
    /// outlets, actions and the header declaring them), one entry per class and source.
    static let archiveClassDescriptionClass = "IBPartialClassDescription"

    /// A class description's identity: its `className` and the header it was read from (`sourceIdentifier`'s
    /// `minorKey`; a class can be described once per header, a category's included), so two sides that add or
    /// drop descriptions of different classes do not collide by position. Nil without a class name.
    static func archiveClassDescriptionKey(_ element: XMLTree.Element) -> String? {
        var className: String? = nil, source = ""
        for child in element.children {
            switch child.attribute("key") {
            case "className" where !child.hasChildren: className = child.text
            case "sourceIdentifier":
                for part in child.children where part.attribute("key") == "minorKey" && !part.hasChildren { source = part.text }
            default: break
            }
        }
        return className.map { "object[\(archiveClassDescriptionClass)=\($0)|\(source)]" }
    }

    /// The keys of XIB 2 lists whose entries pair up by position with those of a sibling list (a dictionary's
    /// `dict.values` with its `dict.sortedKeys`, `NS.objects` with `NS.keys`): their `<reference>`s keep
    /// their position as identity, since matching them by target would part a value from its key.
    static let archiveParallelListKeys: Set<String> = ["dict.values", "NS.objects"]

    /// The sibling identity a XIB 2 (`<archive>`) entry takes from its content, or nil: a record of
    /// `archiveRecordIDKeys` by its number, an entry of the class name set by its name, and a key-less
    /// `<reference ref="…"/>` in a list (an object record's `children`, a menu's `NSMenuItems`, a view's
    /// `NSSubviews`) by the id it refers to, so the list merges as a sequence of objects: both sides' insertions
    /// kept, deletions honoured, a reordering kept (a second reference to one object is its next occurrence).
    static func archiveLocalKey(of element: XMLTree.Element, parent: XMLTree.Element) -> String? {
        if element.attribute("class") == archiveClassDescriptionClass {
            return archiveClassDescriptionKey(element)
        }
        if element.isNamed("reference"), !element.hasAttribute("key"), let ref = element.attribute("ref") {
            if let listKey = parent.attribute("key"), archiveParallelListKeys.contains(listKey) { return nil }
            return "reference[ref=\(ref)]"
        }
        if let recordClass = element.attribute("class"), let idKeys = archiveRecordIDKeys[recordClass] {
            for child in element.children {
                if let key = child.attribute("key"), idKeys.contains(key), !child.hasChildren {
                    return "\(element.name)[\(recordClass)=\(child.text)]"
                }
            }
            return nil
        }
        if element.isNamed("string"), !element.hasAttribute("key"), !element.hasChildren,
           parent.attribute("key") == archiveClassNameSetKey {
            return "string[text=\(element.text)]"
        }
        return nil
    }

    /// `name[attribute=value]` for an id-less element.
    static func localKey(name: String, attributes: [NodeAttribute]) -> String {
        for naming in namingAttributes {
            if let a = attributes.first(where: { $0.name == naming }) { return "\(name)[\(naming)=\(a.value)]" }
        }
        return name
    }
}
