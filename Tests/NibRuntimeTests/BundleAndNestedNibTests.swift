import Foundation
import NibArchive
import NibRuntime
import NibTestSupport
import Testing

@Suite(.needsCorpus) struct BundleAndNestedNibTests {
    @Test func nibDirectoriesResolveToTheirArchives() throws {
        let storyboard = try corpusPath("nib/duckduckgo/Base.lproj/Settings.storyboardc")
        let bundle = NibBundle(directory: storyboard, registry: NibClassRegistry())
        let newest = try #require(bundle.path(forNibNamed: "AutoClearSettingsViewController"))
        #expect(newest.hasSuffix("AutoClearSettingsViewController.nib/objects-14.0+.nib"))
        let old = try #require(bundle.path(forNibNamed: "AutoClearSettingsViewController", osVersion: 13))
        #expect(old.hasSuffix("AutoClearSettingsViewController.nib/runtime.nib"))
        #expect(try bundle.template(named: "AutoClearSettingsViewController").instantiate(owner: RecordingOwner()).count >= 1)
        // A template made straight from the directory picks the same archive.
        let direct = try NibTemplate(contentsOf: (storyboard as NSString).appendingPathComponent("AutoClearSettingsViewController.nib"),
                                     registry: NibClassRegistry())
        #expect(direct.path == newest)
        let error = try #require(throws: NibLoadingError.self) { try bundle.template(named: "NoSuchNib") }
        #expect(error.description == "Could not load NIB in bundle: 'NSBundle <\(storyboard)> (loaded)' with name 'NoSuchNib'")
    }

    @Test func deviceVariantsArePreferred() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("nibbundle-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("Base.lproj"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let cell = try corpusPath("nib/duckduckgo/FavoriteHomeCell.nib")
        let note = try corpusPath("nib/duckduckgo/NotificationView.nib")
        try FileManager.default.copyItem(atPath: cell, toPath: dir.appendingPathComponent("Thing.nib").path)
        try FileManager.default.copyItem(atPath: note, toPath: dir.appendingPathComponent("Thing~ipad.nib").path)
        try FileManager.default.copyItem(atPath: note, toPath: dir.appendingPathComponent("Base.lproj/Other.nib").path)
        let bundle = NibBundle(directory: dir.path, registry: NibClassRegistry())
        #expect(bundle.path(forNibNamed: "Thing", idiom: .pad)?.hasSuffix("Thing~ipad.nib") == true)
        #expect(bundle.path(forNibNamed: "Thing", idiom: .phone)?.hasSuffix("/Thing.nib") == true)
        #expect(try bundle.template(named: "Thing", idiom: .pad).instantiate().count == 2)
        #expect(try bundle.template(named: "Thing", idiom: .phone).instantiate().count == 1)
        #expect(bundle.path(forNibNamed: "Other")?.hasSuffix("Base.lproj/Other.nib") == true)
    }

    @Test func prototypeCellNibsAreNestedTemplatesDecodedOnDemand() throws {
        let storyboard = try corpusPath("nib/duckduckgo/Base.lproj/Settings.storyboardc")
        let names = try FileManager.default.contentsOfDirectory(atPath: storyboard).filter { $0.hasSuffix(".nib") }.sorted()
        var cellsChecked = 0
        for name in names {
            guard let path = NibBundle.resolveNibDirectory((storyboard as NSString).appendingPathComponent(name))
                    ?? Optional((storyboard as NSString).appendingPathComponent(name)) else { continue }
            var isDir: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDir), !isDir.boolValue else { continue }
            let template = try NibTemplate(contentsOf: path, registry: NibClassRegistry())
            let nested = try template.nestedTemplates()
            guard !nested.isEmpty else { continue }
            // Not decoded yet.
            #expect(nested.allSatisfy { $0.planBuildCount == 0 && !$0.hasCachedPlan })
            // The prototype dictionary on the table view maps reuse identifiers to the same nested templates.
            let owner = RecordingOwner()
            let top = try template.instantiate(owner: owner, externalObjects: externalPlaceholders(path))
            let prototypeKeys: [(String, NibCellKind)] = [("UITableViewCellPrototypeNibs", .tableViewCell),
                                                           ("UICollectionViewCellNibDict", .collectionViewCell)]
            var identifiers = [String]()
            for object in reachableObjects(from: top, owner: owner).compactMap({ $0 as? GenericNibObject }) {
                for (key, kind) in prototypeKeys {
                    guard let value = object.value(forKey: key) else { continue }
                    guard case .dictionary(let pairs) = value else { Issue.record("\(key) is not a dictionary"); continue }
                    for pair in pairs {
                        guard case .nib(let child) = pair.value, let id = pair.key.string else {
                            Issue.record("not a nested nib: \(pair.value)"); continue
                        }
                        #expect(nested.contains { $0 === child })
                        identifiers.append(id)
                        let cell = try child.instantiateCell(reuseIdentifier: id, kind: kind, owner: RecordingOwner(),
                                                             externalObjects: externalPlaceholdersOf(child))
                        #expect(kind.accepts(cell))
                        #expect(child.planBuildCount == 1)
                        cellsChecked += 1
                    }
                }
            }
            #expect(identifiers.count == nested.count)
        }
        #expect(cellsChecked >= 5)
    }
}

/// External placeholders a storyboard nib expects, each replaced by a recording object.
func externalPlaceholders(_ path: String) throws -> [String: AnyObject] {
    try externalPlaceholdersOf(NibTemplate(contentsOf: path, registry: NibClassRegistry()))
}

func externalPlaceholdersOf(_ template: NibTemplate) throws -> [String: AnyObject] {
    var result = [String: AnyObject]()
    for id in try template.externalObjectIdentifiers() { result[id] = RecordingOwner() }
    return result
}
