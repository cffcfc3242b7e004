// Benchmarks of the NibArchive reader and writer.
//
// Every input is loaded into memory once, before any measurement. Byte counts per iteration are
// printed to stderr when the inputs are built, so that MB/s = throughput (iterations/s) × bytes.
// Each decode benchmark has a memcpy twin over the same bytes, measured in the same run, as the
// ratio baseline. CI gates on `mallocCountTotal` only (see check-thresholds.sh).

import Benchmark
import Foundation
import NibArchive

// MARK: - Inputs

/// One in-memory NIBArchive file.
struct Input: @unchecked Sendable {
    let path: String
    let bytes: [UInt8]
}

/// The shared corpus: `$NIBC_SHARED_CORPUS`, else `../shared/corpus` next to the checkout.
func corpusDirectory() -> URL {
    if let env = ProcessInfo.processInfo.environment["NIBC_SHARED_CORPUS"], !env.isEmpty {
        return URL(fileURLWithPath: env)
    }
    // <checkout>/Benchmarks/Benchmarks/NibArchiveBenchmarks/NibArchiveBenchmarks.swift
    let checkout = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
    return checkout.deletingLastPathComponent().appendingPathComponent("shared/corpus")
}

/// Every regular `*.nib` file under the corpus that is a NIBArchive (binary-plist nibs are skipped),
/// including the ones nested in `.nib` and `.storyboardc` bundles; sorted by path.
let corpus: [Input] = {
    let root = corpusDirectory().appendingPathComponent("nib")
    guard let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isRegularFileKey]) else {
        fatalError("shared corpus not found at \(root.path) (set NIBC_SHARED_CORPUS)")
    }
    let magic = Array("NIBArchive".utf8)
    var inputs: [Input] = []
    var skipped = 0
    for case let url as URL in walker where url.pathExtension == "nib" {
        guard (try? url.resourceValues(forKeys: [.isRegularFileKey]))?.isRegularFile == true,
              let data = FileManager.default.contents(atPath: url.path) else { continue }
        let bytes = [UInt8](data)
        if bytes.count >= 50 && Array(bytes[0..<10]) == magic {
            inputs.append(Input(path: url.path, bytes: bytes))
        } else {
            skipped += 1
        }
    }
    inputs.sort { $0.path < $1.path }
    guard !inputs.isEmpty else { fatalError("no NIBArchive files under \(root.path)") }
    let total = inputs.reduce(0) { $0 + $1.bytes.count }
    FileHandle.standardError.write(
        "corpus: \(inputs.count) NIBArchive files, \(total) bytes per iteration (\(skipped) other .nib files skipped)\n"
            .data(using: .utf8)!)
    return inputs
}()

let corpusByteCount = corpus.reduce(0) { $0 + $1.bytes.count }

/// A small corpus archive for the header-open benchmark (the median-sized one).
let smallInput: Input = corpus.sorted { $0.bytes.count < $1.bytes.count }[corpus.count / 2]

/// A generated archive of realistic shape, about 40 MB: windows whose content views hold views of
/// eight classes with 15 values each (frames and identifiers as data, flags, floats, doubles,
/// booleans, nil, references to unique NSString objects and shared fonts and colors).
let largeInput: Input = {
    var graph = NibGraph()
    let root = graph.add(NibObject(className: "NSObject"))
    let topLevel = graph.add(NibObject(className: "NSArray"))
    graph.objects[root].append("IBDocument.RootObjects", .object(topLevel))
    let font = graph.add(NibObject(className: "NSFont", entries: [
        NibEntry(key: "NSName", value: .data(Array("HelveticaNeue".utf8))),
        NibEntry(key: "NSSize", value: .double(13)),
        NibEntry(key: "NSfFlags", value: .int(16)),
    ]))
    let color = graph.add(NibObject(className: "NSColor", entries: [
        NibEntry(key: "NSColorSpace", value: .int(6)),
        NibEntry(key: "NSCatalogName", value: .data(Array("System".utf8))),
        NibEntry(key: "NSColorName", value: .data(Array("controlTextColor".utf8))),
    ]))
    graph.objects[root].append("IBDocument.Font", .object(font))
    graph.objects[root].append("IBDocument.Color", .object(color))
    let classes = ["NSButton", "NSTextField", "NSImageView", "NSPopUpButton",
                   "NSSlider", "NSBox", "NSScrollView", "NSTableView"]
    let windows = 6_000
    let viewsPerWindow = 40
    var serial = 0
    for w in 0..<windows {
        let content = graph.add(NibObject(className: "NSView"))
        let subviews = graph.add(NibObject(className: "NSMutableArray"))
        graph.objects[topLevel].append("UINibEncoderEmptyKey", .object(content))
        graph.objects[content].append("NSSubviews", .object(subviews))
        graph.objects[content].append("NSFrameSize", .data(Array("{480, \(270 + w % 90)}".utf8)))
        graph.objects[content].append("NSvFlags", .int(274))
        var previous = content
        for v in 0..<viewsPerWindow {
            serial += 1
            let title = graph.add(NibObject(className: "NSString", entries: [
                NibEntry(key: "NS.bytes", value: .data(Array("Label \(serial) of window \(w)".utf8))),
            ]))
            let view = graph.add(NibObject(className: classes[serial % classes.count], entries: [
                NibEntry(key: "NSSuperview", value: .object(content)),
                NibEntry(key: "NSFrame", value: .data(Array("{{\(20 + v % 7 * 60), \(12 + v * 24)}, {\(96 + serial % 50), 21}}".utf8))),
                NibEntry(key: "NSvFlags", value: .int(Int64(256 + serial % 40))),
                NibEntry(key: "NSEnabled", value: .bool(serial % 5 != 0)),
                NibEntry(key: "NSTag", value: .int(Int64(v))),
                NibEntry(key: "NSAlphaValue", value: .float(Float(serial % 10) / 10)),
                NibEntry(key: "NSContents", value: .object(title)),
                NibEntry(key: "NSFont", value: .object(font)),
                NibEntry(key: "NSTextColor", value: serial % 3 == 0 ? .null : .object(color)),
                NibEntry(key: "NSControlSize", value: .int(Int64(serial % 3))),
                NibEntry(key: "NSIdentifier", value: .data(Array("view-\(serial)".utf8))),
                NibEntry(key: "NSDoubleValue", value: .double(Double(serial) * 0.25)),
                NibEntry(key: "NSNextKeyView", value: .object(previous)),
                NibEntry(key: "NSAutoresizingMask", value: .int(Int64(serial % 64 * 1000))),
                NibEntry(key: "NSAccessibilityHash", value: .int(Int64(serial) &* 2_654_435_761)),
            ]))
            graph.objects[subviews].append("UINibEncoderEmptyKey", .object(view))
            previous = view
        }
    }
    var options = NibArchiveWriter.Options()
    options.objectOrder = .asGiven
    options.internStringsAndNumbers = false
    let bytes = NibArchiveWriter(options: options).write(graph)
    FileHandle.standardError.write(
        "large: \(graph.objects.count) objects, \(bytes.count) bytes per iteration\n".data(using: .utf8)!)
    return Input(path: "<generated>", bytes: bytes)
}()

