import Foundation
import Testing
import NibArchive
import NibCompiler
import NibTestSupport

/// A tab bar controller whose tabs are navigation controllers (`Corpus/ios/TabBarApp.storyboard`, the shape of Xcode's
/// tab-based app): every key UIKit's UITabBarController, UITabBar, UINavigationController, UINavigationBar and
/// UIViewController coders write for it (decompiled iOS 26.1 UIKitCore), and what depends on the Xcode reproduced.
@Suite struct TabBarControllerTests {
    static func compile(xcode: XcodeVersion = .newest) throws -> [String: NibGraph] {
        let url = ProjectCorpus.directory.appendingPathComponent("ios/TabBarApp.storyboard")
        var options = CompileOptions()
        options.xcodeVersion = xcode
        let result = try StoryboardCompiler(options: options).compile(storyboard: [UInt8](try Data(contentsOf: url)), fileName: url.path)
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        var out: [String: NibGraph] = [:]
        for file in result.files where file.path.hasSuffix(".nib") { out[file.path] = NibGraph(try NibArchive(bytes: file.bytes)) }
        return out
    }

    /// UIKit's packed geometry: type byte 7, then little-endian doubles.
    static func packedBytes(_ values: [Double]) -> [UInt8] {
        [7] + values.flatMap { v in (0..<8).map { UInt8(truncatingIfNeeded: v.bitPattern >> (8 * UInt64($0))) } }
    }

    func packed(_ values: [Double]) -> NibGraphValue { .data(Self.packedBytes(values)) }

    static func keys(_ o: NibObject) -> [String] { o.entries.map(\.key) }

    static func elements(_ g: NibGraph, _ value: NibGraphValue?) -> [Int] {
        guard let list = value?.objectIndex else { return [] }
        return g.objects[list].entries.compactMap(\.value.objectIndex)
    }

    static func string(_ g: NibGraph, _ value: NibGraphValue?) -> String? {
        guard let i = value?.objectIndex, case .data(let bytes)? = g.objects[i].value(forKey: "NS.bytes") else { return nil }
        return String(decoding: bytes, as: UTF8.self)
    }

