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

    /// Creates a bundle over `directory`.
    public init(directory: String, registry: NibClassRegistry = .shared) {
        self.directory = directory
        self.registry = registry
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
    /// newest `objects-<version>+.nib` not newer than `osVersion`, else `runtime.nib`.
    public static func resolveNibDirectory(_ path: String, osVersion: Double? = nil) -> String? {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
        if names.contains("keyedobjects.nib") { return (path as NSString).appendingPathComponent("keyedobjects.nib") }
        var best: (Double, String)?
        for n in names where n.hasPrefix("objects-") && n.hasSuffix("+.nib") {
            let v = n.dropFirst("objects-".count).dropLast("+.nib".count)
            let parts = v.split(separator: ".").compactMap { Double($0) }
            guard let major = parts.first else { continue }
            let version = major + (parts.count > 1 ? parts[1] / 100 : 0)
            if let osVersion, version > osVersion { continue }
            if best == nil || version > best!.0 { best = (version, n) }
        }
        if let best { return (path as NSString).appendingPathComponent(best.1) }
        let runtime = (path as NSString).appendingPathComponent("runtime.nib")
        return FileManager.default.fileExists(atPath: runtime) ? runtime : nil
    }

    /// A template for the nib named `name`, or `NibLoadingError.nibNotFound`.
    public func template(named name: String, idiom: NibDeviceIdiom = .phone, osVersion: Double? = nil) throws(NibLoadingError) -> NibTemplate {
        guard let path = path(forNibNamed: name, idiom: idiom, osVersion: osVersion) else {
            throw .nibNotFound(name: name, directory: directory)
        }
        return try NibTemplate(contentsOf: path, registry: registry)
    }
}
