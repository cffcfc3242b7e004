import NibArchive
import NibInspect
import Testing

/// Graph diff and dump on hand-made graphs: cycles, sharing, arrays, sets and dictionaries.
@Suite struct DiffAndDumpTests {
    /// root → NSArray [view A, view B]; A.superview ↔ cycle; both reference one shared string.
    static func sample(text: String = "Hello", swap: Bool = false) -> NibGraph {
        var g = NibGraph()
        g.add(NibObject(className: "NSObject", entries: [NibEntry(key: "UINibObjectsKey", value: .object(1))]))
        g.add(NibObject(className: "NSArray", entries: [
            NibEntry(key: "NSInlinedValue", value: .bool(true)),
            NibEntry(key: "UINibEncoderEmptyKey", value: .object(swap ? 3 : 2)),
            NibEntry(key: "UINibEncoderEmptyKey", value: .object(swap ? 2 : 3)),
        ]))
        g.add(NibObject(className: "UIView", entries: [NibEntry(key: "UISubviews", value: .object(3)), NibEntry(key: "UITag", value: .int(1))]))
        g.add(NibObject(className: "UILabel", entries: [NibEntry(key: "UISuperview", value: .object(2)), NibEntry(key: "UIText", value: .object(4))]))
        g.add(NibObject(className: "NSString", entries: [NibEntry(key: "NS.bytes", value: .data(Array(text.utf8)))]))
        return g
    }

    @Test func identicalGraphsAreEquivalent() {
        let r = NibDiff.compare(Self.sample(), Self.sample())
        #expect(r.isEquivalent)
        #expect(r.score == 1)
        #expect(r.referenceLeafCount > 0)
    }

    @Test func changedLeafIsReportedWithItsPath() {
        let r = NibDiff.compare(Self.sample(), Self.sample(text: "Bye"))
        #expect(!r.isEquivalent)
        #expect(r.missing.count == 1 && r.extra.count == 1)
        // UINibObjectsKey is a link: the label is named by its shortest path, the list entry.
        #expect(r.missing.first?.path == "/NSObject.UINibObjectsKey/NSArray.[00001]/UILabel.UIText/NSString.NS.bytes")
        let objects = r.objects
        #expect(objects.count == 1)
        #expect(objects.first?.className == "UILabel")
        #expect(objects.first?.changed.first?.key == "UIText/NSString.NS.bytes")
        #expect(r.score < 1)
    }

    @Test func tableOrderDoesNotMatterButArrayOrderDoesUnlessLoose() {
        var renumbered = Self.sample()
        renumbered = NibGraphLayout.renumberDepthFirst(renumbered)
        #expect(NibDiff.compare(Self.sample(), renumbered).isEquivalent)
        let swapped = Self.sample(swap: true)
        #expect(!NibDiff.compare(Self.sample(), swapped).isEquivalent)
        func strings(_ items: [String], key: String = "list") -> NibGraph {
            var g = NibGraph()
            g.add(NibObject(className: "NSObject", entries: [NibEntry(key: key, value: .object(1))]))
            g.add(NibObject(className: "NSArray", entries: [NibEntry(key: "NSInlinedValue", value: .bool(true))]))
            for item in items {
                let s = g.add(NibObject(className: "NSString", entries: [NibEntry(key: "NS.bytes", value: .data(Array(item.utf8)))]))
                g.objects[1].append("UINibEncoderEmptyKey", .object(s))
            }
            return g
        }
        // The elements are paired by content: one `(order)` leaf differs (3 of 4 leaves match), reported
        // as one order finding with both orders.
        let strict = NibDiff.compare(strings(["a", "b"]), strings(["b", "a"]))
        #expect(strict.score == 3.0 / 4.0)
        #expect(strict.orders.count == 1)
        #expect(strict.orders.first?.reference == ["[00000] NSString", "[00001] NSString"])
        #expect(strict.orders.first?.other == ["[00001] NSString", "[00000] NSString"])
        #expect(strict.objects.map(\.path) == ["/NSObject.list"])
        // Loose ignores order only where a loader does (connections, object lists, constraints).
        #expect(!NibDiff.compare(strings(["a", "b"]), strings(["b", "a"]), loose: true).isEquivalent)
        let connections = NibDiff.compare(strings(["a", "b"], key: "UINibConnectionsKey"), strings(["b", "a"], key: "UINibConnectionsKey"), loose: true)
        #expect(connections.isEquivalent && connections.score == 1)
        #expect(!NibDiff.compare(strings(["a", "b"], key: "UINibConnectionsKey"), strings(["b", "a"], key: "UINibConnectionsKey")).isEquivalent)
        // A changed element keeps its place; the others are not renamed.
        let changed = NibDiff.compare(strings(["a", "b", "c"]), strings(["a", "x", "c"]))
        #expect(changed.missing.map(\.key) == ["[00001]/NSString.NS.bytes"])
        #expect(changed.orders.isEmpty)
    }

