import CompiledStoryboard
import Foundation
import NibTestSupport
import PropertyList
import Testing

/// The `Info.plist` model and directory checks on Apple's compiled storyboards, and on hostile ones.
@Suite struct StoryboardInfoTests {
    @Test func everyCorpusStoryboardOpens() throws {
        if SharedCorpus.directory == nil && SharedCorpus.allowMissing { return }
        let storyboards = try SharedCorpus.compiledStoryboards()
        #expect(storyboards.count == 32)
        var platforms = [StoryboardInfo.Platform: Int](), scenes = 0, references = 0, nibs = 0, viewNibs = 0
        for url in storyboards {
            let package = try StoryboardPackage(directory: url.path)
            platforms[package.info.platform, default: 0] += 1
            scenes += package.info.nibNames.count
            references += package.info.references.count
            nibs += package.nibs.count
            #expect(package.otherFiles.isEmpty, "\(url.lastPathComponent)")
            // Every nib is a scene nib or a view nib (§1.1).
            #expect(package.viewNibs.count + Set(package.info.nibNames.map(\.nibName)).count == package.nibs.count, "\(url.lastPathComponent)")
            viewNibs += package.viewNibs.count
            for (identifier, name) in package.info.nibNames {
                // STORYBOARD.md §1.4: in all data the key equals the value.
                #expect(identifier == name)
                #expect(package.path(forNibNamed: name) != nil)
            }
            // Every reference is also a scene of its own (§1.4).
            for id in package.info.references.keys { #expect(package.info.nibName(forIdentifier: id) != nil) }
        }
        #expect(platforms == [.iOS: 19 + 6, .macOS: 7])
        // STORYBOARD.md §0: 84 scene nibs and 146 nibs in the 19 iOS storyboards, 19 references; the 7 AppKit
        // storyboards have 6 menus and 7 window controllers (12 plist entries: one menu is named but absent), 19 nibs;
        // the 6 Flutter template storyboards one scene nib and one view nib each.
        #expect(references == 19)
        #expect(nibs == 146 + 19 + 12)
        #expect(scenes == 84 + 12 + 6)
        // 62 iOS view nibs (§1.1), one per AppKit window's content controller, one per Flutter template.
        #expect(viewNibs == 62 + 7 + 6)
    }

    @Test func homeHasAReferenceAndNoEntryPoint() throws {
        if SharedCorpus.directory == nil && SharedCorpus.allowMissing { return }
        let home = try StoryboardPackage(directory: try SharedCorpus.require().appendingPathComponent("nib/duckduckgo/Base.lproj/Home.storyboardc").path)
        #expect(home.info.initialIdentifier == nil)
        #expect(home.info.references["UIViewController-Ad2-7l-5O5"] == .init(storyboardName: "DaxOnboarding", controllerIdentifier: "DaxDialog"))
    }

    @Test func appKitMainMenuMayBeAbsent() throws {
        if SharedCorpus.directory == nil && SharedCorpus.allowMissing { return }
        let root = try SharedCorpus.require().appendingPathComponent("storyboards/appkit")
        let basic = try StoryboardPackage(directory: root.appendingPathComponent("sb_basic_wc.storyboardc").path)
        #expect(basic.info.platform == .macOS)
        #expect(basic.info.mainMenuNibName == "MainMenu")
        #expect(basic.info.uuids["NSWindowController-wc1-00-001"] == "1DA6C2C8-16A7-4B50-831D-E71056ED4301")
        let hug = try StoryboardPackage(directory: root.appendingPathComponent("sb_button_hug.storyboardc").path)
        #expect(hug.info.mainMenuIdentifier == "MainMenu")
        #expect(hug.info.mainMenuNibName == nil)
    }

    @Test func settingsNibsAreDirectoriesResolvedToTheNewestVariant() throws {
        if SharedCorpus.directory == nil && SharedCorpus.allowMissing { return }
        let settings = try StoryboardPackage(directory: try SharedCorpus.require().appendingPathComponent("nib/duckduckgo/Base.lproj/Settings.storyboardc").path)
        #expect(settings.nibs.count == 33)
        #expect(settings.nibs.allSatisfy { $0.isDirectory && $0.files.count == 2 })
        let name = try #require(settings.info.initialIdentifier.flatMap(settings.info.nibName(forIdentifier:)))
        #expect(settings.path(forNibNamed: name)?.hasSuffix("/objects-14.0+.nib") == true)
        #expect(settings.path(forNibNamed: name, osVersion: [13, 0])?.hasSuffix("/runtime.nib") == true)
        #expect(settings.path(forNibNamed: name, osVersion: [14])?.hasSuffix("/objects-14.0+.nib") == true)
    }

    @Test func versionsCompareNumerically() {
        #expect(NibDirectory.variantVersion("objects-14.0+.nib") == [14])
        #expect(NibDirectory.variantVersion("objects-9.3+.nib") == [9, 3])
        #expect(NibDirectory.variantVersion("objects-x+.nib") == nil)
        #expect([9, 3].lexicographicallyPrecedes([14]))
    }

    // MARK: hostile input

    static func plist(_ entries: [PropertyListEntry]) -> [UInt8] { BinaryPropertyListWriter().write(.dictionary(entries)) }

    static let good: [PropertyListEntry] = [
        .init("UIViewControllerIdentifiersToNibNames", .dictionary([.init("Main", .string("Main"))])),
        .init("UIStoryboardDesignatedEntryPointIdentifier", .string("Main")),
        .init("UIStoryboardVersion", .integer(1)),
    ]

    func error(_ entries: [PropertyListEntry]) -> StoryboardError? {
        do { _ = try StoryboardInfo(bytes: Self.plist(entries)); return nil } catch { return error }
    }

    @Test func hostilePlistsGiveTypedErrorsWithKeyPaths() throws {
        #expect(error(Self.good) == nil)
        var e = try #require(error([.init("UIStoryboardVersion", .integer(2))] + Self.good.prefix(2)))
        #expect(e.kind == .unsupportedVersion)
        e = try #require(error([.init("UIViewControllerIdentifiersToNibNames", .dictionary([.init("A", .string("../../etc/passwd"))])),
                                .init("UIStoryboardVersion", .integer(1))]))
        #expect(e.kind == .badName)
        #expect(e.keyPath == "UIViewControllerIdentifiersToNibNames[\"A\"]")
        e = try #require(error([.init("UIViewControllerIdentifiersToNibNames", .dictionary([.init("A", .integer(3))])),
                                .init("UIStoryboardVersion", .integer(1))]))
        #expect(e.kind == .badValue)
        e = try #require(error([.init("UIViewControllerIdentifiersToNibNames", .dictionary([])),
                                .init("UIStoryboardDesignatedEntryPointIdentifier", .string("Nope")),
                                .init("UIStoryboardVersion", .integer(1))]))
        #expect(e.kind == .unknownEntryPoint)
        e = try #require(error([.init("UIStoryboardVersion", .string("1"))]))
        #expect(e.keyPath == "UIStoryboardVersion")
        e = try #require(error([.init("Other", .integer(1))]))
        #expect(e.kind == .badValue)
        e = try #require(error(Self.good + [.init("UIViewControllerIdentifiersToExternalStoryboardReferences",
                                                  .dictionary([.init("R", .dictionary([.init("UIReferencedControllerIdentifier", .string("x"))]))]))]))
        #expect(e.keyPath == "UIViewControllerIdentifiersToExternalStoryboardReferences[\"R\"].UIReferencedStoryboardName")
        // Not a dictionary at the top; not a plist at all; truncated.
        #expect(throws: StoryboardError.self) { try StoryboardInfo(bytes: BinaryPropertyListWriter().write(.array([]))) }
        let bytes = Self.plist(Self.good)
        for cut in [0, 8, bytes.count / 2, bytes.count - 1] {
            let err = #expect(throws: StoryboardError.self) { try StoryboardInfo(bytes: Array(bytes.prefix(cut))) }
            if case .propertyList? = err?.kind {} else { Issue.record("cut at \(cut): \(String(describing: err))") }
        }
    }

    /// Every single-byte corruption of a real Info.plist is read or refused with a typed error, never a crash.
    @Test func everyByteFlipOfARealPlistIsSafe() throws {
        if SharedCorpus.directory == nil && SharedCorpus.allowMissing { return }
        let url = try SharedCorpus.require().appendingPathComponent("nib/duckduckgo/Base.lproj/Home.storyboardc/Info.plist")
        let bytes = [UInt8](try Data(contentsOf: url))
        var refused = 0
        for i in bytes.indices {
            for flip: UInt8 in [0x01, 0x80, 0xFF] {
                var copy = bytes
                copy[i] ^= flip
                do { _ = try StoryboardInfo(bytes: copy) } catch { refused += 1 }
            }
        }
        #expect(refused > 0)
    }

    /// Fuzz/storyboard-info found a plist unequal to itself: a NaN under an unknown key.
    @Test func equalityIsReflexiveWithNaN() throws {
        let bytes = Self.plist(Self.good + [.init("Extra", .dictionary([.init("x", .real(.nan)), .init("y", .float(.nan))]))])
        let info = try StoryboardInfo(bytes: bytes)
        #expect(info == (try StoryboardInfo(bytes: bytes)))
        #expect(info != (try StoryboardInfo(bytes: Self.plist(Self.good))))
    }

    @Test func aMissingSceneNibIsATypedError() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("sb-missing-\(UUID().uuidString).storyboardc")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        try Data(Self.plist(Self.good)).write(to: dir.appendingPathComponent("Info.plist"))
        let e = #expect(throws: StoryboardError.self) { try StoryboardPackage(directory: dir.path) }
        #expect(e?.kind == .missingNib)
        #expect(e?.description.contains("Main.nib") == true)
        // No Info.plist at all.
        try FileManager.default.removeItem(at: dir.appendingPathComponent("Info.plist"))
        #expect(throws: StoryboardError.self) { try StoryboardPackage(directory: dir.path) }
        // An Info.plist that is a directory.
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("Info.plist"), withIntermediateDirectories: true)
        #expect(throws: StoryboardError.self) { try StoryboardPackage(directory: dir.path) }
    }
}
