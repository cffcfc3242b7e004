import Foundation
import Testing
import NibArchive
import NibCompiler
import NibTestSupport

/// The project's own XIBs under `Corpus/ios`: each compiles, and its graph has the expected objects.
@Suite struct ProjectCorpusTests {
    struct Summary {
        var graph: NibGraph
        var warnings: [CompileDiagnostic]

        func string(_ i: Int) -> String? {
            guard case .data(let d)? = graph.objects[i].value(forKey: "NS.bytes") else { return nil }
            return String(decoding: d, as: UTF8.self)
        }
        /// Archived classes plus the original classes of class-swapped objects.
        var classes: Set<String> {
            Set(graph.objects.map(\.className)).union(graph.objects.compactMap { $0.value(forKey: "UIOriginalClassName")?.objectIndex.flatMap(string) })
        }
        /// Connection labels by connection class.
        func labels(_ cls: String) -> [String] {
            graph.objects.filter { $0.className == cls }.compactMap { $0.value(forKey: "UILabel")?.objectIndex.flatMap(string) }
        }
        var classNames: Set<String> {
            Set(graph.objects.compactMap { $0.value(forKey: "UIClassName")?.objectIndex.flatMap(string) })
        }
        var proxies: Set<String> {
            Set(graph.objects.filter { $0.className == "UIProxyObject" }.compactMap { $0.value(forKey: "UIProxiedObjectIdentifier")?.objectIndex.flatMap(string) })
        }
    }

    func compile(_ name: String, module: String) throws -> Summary {
        let url = ProjectCorpus.directory.appendingPathComponent("ios/\(name)")
        let result = try XIBCompiler(options: CompileOptions(moduleName: module)).compile(xib: [UInt8](try Data(contentsOf: url)), fileName: "Corpus/ios/\(name)")
        // The bytes decode back to the same graph shape.
        let decoded = NibGraph(try NibArchive(bytes: result.bytes))
        #expect(decoded.objects.count <= result.graph.objects.count)
        #expect(LeafScore.score(reference: result.graph, output: decoded) == 1.0)
        for w in result.diagnostics { print(w) }
        return Summary(graph: result.graph, warnings: result.diagnostics)
    }

    @Test func loginScreen() throws {
        let s = try compile("LoginViewController.xib", module: "Accounts")
        #expect(s.classes.isSuperset(of: ["UIStackView", "UILabel", "UITextField", "UIButton", "UIActivityIndicatorView", "NSLayoutConstraint", "UILayoutGuide", "UIColor", "UIFont"]))
        #expect(s.labels("UIRuntimeOutletConnection") == ["emailField", "loginButton", "passwordField", "view"])
        #expect(s.labels("UIRuntimeEventConnection") == ["fieldChanged:", "fieldChanged:", "loginTapped:"])
        let masks = s.graph.objects.filter { $0.className == "UIRuntimeEventConnection" }.compactMap { o -> Int64? in
            if case .int(let v)? = o.value(forKey: "UIEventMask") { return v }; return nil
        }
        #expect(masks == [131072, 131072, 64])
        #expect(s.proxies == ["IBFilesOwner", "IBFirstResponder"])
        #expect(s.warnings.isEmpty)
    }

    @Test func tableCell() throws {
        let s = try compile("ProfileTableViewCell.xib", module: "Accounts")
        #expect(s.classes.isSuperset(of: ["UITableViewCell", "UITableViewCellContentView", "_UITableViewCellSeparatorView", "UIImageView", "UILabel", "UIImageNibPlaceholder"]))
        #expect(s.classNames.contains("_TtC8Accounts20ProfileTableViewCell"))
        #expect(s.labels("UIRuntimeOutletConnection") == ["avatarView", "nameLabel", "subtitleLabel"])
        // The cell's constraints moved to the content view.
        let content = try #require(s.graph.objects.first { $0.className == "UITableViewCellContentView" })
        #expect(content.value(forKey: "UIViewAutolayoutConstraints") != nil)
        #expect(content.value(forKey: "UIViewLayoutGuides") != nil)
    }

    @Test func collectionCell() throws {
        let s = try compile("PhotoCollectionViewCell.xib", module: "Gallery")
        #expect(s.classes.isSuperset(of: ["UICollectionViewCell", "UIImageView", "UILabel"]))
        #expect(s.classNames.contains("_TtC7Gallery23PhotoCollectionViewCell"))
        #expect(s.labels("UIRuntimeOutletConnection") == ["captionLabel", "imageView"])
        let generated = s.graph.objects.filter { $0.className == "NSLayoutConstraint" }.filter {
            $0.value(forKey: "NSLayoutIdentifier")?.objectIndex.flatMap(s.string) == "UIIBSystemGenerated"
        }
        #expect(generated.count == 4)
    }

    @Test func externalObjectsControlsAndRuntimeAttributes() throws {
        let s = try compile("SettingsPanelView.xib", module: "Settings")
        #expect(s.proxies == ["IBFilesOwner", "IBFirstResponder", "SettingsStore"])
        #expect(s.classes.isSuperset(of: ["UISwitch", "UISlider", "UIStackView", "UITapGestureRecognizer", "UINibKeyValuePair", "UIRuntimeAccessibilityConfiguration"]))
        #expect(s.labels("UIRuntimeOutletCollectionConnection") == ["gestureRecognizers", "toggles"])
        #expect(s.labels("UIRuntimeEventConnection") == ["dismissKeyboard", "toggleChanged:", "toggleChanged:", "volumeChanged:"])
        // Three runtime attributes plus ibtool's synthesized `frame` pair per switch.
        #expect(s.graph.objects.filter { $0.className == "UINibKeyValuePair" }.count == 5)
        let toggles = try #require(s.graph.objects.first { $0.className == "UIRuntimeOutletCollectionConnection" && $0.value(forKey: "UILabel")?.objectIndex.flatMap(s.string) == "toggles" })
        let array = try #require(toggles.value(forKey: "UIDestination")?.objectIndex)
        #expect(s.graph.objects[array].entries.filter { $0.key == "UINibEncoderEmptyKey" }.count == 2)
    }
}
