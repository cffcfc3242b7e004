import Foundation
import Testing
import NibArchive
import NibCompiler
import NibTestSupport

/// Compiles every Apple-compiled pair and guards its leaf-match score against regression.
@Suite struct CorpusScoreTests {
    /// Scores reached (strict, loose); a test fails when a score drops below its floor (`ScoreFloor`). Measured with
    /// objects named by their place in the tree (`nibc diff`): a reordered connection list is
    /// one `(order)` leaf in strict mode, no longer a renamed subtree (OmniBar 0.9942 -> 0.9993, 7.0.0
    /// CenteredView 0.9737 -> 0.9981, 7.0.0 TabView 0.9071 -> 0.9707 strict). All pairs are at or above 0.97 strict. Lowest: 7.0.0 TabView (extra `spacing` storage copies,
    /// TraitStorage.swift) and, with CenteredView, the `UINibKeyValuePairsKey` owner order (a child's
    /// pairs before the root's in 2 of 6 two-owner files; condition unknown). The breadth-first `UINibObjectsKey`
    /// walk with constraint items (ObjectList.swift) brought NotificationView to 1.0 and OmniBar to
    /// 0.9942 (connection order left). The SwiftMessages pairs are compiled with coder version 9. The 4.1.0
    /// CardView, CenteredView and TabView reached 1.0 when coder 9 archived an `<integer>` number runtime
    /// attribute as a double (RuntimeAttributes.swift).
    static let achieved: [String: (Double, Double)] = [
        "nib/duckduckgo/ActionMessageView.xib": (1.0, 1.0),
        "nib/duckduckgo/BrowsingMenuButton.xib": (1.0, 1.0),
        "nib/duckduckgo/BrowsingMenuEntryViewCell.xib": (1.0, 1.0),
        "nib/duckduckgo/BrowsingMenuSeparatorViewCell.xib": (1.0, 1.0),
        "nib/duckduckgo/BrowsingMenuViewController.xib": (1.0, 1.0),
        "nib/duckduckgo/FavoriteHomeCell.xib": (1.0, 1.0),
        "nib/duckduckgo/NotificationView.xib": (1.0, 1.0),
        "nib/duckduckgo/PrivacyProtectionHomeCell.xib": (1.0, 1.0),
        "nib/duckduckgo/SiteRatingView.xib": (1.0, 1.0),
        "nib/duckduckgo/Base.lproj/OmniBar.xib": (0.9993, 1.0),
        "nib/duckduckgo/Base.lproj/PrivacyProtectionHeaderCell.xib": (1.0, 1.0),
        "nib/swiftmessages/4.1.0/CardView.xib": (1.0, 1.0),
        "nib/swiftmessages/4.1.0/CenteredView.xib": (1.0, 1.0),
        "nib/swiftmessages/4.1.0/MessageView.xib": (1.0, 1.0),
        "nib/swiftmessages/4.1.0/MessageViewIOS8.xib": (1.0, 1.0),
        "nib/swiftmessages/4.1.0/StatusLine.xib": (1.0, 1.0),
        "nib/swiftmessages/4.1.0/TabView.xib": (1.0, 1.0),
        "nib/swiftmessages/7.0.0/CardView.xib": (1.0, 1.0),
        "nib/swiftmessages/7.0.0/CenteredView.xib": (0.9981, 1.0),
        "nib/swiftmessages/7.0.0/MessageView.xib": (1.0, 1.0),
        "nib/swiftmessages/7.0.0/StatusLine.xib": (1.0, 1.0),
        "nib/swiftmessages/7.0.0/TabView.xib": (0.9707, 0.9745),
    ]

    @Test(arguments: CorpusPairs.all)
    func pairScore(_ pair: CorpusPairs.Pair) throws {
        if SharedCorpus.directory == nil, SharedCorpus.allowMissing { print("skipping \(pair): shared corpus missing"); return }
        let corpus = try SharedCorpus.require()
        let result = try CorpusPairs.compile(pair, corpus: corpus)
        let reference = NibGraph(try NibArchive(bytes: [UInt8](try Data(contentsOf: corpus.appendingPathComponent(pair.nib)))))
        let output = NibGraph(try NibArchive(bytes: result.bytes))
        let strict = LeafScore.score(reference: reference, output: output)
        let loose = LeafScore.score(reference: reference, output: output, loose: true)
        print(String(format: "score %.4f %.4f %@", strict, loose, pair.xib))
        let floor = try #require(Self.achieved[pair.xib])
        #expect(strict >= floor.0 - ScoreFloor.rounding, "strict score \(strict) fell below \(floor.0) for \(pair.xib)")
        #expect(loose >= floor.1 - ScoreFloor.rounding, "loose score \(loose) fell below \(floor.1) for \(pair.xib)")
        #expect(!result.diagnostics.contains { $0.severity == .error })
        // Apple compiled these documents: everything in them is archived or Interface Builder's own, so no warning.
        #expect(result.diagnostics.isEmpty, "\(pair.xib): \(result.diagnostics.map(\.message))")
    }

