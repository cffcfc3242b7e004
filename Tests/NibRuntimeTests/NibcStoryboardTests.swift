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

    /// The 32 corpus storyboards (19 DuckDuckGo, 7 AppKit, 6 Flutter templates) as nibc compiles them, with their `X.args` flags:
    /// the same controllers, views, segues, references and triggers as Apple's.
    @Test func everyControllerOfEveryCorpusStoryboardCompiledByNibc() throws {
        let corpus = try SharedCorpus.require()
        let temp = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: temp) }
        let storyboards = SharedCorpus.storyboardPairs().map { path in
            let flags = SharedCorpus.storyboardFlags(path)
            var options = CompileOptions(moduleName: flags.moduleName, minimumDeploymentTarget: flags.minimumDeploymentTarget)
            if let version = flags.xcodeVersion.flatMap(XcodeVersion.init) { options.xcodeVersion = version }
            return (path: path, options: options)
        }
        let counts = try exerciseEveryController(of: try compileStoryboards(storyboards, from: corpus, into: temp))
        expectCorpusFloors(counts)
        // Exactly what Apple's compiled storyboards give, in the same run.
        #expect(counts == (try exerciseEveryController(of: try SharedCorpus.compiledStoryboards())))
        print("storyboard corpus compiled by nibc: \(counts)")
    }

    /// A tab bar controller compiled by nibc (R.swift's example storyboard: two tabs, the initial controller):
    /// its tab bar's items are the very tab bar items of its two children, the first selected, and every
    /// controller of the storyboard instantiates with the usual checks.
    @Test func tabBarControllerCompiledByNibc() throws {
        let corpus = try SharedCorpus.require()
        let temp = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: temp) }
        let urls = try compileStoryboards([("ios/rswift/Main.storyboard", CompileOptions(moduleName: "ResourceApp"))], from: corpus, into: temp)
        let counts = try exerciseEveryController(of: urls)
        #expect(counts.storyboards == 1)
        let storyboard = try NibStoryboard(directory: urls[0].path, registry: NibClassRegistry())
        let tabs = try #require(try storyboard.instantiateInitialController())
        #expect(tabs.className == "UITabBarController")
        let controller = try #require(tabs.object as? GenericNibObject)
        let bar = try #require(controller.object(forKey: "UITabBar") as? GenericNibObject)
        #expect(bar.className == "UITabBar")
        let items = bar.value(forKey: "UIItems")?.elements?.compactMap { $0.object } ?? []
        let children = tabs.relationshipChildren.compactMap { ($0.object as? GenericNibObject)?.object(forKey: "UITabBarItem") }
        #expect(items.count == 2 && children.count == 2)
        #expect(zip(items, children).allSatisfy { $0 === $1 })
        #expect(bar.object(forKey: "UISelectedItem") === items.first)
        #expect((items.first as? GenericNibObject)?.string(forKey: "UITitle") == "First")
    }

    /// A controller and what it holds, as a loader sees it: class, identifier, navigation and tab bar item titles, the
    /// tab bar's item titles, then its relationship children the same way.
    func outline(_ c: NibStoryboardController, depth: Int = 0) -> [String] {
        let object = c.object as? GenericNibObject
        func title(_ key: String) -> String { (object?.object(forKey: key) as? GenericNibObject)?.string(forKey: "UITitle") ?? "-" }
        let bar = object?.object(forKey: "UITabBar") as? GenericNibObject
        let barItems = (bar?.value(forKey: "UIItems")?.elements ?? []).map { ($0.object as? GenericNibObject)?.string(forKey: "UITitle") ?? "?" }
        let line = String(repeating: "  ", count: depth)
            + "\(c.className) id=\(c.identifier ?? "-") nav=\(title("UINavigationItem")) tab=\(title("UITabBarItem")) bar=\(barItems)"
        return [line] + c.relationshipChildren.flatMap { outline($0, depth: depth + 1) }
    }

    /// Xcode's tab-based app shape compiled by nibc (`Corpus/ios/TabBarApp.storyboard`): the initial tab bar controller
    /// holds two navigation controllers, each with its root, tab bar item and navigation item; the bar's items are the
    /// children's very items, the first selected; each root loads its view nib.
    @Test func tabBarControllerOverNavigationControllers() throws {
        let temp = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: temp) }
        let urls = try compileStoryboards([("ios/TabBarApp.storyboard", CompileOptions())], from: ProjectCorpus.directory, into: temp)
        let storyboard = try NibStoryboard(directory: urls[0].path, registry: NibClassRegistry())
        let tabs = try #require(try storyboard.instantiateInitialController())
        #expect(outline(tabs) == [
            "UITabBarController id=- nav=- tab=- bar=[\"Home\", \"Settings\"]",
            "  UINavigationController id=- nav=- tab=Home bar=[]",
            "    UIViewController id=- nav=Home tab=- bar=[]",
            "  UINavigationController id=- nav=- tab=Settings bar=[]",
            "    UIViewController id=settings nav=Settings tab=- bar=[]",
        ])
        let bar = try #require((tabs.object as? GenericNibObject)?.object(forKey: "UITabBar") as? GenericNibObject)
        let items = bar.value(forKey: "UIItems")?.elements?.compactMap { $0.object } ?? []
        let childItems = tabs.relationshipChildren.compactMap { ($0.object as? GenericNibObject)?.object(forKey: "UITabBarItem") }
        #expect(items.count == 2 && zip(items, childItems).allSatisfy { $0 === $1 })
        #expect(bar.object(forKey: "UISelectedItem") === items.first)
        for navigation in tabs.relationshipChildren {
            let root = try #require(navigation.relationshipChildren.first)
            #expect(try root.view() != nil)
            #expect(root.isViewLoaded && !root.viewTopLevelObjects.isEmpty)
        }
        let counts = try exerciseEveryController(of: urls)
        #expect(counts.storyboards == 1 && counts.relationshipChildren >= 4, "\(counts)")
    }

    /// Apple's navigation and split view controllers (UIKitCatalog as Xcode 15.0 compiled it, `Corpus/pairs`) and nibc's
    /// compile of the same storyboards, with that Xcode's vocabulary: the same controllers, classes, identifiers and titles.
    @Test func navigationControllersAsAppleAndNibcCompileThem() throws {
        let temp = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: temp) }
        var options = CompileOptions(moduleName: "UIKitCatalog", minimumDeploymentTarget: "13.0")
        options.xcodeVersion = XcodeVersion(15, 0)
        let folder = "pairs/uikitcatalog-xcode15.0/Base.lproj/"
        let ours = try compileStoryboards([(folder + "LaunchScreen.storyboard", options), (folder + "Main.storyboard", options)],
                                          from: ProjectCorpus.directory, into: temp)
        let apple = [folder + "LaunchScreen.storyboardc", folder + "Main.storyboardc"].map { ProjectCorpus.directory.appendingPathComponent($0) }
        func outlines(_ url: URL) throws -> [String] {
            let storyboard = try NibStoryboard(directory: url.path, registry: NibClassRegistry())
            var lines = try storyboard.instantiateInitialController().map { outline($0) } ?? []
            for id in ["navInitialDetail", "splitView"] where url.lastPathComponent == "Main.storyboardc" {
                lines += outline(try storyboard.instantiateController(identifier: id))
            }
            return lines
        }
        for (a, b) in zip(apple, ours) {
            let expected = try outlines(a)
            #expect(expected.contains { $0.contains("UINavigationController") }, "\(expected)")
            #expect(try outlines(b) == expected)
        }
        #expect(try exerciseEveryController(of: ours) == (try exerciseEveryController(of: apple)))
    }

    /// A controller class that accepts the unwind action `done:`.
    final class UnwindTarget: NibDecodable, NibConnectable, NibStoryboardValuesProviding, NibStoryboardControllerHooks {
        let storyboardValues: NibStoryboardControllerValues
        init(coder: NibCoder) throws { storyboardValues = NibStoryboardControllerValues(coder: coder) }
        func setOutlet(_ name: String, to object: AnyObject?) throws {}
        func setOutletCollection(_ name: String, to objects: [AnyObject], appending: Bool) throws {}
        func addAction(target: AnyObject?, selector: String, events: UInt64) throws {}
        func setRuntimeAttribute(_ keyPath: String, to value: NibDecodedValue) throws {}
        func canPerformUnwindSegueAction(_ action: String, from source: NibStoryboardController, sender: AnyObject?) -> Bool {
            action == "done:"
        }
    }

    /// An unwind segue goes back to the controller that presented its source, when that one accepts the action;
    /// from a controller nobody presented it is UIKit's error.
    @Test func unwindSegueReturnsToThePresenterThatAcceptsIt() throws {
        let temp = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: temp) }
        let text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="21701" targetRuntime="iOS.CocoaTouch" initialViewController="aaa-00-001">
                <scenes>
                    <scene sceneID="s-a">
                        <objects>
                            <viewController id="aaa-00-001" customClass="UnwindTarget" customModule="T" sceneMemberID="viewController">
                                <view key="view" contentMode="scaleToFill" id="v-a"><rect key="frame" x="0.0" y="0.0" width="320" height="480"/></view>
                                <connections><segue destination="bbb-00-001" kind="show" identifier="toB" id="sg-1"/></connections>
                            </viewController>
                        </objects>
                    </scene>
                    <scene sceneID="s-b">
                        <objects>
                            <viewController storyboardIdentifier="b" id="bbb-00-001" sceneMemberID="viewController">
                                <view key="view" contentMode="scaleToFill" id="v-b"><rect key="frame" x="0.0" y="0.0" width="320" height="480"/></view>
                                <connections><segue destination="ex-00-001" kind="unwind" identifier="back" unwindAction="done:" id="sg-2"/></connections>
                            </viewController>
                            <exit id="ex-00-001" userLabel="Exit" sceneMemberID="exit"/>
                        </objects>
                    </scene>
                </scenes>
            </document>
            """
        try Data(text.utf8).write(to: temp.appendingPathComponent("U.storyboard"))
        let urls = try compileStoryboards([("U.storyboard", CompileOptions(moduleName: "T"))], from: temp, into: temp.appendingPathComponent("out"))
        let registry = NibClassRegistry()
        registry.register(UnwindTarget.self, module: "T", name: "UnwindTarget")
        let storyboard = try NibStoryboard(directory: urls[0].path, registry: registry)
        let a = try #require(try storyboard.instantiateInitialController())
        let b = try a.performSegue(withIdentifier: "toB").destination
        #expect(b.presenter === a)
        var performed: NibStoryboardSegue?
        b.onPerform = { performed = $0 }
        let back = try b.performSegue(withIdentifier: "back")
        #expect(back.template.kind == .unwind && back.template.unwindAction == "done:")
        #expect(back.destination === a && performed === back)
        let alone = try storyboard.instantiateController(identifier: "b")
        #expect(throws: NibLoadingError.noUnwindDestination(controllerClassName: alone.className, action: "done:")) {
            try alone.performSegue(withIdentifier: "back")
        }
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
