import Foundation
import Testing
import NibArchive
import NibRuntime
import NibTestSupport

/// `NibTemplate(archive:)`: an archive opened once (and possibly inspected) is instantiated without
/// reading or verifying the nib again, and gives the same graph as a template that reads the file.
@Suite struct ArchiveTemplateTests {
    @Test func templateFromAnOpenArchiveInstantiatesLikeOneFromTheFile() throws {
        let path = try corpusPath("nib/duckduckgo/FavoriteHomeCell.nib")
        let archive = try NibArchive(contentsOf: path)
        let template = NibTemplate(archive: archive, registry: NibClassRegistry())
        let a = try template.instantiate(owner: RecordingOwner())
        let b = try NibTemplate(contentsOf: path, registry: NibClassRegistry()).instantiate(owner: RecordingOwner())
        #expect(!a.isEmpty)
        #expect(reachableObjects(from: a).count == reachableObjects(from: b).count)
        #expect(a.map { ($0 as? GenericNibObject)?.className } == b.map { ($0 as? GenericNibObject)?.className })
        #expect(template.fileReadCount == 0)
        #expect(template.path == nil)
        // Purging keeps the archive: the next instantiation rebuilds the plan from it, still without reading.
        template.purgeCache()
        _ = try template.instantiate(owner: RecordingOwner())
        #expect(template.fileReadCount == 0)
        #expect(template.planBuildCount == 2)
    }
}
