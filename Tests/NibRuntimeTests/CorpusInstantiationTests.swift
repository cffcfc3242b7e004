import Foundation
import KeyedArchive
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

@Suite(.needsCorpus) struct KeyedInstantiationTests {
    /// Every keyed-archive nib of the corpus (Sparkle's, and the old bundles' keyedobjects.nib through their
    /// `.nib` directories) instantiates twice, and creates the same classes in the same order as its
    /// conversion to NIBArchive bytes; AppKit's NSIBObjectData is recognised.
    @Test func everyKeyedNibInstantiatesLikeItsNibArchiveConversion() throws {
        let files = try SharedCorpus.files(under: "nib/sparkle", suffix: ".nib").map(\.path)
            + ["legacy/sparkle/SUStatus.nib", "legacy/sparkle/en.lproj/SUUpdateAlert.nib", "legacy/sparkle/en.lproj/SUAutomaticUpdateAlert.nib"]
                .map { try SharedCorpus.require().appendingPathComponent($0).path }
        #expect(files.count == 10)
        var checkedAgainstXIB = 0
        for file in files {
            let template = try NibTemplate(contentsOf: file, registry: NibClassRegistry())
            #expect(try template.isAppKitNib(), "\(file)")
            let externals = try externalPlaceholdersOf(template)
            let owner = RecordingOwner(), application = RecordingOwner()
            var all = externals
            all["NSApplication"] = application
            let first = try template.instantiate(owner: owner, externalObjects: all)
            let second = try template.instantiate(owner: RecordingOwner(), externalObjects: all)
            #expect(!first.isEmpty && first.count == second.count, "\(file)")
            #expect(zip(first, second).allSatisfy { $0 !== $1 })
            // The same graph written as NIBArchive instantiates into the same classes and connections.
            let path = template.path!
            let converted = NibArchiveWriter(options: .keyedConversion).write(NibGraph(try KeyedArchive(contentsOf: path)))
            let viaNib = try NibTemplate(bytes: converted, registry: NibClassRegistry())
            let owner2 = RecordingOwner()
            let third = try viaNib.instantiate(owner: owner2, externalObjects: all)
            let classes = { (objects: [AnyObject], owner: RecordingOwner) in
                reachableObjects(from: objects, owner: owner).compactMap { ($0 as? GenericNibObject)?.className }
            }
            #expect(classes(first, owner) == classes(third, owner2), "\(file)")
            #expect(owner.outlets.map(\.0) == owner2.outlets.map(\.0), "\(file)")
            #expect(!owner.outlets.isEmpty || !owner.actions.isEmpty, "\(file): no File's Owner connection")
            // Sparkle's compiled nibs have their XIB beside them: every outlet and action of the XIB is made.
            let xibPath = URL(fileURLWithPath: file).deletingPathExtension().appendingPathExtension("xib").path
            if FileManager.default.fileExists(atPath: xibPath) {
                let xib = try XibConnections(xibPath: xibPath)
                let objects = reachableObjects(from: first, owner: owner).compactMap { $0 as? GenericNibObject }
                let outlets = owner.outlets.map(\.0) + application.outlets.map(\.0) + objects.flatMap(\.outletOrder)
                let actions = owner.actions.map(\.1) + application.actions.map(\.1) + objects.flatMap { $0.actions.map(\.selector) }
                #expect(outlets.sorted() == xib.outlets.sorted(), "\(file)")
                #expect(actions.sorted() == xib.actions.sorted(), "\(file)")
                checkedAgainstXIB += 1
            }
        }
        #expect(checkedAgainstXIB == 7)
    }
}
