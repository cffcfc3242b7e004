import NibArchive

/// Builds a `NibGraph`: object creation plus the interning ibtool does (strings, numbers, the empty
/// array, and value-equal objects such as colours, system fonts and image placeholders).
///
/// Strings and numbers are interned here, when they are created, by the writer's own notion of equal
/// (`NibInternKey`: strings byte for byte, numbers numerically across integer and double), so `archive()`
/// asks the writer to skip its interning pass: one pass per compile.
///
/// Objects can be created in any order; only the root must be object 0 (the writer renumbers).
struct GraphBuilder {
    var graph: NibGraph
    /// String id (insertion order) → its `NSString` object.
    /// A small cache: most strings come from the document, a new String each time (a cache of 512 entries
    /// was set up for every compile and seldom hit).
    private var strings = ByteStringTable(expectedCount: 64, cacheSize: 64)
    private var stringObjects: [Int] = []
    private var numbers: [NibInternKey: Int] = [:]
    /// The objects `string` and `number` created, in creation (= index) order.
    private var internedObjects: [Int] = []
    private var emptyArrayIndex: Int?
    /// Value-equal objects interned by class and entries.
    private var interned: [InternedObject: Int] = [:]

    init(coderVersion: Int) {
        graph = NibGraph(coderVersion: UInt32(coderVersion), objects: [NibObject(className: "NSObject")])
        // Room for a typical nib (a XIB's has 70 objects, 20 of them interned strings and numbers): the
        // lists grew from one element, a reallocation and copy at every doubling.
        graph.objects.reserveCapacity(64)
        stringObjects.reserveCapacity(16)
        internedObjects.reserveCapacity(32)
    }

    var coderVersion: Int { Int(graph.coderVersion) }

    /// A new, empty object of `className`.
    mutating func new(_ className: String) -> Int {
        graph.add(NibObject(className: className))
    }

    mutating func set(_ index: Int, _ object: NibObject) { graph.objects[index] = object }

    mutating func append(_ index: Int, _ key: String, _ value: NibGraphValue) {
        graph.objects[index].append(key, value)
    }

    /// The shared `NSString` for `s` (byte-for-byte equality, as the archive keeps canonically equivalent
    /// spellings apart).
    mutating func string(_ s: String) -> Int {
        let (id, inserted) = strings.insert(s)
        if !inserted { return stringObjects[id] }
        let i = graph.add(NibObject(className: "NSString", entries: [NibEntry(key: FoundationKeys.bytes, value: .data(Array(s.utf8)))]))
        stringObjects.append(i)
        internedObjects.append(i)
        return i
    }

    /// A shared `NSNumber` holding an integer (numeric equality with doubles, first representation wins).
    mutating func number(_ v: Int64) -> Int {
        sharedNumber(.integer(v), NibEntry(key: "NS.intval", value: .int(v)))
    }

    /// A shared `NSNumber` holding a double.
    mutating func number(_ v: Double) -> Int {
        sharedNumber(NibInternKey(v), NibEntry(key: "NS.dblval", value: .double(v)))
    }

    /// A shared boolean `NSNumber`.
    mutating func number(_ v: Bool) -> Int {
        sharedNumber(.bool(v), NibEntry(key: "NS.boolval", value: .bool(v)))
    }

    private mutating func sharedNumber(_ key: NibInternKey, _ entry: @autoclosure () -> NibEntry) -> Int {
        if let i = numbers[key] { return i }
        let i = graph.add(NibObject(className: "NSNumber", entries: [entry()]))
        numbers[key] = i
        internedObjects.append(i)
        return i
    }

    /// The archive bytes in ibtool's layout (`NibArchiveWriter` defaults), without the writer's interning
    /// pass when this builder's interning already covers the graph.
    /// `scratch`: the writer tables of the document's other nibs, reused (the same bytes).
    func archive(reusing scratch: NibArchiveWriter.Scratch? = nil) -> [UInt8] {
        NibArchiveWriter(options: writerOptions).write(graph, reusing: scratch)
    }

