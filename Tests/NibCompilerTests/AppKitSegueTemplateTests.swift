import Foundation
import NibArchive
import NibCompiler
import NibTestSupport
import Testing

/// AppKit segue templates (AppKitSegueTemplates.swift; no Apple-compiled pair exists, so these tests check the
/// archive nibc writes against the rules written there): every non-relationship segue of a controller becomes
/// a template in its `NSStoryboardSegueTemplates`; a segue on a control is triggered by its `perform:` action.
@Suite struct AppKitSegueTemplateTests {
    static let fixtures = SharedCorpus.packageRoot.appendingPathComponent("Tests/Fixtures")

    /// The project's macOS storyboard with a manual show and custom segue on the view controller, a sheet and a
    /// popover segue on its button, all to a "Detail" scene (Tests/Fixtures/README.md).
    static func storyboard() throws -> [UInt8] {
        [UInt8](try Data(contentsOf: fixtures.appendingPathComponent("AppKitSegues.storyboard")))
    }

    static func string(_ graph: NibGraph, _ value: NibGraphValue?) -> String? {
        guard case .object(let i)? = value, case .data(let d)? = graph.objects[i].value(forKey: "NS.bytes") else { return nil }
        return String(decoding: d, as: UTF8.self)
    }

    @Test func controllerSeguesBecomeTemplatesInDocumentOrder() throws {
        let result = try StoryboardCompiler(options: CompileOptions(moduleName: "SampleApp"))
            .compile(storyboard: try Self.storyboard(), fileName: "Main.storyboard")
        #expect(result.files.contains { $0.path == "Detail.nib" })
        var found: [(graph: NibGraph, templates: [Int])] = []
        for file in result.files where file.path.hasSuffix(".nib") {
            let graph = NibGraph(try NibArchive(bytes: file.bytes))
            for o in graph.objects {
                guard case .object(let a)? = o.value(forKey: "NSStoryboardSegueTemplates") else { continue }
                let items = graph.objects[a].entries.compactMap { e -> Int? in
                    if case .object(let i) = e.value, e.key == "UINibEncoderEmptyKey" { return i }
                    return nil
                }
                found.append((graph, items))
            }
        }
        // One controller has segues (its content view controller, inside the window controller's scene nib).
        let (graph, templates) = try #require(found.first)
        #expect(found.count == 1)
        // The controller's own segues first, then those inside its view (document order), as on iOS.
        #expect(templates.map { graph.objects[$0].className } == ["NSStoryboardShowSegueTemplate", "NSStoryboardSegueTemplate",
                                                                  "NSStoryboardSheetSegueTemplate", "NSStoryboardPopoverSegueTemplate"])
        #expect(templates.map { Self.string(graph, graph.objects[$0].value(forKey: "NSIdentifier")) } == ["ShowDetail", "Fade", "SheetDetail", nil])
        for t in templates {
            #expect(Self.string(graph, graph.objects[t].value(forKey: "NSDestinationControllerIdentifier")) == "Detail")
        }
        #expect(Self.string(graph, graph.objects[templates[1]].value(forKey: "NSSegueClassName")) == "FadeSegue")
        #expect(graph.objects[templates[3]].value(forKey: "NSPopoverBehavior") == .int(1))
        #expect(graph.objects[templates[3]].value(forKey: "NSPreferredEdge") == .int(2))

        // Every segue is archived completely: no warnings.
        let warnings = result.diagnostics.filter { $0.severity == .warning }.map(\.message)
        #expect(warnings.isEmpty, "\(warnings)")
    }

    /// The button's two segues are triggered from the view nib: `perform:` actions from the button to Upstream
    /// placeholders that the controller's external-objects table maps to the sheet and popover templates, and the
    /// popover template's `anchorView` outlet to the button (the UIKit layout, STORYBOARD.md §2.7 and §3.2).
    @Test func controlSeguesAreTriggeredFromTheViewNib() throws {
        let result = try StoryboardCompiler(options: CompileOptions(moduleName: "SampleApp"))
            .compile(storyboard: try Self.storyboard(), fileName: "Main.storyboard")
        func graph(_ name: String) throws -> NibGraph {
            NibGraph(try NibArchive(bytes: try #require(result.files.first { $0.path == name }).bytes))
        }
        // The scene nib: the controller's table, placeholder name -> class of the scene object.
        let scene = try graph("NSWindowController-wnc-00-001.nib")
        let controller = try #require(scene.objects.first { $0.value(forKey: "NSNibName") != nil })
        guard case .object(let tableIndex)? = controller.value(forKey: "NSExternalObjectsTableForViewLoading") else {
            Issue.record("no external objects table"); return
        }
        let elements = scene.objects[tableIndex].entries.filter { $0.key == "UINibEncoderEmptyKey" }.compactMap { e -> Int? in
            if case .object(let i) = e.value { return i }
            return nil
        }
        var table: [String: String] = [:]
        for k in stride(from: 0, to: elements.count - 1, by: 2) {
            table[Self.string(scene, .object(elements[k])) ?? ""] = scene.objects[elements[k + 1]].className
        }
        #expect(table == ["UpstreamPlaceholder-1": "NSClassSwapper", "UpstreamPlaceholder-2": "NSStoryboardSheetSegueTemplate",
                          "UpstreamPlaceholder-3": "NSStoryboardPopoverSegueTemplate"])
        // The view nib: connections as (source, label, destination) with placeholders by name.
        let view = try graph("vcr-00-001-view-vvw-00-001.nib")
        func name(_ value: NibGraphValue?) -> String? {
            guard case .object(let i)? = value else { return nil }
            let o = view.objects[i]
            if o.className == "NSNibExternalObjectPlaceholder" { return Self.string(view, o.value(forKey: "NSExternalObjectPlaceholderIdentifier")) }
            return o.className
        }
        let connections = view.objects.filter { $0.className.hasPrefix("NSNib") && $0.className.hasSuffix("Connector") }
            .map { "\(name($0.value(forKey: "NSSource")) ?? "?") \(Self.string(view, $0.value(forKey: "NSLabel")) ?? "?") \(name($0.value(forKey: "NSDestination")) ?? "?")" }
        #expect(Set(connections) == ["NSCustomObject view NSView", "UpstreamPlaceholder-1 helloButton NSButton",
                                     "NSButton sayHello: UpstreamPlaceholder-1", "NSButton perform: UpstreamPlaceholder-2",
                                     "NSButton perform: UpstreamPlaceholder-3", "UpstreamPlaceholder-3 anchorView NSButton"])
        #expect(connections.count == 6)
        // The scene nib holds no trigger of its own.
        #expect(!scene.objects.contains { Self.string(scene, $0.value(forKey: "NSLabel")) == "perform:" })
    }

    /// An embed segue's `<containerView>` is a plain NSView, the template's `containerView` outlet in the view nib.
    @Test func embedContainerIsTheTemplatesContainerView() throws {
        var text = String(decoding: try Self.storyboard(), as: UTF8.self)
        let subviews = #"<button verticalHuggingPriority="750" translatesAutoresizingMaskIntoConstraints="NO" id="btn-00-001">"#
        #expect(text.contains(subviews))
        text = text.replacingOccurrences(of: subviews, with: """
            <containerView id="cnt-00-001">
                <rect key="frame" x="0.0" y="0.0" width="100" height="50"/>
                <autoresizingMask key="autoresizingMask"/>
                <connections>
                    <segue destination="det-00-001" kind="embed" id="seg-00-011"/>
                </connections>
            </containerView>
            """ + subviews)
        let result = try StoryboardCompiler().compile(storyboard: Array(text.utf8), fileName: "Main.storyboard")
        #expect(result.diagnostics.filter { $0.severity == .warning }.isEmpty, "\(result.diagnostics)")
        let view = NibGraph(try NibArchive(bytes: try #require(result.files.first { $0.path == "vcr-00-001-view-vvw-00-001.nib" }).bytes))
        let outlet = try #require(view.objects.first { $0.className == "NSNibOutletConnector" && Self.string(view, $0.value(forKey: "NSLabel")) == "containerView" })
        guard case .object(let s)? = outlet.value(forKey: "NSSource"), case .object(let d)? = outlet.value(forKey: "NSDestination") else {
            Issue.record("outlet without ends"); return
        }
        #expect(view.objects[s].className == "NSNibExternalObjectPlaceholder")
        #expect(view.objects[d].className == "NSView")
    }

    /// A segue on a scene-side object (a toolbar item of the window) is triggered in the scene nib, straight to
    /// its template.
    @Test func sceneSideSegueTriggersInTheSceneNib() throws {
        var text = String(decoding: try Self.storyboard(), as: UTF8.self)
        let rect = #"<rect key="screenRect" x="0.0" y="0.0" width="1680" height="1027"/>"#
        #expect(text.contains(rect))
        text = text.replacingOccurrences(of: rect, with: rect + """
            <toolbar key="toolbar" implicitIdentifier="T" autosavesConfiguration="NO" displayMode="iconOnly" sizeMode="regular" id="tbr-00-001">
                <allowedToolbarItems>
                    <toolbarItem implicitItemIdentifier="I" label="Info" paletteLabel="Info" id="tbi-00-001">
                        <connections>
                            <segue destination="det-00-001" kind="sheet" identifier="Info" id="seg-00-010"/>
                        </connections>
                    </toolbarItem>
                </allowedToolbarItems>
                <defaultToolbarItems>
                    <toolbarItem reference="tbi-00-001"/>
                </defaultToolbarItems>
            </toolbar>
            """)
        let result = try StoryboardCompiler().compile(storyboard: Array(text.utf8), fileName: "Main.storyboard")
        #expect(result.diagnostics.filter { $0.severity == .warning }.isEmpty, "\(result.diagnostics)")
        let scene = NibGraph(try NibArchive(bytes: try #require(result.files.first { $0.path == "NSWindowController-wnc-00-001.nib" }).bytes))
        let trigger = try #require(scene.objects.first { $0.className == "NSNibControlConnector" && Self.string(scene, $0.value(forKey: "NSLabel")) == "perform:" })
        guard case .object(let s)? = trigger.value(forKey: "NSSource"), case .object(let d)? = trigger.value(forKey: "NSDestination") else {
            Issue.record("trigger without ends"); return
        }
        #expect(scene.objects[s].className == "NSToolbarItem")
        #expect(scene.objects[d].className == "NSStoryboardSheetSegueTemplate")
        #expect(Self.string(scene, scene.objects[d].value(forKey: "NSIdentifier")) == "Info")
    }

    /// The runtime's fixture (`AppKitSegues.storyboardc`, read by NibRuntimeTests) is what the compiler writes today.
    @Test func runtimeFixtureIsTheCompilersOutput() throws {
        let result = try StoryboardCompiler(options: CompileOptions(moduleName: "SampleApp"))
            .compile(storyboard: try Self.storyboard(), fileName: "AppKitSegues.storyboard")
        let dir = Self.fixtures.appendingPathComponent("AppKitSegues.storyboardc")
        let names = try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted()
        #expect(names == result.files.map(\.path).sorted())
        for file in result.files {
            #expect([UInt8](try Data(contentsOf: dir.appendingPathComponent(file.path))) == file.bytes,
                    "\(file.path) differs: regenerate as Tests/Fixtures/README.md says")
        }
    }

    /// A main-menu item's segue: its template is a top-level object of MainMenu.nib (File's Owner its parent) that
    /// the item triggers with its `perform:` action; the destination is its controller's scene nib. A segue on
    /// another application-scene object outside a controller has no template holder and warns.
    @Test func menuItemSeguesAreTriggeredFromTheMainMenu() throws {
        var text = String(decoding: try Self.storyboard(), as: UTF8.self)
        let action = #"<action selector="terminate:" target="apr-00-001" id="act-00-002"/>"#
        #expect(text.contains(action))
        text = text.replacingOccurrences(of: action, with: action + #"<segue destination="det-00-001" kind="modal" identifier="M" id="seg-00-009"/>"#)
        let delegate = #"<customObject id="dlg-00-001" customClass="AppDelegate" customModule="SampleApp" customModuleProvider="target"/>"#
        #expect(text.contains(delegate))
        text = text.replacingOccurrences(of: delegate, with: delegate.replacingOccurrences(of: "/>", with: ">")
            + #"<connections><segue destination="det-00-001" kind="show" id="seg-00-010"/></connections></customObject>"#)
        let result = try StoryboardCompiler(options: CompileOptions(moduleName: "SampleApp")).compile(storyboard: Array(text.utf8), fileName: "Main.storyboard")
        let messages = result.diagnostics.map(\.message)
        #expect(messages == ["<segue kind='show'> on <customObject> outside a controller is not archived: only main-menu items and objects inside a controller have a nib that holds the template; ignored"])
        let menu = NibGraph(try NibArchive(bytes: try #require(result.files.first { $0.path == "MainMenu.nib" }).bytes))
        let templates = menu.objects.indices.filter { menu.objects[$0].className.hasPrefix("NSStoryboard") && menu.objects[$0].className.hasSuffix("SegueTemplate") }
        #expect(templates.map { menu.objects[$0].className } == ["NSStoryboardModalSegueTemplate"])
        let template = try #require(templates.first)
        #expect(Self.string(menu, menu.objects[template].value(forKey: "NSIdentifier")) == "M")
        #expect(Self.string(menu, menu.objects[template].value(forKey: "NSDestinationControllerIdentifier")) == "Detail")
        let trigger = try #require(menu.objects.first { $0.className == "NSNibControlConnector" && $0.value(forKey: "NSDestination")?.objectIndex == template })
        #expect(Self.string(menu, trigger.value(forKey: "NSLabel")) == "perform:")
        let source = try #require(trigger.value(forKey: "NSSource")?.objectIndex)
        #expect(menu.objects[source].className == "NSMenuItem")
        #expect(Self.string(menu, menu.objects[source].value(forKey: "NSTitle")) == "Quit SampleApp")
        // The template is one of the nib's objects (NSObjectsKeys), so the loader instantiates it.
        let data = try #require(menu.objects.first { $0.className == "NSIBObjectData" })
        let keysIndex = try #require(data.value(forKey: "NSObjectsKeys")?.objectIndex)
        #expect(menu.objects[keysIndex].entries.compactMap { $0.value.objectIndex }.contains(template))
    }
}
