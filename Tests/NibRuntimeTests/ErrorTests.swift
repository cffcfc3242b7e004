import Foundation
import NibArchive
import NibRuntime
import NibTestSupport
import Testing

final class PlainOwner {}

@Suite struct ErrorTests {
    @Test func missingExternalObjectThrows() throws {
        let template = try NibTemplate(bytes: LifecycleTests.sampleNib(), registry: NibClassRegistry())
        let error = try #require(throws: NibLoadingError.self) { try template.instantiate(owner: RecordingOwner()) }
        #expect(error == .missingExternalObject(identifier: "SharedModel"))
        #expect(error.description.contains("SharedModel"))
        // With the external object supplied the same template loads.
        #expect(try template.instantiate(owner: RecordingOwner(), externalObjects: ["SharedModel": PlainOwner()]).count == 3)
    }

    @Test(.needsCorpus) func nilOwnerWithConnectionsThrowsForTheKey() throws {
        let path = try corpusPath("nib/duckduckgo/BrowsingMenuViewController.nib")
        let ownerOutlets = Set(try XibConnections(xibPath: String(path.dropLast(3)) + "xib").outlets)
        let template = try NibTemplate(contentsOf: path, registry: NibClassRegistry())
        let error = try #require(throws: NibLoadingError.self) { try template.instantiate(owner: nil) }
        guard case .nilOwner(let key) = error else { Issue.record("unexpected \(error)"); return }
        #expect(ownerOutlets.contains(key))
        #expect(error.description.hasSuffix("this class is not key value coding-compliant for the key \(key)."))
        // A nib with no connection to its owner loads with a nil owner.
        #expect(try NibTemplate(contentsOf: try corpusPath("nib/duckduckgo/FavoriteHomeCell.nib"), registry: NibClassRegistry())
            .instantiate(owner: nil).count == 1)
    }

    @Test func ownerWithoutConnectionAPIThrowsUndefinedKey() throws {
        let template = try NibTemplate(bytes: LifecycleTests.sampleNib(), registry: NibClassRegistry())
        let error = try #require(throws: NibLoadingError.self) {
            try template.instantiate(owner: PlainOwner(), externalObjects: ["SharedModel": PlainOwner()])
        }
        #expect(error == .undefinedKey(className: String(reflecting: PlainOwner.self), key: "view"))
    }

    @Test func actionOnObjectWithoutTargetActionThrows() throws {
        let registry = NibClassRegistry()
        registry.register(BareView.self, as: "UIButton")
        let template = try NibTemplate(bytes: LifecycleTests.sampleNib(), registry: registry)
        let error = try #require(throws: NibLoadingError.self) {
            try template.instantiate(owner: RecordingOwner(), externalObjects: ["SharedModel": PlainOwner()])
        }
        #expect(error == .unrecognizedSelector(className: String(reflecting: BareView.self), selector: "tapped:"))
    }

    @Test(.needsCorpus) func cellRegistrationRule() throws {
        let favorite = try NibTemplate(contentsOf: try corpusPath("nib/duckduckgo/FavoriteHomeCell.nib"), registry: NibClassRegistry())
        let cell = try favorite.instantiateCell(reuseIdentifier: "favorite", kind: .collectionViewCell)
        #expect((cell as? GenericNibObject)?.originalClassName == "UICollectionViewCell")
        // A collection view cell is not a table view cell.
        let wrongKind = try #require(throws: NibLoadingError.self) { try favorite.instantiateCell(reuseIdentifier: "favorite") }
        #expect(wrongKind.description == "invalid nib registered for identifier (favorite) - nib must contain exactly one top level object which must be a UITableViewCell instance")
        // Two top-level views.
        let two = try NibTemplate(contentsOf: try corpusPath("nib/duckduckgo/NotificationView.nib"), registry: NibClassRegistry())
        #expect(throws: NibLoadingError.invalidCellNib(identifier: "note", cellClassName: "UITableViewCell")) {
            try two.instantiateCell(reuseIdentifier: "note")
        }
        let entry = try NibTemplate(contentsOf: try corpusPath("nib/duckduckgo/BrowsingMenuEntryViewCell.nib"), registry: NibClassRegistry())
        #expect((try entry.instantiateCell(reuseIdentifier: "entry") as? GenericNibObject)?.isKind(of: "UITableViewCell") == true)
        // A registered cell type counts as a cell through NibCell.
        let registry = NibClassRegistry()
        registry.register(FavoriteCellStub.self, module: "DuckDuckGo", name: "FavoriteHomeCell")
        let typed = try NibTemplate(contentsOf: try corpusPath("nib/duckduckgo/FavoriteHomeCell.nib"), registry: registry)
        #expect(try typed.instantiateCell(reuseIdentifier: "favorite") is FavoriteCellStub)
    }

    @Test(.needsCorpus) func viewControllerViewOutletRule() throws {
        let vc = try NibTemplate(contentsOf: try corpusPath("nib/duckduckgo/BrowsingMenuViewController.nib"), registry: NibClassRegistry())
        let owner = RecordingOwner()
        _ = try vc.instantiateViewController(nibName: "BrowsingMenuViewController", owner: owner)
        #expect(owner.outlets.contains { $0.0 == "view" && $0.1 is GenericNibObject })
        let cellNib = try NibTemplate(contentsOf: try corpusPath("nib/duckduckgo/SiteRatingView.nib"), registry: NibClassRegistry())
        let error = try #require(throws: NibLoadingError.self) {
            try cellNib.instantiateViewController(nibName: "SiteRatingView", owner: RecordingOwner())
        }
        #expect(error == .viewOutletNotSet(nibName: "SiteRatingView"))
        #expect(error.description.contains("loaded the \"SiteRatingView\" nib but the view outlet was not set"))
    }

    @Test func corruptBytesAreATypedArchiveError() throws {
        var bytes = LifecycleTests.sampleNib()
        bytes[3] ^= 0xFF
        let error = try #require(throws: NibLoadingError.self) { try NibTemplate(bytes: bytes) }
        guard case .archive = error else { Issue.record("unexpected \(error)"); return }
        let missing = try #require(throws: NibLoadingError.self) { try NibTemplate(contentsOf: "/nonexistent/x.nib") }
        guard case .io = missing else { Issue.record("unexpected \(missing)"); return }
    }
}
