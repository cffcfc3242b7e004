import Foundation
import Testing
import NibArchive
import NibRuntime
import NibTestSupport

/// An owner that records every connection made on it, in order.
final class RecordingOwner: NibConnectable, NibAwaking {
    var outlets: [(String, AnyObject?)] = []
    var collections: [(String, [AnyObject])] = []
    var actions: [(AnyObject?, String, UInt64)] = []
    var attributes: [(String, NibDecodedValue)] = []
    var awakeCount = 0
    var acceptedOutlets: Set<String>?

    init(accepting: Set<String>? = nil) { acceptedOutlets = accepting }

    func setOutlet(_ name: String, to object: AnyObject?) throws {
        if let acceptedOutlets, !acceptedOutlets.contains(name) {
            throw NibLoadingError.undefinedKey(className: "RecordingOwner", key: name)
        }
        outlets.append((name, object))
    }
    func setOutletCollection(_ name: String, to objects: [AnyObject], appending: Bool) throws { collections.append((name, objects)) }
    func addAction(target: AnyObject?, selector: String, events: UInt64) throws { actions.append((target, selector, events)) }
    func setRuntimeAttribute(_ keyPath: String, to value: NibDecodedValue) throws { attributes.append((keyPath, value)) }
    func awakeFromNib() { awakeCount += 1 }
}

/// Connection counts read from a XIB's text, independent of the nib reader.
struct XibConnections {
    var outlets: [String] = []
    var actions: [String] = []
    var outletCollections: [String] = []

    init(xibPath: String) throws {
        let text = try String(contentsOfFile: xibPath, encoding: .utf8)
        outlets = Self.attribute("property", ofElements: "outlet", in: text)
        outletCollections = Self.attribute("property", ofElements: "outletCollection", in: text)
        actions = Self.attribute("selector", ofElements: "action", in: text)
    }

    static func attribute(_ name: String, ofElements element: String, in text: String) -> [String] {
        var result = [String]()
        var rest = Substring(text)
        while let r = rest.range(of: "<\(element) ") {
            let tail = rest[r.upperBound...]
            guard let end = tail.firstIndex(of: ">") else { break }
            let tag = tail[..<end]
            if let a = tag.range(of: " \(name)=\"") ?? (tag.hasPrefix("\(name)=\"") ? tag.range(of: "\(name)=\"") : nil) {
                let v = tag[a.upperBound...]
                if let q = v.firstIndex(of: "\"") { result.append(String(v[..<q])) }
            }
            rest = tail[end...]
        }
        return result
    }
}

/// Every object reachable from `roots` through values, outlets and collections.
func reachableObjects(from roots: [AnyObject], owner: RecordingOwner? = nil) -> [AnyObject] {
    var seen = Set<ObjectIdentifier>()
    var result = [AnyObject]()
    var stack = roots
    if let owner { stack.append(contentsOf: owner.outlets.compactMap(\.1)) }
    func push(_ v: NibDecodedValue) {
        switch v {
        case .object(let o): stack.append(o)
        case .weakObject(let w): if let o = w.object { stack.append(o) }
        case .array(let a), .set(let a): a.forEach(push)
        case .dictionary(let d): d.forEach { push($0.key); push($0.value) }
        default: break
        }
    }
    while let o = stack.popLast() {
        guard seen.insert(ObjectIdentifier(o)).inserted else { continue }
        result.append(o)
        if let g = o as? GenericNibObject {
            g.values.forEach(push)
            stack.append(contentsOf: g.outlets.values)
            g.outletCollections.values.forEach { stack.append(contentsOf: $0) }
        }
    }
    return result
}

/// The iOS nibs of the shared corpus that have a XIB beside them.
func iosCorpusNibs() throws -> [URL] {
    let ddg = try SharedCorpus.files(under: "nib/duckduckgo", suffix: ".nib").filter { !$0.path.contains(".storyboardc") }
    let sm = try SharedCorpus.files(under: "nib/swiftmessages", suffix: ".nib")
    return (ddg + sm).filter { FileManager.default.fileExists(atPath: $0.deletingPathExtension().appendingPathExtension("xib").path) }
}

