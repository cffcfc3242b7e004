import Foundation
import Testing
import NibArchive
import NibCompiler
import NibTestSupport
import PropertyList

/// Compiles every Apple-compiled storyboard pair (`nib/duckduckgo`, iOS; `storyboards/appkit`, macOS)
/// and compares the `.storyboardc` with Apple's: the file set, the `Info.plist` (as a property list,
/// and byte for byte where the key-collision order is predictable), and each nib's loose score
/// against the floor in `StoryboardScoreTable`.
@Suite struct StoryboardCorpusTests {
    struct Pair: Sendable, CustomStringConvertible {
        var storyboard: String
        /// Set for the project's own pairs (`Corpus/pairs`), whose flags are given here; nil for the shared corpus's,
        /// whose flags come from `SharedCorpus.storyboardFlags`.
        var projectOptions: CompileOptions? = nil
        var description: String { storyboard }
        var compiled: String { storyboard + "c" }
        var isAppKit: Bool { storyboard.hasPrefix("storyboards/appkit") }
    }

    static let pairs: [Pair] = SharedCorpus.storyboardPairs().map { Pair(storyboard: $0) }

    /// `Corpus/pairs` (see its README): Apple's UIKitCatalog sample as an Xcode 15.0 beta compiled it.
    static let projectPairs: [Pair] = ["LaunchScreen", "Main"].map { name in
        var options = CompileOptions(moduleName: "UIKitCatalog", minimumDeploymentTarget: "13.0")
        options.xcodeVersion = XcodeVersion(15, 0)
        return Pair(storyboard: "pairs/uikitcatalog-xcode15.0/Base.lproj/\(name).storyboard", projectOptions: options)
    }

    /// The compile options of a pair: the flags of the `X.args` file beside it (DuckDuckGo's app targets iOS 13.0).
    static func options(for pair: Pair, corpus: URL) -> CompileOptions {
        if let options = pair.projectOptions { return options }
        let flags = SharedCorpus.storyboardFlags(pair.storyboard)
        var options = CompileOptions(moduleName: flags.moduleName, minimumDeploymentTarget: flags.minimumDeploymentTarget)
        if let version = flags.xcodeVersion.flatMap(XcodeVersion.init) { options.xcodeVersion = version }
        return options
    }

    static func compile(_ pair: Pair, corpus: URL) throws -> StoryboardResult {
        let bytes = [UInt8](try Data(contentsOf: corpus.appendingPathComponent(pair.storyboard)))
        return try StoryboardCompiler(options: options(for: pair, corpus: corpus)).compile(storyboard: bytes, fileName: pair.storyboard)
    }

    /// Apple's files of a compiled storyboard, by path relative to the directory.
    static func appleFiles(_ pair: Pair, corpus: URL) throws -> [String: [UInt8]] {
        let root = corpus.appendingPathComponent(pair.compiled)
        var out: [String: [UInt8]] = [:]
        let enumerator = try #require(FileManager.default.enumerator(atPath: root.path), "cannot list \(root.path)")
        for case let path as String in enumerator {
            var isDir: ObjCBool = false
            let full = root.appendingPathComponent(path)
            if FileManager.default.fileExists(atPath: full.path, isDirectory: &isDir), !isDir.boolValue {
                out[path] = [UInt8](try Data(contentsOf: full))
            }
        }
        return out
    }

    /// `Info.plist` files whose colliding nib-name keys Apple inserted in an order the XML does not show
    /// (STORYBOARD.md §6.1): equal as property lists, not byte for byte.
    static let plistCollisionOrder: Set<String> = [
        "nib/duckduckgo/Base.lproj/DaxOnboarding.storyboard", "nib/duckduckgo/Base.lproj/Feedback.storyboard",
        "nib/duckduckgo/Base.lproj/PrivacyProtection.storyboard", "nib/duckduckgo/Base.lproj/Settings.storyboard",
        "nib/duckduckgo/Debug.storyboard",
    ]

    @Test(arguments: pairs)
    func fileSetPlistAndScores(_ pair: Pair) throws {
        try Self.check(pair, corpus: try SharedCorpus.require())
    }

    @Test(arguments: projectPairs)
    func projectPairScores(_ pair: Pair) throws {
        try Self.check(pair, corpus: ProjectCorpus.directory)
    }

    /// Compiles `pair` (relative to `corpus`) and compares it with Apple's: file set, `Info.plist`, no warning, and each
    /// nib's loose score against its floor.
    static func check(_ pair: Pair, corpus: URL) throws {
        let result = try compile(pair, corpus: corpus)
        let apple = try appleFiles(pair, corpus: corpus)
        let ours = Dictionary(uniqueKeysWithValues: result.files.map { ($0.path, $0.bytes) })
        #expect(Set(ours.keys) == Set(apple.keys), "file set of \(pair)")
        // Apple compiled these documents, so everything in them is either archived or Interface Builder's own: no
        // warning, except a custom class whose module the pair's flags do not name (ShareExtension).
        let warnings = result.diagnostics.map(\.message).filter { !$0.contains("but no module name given") }
        #expect(warnings.isEmpty, "\(pair): \(warnings)")

        let applePlist = try #require(apple["Info.plist"])
        let ourPlist = try #require(ours["Info.plist"])
        let a = try PropertyListValue(BinaryPropertyList(bytes: applePlist))
        let b = try PropertyListValue(BinaryPropertyList(bytes: ourPlist))
        if pair.isAppKit {
            // NSViewControllerIdentifiersToUUIDs holds random UUIDs: compare everything else, and the UUID keys.
            #expect(withoutUUIDs(a) == withoutUUIDs(b), "Info.plist of \(pair)")
        } else {
            #expect(sorted(a) == sorted(b), "Info.plist of \(pair)")
            if !plistCollisionOrder.contains(pair.storyboard) { #expect(applePlist == ourPlist, "Info.plist bytes of \(pair)") }
        }

        for (path, bytes) in apple.sorted(by: { $0.key < $1.key }) where path.hasSuffix(".nib") {
            guard let mine = ours[path] else { continue }
            let score = LeafScore.score(reference: NibGraph(try NibArchive(bytes: bytes)), output: NibGraph(try NibArchive(bytes: mine)), loose: true)
            let key = "\(pair.storyboard):\(path)"
            print(String(format: "storyboard-score %.4f %@", score, key))
            guard let floor = StoryboardScoreTable.floors[key] else { Issue.record("no floor for \(key)"); continue }
            #expect(score >= floor - ScoreFloor.rounding, "loose score \(score) fell below \(floor) for \(key)")
        }
    }

    /// Dictionaries with their entries sorted by key (the comparison "as a property list").
    static func sorted(_ v: PropertyListValue) -> PropertyListValue {
        switch v {
        case .dictionary(let entries): return .dictionary(entries.map { .init($0.key, sorted($0.value)) }.sorted { $0.key < $1.key })
        case .array(let items): return .array(items.map(sorted))
        default: return v
        }
    }

    static func withoutUUIDs(_ v: PropertyListValue) -> PropertyListValue {
        guard case .dictionary(let entries) = sorted(v) else { return v }
        return .dictionary(entries.map { e in
            guard e.key == "NSViewControllerIdentifiersToUUIDs", case .dictionary(let u) = e.value else { return e }
            return .init(e.key, .array(u.map { .string($0.key) }))
        })
    }
}
