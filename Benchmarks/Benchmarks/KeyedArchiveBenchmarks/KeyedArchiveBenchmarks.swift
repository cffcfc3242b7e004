// Reading keyed-archive (NSKeyedArchiver bplist) nibs: nibc's verifying zero-copy reader against Foundation's
// PropertyListSerialization on the same bytes, in the same run (the ratio is the figure; wall time is
// never gated).
//
// Foundation's side is the property-list parse only: NSKeyedUnarchiver cannot decode these nibs on Linux (their
// AppKit classes do not exist there), so Foundation's real cost (parse + unarchive) is higher than measured and
// the ratio a lower bound.

import Benchmark
import Foundation
import KeyedArchive
import NibArchive
import PropertyList

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

/// The 10 keyed-archive nibs of the corpus (7 Sparkle nibs, 3 keyedobjects.nib), in memory.
let keyedNibs: [[UInt8]] = {
    let root = corpusDirectory()
    let paths = ["nib/sparkle/SUStatus.nib"]
        + ["de", "en"].flatMap { l in ["SUUpdateAlert", "SUAutomaticUpdateAlert", "SUUpdatePermissionPrompt"].map { "nib/sparkle/\(l).lproj/\($0).nib" } }
        + ["SUStatus.nib", "en.lproj/SUUpdateAlert.nib", "en.lproj/SUAutomaticUpdateAlert.nib"].map { "legacy/sparkle/\($0)/keyedobjects.nib" }
    let files = paths.map { p -> [UInt8] in
        guard let data = FileManager.default.contents(atPath: root.appendingPathComponent(p).path) else {
            fatalError("\(p) not found under \(root.path) (set NIBC_SHARED_CORPUS)")
        }
        return [UInt8](data)
    }
    FileHandle.standardError.write("keyed: \(files.count) files, \(files.reduce(0) { $0 + $1.count }) bytes per iteration\n".data(using: .utf8)!)
    return files
}()

let keyedData: [Data] = keyedNibs.map { Data($0) }

/// Verification (plist + archive structure) and a visit of every value of every archived object.
@inline(never)
func readAndVisit(_ bytes: [UInt8]) -> Int {
    guard let archive = try? KeyedArchive(bytes: bytes) else { fatalError("corpus keyed nib did not verify") }
    let p = archive.plist
    var sum = 0
    for n in archive.objects {
        switch p.kind(n) {
        case .dictionary:
            for i in 0..<p.count(n) {
                let (k, v) = p.entry(n, i)
                sum &+= k
                switch p.kind(v) {
                case .integer: sum &+= Int(truncatingIfNeeded: p.integer(v)!)
                case .uid: sum &+= Int(truncatingIfNeeded: p.uid(v)!)
                case .real: sum &+= Int(truncatingIfNeeded: p.real(v)!.bitPattern)
                case .bool: sum &+= p.bool(v)! ? 1 : 2
                case .array: sum &+= p.count(v)
                case .data: sum &+= p.dataRange(v)!.count
                default: sum &+= 3
                }
            }
        case .asciiString, .utf16String, .data: sum &+= p.offset(of: n)
        default: sum &+= Int(truncatingIfNeeded: p.integer(n) ?? 0)
        }
    }
    return sum
}

let benchmarks: @Sendable () -> Void = {
    // Allocation counts are deterministic (Foundation's included): gated by check-thresholds.sh like the others.
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .throughput, .mallocCountTotal],
        timeUnits: .microseconds,
        warmupIterations: 2,
        maxDuration: .seconds(3),
        maxIterations: 500,
        thresholds: [.mallocCountTotal: .init(absolute: [.p90: 0])])

    // nibc: verify once (bplist + keyed structure), then read every value in place. One iteration = 10 files.
    Benchmark("KeyedReadVisit", configuration: .init(setup: { _ = keyedNibs })) { benchmark in
        for _ in benchmark.scaledIterations {
            for bytes in keyedNibs { blackHole(readAndVisit(bytes)) }
        }
    }
    // nibc: verify and build the owned NibGraph (what dump, diff and convert use).
    Benchmark("KeyedGraph", configuration: .init(setup: { _ = keyedNibs })) { benchmark in
        for _ in benchmark.scaledIterations {
            for bytes in keyedNibs { blackHole(NibGraph(try KeyedArchive(bytes: bytes)).objects.count) }
        }
    }
    // Foundation: PropertyListSerialization of the same bytes (parse into NSDictionary/NSArray/… objects).
    Benchmark("FoundationPlistParse", configuration: .init(setup: { _ = keyedData })) { benchmark in
        for _ in benchmark.scaledIterations {
            for data in keyedData {
                blackHole(try PropertyListSerialization.propertyList(from: data, options: [], format: nil))
            }
        }
    }
}
