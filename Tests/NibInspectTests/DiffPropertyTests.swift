import Foundation
import NibArchive
import NibInspect
import NibTestSupport
import Testing

/// Property tests of `nibc diff` over every NIBArchive of the shared corpus (nib/, recent/, the nibs of
/// compiled storyboards): changes a loader cannot see leave `--loose` at 1.0 and equivalent; changes it
/// can see are caught, with the changed object named.
@Suite struct DiffPropertyTests {
    struct Corpus {
        var names: [String] = []
        var graphs: [NibGraph] = []
    }

    static let corpus: Corpus? = {
        guard SharedCorpus.directory != nil, let urls = try? SharedCorpus.files(under: "", suffix: ".nib") else { return nil }
        var c = Corpus()
        for url in urls {
            guard let bytes = try? [UInt8](Data(contentsOf: url)), bytes.starts(with: Array("NIBArchive".utf8)),
                  let archive = try? NibArchive(bytes: bytes) else { continue }
            c.names.append(SharedCorpus.relative(url))
            c.graphs.append(NibGraph(archive))
        }
        return c
    }()

    func corpus() throws -> Corpus? {
        if SharedCorpus.directory == nil, SharedCorpus.allowMissing { print("skipping: shared corpus missing"); return nil }
        let c = try #require(Self.corpus)
        // nib/ (290+ NIBArchives, storyboards' nibs included), recent/ and storyboards/.
        #expect(c.graphs.count >= 370, "expected the shared corpus's NIBArchives, found \(c.graphs.count)")
        #expect(c.names.contains { $0.hasPrefix("recent/") } && c.names.contains { $0.hasPrefix("storyboards/") })
        return c
    }

