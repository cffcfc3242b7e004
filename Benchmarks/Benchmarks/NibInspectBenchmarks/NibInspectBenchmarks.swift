// Benchmarks of `nibc diff` (NibInspect's `NibDiff`): naming objects by their place in the tree,
// pairing array elements, flattening to leaves and matching them.
//
// Each iteration diffs a nib with a copy of itself whose connection list is reversed and whose object
// table is renumbered (equivalent for a loader, so every name, pairing and order leaf is worked out).
// The generated nibs grow by 4x steps so that time and allocations per object show whether the cost
// stays linear. CI gates on `mallocCountTotal` only (see check-thresholds.sh).

import Benchmark
import Foundation
import NibArchive
import NibInspect

/// The shared corpus: `$NIBC_SHARED_CORPUS`, else `../shared/corpus` next to the checkout.
func corpusDirectory() -> URL {
    if let env = ProcessInfo.processInfo.environment["NIBC_SHARED_CORPUS"], !env.isEmpty {
        return URL(fileURLWithPath: env)
    }
    let checkout = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
    return checkout.deletingLastPathComponent().appendingPathComponent("shared/corpus")
}

/// A pair to diff: the graph and its reordered copy.
struct Pair: @unchecked Sendable {
    let name: String
    let reference: NibGraph
    let other: NibGraph
}

/// `graph` with its connection lists reversed and its objects renumbered in reverse (root kept at 0).
func reordered(_ graph: NibGraph) -> NibGraph {
    var g = graph
    for object in graph.objects {
        for entry in object.entries where entry.key == "UINibConnectionsKey" || entry.key == "NSConnections" {
            guard let list = entry.value.objectIndex else { continue }
            let positions = g.objects[list].entries.indices.filter { g.objects[list].entries[$0].key == "UINibEncoderEmptyKey" }
            let values = positions.map { g.objects[list].entries[$0].value }
            for (p, v) in zip(positions, values.reversed()) { g.objects[list].entries[p].value = v }
        }
    }
    let n = g.objects.count
    func renumber(_ i: Int) -> Int { i == 0 ? 0 : n - i }
    g.layout = nil
    g.objects = (0..<n).map { new in
        var o = g.objects[renumber(new)]
        for k in o.entries.indices {
            switch o.entries[k].value {
            case .object(let i): o.entries[k].value = .object(renumber(i))
            case .conditionalObject(let i): o.entries[k].value = .conditionalObject(renumber(i))
            default: break
            }
        }
        return o
    }
    return g
}

/// The largest NIBArchive of the shared corpus.
let largestCorpusPair: Pair = {
    let root = corpusDirectory().appendingPathComponent("nib")
    guard let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isRegularFileKey]) else {
        fatalError("shared corpus not found at \(root.path) (set NIBC_SHARED_CORPUS)")
    }
    var best: (path: String, bytes: [UInt8])? = nil
    for case let url as URL in walker where url.pathExtension == "nib" {
        guard let data = FileManager.default.contents(atPath: url.path), data.starts(with: Data("NIBArchive".utf8)) else { continue }
        if data.count > best?.bytes.count ?? 0 || (data.count == best?.bytes.count && url.path < best!.path) { best = (url.path, [UInt8](data)) }
    }
    guard let best, let archive = try? NibArchive(bytes: best.bytes) else { fatalError("no NIBArchive under \(root.path)") }
    let graph = NibGraph(archive)
    FileHandle.standardError.write("largest corpus nib: \(best.path), \(best.bytes.count) bytes, \(graph.objects.count) objects\n".data(using: .utf8)!)
    return Pair(name: best.path, reference: graph, other: reordered(graph))
}()

