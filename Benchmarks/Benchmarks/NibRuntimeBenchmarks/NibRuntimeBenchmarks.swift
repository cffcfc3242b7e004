// Benchmarks of NibRuntime: instantiating from a cached NibTemplate versus reading the file and
// decoding it again on every instantiation (plain and gzip-framed), on a small cell nib, a typical
// window nib and a large generated one; plus two baselines on the typical nib's object graph,
// measured in the same run: building equivalent Swift objects directly (the practical floor) and
// unarchiving an equivalent acyclic graph with Foundation's NSKeyedUnarchiver (the portable baseline).
//
// Object counts (objects created per instantiation) are printed to stderr when the inputs are built,
// so that allocations per object = mallocCountTotal / objects. CI gates on mallocCountTotal only.

import Benchmark
import Foundation
import NibArchive
@_spi(Benchmarks) import NibRuntime

// MARK: - Inputs

/// The shared corpus: `$NIBC_SHARED_CORPUS`, else `../shared/corpus` next to the checkout.
func corpusDirectory() -> URL {
    if let env = ProcessInfo.processInfo.environment["NIBC_SHARED_CORPUS"], !env.isEmpty {
        return URL(fileURLWithPath: env)
    }
    // <checkout>/Benchmarks/Benchmarks/NibRuntimeBenchmarks/NibRuntimeBenchmarks.swift
    let checkout = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
    return checkout.deletingLastPathComponent().appendingPathComponent("shared/corpus")
}

func note(_ text: String) { FileHandle.standardError.write(Data((text + "\n").utf8)) }

/// An owner that accepts every connection and keeps none (the instantiation's cost only).
final class SinkOwner: NibConnectable, NibAwaking, @unchecked Sendable {
    func setOutlet(_ name: String, to object: AnyObject?) throws {}
    func setOutletCollection(_ name: String, to objects: [AnyObject], appending: Bool) throws {}
    func addAction(target: AnyObject?, selector: String, events: UInt64) throws {}
    func setRuntimeAttribute(_ keyPath: String, to value: NibDecodedValue) throws {}
}

let owner = SinkOwner()

/// One nib under test: a plain file and a gzip-framed copy (both in the temporary directory, written
/// once), and a cached template of each, already instantiated once (plan built).
struct RuntimeInput: @unchecked Sendable {
    let name: String
    let plainPath: String
    let gzipPath: String
    let plainBytes: Int
    let gzipBytes: Int
    let cached: NibTemplate
    let cachedGzip: NibTemplate
    let objectCount: Int
}

func makeInput(name: String, bytes: [UInt8]) -> RuntimeInput {
    let dir = FileManager.default.temporaryDirectory
    let plainPath = dir.appendingPathComponent("nibc-rt-bench-\(name).nib").path
    let gzipPath = dir.appendingPathComponent("nibc-rt-bench-\(name)-gzip.nib").path
    let gzip = Gzip.compress(bytes)
    FileManager.default.createFile(atPath: plainPath, contents: Data(bytes))
    FileManager.default.createFile(atPath: gzipPath, contents: Data(gzip))
    do {
        let cached = try NibTemplate(contentsOf: plainPath, registry: NibClassRegistry())
        let cachedGzip = try NibTemplate(contentsOf: gzipPath, registry: NibClassRegistry())
        let count = try cached.instantiateReturningCreatedObjects(owner: owner).created.count
        _ = try cachedGzip.instantiate(owner: owner)
        note("\(name): \(bytes.count) bytes plain, \(gzip.count) gzip, \(count) objects created per instantiation")
        return RuntimeInput(name: name, plainPath: plainPath, gzipPath: gzipPath, plainBytes: bytes.count,
                            gzipBytes: gzip.count, cached: cached, cachedGzip: cachedGzip, objectCount: count)
    } catch {
        fatalError("\(name): \(error)")
    }
}

