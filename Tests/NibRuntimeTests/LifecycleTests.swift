import Foundation
import NibArchive
import NibRuntime
import NibTestSupport
import Testing

/// Records the global order of init, connection and awake events.
final class EventLog: @unchecked Sendable {
    private let lock = NSLock()
    private var events: [String] = []
    func add(_ e: String) { lock.lock(); events.append(e); lock.unlock() }
    var all: [String] { lock.lock(); defer { lock.unlock() }; return events }
}

/// A view that logs its lifecycle into the log passed as the external object "log"... through a static per-test map.
final class LoggingView: NibDecodable, NibConnectable {
    let name: String
    let peer: AnyObject?
    var outlets: [String: AnyObject?] = [:]
    var actions: [(AnyObject?, String, UInt64)] = []
    var late: [String: AnyObject] = [:]
    var awakeCount = 0
    var connectionsAtAwake = -1
    init(coder: NibCoder) throws {
        name = coder.decodeString(forKey: "name") ?? "?"
        peer = coder.decodeObject(forKey: "peer")
    }
    func setOutlet(_ name: String, to object: AnyObject?) throws { outlets[name] = object }
    func addAction(target: AnyObject?, selector: String, events: UInt64) throws { actions.append((target, selector, events)) }
    func awakeFromNib() { awakeCount += 1; connectionsAtAwake = outlets.count + actions.count }
}

extension LoggingView: NibLateReferenceReceiving {
    func nibResolveLateReference(forKey key: String, to object: AnyObject) { late[key] = object }
}

@Suite struct LifecycleTests {
    /// Owner, First Responder, an external object, three top-level views (b, a, c order), connections among them.
    static func sampleNib() -> [UInt8] {
        var nib = SyntheticNib()
        let owner = nib.proxy("IBFilesOwner")
        let responder = nib.proxy("IBFirstResponder")
        let external = nib.proxy("SharedModel")
        let a = nib.object("UIView", [("name", .object(nib.string("a")))])
        let b = nib.object("UIView", [("name", .object(nib.string("b"))), ("peer", .object(a))])
        let c = nib.object("UIButton", [("name", .object(nib.string("c")))])
        // a -> b cycle through "peer"
        nib.graph.objects[a].entries.append(NibEntry(key: "peer", value: .object(b)))
        let connections = [
            nib.outlet(owner, "view", b),
            nib.outlet(b, "model", external),
            nib.outlet(a, "sibling", c),
            nib.action(c, "tapped:", owner, mask: 64),
            nib.action(c, "copy:", responder, mask: 4096),
        ]
        return nib.bytes(topLevel: [owner, responder, b, a, c, external], objects: [owner, responder, b, a, c, external], connections: connections)
    }

