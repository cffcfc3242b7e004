import Foundation
import NibArchive
import NibRuntime
import NibTestSupport
import Testing

/// Outlet and action names made by instantiating every nested nib (recursively), each with a recording owner.
func nestedConnectionNames(_ template: NibTemplate) throws -> (outlets: [String], actions: [String]) {
    var outlets = [String](), actions = [String]()
    for child in try template.nestedTemplates() {
        let owner = RecordingOwner()
        let top = try child.instantiate(owner: owner)
        let all = reachableObjects(from: top, owner: owner).compactMap { $0 as? GenericNibObject }
        outlets += owner.outlets.map(\.0) + all.flatMap(\.outletOrder)
        actions += owner.actions.map(\.1) + all.flatMap { $0.actions.map(\.selector) }
        let deeper = try nestedConnectionNames(child)
        outlets += deeper.outlets
        actions += deeper.actions
    }
    return (outlets, actions)
}

@Suite(.needsCorpus) struct CorpusInstantiationTests {
    @Test func everyIOSNibInstantiatesWithEveryXibConnection() throws {
        let nibs = try iosCorpusNibs()
        #expect(nibs.count >= 15)
        for nib in nibs {
            let xib = try XibConnections(xibPath: nib.deletingPathExtension().appendingPathExtension("xib").path)
            let template = try NibTemplate(contentsOf: nib.path, registry: NibClassRegistry())
            let owner = RecordingOwner()
            let top = try template.instantiate(owner: owner)
            #expect(!top.isEmpty, "\(SharedCorpus.relative(nib))")
            let all = reachableObjects(from: top, owner: owner).compactMap { $0 as? GenericNibObject }
            let outlets = owner.outlets.map(\.0) + all.flatMap(\.outletOrder)
            let actions = owner.actions.map(\.1) + all.flatMap { $0.actions.map(\.selector) }
            #expect(outlets.sorted() == xib.outlets.sorted(), "\(SharedCorpus.relative(nib))")
            #expect(actions.sorted() == xib.actions.sorted(), "\(SharedCorpus.relative(nib))")
            // No placeholder is returned and every top-level object is a created object.
            #expect(top.allSatisfy { $0 is GenericNibObject && $0 !== owner })
        }
    }

    @Test func everyAppKitNibInstantiatesWithOutletsAndActions() throws {
        let nibs = try SharedCorpus.files(under: "nib/appkit-samples", suffix: ".nib")
        #expect(nibs.count >= 50)
        var withConnections = 0
        for nib in nibs {
            let xibPath = nib.deletingPathExtension().appendingPathExtension("xib").path
            guard FileManager.default.fileExists(atPath: xibPath) else { continue }
            let xib = try XibConnections(xibPath: xibPath)
            let template = try NibTemplate(contentsOf: nib.path, registry: NibClassRegistry())
            #expect(try template.isAppKitNib())
            let owner = RecordingOwner()
            let application = RecordingOwner()
            let top = try template.instantiate(owner: owner, externalObjects: ["NSApplication": application])
            let all = reachableObjects(from: top, owner: owner).compactMap { $0 as? GenericNibObject }
            var outlets = owner.outlets.map(\.0) + application.outlets.map(\.0) + all.flatMap(\.outletOrder)
            var actions = owner.actions.map(\.1) + application.actions.map(\.1) + all.flatMap { $0.actions.map(\.selector) }
            let nested = try nestedConnectionNames(template)
            outlets += nested.outlets
            actions += nested.actions
            if !xib.outlets.isEmpty || !xib.actions.isEmpty { withConnections += 1 }
            #expect(outlets.sorted() == xib.outlets.sorted(), "\(SharedCorpus.relative(nib))")
            #expect(actions.sorted() == xib.actions.sorted(), "\(SharedCorpus.relative(nib))")
            #expect(!top.contains { $0 === owner || $0 === application })
        }
        #expect(withConnections >= 10)
    }
}

@Suite(.needsCorpus) struct CorpusSweepTests {
    /// Every archive of the corpus (storyboard scenes and view nibs included) instantiates twice into generic
    /// objects, given a recording owner and a recording object for each external placeholder it declares.
    @Test func everyCorpusArchiveInstantiates() throws {
        let files = try SharedCorpus.files(under: "nib", suffix: ".nib")
        #expect(files.count > 100)
        var instantiated = 0
        for file in files {
            guard let head = FileHandle(forReadingAtPath: file.path)?.readData(ofLength: 10),
                  head == Data("NIBArchive".utf8) else { continue }
            let template = try NibTemplate(contentsOf: file.path, registry: NibClassRegistry())
            let externals = try externalPlaceholdersOf(template)
            let first = try template.instantiate(owner: RecordingOwner(), externalObjects: externals)
            let second = try template.instantiate(owner: RecordingOwner(), externalObjects: externals)
            #expect(first.count == second.count, "\(SharedCorpus.relative(file))")
            #expect(zip(first, second).allSatisfy { $0 !== $1 }, "\(SharedCorpus.relative(file))")
            instantiated += 1
        }
        #expect(instantiated > 100)
    }
}
