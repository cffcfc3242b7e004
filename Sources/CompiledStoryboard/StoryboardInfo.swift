import PropertyList

/// The `Info.plist` of a compiled storyboard, read and checked: which controllers the storyboard can
/// instantiate, from which scene nib, the initial one, storyboard references and (AppKit) the main menu.
///
/// iOS writes `UI…` keys, macOS the same structure with `NS…` keys plus `NSStoryboardMainMenu` and
/// `NSViewControllerIdentifiersToUUIDs` (STORYBOARD.md §1.4; the macOS keys from the 7 AppKit storyboards of
/// the corpus). Keys the model does not know are kept in `propertyList` and otherwise ignored.
public struct StoryboardInfo: Sendable, Equatable {
    /// The UI framework a storyboard is for, from its key prefix.
    public enum Platform: String, Sendable {
        case iOS = "UI"
        case macOS = "NS"
    }

    /// A storyboard reference: a controller of another storyboard.
    public struct Reference: Sendable, Equatable {
        /// `UIReferencedStoryboardName`: the storyboard, found in the same bundle.
        public var storyboardName: String
        /// `UIReferencedControllerIdentifier`; nil means that storyboard's initial controller.
        public var controllerIdentifier: String?
        /// `UIReferencedBundleIdentifier` when present (no compiled sample, by analogy with the XML attribute).
        public var bundleIdentifier: String?

        /// Creates a reference.
        public init(storyboardName: String, controllerIdentifier: String? = nil, bundleIdentifier: String? = nil) {
            self.storyboardName = storyboardName
            self.controllerIdentifier = controllerIdentifier
            self.bundleIdentifier = bundleIdentifier
        }
    }

    /// UIKit or AppKit.
    public var platform: Platform
    /// `…StoryboardVersion` (always 1).
    public var version: Int64
    /// `…ViewControllerIdentifiersToNibNames`: identifier → scene nib name, in file order.
    public var nibNames: [(identifier: String, nibName: String)]
    /// `…StoryboardDesignatedEntryPointIdentifier`: the initial controller's identifier.
    public var initialIdentifier: String?
    /// `…ViewControllerIdentifiersToExternalStoryboardReferences`: identifier → reference.
    public var references: [String: Reference]
    /// `NSStoryboardMainMenu` (AppKit): the identifier of the application scene's menu. ibtool writes the key
    /// even when the storyboard has no menu scene (then the name is in no map: `sb_button_hug`).
    public var mainMenuIdentifier: String?
    /// `NSViewControllerIdentifiersToUUIDs` (AppKit).
    public var uuids: [String: String]
    /// The whole property list, in file order.
    public var propertyList: PropertyListValue

    /// The scene nib of `identifier`.
    public func nibName(forIdentifier identifier: String) -> String? {
        nibNames.first(where: { $0.identifier == identifier })?.nibName
    }

    /// The identifiers, in file order.
    public var identifiers: [String] { nibNames.map(\.identifier) }

    /// The main menu's nib name when the storyboard has a menu scene.
    public var mainMenuNibName: String? { mainMenuIdentifier.flatMap(nibName(forIdentifier:)) }

    /// Equal property lists, reals compared bit for bit so that the relation is reflexive (a NaN in some
    /// unknown key made a plist unequal to itself: found by Fuzz/storyboard-info).
    public static func == (a: StoryboardInfo, b: StoryboardInfo) -> Bool { same(a.propertyList, b.propertyList) }

    static func same(_ a: PropertyListValue, _ b: PropertyListValue) -> Bool {
        switch (a, b) {
        case (.real(let x), .real(let y)), (.date(let x), .date(let y)): return x.bitPattern == y.bitPattern
        case (.float(let x), .float(let y)): return x.bitPattern == y.bitPattern
        case (.array(let x), .array(let y)), (.set(let x), .set(let y)): return x.count == y.count && zip(x, y).allSatisfy(same)
        case (.dictionary(let x), .dictionary(let y)):
            return x.count == y.count && zip(x, y).allSatisfy { $0.key == $1.key && same($0.value, $1.value) }
        default: return a == b
        }
    }

