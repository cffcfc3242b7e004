import NibArchive

/// The lookups tests make in a compiled nib's graph: objects by class, what a value refers to, strings,
/// numbers and inlined collections. One implementation for every test that reads a nib back.
public protocol NibGraphQueries {
    /// The nib's objects, as a loader reads them from the written bytes.
    var graph: NibGraph { get }
}

extension NibGraphQueries {
    /// The objects of class `className`, in archive order.
    public func objects(_ className: String) -> [NibObject] { graph.objects.filter { $0.className == className } }

    /// The first object of class `className`.
    public func first(_ className: String) -> NibObject? { graph.objects.first { $0.className == className } }

    /// The index of the object `value` refers to, strongly or conditionally.
    public func index(_ value: NibGraphValue?) -> Int? {
        switch value {
        case .object(let i)?, .conditionalObject(let i)?: return graph.objects.indices.contains(i) ? i : nil
        default: return nil
        }
    }

    /// The object `value` refers to.
    public func object(_ value: NibGraphValue?) -> NibObject? { index(value).map { graph.objects[$0] } }

    /// The text of the string object `value` refers to (`NS.bytes` as UTF-8).
    public func string(_ value: NibGraphValue?) -> String? {
        guard case .data(let bytes)? = object(value)?.value(forKey: FoundationKeys.bytes) else { return nil }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The integer of the number object `value` refers to (`NS.intval`).
    public func number(_ value: NibGraphValue?) -> Int64? {
        guard case .int(let n)? = object(value)?.value(forKey: "NS.intval") else { return nil }
        return n
    }

    /// The elements of the inlined collection `value` refers to (`UINibEncoderEmptyKey` entries).
    public func items(_ value: NibGraphValue?) -> [Int] {
        object(value)?.entries.filter { $0.key == "UINibEncoderEmptyKey" }.compactMap(\.value.objectIndex) ?? []
    }
}

/// A nib read back from bytes a compiler wrote (one file of a compiled storyboard, say).
public struct ArchivedNib: NibGraphQueries {
    public let graph: NibGraph

    /// Reads the nib in `bytes`.
    ///
    /// - Throws: `NibArchiveError` when the bytes do not read back.
    public init(bytes: [UInt8]) throws { graph = NibGraph(try NibArchive(bytes: bytes)) }

    /// A graph already read.
    public init(graph: NibGraph) { self.graph = graph }
}
