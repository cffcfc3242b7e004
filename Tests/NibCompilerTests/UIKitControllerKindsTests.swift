import Foundation
import Testing
import NibArchive
import NibCompiler
import NibCompilerTestSupport
import NibTestSupport

/// iOS controller and view kinds with no compiled sample, archived with the keys UIKit's (and GLKit's) coders read
/// (decompiled iOS 26.1): what each attribute or element becomes, for more values than the corpus's one, and the
/// kinds left unarchived warn with their reason.
@Suite struct UIKitControllerKindsTests {
    /// A storyboard's nibs read back as graphs, by file name, and its diagnostics.
    struct Compiled {
        let nibs: [String: NibGraph]
        /// Every output file's bytes, by path.
        let files: [String: [UInt8]]
        let diagnostics: [String]

        /// The first object of the storyboard (any nib) with `key`.
        func object(withKey key: String) -> (graph: NibGraph, object: NibObject)? {
            for name in nibs.keys.sorted() {
                guard let g = nibs[name], let o = g.objects.first(where: { $0.value(forKey: key) != nil }) else { continue }
                return (g, o)
            }
            return nil
        }

        /// Every object of class `cls` in the storyboard's nibs, with its graph.
        func objects(_ cls: String) -> [(graph: NibGraph, object: NibObject)] {
            nibs.keys.sorted().flatMap { name in nibs[name].map { g in g.objects.filter { $0.className == cls }.map { (g, $0) } } ?? [] }
        }
    }

