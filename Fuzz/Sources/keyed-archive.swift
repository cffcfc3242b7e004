// libFuzzer target: read arbitrary bytes as a binary property list and as a keyed-archive nib. A typed error
// must point inside the input. On success: the owned PropertyListValue copy (bounded), written back by both
// writer modes, must read back as the same value; a keyed archive must map onto a NibGraph whose references
// are in range, that writes as a NIBArchive which verifies, and whose keyed re-archive reads back as an
// equivalent graph (same object count and classes).
import Foundation
import KeyedArchive
import NibArchive
import PropertyList

@inline(never)
func fuzzFail(_ message: String) -> Never {
    FileHandle.standardError.write(("keyed-archive invariant broken: " + message + "\n").data(using: .utf8)!)
    abort()
}

/// Value equality with reals compared by bit pattern (NaN != NaN otherwise).
func same(_ a: PropertyListValue, _ b: PropertyListValue) -> Bool {
    switch (a, b) {
    case (.real(let x), .real(let y)), (.date(let x), .date(let y)): return x.bitPattern == y.bitPattern
    case (.float(let x), .float(let y)): return x.bitPattern == y.bitPattern
    case (.array(let x), .array(let y)), (.set(let x), .set(let y)):
        return x.count == y.count && zip(x, y).allSatisfy(same)
    case (.dictionary(let x), .dictionary(let y)):
        return x.count == y.count && zip(x, y).allSatisfy { $0.key.utf8.elementsEqual($1.key.utf8) && same($0.value, $1.value) }
    case (.string(let x), .string(let y)): return x.utf8.elementsEqual(y.utf8)
    default: return a == b
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let input = size == 0 ? [] : Array(UnsafeBufferPointer(start: data!, count: size))
    let plist: BinaryPropertyList
    do { plist = try BinaryPropertyList(bytes: input) } catch {
        if error.offset < 0 || error.offset > input.count { fuzzFail("error offset outside input: \(error)") }
        return 0
    }
    if let value = try? PropertyListValue(plist, maxValues: 20_000) {
        for mode in [BinaryPropertyListWriter.Uniquing.coreFoundation, .none] {
            let bytes = BinaryPropertyListWriter(uniquing: mode).write(value)
            guard let back = try? PropertyListValue(BinaryPropertyList(bytes: bytes), maxValues: 40_000) else {
                fuzzFail("writer output does not read back (\(mode))")
            }
            // Lone UTF-16 surrogates are repaired on reading, so only lists without them must compare equal.
            if !same(value, back), !"\(value)".contains("\u{FFFD}") { fuzzFail("writer round trip changed the value (\(mode))") }
        }
    }
    let keyed: KeyedArchive
    do { keyed = try KeyedArchive(plist: plist) } catch {
        if error.offset < 0 || error.offset > input.count { fuzzFail("keyed error offset outside input: \(error)") }
        return 0
    }
    let graph = NibGraph(keyed)
    for (i, object) in graph.objects.enumerated() {
        for entry in object.entries {
            if let t = entry.value.objectIndex, t < 0 || t >= graph.objects.count { fuzzFail("object \(i) refers to \(t)") }
        }
    }
    let nib = NibArchiveWriter(options: .keyedConversion).write(graph)
    guard (try? NibArchive(bytes: nib)) != nil else { fuzzFail("NIBArchive conversion does not verify") }
    let rearchived = KeyedArchiveWriter(classChains: keyed.classChains).write(graph)
    guard let again = try? KeyedArchive(bytes: rearchived) else { fuzzFail("keyed re-archive does not verify") }
    let back = NibGraph(again)
    // The re-archive keeps every object reachable from the root; unreachable ones are dropped.
    if back.objects.count > graph.objects.count { fuzzFail("re-archive grew from \(graph.objects.count) to \(back.objects.count) objects") }
    // In the graph's own order every object keeps its number, reachable or not.
    guard let ordered = try? KeyedArchive(bytes: KeyedArchiveWriter(objectOrder: .asGiven).write(graph)) else {
        fuzzFail("keyed re-archive in graph order does not verify")
    }
    if NibGraph(ordered).objects.map(\.className) != graph.objects.map(\.className) { fuzzFail("re-archive in graph order renumbered objects") }
    return 0
}
