import Foundation
import Testing
import NibArchive
import NibCompiler
import NibTestSupport
import PropertyList

/// The project's own storyboards under `Corpus/`: each compiles without warnings, every nib decodes,
/// and the directory has the files, plist and objects the storyboard calls for.
@Suite struct ProjectStoryboardTests {
    func compile(_ path: String, module: String?) throws -> (files: [String: [UInt8]], warnings: [CompileDiagnostic]) {
        let url = ProjectCorpus.directory.appendingPathComponent(path)
        let result = try StoryboardCompiler(options: CompileOptions(moduleName: module)).compile(storyboard: [UInt8](try Data(contentsOf: url)), fileName: "Corpus/\(path)")
        var files: [String: [UInt8]] = [:]
        for f in result.files {
            files[f.path] = f.bytes
            if f.path.hasSuffix(".nib") { _ = try NibArchive(bytes: f.bytes) }  // verifies
        }
        return (files, result.diagnostics)
    }

    func plist(_ bytes: [UInt8]?) throws -> PropertyListValue {
        try PropertyListValue(BinaryPropertyList(bytes: try #require(bytes)))
    }

    /// Class names, strings and proxy identifiers of a nib, for membership checks.
    func strings(_ bytes: [UInt8]?) throws -> Set<String> {
        let graph = NibGraph(try NibArchive(bytes: try #require(bytes)))
        var out = Set(graph.objects.map(\.className))
        for o in graph.objects where o.className == "NSString" {
            if case .data(let d)? = o.value(forKey: "NS.bytes") { out.insert(String(decoding: d, as: UTF8.self)) }
        }
        return out
    }

    @Test func iOSMain() throws {
        let (files, warnings) = try compile("ios/Main.storyboard", module: "SampleApp")
        #expect(warnings.isEmpty, "\(warnings)")
        // The navigation root has no identifier and only a relationship segue: no scene nib of its own.
        #expect(Set(files.keys) == ["Info.plist", "UINavigationController-nav-00-001.nib", "Detail.nib", "About.nib",
                                    "tvc-00-001-view-tbl-00-001.nib", "det-00-001-view-dvw-00-001.nib", "abt-00-001-view-avw-00-001.nib"])
        let info = try plist(files["Info.plist"])
        #expect(info["UIStoryboardDesignatedEntryPointIdentifier"] == .string("UINavigationController-nav-00-001"))
        #expect(info["UIStoryboardVersion"] == .integer(1))
        #expect(info["UIViewControllerIdentifiersToNibNames"]?["Detail"] == .string("Detail"))

        let nav = try strings(files["UINavigationController-nav-00-001.nib"])
        #expect(nav.isSuperset(of: ["UINavigationBar", "UIStoryboardPresentationSegueTemplate", "UIStoryboardShowSegueTemplate",
                                    "_TtC9SampleApp19ItemsViewController", "tvc-00-001-view-tbl-00-001", "showDetail", "showAbout",
                                    "sceneViewController", "storyboard", "UpstreamPlaceholder-1"]))
        // The prototype cell is a nested archive; its segue reaches the show template through two Upstream proxies.
        let table = try strings(files["tvc-00-001-view-tbl-00-001.nib"])
        #expect(table.isSuperset(of: ["UINib", "ItemCell", "UpstreamPlaceholder-2", "dataSource", "delegate", "view"]))
        let about = try strings(files["abt-00-001-view-avw-00-001.nib"])
        #expect(about.isSuperset(of: ["UIButton", "close:", "UpstreamPlaceholder-1", "UIRuntimeEventConnection"]))
        let detail = try strings(files["Detail.nib"])
        #expect(detail.isSuperset(of: ["Detail", "UINavigationItem", "det-00-001-view-dvw-00-001"]))
    }

    @Test func iOSLaunchScreen() throws {
        let (files, warnings) = try compile("ios/LaunchScreen.storyboard", module: nil)
        #expect(warnings.isEmpty, "\(warnings)")
        #expect(Set(files.keys) == ["Info.plist", "UIViewController-lvc-00-001.nib", "lvc-00-001-view-lvw-00-001.nib"])
        #expect(try strings(files["lvc-00-001-view-lvw-00-001.nib"]).isSuperset(of: ["UILabel", "Sample App", "NSLayoutConstraint"]))
    }

    @Test func macOSMain() throws {
        let (files, warnings) = try compile("macos/Main.storyboard", module: "SampleApp")
        #expect(warnings.isEmpty, "\(warnings)")
        // The content view controller is embedded in the window controller's nib: no scene nib of its own.
        #expect(Set(files.keys) == ["Info.plist", "MainMenu.nib", "NSWindowController-wnc-00-001.nib", "vcr-00-001-view-vvw-00-001.nib"])
        let info = try plist(files["Info.plist"])
        #expect(info["NSStoryboardMainMenu"] == .string("MainMenu"))
        #expect(info["NSStoryboardDesignatedEntryPointIdentifier"] == .string("NSWindowController-wnc-00-001"))
        #expect(info["NSViewControllerIdentifiersToUUIDs"]?["NSWindowController-wnc-00-001"] != nil)
        #expect(try strings(files["MainMenu.nib"]).isSuperset(of: ["NSMenu", "NSApplication", "_TtC9SampleApp11AppDelegate", "terminate:", "delegate"]))
        #expect(try strings(files["NSWindowController-wnc-00-001.nib"]).isSuperset(of: [
            "NSWindowController", "NSWindowTemplate", "_TtC9SampleApp14ViewController", "vcr-00-001-view-vvw-00-001",
            "sceneController", "storyboard", "window", "contentViewController"]))
        // The controller's outlet and the button's action reach it through UpstreamPlaceholder-1.
        #expect(try strings(files["vcr-00-001-view-vvw-00-001.nib"]).isSuperset(of: ["UpstreamPlaceholder-1", "helloButton", "sayHello:", "view", "NSButton"]))
    }
}
