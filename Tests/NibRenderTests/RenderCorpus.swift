import CompiledStoryboard
import Foundation
import KeyedArchive
import NibArchive
import NibRender
import NibTestSupport
import PropertyList

/// The corpus documents and Apple's compiled files beside them, read for the render tests.
enum RenderCorpus {
    /// Boxes laid out from an item list (menus, toolbar items): no frame in the document, no geometry in the nib.
    static let laidOutFromItems: Set<BoxKind> = [.menu, .menuBar, .menuItem, .menuSeparator, .toolbar, .toolbarItem]

    /// A document with Apple's compiled counterpart (`X.nib` file or directory beside `X.xib`, `X.storyboardc`
    /// beside `X.storyboard`), relative to the corpus.
    struct Pair: CustomStringConvertible {
        var document: String
        var compiled: String
        var description: String { document }
        /// The first folder (`nib`, `storyboards`, `recent`).
        var folder: String { String(document.split(separator: "/").first ?? "") }
    }

    /// The pairs under `nib/`, `storyboards/` and `recent/`, sorted.
    static func pairs() throws -> [Pair] {
        let corpus = try SharedCorpus.require()
        var out: [Pair] = []
        for folder in ["nib", "storyboards", "recent"] {
            for suffix in [".xib", ".storyboard"] {
                for url in try SharedCorpus.files(under: folder, suffix: suffix) {
                    let relative = SharedCorpus.relative(url)
                    let compiled = suffix == ".xib" ? String(relative.dropLast(4)) + ".nib" : relative + "c"
                    if FileManager.default.fileExists(atPath: corpus.appendingPathComponent(compiled).path) {
                        out.append(Pair(document: relative, compiled: compiled))
                    }
                }
            }
        }
        return out.sorted { $0.document < $1.document }
    }

    /// Every XIB and storyboard of the corpus except `legacy/` (documents expected to fail), sorted.
    static func documents() throws -> [String] {
        var out: [String] = []
        for folder in ["nib", "storyboards", "recent", "recent-storyboards", "ios", "macos", "wild"] {
            for suffix in [".xib", ".storyboard"] {
                out += try SharedCorpus.files(under: folder, suffix: suffix).map(SharedCorpus.relative)
            }
        }
        return out.sorted()
    }

    /// The graph of a nib file or `.nib` directory in either format.
    static func graph(_ path: String) throws -> NibGraph {
        let file = NibDirectory.isDirectory(path) ? try NibDirectory.resolve(path).orThrow("no runtime nib in \(path)") : path
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: file)))
        if bytes.starts(with: BinaryPropertyList.magic) {
            return NibGraph(try KeyedArchive(plist: try BinaryPropertyList(bytes: bytes)))
        }
        return NibGraph(try NibArchive(bytes: bytes))
    }

    /// The nibs of a compiled storyboard (top-level `.nib` files and directories), by name, sorted.
    static func storyboardNibs(_ path: String) throws -> [(name: String, graph: NibGraph)] {
        let names = try FileManager.default.contentsOfDirectory(atPath: path).filter { $0.hasSuffix(".nib") }.sorted()
        return try names.map { ($0, try graph((path as NSString).appendingPathComponent($0))) }
    }

    static func bytes(_ relative: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: try SharedCorpus.require().appendingPathComponent(relative)))
    }
}

struct MissingValue: Error, CustomStringConvertible { var description: String }

extension Optional {
    func orThrow(_ message: String) throws -> Wrapped {
        guard let self else { throw MissingValue(description: message) }
        return self
    }
}
