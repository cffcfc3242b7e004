import CompiledStoryboard
import Foundation
import NibArchive
import PropertyList

/// What `verify`, `dump` and `diff` read at a path: one nib (a file, or a `.nib` directory with one runtime
/// member), or a directory of nibs (a compiled storyboard, or a `.nib` directory with several variants).
enum LoadedInput {
    case nib(LoadedNib)
    case bundle(LoadedBundle)
}

/// The nibs of a directory, loaded, in the order of their relative paths.
struct LoadedBundle {
    /// The directory.
    var path: String
    /// The compiled storyboard; nil for a `.nib` directory.
    var storyboard: StoryboardPackage?
    /// Each nib file, by path relative to the directory (`Main.nib`, `Settings.nib/runtime.nib`), sorted.
    var nibs: [(file: String, nib: LoadedNib)]
    /// Every file of the directory, relative and sorted (for a `.nib` directory: its runtime members).
    var files: [String]

    /// `compiled storyboard (iOS)` or `nib directory`.
    var kindName: String {
        storyboard.map { "compiled storyboard (\($0.info.platform == .iOS ? "iOS" : "macOS"))" } ?? "nib directory"
    }
}

/// What a path holds before any nib is read.
enum InputLayout {
    /// A nib file (or the one runtime member of a `.nib` directory).
    case file(String)
    /// A `.nib` directory with several runtime members (relative names, sorted).
    case nibDirectory(String, members: [String])
    /// A compiled storyboard.
    case storyboard(StoryboardPackage)

    /// Classifies `path`; a directory that is neither a storyboard nor a nib directory is an error.
    init(_ path: String) throws(CommandFailure) {
        guard NibDirectory.isDirectory(path) else { self = .file(path); return }
        if StoryboardPackage.isStoryboardDirectory(path) {
            // Missing scene nibs are reported by verify and shown as missing files by diff, not fatal here.
            do { self = .storyboard(try StoryboardPackage(directory: path, requireSceneNibs: false)) } catch {
                throw CommandFailure(error.description)
            }
            return
        }
        let members = NibDirectory.runtimeMembers(path)
        switch members.count {
        case 0:
            throw CommandFailure("\(path): error: a directory that is neither a compiled storyboard (no Info.plist) nor a .nib directory (no keyedobjects.nib, runtime.nib or objects-*.nib)")
        case 1: self = .file((path as NSString).appendingPathComponent(members[0]))
        default: self = .nibDirectory(path, members: members)
        }
    }
}

/// Reads the nib or directory at `path`. With `report`, a nib that cannot be read is reported and left out
/// (verify checks everything); without, the first failure is thrown.
func loadInput(_ path: String, options: NibReadOptions = .init(),
               report: ((CommandFailure) -> Void)? = nil) throws(CommandFailure) -> LoadedInput {
    let files: [String], storyboard: StoryboardPackage?
    switch try InputLayout(path) {
    case .file(let file): return .nib(try loadNib(file, options: options))
    case .nibDirectory(_, let members):
        files = members
        storyboard = nil
    case .storyboard(let package):
        files = package.files
        storyboard = package
    }
    var bundle = LoadedBundle(path: path, storyboard: storyboard, nibs: [], files: files)
    let nibFiles = storyboard.map { $0.nibs.flatMap(\.files) } ?? files
    for file in nibFiles.sorted() {
        do {
            bundle.nibs.append((file, try loadNib((path as NSString).appendingPathComponent(file), options: options)))
        } catch {
            guard let report else { throw error }
            report(error)
        }
    }
    return .bundle(bundle)
}

extension LoadedInput {
    /// For `diff`: a `.nib` directory compared with a single nib stands for the variant a loader reads
    /// (`NibDirectory.resolve`), so Apple's `X.nib/` compares with a flat `X.nib`; otherwise unchanged.
    func asSingleNib(whenComparedWith other: LoadedInput) -> LoadedInput {
        guard case .bundle(let bundle) = self, bundle.storyboard == nil, case .nib = other,
              let resolved = NibDirectory.resolve(bundle.path),
              let nib = bundle.nibs.first(where: { $0.file == (resolved as NSString).lastPathComponent })?.nib else { return self }
        return .nib(nib)
    }
}

extension LoadedBundle {
    /// Cross-checks of a storyboard's nibs against its `Info.plist`: every view nib a controller names
    /// (`UINibName`/`NSNibName`) and every segue destination (`…DestinationViewControllerIdentifier`) must exist.
    func referenceProblems() -> [String] {
        guard let storyboard else { return [] }
        let prefix = storyboard.info.platform.rawValue
        let identifiers = Set(storyboard.info.identifiers)
        var problems = storyboard.missingSceneNibs.map(\.description)
        for (file, nib) in nibs {
            let graph = nib.graph
            for object in graph.objects {
                for entry in object.entries {
                    guard let index = entry.value.objectIndex, let text = graph.stringValue(at: index) else { continue }
                    if entry.key == prefix + "NibName", storyboard.nib(named: text)?.files.isEmpty != false {
                        problems.append("\(path)/\(file): error: \(object.className).\(entry.key): the view nib \"\(text).nib\" is missing")
                    } else if entry.key == prefix + "DestinationViewControllerIdentifier", !identifiers.contains(text) {
                        problems.append("\(path)/\(file): error: \(object.className).\(entry.key): no controller \"\(text)\" in the storyboard's Info.plist")
                    }
                }
            }
        }
        return problems
    }
}

extension NibGraph {
    /// The text of an `NSString`-like object (`NS.bytes`), or nil.
    func stringValue(at index: Int) -> String? {
        guard objects.indices.contains(index), case .data(let bytes)? = objects[index].value(forKey: FoundationKeys.bytes) else { return nil }
        return String(validating: bytes, as: UTF8.self)
    }
}
