import Foundation
import NibArchive
@_spi(Benchmarks) import NibRuntime
import NibTestSupport
import Testing

/// A registered class with no behaviour, to mix registered and generic objects in one graph.
final class PlainLabel: NibDecodable {
    let text: String?
    init(coder: NibCoder) throws { text = coder.decodeString(forKey: "text") }
}

/// Generic objects keep their values in the shared plan and their references in the instantiation's object
/// graph (one allocation per object): these tests pin what that storage must still give back.
@Suite struct GraphStorageTests {
    /// Owner and an external object; a top-level view `root` owning `a` and `b` (subviews) and a label;
    /// `a` owns `c`; back references (`UISuperview`), cross references (`peer`), a dictionary holding a
    /// reference, references to the placeholders, an outlet between generic objects and an action aimed at one.
    static func treeNib() -> [UInt8] {
        var nib = SyntheticNib()
        let owner = nib.proxy("IBFilesOwner")
        let model = nib.proxy("Model")
        let root = nib.object("UIView", [("name", .object(nib.string("root"))), ("UITag", .int(7)), ("UIAlpha", .float(0.5))])
        let a = nib.object("UIView", [("name", .object(nib.string("a"))), ("UISuperview", .object(root)), ("bytes", .data([1, 2, 3]))])
        let b = nib.object("UIButton", [("name", .object(nib.string("b"))), ("UISuperview", .object(root))])
        let c = nib.object("UIView", [("name", .object(nib.string("c"))), ("UISuperview", .object(a))])
        let label = nib.object("UILabel", [("text", .object(nib.string("label"))), ("UISuperview", .object(root))])
        let two = nib.object("NSNumber", [("NS.intval", .int(2))])
        nib.graph.objects[root].entries += [
            NibEntry(key: "UISubviews", value: .object(nib.array([a, b, label]))),
            NibEntry(key: "model", value: .object(model)),
            NibEntry(key: "delegate", value: .object(owner)),
        ]
        nib.graph.objects[a].entries += [
            NibEntry(key: "UISubviews", value: .object(nib.array([c]))),
            NibEntry(key: "peer", value: .object(b)),
            NibEntry(key: "map", value: .object(nib.array([nib.string("k"), b, nib.string("n"), two], className: "NSDictionary"))),
            NibEntry(key: "buddy", value: .object(label)),
        ]
        nib.graph.objects[b].entries.append(NibEntry(key: "peer", value: .object(a)))
        let connections = [nib.outlet(a, "sibling", b), nib.action(b, "tapped:", a)]
        return nib.bytes(topLevel: [owner, model, root], objects: [owner, model, root, a, b, c, label], connections: connections)
    }

    static func subviews(_ g: GenericNibObject) -> [GenericNibObject] {
        g.value(forKey: "UISubviews")?.elements?.compactMap { $0.object as? GenericNibObject } ?? []
    }