func corpusBytes(_ relative: String) -> [UInt8] {
    let path = corpusDirectory().appendingPathComponent("nib").appendingPathComponent(relative).path
    guard let data = FileManager.default.contents(atPath: path) else {
        fatalError("shared corpus file not found at \(path) (set NIBC_SHARED_CORPUS)")
    }
    return [UInt8](data)
}

/// A small UIKit cell nib.
let smallInput = makeInput(name: "small", bytes: corpusBytes("duckduckgo/BrowsingMenuSeparatorViewCell.nib"))
/// A typical AppKit window nib (a chooser window: scroll views, tables, buttons, text fields; 336 archived objects).
let typicalInput = makeInput(name: "typical", bytes: corpusBytes("appkit-samples/HSChooserWindow.nib"))
/// A typical iOS view-controller nib (DuckDuckGo's browsing menu: a controller's view, stack view, buttons,
/// constraints; owner outlets).
let typicalIOSInput = makeInput(name: "typicalIOS", bytes: corpusBytes("duckduckgo/BrowsingMenuViewController.nib"))
/// A large generated UIKit nib: a root view with 100 container views of 30 labels each.
let largeInput = makeInput(name: "large", bytes: largeUIKitNib(containers: 100, labelsPerContainer: 30))

/// A UIKit-shaped NIBArchive: File's Owner and First Responder proxies, a root view whose subviews are
/// containers of labels (UIKit keys: superview back references, bounds/center as data, flags, alpha,
/// shared font and colors, unique texts), and a `view` outlet from the File's Owner.
func largeUIKitNib(containers: Int, labelsPerContainer: Int) -> [UInt8] {
    var graph = NibGraph()
    let root = graph.add(NibObject(className: "NSObject"))
    func string(_ s: String) -> Int {
        graph.add(NibObject(className: "NSString", entries: [NibEntry(key: "NS.bytes", value: .data(Array(s.utf8)))]))
    }
    func array(_ items: [Int]) -> Int {
        graph.add(NibObject(className: "NSArray", entries: [NibEntry(key: "NSInlinedValue", value: .bool(true))]
            + items.map { NibEntry(key: "UINibEncoderEmptyKey", value: .object($0)) }))
    }
    let fileOwner = graph.add(NibObject(className: "UIProxyObject", entries: [
        NibEntry(key: "UIProxiedObjectIdentifier", value: .object(string("IBFilesOwner")))]))
    let firstResponder = graph.add(NibObject(className: "UIProxyObject", entries: [
        NibEntry(key: "UIProxiedObjectIdentifier", value: .object(string("IBFirstResponder")))]))
    let font = graph.add(NibObject(className: "UIFont", entries: [
        NibEntry(key: "UIFontName", value: .object(string(".SFUI-Regular"))),
        NibEntry(key: "UIFontPointSize", value: .double(17)),
        NibEntry(key: "UIFontTraits", value: .int(0)),
        NibEntry(key: "UISystemFont", value: .bool(true)),
    ]))
    let textColor = graph.add(NibObject(className: "UIColor", entries: [
        NibEntry(key: "UIColorComponentCount", value: .int(2)),
        NibEntry(key: "UIWhite", value: .float(0)),
        NibEntry(key: "UIAlpha", value: .float(1)),
        NibEntry(key: "NSWhite", value: .data(Array("0\0".utf8))),
        NibEntry(key: "NSColorSpace", value: .int(3)),
    ]))
    let background = graph.add(NibObject(className: "UIColor", entries: [
        NibEntry(key: "UISystemColorName", value: .object(string("systemBackgroundColor"))),
        NibEntry(key: "UIColorComponentCount", value: .int(4)),
    ]))
    let rootView = graph.add(NibObject(className: "UIView"))
    var everything = [fileOwner, firstResponder, rootView, font, textColor, background]
    var containerViews = [Int]()
    var serial = 0
    for c in 0..<containers {
        let container = graph.add(NibObject(className: "UIView", entries: [
            NibEntry(key: "UISuperview", value: .object(rootView)),
            NibEntry(key: "UIBounds", value: .data(Array("{{0, 0}, {375, \(30 * labelsPerContainer)}}".utf8))),
            NibEntry(key: "UICenter", value: .data(Array("{187.5, \(c * 900 + 450)}".utf8))),
            NibEntry(key: "UIAutoresizingMask", value: .int(18)),
            NibEntry(key: "UIAutoresizeSubviews", value: .bool(true)),
            NibEntry(key: "UIBackgroundColor", value: .object(background)),
            NibEntry(key: "UIOpaque", value: .bool(true)),
            NibEntry(key: "UIClearsContextBeforeDrawing", value: .bool(false)),
        ]))
        containerViews.append(container)
        everything.append(container)
        var labels = [Int]()
        for l in 0..<labelsPerContainer {
            serial += 1
            let label = graph.add(NibObject(className: "UILabel", entries: [
                NibEntry(key: "UISuperview", value: .object(container)),
                NibEntry(key: "UIBounds", value: .data(Array("{{0, 0}, {\(200 + serial % 100), 21}}".utf8))),
                NibEntry(key: "UICenter", value: .data(Array("{\(120 + serial % 50).5, \(l * 30 + 15)}".utf8))),
                NibEntry(key: "UIAutoresizingMask", value: .int(Int64(serial % 64))),
                NibEntry(key: "UIUserInteractionDisabled", value: .bool(true)),
                NibEntry(key: "UIOpaque", value: .bool(false)),
                NibEntry(key: "UITag", value: .int(Int64(serial))),
                NibEntry(key: "UIAlpha", value: .float(serial % 7 == 0 ? 0.5 : 1)),
                NibEntry(key: "UIText", value: .object(string("Label \(serial) in container \(c)"))),
                NibEntry(key: "UIFont", value: .object(font)),
                NibEntry(key: "UITextColor", value: .object(textColor)),
                NibEntry(key: "UINumberOfLines", value: .int(1)),
                NibEntry(key: "UIBaselineAdjustment", value: .int(0)),
                NibEntry(key: "UIAdjustsFontSizeToFit", value: .bool(false)),
                NibEntry(key: "UIMinimumScaleFactor", value: .double(0.5)),
            ]))
            labels.append(label)
            everything.append(label)
        }
        graph.objects[container].append("UISubviews", .object(array(labels)))
    }
    graph.objects[rootView].append("UISubviews", .object(array(containerViews)))
    graph.objects[rootView].append("UIBounds", .data(Array("{{0, 0}, {375, 667}}".utf8)))
    graph.objects[rootView].append("UIBackgroundColor", .object(background))
    let outlet = graph.add(NibObject(className: "UIRuntimeOutletConnection", entries: [
        NibEntry(key: "UILabel", value: .object(string("view"))),
        NibEntry(key: "UISource", value: .object(fileOwner)),
        NibEntry(key: "UIDestination", value: .object(rootView)),
    ]))
    graph.objects[root].append("UINibTopLevelObjectsKey", .object(array([fileOwner, firstResponder, rootView])))
    graph.objects[root].append("UINibObjectsKey", .object(array(everything)))
    graph.objects[root].append("UINibConnectionsKey", .object(array([outlet])))
    graph.objects[root].append("UINibVisibleWindowsKey", .object(array([])))
    var options = NibArchiveWriter.Options()
    options.objectOrder = .asGiven
    return NibArchiveWriter(options: options).write(graph)
}