    /// SplitMix64: a seeded generator, so every run permutes the same way.
    struct Seeded: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9e37_79b9_7f4a_7c15
            var z = state
            z = (z ^ (z >> 30)) &* 0xbf58_476d_1ce4_e5b9
            z = (z ^ (z >> 27)) &* 0x94d0_49bb_1331_11eb
            return z ^ (z >> 31)
        }
    }

    static let connectionKeys: Set<String> = ["UINibConnectionsKey", "NSConnections"]
    static let objectListKeys: Set<String> = ["UINibObjectsKey", "NSObjectsKeys", "NSObjectsValues", "NSOidsKeys", "NSOidsValues"]
    static let subviewKeys: Set<String> = ["UISubviews", "NSSubviews"]
    static let frameKeys = ["NSFrame", "NSFrameSize", "UIBounds", "UICenter"]

    /// The arrays held under one of `keys`.
    static func arrays(_ g: NibGraph, under keys: Set<String>) -> [Int] {
        var out = [Int]()
        for o in g.objects {
            for e in o.entries where keys.contains(e.key) {
                if let t = e.value.objectIndex, g.objects[t].entries.contains(where: { $0.key == "UINibEncoderEmptyKey" }) { out.append(t) }
            }
        }
        return Array(Set(out)).sorted()
    }

    static func elements(_ g: NibGraph, _ array: Int) -> [Int] {
        g.objects[array].entries.filter { $0.key == "UINibEncoderEmptyKey" }.compactMap(\.value.objectIndex)
    }

    /// Shuffles the elements of `array` (a different order whenever there are two or more).
    static func shuffle(_ g: inout NibGraph, _ array: Int, _ rng: inout Seeded) {
        let positions = g.objects[array].entries.indices.filter { g.objects[array].entries[$0].key == "UINibEncoderEmptyKey" }
        guard positions.count >= 2 else { return }
        let values = positions.map { g.objects[array].entries[$0].value }
        var shuffled = values
        repeat { shuffled.shuffle(using: &rng) } while shuffled == values && Set(values.map { "\($0)" }).count > 1
        for (p, v) in zip(positions, shuffled) { g.objects[array].entries[p].value = v }
    }

    /// Shuffles two parallel arrays with one permutation.
    static func shuffleTogether(_ g: inout NibGraph, _ a: Int, _ b: Int, _ rng: inout Seeded) {
        let pa = g.objects[a].entries.indices.filter { g.objects[a].entries[$0].key == "UINibEncoderEmptyKey" }
        let pb = g.objects[b].entries.indices.filter { g.objects[b].entries[$0].key == "UINibEncoderEmptyKey" }
        guard pa.count == pb.count, pa.count >= 2 else { return }
        var permutation = Array(pa.indices)
        permutation.shuffle(using: &rng)
        let va = pa.map { g.objects[a].entries[$0].value }, vb = pb.map { g.objects[b].entries[$0].value }
        for (k, p) in permutation.enumerated() {
            g.objects[a].entries[pa[k]].value = va[p]
            g.objects[b].entries[pb[k]].value = vb[p]
        }
    }

    /// The graph with its objects renumbered by a random permutation (the root stays object 0).
    static func renumbered(_ g: NibGraph, _ rng: inout Seeded) -> NibGraph {
        var order = Array(1..<g.objects.count)
        order.shuffle(using: &rng)
        order.insert(0, at: 0)
        var newIndex = [Int](repeating: 0, count: g.objects.count)
        for (new, old) in order.enumerated() { newIndex[old] = new }
        var out = g
        out.layout = nil
        out.objects = order.map { old in
            var o = g.objects[old]
            for k in o.entries.indices {
                switch o.entries[k].value {
                case .object(let i): o.entries[k].value = .object(newIndex[i])
                case .conditionalObject(let i): o.entries[k].value = .conditionalObject(newIndex[i])
                default: break
                }
            }
            return o
        }
        return out
    }

    /// The graph written with its key and class tables in a random order, then read back.
    static func reTabled(_ g: NibGraph, _ rng: inout Seeded) throws -> NibGraph {
        var keys = Array(Set(g.objects.flatMap { $0.entries.map(\.key) })).sorted()
        keys.shuffle(using: &rng)
        var classes = Array(Set(g.objects.map(\.className))).sorted()
        classes.shuffle(using: &rng)
        var copy = g
        copy.layout = NibTableLayout(keys: keys, classes: classes.map { ($0, []) })
        var options = NibArchiveWriter.Options.preserveLayout
        options.useLayoutHint = true
        let bytes = NibArchiveWriter(options: options).write(copy)
        let back = NibGraph(try NibArchive(bytes: bytes))
        #expect(back.layout?.keys == keys, "the key table was not permuted")
        return back
    }

    @Test func reorderingWhatALoaderIgnoresLeavesLooseAtOne() throws {
        guard let c = try corpus() else { return }
        var rng = Seeded(state: 16)
        var permutedConnections = 0
        for (name, g) in zip(c.names, c.graphs) {
            // The connection list and the flat object lists in another order (AppKit's parallel
            // key and value arrays with one permutation).
            var lists = g
            var permuted = false
            for array in Self.arrays(g, under: Self.connectionKeys.union(["UINibObjectsKey"])) where Self.elements(g, array).count >= 2 {
                Self.shuffle(&lists, array, &rng)
                permuted = permuted || Self.arrays(g, under: Self.connectionKeys).contains(array)
            }
            for table in g.objects.indices {
                for (k, v) in [("NSObjectsKeys", "NSObjectsValues"), ("NSOidsKeys", "NSOidsValues")] {
                    guard let keys = g.objects[table].value(forKey: k)?.objectIndex, let values = g.objects[table].value(forKey: v)?.objectIndex else { continue }
                    Self.shuffleTogether(&lists, keys, values, &rng)
                }
            }
            if permuted { permutedConnections += 1 }
            let loose = NibDiff.compare(g, lists, loose: true)
            #expect(loose.isEquivalent && loose.score == 1, "\(name): reordered lists: \(DiffReport.text(loose, limit: 3))")
            // Strict mode sees the order, and only the order.
            let strict = NibDiff.compare(g, lists)
            let notOrder = (strict.missing + strict.extra).filter { !$0.type.hasPrefix("order") }
            #expect(notOrder.isEmpty, "\(name): reordered lists, strict: \(DiffReport.text(strict, limit: 3))")
            #expect(strict.orders.allSatisfy { $0.loaderIndifferent }, "\(name)")

            // The object table, the key table and the class table in another order.
            let table = Self.renumbered(g, &rng)
            let r1 = NibDiff.compare(g, table)
            #expect(r1.isEquivalent && r1.score == 1, "\(name): renumbered objects: \(DiffReport.text(r1, limit: 3))")
            let tables = try Self.reTabled(table, &rng)
            let r2 = NibDiff.compare(g, tables, loose: true)
            #expect(r2.isEquivalent && r2.score == 1, "\(name): permuted key and class tables: \(DiffReport.text(r2, limit: 3))")
        }
        #expect(permutedConnections >= 150, "only \(permutedConnections) nibs had a connection list to permute")
    }

    @Test func changesALoaderSeesAreCaughtWithTheObjectNamed() throws {
        guard let c = try corpus() else { return }
        var rng = Seeded(state: 61)
        var swapped = 0, moved = 0, dropped = 0
        for (name, g) in zip(c.names, c.graphs) {
            let names = GraphLeaves.objectNames(g)
            let subviewArrays = Self.arrays(g, under: Self.subviewKeys).filter { names[$0] != nil }

            // Two sibling views exchange a differing frame value.
            swap: for array in subviewArrays {
                let views = Self.elements(g, array)
                for key in Self.frameKeys {
                    let withKey = views.filter { g.objects[$0].value(forKey: key) != nil }
                    guard let a = withKey.first, let b = withKey.dropFirst().first(where: { g.objects[$0].value(forKey: key) != g.objects[a].value(forKey: key) }) else { continue }
                    var m = g
                    let ka = m.objects[a].entries.firstIndex { $0.key == key }!, kb = m.objects[b].entries.firstIndex { $0.key == key }!
                    let va = m.objects[a].entries[ka].value
                    m.objects[a].entries[ka].value = m.objects[b].entries[kb].value
                    m.objects[b].entries[kb].value = va
                    let r = NibDiff.compare(g, m, loose: true)
                    #expect(!r.isEquivalent && r.score < 1, "\(name): swapped \(key) not caught")
                    // Named as the views' changed frames, or, for views alike in all else, as their order.
                    let loosened = Set([a, b].compactMap { names[$0] }.map(Self.dropPositions))
                    let holder = names[array].map(Self.dropPositions)
                    // Named as the views' changed frames (views without references are values, named by
                    // their place in the array), or, for views alike in all else, as their order.
                    let named = r.objects.contains { loosened.contains($0.path) && $0.changed.contains { $0.key == key || $0.key.hasPrefix(key + "/") } }
                        || r.objects.contains { $0.path == holder && ($0.order != nil || $0.changed.contains { $0.key.contains("." + key) }) }
                    #expect(named, "\(name): swapped \(key) of \(names[a] ?? "a value") and \(names[b] ?? "a value"): \(DiffReport.text(r, limit: 3))")
                    swapped += 1
                    break swap
                }
            }

            // A subview moves to another parent.
            move: for array in subviewArrays {
                let views = Self.elements(g, array)
                guard let v = views.first, names[v] != nil else { continue }
                let inside = Self.subtree(g, of: v)
                guard let target = subviewArrays.first(where: { $0 != array && !inside.contains($0) }) else { continue }
                var m = g
                let k = m.objects[array].entries.firstIndex { $0.key == "UINibEncoderEmptyKey" && $0.value.objectIndex == v }!
                m.objects[array].entries.remove(at: k)
                m.objects[target].entries.append(NibEntry(key: "UINibEncoderEmptyKey", value: .object(v)))
                let r = NibDiff.compare(g, m, loose: true)
                #expect(!r.isEquivalent && r.score < 1, "\(name): moved subview not caught")
                // Named where it was: its old name lost its keys (or another view alike took its place),
                // or, when a shorter containment path names it (a table's footer view), the old parent's
                // subviews lost it.
                let old = Self.dropPositions(names[v]!)
                let holder = names[array].map(Self.dropPositions)
                let cls = g.objects[v].className
                #expect(r.objects.contains { ($0.path == old && $0.className == cls) || ($0.path == holder && $0.missing.contains { $0.value.hasSuffix("@" + cls) || $0.value.hasSuffix(" " + cls) }) },
                        "\(name): moved \(names[v]!): \(DiffReport.text(r, limit: 3))")
                moved += 1
                break move
            }

            // One connection is dropped.
            for array in Self.arrays(g, under: Self.connectionKeys) {
                let connections = Self.elements(g, array)
                guard !connections.isEmpty else { continue }
                let drop = connections[Int.random(in: 0..<connections.count, using: &rng)]
                guard let old = names[drop] else { continue }
                var m = g
                let k = m.objects[array].entries.firstIndex { $0.key == "UINibEncoderEmptyKey" && $0.value.objectIndex == drop }!
                m.objects[array].entries.remove(at: k)
                let r = NibDiff.compare(g, m, loose: true)
                #expect(!r.isEquivalent && r.score < 1, "\(name): dropped connection not caught")
                #expect(r.objects.contains { $0.path == Self.dropPositions(old) && $0.className == g.objects[drop].className && !$0.missing.isEmpty },
                        "\(name): dropped \(old): \(DiffReport.text(r, limit: 3))")
                dropped += 1
                break
            }
        }
        #expect(swapped >= 100 && moved >= 100 && dropped >= 150, "mutated: \(swapped) frame swaps, \(moved) moves, \(dropped) dropped connections")
        print("diff properties: \(swapped) frame swaps, \(moved) moved subviews, \(dropped) dropped connections caught")
    }

    /// Every object below `root` through subview arrays (to avoid moving a view into itself).
    static func subtree(_ g: NibGraph, of root: Int) -> Set<Int> {
        var seen: Set<Int> = [root]
        var stack = [root]
        while let o = stack.popLast() {
            for e in g.objects[o].entries where subviewKeys.contains(e.key) || e.key == "UINibEncoderEmptyKey" {
                if let t = e.value.objectIndex, seen.insert(t).inserted { stack.append(t) }
            }
        }
        return seen
    }

    /// `--loose` names.
    static func dropPositions(_ path: String) -> String { GraphLeaves.looseName(path) }
}
