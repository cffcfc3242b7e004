import Foundation
import NibArchive
import NibRuntime
import NibTestSupport
import Testing

/// Reads every kind of value the coder supports into properties.
final class EverythingStub: NibDecodable, NibConnectable {
    let rect: NibRect, rect32: NibRect, point: NibPoint, size: NibSize, insets: NibEdgeInsets, appKitFrame: NibRect, appKitSize: NibSize
    let small: Int, big: Int64, negative: Int, flag: Bool, intAsBool: Bool, boolAsInt: Int, float: Float, double: Double, intAsDouble: Double
    let text: String?, mutableText: String?, localizable: String?, bytes: [UInt8]?, data: [UInt8]?
    let number: NibNumber?, numbers: [NibDecodedValue]?, set: [NibDecodedValue]?, mutableSet: [NibDecodedValue]?
    let dictionary: [String: NibDecodedValue]?, children: [AnyObject]
    let missingInt: Int, missingBool: Bool, missingString: String?, missingObject: AnyObject?, missingRect: NibRect
    let hasText: Bool, keys: [String]
    var collections: [String: [AnyObject]] = [:]
    var attributes: [String: NibDecodedValue] = [:]

    init(coder: NibCoder) throws {
        rect = coder.decodeRect(forKey: "rect"); rect32 = coder.decodeRect(forKey: "rect32")
        point = coder.decodePoint(forKey: "point"); size = coder.decodeSize(forKey: "size")
        insets = coder.decodeEdgeInsets(forKey: "insets"); appKitFrame = coder.decodeRect(forKey: "NSFrame")
        appKitSize = coder.decodeSize(forKey: "NSFrameSize")
        small = coder.decodeInteger(forKey: "small"); big = coder.decodeInt64(forKey: "big"); negative = coder.decodeInteger(forKey: "negative")
        flag = coder.decodeBool(forKey: "flag"); intAsBool = coder.decodeBool(forKey: "small"); boolAsInt = coder.decodeInteger(forKey: "flag")
        float = coder.decodeFloat(forKey: "float"); double = coder.decodeDouble(forKey: "double"); intAsDouble = coder.decodeDouble(forKey: "small")
        text = coder.decodeString(forKey: "text"); mutableText = coder.decodeString(forKey: "mtext"); localizable = coder.decodeString(forKey: "ltext")
        bytes = coder.decodeBytes(forKey: "bytes"); data = coder.decodeBytes(forKey: "data")
        number = coder.decodeNumber(forKey: "number"); numbers = coder.decodeArray(forKey: "numbers")
        set = coder.decodeSet(forKey: "set"); mutableSet = coder.decodeSet(forKey: "mset")
        dictionary = coder.decodeStringKeyedDictionary(forKey: "dict"); children = coder.decodeObjects(forKey: "children")
        missingInt = coder.decodeInteger(forKey: "nope"); missingBool = coder.decodeBool(forKey: "nope")
        missingString = coder.decodeString(forKey: "nope"); missingObject = coder.decodeObject(forKey: "nope")
        missingRect = coder.decodeRect(forKey: "nope")
        hasText = coder.containsValue(forKey: "text"); keys = coder.allKeys
    }
    func setOutletCollection(_ name: String, to objects: [AnyObject], appending: Bool) throws { collections[name] = objects }
    func setRuntimeAttribute(_ keyPath: String, to value: NibDecodedValue) throws { attributes[keyPath] = value }
}

func packed(_ values: [Double], float32: Bool = false) -> NibGraphValue {
    var bytes: [UInt8] = [float32 ? 6 : 7]
    for v in values {
        if float32 { withUnsafeBytes(of: Float(v).bitPattern.littleEndian) { bytes += $0 } }
        else { withUnsafeBytes(of: v.bitPattern.littleEndian) { bytes += $0 } }
    }
    return .data(bytes)
}

@Suite struct CoderTests {
    static func everythingNib() -> (bytes: [UInt8], childCount: Int) {
        var nib = SyntheticNib()
        let one = nib.object("NSNumber", [("NS.intval", .int(1))])
        let half = nib.object("NSNumber", [("NS.dblval", .double(0.5))])
        let yes = nib.object("NSNumber", [("NS.boolval", .bool(true))])
        let children = [nib.object("UIView"), nib.object("UIView")]
        let k1 = nib.string("alpha"), k2 = nib.string("beta")
        let s = nib.object("EverythingView", [
            ("rect", packed([1, 2, 300, 400])), ("rect32", packed([1.5, 2.5, 3, 4], float32: true)),
            ("point", packed([5, -6])), ("size", packed([7, 8])), ("insets", packed([0, 40, 0, 16])),
            ("NSFrame", .object(nib.string("{{10, 20}, {93, 94.5}}"))), ("NSFrameSize", .object(nib.string("{200, 100}"))),
            ("small", .int(7)), ("big", .int(3_000_000_000)), ("negative", .int(-1)), ("flag", .bool(true)),
            ("float", .float(1.25)), ("double", .double(2.5)),
            ("text", .object(nib.string("héllo"))), ("mtext", .object(nib.string("mutable", className: "NSMutableString"))),
            ("ltext", .object(nib.string("localized", className: "NSLocalizableString"))),
            ("bytes", .data([1, 2, 3])), ("data", .object(nib.object("NSData", [("NS.bytes", .data([9, 8]))]))),
            ("number", .object(half)), ("numbers", .object(nib.array([one, half, yes]))),
            ("set", .object(nib.keyedSet([one, yes]))), ("mset", .object(nib.array([half], className: "NSMutableSet"))),
            ("dict", .object(nib.array([k1, one, k2, children[0]], className: "NSDictionary"))),
            ("children", .object(nib.array(children, className: "NSMutableArray"))),
        ])
        let collection = nib.object("UIRuntimeOutletCollectionConnection", [
            ("UILabel", .object(nib.string("buttons"))), ("UISource", .object(s)),
            ("UIDestination", .object(nib.array(children, className: "NSMutableArray"))),
            ("runtimeCollectionClassName", .object(nib.string("NSMutableArray"))), ("addsContentToExistingCollection", .bool(false)),
        ])
        let pair = nib.object("UINibKeyValuePair", [
            ("UIObject", .object(s)), ("UIKeyPath", .object(nib.string("layer.cornerRadius"))), ("UIValue", .object(half)),
        ])
        return (nib.bytes(topLevel: [s], objects: [s] + children, connections: [collection], keyValuePairs: [pair]), children.count)
    }