// MARK: - The typical nib's graph, for the baselines

/// One value of an instantiated generic object, with objects as indices into `GraphShape.objects`.
indirect enum ShapeValue {
    case int(Int64), bool(Bool), float(Float), double(Double), data([UInt8]), string(String), null
    case strong(Int), weak(Int)
    case array([ShapeValue]), set([ShapeValue]), dictionary([ShapeValue])
}

/// The objects an instantiation created (every `GenericNibObject` it created, reachable from the top-level
/// objects or not, plus any reachable through values and outlets), and their values.
struct GraphShape {
    var objects: [(className: String, values: [ShapeValue])] = []
    var roots: [Int] = []

    init(roots: [AnyObject], created: [AnyObject], owner: AnyObject) {
        var index = [ObjectIdentifier: Int]()
        var generic = [GenericNibObject]()
        var stack = roots.compactMap { $0 as? GenericNibObject }
        // Every created object first, in plan order, so that unreachable ones are built too.
        for case let g as GenericNibObject in created where index[ObjectIdentifier(g)] == nil {
            index[ObjectIdentifier(g)] = generic.count
            generic.append(g)
        }
        func push(_ v: NibDecodedValue) {
            switch v {
            case .object(let o): if let g = o as? GenericNibObject { stack.append(g) }
            case .weakObject(let w): if let g = w.object as? GenericNibObject { stack.append(g) }
            case .array(let a), .set(let a): a.forEach(push)
            case .dictionary(let d): d.forEach { push($0.key); push($0.value) }
            default: break
            }
        }
        for g in generic {
            g.values.forEach(push)
            stack.append(contentsOf: g.outlets.values.compactMap { $0 as? GenericNibObject })
        }
        while let g = stack.popLast() {
            guard index[ObjectIdentifier(g)] == nil else { continue }
            index[ObjectIdentifier(g)] = generic.count
            generic.append(g)
            g.values.forEach(push)
            stack.append(contentsOf: g.outlets.values.compactMap { $0 as? GenericNibObject })
        }
        func shape(_ v: NibDecodedValue) -> ShapeValue {
            switch v {
            case .int(let i): return .int(i)
            case .bool(let b): return .bool(b)
            case .float(let f): return .float(f)
            case .double(let d): return .double(d)
            case .data(let d): return .data(Array(d))
            case .string(let s): return .string(s)
            case .number(let n): return .double(n.doubleValue)
            case .array(let a): return .array(a.map(shape))
            case .set(let a): return .set(a.map(shape))
            case .dictionary(let d): return .dictionary(d.flatMap { [shape($0.key), shape($0.value)] })
            case .object(let o): return index[ObjectIdentifier(o)].map { .strong($0) } ?? .null
            case .weakObject(let w): return w.object.flatMap { index[ObjectIdentifier($0)] }.map { .weak($0) } ?? .null
            case .nib, .null: return .null
            }
        }
        objects = generic.map { ($0.className, $0.values.map(shape)) }
        self.roots = roots.compactMap { index[ObjectIdentifier($0)] }
    }
}