    /// A storyboard controller's `uniqueIdentifierForStoryboardCompilation` is random in ibtool's output: loose
    /// matches any UUID with any UUID, strict does not, and a value that is not a UUID still differs.
    @Test func looseMatchesRandomStoryboardUUIDs() {
        func controller(_ uuid: String, key: String = "uniqueIdentifierForStoryboardCompilation") -> NibGraph {
            var g = NibGraph()
            g.add(NibObject(className: "NSViewController", entries: [NibEntry(key: key, value: .object(1))]))
            g.add(NibObject(className: "NSString", entries: [NibEntry(key: "NS.bytes", value: .data(Array(uuid.utf8)))]))
            return g
        }
        let a = "1DA6C2C8-16A7-4B50-831D-E71056ED4301", b = "8d4101bd-7a22-4b89-968b-bc694161c258"
        #expect(NibDiff.compare(controller(a), controller(b), loose: true).isEquivalent)
        #expect(!NibDiff.compare(controller(a), controller(b)).isEquivalent)
        #expect(!NibDiff.compare(controller(a), controller("not-a-uuid"), loose: true).isEquivalent)
        #expect(!NibDiff.compare(controller(a), controller("1DA6C2C8-16A7-4B50-831D-E71056ED430Z"), loose: true).isEquivalent)
        // Only that key: the same strings elsewhere are compared by value.
        #expect(!NibDiff.compare(controller(a, key: "NSIdentifier"), controller(b, key: "NSIdentifier"), loose: true).isEquivalent)
    }

    @Test func writtenAndReadBackGraphIsEquivalent() throws {
        let bytes = NibArchiveWriter().write(Self.sample())
        let back = NibGraph(try NibArchive(bytes: bytes))
        #expect(NibDiff.compare(Self.sample(), back).isEquivalent)
    }

    @Test func dumpIsCycleSafeAndPrintsEachObjectOnce() {
        let text = NibDump().text(Self.sample())
        #expect(text.contains("#2 UIView"))
        #expect(text.contains("UISuperview = -> #2 UIView"))
        #expect(text.contains("UIText = #4 NSString \"Hello\""))
        #expect(text.components(separatedBy: "= #3 UILabel\n").count == 2)
        #expect(text.components(separatedBy: "= -> #3 UILabel\n").count == 2, "the array's second entry refers back to it")
    }

    static func chain(depth: Int) -> NibGraph {
        var g = NibGraph()
        for i in 0..<depth {
            g.add(NibObject(className: "UIView", entries: [i + 1 < depth ? NibEntry(key: "next", value: .object(i + 1)) : NibEntry(key: "UITag", value: .int(7))]))
        }
        return g
    }

    @Test func deepChainsDoNotOverflowTheStack() {
        let g = Self.chain(depth: 200_000)
        let leaves = GraphLeaves.leaves(g)
        #expect(leaves.count == 1)
        #expect(leaves.first?.type == "depth-limit")
        let shallow = GraphLeaves.leaves(Self.chain(depth: 500))
        #expect(shallow.count == 1)
        #expect(shallow.first?.value == "7")
        let dump = NibDump(maxDepth: 100).text(g)
        #expect(dump.contains("depth limit 100"))
        #expect(NibDiff.compare(g, g).isEquivalent)
    }

    @Test func pathBudgetStopsHugeWalks() {
        var g = NibGraph()
        g.add(NibObject(className: "NSObject", entries: (0..<1000).map { NibEntry(key: "k\($0)", value: .int(Int64($0))) }))
        let leaves = GraphLeaves.leaves(g, pathBudget: 1000)
        #expect(leaves.last?.type == "truncated")
        #expect(leaves.count < 100)
    }

    @Test func dictionariesCompareByKeyNotPosition() {
        func dict(_ pairs: [(String, Int)]) -> NibGraph {
            var g = NibGraph()
            g.add(NibObject(className: "NSObject", entries: [NibEntry(key: "d", value: .object(1))]))
            g.add(NibObject(className: "NSDictionary", entries: [NibEntry(key: "NSInlinedValue", value: .bool(true))]))
            for (k, v) in pairs {
                let key = g.add(NibObject(className: "NSString", entries: [NibEntry(key: "NS.bytes", value: .data(Array(k.utf8)))]))
                let value = g.add(NibObject(className: "NSNumber", entries: [NibEntry(key: "NS.intval", value: .int(Int64(v)))]))
                g.objects[1].append("UINibEncoderEmptyKey", .object(key))
                g.objects[1].append("UINibEncoderEmptyKey", .object(value))
            }
            return g
        }
        #expect(NibDiff.compare(dict([("a", 1), ("b", 2)]), dict([("b", 2), ("a", 1)])).isEquivalent)
        #expect(!NibDiff.compare(dict([("a", 1), ("b", 2)]), dict([("a", 2), ("b", 1)])).isEquivalent)
    }

