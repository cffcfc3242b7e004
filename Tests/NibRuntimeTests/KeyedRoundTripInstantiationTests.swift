import Foundation
import KeyedArchive
import NibArchive
import NibRuntime
import NibTestSupport
import Testing

/// The instantiated graph as lines, objects named by first-visit order from the owner's connections, the external
/// objects' (by identifier) and the top-level objects, then through values, outlets, collections and action
/// targets: two instantiations give the same lines exactly when they create the same classes with the same values
/// and make the same connections, whatever order their archives list the objects in.
func instantiatedGraphLines(top: [AnyObject], owner: RecordingOwner, externals: [String: AnyObject]) -> [String] {
    var names = [ObjectIdentifier(owner): "owner"]
    for (id, object) in externals { names[ObjectIdentifier(object)] = "external \(id)" }
    var number = [ObjectIdentifier: Int]()
    var queue = [AnyObject]()
    func ref(_ object: AnyObject?) -> String {
        guard let object else { return "nil" }
        if let name = names[ObjectIdentifier(object)] { return name }
        if let n = number[ObjectIdentifier(object)] { return "#\(n)" }
        number[ObjectIdentifier(object)] = queue.count
        queue.append(object)
        return "#\(queue.count - 1)"
    }
    func describe(_ value: NibDecodedValue) -> String {
        switch value {
        case .object(let o): return ref(o)
        case .weakObject(let w): return "weak " + ref(w.object)
        case .array(let a): return "[" + a.map(describe).joined(separator: ", ") + "]"
        case .set(let a): return "{" + a.map(describe).joined(separator: ", ") + "}"
        case .dictionary(let d): return "[" + d.map { describe($0.key) + ": " + describe($0.value) }.joined(separator: ", ") + "]"
        case .data(let bytes): return "<" + bytes.map { String($0, radix: 16) }.joined(separator: " ") + ">"
        default: return value.description
        }
    }
    func connections(_ r: RecordingOwner) -> String {
        let outlets = r.outlets.map { "\($0.0)=\(ref($0.1))" }
        let collections = r.collections.map { "\($0.0)=[\($0.1.map(ref).joined(separator: " "))]" }
        let actions = r.actions.map { "\(ref($0.0)) \($0.1) \($0.2)" }
        let attributes = r.attributes.map { "\($0.0)=\(describe($0.1))" }
        return "outlets \(outlets) collections \(collections) actions \(actions) attributes \(attributes) awake \(r.awakeCount)"
    }
    var lines = ["owner: " + connections(owner)]
    for (id, object) in externals.sorted(by: { $0.key < $1.key }) {
        if let r = object as? RecordingOwner { lines.append("external \(id): " + connections(r)) }
    }
    lines.append("top: " + top.map(ref).joined(separator: " "))
    var next = 0
    while next < queue.count {
        let object = queue[next]
        var line = "#\(next)"
        next += 1
        guard let g = object as? GenericNibObject else { lines.append(line + " \(type(of: object))"); continue }
        line += " \(g.className)(\(g.originalClassName ?? ""))"
        for (key, value) in zip(g.keys, g.values) { line += " \(key)=\(describe(value))" }
        let outlets = g.outlets
        line += " | outlets " + g.outletOrder.map { "\($0)=\(ref(outlets[$0]))" }.joined(separator: " ")
        line += " | collections " + g.outletCollections.sorted { $0.key < $1.key }.map { "\($0.key)=[\($0.value.map(ref).joined(separator: " "))]" }.joined(separator: " ")
        line += " | actions " + g.actions.map { "\(ref($0.target)) \($0.selector) \($0.events)" }.joined(separator: " ")
        line += " | attributes " + g.runtimeAttributes.sorted { $0.key < $1.key }.map { "\($0.key)=\(describe($0.value))" }.joined(separator: " ")
        line += " | awake \(g.awakeFromNibCount) after \(g.connectionsAtAwake)"
        lines.append(line)
    }
    return lines
}

@Suite(.needsCorpus) struct KeyedRoundTripInstantiationTests {
    /// Every NIBArchive nib of the corpus, its keyed form (in the original's object order, and in NSKeyedArchiver's
    /// order as `nibc convert` writes it by default) and that keyed form written back as NIBArchive with the
    /// writer's layout options and the original's layout hint (byte-identical to the original:
    /// NibArchiveRoundTripTests) instantiate into the same graph of generic objects: same classes, values,
    /// outlets, collections, actions, runtime attributes and awakening.
    @Test func nibArchiveItsKeyedFormAndTheWayBackInstantiateTheSameGraph() throws {
        let files = try SharedCorpus.files(under: "nib", suffix: ".nib").filter {
            (try? FileHandle(forReadingFrom: $0).read(upToCount: 10)) == Data("NIBArchive".utf8)
        }
        #expect(files.count > 300)
        var objectsCompared = 0
        for url in files {
            let name = SharedCorpus.relative(url)
            let original = try [UInt8](Data(contentsOf: url))
            let archive = try NibArchive(bytes: original)
            let graph = NibGraph(archive)
            let keyed = KeyedArchiveWriter(objectOrder: .asGiven).write(graph)
            let keyedArchiverOrder = KeyedArchiveWriter().write(graph)
            var back = NibGraph(try KeyedArchive(bytes: keyed), coderVersion: archive.coderVersion)
            back.layout = graph.layout
            let backBytes = NibArchiveWriter(options: .preserveLayout).write(back)
            var graphs = [[String]]()
            for bytes in [original, keyed, keyedArchiverOrder, backBytes] {
                let template = try NibTemplate(bytes: bytes, registry: NibClassRegistry())
                let owner = RecordingOwner()
                let externals = try externalPlaceholdersOf(template)
                let top = try template.instantiate(owner: owner, externalObjects: externals)
                graphs.append(instantiatedGraphLines(top: top, owner: owner, externals: externals))
            }
            for (form, lines) in zip(["keyed", "keyed in NSKeyedArchiver's order", "back-converted"], graphs.dropFirst()) {
                // (Compared line by line so that a failure names the first differing object, not two whole graphs.)
                let firstDifference = zip(graphs[0], lines).first { $0 != $1 }.map { "\($0.0)\n  vs \($0.1)" }
                let sameCount = lines.count == graphs[0].count
                #expect(sameCount && firstDifference == nil, "\(name), \(form): \(lines.count) vs \(graphs[0].count) lines; first difference: \(firstDifference ?? "none")")
            }
            objectsCompared += graphs[0].filter { $0.hasPrefix("#") }.count
        }
        print("NIBArchive, keyed and back-converted instantiations: \(files.count) files, \(objectsCompared) objects compared in each form")
        // 6,978 objects per form on 2026-11-25.
        if SharedCorpus.directory != nil { #expect(objectsCompared >= 6978) }
    }
}