/// The same objects the cached instantiation creates (counted from the plan's instantiation, not hard-coded),
/// each with the same values and references.
let typicalShape: GraphShape = {
    let (top, created) = try! typicalInput.cached.instantiateReturningCreatedObjects(owner: owner)
    let shape = GraphShape(roots: top, created: created, owner: owner)
    precondition(shape.objects.count >= created.count, "baseline builds fewer objects than the instantiation creates")
    func refs(_ v: ShapeValue) -> Int {
        switch v {
        case .strong, .weak: return 1
        case .array(let a), .set(let a), .dictionary(let a): return a.reduce(0) { $0 + refs($1) }
        default: return 0
        }
    }
    let values = shape.objects.reduce(0) { $0 + $1.values.count }
    let references = shape.objects.reduce(0) { $0 + $1.values.reduce(0) { $0 + refs($1) } }
    note("typical: \(shape.objects.count) objects (\(created.count) created by the instantiation), \(values) values, \(references) references")
    return shape
}()

// MARK: Direct Swift construction (the floor)

struct DirectWeak { weak var object: DirectObject? }

enum DirectValue {
    case int(Int64), bool(Bool), float(Float), double(Double), data([UInt8]), string(String), null
    case object(DirectObject), weakObject(DirectWeak)
    case array([DirectValue]), set([DirectValue]), dictionary([DirectValue])
}

/// What a hand-written construction of the same graph allocates: one object per created object, its
/// value array, and the same strong and weak references.
final class DirectObject {
    let className: String
    var values: [DirectValue] = []
    init(className: String) { self.className = className }
}

