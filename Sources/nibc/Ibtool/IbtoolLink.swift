import CompiledStoryboard
import Foundation

/// `ibtool --link OUT_DIR A.storyboardc B.storyboardc …`: what Xcode and Bazel's rules_apple run after compiling
/// each storyboard. The compiled storyboards are copied, unchanged, into OUT_DIR as the bundle will hold them:
/// `OUT_DIR/Name.storyboardc`, or `OUT_DIR/X.lproj/Name.storyboardc` for an input inside an `X.lproj`
/// directory (Xcode declares the link outputs at the inputs' paths relative to its temporary resources
/// directory, lproj included; rules_apple avoids `.lproj` in the inputs' parents). See docs/IBTOOL.md.
///
/// Every input is checked first (a readable `Info.plist`, every scene nib present) and, across the set, every
/// storyboard reference must name a storyboard of the set (or one already in OUT_DIR) and a controller it has.
/// Nothing is written unless all checks pass; each storyboard is staged complete beside OUT_DIR and renamed
/// into place, so a reader sees the old or the new directory, never a partial one.
enum IbtoolLink {
    /// An input checked and its place in OUT_DIR.
    struct Input {
        var path: String
        var package: StoryboardPackage
        /// `Name.storyboardc` or `X.lproj/Name.storyboardc`.
        var destination: String
        var name: String { ((path as NSString).lastPathComponent as NSString).deletingPathExtension }
    }

    /// Links `inputs` into `output`; returns the problems (empty on success, and then everything is written).
    static func run(output: String, inputs paths: [String]) -> [IbtoolReport.ToolError] {
        guard !paths.isEmpty else {
            return [.init(description: "--link needs at least one compiled storyboard (.storyboardc) to link into \(output).")]
        }
        var problems = [IbtoolReport.ToolError](), inputs = [Input]()
        for path in paths {
            let trimmed = path.hasSuffix("/") ? String(path.dropLast()) : path
            guard trimmed.hasSuffix(".storyboardc") else {
                problems.append(.init(description: "\(path): error: --link takes compiled storyboards (.storyboardc directories).",
                                      recoverySuggestion: "Compile the storyboard first (nibc compile X.storyboard -o X.storyboardc)."))
                continue
            }
            do {
                let package = try StoryboardPackage(directory: trimmed)
                let parent = ((trimmed as NSString).deletingLastPathComponent as NSString).lastPathComponent
                let name = (trimmed as NSString).lastPathComponent
                inputs.append(Input(path: trimmed, package: package, destination: parent.hasSuffix(".lproj") ? parent + "/" + name : name))
            } catch {
                problems.append(.init(description: error.description))
            }
        }
        var seen = [String: String]()
        for input in inputs {
            if let first = seen[input.destination] {
                problems.append(.init(description: "\(input.path): error: links to \(input.destination) in \(output), as \(first) does."))
            }
            seen[input.destination] = input.path
        }
        problems += referenceProblems(inputs, output: output)
        guard problems.isEmpty else { return problems }
        do { try install(inputs, into: output) } catch { return [.init(description: error.message)] }
        return []
    }

    /// Storyboard references (`…ExternalStoryboardReferences`) that name a storyboard missing from the set and
    /// from OUT_DIR, or a controller identifier the referenced storyboard lacks. References with a bundle
    /// identifier point into another bundle and are not checked.
    static func referenceProblems(_ inputs: [Input], output: String) -> [IbtoolReport.ToolError] {
        var byName = [String: StoryboardInfo]()
        for input in inputs where byName[input.name] == nil { byName[input.name] = input.package.info }
        var problems = [IbtoolReport.ToolError]()
        for input in inputs {
            let prefix = input.package.info.platform.rawValue
            for (identifier, reference) in input.package.info.references.sorted(by: { $0.key < $1.key }) where reference.bundleIdentifier == nil {
                let location = "\(input.path)/Info.plist: error: \(prefix)ViewControllerIdentifiersToExternalStoryboardReferences[\"\(identifier)\"]"
                var target = byName[reference.storyboardName]
                if target == nil, let existing = existingStoryboard(named: reference.storyboardName, in: output) {
                    target = existing
                }
                guard let target else {
                    problems.append(.init(description: "\(location): the referenced storyboard \"\(reference.storyboardName)\" is not among the linked storyboards nor in \(output)."))
                    continue
                }
                if let controller = reference.controllerIdentifier, target.nibName(forIdentifier: controller) == nil {
                    problems.append(.init(description: "\(location): the storyboard \"\(reference.storyboardName)\" has no controller with identifier \"\(controller)\"."))
                } else if reference.controllerIdentifier == nil, target.initialIdentifier == nil {
                    problems.append(.init(description: "\(location): the storyboard \"\(reference.storyboardName)\" has no initial controller to reference."))
                }
            }
        }
        return problems
    }

    /// A storyboard linked into `output` earlier (its root, `Base.lproj` or any `.lproj`), if readable.
    static func existingStoryboard(named name: String, in output: String) -> StoryboardInfo? {
        let fm = FileManager.default
        let lprojs = ((try? fm.contentsOfDirectory(atPath: output)) ?? []).filter { $0.hasSuffix(".lproj") }.sorted()
        for dir in [""] + lprojs {
            let path = (output as NSString).appendingPathComponent(dir.isEmpty ? name + ".storyboardc" : dir + "/" + name + ".storyboardc")
            if let package = try? StoryboardPackage(directory: path) { return package.info }
        }
        return nil
    }

    /// Copies every input into a staging directory beside `output`, then renames each into place (an existing
    /// storyboard of the same name is replaced); on failure nothing staged is left behind.
    static func install(_ inputs: [Input], into output: String) throws(CommandFailure) {
        let fm = FileManager.default
        let createdOutput = !fm.fileExists(atPath: output)
        try IbtoolFrontEnd.makeDirectory(output)
        let stage = (output as NSString).appendingPathComponent(".nibc-link-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        defer {
            try? fm.removeItem(atPath: stage)
            // An OUT_DIR this run created and left empty (a failed copy) is removed too.
            if createdOutput, (try? fm.contentsOfDirectory(atPath: output))?.isEmpty == true { try? fm.removeItem(atPath: output) }
        }
        do {
            for input in inputs {
                let staged = (stage as NSString).appendingPathComponent(input.destination)
                try fm.createDirectory(atPath: (staged as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
                try fm.copyItem(atPath: input.path, toPath: staged)
            }
        } catch {
            throw CommandFailure("\(output): error: cannot stage the linked storyboards: \((error as NSError).localizedDescription)")
        }
        for input in inputs {
            let staged = (stage as NSString).appendingPathComponent(input.destination)
            let target = (output as NSString).appendingPathComponent(input.destination)
            let parent = (target as NSString).deletingLastPathComponent
            try IbtoolFrontEnd.makeDirectory(parent)
            // An existing storyboard moves aside first (rename cannot replace a non-empty directory).
            let old = (stage as NSString).appendingPathComponent(".old-" + (input.destination as NSString).lastPathComponent)
            let hadOld = fm.fileExists(atPath: target)
            if hadOld, rename(target, old) != 0 {
                throw CommandFailure("\(target): error: cannot replace: \(String(cString: strerror(errno)))")
            }
            if rename(staged, target) != 0 {
                let message = String(cString: strerror(errno))
                if hadOld { rename(old, target) }
                throw CommandFailure("\(target): error: cannot link: \(message)")
            }
        }
    }
}