/// The inputs written to temporary files (fixed names, overwritten by each run), for the mapped
/// header-open benchmarks.
func temporaryFile(for input: Input, name: String) -> String {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("nibc-bench-\(name).nib").path
    FileManager.default.createFile(atPath: path, contents: Data(input.bytes))
    return path
}

let smallFile = temporaryFile(for: smallInput, name: "small")
let largeFile = temporaryFile(for: largeInput, name: "large")

/// Scratch destinations for the memcpy baselines, allocated and faulted in once.
nonisolated(unsafe) let corpusScratch: UnsafeMutableRawPointer = {
    let size = corpus.map(\.bytes.count).max()!
    let p = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 64)
    memset(p, 0, size)
    return p
}()
nonisolated(unsafe) let largeScratch: UnsafeMutableRawPointer = {
    let p = UnsafeMutableRawPointer.allocate(byteCount: largeInput.bytes.count, alignment: 64)
    memset(p, 0, largeInput.bytes.count)
    return p
}()

/// Verified corpus archives and their graphs, for the secondary benchmarks.
let corpusArchives: [NibArchive] = corpus.map { try! NibArchive(bytes: $0.bytes) }
let corpusGraphs: [NibGraph] = corpusArchives.map { NibGraph($0) }

// MARK: - Work

/// Visits every object and every value of `archive` and decodes it, folding everything into a sum.
@inline(never)
func decodeAll(_ archive: NibArchive) -> Int {
    var sum = 0
    for o in 0..<archive.objectCount {
        sum &+= archive.object(o).classIndex
        archive.forEachValue(ofObject: o) { key, value in
            sum &+= key
            switch value {
            case .int(let i): sum &+= Int(truncatingIfNeeded: i)
            case .bool(let b): sum &+= b ? 1 : 2
            case .float(let f): sum &+= Int(f.bitPattern)
            case .double(let d): sum &+= Int(truncatingIfNeeded: d.bitPattern)
            case .data(let bytes): sum &+= bytes.offset &+ bytes.count
            case .null: sum &+= 3
            case .object(let i): sum &+= i
            }
        }
    }
    return sum
}

@inline(never)
func verifyAndDecode(_ bytes: [UInt8]) -> Int {
    do {
        return decodeAll(try NibArchive(bytes: bytes))
    } catch {
        fatalError("\(error)")
    }
}

@inline(never)
func verifyOnly(_ bytes: [UInt8]) -> Int {
    do {
        return try NibArchive(bytes: bytes).valueCount
    } catch {
        fatalError("\(error)")
    }
}

/// Copies `source` into `destination` (which is at least as large).
@inline(never)
func copyBytes(_ source: [UInt8], into destination: UnsafeMutableRawPointer) {
    source.withUnsafeBytes { _ = memcpy(destination, $0.baseAddress!, $0.count) }
}

// MARK: - Benchmarks