    /// root -> UIView whose subviews are labels with the given texts and tags (each points back at its
    /// superview, so each is an object with a name, not a value).
    static func labels(_ items: [(text: String, tag: Int64)]) -> NibGraph {
        var g = NibGraph()
        g.add(NibObject(className: "NSObject", entries: [NibEntry(key: "UINibTopLevelObjectsKey", value: .object(1))]))
        g.add(NibObject(className: "NSArray", entries: [NibEntry(key: "UINibEncoderEmptyKey", value: .object(2))]))
        g.add(NibObject(className: "UIView", entries: [NibEntry(key: "UISubviews", value: .object(3))]))
        g.add(NibObject(className: "NSMutableArray", entries: [NibEntry(key: "NSInlinedValue", value: .bool(true))]))
        for item in items {
            let text = g.add(NibObject(className: "NSString", entries: [NibEntry(key: "NS.bytes", value: .data(Array(item.text.utf8)))]))
            let label = g.add(NibObject(className: "UILabel", entries: [
                NibEntry(key: "UISuperview", value: .object(2)), NibEntry(key: "UIText", value: .object(text)),
                NibEntry(key: "UITag", value: .int(item.tag)),
            ]))
            g.objects[3].append("UINibEncoderEmptyKey", .object(label))
        }
        return g
    }

    @Test func reorderedSubviewsWithOneChangedAreOneOrderAndOneChange() {
        let a = Self.labels([("One", 1), ("Two", 2), ("Three", 3)])
        // Reversed, and the label "Two" has another tag: paired by likeness, not crosswise by position.
        let b = Self.labels([("Three", 3), ("Two", 20), ("One", 1)])
        for loose in [false, true] {
            let r = NibDiff.compare(a, b, loose: loose)
            #expect(r.orders.count == 1, "subview order counts in both modes")
            let changed = r.objects.flatMap { o in o.changed.map { (o.path, $0) } }
            #expect(changed.count == 1)
            #expect(changed.first?.0 == "/NSObject.UINibTopLevelObjectsKey/NSArray.[00000]/UIView.UISubviews/NSMutableArray.[00001]")
            #expect(changed.first?.1.key == "UITag" && changed.first?.1.reference == "int8 2" && changed.first?.1.other == "int8 20")
            #expect(r.objects.allSatisfy { $0.missing.isEmpty && $0.extra.isEmpty })
        }
    }

    @Test func appKitTopLevelObjectsAreNamedByTheObjectTableNotItsOrder() {
        // NSIBObjectData: two top-level custom objects owned by the File's Owner, listed in either order.
        func nib(_ order: [Int]) -> NibGraph {
            var g = NibGraph()
            g.add(NibObject(className: "NSObject", entries: [NibEntry(key: "IB.objectdata", value: .object(1))]))
            g.add(NibObject(className: "NSIBObjectData", entries: [
                NibEntry(key: "NSRoot", value: .object(2)), NibEntry(key: "NSObjectsKeys", value: .object(3)),
                NibEntry(key: "NSObjectsValues", value: .object(4)),
            ]))
            g.add(NibObject(className: "NSCustomObject", entries: [NibEntry(key: "NSClassName", value: .data(Array("Owner".utf8)))]))
            g.add(NibObject(className: "NSArray"))
            g.add(NibObject(className: "NSArray"))
            let controllers = ["A", "B"].map { name in
                g.add(NibObject(className: "NSCustomObject", entries: [
                    NibEntry(key: "NSClassName", value: .data(Array(name.utf8))), NibEntry(key: "NSNextResponder", value: .object(2)),
                ]))
            }
            for k in order {
                g.objects[3].append("UINibEncoderEmptyKey", .object(controllers[k]))
                g.objects[4].append("UINibEncoderEmptyKey", .object(2))
            }
            return g
        }
        let names = GraphLeaves.objectNames(nib([0, 1]))
        #expect(names[5]?.hasPrefix("/NSObject.IB.objectdata/NSIBObjectData.NSRoot/NSCustomObject.(owns)[") == true, "\(names)")
        #expect(Set(GraphLeaves.objectNames(nib([1, 0]))) == Set(names))
        let r = NibDiff.compare(nib([0, 1]), nib([1, 0]), loose: true)
        #expect(r.isEquivalent && r.score == 1)
        #expect(NibDiff.compare(nib([0, 1]), nib([1, 0])).missing.allSatisfy { $0.type.hasPrefix("order") })
    }
}
