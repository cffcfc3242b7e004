import Foundation

extension SharedCorpus {
    /// Every compiled storyboard (`*.storyboardc` directory) of the corpus, sorted: Apple's output for the
    /// DuckDuckGo iOS app (`nib/duckduckgo`, 19), the AppKit samples (`storyboards/appkit`, 7) and Flutter's templates
    /// as three Xcodes compiled them (`recent-storyboards`, 6).
    public static func compiledStoryboards() throws -> [URL] {
        let root = try require()
        guard let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isDirectoryKey]) else { return [] }
        var result = [URL]()
        for case let url as URL in walker where url.pathExtension == "storyboardc" {
            result.append(url)
            walker.skipDescendants()
        }
        return result.sorted { $0.path < $1.path }
    }
}

/// The ibtool flags a corpus storyboard was compiled with, as plain values (the support target does not link the
/// compiler): the module and the deployment target.
public struct CorpusStoryboardFlags: Sendable, Equatable {
    /// `--module`: DuckDuckGo for its app, the extension's name for `*.appex/` storyboards, none for the AppKit samples.
    public var moduleName: String?
    /// `--minimum-deployment-target` of the `X.args` file (DuckDuckGo's app targets iOS 13.0).
    public var minimumDeploymentTarget: String?
    /// The Xcode that compiled the pair (`--xcode-version`): 13.2 for DuckDuckGo's app (Xcode 13.2.1, SOURCES.md),
    /// the `-xcodeN` suffix of a `recent-storyboards/` folder; nil (the newest) for the AppKit samples.
    public var xcodeVersion: String?
}

extension SharedCorpus {
    /// The storyboards with Apple's `.storyboardc` beside them, relative to the corpus and sorted:
    /// `nib/duckduckgo` (19, iOS), `storyboards/appkit` (7, macOS) and `recent-storyboards` (6, iOS: Flutter's two
    /// templates as three Xcodes compiled them).
    public static func storyboardPairs() -> [String] {
        guard let corpus = directory else { return [] }
        var out: [String] = []
        for folder in ["nib/duckduckgo", "storyboards/appkit", "recent-storyboards"] {
            for url in (try? files(under: folder, suffix: ".storyboard")) ?? [] {
                let name = relative(url)
                if FileManager.default.fileExists(atPath: corpus.appendingPathComponent(name + "c").path) { out.append(name) }
            }
        }
        return out.sorted()
    }

    /// The flags of the corpus storyboard `relative` (a path relative to the corpus): the `X.args` file beside it,
    /// and the module its target has.
    public static func storyboardFlags(_ relative: String) -> CorpusStoryboardFlags {
        let isAppKit = relative.hasPrefix("storyboards/appkit")
        // App extensions are their own targets: ibtool's --module is the extension's name.
        let appex = relative.split(separator: "/").first { $0.hasSuffix(".appex") }.map { String($0.dropLast(".appex".count)) }
        let recentFolder = relative.hasPrefix("recent-storyboards/") ? relative.split(separator: "/").dropFirst().first : nil
        var flags = CorpusStoryboardFlags(moduleName: isAppKit || recentFolder != nil ? nil : appex ?? "DuckDuckGo")
        if let recentFolder, let range = recentFolder.range(of: "-xcode") {
            flags.xcodeVersion = String(recentFolder[range.upperBound...])
        } else if relative.hasPrefix("nib/duckduckgo") {
            flags.xcodeVersion = "13.2.1"
        }
        guard let corpus = directory else { return flags }
        let args = corpus.appendingPathComponent(String(relative.dropLast(".storyboard".count)) + ".args")
        if let text = try? String(contentsOf: args, encoding: .utf8) {
            let words = text.split(whereSeparator: \.isWhitespace).map(String.init)
            if let i = words.firstIndex(of: "--minimum-deployment-target"), i + 1 < words.count { flags.minimumDeploymentTarget = words[i + 1] }
            if let i = words.firstIndex(of: "--module"), i + 1 < words.count { flags.moduleName = words[i + 1] }
        }
        return flags
    }
}