    /// The writer's defaults, with its interning pass off unless the graph holds an `NSString` or
    /// `NSNumber` that did not come from `string`/`number` (one added with `graph.add` directly): only then
    /// can two of them be equal, and the writer merges them as before.
    var writerOptions: NibArchiveWriter.Options {
        var options = NibArchiveWriter.Options()
        options.internStringsAndNumbers = !isInterned
        return options
    }

    /// Whether the graph's internable objects are exactly the ones `string`/`number` created (which are
    /// pairwise distinct). One scan of one-entry objects, no hashing.
    var isInterned: Bool {
        graph.objects.withUnsafeBufferPointer { objects in
            var next = 0
            for index in objects.indices where objects[index].entries.count == 1 && NibInternKey(objects[index]) != nil {
                guard next < internedObjects.count, internedObjects[next] == index else { return false }
                next += 1
            }
            return next == internedObjects.count
        }
    }

    /// An inlined collection (`NSArray`, `NSMutableArray`, `NSMutableDictionary`, …). Empty immutable
    /// arrays are one shared object.
    mutating func collection(_ className: String, _ items: [Int]) -> Int {
        if items.isEmpty, className == "NSArray" {
            if let e = emptyArrayIndex { return e }
        }
        // The entries in one allocation of their final size.
        var entries = [NibEntry]()
        entries.reserveCapacity(items.count + 1)
        entries.append(NibEntry(key: "NSInlinedValue", value: .bool(true)))
        for item in items { entries.append(NibEntry(key: "UINibEncoderEmptyKey", value: .object(item))) }
        let i = graph.add(NibObject(className: className, entries: entries))
        if items.isEmpty, className == "NSArray" { emptyArrayIndex = i }
        return i
    }

    mutating func array(_ items: [Int]) -> Int { collection("NSArray", items) }
    mutating func mutableArray(_ items: [Int]) -> Int { collection("NSMutableArray", items) }

    /// A dictionary from alternating key/value object indices.
    mutating func dictionary(_ className: String, _ pairs: [(Int, Int)]) -> Int {
        var flat: [Int] = []
        flat.reserveCapacity(pairs.count * 2)
        for (k, v) in pairs { flat.append(k); flat.append(v) }
        return collection(className, flat)
    }

    /// An `NSSet` (keyed `NS.object.N` form in coder 10, inlined form in coder 9) or an
    /// `NSOrderedSet` (keyed form in both).
    mutating func set(_ className: String, _ items: [Int]) -> Int {
        if coderVersion < 10, className != "NSOrderedSet" { return collection(className, items) }
        var o = NibObject(className: className)
        for (n, item) in items.enumerated() { o.append("NS.object.\(n)", .object(item)) }
        return graph.add(o)
    }

    /// Adds `object`, or returns the existing value-equal object added through this function.
    mutating func intern(_ object: NibObject) -> Int {
        let key = InternedObject(object)
        if let i = interned[key] { return i }
        let i = graph.add(object)
        interned[key] = i
        return i
    }
}

/// An object as an interning key: equal when the class names and entries are equal, with floating-point
/// values compared by bit pattern (`-0.0` and `0.0` stay apart) and an integer equal whatever its archived
/// width. Hashing the parts directly replaced a text fingerprint built for every interned colour and font.
private struct InternedObject: Hashable {
    let object: NibObject
    /// The object's contents hashed once, when the key is made: the table's lookup, its insertion and
    /// every rehash when it grows hashed all the entries again (most of the cost of interning).
    let digest: Int

    init(_ object: NibObject) {
        self.object = object
        var hasher = Hasher()
        Self.hashContents(of: object, into: &hasher)
        digest = hasher.finalize()
    }

    func hash(into hasher: inout Hasher) { hasher.combine(digest) }

    static func == (a: InternedObject, b: InternedObject) -> Bool {
        guard a.digest == b.digest else { return false }
        let x = a.object, y = b.object
        guard x.entries.count == y.entries.count, x.className == y.className else { return false }
        for (e, f) in zip(x.entries, y.entries) {
            guard e.key == f.key, Self.same(e.value, f.value) else { return false }
        }
        return true
    }

