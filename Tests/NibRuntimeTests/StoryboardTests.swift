import CompiledStoryboard
import Foundation
import NibRuntime
import NibTestSupport
import PropertyList
import Testing

/// The portable storyboard on Apple's compiled storyboards: every initial and identified controller of
/// the 26 corpus storyboards is instantiated, its view loaded lazily, and every segue template performed once.
@Suite(.needsCorpus) struct StoryboardTests {
    struct Counts: Equatable {
        var storyboards = 0, controllers = 0, views = 0, segues = 0, embeds = 0, references = 0, relationshipChildren = 0
        /// Segue triggers wired by view nibs to the scene's templates (through UpstreamPlaceholder-N).
        var performActions = 0, selectionOutlets = 0
    }

    /// Checks one instantiated controller and everything reachable from it; returns what it exercised.
    func exercise(_ c: NibStoryboardController, in storyboard: NibStoryboard, counts: inout Counts, depth: Int = 0) throws {
        counts.controllers += 1
        let name = "\(storyboard.name)/\(c.className)"
        if let generic = c.object as? GenericNibObject {
            // The scene nib connects each controller's `storyboard` outlet to the storyboard placeholder before
            // awakeFromNib, which is sent once.
            #expect(generic.outlets["storyboard"] === c.storyboard, "\(name)")
            #expect(generic.awakeFromNibCount == 1, "\(name)")
            #expect(generic.connectionsAtAwake >= 1, "\(name)")
            // The view is not loaded until asked for.
            #expect(!c.isViewLoaded)
            #expect(generic.outlets["view"] == nil, "\(name)")
            let outletsBefore = generic.outlets.count
            if c.values.nibName != nil {
                let view = try #require(try c.view(), "\(name)")
                counts.views += 1
                #expect(c.isViewLoaded)
                #expect(generic.outlets["view"] === view, "\(name)")
                // The view nib's outlets to the controller (through UpstreamPlaceholder-N) landed on it.
                #expect(generic.outlets.count > outletsBefore, "\(name)")
                if let root = view as? GenericNibObject {
                    #expect(root.awakeFromNibCount == 1)
                    #expect(root.connectionsAtAwake == root.outletOrder.count + root.actions.count + root.outletCollections.count + root.runtimeAttributes.count)
                }
                // A second access returns the same view without instantiating the nib again.
                #expect(try c.view() === view)
                let embeds = c.segueTemplates.filter { $0.kind == .embed }
                #expect(c.embeddedChildren.count == embeds.count, "\(name)")
                // Each embed template got its container view from the view nib (`containerView` outlet).
                for t in embeds { #expect((t.object as? GenericNibObject)?.outlets["containerView"] != nil, "\(name)") }
                // Triggers: `perform:` actions and static cells' `selectionSegueTemplate` outlets reach the very
                // template objects of this controller's scene.
                let templates = Set(c.values.segueTemplates.map(ObjectIdentifier.init))
                for case let o as GenericNibObject in reachableObjects(from: c.viewTopLevelObjects) {
                    counts.performActions += o.actions.filter { $0.selector == "perform:" && $0.target.map { templates.contains(ObjectIdentifier($0)) } == true }.count
                    if let t = o.outlets["selectionSegueTemplate"], templates.contains(ObjectIdentifier(t)) { counts.selectionOutlets += 1 }
                }
                counts.embeds += embeds.count
                for child in c.embeddedChildren { #expect(child.parent === c) }
            }
        }
        for child in c.relationshipChildren where depth < 2 {
            #expect(child.parent === c)
            counts.relationshipChildren += 1
            try exercise(child, in: storyboard, counts: &counts, depth: depth + 1)
        }
        // Every segue template once: the destination exists before prepare, prepare comes before perform.
        for template in c.segueTemplates {
            var events = [String]()
            c.onPrepare = { segue, _ in events.append("prepare \(segue.destination.className)") }
            c.onPerform = { segue in events.append("perform \(segue.destination.className)") }
            if template.kind == .unwind {
                // Nothing up the chain of a controller instantiated on its own accepts an unwind action (generic
                // objects have no hooks): UIKit's error, and nothing prepared or performed.
                #expect(throws: NibLoadingError.noUnwindDestination(controllerClassName: c.className, action: template.unwindAction ?? "")) {
                    try c.perform(template, sender: nil)
                }
                #expect(events.isEmpty)
                counts.segues += 1
                continue
            }
            let segue = try c.perform(template, sender: nil)
            #expect(segue.source === c)
            #expect(events.first == "prepare \(segue.destination.className)", "\(name)")
            #expect(events.count == (template.kind == .embed ? 1 : 2), "\(name) \(template.className)")
            if template.kind == .embed { #expect(segue.destination.parent === c) }
            counts.segues += 1
        }
        c.onPrepare = nil
        c.onPerform = nil
    }

    /// Opens each compiled storyboard at `urls`, exercises its initial controller and every identified controller
    /// (a storyboard reference resolving to the referenced storyboard's controller), and checks UIKit's error for an
    /// unknown identifier. Returns what it exercised.
    func exerciseEveryController(of urls: [URL]) throws -> Counts {
        var counts = Counts()
        for url in urls {
            let storyboard = try NibStoryboard(directory: url.path, registry: NibClassRegistry())
            if let initial = try storyboard.instantiateInitialController() {
                try exercise(initial, in: storyboard, counts: &counts)
            }
            for identifier in storyboard.controllerIdentifiers {
                let c = try storyboard.instantiateController(identifier: identifier)
                if let reference = storyboard.info.references[identifier] {
                    // A storyboard reference resolves to the referenced storyboard's controller.
                    counts.references += 1
                    #expect(c.storyboard.name == reference.storyboardName)
                    if let id = reference.controllerIdentifier { #expect(c.identifier == id, "\(identifier)") }
                    #expect(c.className != "UIStoryboardViewControllerPlaceholder")
                } else {
                    #expect(c.storyboard === storyboard)
                }
                try exercise(c, in: c.storyboard, counts: &counts)
            }
            #expect(throws: NibLoadingError.unknownControllerIdentifier(storyboard: storyboard.name, identifier: "nope",
                                                                        platform: storyboard.info.platform.rawValue)) {
                try storyboard.instantiateController(identifier: "nope")
            }
            counts.storyboards += 1
        }
        return counts
    }

    /// The counts of the 26 corpus storyboards (19 DuckDuckGo, 7 AppKit samples), whoever compiled them.
    func expectCorpusFloors(_ counts: Counts) {
        #expect(counts.storyboards == 32)
        #expect(counts.references == 19)
        // Floors measured on the corpus (Apple's compiled storyboards); they fail if a scene stops loading.
        #expect(counts.controllers >= 150, "\(counts)")
        #expect(counts.views >= 110, "\(counts)")
        #expect(counts.segues >= 100, "\(counts)")
        #expect(counts.embeds >= 9, "\(counts)")
        #expect(counts.relationshipChildren >= 9, "\(counts)")
        // STORYBOARD.md §2.7: 8 perform: triggers (7 buttons, 1 bar button item) and 25 static-cell outlets in the
        // 19 storyboards; scenes reached twice (initial and identified, or as a navigation root) count twice.
        #expect(counts.performActions >= 8, "\(counts)")
        #expect(counts.selectionOutlets >= 25, "\(counts)")
    }

    @Test func everyControllerOfEveryCorpusStoryboard() throws {
        let counts = try exerciseEveryController(of: try SharedCorpus.compiledStoryboards())
        expectCorpusFloors(counts)
        print("storyboard corpus: \(counts)")
    }

    @Test func unknownIdentifierHasUIKitsMessage() throws {
        let storyboard = try NibStoryboard(directory: try corpusPath("nib/duckduckgo/Base.lproj/Settings.storyboardc"), registry: NibClassRegistry())
        let error = #expect(throws: NibLoadingError.self) { try storyboard.instantiateController(identifier: "nope") }
        #expect(error?.description == "Storyboard (<UIStoryboard: 0x0>) doesn't contain a view controller with identifier 'nope'")
        let seg = try #require(try storyboard.instantiateInitialController())
        let segueError = #expect(throws: NibLoadingError.self) { try seg.performSegue(withIdentifier: "nope") }
        #expect(segueError?.description.hasSuffix("has no segue with identifier 'nope'") == true)
    }

    @Test func scenesAreReadOnceAndDecodedOnFirstUse() throws {
        let storyboard = try NibStoryboard(directory: try corpusPath("nib/duckduckgo/Base.lproj/Settings.storyboardc"), registry: NibClassRegistry())
        #expect(storyboard.loadedNibNames.isEmpty)
        let initialID = try #require(storyboard.initialViewControllerIdentifier)
        let nibName = try #require(storyboard.nibNames[initialID])
        // Eight threads at once: one template, one file read, one plan.
        DispatchQueue.concurrentPerform(iterations: 8) { _ in _ = try? storyboard.instantiateInitialController() }
        #expect(storyboard.loadedNibNames == [nibName])
        let template = try storyboard.template(nibNamed: nibName)
        #expect(template.fileReadCount == 1)
        #expect(template.planBuildCount == 1)
        _ = try storyboard.instantiateInitialController()
        #expect(template.planBuildCount == 1)
        // One controller's view asked for from eight threads: loaded once, the same object for all.
        let nav = try #require(try storyboard.instantiateInitialController())
        let root = try #require(nav.relationshipChildren.first)
        let views = Locked8()
        // The controller is not Sendable (its objects are used from one thread at a time); `view()` alone is
        // safe to call concurrently, which is what this checks.
        nonisolated(unsafe) let shared = root
        DispatchQueue.concurrentPerform(iterations: 8) { i in views.set(i, try? shared.view()) }
        let first = try #require(views.all.first ?? nil)
        #expect(views.all.allSatisfy { $0 === first })
        #expect(root.viewTopLevelObjects.count >= 1)
        let viewNib = try #require(root.values.nibName)
        #expect(try storyboard.template(nibNamed: viewNib).planBuildCount == 1)
    }

    /// Eight result slots written from concurrent threads.
    final class Locked8: @unchecked Sendable {
        private let lock = NSLock()
        private var slots = [AnyObject?](repeating: nil, count: 8)
        func set(_ i: Int, _ o: AnyObject?) { lock.lock(); slots[i] = o; lock.unlock() }
        var all: [AnyObject?] { lock.lock(); defer { lock.unlock() }; return slots }
    }

    @Test func navigationControllerComesWithItsRoot() throws {
        let storyboard = try NibStoryboard(directory: try corpusPath("nib/duckduckgo/Base.lproj/Onboarding.storyboardc"), registry: NibClassRegistry())
        let nav = try #require(try storyboard.instantiateInitialController())
        #expect((nav.object as? GenericNibObject)?.isKind(of: "UINavigationController") == true)
        #expect(try nav.view() == nil)  // no view nib: UIKit builds a navigation controller's view in code
        let root = try #require(nav.relationshipChildren.first)
        #expect(root.className == "_TtC10DuckDuckGo24OnboardingViewController")
        #expect((root.object as? GenericNibObject)?.object(forKey: "UIParentViewController") === nav.object)
        #expect(try root.view() != nil)
        #expect(nav.relationshipChildren.first === root)
    }

    @Test func appKitWindowControllerContentAndMainMenu() throws {
        let root = try corpusPath("storyboards/appkit")
        let storyboard = try NibStoryboard(directory: root + "/sb_basic_wc.storyboardc", registry: NibClassRegistry())
        let wc = try #require(try storyboard.instantiateInitialController())
        #expect(wc.className == "NSWindowController")
        let content = try #require(wc.relationshipChildren.first)
        #expect(content.className == "TestViewController")
        #expect(!content.isViewLoaded)
        let view = try #require(try content.view() as? GenericNibObject)
        #expect(view.isKind(of: "NSView"))
        let menu = try #require(try storyboard.instantiateMainMenu())
        #expect(menu.contains { ($0 as? GenericNibObject)?.isKind(of: "NSMenu") == true })
        #expect(!storyboard.controllerIdentifiers.contains("MainMenu"))
        #expect(throws: NibLoadingError.self) { try storyboard.instantiateController(identifier: "MainMenu") }
        // sb_button_hug names a main menu it does not contain.
        let hug = try NibStoryboard(directory: root + "/sb_button_hug.storyboardc", registry: NibClassRegistry())
        #expect(try hug.instantiateMainMenu() == nil)
    }

    @Test func referencesResolveThroughTheBundleAndMissingOnesAreTyped() throws {
        let base = try corpusPath("nib/duckduckgo/Base.lproj")
        let home = try NibStoryboard(directory: base + "/Home.storyboardc", registry: NibClassRegistry())
        let dax = try home.instantiateController(identifier: "UIViewController-Ad2-7l-5O5")
        #expect(dax.storyboard.name == "DaxOnboarding")
        #expect(dax.identifier == "DaxDialog")
        // The same referenced storyboard is opened once.
        #expect(try home.referencedStoryboard(named: "DaxOnboarding") === dax.storyboard)
        // Through a bundle that lacks DaxOnboarding, the reference fails with UIKit's message.
        let empty = FileManager.default.temporaryDirectory.appendingPathComponent("sb-empty-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: empty) }
        let isolated = try NibStoryboard(directory: base + "/Home.storyboardc", bundle: NibBundle(directory: empty.path), registry: NibClassRegistry())
        let error = #expect(throws: NibLoadingError.self) { try isolated.instantiateController(identifier: "UIViewController-Ad2-7l-5O5") }
        #expect(error == .storyboardNotFound(name: "DaxOnboarding", directory: empty.path))
        // Opening by name, as UIStoryboard(name:bundle:) does, looks in Base.lproj.
        let bundle = NibBundle(directory: (base as NSString).deletingLastPathComponent, registry: NibClassRegistry())
        #expect(try NibStoryboard(named: "Home", in: bundle).directory == base + "/Home.storyboardc")
        #expect(throws: NibLoadingError.storyboardNotFound(name: "Nope", directory: bundle.directory)) { try NibStoryboard(named: "Nope", in: bundle) }
    }

    /// A registered controller class reads its storyboard values in init(coder:) and gets the hooks.
    final class SettingsController: NibDecodable, NibConnectable, NibStoryboardValuesProviding, NibStoryboardControllerHooks {
        let storyboardValues: NibStoryboardControllerValues
        var outlets: [String: AnyObject] = [:]
        var events: [String] = []
        var awakeOutletCount = -1
        init(coder: NibCoder) throws { storyboardValues = NibStoryboardControllerValues(coder: coder) }
        func setOutlet(_ name: String, to object: AnyObject?) throws { outlets[name] = object }
        func setOutletCollection(_ name: String, to objects: [AnyObject], appending: Bool) throws {}
        func addAction(target: AnyObject?, selector: String, events: UInt64) throws {}
        func setRuntimeAttribute(_ keyPath: String, to value: NibDecodedValue) throws {}
        func awakeFromNib() { awakeOutletCount = outlets.count }
        func prepare(for segue: NibStoryboardSegue, sender: AnyObject?) { events.append("prepare \(segue.identifier ?? "-")") }
        func viewDidLoad() { events.append("viewDidLoad") }
    }

    @Test func registeredControllerGetsValuesHooksAndOutlets() throws {
        let registry = NibClassRegistry()
        registry.register(SettingsController.self, module: "DuckDuckGo", name: "SettingsViewController")
        let storyboard = try NibStoryboard(directory: try corpusPath("nib/duckduckgo/Base.lproj/Settings.storyboardc"), registry: registry)
        let nav = try #require(try storyboard.instantiateInitialController())
        let settings = try #require(nav.relationshipChildren.first)
        let object = try #require(settings.object as? SettingsController)
        // awakeFromNib came after the scene's connections (the storyboard outlet).
        #expect(object.awakeOutletCount >= 1)
        #expect(object.outlets["storyboard"] === storyboard)
        #expect(settings.values.nibName != nil)
        #expect(object.outlets["view"] == nil)
        let view = try settings.view()
        #expect(object.outlets["view"] === view)
        #expect(object.events.first == "viewDidLoad")
        let template = try #require(settings.segueTemplates.first)
        try settings.perform(template)
        #expect(object.events.last == "prepare \(template.identifier ?? "-")")
    }

    /// AppKit segue templates written by nibc (Tests/Fixtures/AppKitSegues.storyboardc; no Apple-compiled AppKit
    /// storyboard with such segues exists): the content view controller lists them, and each performs with its
    /// destination instantiated from the storyboard, prepare before perform.
    @Test func appKitSegueTemplatesFromNibcPerform() throws {
        let dir = SharedCorpus.packageRoot.appendingPathComponent("Tests/Fixtures/AppKitSegues.storyboardc").path
        let storyboard = try NibStoryboard(directory: dir, registry: NibClassRegistry())
        let window = try #require(try storyboard.instantiateInitialController())
        let content = try #require(window.relationshipChildren.first)
        #expect(content.segueTemplates.map(\.className) == ["NSStoryboardShowSegueTemplate", "NSStoryboardSegueTemplate",
                                                             "NSStoryboardSheetSegueTemplate", "NSStoryboardPopoverSegueTemplate"])
        #expect(content.segueTemplates.map(\.identifier) == ["ShowDetail", "Fade", "SheetDetail", nil])
        #expect(content.segueTemplates.allSatisfy { $0.destinationIdentifier == "Detail" })
        #expect(content.segueTemplates.first?.kind == .show)
        var events = [String]()
        content.onPrepare = { segue, _ in events.append("prepare \(segue.identifier ?? "")") }
        content.onPerform = { segue in events.append("perform \(segue.identifier ?? "")") }
        let segue = try content.performSegue(withIdentifier: "SheetDetail")
        #expect(segue.destination.identifier == "Detail")
        #expect(events == ["prepare SheetDetail", "perform SheetDetail"])
        #expect(throws: (any Error).self) { try content.performSegue(withIdentifier: "nope") }
        // The button's two segues: its `perform:` actions reach the sheet and popover templates through the view
        // nib's Upstream placeholders, and the popover's anchor view is the button.
        try content.view()
        let templates = content.values.segueTemplates
        var performTargets: [String] = []
        var button: GenericNibObject?
        for case let o as GenericNibObject in reachableObjects(from: content.viewTopLevelObjects) {
            for a in o.actions where a.selector == "perform:" {
                if let t = a.target, let i = templates.firstIndex(where: { $0 === t }) { performTargets.append(content.segueTemplates[i].className) }
                button = o
            }
        }
        #expect(performTargets.sorted() == ["NSStoryboardPopoverSegueTemplate", "NSStoryboardSheetSegueTemplate"])
        let popover = try #require(templates.last as? GenericNibObject)
        #expect(popover.outlets["anchorView"] != nil && popover.outlets["anchorView"] === button)
    }
}