func corpusPath(_ relative: String) throws -> String {
    try SharedCorpus.require().appendingPathComponent(relative).path
}

/// Builds small NIBArchives for tests through the NibArchive writer.
struct SyntheticNib {
    var graph = NibGraph()

    init() { graph.add(NibObject(className: "NSObject")) }

    @discardableResult
    mutating func object(_ className: String, _ entries: [(String, NibGraphValue)] = []) -> Int {
        graph.add(NibObject(className: className, entries: entries.map { NibEntry(key: $0.0, value: $0.1) }))
    }

    mutating func string(_ s: String, className: String = "NSString") -> Int {
        object(className, [("NS.bytes", .data(Array(s.utf8)))])
    }

    mutating func array(_ items: [Int], className: String = "NSArray") -> Int {
        object(className, [("NSInlinedValue", .bool(true))] + items.map { ("UINibEncoderEmptyKey", .object($0)) })
    }

    mutating func keyedSet(_ items: [Int]) -> Int {
        object("NSSet", items.enumerated().map { ("NS.object.\($0.offset)", .object($0.element)) })
    }

    mutating func proxy(_ identifier: String) -> Int {
        let s = string(identifier)
        return object("UIProxyObject", [("UIProxiedObjectIdentifier", .object(s))])
    }

    mutating func outlet(_ source: Int, _ label: String, _ destination: Int) -> Int {
        let l = string(label)
        return object("UIRuntimeOutletConnection", [("UILabel", .object(l)), ("UISource", .object(source)), ("UIDestination", .object(destination))])
    }

    mutating func action(_ source: Int, _ selector: String, _ destination: Int, mask: Int64 = 64) -> Int {
        let l = string(selector)
        return object("UIRuntimeEventConnection", [("UILabel", .object(l)), ("UISource", .object(source)),
                                                   ("UIDestination", .object(destination)), ("UIEventMask", .int(mask))])
    }

    /// Sets the root keys and writes the archive; `objects` defaults to `topLevel`.
    mutating func bytes(topLevel: [Int], objects: [Int]? = nil, connections: [Int] = [], keyValuePairs: [Int] = []) -> [UInt8] {
        let t = array(topLevel)
        let o = array(objects ?? topLevel)
        let c = array(connections)
        let kv = array(keyValuePairs)
        graph.objects[0].entries = [
            NibEntry(key: "UINibTopLevelObjectsKey", value: .object(t)),
            NibEntry(key: "UINibObjectsKey", value: .object(o)),
            NibEntry(key: "UINibConnectionsKey", value: .object(c)),
            NibEntry(key: "UINibKeyValuePairsKey", value: .object(kv)),
        ]
        return NibArchiveWriter().write(graph)
    }
}

/// The first `<rect key="frame" …>` after the first line containing `marker`, as (x, y, width, height).
func xibFrame(after marker: String, in xibPath: String) throws -> [Double]? {
    let text = try String(contentsOfFile: xibPath, encoding: .utf8)
    guard let m = text.range(of: marker), let r = text[m.upperBound...].range(of: "<rect key=\"frame\"") else { return nil }
    let tail = text[r.upperBound...]
    let tag = tail[..<(tail.firstIndex(of: ">") ?? tail.endIndex)]
    return ["x", "y", "width", "height"].map { name -> Double in
        guard let a = tag.range(of: " \(name)=\"") else { return .nan }
        let v = tag[a.upperBound...]
        return Double(v[..<(v.firstIndex(of: "\"") ?? v.endIndex)]) ?? .nan
    }
}

extension Trait where Self == ConditionTrait {
    /// Runs the test when the shared corpus exists; when it is missing the test runs and fails through
    /// `SharedCorpus.require()`, unless `NIBC_ALLOW_MISSING_CORPUS=1`, which skips it with a visible reason.
    static var needsCorpus: Self {
        .enabled(if: SharedCorpus.directory != nil || !SharedCorpus.allowMissing,
                 "shared corpus missing and NIBC_ALLOW_MISSING_CORPUS=1: skipped")
    }
}