    @Test func meanScoresAtLeastTargets() throws {
        if SharedCorpus.directory == nil, SharedCorpus.allowMissing { return }
        let corpus = try SharedCorpus.require()
        var s = 0.0, l = 0.0
        for pair in CorpusPairs.all {
            let result = try CorpusPairs.compile(pair, corpus: corpus)
            let reference = NibGraph(try NibArchive(bytes: [UInt8](try Data(contentsOf: corpus.appendingPathComponent(pair.nib)))))
            let output = NibGraph(try NibArchive(bytes: result.bytes))
            s += LeafScore.score(reference: reference, output: output)
            l += LeafScore.score(reference: reference, output: output, loose: true)
        }
        let n = Double(CorpusPairs.all.count)
        print(String(format: "mean strict %.4f loose %.4f", s / n, l / n))
        #expect(s / n >= 0.9985 - ScoreFloor.rounding)
        #expect(l / n >= 0.9988 - ScoreFloor.rounding)
    }
}

/// The `recent/` pairs: XIBs beside the nibs Xcode 16 and Xcode 26 compiled from them (coder 10; a directory
/// nib is compared through its `objects-11.0+.nib`). Loose floors, guarded like the pairs above.
@Suite struct RecentPairScoreTests {
    /// Loose scores reached; every pair not listed reached 1.0. CleverTapInboxViewController rose from
    /// 0.8852 to 1.0 when `cocoaTouchSystemColor="groupTableViewBackgroundColor"` without components became
    /// UIKit's colour (Colors.swift); CTInboxSimpleMessageCell rose by 0.003 when an iOS-installed named font
    /// (Times New Roman Bold) got its traits and scaling keys (Fonts.swift); every pair with a font reached 1.0
    /// (xcode16) or rose by 0.003 when font descriptors got today's `UIFontDescriptorOptions` (mean 0.9982 →
    /// 0.9999). What is left is Xcode 26's cell separator trailing inset (8 points shorter than Xcode 16's).
    static let belowOne: [String: Double] = [
        "xcode26/CTInboxSimpleMessageCell~land": 0.9985, "xcode26/CTInboxSimpleMessageCell~port": 0.9983,
    ]

    static let pairs: [String] = {
        guard let corpus = SharedCorpus.directory else { return [] }
        var out: [String] = []
        for dir in ["recent/clevertap-xcode16", "recent/clevertap-xcode26"] {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: corpus.appendingPathComponent(dir).path)) ?? []
            out += names.filter { $0.hasSuffix(".xib") }.sorted().map { "\(dir)/\($0)" }
        }
        return out
    }()

    static func floor(_ xib: String) -> Double {
        let stem = String(xib.dropLast(4))
        // A key names one pair (its path's end) or every size-class variant of a document ("/Key~…").
        return belowOne.first { stem.hasSuffix($0.key) || stem.contains("/\($0.key)~") }?.value ?? 1.0
    }

    @Test func recentPairsKeepTheirScores() throws {
        if SharedCorpus.directory == nil, SharedCorpus.allowMissing { return }
        let corpus = try SharedCorpus.require()
        #expect(Self.pairs.count == 48)
        var total = 0.0
        for xib in Self.pairs {
            var reference = corpus.appendingPathComponent(String(xib.dropLast(4)) + ".nib")
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: reference.path, isDirectory: &isDirectory), isDirectory.boolValue {
                reference.appendPathComponent("objects-11.0+.nib")
            }
            let data = try Data(contentsOf: corpus.appendingPathComponent(xib))
            var options = CompileOptions(moduleName: "CleverTapSDK")
            // The folder names the Xcode that built the pair (clevertap-xcode16, clevertap-xcode26).
            if let range = xib.range(of: "-xcode"), let version = XcodeVersion(String(xib[range.upperBound...].prefix { $0.isNumber || $0 == "." })) {
                options.xcodeVersion = version
            }
            let result = try XIBCompiler(options: options).compile(xib: [UInt8](data), fileName: xib)
            #expect(result.diagnostics.isEmpty, "\(xib): \(result.diagnostics.map(\.message))")
            let loose = LeafScore.score(reference: NibGraph(try NibArchive(bytes: [UInt8](try Data(contentsOf: reference)))),
                                        output: NibGraph(try NibArchive(bytes: result.bytes)), loose: true)
            total += loose
            print(String(format: "score %.4f %@", loose, xib))
            #expect(loose >= Self.floor(xib) - ScoreFloor.rounding, "loose score \(loose) fell below \(Self.floor(xib)) for \(xib)")
        }
        #expect(total / Double(max(1, Self.pairs.count)) >= 0.9999 - ScoreFloor.rounding)
    }
}
