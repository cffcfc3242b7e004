import Foundation

extension SharedCorpus {
    /// Every compiled storyboard (`*.storyboardc` directory) of the corpus, sorted: Apple's output for the
    /// DuckDuckGo iOS app (`nib/duckduckgo`, 19) and the AppKit samples (`storyboards/appkit`, 7).
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
