import Foundation
import KeyedArchive
import NibArchive
import NibCompiler
import NibInspect
import NibTestSupport
import XCTest

/// The loose leaf score of `nibc diff --loose` (NibInspect's `NibDiff`, see `LeafScore`).
enum AppKitLeafScore {
    /// Score (common / reference leaves) and whether the output has leaves the reference lacks.
    static func compare(reference: NibGraph, output: NibGraph) -> (score: Double, hasExtra: Bool) {
        let result = NibDiff.compare(reference, output, loose: true)
        return (result.score, !result.extra.isEmpty)
    }
}

final class AppKitCorpusTests: XCTestCase {
    /// Minimum loose scores achieved per pair (regression guard); pairs not listed must reach 0.5.
    static let minimumScores: [String: Double] = AppKitScoreTable.minimums
    /// Pairs the compiler reproduces loose-exact (score 1, no extra leaves); raise it when the compiler improves.
    static let looseExactFloor = AppKitScoreTable.looseExactFloor

    func pairs() throws -> [URL] {
        try SharedCorpus.files(under: "nib/appkit-samples", suffix: ".xib")
    }

    func compile(_ xib: URL, format: NibOutputFormat? = nil) throws -> CompileResult {
        var options = CompileOptions()
        options.format = format
        let args = xib.deletingPathExtension().appendingPathExtension("args")
        if let text = try? String(contentsOf: args, encoding: .utf8) {
            let parts = text.split(whereSeparator: { $0 == " " || $0 == "\n" }).map(String.init)
            if let i = parts.firstIndex(of: "--module"), i + 1 < parts.count { options.moduleName = parts[i + 1] }
        }
        let bytes = [UInt8](try Data(contentsOf: xib))
        return try XIBCompiler(options: options).compile(xib: bytes, fileName: xib.lastPathComponent)
    }

    func testAppKitSamplePairs() throws {
        let files: [URL]
        do { files = try pairs() } catch {
            if SharedCorpus.allowMissing { throw XCTSkip("\(error)") }
            throw error
        }
        XCTAssertEqual(files.count, 114)
        let outDir = ProcessInfo.processInfo.environment["NIBC_AK_OUT"]
        var total = 0.0
        var exact = 0
        var lines: [String] = []
        for xib in files {
            let name = xib.deletingPathExtension().lastPathComponent
            let result: CompileResult
            do { result = try compile(xib) } catch {
                XCTFail("\(name): compile failed: \(error)")
                continue
            }
            if let outDir {
                try Data(result.bytes).write(to: URL(fileURLWithPath: outDir).appendingPathComponent(name + ".nib"))
            }
            let ref = NibGraph(try NibArchive(bytes: [UInt8](try Data(contentsOf: xib.deletingPathExtension().appendingPathExtension("nib")))))
            let out = NibGraph(try NibArchive(bytes: result.bytes))
            let (s, hasExtra) = AppKitLeafScore.compare(reference: ref, output: out)
            total += s
            if s >= 1, !hasExtra { exact += 1 }
            lines.append(String(format: "%.6f %@", s, name))
            let minimum = Self.minimumScores[name] ?? 0.5
            XCTAssertGreaterThanOrEqual(s + 1e-9, minimum, "\(name): loose score regressed")
        }
        print(lines.joined(separator: "\n"))
        print(String(format: "AppKit pairs: %d, loose-exact %d, mean loose %.4f", files.count, exact, total / Double(max(files.count, 1))))
        XCTAssertGreaterThanOrEqual(exact, Self.looseExactFloor, "loose-exact pairs regressed")
    }

    /// Every pair compiled to the keyed form (`nibc compile --format keyed`): the file is a keyed archive that
    /// reads back as the graph the compiler wrote for it (the NIBArchive bytes of the same compile, which carry
    /// the vocabulary of the Xcode that writes keyed nibs).
    func testAppKitKeyedOutputReadsBackAsTheSameGraph() throws {
        let files: [URL]
        do { files = try pairs() } catch {
            if SharedCorpus.allowMissing { throw XCTSkip("\(error)") }
            throw error
        }
        XCTAssertEqual(files.count, 114)
        for xib in files {
            let name = xib.deletingPathExtension().lastPathComponent
            let result: CompileResult
            do { result = try compile(xib, format: .keyedArchive) } catch {
                XCTFail("\(name): compile failed: \(error)")
                continue
            }
            XCTAssertEqual(result.format, .keyedArchive, name)
            let keyedBytes = try result.nib()
            XCTAssertEqual(Array(keyedBytes.prefix(8)), Array("bplist00".utf8), name)
            let keyed: KeyedArchive
            do { keyed = try KeyedArchive(bytes: keyedBytes) } catch {
                XCTFail("\(name): the keyed output does not read: \(error)")
                continue
            }
            let written = NibGraph(try NibArchive(bytes: result.bytes))
            let back = NibGraph(keyed, coderVersion: written.coderVersion)
            let diff = NibDiff.compare(written, back)
            XCTAssertTrue(diff.isEquivalent, "\(name): the keyed output reads back differently (score \(diff.score))")
        }
    }

    func testAppKitMacOSCorpusCompiles() throws {
        let files: [URL]
        do { files = try SharedCorpus.files(under: "macos", suffix: ".xib") } catch {
            if SharedCorpus.allowMissing { throw XCTSkip("\(error)") }
            throw error
        }
        var failures: [String] = []
        var compiled = 0
        for xib in files {
            let bytes = [UInt8](try Data(contentsOf: xib))
            let text = String(decoding: bytes.prefix(4000), as: UTF8.self)
            guard text.contains("targetRuntime=\"MacOSX.Cocoa\"") else { continue }
            do {
                _ = try XIBCompiler().compile(xib: bytes, fileName: xib.lastPathComponent)
                compiled += 1
            } catch {
                failures.append("\(SharedCorpus.relative(xib)): \(error.description.prefix(300))")
            }
        }
        print("macOS corpus: \(compiled) compiled, \(failures.count) failed")
        XCTAssertEqual(failures, [], failures.joined(separator: "\n"))
    }

    func testAppKitDeterministic() throws {
        let files = try pairs()
        for xib in files.prefix(40) {
            let a = try compile(xib).bytes
            let b = try compile(xib).bytes
            XCTAssertEqual(a, b, "\(xib.lastPathComponent): output differs between runs")
        }
    }

    func testAppKitSwiftMangling() throws {
        let xib = """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.Cocoa.XIB" version="3.0" toolsVersion="22505" targetRuntime="MacOSX.Cocoa" propertyAccessControl="none" useAutolayout="YES" customObjectInstantitationMethod="direct">
            <objects>
                <customObject id="-2" userLabel="File's Owner"/>
                <customObject id="-1" userLabel="First Responder" customClass="FirstResponder"/>
                <customObject id="-3" userLabel="Application" customClass="NSObject"/>
                <customObject id="5" customClass="MyDelegate" customModule="App" customModuleProvider="target"/>
            </objects>
        </document>
        """
        let r = try XIBCompiler(options: CompileOptions(moduleName: "TestModule")).compile(xib: Array(xib.utf8), fileName: "t.xib")
        let names = r.graph.objects.compactMap { o -> String? in
            guard o.className == "NSString", case .data(let d)? = o.value(forKey: "NS.bytes") else { return nil }
            return String(decoding: d, as: UTF8.self)
        }
        XCTAssertTrue(names.contains("_TtC10TestModule10MyDelegate"), "\(names)")
    }
}
