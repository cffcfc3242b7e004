import NibArchive

/// The AppKit keys that depend on the Xcode reproduced (`CompileOptions.xcodeVersion`). The encoders write current
/// Xcode's vocabulary; for an older Xcode this pass takes out what its SDK did not archive and adds what only it did.
/// The evidence is two vocabularies: current Xcode's (the `nib/appkit*` and `storyboards/appkit` pairs) and Xcode
/// 12.2's (Sparkle's seven keyed nibs, macOS 11 SDK). Where the release between them is not sampled,
/// `XcodeVersion.appKitCurrentVocabulary` (14) is assumed; so every rule below `newestWritingKeyedNibs` rests on the
/// Sparkle sample.
extension AppKitCompiler {
    /// Keys the encoders write that an Xcode older than the paired version did not.
    private static let keysIntroduced: [(key: String, since: XcodeVersion)] = [
        ("NSAllowsWritingTools", .appKitWritingTools),
        ("NSTextFieldAllowsWritingToolsAffordance", .appKitWritingTools),
        ("NSLinearExposure", .appKitLinearExposure),
        ("IBNSShadowedSymbolConfiguration", .appKitCurrentVocabulary),
        ("NS.resolvesNaturalAlignmentWithBaseWritingDirection", .appKitCurrentVocabulary),
        ("IBClassReference", .appKitCurrentVocabulary),
        ("NSImageViewPlaceholderPrecedence", .appKitCurrentVocabulary),
    ]

    /// Rewrites the finished graph into the vocabulary of `ctx.options.xcodeVersion`.
    func applyXcodeVocabulary() {
        let version = ctx.options.xcodeVersion
        let dropped = Set(Self.keysIntroduced.filter { version < $0.since }.map(\.key))
        let older = version < .appKitCurrentVocabulary
        guard !dropped.isEmpty || older else { return }
        for i in b.graph.objects.indices {
            var entries = b.graph.objects[i].entries
            if !dropped.isEmpty { entries.removeAll { dropped.contains($0.key) } }
            if older { Self.addControlSize2(&entries) }
            if older { Self.legacyTextAlignment(&entries) }
            b.graph.objects[i].entries = entries
        }
    }

    /// Xcode 12.2 archives `NSControlSize2` beside every control's `NSControlSize` and every cell's `NSCellFlags2`
    /// (the macOS 11 SDK's control size, which added `.large`): the same size again, 0 for regular in all 85 Sparkle
    /// objects. A cell's size is bits 17–18 of its second flags word.
    private static func addControlSize2(_ entries: inout [NibEntry]) {
        guard !entries.contains(where: { $0.key == "NSControlSize2" }) else { return }
        if let at = entries.firstIndex(where: { $0.key == "NSControlSize" }), case .int(let size) = entries[at].value {
            entries.insert(NibEntry(key: "NSControlSize2", value: .int(size)), at: at + 1)
        } else if let at = entries.firstIndex(where: { $0.key == "NSCellFlags2" }), case .int(let flags) = entries[at].value {
            entries.insert(NibEntry(key: "NSControlSize2", value: .int((flags >> 17) & 3)), at: at + 1)
        }
    }

    /// A control's `NSControlTextAlignment` in AppKit's own numbering (right 1, centre 2) instead of the one it
    /// shares with UIKit (centre 1, right 2): which one ibtool writes follows the architecture it runs on
    /// (`NSTextAlignment` uses UIKit's values on arm64), and Xcode 12.2's Sparkle nibs have AppKit's (ten centred
    /// buttons). Taken as the numbering of every Xcode before `appKitCurrentVocabulary`.
    private static func legacyTextAlignment(_ entries: inout [NibEntry]) {
        guard let at = entries.firstIndex(where: { $0.key == "NSControlTextAlignment" }), case .int(let a) = entries[at].value else { return }
        if a == 1 { entries[at].value = .int(2) } else if a == 2 { entries[at].value = .int(1) }
    }
}
