import Foundation
import NibTestSupport
import PropertyList
import Testing

/// Every binary property list of the shared corpus (keyed-archive nibs, `keyedobjects.nib` files of old
/// nib bundles, `Info.plist` files) reads into the same value as Foundation's `PropertyListSerialization`,
/// and writes back byte for byte.
@Suite struct CorpusPropertyListTests {
    /// Every corpus file that starts with `bplist00`, sorted.
    static func corpusPlists() throws -> [URL] {
        let root = try SharedCorpus.require()
        var result = [URL]()
        for case let url as URL in FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isRegularFileKey])! {
            guard (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true,
                  let handle = try? FileHandle(forReadingFrom: url) else { continue }
            let head = handle.readData(ofLength: 8)
            try? handle.close()
            if [UInt8](head) == BinaryPropertyList.magic { result.append(url) }
        }
        return result.sorted { $0.path < $1.path }
    }

    @Test func corpusHasKeyedNibsAndInfoPlists() throws {
        if SharedCorpus.directory == nil && SharedCorpus.allowMissing { return }
        let files = try Self.corpusPlists()
        #expect(files.count >= 39, "found \(files.count) bplist files")
        #expect(files.contains { $0.path.hasSuffix("nib/sparkle/SUStatus.nib") })
        #expect(files.contains { $0.lastPathComponent == "keyedobjects.nib" })
        #expect(files.contains { $0.lastPathComponent == "Info.plist" })
    }

    @Test func everyCorpusPlistEqualsFoundation() throws {
        if SharedCorpus.directory == nil && SharedCorpus.allowMissing { return }
        for url in try Self.corpusPlists() {
            let data = try Data(contentsOf: url)
            let plist = try BinaryPropertyList(data: data)
            let ours = Canonical.text(try PropertyListValue(plist))
            let foundation = Canonical.text(foundation: try PropertyListSerialization.propertyList(from: data, options: [], format: nil))
            #expect(ours == foundation, "\(SharedCorpus.relative(url)) differs from Foundation")
            #expect(ours.count > 20)
        }
    }

    /// Every corpus list written back (with either uniquing rule) reads as the same value, and the writer
    /// reproduces the files whose sharing follows from values alone byte for byte (14 of 39: the SwiftMessages
    /// framework plists and the storyboard `Info.plist` files without a shared string instance). The rest
    /// share string, number and UID instances the way the writing program happened to hold them, which a
    /// value does not record.
    @Test func writerReproducesCorpusBytes() throws {
        if SharedCorpus.directory == nil && SharedCorpus.allowMissing { return }
        var identical = 0, files = 0
        var mismatched = [String]()
        for url in try Self.corpusPlists() {
            let bytes = try [UInt8](Data(contentsOf: url))
            let value = try PropertyListValue(BinaryPropertyList(bytes: bytes))
            files += 1
            let scalars = BinaryPropertyListWriter(uniquing: .coreFoundation).write(value)
            let none = BinaryPropertyListWriter(uniquing: .none).write(value)
            // Whatever the layout, the output reads back as the same value.
            #expect(try PropertyListValue(BinaryPropertyList(bytes: scalars)) == value)
            #expect(try PropertyListValue(BinaryPropertyList(bytes: none)) == value)
            if scalars == bytes || none == bytes { identical += 1 } else { mismatched.append(SharedCorpus.relative(url)) }
        }
        print("bplist writer: \(identical) of \(files) corpus files byte-identical; differ: \(mismatched)")
        #expect(identical >= 14, "byte-identical: \(identical); differ: \(mismatched)")
    }
}

/// A canonical text of a property list, with dictionary keys sorted, for comparing with Foundation.
enum Canonical {
    static func text(_ v: PropertyListValue) -> String {
        switch v {
        case .null: return "null"
        case .bool(let b): return "b:\(b)"
        case .integer(let i): return "i:\(i)"
        case .real(let d): return "r:\(d)"
        case .float(let f): return "r:\(Double(f))"
        case .date(let d): return "d:\(d)"
        case .data(let bytes): return "x:" + bytes.map { String(format: "%02x", $0) }.joined()
        case .string(let s): return "s:" + s.debugDescription
        case .uid(let u): return "u:\(u)"
        case .array(let items): return "[" + items.map(text).joined(separator: ",") + "]"
        case .set(let items): return "{" + items.map(text).sorted().joined(separator: ",") + "}"
        case .dictionary(let entries):
            return "<" + entries.map { "s:" + $0.key.debugDescription + "=" + text($0.value) }.sorted().joined(separator: ",") + ">"
        }
    }

    static func text(foundation v: Any) -> String {
        if let s = v as? String { return "s:" + s.debugDescription }
        if let d = v as? Data { return "x:" + d.map { String(format: "%02x", $0) }.joined() }
        if let d = v as? Date { return "d:\(d.timeIntervalSinceReferenceDate)" }
        if let n = v as? NSNumber {
            switch UnicodeScalar(UInt8(bitPattern: n.objCType.pointee)) {
            case "c", "B": return "b:\(n.boolValue)"
            case "f", "d": return "r:\(n.doubleValue)"
            default: return "i:\(n.int64Value)"
            }
        }
        if let a = v as? [Any] { return "[" + a.map { text(foundation: $0) }.joined(separator: ",") + "]" }
        if let d = v as? [AnyHashable: Any] {
            return "<" + d.map { "s:" + ($0.key.base as! String).debugDescription + "=" + text(foundation: $0.value) }.sorted().joined(separator: ",") + ">"
        }
        if let s = v as? NSSet { return "{" + s.allObjects.map { text(foundation: $0) }.sorted().joined(separator: ",") + "}" }
        // Foundation's CF$UID object exposes its number only through reflection (test-only use).
        if String(describing: type(of: v)).contains("KeyedArchiverUID"),
           let value = Mirror(reflecting: v).children.first(where: { $0.label == "value" })?.value {
            return "u:\(value)"
        }
        return "?\(type(of: v))"
    }
}
