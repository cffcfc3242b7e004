import CompiledStoryboard
import Foundation
import NibRender
import XIB

/// What `render` and the visual `diff` read: a XIB or storyboard drawn where its compiled nibs place its views (or
/// at its design-time frames), or a nib,
/// `.nib` directory or `.storyboardc` drawn from its archived geometry.
enum RenderInput {
    /// True when `path` names an Interface Builder document (by extension, or an XML file that is not a nib).
    static func isDocument(_ path: String) -> Bool {
        let ext = (path as NSString).pathExtension.lowercased()
        if ext == "xib" || ext == "storyboard" { return true }
        if NibDirectory.isDirectory(path) { return false }
        let head = fileHead(path)
        return describeNonNib(head).map { $0.contains("XIB") || $0.contains("storyboard") } ?? false
    }

    /// Reads and lays out `path`. Documents are read within `nibc compile`'s XML limits; a document's boxes come from
    /// `geometry` (its compiled layout unless asked otherwise).
    static func load(_ path: String, scene: String? = nil, geometry: GeometrySource = .compiled) throws(CommandFailure) -> RenderDocument {
        if isDocument(path) {
            let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? nil
            guard let size else { throw CommandFailure("\(path): error: cannot read the file") }
            guard size <= XMLParseOptions.default.maxInputSize else {
                throw CommandFailure("\(path): error: \(size) bytes is over the \(XMLParseOptions.default.maxInputSize)-byte input limit")
            }
            guard let data = FileManager.default.contents(atPath: path) else { throw CommandFailure("\(path): error: cannot read the file") }
            do { return try DocumentRenderer.render(bytes: [UInt8](data), file: path, scene: scene, geometry: geometry) } catch {
                throw CommandFailure(error.description)
            }
        }
        if let scene { throw CommandFailure("\(path): error: --scene \(scene) needs a storyboard document, not a compiled file") }
        switch try loadInput(path) {
        case .nib(let nib):
            return NibRenderer.render(nib.graph, file: path, pathBudget: pathBudget(byteCount: nib.byteCount))
        case .bundle(let bundle):
            let bytes = bundle.nibs.reduce(0) { $0 + $1.nib.byteCount }
            return NibRenderer.render(bundle.nibs.map { ($0.file, $0.nib.graph) }, file: path, pathBudget: pathBudget(byteCount: bytes))
        }
    }
}