/// A UIKit-shaped nib of about `objects` objects: a root view holding blocks of a container view, a
/// label with its text, a button, two constraints between them, and an outlet to the label; every view
/// is in the object list.
func generated(objects: Int) -> Pair {
    var g = NibGraph()
    func string(_ s: String) -> Int { g.add(NibObject(className: "NSString", entries: [NibEntry(key: "NS.bytes", value: .data(Array(s.utf8)))])) }
    func array(_ cls: String = "NSArray") -> Int { g.add(NibObject(className: cls, entries: [NibEntry(key: "NSInlinedValue", value: .bool(true))])) }
    let root = g.add(NibObject(className: "NSObject"))
    let topLevel = array(), objectList = array(), connections = array()
    g.objects[root].append("UINibTopLevelObjectsKey", .object(topLevel))
    g.objects[root].append("UINibObjectsKey", .object(objectList))
    g.objects[root].append("UINibConnectionsKey", .object(connections))
    let owner = g.add(NibObject(className: "UIProxyObject", entries: [NibEntry(key: "UIProxiedObjectIdentifier", value: .object(string("IBFilesOwner")))]))
    let rootView = g.add(NibObject(className: "UIView", entries: [NibEntry(key: "UIBounds", value: .data([7] + Array(repeating: 0, count: 32)))]))
    let blocks = array("NSMutableArray")
    g.objects[rootView].append("UISubviews", .object(blocks))
    for o in [owner, rootView] {
        g.objects[topLevel].append("UINibEncoderEmptyKey", .object(o))
        g.objects[objectList].append("UINibEncoderEmptyKey", .object(o))
    }
    var block = 0
    while g.objects.count + 11 <= objects {
        let container = g.add(NibObject(className: "UIView", entries: [NibEntry(key: "UITag", value: .int(Int64(block)))]))
        let subviews = array("NSMutableArray")
        let label = g.add(NibObject(className: "UILabel", entries: [
            NibEntry(key: "UIText", value: .object(string("Label \(block)"))),
            NibEntry(key: "UICenter", value: .data([7] + Array(repeating: UInt8(block & 255), count: 16))),
        ]))
        let button = g.add(NibObject(className: "UIButton", entries: [NibEntry(key: "UIEnabled", value: .bool(block % 2 == 0))]))
        let constraints = array("NSMutableArray")
        for (attribute, constant) in [(3, 8.0), (4, Double(block % 50))] {
            let c = g.add(NibObject(className: "NSLayoutConstraint", entries: [
                NibEntry(key: "NSFirstItem", value: .object(label)), NibEntry(key: "NSFirstAttribute", value: .int(Int64(attribute))),
                NibEntry(key: "NSSecondItem", value: .object(button)), NibEntry(key: "NSSecondAttribute", value: .int(Int64(attribute))),
                NibEntry(key: "NSConstant", value: .double(constant)),
            ]))
            g.objects[constraints].append("UINibEncoderEmptyKey", .object(c))
        }
        g.objects[subviews].append("UINibEncoderEmptyKey", .object(label))
        g.objects[subviews].append("UINibEncoderEmptyKey", .object(button))
        g.objects[container].append("UISubviews", .object(subviews))
        g.objects[container].append("UIViewAutolayoutConstraints", .object(constraints))
        g.objects[blocks].append("UINibEncoderEmptyKey", .object(container))
        let outlet = g.add(NibObject(className: "UIRuntimeOutletConnection", entries: [
            NibEntry(key: "UILabel", value: .object(string("label\(block)"))),
            NibEntry(key: "UISource", value: .object(owner)), NibEntry(key: "UIDestination", value: .object(label)),
        ]))
        g.objects[connections].append("UINibEncoderEmptyKey", .object(outlet))
        for o in [container, label, button] { g.objects[objectList].append("UINibEncoderEmptyKey", .object(o)) }
        block += 1
    }
    FileHandle.standardError.write("generated nib: \(g.objects.count) objects, \(block) blocks\n".data(using: .utf8)!)
    return Pair(name: "generated \(objects)", reference: g, other: reordered(g))
}

let generated4k = generated(objects: 4_096)
let generated16k = generated(objects: 16_384)
let generated64k = generated(objects: 65_536)

// MARK: - Benchmarks

let benchmarks: @Sendable () -> Void = {
    // Allocation counts are gated (check-thresholds.sh) with a 1 % tolerance: the dictionaries behind
    // the naming and the leaf matching grow with per-process hash seeds. Wall time is never gated.
    let gate: [BenchmarkMetric: BenchmarkThresholds] = [.mallocCountTotal: .init(relative: [.p90: 1.0])]
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .throughput, .mallocCountTotal],
        timeUnits: .milliseconds,
        warmupIterations: 1,
        maxDuration: .seconds(3),
        maxIterations: 20)

    for (name, pair) in [("DiffLargestCorpusNib", largestCorpusPair), ("DiffGenerated4k", generated4k),
                         ("DiffGenerated16k", generated16k), ("DiffGenerated64k", generated64k)] {
        Benchmark(name, configuration: .init(thresholds: gate, setup: { _ = pair })) { benchmark in
            for _ in benchmark.scaledIterations {
                let result = NibDiff.compare(pair.reference, pair.other, loose: true)
                precondition(result.isEquivalent, "\(pair.name): a reordered copy must be equivalent")
                blackHole(result.score)
            }
        }
    }
}
