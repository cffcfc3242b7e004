import Foundation
import PackagePlugin

/// SwiftPM build-tool plugin: every `.xib` in a target is compiled by `nibc compile` into a `.nib` that
/// SwiftPM bundles as a resource of that target (`Bundle.module`). One build command per document, with its
/// input and output declared, so an unchanged document is not recompiled. Custom classes marked
/// `customModuleProvider="target"` get the target's module name, as Xcode passes `--module`.
@main
struct NibcPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        let nibc = try context.tool(named: "nibc").url
        let root = target.directoryURL.standardizedFileURL.path
        var commands = [Command]()
        for file in target.sourceFiles.map(\.url).sorted(by: { $0.path < $1.path }) {
            switch file.pathExtension {
            case "xib":
                // Mirror the document's folder below the target, so same-named documents do not collide.
                let path = file.standardizedFileURL.path
                let relative = path.hasPrefix(root + "/") ? String(path.dropFirst(root.count + 1)) : file.lastPathComponent
                let output = context.pluginWorkDirectoryURL
                    .appending(path: (relative as NSString).deletingPathExtension + ".nib")
                commands.append(.buildCommand(
                    displayName: "Compiling \(relative) with nibc",
                    executable: nibc,
                    arguments: ["compile", file.path, "-o", output.path, "--module", target.moduleName],
                    inputFiles: [file],
                    outputFiles: [output]))
            case "storyboard":
                Diagnostics.error("\(file.path): storyboards are not supported by nibc yet")
            default:
                break
            }
        }
        return commands
    }
}
