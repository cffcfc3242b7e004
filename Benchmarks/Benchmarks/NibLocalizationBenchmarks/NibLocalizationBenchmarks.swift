// Strings-export benchmarks of the NibLocalization module: ibtool's `--export-strings-file` in memory, against the
// storyboard compile of the same documents (the export compiles the document, so compile time is its floor), and
// the `.strings` reader on the tables the export writes.
//
// Every input is loaded into memory once, before any measurement; byte counts per iteration are printed on stderr.
// CI gates on `mallocCountTotal` only (see check-thresholds.sh).

import Benchmark
import Foundation
import NibCompiler
import NibLocalization
import StringsFile

/// The shared corpus: `$NIBC_SHARED_CORPUS`, else `../shared/corpus` next to the checkout.
func corpusDirectory() -> URL {
    if let env = ProcessInfo.processInfo.environment["NIBC_SHARED_CORPUS"], !env.isEmpty {
        return URL(fileURLWithPath: env)
    }
    // <checkout>/Benchmarks/Benchmarks/NibLocalizationBenchmarks/NibLocalizationBenchmarks.swift
    let checkout = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
    return checkout.deletingLastPathComponent().appendingPathComponent("shared/corpus")
}

struct Document: @unchecked Sendable {
    let name: String
    let bytes: [UInt8]
    let options: CompileOptions
}

/// The 18 Base-localized DuckDuckGo documents (`nib/duckduckgo/**/Base.lproj/*.{storyboard,xib}`), compiled with
/// module DuckDuckGo and deployment target 13.0 as their `X.args` say, sorted by path.
let documents: [Document] = {
    let root = corpusDirectory().appendingPathComponent("nib/duckduckgo")
    guard let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil) else { return [] }
    var out = walker.compactMap { $0 as? URL }
        .filter { $0.path.contains("/Base.lproj/") && ($0.pathExtension == "storyboard" || $0.pathExtension == "xib") }
        .compactMap { url -> Document? in
            guard let data = FileManager.default.contents(atPath: url.path) else { return nil }
            let appex = url.pathComponents.first { $0.hasSuffix(".appex") }.map { String($0.dropLast(".appex".count)) }
            return Document(name: "Base.lproj/" + url.lastPathComponent, bytes: [UInt8](data),
                            options: CompileOptions(moduleName: appex ?? "DuckDuckGo", minimumDeploymentTarget: "13.0"))
        }
    out.sort { $0.name < $1.name }
    guard !out.isEmpty else { fatalError("no Base.lproj documents under \(root.path) (set NIBC_SHARED_CORPUS)") }
    FileHandle.standardError.write("localization corpus: \(out.count) documents, \(out.reduce(0) { $0 + $1.bytes.count }) bytes per iteration\n".data(using: .utf8)!)
    return out
}()

/// The export of every document, as ibtool writes it (UTF-16LE with a byte-order mark).
let tables: [[UInt8]] = {
    let out = documents.compactMap { d in try? LocalizedDocument(bytes: d.bytes, fileName: d.name, options: d.options).exportBytes() }
    FileHandle.standardError.write("strings tables: \(out.count) files, \(out.reduce(0) { $0 + $1.count }) bytes per iteration\n".data(using: .utf8)!)
    return out
}()

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .throughput, .mallocCountTotal],
        timeUnits: .microseconds,
        warmupIterations: 1,
        maxDuration: .seconds(3),
        maxIterations: 50,
        // The compiler's archive writer sizes array growth with malloc_usable_size (see NibCompilerBenchmarks):
        // three allocations of slack per document.
        thresholds: [.mallocCountTotal: .init(absolute: [.p90: 18 * 3])])

    // Every document exported: compile as Base-localized, sort, write the UTF-16 table. One iteration = all.
    Benchmark("ExportStrings", configuration: .init(setup: { _ = documents })) { benchmark in
        for _ in benchmark.scaledIterations {
            for d in documents {
                blackHole(try? LocalizedDocument(bytes: d.bytes, fileName: d.name, options: d.options).exportBytes().count)
            }
        }
    }
    // The same documents compiled only (storyboards to their .storyboardc files, XIBs to a nib): the export's floor.
    Benchmark("CompileSameDocuments", configuration: .init(setup: { _ = documents })) { benchmark in
        for _ in benchmark.scaledIterations {
            for d in documents {
                if d.name.hasSuffix(".storyboard") {
                    blackHole(try? StoryboardCompiler(options: d.options).compile(storyboard: d.bytes, fileName: d.name).files.count)
                } else {
                    blackHole(try? XIBCompiler(options: d.options).compile(xib: d.bytes, fileName: d.name).bytes.count)
                }
            }
        }
    }
    // The exported tables read back (UTF-16 decoding, grammar, comments kept).
    Benchmark("ParseStrings", configuration: .init(setup: { _ = tables })) { benchmark in
        for _ in benchmark.scaledIterations {
            for t in tables { blackHole(try? StringsFileParser.parse(t, file: "t.strings").entries.count) }
        }
    }
}
