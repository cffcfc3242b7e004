import XIB

/// The two compiled nib forms Apple ships.
public enum NibOutputFormat: String, Sendable, Hashable {
    /// Apple's `NIBArchive` (UINibEncoder) form: every iOS nib, and macOS nibs for macOS 10.13 and later.
    case nibArchive
    /// An `NSKeyedArchiver` binary property list: macOS nibs for deployment targets before 10.13.
    case keyedArchive

    /// The form ibtool writes for `platform` and a minimum deployment target such as `"10.7"`.
    ///
    /// Xcode 13's release notes: macOS XIBs compile with UINibEncoder, and "when deploying an App before
    /// macOS 10.13, Xcode generates a backward compatible nib" — the keyed-archive form (Sparkle's nibs,
    /// deployment target 10.7, are keyed archives compiled by Xcode 12.2). Without a target (or one that
    /// does not parse) the current form is chosen: NIBArchive.
    public static func forTarget(platform: XIBPlatform, minimumDeploymentTarget: String?) -> NibOutputFormat {
        guard platform == .macOS, let target = minimumDeploymentTarget,
              let version = DeploymentVersion(target) else { return .nibArchive }
        return version < DeploymentVersion(major: 10, minor: 13) ? .keyedArchive : .nibArchive
    }
}

/// A `major.minor[.patch]` deployment target, compared numerically ("10.9" < "10.13").
public struct DeploymentVersion: Comparable, Sendable, Hashable, CustomStringConvertible {
    /// The major version (10 for 10.13).
    public var major: Int
    /// The minor version (13 for 10.13).
    public var minor: Int

    /// `major.minor`.
    public init(major: Int, minor: Int) { self.major = major; self.minor = minor }

    /// Parses `"15"`, `"10.13"` or `"12.0.1"` (the patch is checked and dropped); nil for anything else.
    public init?(_ text: String) {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...3).contains(parts.count), parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCII) }),
              let major = Int(parts[0]), major >= 0 else { return nil }
        let minor = parts.count > 1 ? Int(parts[1]) : 0
        guard let minor, minor >= 0 else { return nil }
        if parts.count > 2, Int(parts[2]) == nil { return nil }
        self.major = major
        self.minor = minor
    }

    public static func < (a: DeploymentVersion, b: DeploymentVersion) -> Bool { (a.major, a.minor) < (b.major, b.minor) }

    /// `major.minor`, as Interface Builder names versions in its messages ("iOS 9.0").
    public var description: String { "\(major).\(minor)" }
}