    private static func same(_ a: NibGraphValue, _ b: NibGraphValue) -> Bool {
        switch (a, b) {
        case (.int(let v), .int(let w)), (.int(let v), .fixedWidthInteger(let w, _)),
             (.fixedWidthInteger(let v, _), .int(let w)), (.fixedWidthInteger(let v, _), .fixedWidthInteger(let w, _)):
            return v == w
        case (.bool(let v), .bool(let w)): return v == w
        case (.float(let v), .float(let w)): return v.bitPattern == w.bitPattern
        case (.double(let v), .double(let w)): return v.bitPattern == w.bitPattern
        case (.data(let v), .data(let w)): return v == w
        case (.null, .null): return true
        case (.object(let v), .object(let w)), (.conditionalObject(let v), .conditionalObject(let w)): return v == w
        default: return false
        }
    }

    /// Names enter by their UTF-8 length only (O(1) for native strings): hashing every class name and key
    /// was most of the interning cost, and the interned objects of one class share their keys anyway, so
    /// the values tell them apart; `==` still compares the names.
    private static func hashContents(of object: NibObject, into hasher: inout Hasher) {
        hasher.combine(object.className.utf8.count)
        hasher.combine(object.entries.count)
        for e in object.entries {
            hasher.combine(e.key.utf8.count)
            switch e.value {
            case .int(let v), .fixedWidthInteger(let v, _): hasher.combine(0 as UInt8); hasher.combine(v)
            case .bool(let v): hasher.combine(1 as UInt8); hasher.combine(v)
            case .float(let v): hasher.combine(2 as UInt8); hasher.combine(v.bitPattern)
            case .double(let v): hasher.combine(3 as UInt8); hasher.combine(v.bitPattern)
            case .data(let v):
                // The bytes in one call: `[UInt8]`'s own hashing feeds the hasher a byte at a time (a colour's
                // `NSRGB` text made hashing most of the cost of interning it).
                hasher.combine(4 as UInt8)
                hasher.combine(v.count)
                v.withUnsafeBytes { hasher.combine(bytes: $0) }
            case .null: hasher.combine(5 as UInt8)
            case .object(let v): hasher.combine(6 as UInt8); hasher.combine(v)
            case .conditionalObject(let v): hasher.combine(7 as UInt8); hasher.combine(v)
            }
        }
    }
}

/// Collects one object's entries in `encodeWithCoder:` order.
struct Entries {
    var list: [NibEntry] = []
    /// Room for a typical object's entries up front: growing one element at a time reallocated and
    /// copied most lists several times (4 % of a storyboard compile). Sixteen: views write 10 to 20
    /// keys, and a list outgrowing eight was reallocated once per view (1.5 % of a XIB compile).
    init() { list.reserveCapacity(16) }
    mutating func add(_ key: String, _ value: NibGraphValue) { list.append(NibEntry(key: key, value: value)) }
    mutating func obj(_ key: String, _ index: Int) { list.append(NibEntry(key: key, value: .object(index))) }
    mutating func int(_ key: String, _ v: Int) { list.append(NibEntry(key: key, value: .int(Int64(v)))) }
    mutating func bool(_ key: String, _ v: Bool) { list.append(NibEntry(key: key, value: .bool(v))) }
    mutating func float(_ key: String, _ v: Double) { list.append(NibEntry(key: key, value: .float(Float(v)))) }
    mutating func double(_ key: String, _ v: Double) { list.append(NibEntry(key: key, value: .double(v))) }
    mutating func null(_ key: String) { list.append(NibEntry(key: key, value: .null)) }
}

/// Packed UIKit geometry: type byte 7 followed by little-endian float64 fields (§4.2).
func packedDoubles(_ values: [Double]) -> NibGraphValue {
    var out: [UInt8] = [7]
    out.reserveCapacity(1 + values.count * 8)
    for v in values {
        var bits = v.bitPattern.littleEndian
        withUnsafeBytes(of: &bits) { out.append(contentsOf: $0) }
    }
    return .data(out)
}
