import Foundation
import NibArchive
import NibCompiler
import NibTestSupport
import XCTest

/// Leaf-multiset comparison of two archives, the definition `tools/nibcheck.py compare` uses.
enum AppKitLeafScore {
    struct Leaf: Hashable { var path: String; var type: String; var value: String }

    static func leaves(_ g: NibGraph) -> [Leaf] {
        var out: [Leaf] = []
        var canon: [Int: String] = [:]
        let sets: Set<String> = ["NSSet", "NSMutableSet", "NSCountedSet"]
        let dicts: Set<String> = ["NSDictionary", "NSMutableDictionary"]
        func stringOf(_ i: Int) -> String? {
            for e in g.objects[i].entries where e.key == "NS.bytes" {
                if case .data(let d) = e.value { return String(decoding: d, as: UTF8.self) }
            }
            return nil
        }
        func isLeaf(_ i: Int) -> Bool {
            g.objects[i].entries.allSatisfy { if case .object = $0.value { return false }; return true }
        }
        func typeName(_ v: NibGraphValue) -> (String, String) {
            switch v {
            case .int(let x): return (NibValueType.integerType(for: x).description, String(x))
            case .fixedWidthInteger(let x, let t): return (t.description, String(x))
            case .bool(let b): return ("bool", b ? "1" : "0")
            case .float(let f): return ("float", String(format: "%.4f", Double(f)))
            case .double(let d): return ("double", String(format: "%.4f", d))
            case .data(let d): return ("data", d.map { String($0) }.joined(separator: ","))
            case .null, .conditionalObject: return ("nil", "")
            case .object: return ("obj", "")
            }
        }
        func walk(_ idx: Int, _ path: String) {
            let cls = g.objects[idx].className
            if canon[idx] != nil, !isLeaf(idx) { out.append(Leaf(path: path, type: "ref", value: canon[idx]!)); return }
            canon[idx] = path + "@" + cls
            var entries: [(String, NibGraphValue)] = []
            var raw = g.objects[idx].entries
            if dicts.contains(cls) {
                let elems = raw.filter { $0.key == "UINibEncoderEmptyKey" }
                raw = raw.filter { $0.key != "UINibEncoderEmptyKey" }
                var k = 0
                while k + 1 < elems.count {
                    var label = "#\(k / 2)"
                    if case .object(let ki) = elems[k].value, let s = stringOf(ki) { label = s }
                    entries.append(("{\(label)}", elems[k + 1].value))
                    k += 2
                }
            }
            var pos = 0
            for e in raw {
                var key = e.key
                if key == "UINibEncoderEmptyKey" {
                    key = sets.contains(cls) ? "[]" : "[]"
                    pos += 1
                }
                entries.append((key, e.value))
            }
            entries.sort { $0.0 < $1.0 }
            for (key, v) in entries {
                let p = path + "/" + cls + "." + key
                if case .object(let t) = v { walk(t, p) } else {
                    let (t, s) = typeName(v)
                    out.append(Leaf(path: p, type: t, value: s))
                }
            }
        }
        walk(0, "")
        // Loose form: references reduced to their class.
        return out.map { l in
            l.type == "ref" ? Leaf(path: l.path, type: "ref", value: String(l.value.split(separator: "@").last ?? "")) : l
        }
    }

    /// Score (common / reference leaves) and whether the output has leaves the reference lacks.
    static func compare(reference: NibGraph, output: NibGraph) -> (score: Double, hasExtra: Bool) {
        var a: [Leaf: Int] = [:], b: [Leaf: Int] = [:]
        for l in leaves(reference) { a[l, default: 0] += 1 }
        for l in leaves(output) { b[l, default: 0] += 1 }
        var common = 0, total = 0
        for (l, n) in a { total += n; common += min(n, b[l] ?? 0) }
        let hasExtra = b.contains { l, n in n > (a[l] ?? 0) }
        return (Double(common) / Double(max(total, 1)), hasExtra)
    }
}

final class AppKitCorpusTests: XCTestCase {
    /// Minimum loose scores achieved per pair (regression guard); pairs not listed must reach 0.5.
    static let minimumScores: [String: Double] = AppKitScoreTable.minimums

    func pairs() throws -> [URL] {
        try SharedCorpus.files(under: "nib/appkit-samples", suffix: ".xib")
    }

    func compile(_ xib: URL) throws -> CompileResult {
        var options = CompileOptions()
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
            lines.append(String(format: "%.4f %@", s, name))
            let minimum = Self.minimumScores[name] ?? 0.5
            XCTAssertGreaterThanOrEqual(s + 1e-9, minimum, "\(name): loose score regressed")
        }
        print(lines.joined(separator: "\n"))
        print(String(format: "AppKit pairs: %d, loose-exact %d, mean loose %.4f", files.count, exact, total / Double(max(files.count, 1))))
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
