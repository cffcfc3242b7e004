import Foundation
import NibArchive
import NibCompiler
import NibTestSupport
import Testing

/// AppKit segue templates (AppKitSegueTemplates.swift; no Apple-compiled pair exists, so these tests check the
/// archive nibc writes against the rules written there): every non-relationship segue of a controller becomes
/// a template in its `NSStoryboardSegueTemplates`; a segue on a control warns that its trigger is not archived.
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

        // Manual segues are complete; the two on the button warn about their trigger, naming it.
        let warnings = result.diagnostics.filter { $0.severity == .warning }.map(\.message)
        #expect(warnings.count == 2, "\(warnings)")
        #expect(warnings.allSatisfy { $0.contains("<button id='btn-00-001'>") && $0.contains("trigger") }, "\(warnings)")
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

    /// A segue outside any controller (an application scene's menu item) has no template holder: a warning, and
    /// nothing archived for it.
    @Test func applicationSceneSeguesWarn() throws {
        var text = String(decoding: try Self.storyboard(), as: UTF8.self)
        let action = #"<action selector="terminate:" target="apr-00-001" id="act-00-002"/>"#
        #expect(text.contains(action))
        text = text.replacingOccurrences(of: action, with: action + #"<segue destination="det-00-001" kind="show" id="seg-00-009"/>"#)
        let result = try StoryboardCompiler().compile(storyboard: Array(text.utf8), fileName: "Main.storyboard")
        let warnings = result.diagnostics.map(\.message).filter { $0.contains("application scene") }
        #expect(warnings.count == 1, "\(result.diagnostics)")
    }
}