    static func compile(_ scenes: String) throws -> Compiled {
        let text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="21701" targetRuntime="iOS.CocoaTouch" initialViewController="vc">
                <scenes>
            \(scenes)
                </scenes>
            </document>
            """
        let result = try StoryboardCompiler(options: CompileOptions()).compile(storyboard: Array(text.utf8), fileName: "Kinds.storyboard")
        var nibs: [String: NibGraph] = [:]
        for file in result.files where file.path.hasSuffix(".nib") { nibs[file.path] = NibGraph(try NibArchive(bytes: file.bytes)) }
        let files = Dictionary(result.files.map { ($0.path, $0.bytes) }, uniquingKeysWith: { a, _ in a })
        return Compiled(nibs: nibs, files: files, diagnostics: result.diagnostics.map(\.description))
    }

    /// One scene whose controller is `<element attributes>` with `body` inside, and a plain root view.
    static func scene(_ element: String = "viewController", id: String = "vc", attributes: String = "", body: String = "",
                      view: String = #"<view key="view" contentMode="scaleToFill" id="v-vc"><rect key="frame" x="0.0" y="0.0" width="320" height="480"/></view>"#) -> String {
        """
                <scene sceneID="s-\(id)">
                    <objects>
                        <\(element) id="\(id)" \(attributes) sceneMemberID="viewController">
                            \(view)
                            \(body)
                        </\(element)>
                    </objects>
                </scene>
        """
    }

    static func string(_ g: NibGraph, _ value: NibGraphValue?) -> String? {
        guard let i = value?.objectIndex, case .data(let bytes)? = g.objects[i].value(forKey: "NS.bytes") else { return nil }
        return String(decoding: bytes, as: UTF8.self)
    }

    static func elements(_ g: NibGraph, _ value: NibGraphValue?) -> [Int] {
        guard let list = value?.objectIndex else { return [] }
        return g.objects[list].entries.compactMap(\.value.objectIndex)
    }

    @Test(arguments: [("NO", false), ("YES", true)])
    func autoresizesArchivedViewToFullSize(attribute: String, value: Bool) throws {
        // Any controller may set it; the corpus's one is a page view controller.
        for element in ["viewController", "pageViewController"] {
            let compiled = try Self.compile(Self.scene(element, attributes: #"autoresizesArchivedViewToFullSize="\#(attribute)""#))
            #expect(compiled.diagnostics == [])
            let (_, controller) = try #require(compiled.object(withKey: "UIAutoresizesArchivedViewToFullSize"), "\(element)")
            #expect(controller.value(forKey: "UIAutoresizesArchivedViewToFullSize") == .bool(value))
        }
        // Absent attribute: no key (UIKit then resizes the view, its default).
        #expect(try Self.compile(Self.scene()).object(withKey: "UIAutoresizesArchivedViewToFullSize") == nil)
    }

    @Test(arguments: [(292.0, 182.0), (400.5, 0.0)])
    func contentSizeForViewInPopoverOnAnyController(width: Double, height: Double) throws {
        let size = #"<value key="contentSizeForViewInPopover" type="size" width="\#(width)" height="\#(height)"/>"#
        for element in ["viewController", "tableViewController"] {
            let compiled = try Self.compile(Self.scene(element, body: size))
            #expect(compiled.diagnostics == [])
            let (_, controller) = try #require(compiled.object(withKey: "UIPreferredContentSize"), "\(element)")
            #expect(controller.value(forKey: "UIPreferredContentSize") == TabBarControllerTests.packedBytesValue([width, height]))
            // After UIViewController's other keys, before the class swapper's.
            let keys = controller.entries.map(\.key)
            #expect(keys.last == "UIOriginalClassName")
            #expect(keys.firstIndex(of: "UIPreferredContentSize")! < keys.firstIndex(of: "UIClassName")!)
            #expect(keys.firstIndex(of: "UIPreferredContentSize")! > keys.firstIndex(of: "UINibName")!)
        }
    }

    @Test(arguments: [("UGxhaW4=", true, "Plain"), ("EENvbnRhaW5lcg==", true, "\u{10}Container"), ("Two\nlines", false, "Two\nlines")])
    func navigationItemTitleElement(text: String, base64: Bool, title: String) throws {
        let item = """
            <navigationItem key="navigationItem" id="ni">
                <string key="title"\(base64 ? #" base64-UTF8="YES""# : "")>\(text)</string>
            </navigationItem>
            """
        let compiled = try Self.compile(Self.scene(body: item))
        #expect(compiled.diagnostics == [])
        let items = compiled.objects("UINavigationItem")
        #expect(items.count == 1)
        let (g, navigationItem) = try #require(items.first)
        #expect(Self.string(g, navigationItem.value(forKey: "UITitle")) == title)
    }

    @Test func keyCommands() throws {
        let commands = """
            <keyCommands>
                <keyCommand input="s" modifierFlags="1048576" actionName="save:" discoverabilityTitle="Save"/>
                <keyCommand title="Find" input="f" modifierFlags="1179648" actionName="find:"/>
            </keyCommands>
            """
        let compiled = try Self.compile(Self.scene("tableViewController", body: commands,
            view: #"<tableView key="view" clipsSubviews="YES" contentMode="scaleToFill" style="plain" rowHeight="44" id="v-vc"><rect key="frame" x="0.0" y="0.0" width="320" height="480"/></tableView>"#))
        #expect(compiled.diagnostics == [])
        let (g, controller) = try #require(compiled.object(withKey: "UIKeyCommands"))
        let list = Self.elements(g, controller.value(forKey: "UIKeyCommands"))
        #expect(list.count == 2)
        #expect(list.map { g.objects[$0].className } == ["UIKeyCommand", "UIKeyCommand"])
        let first = g.objects[list[0]], second = g.objects[list[1]]
        #expect(first.entries.map(\.key) == ["discoverabilityTitle", "action", "input", "modifierFlags"])
        #expect(Self.string(g, first.value(forKey: "discoverabilityTitle")) == "Save")
        #expect(Self.string(g, first.value(forKey: "action")) == "save:")
        #expect(Self.string(g, first.value(forKey: "input")) == "s")
        #expect(first.value(forKey: "modifierFlags") == .int(1_048_576))
        #expect(second.entries.map(\.key) == ["title", "action", "input", "modifierFlags"])
        #expect(Self.string(g, second.value(forKey: "title")) == "Find")
        #expect(second.value(forKey: "modifierFlags") == .int(1_179_648))
    }

    @Test func keyCommandWithBadFlagsWarns() throws {
        let commands = #"<keyCommands><keyCommand input="s" modifierFlags="cmd" actionName="save:"/></keyCommands>"#
        let compiled = try Self.compile(Self.scene(body: commands))
        #expect(compiled.diagnostics.contains { $0.contains("modifierFlags='cmd'") && $0.contains("not an integer") })
        let (g, controller) = try #require(compiled.object(withKey: "UIKeyCommands"))
        let command = g.objects[try #require(Self.elements(g, controller.value(forKey: "UIKeyCommands")).first)]
        #expect(command.value(forKey: "modifierFlags") == nil)
        #expect(Self.string(g, command.value(forKey: "input")) == "s")
    }

    @Test(arguments: [("30", 30), ("60", 60), ("15", 15)])
    func glkViewControllerFramesPerSecond(attribute: String, value: Int) throws {
        let view = #"<glkView key="view" opaque="NO" contentMode="center" enableSetNeedsDisplay="NO" id="v-vc"><rect key="frame" x="0.0" y="0.0" width="320" height="480"/></glkView>"#
        let compiled = try Self.compile(Self.scene("glkViewController", attributes: #"preferredFramesPerSecond="\#(attribute)""#, view: view))
        #expect(compiled.diagnostics == [])
        let (_, controller) = try #require(compiled.object(withKey: "GLKViewControllerPreferredFramesPerSecondCoderKey"))
        #expect(controller.value(forKey: "GLKViewControllerPreferredFramesPerSecondCoderKey") == .int(Int64(value)))
        let glkViews = compiled.objects("GLKView")
        #expect(glkViews.count == 1)
        #expect(glkViews.first?.object.value(forKey: "GLKViewEnableSetNeedsDisplayCoderKey") == .bool(false))
    }

    @Test(arguments: [("NO", false as Bool?), ("YES", true), (nil, nil)])
    func glkViewEnableSetNeedsDisplay(attribute: String?, value: Bool?) throws {
        let flag = attribute.map { #" enableSetNeedsDisplay="\#($0)""# } ?? ""
        let nib = try CompiledXIB(XIBEnvelope.iOS(objects: """
            <glkView opaque="NO" contentMode="center"\(flag) id="1">
                <rect key="frame" x="0.0" y="0.0" width="320" height="480"/>
            </glkView>
            """), fileName: "GLK.xib")
        #expect(nib.diagnostics.map(\.description) == [])
        let view = try #require(nib.first("GLKView"))
        #expect(view.value(forKey: "GLKViewEnableSetNeedsDisplayCoderKey") == value.map { .bool($0) })
        // The UIView keys are there too.
        #expect(view.value(forKey: "UIBounds") != nil)
    }

    @Test func nilActionOfASegueArchivesNothingMore() throws {
        let button = { (extra: String) in
            #"<view key="view" contentMode="scaleToFill" id="v-vc"><rect key="frame" x="0.0" y="0.0" width="320" height="480"/><subviews><button opaque="NO" contentMode="scaleToFill" contentHorizontalAlignment="center" contentVerticalAlignment="center" buttonType="system" id="b"><rect key="frame" x="0.0" y="0.0" width="80" height="30"/><connections><segue destination="d" kind="show" id="sg">\#(extra)</segue></connections></button></subviews></view>"#
        }
        let destination = Self.scene(id: "d", attributes: #"storyboardIdentifier="D""#,
                                     view: #"<view key="view" contentMode="scaleToFill" id="v-d"><rect key="frame" x="0.0" y="0.0" width="320" height="480"/></view>"#)
        let with = try Self.compile(Self.scene(view: button(#"<nil key="action"/>"#)) + destination)
        let without = try Self.compile(Self.scene(view: button("")) + destination)
        #expect(with.diagnostics == [])
        #expect(with.files == without.files)
        #expect(with.objects("UIStoryboardShowSegueTemplate").count == 1)
    }

    @Test func peekAndPopSeguesWarnWithTheirReason() throws {
        let cell = """
            <view key="view" contentMode="scaleToFill" id="v-vc"><rect key="frame" x="0.0" y="0.0" width="320" height="480"/><subviews>
            <button opaque="NO" contentMode="scaleToFill" contentHorizontalAlignment="center" contentVerticalAlignment="center" buttonType="system" id="b">
                <rect key="frame" x="0.0" y="0.0" width="80" height="30"/>
                <connections>
                    <segue destination="d" kind="show" id="sg">
                        <segue key="commit" inheritsFrom="parent" id="c1"/>
                        <segue key="preview" inheritsFrom="commit" id="p1"/>
                    </segue>
                </connections>
            </button></subviews></view>
            """
        let destination = Self.scene(id: "d", attributes: #"storyboardIdentifier="D""#,
                                     view: #"<view key="view" contentMode="scaleToFill" id="v-d"><rect key="frame" x="0.0" y="0.0" width="320" height="480"/></view>"#)
        let compiled = try Self.compile(Self.scene(view: cell) + destination)
        #expect(compiled.diagnostics.count == 2)
        for key in ["commit", "preview"] {
            #expect(compiled.diagnostics.contains { $0.contains("<segue key='\(key)'> (peek and pop) is not archived") && $0.contains("previewing registrants") })
        }
        // The segue itself is archived, once.
        #expect(compiled.objects("UIStoryboardShowSegueTemplate").count == 1)
    }

    @Test func textShadowIsNotArchivedAsASecondColor() throws {
        let nav = """
            <navigationController id="vc" sceneMemberID="viewController">
                <navigationBar key="navigationBar" contentMode="scaleToFill" id="bar">
                    <rect key="frame" x="0.0" y="0.0" width="320" height="44"/>
                    <autoresizingMask key="autoresizingMask"/>
                    <textAttributes key="titleTextAttributes">
                        <color key="textColor" white="1" alpha="1" colorSpace="custom" customColorSpace="genericGamma22GrayColorSpace"/>
                        <color key="textShadowColor" white="0.0" alpha="1" colorSpace="custom" customColorSpace="genericGamma22GrayColorSpace"/>
                        <offsetWrapper key="textShadowOffset" horizontal="1" vertical="2"/>
                    </textAttributes>
                </navigationBar>
            </navigationController>
            """
        let compiled = try Self.compile("""
                <scene sceneID="s-vc"><objects>\(nav)</objects></scene>
            """)
        #expect(compiled.diagnostics.filter { $0.contains("the text shadow") && $0.contains("NSShadow") }.count == 2)
        let (g, bar) = try #require(compiled.object(withKey: "UITitleTextAttributes"))
        let attributes = g.objects[try #require(bar.value(forKey: "UITitleTextAttributes")?.objectIndex)]
        // An archived dictionary alternates keys and values under the empty key.
        let members = attributes.entries.filter { $0.key == "UINibEncoderEmptyKey" }.map(\.value)
        let keys = stride(from: 0, to: members.count, by: 2).compactMap { Self.string(g, members[$0]) }
        #expect(keys == ["NSColor"])
    }

    @Test func topLevelViewControllerOfAXIBWarnsWithItsReason() throws {
        let nib = try CompiledXIB(XIBEnvelope.iOS(objects: """
            <viewController id="vc">
                <view key="view" contentMode="scaleToFill" id="v"><rect key="frame" x="0.0" y="0.0" width="320" height="480"/></view>
            </viewController>
            """), fileName: "VC.xib")
        let messages = nib.diagnostics.map(\.description)
        #expect(messages.count == 1)
        #expect(messages.first?.contains("<viewController> as a top-level object of a XIB is not archived") == true)
        #expect(nib.objects("UIViewController").isEmpty)
    }
}

extension TabBarControllerTests {
    /// UIKit's packed geometry as a graph value.
    static func packedBytesValue(_ values: [Double]) -> NibGraphValue { .data(packedBytes(values)) }
}
