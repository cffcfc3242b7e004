import CompiledStoryboard
import PropertyList

/// The `Info.plist` of a compiled storyboard (STORYBOARD.md §1.4) as the compiler writes it: identifier → nib
/// name, storyboard references, the entry point and the version, as a binary property list in ibtool's layout
/// (dictionaries in CF hash order, §6.1; string sharing by instance, §1.4.1). The keys are
/// `StoryboardInfo.Platform`'s, the reader's (`CompiledStoryboard`); what only the writer knows is the layout and
/// which references name no storyboard or controller.
struct StoryboardInfoPlist {
    /// UIKit (`UI…` keys) or AppKit (`NS…` keys).
    var platform: StoryboardInfo.Platform
    /// identifier → nib name (equal in all data).
    var nibNames: [String] = []
    /// reference identifier → (storyboard name, referenced controller identifier).
    var references: [(identifier: String, storyboard: String?, controller: String?)] = []
    /// The entry point's identifier and whether it is a storyboard identifier (then the plist shares
    /// the nib-name key's string instance, §1.4.1).
    var entryPoint: (identifier: String, isStoryboardIdentifier: Bool)?
    /// macOS: the main menu's identifier (`NSStoryboardMainMenu`).
    var mainMenu: String?
    /// macOS: identifier → UUID string (`NSViewControllerIdentifiersToUUIDs`).
    var uuids: [(identifier: String, uuid: String)] = []

    /// The property list value, dictionaries in CF hash order.
    var value: PropertyListValue {
        var top: [PropertyListEntry] = []
        if let mainMenu { top.append(.init(platform.mainMenuKey, .string(mainMenu))) }
        top.append(.init(platform.nibNamesKey, Self.hashOrdered(nibNames.map { .init($0, .string($0)) })))
        if !references.isEmpty {
            top.append(.init(platform.referencesKey, Self.hashOrdered(references.map { ref in
                var entries: [PropertyListEntry] = []
                if let c = ref.controller { entries.append(.init(platform.referencedControllerIdentifierKey, .string(c))) }
                if let s = ref.storyboard { entries.append(.init(platform.referencedStoryboardNameKey, .string(s))) }
                return .init(ref.identifier, .dictionary(Self.hashOrderedEntries(entries)))
            })))
        }
        if let entryPoint { top.append(.init(platform.entryPointKey, .string(entryPoint.identifier))) }
        if !uuids.isEmpty {
            top.append(.init(platform.uuidsKey, Self.hashOrdered(uuids.map { .init($0.identifier, .string($0.uuid)) })))
        }
        top.append(.init(platform.versionKey, .integer(1)))
        return .dictionary(Self.hashOrderedEntries(top))
    }

    /// `bplist00` bytes with ibtool's string sharing.
    var bytes: [UInt8] {
        let entry = entryPoint
        let refKeys: Set<String> = [platform.referencedControllerIdentifierKey, platform.referencedStoryboardNameKey]
        let nibNamesKey = platform.nibNamesKey, referencesKey = platform.referencesKey, entryKey = platform.entryPointKey
        return BinaryPropertyListWriter(uniquing: .none).write(value) { path, isKey, string in
            if path.isEmpty { return isKey ? "top:" + string : nil }
            if path == [nibNamesKey], isKey, let entry, entry.isStoryboardIdentifier, entry.identifier == string { return "entry" }
            if path == [entryKey], let entry, entry.isStoryboardIdentifier { return "entry" }
            // One instance per key name across all references; equal values inside one reference share.
            if path.count == 2, path[0] == referencesKey, isKey, refKeys.contains(string) { return "refkey:" + string }
            if path.count == 3, path[0] == referencesKey { return "ref:\(path[1]):\(string)" }
            return nil
        }
    }

    /// Entries sorted by key bytes (the insertion order that fits, §6.1), then laid out in hash order.
    private static func hashOrdered(_ entries: [PropertyListEntry]) -> PropertyListValue {
        .dictionary(hashOrderedEntries(entries.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }))
    }

    /// `entries` (insertion order) laid out in CF hash order.
    static func hashOrderedEntries(_ entries: [PropertyListEntry]) -> [PropertyListEntry] {
        var byKey: [String: PropertyListEntry] = [:]
        for e in entries { byKey[e.key] = e }
        return CFHashOrder.order(entries.map(\.key)).compactMap { byKey[$0] }
    }
}