@inline(never)
func buildDirectly(_ shape: GraphShape) -> [DirectObject] {
    var objects = [DirectObject]()
    objects.reserveCapacity(shape.objects.count)
    for o in shape.objects { objects.append(DirectObject(className: o.className)) }
    func value(_ v: ShapeValue) -> DirectValue {
        switch v {
        case .int(let i): return .int(i)
        case .bool(let b): return .bool(b)
        case .float(let f): return .float(f)
        case .double(let d): return .double(d)
        case .data(let d): return .data(d)
        case .string(let s): return .string(s)
        case .null: return .null
        case .strong(let i): return .object(objects[i])
        case .weak(let i): return .weakObject(DirectWeak(object: objects[i]))
        case .array(let a): return .array(a.map(value))
        case .set(let a): return .set(a.map(value))
        case .dictionary(let a): return .dictionary(a.map(value))
        }
    }
    for (i, o) in shape.objects.enumerated() {
        var values = [DirectValue]()
        values.reserveCapacity(o.values.count)
        for v in o.values { values.append(value(v)) }
        objects[i].values = values
    }
    return shape.roots.map { objects[$0] }
}

// MARK: NSKeyedArchiver / NSKeyedUnarchiver (the portable baseline)

/// A node of the same graph made acyclic (swift-corelibs-foundation's unarchiver overflows the stack on
/// back references): every object once, under the first object that holds it strongly; scalars, strings
/// and data as keyed values; weak references and references already placed are dropped.
final class KeyedNode: NSObject, NSCoding {
    var className: String
    /// One character per value: i(nt) d(ouble) f(loat) b(ool) s(tring) x (data).
    var types: String
    var ints: [Int: Int64] = [:]
    var doubles: [Int: Double] = [:]
    var strings: [Int: String] = [:]
    var datas: [Int: Data] = [:]
    var children: [KeyedNode] = []

    static let keys = (0..<512).map { "v\($0)" }

    init(className: String, types: String) {
        self.className = className
        self.types = types
    }

    func encode(with coder: NSCoder) {
        coder.encode(className as NSString, forKey: "class")
        coder.encode(types as NSString, forKey: "types")
        for (i, t) in types.utf8.enumerated() {
            let key = Self.keys[i]
            switch t {
            case UInt8(ascii: "i"): coder.encode(ints[i]!, forKey: key)
            case UInt8(ascii: "d"): coder.encode(doubles[i]!, forKey: key)
            case UInt8(ascii: "f"): coder.encode(Float(doubles[i]!), forKey: key)
            case UInt8(ascii: "b"): coder.encode(ints[i]! != 0, forKey: key)
            case UInt8(ascii: "s"): coder.encode(strings[i]! as NSString, forKey: key)
            default: coder.encode(datas[i]! as NSData, forKey: key)
            }
        }
        coder.encode(children as NSArray, forKey: "children")
    }

    required init?(coder: NSCoder) {
        guard let c = coder.decodeObject(forKey: "class") as? String,
              let t = coder.decodeObject(forKey: "types") as? String else { return nil }
        className = c
        types = t
        super.init()
        for (i, t) in t.utf8.enumerated() {
            let key = Self.keys[i]
            switch t {
            case UInt8(ascii: "i"): ints[i] = coder.decodeInt64(forKey: key)
            case UInt8(ascii: "d"): doubles[i] = coder.decodeDouble(forKey: key)
            case UInt8(ascii: "f"): doubles[i] = Double(coder.decodeFloat(forKey: key))
            case UInt8(ascii: "b"): ints[i] = coder.decodeBool(forKey: key) ? 1 : 0
            case UInt8(ascii: "s"): strings[i] = coder.decodeObject(forKey: key) as? String
            default: datas[i] = coder.decodeObject(forKey: key) as? Data
            }
        }
        children = coder.decodeObject(forKey: "children") as? [KeyedNode] ?? []
    }
}

