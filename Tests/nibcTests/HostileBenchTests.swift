import Foundation
import NibArchive
import Testing

/// `nibc bench` on nibs whose content is hostile but structurally valid (they pass `nibc verify`): the
/// command must answer with a result or a typed error, never die by a signal.
@Suite struct HostileBenchTests {
    /// A UIKit nib whose two external-object placeholders share `identifiers` (nil: no identifier string,
    /// which the runtime reads as ""), beside one view. Built with `NibGraph`, so it verifies.
    static func nibWithExternalObjects(_ identifiers: [String?]) -> [UInt8] {
        var graph = NibGraph()
        let root = graph.add(NibObject(className: "NSObject"))
        func string(_ text: String) -> Int {
            graph.add(NibObject(className: "NSString", entries: [NibEntry(key: "NS.bytes", value: .data(Array(text.utf8)))]))
        }
        func array(_ elements: [Int]) -> Int {
            graph.add(NibObject(className: "NSArray", entries: elements.map { NibEntry(key: "UINibEncoderEmptyKey", value: .object($0)) }))
        }
        let owner = graph.add(NibObject(className: "UIProxyObject", entries: [NibEntry(key: "UIProxiedObjectIdentifier", value: .object(string("IBFilesOwner")))]))
        var proxies = [Int]()
        for identifier in identifiers {
            var proxy = NibObject(className: "UIProxyObject")
            if let identifier { proxy.append("UIProxiedObjectIdentifier", .object(string(identifier))) }
            proxies.append(graph.add(proxy))
        }
        let view = graph.add(NibObject(className: "UIView", entries: [NibEntry(key: "UIAlpha", value: .double(1))]))
        graph.objects[root].entries = [
            NibEntry(key: "UINibTopLevelObjectsKey", value: .object(array([owner] + proxies + [view]))),
            NibEntry(key: "UINibObjectsKey", value: .object(array([owner] + proxies + [view]))),
        ]
        return NibArchiveWriter().write(graph)
    }

    @Test(arguments: [["Shared", "Shared"], [nil, nil], ["Shared", "Shared", "Other", "Other"]] as [[String?]])
    func benchOnRepeatedExternalObjectIdentifiersAnswersWithoutASignal(_ identifiers: [String?]) throws {
        let bytes = Self.nibWithExternalObjects(identifiers)
        // The input is what the bug needs: valid, and with the identifiers repeated.
        let archive = try NibArchive(bytes: bytes)
        #expect(archive.objectCount >= 6)
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("nibc-hostile-bench-\(getpid())-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let nib = dir.appendingPathComponent("repeated-external-ids.nib")
        try Data(bytes).write(to: nib)
        #expect(try NibcProcess.run(["verify", nib.path]).status == 0)

        let result = try NibcProcess.run(["bench", nib.path, "--seconds", "0.01"])
        #expect(result.exitedNormally, "bench died by signal \(result.status): \(result.stderr)")
        // One object stands for every placeholder of an identifier, so the nib instantiates.
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("\(nib.path): \(bytes.count) bytes, \(archive.objectCount) objects"), "\(result.stdout)")
        #expect(result.stdout.contains("cached vs disk: "), "\(result.stdout)")
    }
}