    /// Reads and checks `Info.plist` bytes; `path` names the file in errors.
    public init(bytes: [UInt8], path: String = "Info.plist") throws(StoryboardError) {
        let plist: BinaryPropertyList
        do {
            // Storyboard plists hold a few hundred objects; the limits stop hostile files early.
            var options = PropertyListReadOptions()
            options.maxObjectCount = 1_000_000
            options.maxDepth = 16
            options.maxExpandedValues = 1_000_000
            plist = try BinaryPropertyList(bytes: bytes, options: options)
            propertyList = try PropertyListValue(plist, maxValues: options.maxExpandedValues)
        } catch {
            throw StoryboardError(.propertyList(error), path: path, "\(error)")
        }
        let reader = InfoReader(path: path, root: propertyList)
        try reader.requireDictionary()
        let list = propertyList
        if let platform = [Platform.iOS, .macOS].first(where: { list[$0.versionKey] != nil || list[$0.nibNamesKey] != nil }) {
            self.platform = platform
        } else {
            throw StoryboardError(.badValue, path: path, "neither UIStoryboardVersion nor NSStoryboardVersion: not a compiled storyboard's Info.plist")
        }
        version = try reader.integer(platform.versionKey)
        guard version == 1 else {
            throw StoryboardError(.unsupportedVersion, path: path, keyPath: platform.versionKey,
                                  "version \(version) is not supported (ibtool writes 1)")
        }
        nibNames = try reader.stringMap(platform.nibNamesKey, required: true, names: true)
        initialIdentifier = try reader.optionalString(platform.entryPointKey)
        references = try reader.references(platform)
        mainMenuIdentifier = platform == .macOS ? try reader.optionalString(platform.mainMenuKey) : nil
        uuids = Dictionary(try reader.stringMap(platform.uuidsKey, required: false, names: false)
            .map { ($0.identifier, $0.nibName) }, uniquingKeysWith: { a, _ in a })
        if let initialIdentifier, nibName(forIdentifier: initialIdentifier) == nil {
            throw StoryboardError(.unknownEntryPoint, path: path, keyPath: platform.entryPointKey,
                                  "the initial controller \"\(initialIdentifier)\" is not in \(platform.nibNamesKey)")
        }
    }

    /// Whether `name` can name a file directly inside the storyboard directory.
    public static func isSafeFileName(_ name: String) -> Bool {
        !name.isEmpty && name != "." && name != ".." && !name.contains("/") && !name.contains("\0")
    }
}

/// Typed access to the plist's keys (`StoryboardInfo.Platform`'s), each failure naming its key path.
private struct InfoReader {
    let path: String
    let root: PropertyListValue

    func fail(_ keyPath: String, _ message: String, _ kind: StoryboardError.Kind = .badValue) -> StoryboardError {
        StoryboardError(kind, path: path, keyPath: keyPath, message)
    }

    func requireDictionary() throws(StoryboardError) {
        guard case .dictionary = root else { throw StoryboardError(.badValue, path: path, "the top object is not a dictionary") }
    }

    func integer(_ key: String) throws(StoryboardError) -> Int64 {
        guard case .integer(let v)? = root[key] else { throw fail(key, "missing or not an integer") }
        return v
    }

    func optionalString(_ key: String) throws(StoryboardError) -> String? {
        guard let value = root[key] else { return nil }
        guard case .string(let s) = value else { throw fail(key, "not a string") }
        return s
    }

    /// A dictionary of strings, in file order; with `names`, each key and value must be usable as a file name.
    func stringMap(_ key: String, required: Bool, names: Bool) throws(StoryboardError) -> [(identifier: String, nibName: String)] {
        guard let value = root[key] else {
            if required { throw fail(key, "missing") }
            return []
        }
        guard case .dictionary(let entries) = value else { throw fail(key, "not a dictionary") }
        var result = [(identifier: String, nibName: String)]()
        for e in entries {
            let keyPath = "\(key)[\"\(e.key)\"]"
            guard case .string(let s) = e.value else { throw fail(keyPath, "not a string") }
            if names, !StoryboardInfo.isSafeFileName(s) {
                throw fail(keyPath, "\"\(s)\" cannot name a nib in the storyboard directory", .badName)
            }
            result.append((e.key, s))
        }
        return result
    }

    func references(_ platform: StoryboardInfo.Platform) throws(StoryboardError) -> [String: StoryboardInfo.Reference] {
        let key = platform.referencesKey
        guard let value = root[key] else { return [:] }
        guard case .dictionary(let entries) = value else { throw fail(key, "not a dictionary") }
        var result = [String: StoryboardInfo.Reference]()
        for e in entries {
            let keyPath = "\(key)[\"\(e.key)\"]"
            guard case .dictionary = e.value else { throw fail(keyPath, "not a dictionary") }
            let nameKey = platform.referencedStoryboardNameKey
            guard case .string(let name)? = e.value[nameKey] else {
                throw fail(keyPath + "." + nameKey, "missing or not a string")
            }
            guard StoryboardInfo.isSafeFileName(name) else {
                throw fail(keyPath + "." + nameKey, "\"\(name)\" cannot name a storyboard", .badName)
            }
            var reference = StoryboardInfo.Reference(storyboardName: name)
            for (field, label) in [(\StoryboardInfo.Reference.controllerIdentifier, platform.referencedControllerIdentifierKey),
                                   (\StoryboardInfo.Reference.bundleIdentifier, platform.referencedBundleIdentifierKey)] {
                guard let v = e.value[label] else { continue }
                guard case .string(let s) = v else { throw fail(keyPath + "." + label, "not a string") }
                reference[keyPath: field] = s
            }
            result[e.key] = reference
        }
        return result
    }
}
