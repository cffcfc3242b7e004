// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "nibc",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "nibc", targets: ["nibc"]),
        .library(name: "NibArchive", targets: ["NibArchive"]),
        .library(name: "XIB", targets: ["XIB"]),
        .library(name: "NibCompiler", targets: ["NibCompiler"]),
        .library(name: "NibRuntime", targets: ["NibRuntime"]),
        .library(name: "NibInspect", targets: ["NibInspect"]),
        .library(name: "PropertyList", targets: ["PropertyList"]),
        .library(name: "KeyedArchive", targets: ["KeyedArchive"]),
        .library(name: "CompiledStoryboard", targets: ["CompiledStoryboard"]),
        .library(name: "NibRender", targets: ["NibRender"]),
        .library(name: "IBChecks", targets: ["IBChecks"]),
        .library(name: "StringsFile", targets: ["StringsFile"]),
        .library(name: "NibLocalization", targets: ["NibLocalization"]),
        .library(name: "NibMerge", targets: ["NibMerge"]),
        .plugin(name: "NibcPlugin", targets: ["NibcPlugin"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        // `swift package generate-documentation` (scripts/docs.sh); a plugin only, nothing links it.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: [
        // zlib through a system-library target; the inflate/deflate init macros are wrapped in shim.h.
        .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
        // A String's UTF-8 bytes read in place, for the modules that hash and compare strings as bytes (package API).
        .target(name: "StringBytes"),
        // The NIBArchive format: graph model, zero-copy reader, writer, gzip framing.
        .target(name: "NibArchive", dependencies: ["CZlib", "StringBytes"]),
        // Escaping text for XML output (character data, attribute values), shared by every XML writer.
        .target(name: "XMLEscaping"),
        // Binary property lists (bplist00): zero-copy verifying reader, deterministic writer.
        .target(name: "PropertyList", dependencies: ["XMLEscaping"]),
        // Compiled storyboards (.storyboardc) and .nib directories: the Info.plist model, file layout, checks.
        .target(name: "CompiledStoryboard", dependencies: ["PropertyList"]),
        // NSKeyedArchiver archives (the other nib format) read onto the NibGraph model, and written from it.
        .target(name: "KeyedArchive", dependencies: ["PropertyList", "NibArchive"]),
        // Byte-level XML tokenizer and the XIB document model with source positions.
        .target(name: "XIB", dependencies: ["StringBytes"]),
        // XIB document -> NIBArchive object graph, one folder per platform.
        .target(name: "NibCompiler", dependencies: ["XIB", "NibArchive", "PropertyList", "KeyedArchive", "CompiledStoryboard"]),
        // Interface Builder's document rules (Apple's messages, levels, triggers) and ibtool's inspection views.
        .target(name: "IBChecks", dependencies: ["XIB", "NibCompiler", "PropertyList"]),
        // Portable UINib: template, instantiation plan, class registry, coder.
        .target(name: "NibRuntime", dependencies: ["NibArchive", "KeyedArchive", "PropertyList", "CompiledStoryboard", "StringsFile"]),
        // Strings tables (.strings files): model, reader (text in UTF-16/UTF-8, binary plist), writer.
        .target(name: "StringsFile", dependencies: ["PropertyList"]),
        // ibtool's strings export and import over the compiler's localizable strings.
        .target(name: "NibLocalization", dependencies: ["StringsFile", "NibCompiler", "XIB", "XMLEscaping"]),
        // Human and machine views of archives: dump (text, JSON) and graph diff.
        .target(name: "NibInspect", dependencies: ["NibArchive"]),
        // Three-way merge of XIBs and storyboards by element identity (the `nibc merge` git driver).
        .target(name: "NibMerge", dependencies: ["XIB"]),
        // Wireframe pictures (SVG, HTML, JSON boxes) of XIBs, storyboards and nibs at their design-time frames, and
        // the visual diff of two of them.
        .target(name: "NibRender", dependencies: ["XIB", "NibArchive", "NibInspect", "NibCompiler", "XMLEscaping"]),
        .executableTarget(
            name: "nibc",
            dependencies: [
                "NibArchive", "XIB", "NibCompiler", "NibRuntime", "NibInspect", "PropertyList", "KeyedArchive", "CompiledStoryboard",
                "NibRender", "IBChecks", "NibLocalization", "StringsFile", "NibMerge",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]),
        // Build-tool plugin: a target's .xib files compiled by nibc into bundled .nib resources.
        .plugin(name: "NibcPlugin", capability: .buildTool(), dependencies: ["nibc"]),
        // Shared test helpers: locating ../shared/corpus and the project's Corpus/.
        .target(name: "NibTestSupport", path: "Tests/Support"),
        // Shared compiler test helpers: a XIB compiled and read back, XIB documents wrapped around test objects.
        .target(name: "NibCompilerTestSupport", dependencies: ["NibCompiler", "NibArchive"], path: "Tests/CompilerSupport"),
        .testTarget(name: "NibArchiveTests", dependencies: ["NibArchive", "NibTestSupport"], exclude: ["Regressions"]),
        .testTarget(name: "XMLEscapingTests", dependencies: ["XMLEscaping"]),
        .testTarget(name: "PropertyListTests", dependencies: ["PropertyList", "NibTestSupport"]),
        .testTarget(name: "CompiledStoryboardTests", dependencies: ["CompiledStoryboard", "PropertyList", "NibTestSupport"]),
        .testTarget(name: "KeyedArchiveTests", dependencies: ["KeyedArchive", "PropertyList", "NibArchive", "NibInspect", "NibTestSupport"]),
        .testTarget(name: "XIBTests", dependencies: ["XIB", "NibTestSupport"]),
        .testTarget(name: "NibCompilerTests", dependencies: ["NibCompiler", "NibInspect", "XIB", "NibArchive", "KeyedArchive", "PropertyList", "NibTestSupport", "NibCompilerTestSupport"]),
        .testTarget(name: "NibRuntimeTests", dependencies: ["NibRuntime", "StringsFile", "NibCompiler", "NibArchive", "KeyedArchive", "CompiledStoryboard", "PropertyList", "NibTestSupport"]),
        .testTarget(name: "IBChecksTests", dependencies: ["IBChecks", "XIB", "NibCompiler", "PropertyList", "NibTestSupport"]),
        .testTarget(name: "NibInspectTests", dependencies: ["NibInspect", "NibArchive", "NibTestSupport"]),
        .testTarget(name: "NibLocalizationTests", dependencies: ["NibLocalization", "StringsFile", "NibCompiler", "NibArchive", "PropertyList", "NibTestSupport"]),
        .testTarget(name: "NibMergeTests", dependencies: ["NibMerge", "XIB", "NibCompiler", "NibTestSupport"]),
        .testTarget(name: "nibcTests", dependencies: ["nibc", "NibArchive", "NibTestSupport"]),
        .testTarget(name: "NibRenderTests", dependencies: ["NibRender", "NibArchive", "KeyedArchive", "PropertyList", "CompiledStoryboard", "XIB", "NibTestSupport"]),
    ]
)
