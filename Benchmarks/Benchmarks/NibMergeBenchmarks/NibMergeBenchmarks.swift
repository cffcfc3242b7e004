// Benchmarks of `nibc merge` (NibMerge): a three-way merge of a generated ~1 MB storyboard whose two sides
// edit different scenes, and of four times that, to show the cost stays linear; and the 1 MB storyboard with
// both sides editing the same scenes, which merges those scenes element by element. CI gates on
// `mallocCountTotal` only (see check-thresholds.sh).

import Benchmark
import NibMerge

let merge1MB = GeneratedStoryboard.threeVersions(scenes: 110, labels: 10)
let merge4MB = GeneratedStoryboard.threeVersions(scenes: 440, labels: 10)
let merge1MBSameScenes = GeneratedStoryboard.threeVersions(scenes: 110, labels: 10, sameScenes: true)

let benchmarks: @Sendable () -> Void = {
    let gate: [BenchmarkMetric: BenchmarkThresholds] = [.mallocCountTotal: .init(relative: [.p90: 1.0])]
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .throughput, .mallocCountTotal],
        timeUnits: .milliseconds,
        warmupIterations: 1,
        maxDuration: .seconds(3),
        maxIterations: 30)

    for (name, versions) in [("MergeStoryboard1MB", merge1MB), ("MergeStoryboard4MB", merge4MB),
                             ("MergeStoryboard1MBSameScenes", merge1MBSameScenes)] {
        Benchmark(name, configuration: .init(thresholds: gate, setup: { _ = versions })) { benchmark in
            for _ in benchmark.scaledIterations {
                let result = try NibMerge.merge(base: versions.base, ours: versions.ours, theirs: versions.theirs)
                precondition(result.isClean, "independent edits must merge cleanly")
                blackHole(result.bytes.count)
            }
        }
    }
}
