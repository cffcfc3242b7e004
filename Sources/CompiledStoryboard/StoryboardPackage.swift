import Foundation
import PropertyList

/// A compiled storyboard directory (`X.storyboardc`): its checked `Info.plist` and its files.
///
/// Opening reads `Info.plist` and lists the directory; no nib is read. Every nib the plist names must be
/// present (a file `N.nib`, or a directory `N.nib/` with a runtime member); view nibs are not in the plist
/// and are listed as found.
public struct StoryboardPackage: Sendable {
    /// One compiled nib of the storyboard: `N.nib` as a file, or a directory of variants.
    public struct Nib: Sendable, Equatable {
        /// The nib name (`N`), as the plist and the controllers' `UINibName` say it.
        public var name: String
        /// Whether `N.nib` is a directory (`runtime.nib` + `objects-<version>+.nib`).
        public var isDirectory: Bool
        /// The files a loader may read, relative to the storyboard directory (`N.nib`, or `N.nib/runtime.nib`…).
        public var files: [String]
    }

    /// Largest `Info.plist` read (ibtool's are under 4 KB in the corpus).
    public static let maxInfoPlistSize = 16 << 20

    /// The `.storyboardc` directory.
    public let directory: String
    /// The checked `Info.plist`.
    public let info: StoryboardInfo
    /// The nibs, sorted by name.
    public let nibs: [Nib]
    /// Files that are neither `Info.plist` nor a nib (ibtool writes none), relative paths, sorted.
    public let otherFiles: [String]

    /// Whether `path` looks like a compiled storyboard: a directory named `*.storyboardc`, or any directory
    /// with an `Info.plist` and no runtime nib member of its own.
    public static func isStoryboardDirectory(_ path: String) -> Bool {
        guard NibDirectory.isDirectory(path) else { return false }
        if path.hasSuffix(".storyboardc") || path.hasSuffix(".storyboardc/") { return true }
        return FileManager.default.fileExists(atPath: (path as NSString).appendingPathComponent("Info.plist"))
            && NibDirectory.runtimeMembers(path).isEmpty
    }

    /// Opens the storyboard at `directory`: reads and checks `Info.plist`, lists the nibs, and (unless
    /// `requireSceneNibs` is false, for tools that report every problem) checks that every nib the plist names exists.
    public init(directory: String, requireSceneNibs: Bool = true) throws(StoryboardError) {
        self.directory = directory
        guard NibDirectory.isDirectory(directory) else {
            throw StoryboardError(.io, path: directory, "not a directory (a compiled storyboard is a .storyboardc directory)")
        }
        let plistPath = (directory as NSString).appendingPathComponent("Info.plist")
        info = try StoryboardInfo(bytes: try Self.readInfoPlist(plistPath), path: plistPath)
        let names: [String]
        do { names = try FileManager.default.contentsOfDirectory(atPath: directory).sorted() } catch {
            throw StoryboardError(.io, path: directory, "cannot list the directory: \((error as NSError).localizedDescription)")
        }
        var nibs = [Nib](), other = [String]()
        for name in names where name != "Info.plist" {
            let path = (directory as NSString).appendingPathComponent(name)
            guard name.hasSuffix(".nib") else { other.append(name); continue }
            let base = String(name.dropLast(4))
            if NibDirectory.isDirectory(path) {
                let members = NibDirectory.runtimeMembers(path)
                nibs.append(Nib(name: base, isDirectory: true, files: members.map { name + "/" + $0 }))
                let all = ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted()
                other += all.filter { !members.contains($0) }.map { name + "/" + $0 }
            } else {
                nibs.append(Nib(name: base, isDirectory: false, files: [name]))
            }
        }
        self.nibs = nibs
        otherFiles = other
        if requireSceneNibs, let first = missingSceneNibs.first { throw first }
    }

    /// One error per scene nib the `Info.plist` names that is not in the directory.
    public var missingSceneNibs: [StoryboardError] {
        let prefix = info.platform.rawValue
        return info.nibNames.filter { nib(named: $0.nibName)?.files.isEmpty != false }.map { identifier, nibName in
            StoryboardError(.missingNib, path: (directory as NSString).appendingPathComponent(nibName + ".nib"),
                            keyPath: "\(prefix)ViewControllerIdentifiersToNibNames[\"\(identifier)\"]",
                            "the scene nib \(nibName).nib of \"\(identifier)\" is missing")
        }
    }

    /// A view nib: `<controller XML id>-view-<root view XML id>` (STORYBOARD.md §1.2), loaded by its controller
    /// (`UINibName`), never named by the `Info.plist`.
    public struct ViewNib: Sendable, Equatable {
        /// The nib.
        public var nib: Nib
        /// The XML id of the controller whose view it is.
        public var controllerID: String
        /// The XML id of the root view.
        public var viewID: String
    }

    /// The nibs that are not scene nibs (not in `…ViewControllerIdentifiersToNibNames`) and are named as view
    /// nibs, sorted by name.
    public var viewNibs: [ViewNib] {
        let scenes = Set(info.nibNames.map(\.nibName))
        return nibs.compactMap { nib in
            guard !scenes.contains(nib.name), let r = nib.name.range(of: "-view-") else { return nil }
            return ViewNib(nib: nib, controllerID: String(nib.name[..<r.lowerBound]), viewID: String(nib.name[r.upperBound...]))
        }
    }

    /// The nib named `name`.
    public func nib(named name: String) -> Nib? { nibs.first { $0.name == name } }

    /// The file to load for the nib `name` (a directory resolves to its newest variant not above `osVersion`),
    /// or nil when the storyboard has no such nib.
    public func path(forNibNamed name: String, osVersion: [Int]? = nil) -> String? {
        guard StoryboardInfo.isSafeFileName(name), let nib = nib(named: name) else { return nil }
        let path = (directory as NSString).appendingPathComponent(name + ".nib")
        return nib.isDirectory ? NibDirectory.resolve(path, osVersion: osVersion) : path
    }

    /// Every file of the storyboard, relative and sorted: `Info.plist`, the nib files, the others.
    public var files: [String] {
        (["Info.plist"] + nibs.flatMap(\.files) + otherFiles).sorted()
    }

    static func readInfoPlist(_ path: String) throws(StoryboardError) -> [UInt8] {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
              attributes[.type] as? FileAttributeType == .typeRegular,
              let size = attributes[.size] as? Int else {
            throw StoryboardError(.io, path: path, "missing or not a regular file: a compiled storyboard needs its Info.plist")
        }
        guard size <= maxInfoPlistSize else {
            throw StoryboardError(.io, path: path, "\(size) bytes is larger than the \(maxInfoPlistSize)-byte limit for a storyboard's Info.plist")
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw StoryboardError(.io, path: path, "cannot be read")
        }
        return [UInt8](data)
    }
}