    @Test func valuesAndReferencesResolveToTheInstantiation() throws {
        let template = try NibTemplate(bytes: Self.treeNib(), registry: NibClassRegistry())
        let owner = RecordingOwner(), model = RecordingOwner()
        let top = try template.instantiate(owner: owner, externalObjects: ["Model": model])
        let root = try #require(top.first as? GenericNibObject)
        #expect(top.count == 1)
        #expect(root.keys == ["name", "UITag", "UIAlpha", "UISubviews", "model", "delegate"])
        #expect(root.values.count == root.keys.count)
        #expect(root.string(forKey: "name") == "root" && root.value(forKey: "UITag")?.int64 == 7)
        if case .float(let f)? = root.value(forKey: "UIAlpha") { #expect(f == 0.5) } else { Issue.record("UIAlpha") }
        // Owned children are strong values; placeholders are weak.
        guard case .array(let children)? = root.value(forKey: "UISubviews") else { Issue.record("UISubviews"); return }
        #expect(children.count == 3)
        for child in children { if case .object = child {} else { Issue.record("subview not strong: \(child)") } }
        let views = Self.subviews(root)
        let (a, b, label) = (views[0], views[1], views[2])
        #expect(views.map { $0.string(forKey: "name") ?? $0.string(forKey: "text") ?? "?" } == ["a", "b", "label"])
        if case .weakObject(let w)? = root.value(forKey: "delegate") { #expect(w.object === owner) } else { Issue.record("delegate") }
        if case .weakObject(let w)? = root.value(forKey: "model") { #expect(w.object === model) } else { Issue.record("model") }
        // Back and cross references are weak and point into the same graph.
        for v in views {
            if case .weakObject(let w)? = v.value(forKey: "UISuperview") { #expect(w.object === root) } else { Issue.record("superview") }
        }
        #expect(a.object(forKey: "peer") === b && b.object(forKey: "peer") === a)
        #expect(a.object(forKey: "buddy") === label)
        let c = try #require(Self.subviews(a).first)
        #expect(c.string(forKey: "name") == "c" && c.object(forKey: "UISuperview") === a)
        guard case .dictionary(let pairs)? = a.value(forKey: "map") else { Issue.record("map"); return }
        #expect(pairs.map { $0.key.string } == ["k", "n"])
        #expect(pairs[0].value.object === b && pairs[1].value.int64 == 2)
        if case .data(let d)? = a.value(forKey: "bytes") { #expect(Array(d) == [1, 2, 3]) } else { Issue.record("bytes") }
        // Data values are views into the template's archive: a second instantiation sees the same bytes, not a copy.
        let again = try #require(try template.instantiate(owner: owner, externalObjects: ["Model": model]).first as? GenericNibObject)
        if case .data(let d1)? = a.value(forKey: "bytes"), case .data(let d2)? = Self.subviews(again)[0].value(forKey: "bytes") {
            #expect(d1.withUnsafeBytes { $0.baseAddress } == d2.withUnsafeBytes { $0.baseAddress })
        } else { Issue.record("bytes of the second instantiation") }
        // Positional and keyed access agree.
        for g in [root, a, b, c, label] {
            let values = g.values
            for (i, key) in g.keys.enumerated() where g.keys.firstIndex(of: key) == i {
                #expect(g.value(forKey: key)?.description == values[i].description)
                #expect(g.values(forKey: key).count == 1)
            }
        }
        // Connections to generic objects.
        #expect(a.outlets["sibling"] === b && a.outletOrder == ["sibling"])
        #expect(b.actions.count == 1 && b.actions[0].target === a && b.actions[0].selector == "tapped:")
        // A second instantiation has its own objects.
        let second = try #require(try template.instantiate(owner: owner, externalObjects: ["Model": model]).first as? GenericNibObject)
        #expect(second !== root)
        let secondViews = Self.subviews(second)
        #expect(secondViews.count == 3 && secondViews.allSatisfy { s in !views.contains { $0 === s } })
        #expect(secondViews[0].object(forKey: "UISuperview") === second && secondViews[0].object(forKey: "peer") === secondViews[1])
    }

    @Test func aHeldObjectKeepsWhatItOwnsAndLosesWhatItDoesNot() throws {
        let template = try NibTemplate(bytes: Self.treeNib(), registry: NibClassRegistry())
        let owner = RecordingOwner(), model = RecordingOwner()
        let bag = WeakBag()
        var a: GenericNibObject?
        do {
            let top = try template.instantiate(owner: owner, externalObjects: ["Model": model])
            bag.add(reachableObjects(from: top).filter { $0 !== owner && $0 !== model })
            let root = try #require(top.first as? GenericNibObject)
            a = Self.subviews(root).first
        }
        do {
            let held = try #require(a)
            // The root, b and the label are gone; a and the view it owns (c) are alive.
            #expect(bag.alive == 2)
            #expect(held.object(forKey: "UISuperview") == nil)
            if case .weakObject(let w)? = held.value(forKey: "UISuperview") { #expect(w.object == nil) } else { Issue.record("superview") }
            #expect(held.object(forKey: "peer") == nil && held.object(forKey: "buddy") == nil)
            #expect(held.outlets["sibling"] == nil && held.outlets.isEmpty && held.outletOrder == ["sibling"])
            let c = try #require(Self.subviews(held).first)
            #expect(c.string(forKey: "name") == "c" && c.object(forKey: "UISuperview") === held)
            #expect(held.string(forKey: "name") == "a" && held.values.count == held.keys.count)
        }
        a = nil
        #expect(bag.alive == 0)
    }

    @Test func loaderOutletsHoldUnownedTargetsAndYieldToLaterOutlets() throws {
        var nib = SyntheticNib()
        let owner = nib.proxy("IBFilesOwner")
        let root = nib.object("UIView", [("name", .object(nib.string("root")))])
        // Only an outlet keeps `helper` alive: the loader holds it strongly; `root` itself is owned by the caller.
        let helper = nib.object("UIView", [("name", .object(nib.string("helper")))])
        let connections = [nib.outlet(root, "helper", helper), nib.outlet(root, "delegate", owner),
                           nib.outlet(root, "again", helper), nib.outlet(helper, "back", root)]
        let bytes = nib.bytes(topLevel: [owner, root], objects: [owner, root, helper], connections: connections)
        let template = try NibTemplate(bytes: bytes, registry: NibClassRegistry())
        let owner1 = RecordingOwner()
        let bag = WeakBag()
        do {
            let root = try #require(try template.instantiate(owner: owner1).first as? GenericNibObject)
            let h = try #require(root.outlets["helper"] as? GenericNibObject)
            bag.add([root, h])
            #expect(h.string(forKey: "name") == "helper" && root.outlets["again"] === h)
            #expect(root.outlets["delegate"] === owner1 && h.outlets["back"] === root)
            #expect(root.outletOrder == ["helper", "delegate", "again"] && root.connectionsAtAwake == 3)
            // An outlet set after loading replaces the loader's value in place.
            let other = RecordingOwner()
            try root.setOutlet("helper", to: other)
            try root.setOutlet("extra", to: nil)
            #expect(root.outlets["helper"] === other && root.outlets["again"] === h && root.outlets["extra"] == nil)
            #expect(root.outletOrder == ["helper", "delegate", "again", "extra"])
        }
        // The helper lived through root's outlet only; back outlets are weak, so both are freed.
        #expect(bag.alive == 0)
    }

    @Test func weakReferencesToRegisteredObjectsAndPlaceholders() throws {
        let registry = NibClassRegistry()
        registry.register(PlainLabel.self, as: "UILabel")
        let template = try NibTemplate(bytes: Self.treeNib(), registry: registry)
        var model: RecordingOwner? = RecordingOwner()
        let owner = RecordingOwner()
        var a: GenericNibObject?
        weak var label: PlainLabel?
        do {
            let top = try template.instantiate(owner: owner, externalObjects: ["Model": model!])
            let root = try #require(top.first as? GenericNibObject)
            let views = Self.subviews(root)
            #expect(views.count == 2)
            // The registered label is owned by the root's subviews (strong) and referenced weakly by a.
            let l = try #require(root.value(forKey: "UISubviews")?.elements?.compactMap { $0.object as? PlainLabel }.first)
            #expect(l.text == "label")
            label = l
            a = views.first
            #expect(a?.object(forKey: "buddy") === l)
            #expect(root.object(forKey: "model") === model)
        }
        let held = try #require(a)
        #expect(label == nil)
        #expect(held.object(forKey: "buddy") == nil)
        // Placeholders are held weakly by generic objects: a caller's external object is not kept alive.
        let second = try #require(try template.instantiate(owner: owner, externalObjects: ["Model": model!]).first as? GenericNibObject)
        model = nil
        #expect(second.object(forKey: "model") == nil)
    }

    /// Every generic object of every corpus nib: keys and values agree, and every referenced object belongs to
    /// the instantiation (created by it, or the owner / an external object).
    @Test(.needsCorpus) func everyCorpusReferenceStaysInsideItsInstantiation() throws {
        let nibs = try iosCorpusNibs() + SharedCorpus.files(under: "nib/appkit-samples", suffix: ".nib")
        var references = 0
        for nib in nibs {
            let template = try NibTemplate(contentsOf: nib.path, registry: NibClassRegistry())
            let owner = RecordingOwner(), app = RecordingOwner()
            let (top, created) = try template.instantiateReturningCreatedObjects(owner: owner, externalObjects: ["NSApplication": app])
            let allowed = Set((created + [owner, app]).map(ObjectIdentifier.init))
            func check(_ v: NibDecodedValue) {
                switch v {
                case .object(let o):
                    references += 1
                    #expect(allowed.contains(ObjectIdentifier(o)), "\(SharedCorpus.relative(nib))")
                case .weakObject(let w):
                    references += 1
                    // Nothing is freed while `created` holds every object.
                    #expect(w.object.map { allowed.contains(ObjectIdentifier($0)) } == true, "\(SharedCorpus.relative(nib))")
                case .array(let a), .set(let a): a.forEach(check)
                case .dictionary(let d): d.forEach { check($0.key); check($0.value) }
                default: break
                }
            }
            for case let g as GenericNibObject in created {
                let values = g.values
                #expect(values.count == g.keys.count)
                values.forEach(check)
            }
            _ = top
        }
        #expect(references > 1000)
    }
}

/// Outlets never close a retain cycle, even when no top-level object owns their objects: a controller that is
/// not top-level owns a child (through a value) whose outlet points back at it. Before, the outlet was strong
/// because nothing else kept the controller alive, and both leaked with every instantiation (found by the
/// nib-instantiate fuzz target on a corpus nib whose top-level key had been mutated: input 2, which fails
/// without the fix; input 3 leaked through outlet collections, which are now held by the same rule: that leak
/// shows only under the fuzz target's harness, where LeakSanitizer checks it when `Fuzz/ci.sh` replays the
/// regression inputs, and here it checks that everything is freed). Inputs 0 and 1 are small synthetic graphs of the same shape: everything is freed, and an
/// outlet to an object nothing else holds still keeps it alive while its source lives.
@Suite struct OutletCycleTests {
    static func cycleNib(extraOutlet: Bool) -> [UInt8] {
        var nib = SyntheticNib()
        let owner = nib.proxy("IBFilesOwner")
        let child = nib.object("UIStoryboardEmbedSegueTemplate")
        let controller = nib.object("UIViewController", [("UIStoryboardSegueTemplates", .object(nib.array([child])))])
        var connections = [nib.outlet(child, "viewController", controller), nib.outlet(owner, "sceneViewController", controller)]
        if extraOutlet {
            // A second unowned object: the controller's outlet makes it strong (nothing else holds it, no cycle).
            let helper = nib.object("NSObject")
            connections.append(nib.outlet(controller, "helper", helper))
        }
        // The controller is not in the top-level list: only the owner's outlet and its child's outlet reach it.
        return nib.bytes(topLevel: [owner], connections: connections)
    }

    /// The fuzz target's inputs themselves (DuckDuckGo nibs whose top-level key was mutated): an outlet back to
    /// a view controller, and `gestureRecognizers` collections whose recognizers point back at their views.
    static func fuzzInput(_ name: String) throws -> [UInt8] {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let path = root.appendingPathComponent("Fuzz/Regressions/nib-instantiate/\(name)").path
        return try #require(FileManager.default.contents(atPath: path).map { [UInt8]($0) })
    }

    /// An owner that accepts every connection and keeps nothing, as the fuzz target's.
    final class ForgetfulOwner: NibConnectable, NibAwaking {
        func setOutlet(_ name: String, to object: AnyObject?) throws {}
        func setOutletCollection(_ name: String, to objects: [AnyObject], appending: Bool) throws {}
        func addAction(target: AnyObject?, selector: String, events: UInt64) throws {}
        func setRuntimeAttribute(_ keyPath: String, to value: NibDecodedValue) throws {}
    }

    /// The fuzz target's inputs, instantiated as the fuzz target does (an owner that keeps nothing, every
    /// external object supplied, two instantiations): every object and the template are freed afterwards.
    /// Input 3 is a subview whose runtime attribute holds its superview (it failed before attribute values
    /// followed the outlet rule); input 4 a runtime attribute whose value is an array of views up the tree
    /// (it failed before objects inside attribute collections were held weakly).
    @Test(arguments: ["leak-outlet-cycle-no-top-level.nib", "leak-no-top-level-2.nib", "leak-runtime-attribute-cycle.nib",
                      "leak-attribute-array-cycle.nib"])
    func fuzzInputsAreFreedUnderTheFuzzHarness(_ name: String) throws {
        var weakObjects: [() -> AnyObject?] = []
        do {
            let template = try NibTemplate(bytes: try Self.fuzzInput(name), registry: NibClassRegistry())
            weakObjects.append({ [weak template] in template })
            var externals = [String: AnyObject]()
            for id in try template.externalObjectIdentifiers() where externals[id] == nil { externals[id] = ForgetfulOwner() }
            let owner = ForgetfulOwner()
            let (_, created) = try template.instantiateReturningCreatedObjects(owner: owner, externalObjects: externals)
            for object in created { weakObjects.append({ [weak object] in object }) }
            _ = try template.instantiate(owner: owner, externalObjects: externals)
        }
        let alive = weakObjects.compactMap { $0() }
        #expect(alive.isEmpty, "\(alive.count) objects still alive: \(alive.prefix(5))")
    }

    @Test(arguments: [0, 1, 2, 3])
    func everyCreatedObjectIsFreed(_ input: Int) throws {
        let extraOutlet = input == 1
        let bytes = switch input {
        case 2: try Self.fuzzInput("leak-outlet-cycle-no-top-level.nib")
        case 3: try Self.fuzzInput("leak-no-top-level-2.nib")
        default: Self.cycleNib(extraOutlet: extraOutlet)
        }
        var weakObjects: [() -> AnyObject?] = []
        do {
            let template = try NibTemplate(bytes: bytes, registry: NibClassRegistry())
            weakObjects.append({ [weak template] in template })
            // The owner records its outlets strongly (as a view controller's strong property would); it goes too.
            let owner = RecordingOwner()
            let (_, created) = try template.instantiateReturningCreatedObjects(owner: owner)
            if input < 2 { #expect(created.count == (extraOutlet ? 3 : 2)) }
            for object in created { weakObjects.append({ [weak object] in object }) }
            if extraOutlet {
                // The strong outlet keeps the helper alive as long as the controller lives.
                let controller = try #require(created.compactMap { $0 as? GenericNibObject }.first { $0.className == "UIViewController" })
                #expect(controller.outlets["helper"] != nil)
            }
        }
        #expect(weakObjects.allSatisfy { $0() == nil }, "objects still alive: \(weakObjects.compactMap { $0() })")
    }
}
