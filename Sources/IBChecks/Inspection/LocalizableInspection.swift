import NibCompiler
import PropertyList
import XIB

/// ibtool's localizable-property views of a document (`--localizable-strings`, `--localizable-stringarrays`,
/// `--localizable-geometry`, `--localizable-other`, `--localizable-to-many-relationships`, `--localizable-all`):
/// each a dictionary keyed by object id, then property name, in the shapes Xcode 26.5's ibtool prints
/// (docs/IBTOOL-CHECKS.md §5, docs/LOCALIZATION.md §1).
///
/// The strings are the compiler's record of what it archives as `NSLocalizableString` (the list the strings
/// export is built on), so every string view and the export name the same keys; the geometry is read from
/// the document.
public struct LocalizableInspection: Sendable {
    /// One `--localizable-<kind>` mode.
    public enum Kind: String, CaseIterable, Sendable, Hashable {
        case strings, stringarrays, geometry, other
        case toManyRelationships = "to-many-relationships"
        case all

        /// The command-line flag (`--localizable-geometry`).
        public var flag: String { "--localizable-" + rawValue }
        /// The report key (`com.apple.ibtool.document.localizable-geometry`).
        public var key: String { "com.apple.ibtool.document.localizable-" + rawValue }
    }

    /// The document inspected.
    public let document: XIBDocument
    /// Its localizable strings, as the compiler recorded them for a Base-localized compile.
    public let strings: [LocalizableString]

    /// A view of `document` whose localizable strings are `strings` (`CompileResult.localizableStrings` or
    /// `StoryboardResult.localizableStrings` of a Base-localized compile of the same document).
    public init(document: XIBDocument, strings: [LocalizableString]) {
        self.document = document
        self.strings = strings
    }

    /// The view `kind` prints.
    public func value(_ kind: Kind) -> PropertyListValue {
        switch kind {
        case .strings: Self.section(stringEntries)
        case .stringarrays: Self.section(stringArrayEntries)
        case .geometry: Self.section(geometryEntries)
        case .other: Self.section(otherEntries)
        case .toManyRelationships: Self.section(toManyEntries)
        case .all: Self.section(stringEntries + stringArrayEntries + geometryEntries + otherEntries + toManyEntries)
        }
    }

    /// Object id → its properties of one kind.
    typealias Entries = [(id: String, properties: [PropertyListEntry])]

    /// One view: the entries merged per object id (`--localizable-all` is "the union of the properties" of the
    /// others, man page), ids and properties in CoreFoundation's key order.
    static func section(_ entries: Entries) -> PropertyListValue {
        var ids: [String] = []
        var byID: [String: [PropertyListEntry]] = [:]
        for entry in entries {
            if byID[entry.id] == nil { ids.append(entry.id) }
            byID[entry.id, default: []] += entry.properties
        }
        return .dictionary(ids.map { PropertyListEntry($0, .dictionary((byID[$0] ?? []).sortedByKey())) }.sortedByKey())
    }

    // MARK: Strings

    /// `--localizable-strings`: the non-empty string properties (the man page: "Empty strings are ignored";
    /// the compiler records none). Indexed properties (`segmentTitles[0]`) are string arrays.
    var stringEntries: Entries {
        strings.filter { Self.indexed($0.property) == nil }.map { ($0.objectID, [PropertyListEntry($0.property, .string($0.text))]) }
    }

    /// `--localizable-stringarrays`: "localizable strings that are values of to-many relationships", property →
    /// array of strings (man page). The strings export flattens such an array into one entry per element,
    /// `segmentTitles[i]` (docs/LOCALIZATION.md §3), and Fame (`lib/fame/interface_builder.rb`) maps the array
    /// this mode prints for a segmented control back to those keys by position; so the records of
    /// `NAME[i]` are gathered into NAME's array at position i. An element the compiler did not record (an
    /// empty text) is an empty string there: a rule inferred, not seen in an ibtool output.
    var stringArrayEntries: Entries {
        var ids: [String] = []
        var arrays: [String: [(name: String, items: [Int: String])]] = [:]
        for string in strings {
            guard let (name, index) = Self.indexed(string.property) else { continue }
            if arrays[string.objectID] == nil { ids.append(string.objectID) }
            var list = arrays[string.objectID] ?? []
            if let at = list.firstIndex(where: { $0.name == name }) { list[at].items[index] = string.text } else {
                list.append((name, [index: string.text]))
            }
            arrays[string.objectID] = list
        }
        return ids.map { id in
            (id, (arrays[id] ?? []).map { array in
                let count = (array.items.keys.max() ?? -1) + 1
                return PropertyListEntry(array.name, .array((0..<count).map { .string(array.items[$0] ?? "") }))
            })
        }
    }