/// The typical graph as a tree of `KeyedNode`s under one extra root node, and its keyed archive.
let keyedArchive: (data: Data, objects: Int) = {
    let shape = typicalShape
    var nodes = [KeyedNode]()
    for o in shape.objects {
        var types = ""
        let node = KeyedNode(className: o.className, types: "")
        func add(_ v: ShapeValue) {
            let i = types.utf8.count
            guard i < KeyedNode.keys.count else { return }
            switch v {
            case .int(let x): types += "i"; node.ints[i] = x
            case .bool(let b): types += "b"; node.ints[i] = b ? 1 : 0
            case .float(let f): types += "f"; node.doubles[i] = Double(f)
            case .double(let d): types += "d"; node.doubles[i] = d
            case .string(let s): types += "s"; node.strings[i] = s
            case .data(let d): types += "x"; node.datas[i] = Data(d)
            case .array(let a), .set(let a), .dictionary(let a): a.forEach(add)
            case .null, .strong, .weak: break
            }
        }
        o.values.forEach(add)
        node.types = types
        nodes.append(node)
    }
    var placed = Array(repeating: false, count: nodes.count)
    let top = KeyedNode(className: "Root", types: "")
    var queue = [(parent: top, index: -1)]
    for r in shape.roots where !placed[r] {
        placed[r] = true
        top.children.append(nodes[r])
        queue.append((nodes[r], r))
    }
    func strongChildren(_ v: ShapeValue, into out: inout [Int]) {
        switch v {
        case .strong(let j): out.append(j)
        case .array(let a), .set(let a), .dictionary(let a): for e in a { strongChildren(e, into: &out) }
        default: break
        }
    }
    var head = 0
    while true {
        while head < queue.count {
            let (node, i) = queue[head]
            head += 1
            guard i >= 0 else { continue }
            var out = [Int]()
            for v in shape.objects[i].values { strongChildren(v, into: &out) }
            for j in out where !placed[j] {
                placed[j] = true
                node.children.append(nodes[j])
                queue.append((nodes[j], j))
            }
        }
        // Objects held only weakly or through outlets hang from the root.
        guard let j = placed.firstIndex(of: false) else { break }
        placed[j] = true
        top.children.append(nodes[j])
        queue.append((nodes[j], j))
    }
    let archiver = NSKeyedArchiver(requiringSecureCoding: false)
    archiver.setClassName("KeyedNode", for: KeyedNode.self)
    archiver.encode(top, forKey: NSKeyedArchiveRootObjectKey)
    archiver.finishEncoding()
    let data = archiver.encodedData
    let check = unarchive(data)
    func count(_ n: KeyedNode) -> Int { 1 + n.children.reduce(0) { $0 + count($1) } }
    precondition(count(check) == nodes.count + 1, "keyed archive round trip lost objects")
    note("keyed archive: \(data.count) bytes, \(nodes.count) objects + 1 root node")
    return (data, nodes.count + 1)
}()

@inline(never)
func unarchive(_ data: Data) -> KeyedNode {
    do {
        let unarchiver = try NSKeyedUnarchiver(forReadingFrom: data)
        unarchiver.requiresSecureCoding = false
        unarchiver.setClass(KeyedNode.self, forClassName: "KeyedNode")
        defer { unarchiver.finishDecoding() }
        guard let root = unarchiver.decodeObject(forKey: NSKeyedArchiveRootObjectKey) as? KeyedNode else {
            fatalError("keyed archive did not decode")
        }
        return root
    } catch {
        fatalError("\(error)")
    }
}

// MARK: - Work

@inline(never)
func instantiateCached(_ template: NibTemplate) -> Int {
    do { return try template.instantiate(owner: owner).count } catch { fatalError("\(error)") }
}

/// Instantiates (through the benchmark hook that also returns every created object: one more array) and reads
/// the values of every created generic object once.
@inline(never)
func instantiateReadingValues(_ template: NibTemplate) -> Int {
    do {
        let (top, created) = try template.instantiateReturningCreatedObjects(owner: owner)
        var count = top.count
        for case let g as GenericNibObject in created { count += g.values.count }
        return count
    } catch {
        fatalError("\(error)")
    }
}

