import Foundation
import NibCompiler
import NibRuntime
import NibTestSupport
import Testing

/// nibc's own output through the portable storyboard: each storyboard is compiled in process, its files written
/// as `nibc compile` lays them out, and the result instantiated with the same checks as Apple's (`exercise`).
extension StoryboardTests {
    /// Compiles `storyboards` (paths relative to `source`, with their options) into `destination`, keeping the
    /// relative layout so that storyboard references resolve through the same bundle directory as in the source
    /// (`Base.lproj/X.storyboardc` belongs to the folder above). Returns the `.storyboardc` directories, in order.
    func compileStoryboards(_ storyboards: [(path: String, options: CompileOptions)], from source: URL, into destination: URL) throws -> [URL] {
        try storyboards.map { path, options in
            let bytes = [UInt8](try Data(contentsOf: source.appendingPathComponent(path)))
            let result = try StoryboardCompiler(options: options).compile(storyboard: bytes, fileName: path)
            let directory = destination.appendingPathComponent(path + "c")
            for file in result.files {
                let url = directory.appendingPathComponent(file.path)
                try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(file.bytes).write(to: url)
            }
            return directory
        }
    }

    func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("sb-nibc-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// The 26 corpus storyboards (19 DuckDuckGo, 7 AppKit) as nibc compiles them, with their `X.args` flags:
    /// the same controllers, views, segues, references and triggers as Apple's.
    @Test func everyControllerOfEveryCorpusStoryboardCompiledByNibc() throws {
        let corpus = try SharedCorpus.require()
        let temp = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: temp) }
        let storyboards = SharedCorpus.storyboardPairs().map { path in
            let flags = SharedCorpus.storyboardFlags(path)
            return (path: path, options: CompileOptions(moduleName: flags.moduleName, minimumDeploymentTarget: flags.minimumDeploymentTarget))
        }
        let counts = try exerciseEveryController(of: try compileStoryboards(storyboards, from: corpus, into: temp))
        expectCorpusFloors(counts)
        // Exactly what Apple's compiled storyboards give, in the same run.
        #expect(counts == (try exerciseEveryController(of: try SharedCorpus.compiledStoryboards())))
        print("storyboard corpus compiled by nibc: \(counts)")
    }

    /// The project's storyboards (`Corpus/ios/Main.storyboard` and `LaunchScreen.storyboard` in one bundle,
    /// `Corpus/macos/Main.storyboard` in another).
    @Test func projectStoryboardsCompiledByNibc() throws {
        let temp = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: temp) }
        let urls = try compileStoryboards([
            ("ios/Main.storyboard", CompileOptions(moduleName: "SampleApp")),
            ("ios/LaunchScreen.storyboard", CompileOptions()),
            ("macos/Main.storyboard", CompileOptions(moduleName: "SampleApp")),
        ], from: ProjectCorpus.directory, into: temp)
        let counts = try exerciseEveryController(of: urls)
        // Measured on the three storyboards (controllers reached as the initial one and by identifier count twice);
        // they change only when Corpus/ changes or a scene stops loading.
        #expect(counts.storyboards == 3)
        #expect(counts.controllers == 12, "\(counts)")
        #expect(counts.views == 8, "\(counts)")
        #expect(counts.segues == 4, "\(counts)")
        #expect(counts.relationshipChildren == 4, "\(counts)")
        #expect(counts.performActions == 2, "\(counts)")
        print("project storyboards compiled by nibc: \(counts)")

        // iOS Main: a navigation controller whose root (the table view controller) comes with it, its view lazily.
        let main = try NibStoryboard(directory: urls[0].path, registry: NibClassRegistry())
        let nav = try #require(try main.instantiateInitialController())
        #expect(nav.className == "UINavigationController")
        let root = try #require(nav.relationshipChildren.first)
        #expect(!root.isViewLoaded)
        #expect(try root.view() != nil)
        // macOS Main: the window controller's content view controller and the main menu.
        let mac = try NibStoryboard(directory: urls[2].path, registry: NibClassRegistry())
        let wc = try #require(try mac.instantiateInitialController())
        #expect(wc.className == "NSWindowController")
        #expect(wc.relationshipChildren.first?.className == "_TtC9SampleApp14ViewController")
        #expect(try mac.instantiateMainMenu()?.isEmpty == false)
    }
}