    /// The largest index of an array property nibc accepts (a document's key cannot ask for a huge array).
    static let maximumIndex = 10_000

    /// `NAME[i]` → (NAME, i); nil for a plain property name or an index out of range.
    static func indexed(_ property: String) -> (name: String, index: Int)? {
        guard property.last == "]", let open = property.lastIndex(of: "[") else { return nil }
        let digits = property[property.index(after: open)..<property.index(before: property.endIndex)]
        guard !digits.isEmpty, digits.count <= 5, digits.allSatisfy(\.isASCII), let index = Int(digits),
              index <= maximumIndex else { return nil }
        return (String(property[..<open]), index)
    }

    // MARK: Geometry

    /// `--localizable-geometry`: for every view (an object with a `<rect key="frame">`), `frameOrigin` and
    /// `frameSize` (`{x, y}`, `{w, h}`), `ibDesignAutoresizingMask`, the
    /// `ibExternalExplicitTranslatesAutoresizingMaskIntoConstraints` flag and the four
    /// `ibShadowed…Priority` reals. Keys, value types and the template view's values are from transcripts x38
    /// and x39 (one view, one document); the defaults for what a document leaves out are the ones the
    /// compiler archives: an iOS view without `<autoresizingMask>` gets 36 (flexible right and bottom
    /// margins), priorities 250 (hugging) and 750 (compression resistance). An AppKit view without
    /// `<autoresizingMask>` has no `ibDesignAutoresizingMask` here: the mask AppKit views get then depends on
    /// their container (the compiler's AppKit view rules), which is not a fact about the document.
    var geometryEntries: Entries {
        var out: Entries = []
        for element in document.tree.elements where DocumentObjects.isObject(element) {
            guard let id = element.attribute("id"),
                  let frame = element.children(named: "rect").first(where: { $0.attribute("key") == "frame" }) else { continue }
            out.append((id, Self.geometry(of: element, frame: frame, platform: document.platform)))
        }
        return out
    }

    static func geometry(of view: XMLTree.Element, frame: XMLTree.Element, platform: XIBPlatform) -> [PropertyListEntry] {
        func number(_ element: XMLTree.Element, _ name: String) -> Double {
            element.attribute(name).flatMap(Double.init).flatMap { $0.isFinite ? $0 : nil } ?? 0
        }
        func text(_ a: Double, _ b: Double) -> String { "{\(WindowTriggers.number(a)), \(WindowTriggers.number(b))}" }
        func priority(_ name: String, default value: Double) -> PropertyListValue {
            .real(view.attribute(name).flatMap(Double.init).flatMap { $0.isFinite ? $0 : nil } ?? value)
        }
        var entries = [
            PropertyListEntry("frameOrigin", .string(text(number(frame, "x"), number(frame, "y")))),
            PropertyListEntry("frameSize", .string(text(number(frame, "width"), number(frame, "height")))),
            PropertyListEntry("ibExternalExplicitTranslatesAutoresizingMaskIntoConstraints",
                              .bool(view.attribute("translatesAutoresizingMaskIntoConstraints") != "NO")),
            PropertyListEntry("ibShadowedHorizontalContentCompressionResistancePriority", priority("horizontalCompressionResistancePriority", default: 750)),
            PropertyListEntry("ibShadowedHorizontalContentHuggingPriority", priority("horizontalHuggingPriority", default: 250)),
            PropertyListEntry("ibShadowedVerticalContentCompressionResistancePriority", priority("verticalCompressionResistancePriority", default: 750)),
            PropertyListEntry("ibShadowedVerticalContentHuggingPriority", priority("verticalHuggingPriority", default: 250)),
        ]
        if let mask = view.children(named: "autoresizingMask").first(where: { $0.attribute("key") == "autoresizingMask" }) {
            let bits = ObjectProperties.autoresizing.reduce(Int64(0)) { $0 | (mask.attribute($1.0) == "YES" ? $1.1 : 0) }
            entries.append(.init("ibDesignAutoresizingMask", .integer(bits)))
        } else if platform == .iOS {
            entries.append(.init("ibDesignAutoresizingMask", .integer(36)))
        }
        return entries
    }

    // MARK: Other, to-many relationships

    /// `--localizable-other`: "localizable attributes, other than strings and geometry" (man page). The only
    /// output seen is `<dict/>` (transcript x40, for a document with one view); which attributes IB counts
    /// here is not known, so nibc lists none.
    var otherEntries: Entries { [] }

    /// `--localizable-to-many-relationships`: the only output seen is `<dict/>` (transcript x42, one view);
    /// which relationships IB counts here is not known, so nibc lists none.
    var toManyEntries: Entries { [] }
}
