// swift-tools-version: 6.1
// An app target whose .xib files are compiled by nibc's build-tool plugin (NibcPlugin) into bundled nibs,
// loaded at run time through NibRuntime. Built in CI by Examples/PluginExample/check.sh.
import PackageDescription

let package = Package(
    name: "PluginExample",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(name: "nibc", path: "../.."),
    ],
    targets: [
        .executableTarget(
            name: "PluginExample",
            dependencies: [.product(name: "NibRuntime", package: "nibc")],
            plugins: [.plugin(name: "NibcPlugin", package: "nibc")]),
    ]
)
