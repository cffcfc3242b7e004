import ArgumentParser
import Foundation
import NibRender

/// `nibc render IN [-o OUT]`: a wireframe picture of a XIB, storyboard or compiled nib.
struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Draw a .xib, .storyboard, .nib or .storyboardc as a wireframe (SVG, HTML, PNG or JSON boxes).",
        discussion: """
            A XIB's or storyboard's views are drawn where its compiled nibs place them (the document compiled in
            process, as nibc compile does: scroll views tiled, root views sized to the device, table headers placed,
            the views ibtool adds); with --design-frames, or when it does not compile (a warning says why), at the
            frames the document stores. A nib's views are drawn at its archived UIBounds/UICenter or NSFrame. Every
            view is drawn
            with literal and system colours, text at its point size, image placeholders, hidden views dashed and
            Interface Builder's ambiguous/misplaced flags as badges. A storyboard is drawn as its scene map with
            segue arrows and the initial-controller arrow. Each view is an SVG group with data-id (the XIB id, or
            the nib object's tree path), data-class and data-rect (absolute x y width height). The output kind
            follows OUT's extension: .svg, .html, .png (needs rsvg-convert on PATH) or .json; without -o the SVG
            (or, with --json, the box list) goes to standard output. See docs/RENDER.md.
            """)

    @Argument(help: "A .xib, .storyboard, .nib (file or directory) or .storyboardc.")
    var input: String

    @Option(name: .shortAndLong, help: "The output file (.svg, .html, .png or .json), written atomically.")
    var output: String?

    @Flag(help: "Print (or write) the boxes as JSON instead of drawing them.")
    var json = false

    @Option(help: "Draw one storyboard scene alone (its sceneID or its controller's id).")
    var scene: String?

    @Flag(help: "Leave hidden views out instead of drawing them dashed.")
    var hideHidden = false

    @Flag(help: "Draw a document's views at the frames the document stores instead of where its compiled nib places them.")
    var designFrames = false

    func run() throws {
        do {
            try render()
        } catch {
            printError(error.message)
            throw ExitCode(error.exitCode)
        }
    }

    func render() throws(CommandFailure) {
        let kind = json ? "json" : output.map { ($0 as NSString).pathExtension.lowercased() } ?? "svg"
        guard ["svg", "html", "htm", "png", "json"].contains(kind) else {
            throw CommandFailure("\(output ?? ""): error: the output must end in .svg, .html, .png or .json")
        }
        var rasteriser: String? = nil
        if kind == "png" {
            guard output != nil else { throw CommandFailure("error: PNG output needs -o FILE.png") }
            rasteriser = findOnPath("rsvg-convert")
            guard rasteriser != nil else {
                throw CommandFailure("error: PNG output needs rsvg-convert on PATH (Debian: apt-get install librsvg2-bin); write .svg or .html instead")
            }
        }
        let document = try RenderInput.load(input, scene: scene, geometry: designFrames ? .design : .compiled)
        if let note = document.geometryNote { printError("\(input): warning: \(note)") }
        let text: String
        switch kind {
        case "json": text = BoxJSON.json(document)
        case "html", "htm": text = HTMLWriter.page(document, hideHidden: hideHidden)
        default: text = SVGWriter(document, hideHidden: hideHidden).svg()
        }
        guard let output else { writeOut(text); return }
        if let rasteriser {
            try Rasteriser.png(svg: text, tool: rasteriser, to: output)
        } else {
            try AtomicFile.write(Array(text.utf8), to: output)
        }
    }
}

/// The full path of an executable named `name` on `PATH`, or nil.
func findOnPath(_ name: String) -> String? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    for dir in path.split(separator: ":") {
        let candidate = "\(dir)/\(name)"
        if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
    }
    return nil
}

/// PNG through an external SVG rasteriser (`rsvg-convert`), written atomically.
enum Rasteriser {
    static func png(svg: String, tool: String, to output: String) throws(CommandFailure) {
        let dir = NSTemporaryDirectory()
        let base = "\(dir)/nibc-render-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        let svgFile = base + ".svg", pngFile = base + ".png"
        defer {
            try? FileManager.default.removeItem(atPath: svgFile)
            try? FileManager.default.removeItem(atPath: pngFile)
        }
        guard FileManager.default.createFile(atPath: svgFile, contents: Data(svg.utf8)) else {
            throw CommandFailure("\(svgFile): error: cannot write a temporary file")
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = ["-o", pngFile, svgFile]
        let errors = Pipe()
        process.standardError = errors
        do { try process.run() } catch { throw CommandFailure("\(tool): error: cannot run: \(error)") }
        let message = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0, let png = FileManager.default.contents(atPath: pngFile) else {
            throw CommandFailure("\(tool): error: failed (\(process.terminationStatus)): \(String(decoding: message, as: UTF8.self))")
        }
        try AtomicFile.write([UInt8](png), to: output)
    }
}
