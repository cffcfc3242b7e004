/// A difference between OURS and THEIRS the merge cannot decide, or a merged result that would break the
/// document (a dangling reference, a duplicate id).
public struct MergeConflict: Sendable, Equatable, Codable {
    /// What kind of conflict.
    public enum Kind: String, Sendable, Codable {
        /// Both sides changed the same attribute (or the text) of one element differently.
        case attribute
        /// One side deleted an element the other side changed.
        case deleteModify = "delete-modify"
        /// Both sides added an element with the same identity but different content.
        case addAdd = "add-add"
        /// Both sides reordered the same children differently.
        case order
        /// A merged element refers to an id no element of the result has.
        case danglingReference = "dangling-reference"
        /// Two elements of the result have the same id.
        case duplicateID = "duplicate-id"
    }

    /// The object the conflict is about: the closest element with an `id` (or the element itself).
    public struct Object: Sendable, Equatable, Codable {
        /// The element name, e.g. `label`, `viewController`.
        public var element: String
        /// `customClass`, when set.
        public var customClass: String?
        /// `userLabel`, else `text` or `title`, when set.
        public var label: String?
        /// The `id` (a scene's `sceneID`), when set.
        public var id: String?
    }

    public var kind: Kind
    public var object: Object
    /// The element name of the conflicting part when it is not the object itself (e.g. `rect` for a frame).
    public var part: String?
    /// The attribute, or `text` for character data; nil for whole-element conflicts.
    public var attribute: String?
    /// OURS' value (nil: absent or deleted).
    public var ours: String?
    /// THEIRS' value (nil: absent or deleted).
    public var theirs: String?
    /// The line in OURS (1-based), or 0 when the element is not in OURS.
    public var line: Int
    /// One sentence saying what happened.
    public var message: String
}

extension MergeConflict.Object: CustomStringConvertible {
    /// `<label> "Title" (customClass, id abc-12-def)`.
    public var description: String {
        var s = "<\(element)>"
        if let label { s += " \"\(label)\"" }
        var details: [String] = []
        if let customClass { details.append(customClass) }
        if let id { details.append("id \(id)") }
        if !details.isEmpty { s += " (\(details.joined(separator: ", ")))" }
        return s
    }
}

extension MergeConflict: CustomStringConvertible {
    /// One line: the object, the part, the attribute and both values.
    public var description: String {
        var s = "\(kind.rawValue): \(object)"
        if let part { s += " <\(part)>" }
        if let attribute { s += " '\(attribute)'" }
        s += ": \(message)"
        func show(_ v: String?) -> String { v.map { "\"\($0)\"" } ?? "(none)" }
        if kind == .attribute || kind == .addAdd || kind == .danglingReference || kind == .duplicateID {
            s += "; ours \(show(ours)), theirs \(show(theirs))"
        }
        return s
    }
}

extension MergeConflict.Object {
    /// Names `node`'s object: the closest element with an id, or the node.
    init(_ node: MergeNode) {
        var object: MergeNode? = node
        while let o = object, o.globalKey == nil { object = o.parent }
        let named = object ?? node
        element = named.name
        customClass = named.attribute("customClass")
        label = named.attribute("userLabel") ?? named.attribute("text") ?? named.attribute("title")
            ?? named.children.first { $0.name == "string" && $0.attribute("key") == "text" }?.text
        id = named.attribute("id") ?? named.attribute("sceneID")
    }
}
