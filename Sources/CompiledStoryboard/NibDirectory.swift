import Foundation

/// A compiled `.nib` directory (`X.nib/`): the files a loader may read inside it, and the one it reads.
///
/// ibtool writes a directory instead of a file for `--flatten NO` (`runtime.nib` + `designtime.nib`), for a
/// document whose archived form depends on the OS version (`runtime.nib` + `objects-<version>+.nib`,
/// STORYBOARD.md §1.3), and old nib bundles hold `keyedobjects.nib` (+ `designable.nib`, a XIB).
public enum NibDirectory {
    /// Whether `name` is a file a nib loader reads: `keyedobjects*.nib`, `runtime.nib` or `objects-*.nib`.
    /// `designable.nib` / `designtime.nib` are Interface Builder's design-time copies, never loaded.
    public static func isRuntimeMember(_ name: String) -> Bool {
        guard name.hasSuffix(".nib") else { return false }
        return name == "runtime.nib" || name.hasPrefix("keyedobjects") || name.hasPrefix("objects-")
    }

    /// The runtime members of the directory at `path`, sorted by name (empty when unreadable).
    public static func runtimeMembers(_ path: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).filter(isRuntimeMember).sorted()
    }

    /// The version of an `objects-<version>+.nib` name (`objects-14.0+.nib` → 14.0), compared numerically.
    public static func variantVersion(_ name: String) -> [Int]? {
        guard name.hasPrefix("objects-"), name.hasSuffix("+.nib") else { return nil }
        let parts = name.dropFirst("objects-".count).dropLast("+.nib".count).split(separator: ".", omittingEmptySubsequences: false)
        let numbers = parts.compactMap { Int($0) }
        return numbers.count == parts.count && !numbers.isEmpty ? normalized(numbers) : nil
    }

    /// `version` without trailing zero components, so that 14 and 14.0 compare equal.
    public static func normalized(_ version: [Int]) -> [Int] {
        var v = version
        while v.count > 1, v.last == 0 { v.removeLast() }
        return v
    }

    /// The file inside the directory at `path` that a loader reads: `keyedobjects.nib` of an old nib bundle,
    /// else the newest `objects-<version>+.nib` not newer than `osVersion` (any, when nil), else `runtime.nib`;
    /// nil when there is none.
    public static func resolve(_ path: String, osVersion: [Int]? = nil) -> String? {
        let names = runtimeMembers(path)
        if names.contains("keyedobjects.nib") { return (path as NSString).appendingPathComponent("keyedobjects.nib") }
        var best: (version: [Int], name: String)?
        for name in names {
            guard let version = variantVersion(name) else { continue }
            if let osVersion, normalized(osVersion).lexicographicallyPrecedes(version) { continue }
            if best == nil || best!.version.lexicographicallyPrecedes(version) { best = (version, name) }
        }
        if let best { return (path as NSString).appendingPathComponent(best.name) }
        if let variant = names.last(where: { $0.hasPrefix("keyedobjects") }) { return (path as NSString).appendingPathComponent(variant) }
        return names.contains("runtime.nib") ? (path as NSString).appendingPathComponent("runtime.nib") : nil
    }

    /// Whether `path` is an existing directory.
    public static func isDirectory(_ path: String) -> Bool {
        var isDir: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDir) && isDir.boolValue
    }
}
