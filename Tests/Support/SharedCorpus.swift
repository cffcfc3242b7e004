import Foundation

/// Locates `../shared/corpus` (or `$NIBC_SHARED_CORPUS`) for tests, and lists its files.
///
/// A missing corpus is a test failure, not a silent pass: `require()` throws unless
/// `NIBC_ALLOW_MISSING_CORPUS=1` is set, in which case callers skip with a visible message.
public enum SharedCorpus {
    /// The package root, derived from this file's path.
    public static let packageRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The corpus directory, if it exists.
    public static var directory: URL? {
        let env = ProcessInfo.processInfo.environment
        let url = env["NIBC_SHARED_CORPUS"].map { URL(fileURLWithPath: $0) }
            ?? packageRoot.deletingLastPathComponent().appendingPathComponent("shared/corpus")
        var isDir: ObjCBool = false
        return FileManager.default.fileExists(atPath: url.path, isDirectory: &isDir) && isDir.boolValue ? url : nil
    }

    /// An error explaining that the corpus is missing.
    public struct Missing: Error, CustomStringConvertible {
        public var description: String {
            "shared corpus not found at ../shared/corpus (set NIBC_SHARED_CORPUS); set NIBC_ALLOW_MISSING_CORPUS=1 to skip corpus tests"
        }
    }

    /// Whether a missing corpus may be skipped.
    public static var allowMissing: Bool { ProcessInfo.processInfo.environment["NIBC_ALLOW_MISSING_CORPUS"] == "1" }

    /// The corpus directory, or an error.
    public static func require() throws -> URL {
        guard let directory else { throw Missing() }
        return directory
    }

    /// The corpus directory; nil when it is missing and `NIBC_ALLOW_MISSING_CORPUS=1` lets the caller skip.
    public static func requireOrSkip() throws -> URL? {
        do { return try require() } catch {
            if allowMissing { return nil }
            throw error
        }
    }

    /// Every regular file under `subdirectory` of the corpus whose name ends with `suffix`, sorted.
    public static func files(under subdirectory: String, suffix: String) throws -> [URL] {
        let root = try require().appendingPathComponent(subdirectory)
        guard let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isRegularFileKey]) else {
            return []
        }
        var result = [URL]()
        for case let url as URL in walker where url.lastPathComponent.hasSuffix(suffix) {
            if (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true { result.append(url) }
        }
        return result.sorted { $0.path < $1.path }
    }

    /// The path of `url` relative to the corpus, for messages.
    public static func relative(_ url: URL) -> String {
        guard let dir = directory?.path else { return url.path }
        return url.path.hasPrefix(dir) ? String(url.path.dropFirst(dir.count + 1)) : url.path
    }
}

/// The project's own `Corpus/` directory.
public enum ProjectCorpus {
    /// `<package root>/Corpus`.
    public static let directory = SharedCorpus.packageRoot.appendingPathComponent("Corpus")
}
