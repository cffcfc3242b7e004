// swift-tools-version: 6.1
// Benchmarks live in their own package (swift-nio's layout) so that `swift build` and `swift test`
// of the main package never build the benchmark dependency.
import PackageDescription

// `.package(path: "../")` takes its identity from the checkout folder's name, which differs between
// clones (nibc, wt-bench, ...): derive it instead of hard-coding it.
let parentIdentity: String = {
    let components = Context.packageDirectory.split(separator: "/")
    guard components.count >= 2 else { return "nibc" }
    return String(components[components.count - 2]).lowercased()
}()

let package = Package(
    name: "NibcBenchmarks",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(path: "../"),
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        .executableTarget(
            name: "NibArchiveBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "NibArchive", package: parentIdentity),
            ],
            path: "Benchmarks/NibArchiveBenchmarks",
            plugins: [
                .plugin(name: "BenchmarkPlugin", package: "benchmark"),
            ]
        ),
        .executableTarget(
            name: "NibRuntimeBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "NibArchive", package: parentIdentity),
                .product(name: "NibRuntime", package: parentIdentity),
            ],
            path: "Benchmarks/NibRuntimeBenchmarks",
            plugins: [
                .plugin(name: "BenchmarkPlugin", package: "benchmark"),
            ]
        ),
        .executableTarget(
            name: "NibInspectBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "NibArchive", package: parentIdentity),
                .product(name: "NibInspect", package: parentIdentity),
            ],
            path: "Benchmarks/NibInspectBenchmarks",
            plugins: [
                .plugin(name: "BenchmarkPlugin", package: "benchmark"),
            ]
        ),
        .executableTarget(
            name: "KeyedArchiveBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "NibArchive", package: parentIdentity),
                .product(name: "PropertyList", package: parentIdentity),
                .product(name: "KeyedArchive", package: parentIdentity),
            ],
            path: "Benchmarks/KeyedArchiveBenchmarks",
            plugins: [
                .plugin(name: "BenchmarkPlugin", package: "benchmark"),
            ]
        ),
        .executableTarget(
            name: "NibRenderBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "NibRender", package: parentIdentity),
            ],
            path: "Benchmarks/NibRenderBenchmarks",
            plugins: [
                .plugin(name: "BenchmarkPlugin", package: "benchmark"),
            ]
        ),
        .executableTarget(
            name: "NibMergeBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "NibMerge", package: parentIdentity),
            ],
            path: "Benchmarks/NibMergeBenchmarks",
            plugins: [
                .plugin(name: "BenchmarkPlugin", package: "benchmark"),
            ]
        ),
        .executableTarget(
            name: "NibCompilerBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "NibCompiler", package: parentIdentity),
                .product(name: "XIB", package: parentIdentity),
            ],
            path: "Benchmarks/NibCompilerBenchmarks",
            plugins: [
                .plugin(name: "BenchmarkPlugin", package: "benchmark"),
            ]
        ),
        .executableTarget(
            name: "NibLocalizationBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "NibCompiler", package: parentIdentity),
                .product(name: "NibLocalization", package: parentIdentity),
                .product(name: "StringsFile", package: parentIdentity),
            ],
            path: "Benchmarks/NibLocalizationBenchmarks",
            plugins: [
                .plugin(name: "BenchmarkPlugin", package: "benchmark"),
            ]
        ),
    ]
)
