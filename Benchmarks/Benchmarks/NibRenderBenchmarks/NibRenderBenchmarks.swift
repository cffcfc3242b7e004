// Rendering benchmarks of the NibRender module: a document's bytes to its SVG text, in memory (what
// `nibc render X -o X.svg` does between reading the file and writing the output).
//
// Every input is loaded into memory once, before any measurement; document and view counts are printed on
// stderr when the inputs are built, so that documents per second = throughput (iterations/s) × documents.
// CI gates on `mallocCountTotal` only (see check-thresholds.sh).

import Benchmark
import Foundation
import NibRender

// MARK: - Inputs

struct DocumentInput: @unchecked Sendable {
    let path: String
    let bytes: [UInt8]
}

/// The shared corpus: `$NIBC_SHARED_CORPUS`, else `../shared/corpus` next to the checkout.
func corpusDirectory() -> URL {
    if let env = ProcessInfo.processInfo.environment["NIBC_SHARED_CORPUS"], !env.isEmpty {
        return URL(fileURLWithPath: env)
    }
    // <checkout>/Benchmarks/Benchmarks/NibRenderBenchmarks/NibRenderBenchmarks.swift
    let checkout = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
    return checkout.deletingLastPathComponent().appendingPathComponent("shared/corpus")
}

/// Renders one document to SVG text; the benchmarks' unit of work.
@inline(never)
func renderToSVG(_ input: DocumentInput) throws -> Int {
    let document = try DocumentRenderer.render(bytes: input.bytes, file: input.path)
    return SVGWriter(document).svg().utf8.count
}

/// Every XIB and storyboard of the corpus but `legacy/` (documents expected to fail), sorted by path: the set
/// the render tests draw. Every one must render: a failing document would measure the error path.
let corpus: [DocumentInput] = {
    let root = corpusDirectory()
    var inputs: [DocumentInput] = []
    for folder in ["nib", "storyboards", "recent", "recent-storyboards", "ios", "macos", "wild"] {
        guard let walker = FileManager.default.enumerator(at: root.appendingPathComponent(folder), includingPropertiesForKeys: nil) else { continue }
        for case let url as URL in walker where ["xib", "storyboard"].contains(url.pathExtension) {
            guard let data = FileManager.default.contents(atPath: url.path) else { continue }
            inputs.append(DocumentInput(path: url.path, bytes: [UInt8](data)))
        }
    }
    inputs.sort { $0.path < $1.path }
    guard !inputs.isEmpty else { fatalError("no XIB or storyboard under \(root.path) (set NIBC_SHARED_CORPUS)") }
    var views = 0
    for input in inputs {
        do { views += try DocumentRenderer.render(bytes: input.bytes, file: input.path).boxes.count } catch {
            fatalError("\(input.path) does not render: \(error)")
        }
    }
    let total = inputs.reduce(0) { $0 + $1.bytes.count }
    FileHandle.standardError.write("render corpus: \(inputs.count) documents, \(views) boxes, \(total) bytes per iteration\n".data(using: .utf8)!)
    return inputs
}()

