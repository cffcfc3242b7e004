import CompiledStoryboard
import Foundation

/// The device a nib is looked up for; device-specific variants (`~iphone`, `~ipad`) win over the plain name.
public enum NibDeviceIdiom: Sendable {
    /// iPhone (`~iphone`).
    case phone
    /// iPad (`~ipad`).
    case pad

    /// The file-name suffix of this idiom's variants.
    public var suffix: String {
        switch self {
        case .phone: return "~iphone"
        case .pad: return "~ipad"
        }
    }
}

/// A bundle directory in which nibs are found by name, as `Bundle.loadNibNamed` / `UINib(nibName:bundle:)` do.
public struct NibBundle: Sendable {
    /// The bundle directory.
    public let directory: String
    /// The registry the templates resolve classes through.
    public let registry: NibClassRegistry
    /// The user's languages, most preferred first (`["de-AT", "en"]`): the localization templates and
    /// storyboards of this bundle translate their `NSLocalizableString`s with (`localizedStrings(table:)`).
    /// Empty: no translation, the nibs' development texts.
    public let preferredLanguages: [String]

    /// Creates a bundle over `directory`, localized for `preferredLanguages` (none by default).
    public init(directory: String, registry: NibClassRegistry = .shared, preferredLanguages: [String] = []) {
        self.directory = directory
        self.registry = registry
        self.preferredLanguages = preferredLanguages
    }

    /// The translations of the strings table `table` (`<language>.lproj/<table>.strings` of this bundle, for
    /// `preferredLanguages`); nil without preferred languages. UIKit names the table after the nib file or
    /// the storyboard.
    public func localizedStrings(table: String) throws(NibLoadingError) -> NibLocalizedStrings? {
        guard !preferredLanguages.isEmpty else { return nil }
        return try NibLocalizedStrings(directory: directory, table: table, languages: preferredLanguages)
    }

    /// The nib file for `name`: `<name>~iphone.nib`/`<name>~ipad.nib` (by `idiom`), else `<name>.nib`, looked up in
    /// the directory and then `Base.lproj`. A `.nib` directory resolves to its newest `objects-<version>+.nib`
    /// not newer than `osVersion` (any, when nil), else `runtime.nib`.
    public func path(forNibNamed name: String, idiom: NibDeviceIdiom = .phone, osVersion: Double? = nil) -> String? {
        let fm = FileManager.default
        for dir in [directory, (directory as NSString).appendingPathComponent("Base.lproj")] {
            for candidate in ["\(name)\(idiom.suffix).nib", "\(name).nib"] {
                let path = (dir as NSString).appendingPathComponent(candidate)
                var isDir: ObjCBool = false
                guard fm.fileExists(atPath: path, isDirectory: &isDir) else { continue }
                if !isDir.boolValue { return path }
                if let inner = Self.resolveNibDirectory(path, osVersion: osVersion) { return inner }
            }
        }
        return nil
    }

    /// The file inside a compiled `.nib` directory to load: `keyedobjects.nib` of an old nib bundle, else the
    /// newest `objects-<version>+.nib` not newer than `osVersion`, else `runtime.nib` (`NibDirectory.resolve`).
    public static func resolveNibDirectory(_ path: String, osVersion: Double? = nil) -> String? {
        NibDirectory.resolve(path, osVersion: osVersion.map(versionComponents))
    }

    /// `14.5` → `[14, 5]`: the version as written in decimal.
    static func versionComponents(_ version: Double) -> [Int] {
        "\(version)".split(separator: ".").compactMap { Int($0) }
    }

    /// The compiled storyboard `<name>.storyboardc`: in `localization.lproj` when given, else `Base.lproj`,
    /// else the bundle directory (UIKit's search order, STORYBOARD.md §7.1); nil when there is none.
    public func path(forStoryboardNamed name: String, localization: String? = nil) -> String? {
        guard StoryboardInfo.isSafeFileName(name) else { return nil }
        var dirs = [String]()
        if let localization { dirs.append((directory as NSString).appendingPathComponent(localization + ".lproj")) }
        dirs += [(directory as NSString).appendingPathComponent("Base.lproj"), directory]
        for dir in dirs {
            let path = (dir as NSString).appendingPathComponent(name + ".storyboardc")
            if NibDirectory.isDirectory(path) { return path }
        }
        return nil
    }

    /// A template for the nib named `name`, or `NibLoadingError.nibNotFound`.
    public func template(named name: String, idiom: NibDeviceIdiom = .phone, osVersion: Double? = nil) throws(NibLoadingError) -> NibTemplate {
        guard let path = path(forNibNamed: name, idiom: idiom, osVersion: osVersion) else {
            throw .nibNotFound(name: name, directory: directory)
        }
        // The table is the nib file's name (`Main~iphone` for `Main~iphone.nib`), the name of a `.nib` directory.
        var nibFile = path
        if (nibFile as NSString).deletingLastPathComponent.hasSuffix(".nib") { nibFile = (nibFile as NSString).deletingLastPathComponent }
        let table = ((nibFile as NSString).lastPathComponent as NSString).deletingPathExtension
        return try NibTemplate(contentsOf: path, registry: registry, localizedStrings: localizedStrings(table: table))
    }
}