    @Test func tabBarControllerKeys() throws {
        let nibs = try Self.compile()
        let g = try #require(nibs["UITabBarController-Tab-Bc-001.nib"], "\(nibs.keys.sorted())")
        // The scene's own controller keeps its class swapper; UITabBarController's keys follow UIViewController's.
        let tc = try #require(g.objects.firstIndex { $0.value(forKey: "UITabBar") != nil })
        #expect(g.objects[tc].className == "UIClassSwapper")
        #expect(Self.string(g, g.objects[tc].value(forKey: "UIClassName")) == "UITabBarController")
        let order = Self.keys(g.objects[tc]).filter { ["UIChildViewControllers", "UITabBar", "UICustomizableViewControllers", "UIViewControllers"].contains($0) }
        #expect(order == ["UIChildViewControllers", "UITabBar", "UICustomizableViewControllers", "UIViewControllers"])
        let children = Self.elements(g, g.objects[tc].value(forKey: "UIChildViewControllers"))
        #expect(children.count == 2)
        #expect(Self.elements(g, g.objects[tc].value(forKey: "UIViewControllers")) == children)
        #expect(Self.elements(g, g.objects[tc].value(forKey: "UICustomizableViewControllers")) == children)

        // The tabs: plain navigation controllers inside the tab bar controller's nib, archived as their own class,
        // each pointing at its parent and carrying its tab bar item.
        var items: [Int] = []
        for child in children {
            let nav = g.objects[child]
            #expect(nav.className == "UINavigationController")
            #expect(nav.value(forKey: "UIParentViewController")?.objectIndex == tc)
            items += [try #require(nav.value(forKey: "UITabBarItem")?.objectIndex)]
            let roots = Self.elements(g, nav.value(forKey: "UIChildViewControllers"))
            #expect(roots.count == 1 && Self.elements(g, nav.value(forKey: "UIViewControllers")) == roots)
            let root = g.objects[roots[0]]
            #expect(root.value(forKey: "UIParentViewController")?.objectIndex == child)
            #expect(Self.string(g, root.value(forKey: "UINibName"))?.hasSuffix("-view-Vw-\(["Hm", "St"][items.count - 1])-0001") == true)
            // The navigation bar: locked, translucent, at the top, listing the root's item, delegating to its controller.
            let bar = try #require(nav.value(forKey: "UINavigationBar")?.objectIndex)
            let barObject = g.objects[bar]
            #expect(barObject.className == "UINavigationBar")
            for key in ["UIBounds", "UICenter", "UIAutoresizingMask", "UIViewContentHuggingPriority"] { #expect(barObject.value(forKey: key) != nil, "\(key)") }
            #expect(barObject.value(forKey: "UIIsLocked") == .bool(true))
            #expect(barObject.value(forKey: "UIBarTranslucence") == .int(1))
            #expect(barObject.value(forKey: "UIBarPosition") == .int(2))
            #expect(barObject.value(forKey: "UIDelegate")?.objectIndex == child)
            let rootItem = try #require(root.value(forKey: "UINavigationItem")?.objectIndex)
            #expect(Self.elements(g, g.objects[rootItem].value(forKey: "UICenterItemGroups")) == [])
            #expect(g.objects[rootItem].value(forKey: "UICenterItemGroups") != nil)
            #expect(Self.elements(g, barObject.value(forKey: "UIItems")) == [rootItem])
        }
        #expect(items.compactMap { Self.string(g, g.objects[$0].value(forKey: "UITitle")) } == ["Home", "Settings"])
        // The tabs' SF Symbols: placeholders naming the symbol and the empty catalog UIKit looks symbols up in.
        for item in items {
            let image = try #require(g.objects[item].value(forKey: "UIImage")?.objectIndex)
            #expect(Self.string(g, g.objects[image].value(forKey: "UISystemSymbolResourceName")) != nil)
            #expect(Self.string(g, g.objects[image].value(forKey: "UIResourceCatalogName")) == "")
        }
        // The identified root keeps a swapper; the other is a plain UIViewController.
        let rootClasses = children.map { g.objects[Self.elements(g, g.objects[$0].value(forKey: "UIChildViewControllers"))[0]].className }
        #expect(rootClasses == ["UIViewController", "UIClassSwapper"])

        // The tab bar: UIView's keys (frame, background colour, content hugging), then UITabBar's: delegate, the tabs'
        // items, the first selected.
        let bar = try #require(g.objects[tc].value(forKey: "UITabBar")?.objectIndex)
        let tabBar = g.objects[bar]
        #expect(tabBar.className == "UITabBar")
        // Sized and pinned as UITabBarController prepares its bar: 49 points tall at the XML origin and width, flexible
        // width and top margin.
        #expect(tabBar.value(forKey: "UIBounds") == packed([0, 0, 393, 49]))
        #expect(tabBar.value(forKey: "UICenter") == packed([196.5, 24.5]))
        #expect(tabBar.value(forKey: "UIAutoresizingMask") == .int(10))
        #expect(tabBar.value(forKey: "UIBackgroundColor") != nil)
        #expect(Self.string(g, tabBar.value(forKey: "UIViewContentHuggingPriority")) == "{250, 250}")
        #expect(tabBar.value(forKey: "UIDelegate")?.objectIndex == tc)
        #expect(Self.elements(g, tabBar.value(forKey: "UIItems")) == items)
        #expect(tabBar.value(forKey: "UISelectedItem")?.objectIndex == items.first)
        let barKeys = Self.keys(tabBar).filter { ["UIViewLargeContentStoredProperties", "UIDelegate", "UIItems", "UISelectedItem"].contains($0) }
        #expect(barKeys == ["UIViewLargeContentStoredProperties", "UIDelegate", "UIItems", "UISelectedItem"])
    }

    /// Xcode 13.2 (DuckDuckGo's): every controller through a swapper, bars not archived as locked, no version key.
    @Test func olderXcodeVocabulary() throws {
        let g = try #require(try Self.compile(xcode: XcodeVersion(13, 2))["UITabBarController-Tab-Bc-001.nib"])
        #expect(!g.objects.contains { $0.className == "UINavigationController" || $0.className == "UIViewController" })
        #expect(!g.objects.contains { $0.value(forKey: "UIIsLocked") != nil || $0.value(forKey: "UICenterItemGroups") != nil })
        #expect(g.objects[0].value(forKey: "IBUINibLNEVersionKey") == nil && !g.hasLNETrailer)
        let placeholders = g.objects.filter { $0.className == "UIImageNibPlaceholder" }
        #expect(placeholders.count == 2 && placeholders.allSatisfy { $0.value(forKey: "UIResourceCatalogName") == .null })
    }
}
