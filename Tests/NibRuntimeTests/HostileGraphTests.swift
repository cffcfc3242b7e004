import Foundation
import NibArchive
import NibRuntime
import Testing

/// Structurally valid nibs whose object graphs are hostile: the runtime answers with a typed error or a
/// result, within bounded stack and work.
@Suite struct HostileGraphTests {
    /// A UIKit nib with one top-level view whose `UIValues` is `value` (an object added by `build`).
    static func nib(_ build: (inout NibGraph) -> Int) -> [UInt8] {
        var g = NibGraph()
        g.add(NibObject(className: "NSObject"))
        let value = build(&g)
        let view = g.add(NibObject(className: "UIView", entries: [NibEntry(key: "UIValues", value: .object(value))]))
        let top = g.add(NibObject(className: "NSArray", entries: [NibEntry(key: "UINibEncoderEmptyKey", value: .object(view))]))
        g.objects[0].entries = [NibEntry(key: "UINibTopLevelObjectsKey", value: .object(top)),
                                NibEntry(key: "UINibObjectsKey", value: .object(top))]
        // The layout writer keeps the object indices as built.
        return NibArchiveWriter(options: .preserveLayout).write(g)
    }

    /// Arrays nested `depth` deep, the innermost empty.
    static func nestedArrays(_ depth: Int) -> [UInt8] {
        nib { g in
            let first = g.objects.count
            for i in 0..<depth {
                g.add(NibObject(className: "NSArray", entries: i < depth - 1 ? [NibEntry(key: "UINibEncoderEmptyKey", value: .object(first + i + 1))] : []))
            }
            return first
        }
    }

    @Test func valueNestingIsBoundedByMaxGraphDepth() throws {
        let limit = NibReadOptions().maxGraphDepth
        let atLimit = try NibTemplate(bytes: Self.nestedArrays(limit), registry: NibClassRegistry())
        let top = try atLimit.instantiate()
        #expect(top.count == 1)
        let over = try NibTemplate(bytes: Self.nestedArrays(limit + 1), registry: NibClassRegistry())
        let error = try #require(throws: NibLoadingError.self) { try over.instantiate() }
        #expect(error == .malformedGraph("value objects nested deeper than \(limit) levels (object \(limit + 1))"), "\(error)")
        // 100 000 levels: the same error, not a stack overflow.
        let deep = try NibTemplate(bytes: Self.nestedArrays(100_000), registry: NibClassRegistry())
        #expect(throws: NibLoadingError.self) { try deep.instantiate() }
    }

    @Test func sharedCollectionsThatExpandExponentiallyAreRejected() throws {
        // 60 arrays, each holding the next twice: 2^60 values once copied into a tree; 60 levels is not deep.
        func dag(_ levels: Int) -> [UInt8] {
            Self.nib { g in
                let first = g.objects.count
                for i in 0..<levels {
                    g.add(NibObject(className: "NSArray", entries: Array(repeating: NibEntry(key: "UINibEncoderEmptyKey", value: .object(first + i + 1)), count: 2)))
                }
                g.add(NibObject(className: "NSString", entries: [NibEntry(key: "NS.bytes", value: .data(Array("leaf".utf8)))]))
                return first
            }
        }
        let small = try NibTemplate(bytes: dag(10), registry: NibClassRegistry())
        let view = try #require(try small.instantiate().first as? GenericNibObject)
        // 2^10 strings at the bottom of the tree.
        func leaves(_ v: NibDecodedValue) -> Int {
            if case .array(let e) = v { return e.map(leaves).reduce(0, +) }
            return 1
        }
        #expect(leaves(try #require(view.value(forKey: "UIValues"))) == 1024)
        let huge = try NibTemplate(bytes: dag(60), registry: NibClassRegistry())
        let error = try #require(throws: NibLoadingError.self) { try huge.instantiate() }
        guard case .malformedGraph(let message) = error else { Issue.record("unexpected \(error)"); return }
        #expect(message.hasPrefix("value objects expand to more than "), "\(message)")
    }

    @Test func aDeepChainOfOwnedViewsIsFreedWithoutRecursingPerLink() throws {
        // 100 000 views, each the only subview of the previous: dropping the top frees the chain.
        let n = 100_000
        var g = NibGraph()
        g.add(NibObject(className: "NSObject"))
        let first = g.objects.count
        for i in 0..<n {
            g.add(NibObject(className: "UIView", entries: i < n - 1 ? [NibEntry(key: "UISubviews", value: .object(first + n + i))] : []))
        }
        for i in 0..<(n - 1) {
            g.add(NibObject(className: "NSMutableArray", entries: [NibEntry(key: "UINibEncoderEmptyKey", value: .object(first + i + 1))]))
        }
        let top = g.add(NibObject(className: "NSArray", entries: [NibEntry(key: "UINibEncoderEmptyKey", value: .object(first))]))
        g.objects[0].entries = [NibEntry(key: "UINibTopLevelObjectsKey", value: .object(top))]
        let template = try NibTemplate(bytes: NibArchiveWriter(options: .preserveLayout).write(g), registry: NibClassRegistry())
        weak var last: GenericNibObject?
        do {
            let objects = try template.instantiate()
            #expect(objects.count == 1)
            // Walk down to the innermost view.
            var view = try #require(objects.first as? GenericNibObject)
            for _ in 1..<n {
                guard case .array(let subviews)? = view.value(forKey: "UISubviews"), case .object(let o)? = subviews.first,
                      let next = o as? GenericNibObject else { Issue.record("chain broken"); return }
                view = next
            }
            last = view
            #expect(last != nil)
        }
        #expect(last == nil)
    }
}