    @Test func genericGraphFollowsTheLoadingContract() throws {
        let template = try NibTemplate(bytes: Self.sampleNib(), registry: NibClassRegistry())
        let owner = RecordingOwner()
        let model = RecordingOwner()
        let top = try template.instantiate(owner: owner, externalObjects: ["SharedModel": model])
        // Top-level objects in document order, without placeholders (owner, First Responder, external).
        let names = top.compactMap { ($0 as? GenericNibObject)?.string(forKey: "name") }
        #expect(names == ["b", "a", "c"])
        let (b, a, c) = (top[0] as! GenericNibObject, top[1] as! GenericNibObject, top[2] as! GenericNibObject)
        // Cycle a <-> b resolved to the created instances.
        #expect(a.object(forKey: "peer") === b)
        #expect(b.object(forKey: "peer") === a)
        #expect(owner.outlets.count == 1 && owner.outlets[0].0 == "view" && owner.outlets[0].1 === b)
        #expect(b.outlets["model"] === model)
        #expect(a.outlets["sibling"] === c)
        #expect(c.actions.count == 2)
        #expect(c.actions[0].target === owner && c.actions[0].selector == "tapped:" && c.actions[0].events == 64)
        #expect(c.actions[1].target == nil && c.actions[1].events == 4096)
        // awakeFromNib after every connection; not sent to the owner or external object (iOS).
        for o in [a, b, c] { #expect(o.awakeFromNibCount == 1) }
        #expect(a.connectionsAtAwake == 1 && c.connectionsAtAwake == 2 && b.connectionsAtAwake == 1)
        #expect(owner.awakeCount == 0 && model.awakeCount == 0)
    }

    @Test func registeredClassesHandleCyclesThroughLateReferences() throws {
        let registry = NibClassRegistry()
        registry.register(LoggingView.self, as: "UIView", "UIButton")
        let template = try NibTemplate(bytes: Self.sampleNib(), registry: registry)
        let owner = RecordingOwner()
        let top = try template.instantiate(owner: owner, externalObjects: ["SharedModel": RecordingOwner()])
        let views = top.compactMap { $0 as? LoggingView }
        #expect(views.map(\.name) == ["b", "a", "c"])
        let (b, a) = (views[0], views[1])
        // b is created first (index order) and asks for a, which asks back for b: that reference arrives late.
        let direct = [a.peer === b, b.peer === a]
        #expect(direct.filter { $0 }.count == 1)
        #expect((a.peer ?? a.late["peer"]) === b)
        #expect((b.peer ?? b.late["peer"]) === a)
        for v in views { #expect(v.awakeCount == 1) }
        #expect(views[2].connectionsAtAwake == 2)
    }

    @Test(.needsCorpus) func everyInstantiationIsAFreshGraph() throws {
        let template = try NibTemplate(contentsOf: try corpusPath("nib/duckduckgo/NotificationView.nib"), registry: NibClassRegistry())
        let first = try template.instantiate()
        let second = try template.instantiate()
        #expect(first.count == 2 && second.count == 2)
        let ids1 = Set(reachableObjects(from: first).map(ObjectIdentifier.init))
        let ids2 = Set(reachableObjects(from: second).map(ObjectIdentifier.init))
        #expect(ids1.count > 10)
        #expect(ids1.isDisjoint(with: ids2))
        #expect(ids1.count == ids2.count)
        // The second view's dismiss button targets the second view of the same instantiation.
        for (view, objects) in [(first[1], first), (second[1], second)] {
            let targets = reachableObjects(from: objects).compactMap { $0 as? GenericNibObject }.flatMap(\.actions).map(\.target)
            #expect(targets.contains { $0 === view })
            #expect(targets.allSatisfy { t in objects.contains { $0 === t } })
        }
    }

    @Test(.needsCorpus) func cachedTemplateDoesNotReadTheFileAgainAndPurgeReloads() throws {
        let source = try corpusPath("nib/duckduckgo/NotificationView.nib")
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("nibruntime-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("NotificationView.nib").path
        try FileManager.default.copyItem(atPath: source, toPath: path)

        let template = try NibTemplate(contentsOf: path, registry: NibClassRegistry())
        #expect(template.fileReadCount == 1 && !template.hasCachedPlan)
        let count = try template.instantiate().count
        #expect(template.hasCachedPlan && template.planBuildCount == 1)
        // With the file gone, instantiation still works: no disk access after the first read.
        try FileManager.default.removeItem(atPath: path)
        for _ in 0..<5 { #expect(try template.instantiate().count == count) }
        #expect(template.fileReadCount == 1 && template.planBuildCount == 1)
        // Purged: the next instantiation must read the file again, which is now missing.
        template.purgeCache()
        #expect(!template.hasCachedPlan)
        #expect(throws: NibLoadingError.self) { try template.instantiate() }
        try FileManager.default.copyItem(atPath: source, toPath: path)
        #expect(try template.instantiate().count == count)
        #expect(template.fileReadCount == 2 && template.planBuildCount == 2)
    }

    @Test(.needsCorpus) func dataTemplateKeepsItsBytesAcrossPurge() throws {
        let bytes = try Array(Data(contentsOf: URL(fileURLWithPath: try corpusPath("nib/duckduckgo/FavoriteHomeCell.nib"))))
        let template = try NibTemplate(data: Data(bytes), registry: NibClassRegistry())
        let n = try template.instantiate().count
        template.purgeCache()
        #expect(try template.instantiate().count == n)
        #expect(template.fileReadCount == 0 && template.planBuildCount == 2)
        // Gzip-framed bytes are accepted too.
        let gz = try NibTemplate(bytes: Gzip.compress(bytes), registry: NibClassRegistry())
        #expect(try gz.instantiate().count == n)
    }

    @Test(.needsCorpus) func concurrentInstantiationBuildsOnePlan() throws {
        let registry = NibClassRegistry()
        registry.register(FavoriteCellStub.self, module: "DuckDuckGo", name: "FavoriteHomeCell")
        let template = try NibTemplate(contentsOf: try corpusPath("nib/duckduckgo/FavoriteHomeCell.nib"), registry: registry)
        let results = Mutex2<[Int]>([])
        DispatchQueue.concurrentPerform(iterations: 16) { _ in
            for _ in 0..<10 {
                let outlets = (try? template.instantiate().first as? FavoriteCellStub)?.outlets.count ?? -1
                results.mutate { $0.append(outlets) }
            }
        }
        let all = results.value
        #expect(all.count == 160)
        #expect(Set(all) == [FavoriteCellStub.knownOutlets.count])
        #expect(template.planBuildCount == 1 && template.fileReadCount == 1)
    }

    @Test(.needsCorpus) func appKitOwnerIsAwokenAndTopLevelObjectsAreRootChildren() throws {
        let path = try corpusPath("nib/appkit-samples/test5_connect.nib")
        let owner = RecordingOwner()
        let top = try NibTemplate(contentsOf: path, registry: NibClassRegistry()).instantiate(owner: owner)
        let classes = top.compactMap { ($0 as? GenericNibObject)?.className }
        #expect(classes == ["NSWindowTemplate"])
        #expect(owner.awakeCount == 1)
        let xib = try XibConnections(xibPath: String(path.dropLast(3)) + "xib")
        // Actions aimed at the owner: the image views target the owner with the XIB's selectors.
        let actions = reachableObjects(from: top).compactMap { $0 as? GenericNibObject }.flatMap(\.actions)
        #expect(actions.map(\.selector).sorted() == xib.actions.sorted())
        #expect(actions.allSatisfy { $0.target === owner })
        // The window's delegate outlet points at the owner.
        #expect(reachableObjects(from: top).compactMap { $0 as? GenericNibObject }.contains { $0.outlets["delegate"] === owner })
    }
}

/// A tiny lock-protected box for test bookkeeping.
final class Mutex2<T>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: T
    init(_ v: T) { stored = v }
    func mutate(_ body: (inout T) -> Void) { lock.lock(); body(&stored); lock.unlock() }
    var value: T { lock.lock(); defer { lock.unlock() }; return stored }
}

/// Weak handles on every object of a graph.
final class WeakBag {
    var refs: [() -> AnyObject?] = []
    func add(_ objects: [AnyObject]) { for o in objects { refs.append { [weak o] in o } } }
    var alive: Int { refs.filter { $0() != nil }.count }
}

@Suite struct MemoryTests {
    /// Drops the graph of every corpus nib and checks that every object it held is freed (no reference cycles).
    @Test(.needsCorpus) func everyCorpusGraphIsFreedWhenTheCallerDropsIt() throws {
        let nibs = try iosCorpusNibs() + SharedCorpus.files(under: "nib/appkit-samples", suffix: ".nib")
        #expect(nibs.count > 50)
        for nib in nibs {
            let template = try NibTemplate(contentsOf: nib.path, registry: NibClassRegistry())
            let bag = WeakBag()
            do {
                let owner = RecordingOwner()
                let top = try template.instantiate(owner: owner, externalObjects: ["NSApplication": RecordingOwner()])
                bag.add(reachableObjects(from: top, owner: owner).filter { $0 !== owner })
                #expect(bag.alive == bag.refs.count)
            }
            #expect(bag.alive == 0, "\(SharedCorpus.relative(nib)): \(bag.alive) of \(bag.refs.count) objects still alive")
        }
    }
}