/// A generated iOS storyboard of `scenes` scenes in a grid of ten columns, each a view controller whose view holds a
/// label, a button, an image view and a coloured container with a switch; every scene but the last has a show
/// segue from its button to the next scene. Scene 0 is the initial controller. Ids are unique.
func generatedStoryboard(scenes: Int) -> DocumentInput {
    var s = """
    <?xml version="1.0" encoding="UTF-8"?>
    <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="17156" targetRuntime="iOS.CocoaTouch" propertyAccessControl="none" useAutolayout="YES" useTraitCollections="YES" colorMatched="YES" initialViewController="vc-0">
        <device id="retina6_1" orientation="portrait" appearance="light"/>
        <dependencies>
            <deployment identifier="iOS"/>
            <plugIn identifier="com.apple.InterfaceBuilder.IBCocoaTouchPlugin" version="17125"/>
        </dependencies>
        <scenes>

    """
    for i in 0..<scenes {
        let segue = i + 1 < scenes
            ? "<connections><segue destination=\"vc-\(i + 1)\" kind=\"show\" identifier=\"next\(i)\" id=\"sg-\(i)\"/></connections>"
            : ""
        s += """
                <scene sceneID="sc-\(i)">
                    <objects>
                        <viewController title="Scene \(i)" id="vc-\(i)" sceneMemberID="viewController">
                            <view key="view" contentMode="scaleToFill" id="v-\(i)">
                                <rect key="frame" x="0.0" y="0.0" width="414" height="896"/>
                                <subviews>
                                    <label opaque="NO" userInteractionEnabled="NO" contentMode="left" text="Title \(i)" textAlignment="natural" lineBreakMode="tailTruncation" translatesAutoresizingMaskIntoConstraints="NO" id="l-\(i)">
                                        <rect key="frame" x="20" y="60" width="374" height="30"/>
                                        <fontDescription key="fontDescription" type="boldSystem" pointSize="\(17 + i % 8)"/>
                                        <color key="textColor" red="0.2" green="0.2" blue="\(Double(i % 10) / 10)" alpha="1" colorSpace="custom" customColorSpace="sRGB"/>
                                        <nil key="highlightedColor"/>
                                    </label>
                                    <imageView userInteractionEnabled="NO" contentMode="scaleAspectFit" image="icon" translatesAutoresizingMaskIntoConstraints="NO" id="m-\(i)">
                                        <rect key="frame" x="157" y="120" width="100" height="100"/>
                                    </imageView>
                                    <view contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="c-\(i)">
                                        <rect key="frame" x="20" y="260" width="374" height="80"/>
                                        <subviews>
                                            <switch opaque="NO" contentMode="scaleToFill" contentHorizontalAlignment="center" contentVerticalAlignment="center" on="YES" translatesAutoresizingMaskIntoConstraints="NO" id="w-\(i)">
                                                <rect key="frame" x="305" y="24" width="51" height="31"/>
                                            </switch>
                                        </subviews>
                                        <color key="backgroundColor" red="\(Double(i % 7) / 7)" green="0.8" blue="0.9" alpha="1" colorSpace="custom" customColorSpace="sRGB"/>
                                    </view>
                                    <button opaque="NO" contentMode="scaleToFill" contentHorizontalAlignment="center" contentVerticalAlignment="center" buttonType="system" lineBreakMode="middleTruncation" translatesAutoresizingMaskIntoConstraints="NO" id="b-\(i)">
                                        <rect key="frame" x="157" y="780" width="100" height="44"/>
                                        <state key="normal" title="Next \(i)"/>
                                        \(segue)
                                    </button>
                                </subviews>
                                <color key="backgroundColor" systemColor="systemBackgroundColor"/>
                            </view>
                        </viewController>
                        <placeholder placeholderIdentifier="IBFirstResponder" id="fr-\(i)" userLabel="First Responder" sceneMemberID="firstResponder"/>
                    </objects>
                    <point key="canvasLocation" x="\(i % 10 * 600)" y="\(i / 10 * 1100)"/>
                </scene>

        """
    }
    s += """
        </scenes>
        <resources>
            <image name="icon" width="100" height="100"/>
            <systemColor name="systemBackgroundColor"><color white="1" alpha="1" colorSpace="custom" customColorSpace="genericGamma22GrayColorSpace"/></systemColor>
        </resources>
    </document>

    """
    let input = DocumentInput(path: "generated-\(scenes).storyboard", bytes: Array(s.utf8))
    do {
        let document = try DocumentRenderer.render(bytes: input.bytes, file: input.path)
        FileHandle.standardError.write("\(input.path): \(input.bytes.count) bytes, \(document.boxes.count) boxes, \(document.arrows.count) segue arrows\n".data(using: .utf8)!)
    } catch {
        fatalError("\(input.path) does not render: \(error)")
    }
    return input
}

let storyboard100 = generatedStoryboard(scenes: 100)
let storyboard200 = generatedStoryboard(scenes: 200)
let storyboard400 = generatedStoryboard(scenes: 400)

// MARK: - Benchmarks

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .throughput, .mallocCountTotal],
        timeUnits: .microseconds,
        warmupIterations: 1,
        maxDuration: .seconds(3),
        maxIterations: 100,
        thresholds: [.mallocCountTotal: .init(relative: [.p90: 1])])

    // Every corpus document rendered to SVG text; one iteration = all documents.
    Benchmark("RenderCorpus", configuration: .init(setup: { _ = corpus })) { benchmark in
        for _ in benchmark.scaledIterations {
            for input in corpus { blackHole(try? renderToSVG(input)) }
        }
    }
    // Linearity: the same generated storyboard at 100, 200 and 400 scenes (a quadratic term would show as 4x the time
    // per doubling).
    for (name, input) in [("RenderStoryboard100", storyboard100), ("RenderStoryboard200", storyboard200),
                          ("RenderStoryboard400", storyboard400)] {
        Benchmark(name, configuration: .init(setup: { _ = input })) { benchmark in
            for _ in benchmark.scaledIterations { blackHole(try? renderToSVG(input)) }
        }
    }
}
