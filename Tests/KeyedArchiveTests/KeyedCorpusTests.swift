import Foundation
import KeyedArchive
import NibArchive
import NibInspect
import NibTestSupport
import PropertyList
import Testing

/// The keyed-archive nibs of the shared corpus (Sparkle's compiled nibs and the `keyedobjects.nib` files of
/// old nib bundles) read onto the graph model, checked against Foundation's reading of the same files.
@Suite struct KeyedCorpusTests {
    /// Every keyed-archive nib of the corpus.
    static func keyedNibs() throws -> [URL] {
        if SharedCorpus.directory == nil && SharedCorpus.allowMissing { return [] }
        let nibs = try SharedCorpus.files(under: "nib/sparkle", suffix: ".nib") + SharedCorpus.files(under: "legacy", suffix: "keyedobjects.nib")
        #expect(nibs.count == 10, "\(nibs.map(SharedCorpus.relative))")
        return nibs
    }

    @Test func everyKeyedNibMapsOntoTheGraph() throws {
        for url in try Self.keyedNibs() {
            let name = SharedCorpus.relative(url)
            let archive = try KeyedArchive(contentsOf: url.path)
            let graph = NibGraph(archive)
            #expect(archive.archiver == "NSKeyedArchiver" && archive.version == 100000, "\(name)")
            // Root and object data as in a NIBArchive nib.
            #expect(graph.objects[0].className == "NSObject")
            guard case .object(let data)? = graph.objects[0].value(forKey: "IB.objectdata") else {
                Issue.record("\(name): no IB.objectdata reference"); continue
            }
            #expect(graph.objects[data].className == "NSIBObjectData", "\(name)")
            // Every reference is inside the graph.
            for object in graph.objects {
                for entry in object.entries {
                    if let target = entry.value.objectIndex { #expect(target > 0 && target < graph.objects.count, "\(name)") }
                }
            }
            // Class census equals Foundation's: each $objects dictionary with $class gives one object of that class,
            // each plain string one NSString, each number one NSNumber, each data one NSData.
            let plist = try PropertyListSerialization.propertyList(from: Data(contentsOf: url), options: [], format: nil) as! [String: Any]
            let objects = plist["$objects"] as! [Any]
            var expected = [String: Int]()
            for (i, o) in objects.enumerated() where i > 0 {
                if let d = o as? [AnyHashable: Any] {
                    if let uid = d["$class"] { expected[(objects[Self.uid(uid)] as! [AnyHashable: Any])["$classname"] as! String, default: 0] += 1 }
                } else if o is String { expected["NSString", default: 0] += 1 }
                else if o is Data { expected["NSData", default: 0] += 1 }
                else if o is NSNumber { expected["NSNumber", default: 0] += 1 }
            }
            var actual = [String: Int]()
            for object in graph.objects.dropFirst() { actual[object.className, default: 0] += 1 }
            #expect(actual == expected, "\(name): class census differs")
            // Strings carry their text as NS.bytes, as in NIBArchive.
            let strings = Set(objects.dropFirst().compactMap { $0 as? String })
            let graphStrings = Set(graph.objects.filter { $0.className == "NSString" }.compactMap { o -> String? in
                if case .data(let b)? = o.value(forKey: "NS.bytes") { return String(decoding: b, as: UTF8.self) }
                return nil
            })
            #expect(strings == graphStrings, "\(name)")
            // Dump and JSON dump run over the whole graph.
            #expect(NibDump().text(graph).contains("NSIBObjectData"))
            #expect(NibJSONDump.json(graph).hasSuffix("]}\n"))
        }
    }

    /// Collections take NIBArchive's inlined form; NSMutableString's NS.string becomes NS.bytes.
    @Test func collectionsAndStringsTakeTheNibArchiveForm() throws {
        guard let url = try Self.keyedNibs().first(where: { $0.path.hasSuffix("nib/sparkle/SUStatus.nib") }) else { return }
        let graph = NibGraph(try KeyedArchive(contentsOf: url.path))
        let arrays = graph.objects.filter { $0.className == "NSMutableArray" }
        #expect(!arrays.isEmpty)
        for array in arrays {
            #expect(array.entries.first == NibEntry(key: "NSInlinedValue", value: .bool(true)))
            #expect(array.entries.dropFirst().allSatisfy { $0.key == "UINibEncoderEmptyKey" && $0.value.objectIndex != nil })
        }
        for dictionary in graph.objects where dictionary.className.hasSuffix("Dictionary") {
            #expect((dictionary.entries.count - 1) % 2 == 0)
        }
        #expect(!graph.objects.contains { $0.entries.contains { $0.key == "NS.objects" || $0.key == "NS.keys" || $0.key == "NS.string" } })
    }

    /// Keyed → NIBArchive bytes → graph: the same leaves (what `nibc convert` relies on).
    @Test func convertingToNibArchivePreservesTheGraph() throws {
        for url in try Self.keyedNibs() {
            let graph = NibGraph(try KeyedArchive(contentsOf: url.path))
            let bytes = NibArchiveWriter(options: .keyedConversion).write(graph)
            let back = NibGraph(try NibArchive(bytes: bytes))
            let diff = NibDiff.compare(graph, back)
            #expect(diff.isEquivalent, "\(SharedCorpus.relative(url)): \(diff.missing.prefix(3)) \(diff.extra.prefix(3))")
            #expect(diff.referenceLeafCount > 100)
        }
    }

    /// Keyed → NIBArchive → keyed (with the original's class chains): the same graph, object for object.
    @Test func keyedThroughNibArchiveAndBack() throws {
        for url in try Self.keyedNibs() {
            let original = try KeyedArchive(contentsOf: url.path)
            let graph = NibGraph(original)
            let nib = NibGraph(try NibArchive(bytes: NibArchiveWriter(options: .keyedConversion).write(graph)))
            let rearchived = try KeyedArchive(bytes: KeyedArchiveWriter(classChains: original.classChains).write(nib))
            let back = NibGraph(rearchived)
            #expect(NibDiff.compare(graph, back).isEquivalent, "\(SharedCorpus.relative(url))")
            #expect(back.objects.count == graph.objects.count)
            #expect(back.objects.map(\.className).sorted() == graph.objects.map(\.className).sorted())
            #expect(rearchived.classChains == original.classChains, "\(SharedCorpus.relative(url))")
            #expect(rearchived.objects.count == original.objects.count, "\(SharedCorpus.relative(url)): $objects count")
        }
    }

    static func uid(_ v: Any) -> Int {
        Int("\(Mirror(reflecting: v).children.first { $0.label == "value" }!.value)")!
    }
}