let benchmarks: @Sendable () -> Void = {
    // Allocation counts are deterministic; wall time on this shared machine is not. Only
    // mallocCountTotal is gated (check-thresholds.sh); a single extra allocation fails the check.
    let gate: [BenchmarkMetric: BenchmarkThresholds] = [
        .mallocCountTotal: .init(absolute: [.p90: 0]),
    ]
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .throughput, .mallocCountTotal],
        timeUnits: .microseconds,
        warmupIterations: 2,
        maxDuration: .seconds(3),
        maxIterations: 200,
        thresholds: gate)

    // Full verify + decode of every corpus NIBArchive; one iteration = all files.
    Benchmark("CorpusDecode") { benchmark in
        for _ in benchmark.scaledIterations {
            for input in corpus { blackHole(verifyAndDecode(input.bytes)) }
        }
    }
    // The ratio baseline: memcpy of the same bytes, file by file.
    Benchmark("CorpusMemcpy",
              configuration: .init(setup: { _ = corpusScratch })) { benchmark in
        let destination = corpusScratch
        for _ in benchmark.scaledIterations {
            for input in corpus { copyBytes(input.bytes, into: destination) }
            blackHole(destination.load(as: UInt8.self))
        }
    }
    Benchmark("CorpusVerify") { benchmark in
        for _ in benchmark.scaledIterations {
            for input in corpus { blackHole(verifyOnly(input.bytes)) }
        }
    }

    // The same on one large generated archive (about 40 MB).
    Benchmark("LargeDecode",
              configuration: .init(maxIterations: 50, setup: { _ = largeInput })) { benchmark in
        for _ in benchmark.scaledIterations { blackHole(verifyAndDecode(largeInput.bytes)) }
    }
    Benchmark("LargeMemcpy",
              configuration: .init(maxIterations: 50, setup: { _ = largeScratch })) { benchmark in
        let destination = largeScratch
        for _ in benchmark.scaledIterations {
            copyBytes(largeInput.bytes, into: destination)
            blackHole(destination.load(as: UInt8.self))
        }
    }
    Benchmark("LargeVerify",
              configuration: .init(maxIterations: 50, setup: { _ = largeInput })) { benchmark in
        for _ in benchmark.scaledIterations { blackHole(verifyOnly(largeInput.bytes)) }
    }

    // Header-and-bounds open: constant time, whatever the size. 1000 opens per iteration.
    Benchmark("HeaderOpenSmall",
              configuration: .init(timeUnits: .nanoseconds, scalingFactor: .kilo, setup: { _ = smallInput })) { benchmark in
        let bytes = smallInput.bytes
        for _ in benchmark.scaledIterations {
            blackHole(try OpenedNibArchive(bytes: bytes).header.valueCount)
        }
    }
    Benchmark("HeaderOpenLarge",
              configuration: .init(timeUnits: .nanoseconds, scalingFactor: .kilo, setup: { _ = largeInput })) { benchmark in
        let bytes = largeInput.bytes
        for _ in benchmark.scaledIterations {
            blackHole(try OpenedNibArchive(bytes: bytes).header.valueCount)
        }
    }
    // The same from a file: open + mmap + header check + munmap.
    Benchmark("HeaderOpenMappedSmall",
              configuration: .init(timeUnits: .nanoseconds, scalingFactor: .kilo, setup: { _ = smallFile })) { benchmark in
        let path = smallFile
        for _ in benchmark.scaledIterations {
            blackHole(try OpenedNibArchive(contentsOf: path).header.valueCount)
        }
    }
    Benchmark("HeaderOpenMappedLarge",
              configuration: .init(timeUnits: .nanoseconds, scalingFactor: .kilo, setup: { _ = largeFile })) { benchmark in
        let path = largeFile
        for _ in benchmark.scaledIterations {
            blackHole(try OpenedNibArchive(contentsOf: path).header.valueCount)
        }
    }

    // Secondary: owned graph copy and writing it back (corpus; one iteration = all files).
    // NibGraph(_:) appends past some reservations (class lists, dictionaries); for the same reason
    // as the writer below, runs differ by a few allocations (53,176-53,183 seen). Tolerate 32 of
    // ~53,000: one extra allocation per archive (315) or per object still fails.
    Benchmark("CorpusGraphCopy",
              configuration: .init(maxIterations: 50,
                                   thresholds: [.mallocCountTotal: .init(absolute: [.p90: 32])],
                                   setup: { _ = corpusArchives })) { benchmark in
        for _ in benchmark.scaledIterations {
            for archive in corpusArchives { blackHole(NibGraph(archive).objects.count) }
        }
    }
    // The writer grows its output array past its estimate; Swift sizes array growth with
    // malloc_usable_size, which depends on heap state, so an iteration may take one extra
    // allocation per archive. Tolerate exactly that, nothing more.
    Benchmark("CorpusWrite",
              configuration: .init(maxIterations: 50,
                                   thresholds: [.mallocCountTotal: .init(absolute: [.p90: corpus.count])],
                                   setup: { _ = corpusGraphs })) { benchmark in
        let writer = NibArchiveWriter(options: .preserveLayout)
        for _ in benchmark.scaledIterations {
            for graph in corpusGraphs { blackHole(writer.write(graph).count) }
        }
    }
}