/// Reads the file, verifies and decodes it, builds the plan and instantiates: what a loader without a
/// cache does for every instantiation.
@inline(never)
func instantiateFromDisk(_ path: String) -> Int {
    do {
        return try NibTemplate(contentsOf: path, registry: NibClassRegistry()).instantiate(owner: owner).count
    } catch {
        fatalError("\(error)")
    }
}

// MARK: - Benchmarks

let benchmarks: @Sendable () -> Void = {
    // Allocation counts are deterministic unless noted; only mallocCountTotal is gated.
    let gate: [BenchmarkMetric: BenchmarkThresholds] = [
        .mallocCountTotal: .init(absolute: [.p90: 0]),
    ]
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .throughput, .mallocCountTotal],
        timeUnits: .microseconds,
        warmupIterations: 3,
        maxDuration: .seconds(2),
        maxIterations: 2_000,
        thresholds: gate)

    // Reading from disk goes through Foundation (FileManager, file handles) and builds dictionaries whose
    // growth depends on malloc_usable_size: counts vary by a few allocations between runs (small 483-489,
    // typical 1,905-1,914 seen). Tolerate that (16, or 64 for the large nib), far below one per object.
    let diskGate: (RuntimeInput) -> [BenchmarkMetric: BenchmarkThresholds] = { input in
        [.mallocCountTotal: .init(absolute: [.p90: input.name == "large" ? 64 : 16])]
    }
    for (input, iterations) in [(smallInput, 2_000), (typicalInput, 1_000), (typicalIOSInput, 2_000), (largeInput, 60)] {
        let label = input.name.prefix(1).uppercased() + input.name.dropFirst()
        Benchmark("Instantiate\(label)Cached",
                  configuration: .init(maxIterations: iterations, setup: { _ = input })) { benchmark in
            for _ in benchmark.scaledIterations { blackHole(instantiateCached(input.cached)) }
        }
        Benchmark("Instantiate\(label)CachedGzip",
                  configuration: .init(maxIterations: iterations, setup: { _ = input })) { benchmark in
            for _ in benchmark.scaledIterations { blackHole(instantiateCached(input.cachedGzip)) }
        }
        Benchmark("Instantiate\(label)Disk",
                  configuration: .init(maxIterations: iterations / 4, thresholds: diskGate(input),
                                       setup: { _ = input })) { benchmark in
            for _ in benchmark.scaledIterations { blackHole(instantiateFromDisk(input.plainPath)) }
        }
        Benchmark("Instantiate\(label)DiskGzip",
                  configuration: .init(maxIterations: iterations / 4, thresholds: diskGate(input),
                                       setup: { _ = input })) { benchmark in
            for _ in benchmark.scaledIterations { blackHole(instantiateFromDisk(input.gzipPath)) }
        }
    }

    // Generic objects build their value arrays when read, not when instantiated: instantiating and then reading
    // every created object's values once shows what a caller that consumes all values pays.
    Benchmark("InstantiateTypicalCachedReadValues",
              configuration: .init(maxIterations: 1_000, setup: { _ = typicalInput })) { benchmark in
        for _ in benchmark.scaledIterations { blackHole(instantiateReadingValues(typicalInput.cached)) }
    }

    // Baselines on the typical nib's graph.
    Benchmark("TypicalDirectSwift",
              configuration: .init(maxIterations: 1_000, setup: { _ = typicalShape })) { benchmark in
        let shape = typicalShape
        for _ in benchmark.scaledIterations { blackHole(buildDirectly(shape).count) }
    }
    // Foundation's unarchiver varies by a few allocations between runs (2,680-2,684 seen): tolerate 16.
    Benchmark("TypicalKeyedUnarchive",
              configuration: .init(maxIterations: 200,
                                   thresholds: [.mallocCountTotal: .init(absolute: [.p90: 16])],
                                   setup: { _ = keyedArchive })) { benchmark in
        let data = keyedArchive.data
        for _ in benchmark.scaledIterations { blackHole(unarchive(data).children.count) }
    }
}