/// Broken compiled storyboards: typed errors at open, at instantiation and at view load, never a crash.
@Suite(.needsCorpus) struct HostileStoryboardTests {
    /// A writable copy of a corpus storyboard.
    static func copy(_ relative: String) throws -> URL {
        let target = FileManager.default.temporaryDirectory.appendingPathComponent("sb-hostile-\(UUID().uuidString)/Base.lproj/Home.storyboardc")
        try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: try corpusPath(relative), toPath: target.path)
        for case let url as URL in FileManager.default.enumerator(at: target, includingPropertiesForKeys: nil)! {
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: url.path)
        }
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: target.path)
        return target
    }

    @Test func brokenFilesGiveTypedErrors() throws {
        let dir = try Self.copy("nib/duckduckgo/Base.lproj/Home.storyboardc")
        defer { try? FileManager.default.removeItem(at: dir.deletingLastPathComponent().deletingLastPathComponent()) }
        // A truncated scene nib: the storyboard opens (nibs are read on first use), instantiation fails typed.
        let scene = dir.appendingPathComponent("HomeViewController.nib")
        let sceneBytes = try Data(contentsOf: scene)
        try sceneBytes.prefix(40).write(to: scene)
        var storyboard = try NibStoryboard(directory: dir.path, registry: NibClassRegistry())
        #expect(throws: NibLoadingError.self) { try storyboard.instantiateController(identifier: "HomeViewController") }
        try sceneBytes.write(to: scene)
        // A missing view nib: instantiation works, the view load fails typed.
        let view = dir.appendingPathComponent("LJ1-RN-ckE-view-klK-ZJ-wmA.nib")
        try FileManager.default.removeItem(at: view)
        storyboard = try NibStoryboard(directory: dir.path, registry: NibClassRegistry())
        let home = try storyboard.instantiateController(identifier: "HomeViewController")
        #expect(throws: NibLoadingError.nibNotFound(name: "LJ1-RN-ckE-view-klK-ZJ-wmA", directory: dir.path)) { try home.view() }
        #expect(!home.isViewLoaded)
        // A missing scene nib: opening fails, naming the identifier's key path.
        try FileManager.default.removeItem(at: scene)
        let missing = #expect(throws: NibLoadingError.self) { try NibStoryboard(directory: dir.path) }
        guard case .storyboard(let error)? = missing else { Issue.record("\(String(describing: missing))"); return }
        #expect(error.kind == .missingNib)
        // A hostile Info.plist (every byte flipped in turn): open refuses with a typed error or opens.
        try sceneBytes.write(to: scene)
        let plistURL = dir.appendingPathComponent("Info.plist")
        let plist = try Data(contentsOf: plistURL)
        var refused = 0
        for i in stride(from: 0, to: plist.count, by: 3) {
            var bytes = [UInt8](plist)
            bytes[i] ^= 0x5A
            try Data(bytes).write(to: plistURL)
            do { _ = try NibStoryboard(directory: dir.path, registry: NibClassRegistry()) } catch {
                if case .storyboard = error { refused += 1 } else { Issue.record("not a storyboard error: \(error)") }
            }
        }
        #expect(refused > 0)
    }

    @Test func aReferenceCycleIsATypedError() throws {
        let dir = try Self.copy("nib/duckduckgo/Base.lproj/Home.storyboardc")
        defer { try? FileManager.default.removeItem(at: dir.deletingLastPathComponent().deletingLastPathComponent()) }
        // Home's reference now names Home itself and its own identifier: following it never ends.
        let id = "UIViewController-Ad2-7l-5O5"
        let plist: PropertyListValue = .dictionary([
            .init("UIViewControllerIdentifiersToNibNames", .dictionary([.init(id, .string(id)), .init("HomeViewController", .string("HomeViewController"))])),
            .init("UIStoryboardVersion", .integer(1)),
            .init("UIViewControllerIdentifiersToExternalStoryboardReferences", .dictionary([
                .init(id, .dictionary([.init("UIReferencedControllerIdentifier", .string(id)), .init("UIReferencedStoryboardName", .string("Home"))])),
            ])),
        ])
        try Data(BinaryPropertyListWriter().write(plist)).write(to: dir.appendingPathComponent("Info.plist"))
        let storyboard = try NibStoryboard(directory: dir.path, registry: NibClassRegistry())
        let error = #expect(throws: NibLoadingError.self) { try storyboard.instantiateController(identifier: id) }
        #expect(error?.description.contains("(a cycle)") == true, "\(String(describing: error))")
    }
}
