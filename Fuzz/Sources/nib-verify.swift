// libFuzzer target: verify arbitrary bytes as a NIBArchive; on success decode everything, copy into a
// NibGraph, re-write it (ibtool layout and byte-preserving layout) and re-verify the output, which
// must succeed and must carry the same graph (compared byte for byte, not by String equality).
import Foundation

@inline(never)
func fuzzFail(_ message: String) -> Never {
    FileHandle.standardError.write(("nib-verify invariant broken: " + message + "\n").data(using: .utf8)!)
    abort()
}

/// Graph equality by bytes: class names and keys compare as UTF-8 (Swift `==` on String applies
/// canonical equivalence), floats by bit pattern.
func sameGraph(_ a: NibGraph, _ b: NibGraph) -> String? {
    guard a.coderVersion == b.coderVersion else { return "coder version" }
    guard a.hasLNETrailer == b.hasLNETrailer else { return "LNE trailer" }
    guard a.objects.count == b.objects.count else { return "object count \(a.objects.count) vs \(b.objects.count)" }
    for (i, (x, y)) in zip(a.objects, b.objects).enumerated() {
        guard x.className.utf8.elementsEqual(y.className.utf8) else { return "object \(i) class \(x.className) vs \(y.className)" }
        guard x.entries.count == y.entries.count else { return "object \(i) entry count" }
        for (j, (e, f)) in zip(x.entries, y.entries).enumerated() {
            guard e.key.utf8.elementsEqual(f.key.utf8) else { return "object \(i) entry \(j) key \(e.key) vs \(f.key)" }
            guard sameValue(e.value, f.value) else { return "object \(i) entry \(j) value \(e.value) vs \(f.value)" }
        }
    }
    return nil
}

func sameValue(_ a: NibGraphValue, _ b: NibGraphValue) -> Bool {
    switch (a, b) {
    case (.float(let x), .float(let y)): return x.bitPattern == y.bitPattern
    case (.double(let x), .double(let y)): return x.bitPattern == y.bitPattern
    default: return a == b
    }
}

/// Fallback class names per object class, by bytes.
func fallbackNames(_ archive: NibArchive) -> [[UInt8]: [[UInt8]]] {
    var result = [[UInt8]: [[UInt8]]]()
    for c in 0..<archive.classCount {
        let list = archive.fallbacks(ofClass: c).map { archive.classNameBytes($0).copyBytes() }
        if !list.isEmpty { result[archive.classNameBytes(c).copyBytes()] = list }
    }
    return result
}

func exercise(_ archive: NibArchive) {
    // Every accessor on every index.
    for v in 0..<archive.valueCount {
        _ = archive.valueType(v)
        let k = archive.valueKeyIndex(v)
        if k < 0 || k >= archive.keyCount { fuzzFail("value \(v) key index \(k)") }
        switch archive.value(v) {
        case .data(let bytes): _ = bytes.copyBytes(); _ = bytes.string
        case .object(let o): if o < 0 || o >= archive.objectCount { fuzzFail("value \(v) refers to \(o)") }
        default: break
        }
    }
    for k in 0..<archive.keyCount {
        let name = archive.key(k)
        guard let found = archive.keyIndex(named: name), found == k else { fuzzFail("keyIndex(named: key(\(k))) != \(k)") }
        if !archive.keyBytes(k).equals(name) { fuzzFail("key \(k) bytes differ from its String") }
    }
    for c in 0..<archive.classCount {
        _ = archive.className(c)
        for f in archive.fallbacks(ofClass: c) where f < 0 || f >= archive.classCount || f == c { fuzzFail("class \(c) fallback \(f)") }
    }
    for o in 0..<archive.objectCount {
        let r = archive.object(o)
        if r.classIndex >= archive.classCount || r.values.upperBound > archive.valueCount { fuzzFail("object \(o) record") }
        _ = archive.className(ofObject: o)
        if let first = r.values.first {
            let key = archive.key(archive.valueKeyIndex(first))
            _ = archive.value(ofObject: o, forKey: key)
        }
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let input = size == 0 ? [] : Array(UnsafeBufferPointer(start: data!, count: size))
    var options = NibReadOptions()
    options.maxDecompressedSize = 8 << 20
    let archive: NibArchive
    do {
        archive = try NibArchive(bytes: input, options: options)
    } catch {
        // A typed error must point inside the (decompressed) input.
        if error.offset < 0 { fuzzFail("negative error offset \(error)") }
        return 0
    }
    exercise(archive)
    let graph = NibGraph(archive)
    if graph.objects.count != archive.objectCount { fuzzFail("graph object count") }

    // Byte-preserving layout: the re-read graph must be the same graph, byte for byte.
    let preserved = NibArchiveWriter(options: .preserveLayout).write(graph)
    let reread: NibArchive
    do { reread = try NibArchive(bytes: preserved) } catch { fuzzFail("preserveLayout output does not verify: \(error)") }
    exercise(reread)
    if let diff = sameGraph(graph, NibGraph(reread)) { fuzzFail("preserveLayout round trip changed the graph: \(diff)") }
    if fallbackNames(archive) != fallbackNames(reread) { fuzzFail("preserveLayout round trip changed class fallbacks") }
    // A canonical archive (no gaps, shortest varints, no unknown trailer) must come back byte for byte.
    if archive.notes.isEmpty, preserved.count == input.count, preserved != input, !archive.wasCompressed {
        // Non-minimal varints are legal input; only report when the writer's output is itself not stable.
        let again = NibArchiveWriter(options: .preserveLayout).write(NibGraph(reread))
        if again != preserved { fuzzFail("preserveLayout writing is not stable") }
    }

    // ibtool layout (interning, depth-first renumbering): must verify and be stable.
    let canonical = NibArchiveWriter().write(graph)
    let canonicalArchive: NibArchive
    do { canonicalArchive = try NibArchive(bytes: canonical) } catch { fuzzFail("default writer output does not verify: \(error)") }
    exercise(canonicalArchive)
    let canonicalGraph = NibGraph(canonicalArchive)
    let again = NibArchiveWriter().write(canonicalGraph)
    if again != canonical {
        if let diff = sameGraph(NibGraph(try! NibArchive(bytes: again)), canonicalGraph) {
            fuzzFail("default writer is not idempotent: \(diff)")
        }
    }
    return 0
}