    @Test func coderDecodesEveryValueKind() throws {
        let registry = NibClassRegistry()
        registry.register(EverythingStub.self, as: "EverythingView")
        let (bytes, childCount) = Self.everythingNib()
        let e = try #require(try NibTemplate(bytes: bytes, registry: registry).instantiate().first as? EverythingStub)
        #expect(e.rect == NibRect(x: 1, y: 2, width: 300, height: 400))
        #expect(e.rect32 == NibRect(x: 1.5, y: 2.5, width: 3, height: 4))
        #expect(e.point == NibPoint(x: 5, y: -6) && e.size == NibSize(width: 7, height: 8))
        #expect(e.insets == NibEdgeInsets(top: 0, left: 40, bottom: 0, right: 16))
        #expect(e.appKitFrame == NibRect(x: 10, y: 20, width: 93, height: 94.5))
        #expect(e.appKitSize == NibSize(width: 200, height: 100))
        #expect(e.small == 7 && e.big == 3_000_000_000 && e.negative == -1)
        #expect(e.flag && e.intAsBool && e.boolAsInt == 1)
        #expect(e.float == 1.25 && e.double == 2.5 && e.intAsDouble == 7)
        #expect(e.text == "héllo" && e.mutableText == "mutable" && e.localizable == "localized")
        #expect(e.bytes == [1, 2, 3] && e.data == [9, 8])
        #expect(e.number == .double(0.5))
        #expect(e.numbers?.compactMap(\.double) == [1, 0.5, 1])
        #expect(e.set?.count == 2 && e.mutableSet?.first?.double == 0.5)
        #expect(e.dictionary?["alpha"]?.int64 == 1)
        #expect(e.dictionary?["beta"]?.object is GenericNibObject)
        #expect(e.children.count == childCount && e.children[0] === e.dictionary?["beta"]?.object)
        #expect(e.missingInt == 0 && !e.missingBool && e.missingString == nil && e.missingObject == nil && e.missingRect == .zero)
        #expect(e.hasText && e.keys.contains("children"))
        #expect(e.collections["buttons"]?.count == childCount && e.collections["buttons"]?[1] === e.children[1])
        #expect(e.attributes["layer.cornerRadius"]?.double == 0.5)
    }

    @Test func genericObjectKeepsEveryValueByKey() throws {
        let (bytes, _) = Self.everythingNib()
        let g = try #require(try NibTemplate(bytes: bytes, registry: NibClassRegistry()).instantiate().first as? GenericNibObject)
        #expect(g.className == "EverythingView" && g.originalClassName == nil)
        #expect(g.keys.count == g.values.count && g.keys.first == "rect")
        #expect(g.string(forKey: "text") == "héllo")
        #expect(g.value(forKey: "big")?.int64 == 3_000_000_000)
        #expect(g.value(forKey: "children")?.elements?.count == 2)
        #expect(g.outletCollections["buttons"]?.count == 2)
        #expect(g.runtimeAttributes["layer.cornerRadius"]?.double == 0.5)
        #expect(g.value(forKey: "absent") == nil)
    }

    @Test func geometryParsers() {
        #expect(NibGeometry.elements(string: "{{0, 0}, {10000000000000, 10000000000000}}") == [0, 0, 1e13, 1e13])
        #expect(NibGeometry.elements(string: "{-1.5, 2e2}") == [-1.5, 200])
        #expect(NibGeometry.elements(string: "hello") == nil)
        #expect(NibGeometry.elements(packed: [7, 0, 0, 0]) == nil)
        #expect(NibGeometry.elements(packed: [5, 1, 2, 3, 4]) == nil)
        #expect(NibGeometry.elements(packed: [6, 0, 0, 0x80, 0x3F]) == [1])
    }

    @Test(.needsCorpus) func corpusGeometryMatchesXib() throws {
        // Every top-level view of the swiftmessages nibs: UIBounds size equals the XIB frame size.
        var checked = 0
        for nib in try SharedCorpus.files(under: "nib/swiftmessages", suffix: ".nib") {
            let xib = String(nib.path.dropLast(3)) + "xib"
            let top = try NibTemplate(contentsOf: nib.path, registry: NibClassRegistry()).instantiate(owner: RecordingOwner())
            guard let first = top.first as? GenericNibObject, case .data(let b)? = first.value(forKey: "UIBounds"),
                  let e = NibGeometry.elements(packed: b), let frame = try xibFrame(after: "<objects>", in: xib) else { continue }
            #expect(e[2] == frame[2] && e[3] == frame[3], "\(SharedCorpus.relative(nib))")
            checked += 1
        }
        #expect(checked >= 5)
    }
}
