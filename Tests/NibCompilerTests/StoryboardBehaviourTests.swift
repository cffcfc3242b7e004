import Foundation
import Testing
import NibArchive
import NibCompiler
import NibTestSupport
import PropertyList

/// Storyboard compilation: located errors for broken documents, determinism, and every corpus
/// storyboard compiling without an error.
@Suite struct StoryboardBehaviourTests {
    static func storyboard(_ scenes: String, initial: String? = nil) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="21701" targetRuntime="iOS.CocoaTouch"\(initial.map { " initialViewController=\"\($0)\"" } ?? "")>
            <scenes>
        \(scenes)
            </scenes>
        </document>
        """
    }

    static func scene(_ id: String, identifier: String? = nil, segue: String = "") -> String {
        """
                <scene sceneID="s-\(id)">
                    <objects>
                        <viewController\(identifier.map { " storyboardIdentifier=\"\($0)\"" } ?? "") id="\(id)" sceneMemberID="viewController">
                            <view key="view" contentMode="scaleToFill" id="v-\(id)">
                                <rect key="frame" x="0.0" y="0.0" width="320" height="480"/>
                                <autoresizingMask key="autoresizingMask" widthSizable="YES" heightSizable="YES"/>
                            </view>
                            <connections>\(segue)</connections>
                        </viewController>
                    </objects>
                </scene>
        """
    }

    func errors(_ text: String) -> [String] {
        do {
            _ = try StoryboardCompiler().compile(storyboard: Array(text.utf8), fileName: "T.storyboard")
            return []
        } catch {
            return error.diagnostics.filter { $0.severity == .error }.map(\.description)
        }
    }

    @Test func segueToAnUnknownSceneIsALocatedError() {
        let text = Self.storyboard(Self.scene("aaa-00-001", segue: #"<segue destination="zzz-99-999" kind="show" id="sg-1"/>"#))
        let e = errors(text)
        #expect(e.count == 1)
        #expect(e.first?.hasPrefix("T.storyboard:11:") == true, "\(e)")
        #expect(e.first?.contains("segue destination 'zzz-99-999' is no element of this storyboard") == true)
    }

    @Test func segueToAViewIsALocatedError() {
        let text = Self.storyboard(Self.scene("aaa-00-001", segue: #"<segue destination="v-aaa-00-001" kind="show" id="sg-1"/>"#))
        #expect(errors(text).first?.contains("is <view>, not a controller") == true)
    }

    @Test func duplicateStoryboardIdentifiersAreALocatedError() {
        let text = Self.storyboard(Self.scene("aaa-00-001", identifier: "Same") + "\n" + Self.scene("bbb-00-002", identifier: "Same"))
        let e = errors(text)
        #expect(e.count == 1)
        #expect(e.first?.contains("storyboard identifier 'Same' is also used by <viewController> at 6:") == true, "\(e)")
        // Reported at the second controller's storyboardIdentifier attribute.
        #expect(e.first?.hasPrefix("T.storyboard:17:") == true, "\(e)")
    }

    @Test func missingInitialControllerIsALocatedError() {
        let e = errors(Self.storyboard(Self.scene("aaa-00-001"), initial: "nope"))
        #expect(e == ["T.storyboard:2:\(Self.storyboard("", initial: "nope").split(separator: "\n")[1].utf8.count - "initialViewController=\"nope\">".count + 1): error: initial view controller 'nope' is not a controller of this storyboard"], "\(e)")
    }

    /// Names that become files of the `.storyboardc` must be plain file names, and a reference names its storyboard
    /// (Fuzz/storyboard-compile: a reference without `storyboardName` wrote an Info.plist no reader accepts).
    @Test func fileNamesAndReferencesAreChecked() throws {
        let reference = """
                <scene sceneID="s-ref">
                    <objects>
                        <viewControllerPlaceholder id="ref-00-001" sceneMemberID="viewController"/>
                    </objects>
                </scene>
        """
        // Without storyboardName a reference names its own storyboard (T); the plist reads back.
        let text = Self.storyboard(Self.scene("aaa-00-001", segue: #"<segue destination="ref-00-001" kind="show" id="sg-1"/>"#) + "\n" + reference)
        let result = try StoryboardCompiler().compile(storyboard: Array(text.utf8), fileName: "Base.lproj/T.storyboard")
        let plist = try PropertyListValue(BinaryPropertyList(bytes: try #require(result.files.first { $0.path == "Info.plist" }?.bytes)))
        #expect(plist["UIViewControllerIdentifiersToExternalStoryboardReferences"]?["UIViewController-ref-00-001"]?["UIReferencedStoryboardName"] == .string("T"))
        let escape = errors(Self.storyboard(Self.scene("aaa-00-001", identifier: "../../outside")))
        #expect(escape.count == 1 && escape.first?.hasPrefix("T.storyboard:6:") == true, "\(escape)")
        #expect(escape.first?.contains("controller identifier '../../outside' cannot name a file") == true, "\(escape)")
    }

    @Test func otherDocumentsSayWhatTheyAre() {
        let xib = #"<document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0"><objects/></document>"#
        #expect(errors(xib).first?.contains("the document is a XIB (com.apple.InterfaceBuilder3.CocoaTouch.XIB), not a storyboard") == true)
        let archive = #"<archive type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="8.00"><data/></archive>"#
        #expect(errors(archive).first?.contains("XIB 2.x documents") == true)
        #expect(errors("<plist version=\"1.0\"><dict/></plist>").first?.contains("not a XIB document: the root element is <plist>") == true)
        let tv = #"<document type="com.apple.InterfaceBuilder3.AppleTV.Storyboard.XIB" version="3.0"><scenes/></document>"#
        #expect(errors(tv).first?.contains("unsupported storyboard type") == true)
    }

    /// A navigation controller without a root records `<nil name="viewControllers"/>`: nothing to archive, so
    /// no warning; an unknown element beside it still gets one.
    @Test func navigationControllerWithoutARootIsSilent() throws {
        func warnings(_ extra: String) throws -> [String] {
            let text = Self.storyboard("""
                    <scene sceneID="s-nav">
                        <objects>
                            <navigationController id="nav-00-001" sceneMemberID="viewController">
                                <navigationBar key="navigationBar" contentMode="scaleToFill" id="bar-00-001">
                                    <rect key="frame" x="0.0" y="20" width="320" height="44"/>
                                    <autoresizingMask key="autoresizingMask"/>
                                </navigationBar>
                                <nil name="viewControllers"/>\(extra)
                            </navigationController>
                        </objects>
                    </scene>
            """, initial: "nav-00-001")
            return try StoryboardCompiler().compile(storyboard: Array(text.utf8), fileName: "T.storyboard").diagnostics.map(\.description)
        }
        #expect(try warnings("") == [])
        let flagged = try warnings("<frobnicator id=\"frb-00-001\"/>")
        #expect(flagged.count == 1 && flagged[0].contains("frobnicator"), "\(flagged)")
    }

    /// A tab bar controller: its bar lists the children's tab bar items (the first selected) and each child
    /// embedded in the controller's nib carries its `UITabBarItem`; nothing is reported as unsupported.
    @Test func tabBarControllerArchivesItsBarAndTheChildrensItems() throws {
        func child(_ id: String, _ title: String, identifier: String? = nil) -> String {
            Self.scene(id, identifier: identifier).replacingOccurrences(of: "<connections>", with: #"<tabBarItem key="tabBarItem" title="\#(title)" id="ti-\#(id)"/><connections>"#)
        }
        let text = Self.storyboard("""
                <scene sceneID="s-tab">
                    <objects>
                        <tabBarController id="tab-00-001" sceneMemberID="viewController">
                            <tabBar key="tabBar" contentMode="scaleToFill" id="bar-00-001">
                                <rect key="frame" x="0.0" y="431" width="320" height="49"/>
                                <autoresizingMask key="autoresizingMask" widthSizable="YES" flexibleMinY="YES"/>
                            </tabBar>
                            <connections>
                                <segue destination="aaa-00-001" kind="relationship" relationship="viewControllers" id="r-1"/>
                                <segue destination="aaa-00-002" kind="relationship" relationship="viewControllers" id="r-2"/>
                            </connections>
                        </tabBarController>
                    </objects>
                </scene>
        \(child("aaa-00-001", "First"))
        \(child("aaa-00-002", "Second", identifier: "second"))
        """, initial: "tab-00-001")
        let result = try StoryboardCompiler().compile(storyboard: Array(text.utf8), fileName: "T.storyboard")
        #expect(result.diagnostics.map(\.description) == [])
        let nib = try #require(result.files.first { $0.path == "UITabBarController-tab-00-001.nib" }, "\(result.files.map(\.path))")
        let graph = NibGraph(try NibArchive(bytes: nib.bytes))
        func title(_ index: Int) -> String? {
            guard case .object(let t)? = graph.objects[index].value(forKey: "UITitle"),
                  case .data(let bytes)? = graph.objects[t].value(forKey: "NS.bytes") else { return nil }
            return String(decoding: bytes, as: UTF8.self)
        }
        let controller = try #require(graph.objects.firstIndex { $0.className == "UIClassSwapper" && $0.value(forKey: "UITabBar") != nil })
        guard case .object(let bar)? = graph.objects[controller].value(forKey: "UITabBar"),
              case .object(let list)? = graph.objects[bar].value(forKey: "UIItems") else { Issue.record("no tab bar items"); return }
        #expect(graph.objects[bar].className == "UITabBar")
        let items = graph.objects[list].entries.compactMap { entry -> Int? in if case .object(let i) = entry.value { return i } else { return nil } }
        #expect(items.compactMap(title) == ["First", "Second"])
        #expect(graph.objects[bar].value(forKey: "UISelectedItem") == .object(items[0]))
        #expect(graph.objects[bar].value(forKey: "UIDelegate") == .object(controller))  // conditional, and the controller is in the nib
        guard case .object(let children)? = graph.objects[controller].value(forKey: "UIViewControllers") else { Issue.record("no children"); return }
        let childItems = graph.objects[children].entries.compactMap { entry -> NibGraphValue? in
            if case .object(let c) = entry.value { return graph.objects[c].value(forKey: "UITabBarItem") } else { return nil }
        }
        #expect(childItems == items.map { .object($0) })
        // A child with an identifier also has its own scene nib, with its item.
        let own = try #require(result.files.first { $0.path == "second.nib" }, "\(result.files.map(\.path))")
        let ownGraph = NibGraph(try NibArchive(bytes: own.bytes))
        #expect(ownGraph.objects.contains { $0.className == "UITabBarItem" })
    }

    /// A bar button item in an embedded controller's navigation item whose action targets its own scene's First
    /// Responder: the item is archived in the container's scene nib, and the action targets that nib's First
    /// Responder proxy (one proxy whatever scene declares it), not an unarchived element. Without a First
    /// Responder in the child's scene, the same id is an unknown one and stays an error.
    @Test func embeddedChildsFirstResponderIsTheContainersFirstResponder() throws {
        func document(declaringFirstResponder: Bool) -> String {
            let child = Self.scene("aaa-00-001")
                .replacingOccurrences(of: "<connections></connections>", with: """
                    <navigationItem key="navigationItem" title="T" id="ni-00-001">
                        <barButtonItem key="rightBarButtonItem" systemItem="done" id="bb-00-001">
                            <connections><action selector="dismiss:" destination="fr-00-001" id="act-00-001"/></connections>
                        </barButtonItem>
                    </navigationItem>
                    """)
                .replacingOccurrences(of: "</viewController>", with: declaringFirstResponder
                    ? #"</viewController><placeholder placeholderIdentifier="IBFirstResponder" id="fr-00-001" userLabel="First Responder" sceneMemberID="firstResponder"/>"#
                    : "</viewController>")
            return Self.storyboard("""
                    <scene sceneID="s-nav">
                        <objects>
                            <navigationController id="nav-00-001" sceneMemberID="viewController">
                                <navigationBar key="navigationBar" contentMode="scaleToFill" id="nb-00-001">
                                    <rect key="frame" x="0.0" y="20" width="320" height="44"/>
                                    <autoresizingMask key="autoresizingMask"/>
                                </navigationBar>
                                <connections><segue destination="aaa-00-001" kind="relationship" relationship="rootViewController" id="r-1"/></connections>
                            </navigationController>
                            <placeholder placeholderIdentifier="IBFirstResponder" id="fr-00-000" userLabel="First Responder" sceneMemberID="firstResponder"/>
                        </objects>
                    </scene>
            \(child)
            """, initial: "nav-00-001")
        }
        #expect(errors(document(declaringFirstResponder: false)) == ["T.storyboard:25:50: error: reference to unknown id 'fr-00-001'"])
        let result = try StoryboardCompiler().compile(storyboard: Array(document(declaringFirstResponder: true).utf8), fileName: "T.storyboard")
        #expect(result.diagnostics.map(\.description) == [])
        let nib = try #require(result.files.first { $0.path == "UINavigationController-nav-00-001.nib" }, "\(result.files.map(\.path))")
        let graph = NibGraph(try NibArchive(bytes: nib.bytes))
        let connection = try #require(graph.objects.first { $0.className == "UIRuntimeEventConnection" })
        guard case .object(let source)? = connection.value(forKey: "UISource"),
              case .object(let destination)? = connection.value(forKey: "UIDestination"),
              case .object(let identifier)? = graph.objects[destination].value(forKey: "UIProxiedObjectIdentifier"),
              case .data(let bytes)? = graph.objects[identifier].value(forKey: "NS.bytes") else { Issue.record("no action connection"); return }
        #expect(graph.objects[source].className == "UIBarButtonItem")
        #expect(graph.objects[destination].className == "UIProxyObject")
        #expect(String(decoding: bytes, as: UTF8.self) == "IBFirstResponder")
        // The container's own First Responder: one proxy of that identifier among the nib's objects.
        #expect(graph.objects.indices.filter { i in
            guard case .object(let p)? = graph.objects[i].value(forKey: "UIProxiedObjectIdentifier"),
                  case .data(let b)? = graph.objects[p].value(forKey: "NS.bytes") else { return false }
            return String(decoding: b, as: UTF8.self) == "IBFirstResponder"
        } == [destination])
    }

    /// A collection view with prototype cells inside a table view's prototype cell: each level is a nested archive
    /// inside the one that holds it, and an outlet from the innermost cell to the controller reaches it through an
    /// Upstream proxy at each level.
    @Test func prototypesNestAsDeepAsTheDocument() throws {
        let text = Self.storyboard("""
                <scene sceneID="s-t">
                    <objects>
                        <tableViewController id="tvc-00-001" sceneMemberID="viewController">
                            <tableView key="view" clipsSubviews="YES" contentMode="scaleToFill" alwaysBounceVertical="YES" dataMode="prototypes" style="plain" separatorStyle="default" rowHeight="120" sectionHeaderHeight="28" sectionFooterHeight="28" id="tv-00-001">
                                <rect key="frame" x="0.0" y="0.0" width="320" height="480"/>
                                <autoresizingMask key="autoresizingMask" widthSizable="YES" heightSizable="YES"/>
                                <prototypes>
                                    <tableViewCell clipsSubviews="YES" contentMode="scaleToFill" reuseIdentifier="Outer" id="oc-00-001">
                                        <rect key="frame" x="0.0" y="28" width="320" height="120"/>
                                        <autoresizingMask key="autoresizingMask"/>
                                        <tableViewCellContentView key="contentView" opaque="NO" clipsSubviews="YES" multipleTouchEnabled="YES" contentMode="center" tableViewCell="oc-00-001" id="ocv-00-001">
                                            <rect key="frame" x="0.0" y="0.0" width="320" height="120"/>
                                            <autoresizingMask key="autoresizingMask"/>
                                            <subviews>
                                                <collectionView clipsSubviews="YES" multipleTouchEnabled="YES" contentMode="scaleToFill" dataMode="prototypes" id="cv-00-001">
                                                    <rect key="frame" x="0.0" y="0.0" width="320" height="120"/>
                                                    <autoresizingMask key="autoresizingMask" widthSizable="YES" heightSizable="YES"/>
                                                    <collectionViewFlowLayout key="collectionViewLayout" minimumLineSpacing="10" minimumInteritemSpacing="10" id="fl-00-001">
                                                        <size key="itemSize" width="100" height="100"/>
                                                        <size key="headerReferenceSize" width="0.0" height="0.0"/>
                                                        <size key="footerReferenceSize" width="0.0" height="0.0"/>
                                                        <inset key="sectionInset" minX="0.0" minY="0.0" maxX="0.0" maxY="0.0"/>
                                                    </collectionViewFlowLayout>
                                                    <cells>
                                                        <collectionViewCell opaque="NO" clipsSubviews="YES" multipleTouchEnabled="YES" contentMode="center" reuseIdentifier="Inner" id="ic-00-001">
                                                            <rect key="frame" x="0.0" y="0.0" width="100" height="100"/>
                                                            <autoresizingMask key="autoresizingMask" flexibleMaxX="YES" flexibleMaxY="YES"/>
                                                            <view key="contentView" opaque="NO" clipsSubviews="YES" multipleTouchEnabled="YES" contentMode="center" id="icv-00-001">
                                                                <rect key="frame" x="0.0" y="0.0" width="100" height="100"/>
                                                                <autoresizingMask key="autoresizingMask"/>
                                                            </view>
                                                            <connections><outlet property="owner" destination="tvc-00-001" id="o-00-001"/></connections>
                                                        </collectionViewCell>
                                                    </cells>
                                                </collectionView>
                                            </subviews>
                                        </tableViewCellContentView>
                                    </tableViewCell>
                                </prototypes>
                            </tableView>
                        </tableViewController>
                    </objects>
                </scene>
        """, initial: "tvc-00-001")
        let result = try StoryboardCompiler().compile(storyboard: Array(text.utf8), fileName: "T.storyboard")
        #expect(result.diagnostics.map(\.description) == [])
        let viewNib = try #require(result.files.first { $0.path.hasPrefix("tvc-00-001-view-") }, "\(result.files.map(\.path))")
        let view = NibGraph(try NibArchive(bytes: viewNib.bytes))
        /// The nested archive and the external-objects table stored under `name` in the dictionaries at `nibsKey`,
        /// `externalsKey` of the first object of `graph` that has them.
        func nested(_ graph: NibGraph, _ nibsKey: String, _ externalsKey: String, _ name: String) throws -> (NibGraph, [String]) {
            let holder = try #require(graph.objects.first { $0.value(forKey: nibsKey) != nil }, "no \(nibsKey)")
            func lookup(_ key: String) throws -> Int {
                let dictionary = try #require(holder.value(forKey: key)?.objectIndex)
                let entries = graph.objects[dictionary].entries.filter { $0.key == "UINibEncoderEmptyKey" }.compactMap(\.value.objectIndex)
                let keyAt = try #require(stride(from: 0, to: entries.count, by: 2).first { i in
                    if case .data(let b)? = graph.objects[entries[i]].value(forKey: "NS.bytes") { return String(decoding: b, as: UTF8.self) == name }
                    return false
                }, "no \(name) in \(key)")
                return entries[keyAt + 1]
            }
            let nib = try lookup(nibsKey)
            let data = try #require(graph.objects[nib].value(forKey: "archiveData")?.objectIndex)
            let bytes = try #require(graph.objects[data].value(forKey: "NS.bytes").flatMap { v -> [UInt8]? in if case .data(let b) = v { return b } else { return nil } })
            let externals = try lookup(externalsKey)
            let names = graph.objects[externals].entries.filter { $0.key == "UINibEncoderEmptyKey" }.compactMap(\.value.objectIndex).compactMap { i -> String? in
                if case .data(let b)? = graph.objects[i].value(forKey: "NS.bytes") { return String(decoding: b, as: UTF8.self) } else { return nil }
            }
            return (NibGraph(try NibArchive(bytes: bytes)), names)
        }
        let (outer, outerExternals) = try nested(view, "UITableViewCellPrototypeNibs", "UITableViewCellPrototypeNibExternalObjects", "Outer")
        #expect(outer.objects.contains { $0.className == "UITableViewCell" })
        #expect(outerExternals.contains("UpstreamPlaceholder-1"), "\(outerExternals)")
        let (inner, innerExternals) = try nested(outer, "UICollectionViewCellNibDict", "UICollectionViewCellPrototypeNibExternalObjects", "Inner")
        #expect(inner.objects.contains { $0.className == "UICollectionViewCell" })
        #expect(innerExternals.contains("UpstreamPlaceholder-1"), "\(innerExternals)")
        #expect(inner.objects.contains { $0.className == "UIRuntimeOutletConnection" })
    }

    /// A storyboard reference's tab bar item is archived in the reference's scene nib, as its navigation item is
    /// (§2.9), instead of being warned about and dropped.
    @Test func storyboardReferenceKeepsItsTabBarItem() throws {
        let text = Self.storyboard("""
                <scene sceneID="s-ref">
                    <objects>
                        <viewControllerPlaceholder storyboardName="Other" id="ref-00-001" sceneMemberID="viewController">
                            <tabBarItem key="tabBarItem" title="Other" id="ti-00-001"/>
                        </viewControllerPlaceholder>
                    </objects>
                </scene>
        \(Self.scene("aaa-00-001", segue: #"<segue destination="ref-00-001" kind="show" id="sg-1"/>"#))
        """, initial: "aaa-00-001")
        let result = try StoryboardCompiler().compile(storyboard: Array(text.utf8), fileName: "T.storyboard")
        #expect(result.diagnostics.map(\.description) == [])
        let nib = try #require(result.files.first { $0.path == "UIViewController-ref-00-001.nib" }, "\(result.files.map(\.path))")
        let graph = NibGraph(try NibArchive(bytes: nib.bytes))
        #expect(graph.objects.contains { $0.className == "UIStoryboardViewControllerPlaceholder" })
        #expect(graph.objects.contains { $0.className == "UITabBarItem" })
    }

    /// A collection view's section header and footer prototypes become nested nibs keyed "kind/identifier", as
    /// its cells are keyed by identifier; one without a reuse identifier is warned about and left out.
    @Test func collectionViewSupplementaryViewsAreNestedNibs() throws {
        func reusable(_ key: String, _ id: String, reuse: String?) -> String {
            """
            <collectionReusableView key="\(key)" opaque="NO" contentMode="center"\(reuse.map { " reuseIdentifier=\"\($0)\"" } ?? "") id="\(id)">
                <rect key="frame" x="0.0" y="0.0" width="320" height="50"/>
                <autoresizingMask key="autoresizingMask"/>
            </collectionReusableView>
            """
        }
        func document(footerReuse: String?) -> String {
            Self.storyboard("""
                <scene sceneID="s-cv">
                    <objects>
                        <collectionViewController id="cvc-00-001" sceneMemberID="viewController">
                            <collectionView key="view" clipsSubviews="YES" contentMode="scaleToFill" dataMode="prototypes" id="cv-00-001">
                                <rect key="frame" x="0.0" y="0.0" width="320" height="480"/>
                                <autoresizingMask key="autoresizingMask" widthSizable="YES" heightSizable="YES"/>
                                <collectionViewFlowLayout key="collectionViewLayout" minimumLineSpacing="10" minimumInteritemSpacing="10" id="fl-00-001">
                                    <size key="itemSize" width="50" height="50"/>
                                    <size key="headerReferenceSize" width="50" height="50"/>
                                </collectionViewFlowLayout>
                                <cells>
                                    <collectionViewCell opaque="NO" contentMode="center" reuseIdentifier="Cell" id="cell-00-001">
                                        <rect key="frame" x="0.0" y="0.0" width="50" height="50"/>
                                        <autoresizingMask key="autoresizingMask" flexibleMaxX="YES" flexibleMaxY="YES"/>
                                    </collectionViewCell>
                                </cells>
                                \(reusable("sectionHeaderView", "hdr-00-001", reuse: "Header"))
                                \(reusable("sectionFooterView", "ftr-00-001", reuse: footerReuse))
                            </collectionView>
                        </collectionViewController>
                    </objects>
                </scene>
            """, initial: "cvc-00-001")
        }
        func supplementary(_ text: String) throws -> (keys: [String], nibs: [NibGraph], warnings: [String]) {
            let result = try StoryboardCompiler().compile(storyboard: Array(text.utf8), fileName: "T.storyboard")
            let nib = try #require(result.files.first { $0.path.hasPrefix("cvc-00-001-view-") }, "\(result.files.map(\.path))")
            let graph = NibGraph(try NibArchive(bytes: nib.bytes))
            let view = try #require(graph.objects.firstIndex { $0.className == "UICollectionView" })
            #expect(graph.objects[view].value(forKey: "UICollectionViewCellNibDict") != nil)
            guard case .object(let dict)? = graph.objects[view].value(forKey: "UICollectionViewSupplementaryViewNibDict"),
                  case .object(let externals)? = graph.objects[view].value(forKey: "UICollectionViewSupplementaryViewPrototypeNibExternalObjects")
            else { Issue.record("no supplementary view dictionaries"); return ([], [], []) }
            #expect(graph.objects[externals].entries.count == graph.objects[dict].entries.count)
            var keys: [String] = []
            var nibs: [NibGraph] = []
            for entry in graph.objects[dict].entries {
                guard case .object(let o) = entry.value else { continue }
                if graph.objects[o].className == "NSString", case .data(let bytes)? = graph.objects[o].value(forKey: "NS.bytes") {
                    keys.append(String(decoding: bytes, as: UTF8.self))
                } else if case .object(let data)? = graph.objects[o].value(forKey: "archiveData"),
                          case .data(let bytes)? = graph.objects[data].value(forKey: "NS.bytes") {
                    #expect(graph.objects[o].className == "UINib")
                    nibs.append(NibGraph(try NibArchive(bytes: bytes)))
                }
            }
            return (keys, nibs, result.diagnostics.filter { $0.severity == .warning }.map(\.description))
        }
        let both = try supplementary(document(footerReuse: "Footer"))
        #expect(Set(both.keys) == ["UICollectionElementKindSectionHeader/Header", "UICollectionElementKindSectionFooter/Footer"])
        #expect(both.nibs.count == 2)
        #expect(both.nibs.allSatisfy { $0.objects.contains { $0.className == "UICollectionReusableView" } })
        #expect(both.warnings == [])
        let headerOnly = try supplementary(document(footerReuse: nil))
        #expect(headerOnly.keys == ["UICollectionElementKindSectionHeader/Header"])
        #expect(headerOnly.warnings.count == 1)
        #expect(headerOnly.warnings.first?.contains("collection reusable view without reuseIdentifier; not archived") == true, "\(headerOnly.warnings)")
    }

    /// A page view controller archives UIKit's page view controller keys (its coder's values), with nothing
    /// reported as unsupported: a page curl with its spine in the middle is double-sided; a scroll has no spine.
    @Test(arguments: [(#"transitionStyle="pageCurl" navigationOrientation="horizontal" spineLocation="mid""#, 0, 0, 2, true),
                      (#"transitionStyle="scroll" navigationOrientation="vertical" spineLocation="min" doubleSided="YES""#, 1, 1, 0, false),
                      (#"transitionStyle="pageCurl" navigationOrientation="horizontal" spineLocation="max""#, 0, 0, 3, false)])
    func pageViewControllerKeys(_ attributes: String, _ style: Int64, _ orientation: Int64, _ spine: Int64, _ doubleSided: Bool) throws {
        let text = Self.storyboard("""
                <scene sceneID="s-page">
                    <objects>
                        <pageViewController \(attributes) id="pag-00-001" sceneMemberID="viewController"/>
                    </objects>
                </scene>
        """, initial: "pag-00-001")
        let result = try StoryboardCompiler().compile(storyboard: Array(text.utf8), fileName: "T.storyboard")
        #expect(result.diagnostics.map(\.description) == [])
        let nib = try #require(result.files.first { $0.path == "UIPageViewController-pag-00-001.nib" }, "\(result.files.map(\.path))")
        let graph = NibGraph(try NibArchive(bytes: nib.bytes))
        let controller = try #require(graph.objects.first { $0.value(forKey: "UITransitionStyle") != nil })
        #expect(controller.value(forKey: "UITransitionStyle") == .int(style))
        #expect(controller.value(forKey: "UINavigationOrientation") == .int(orientation))
        #expect(controller.value(forKey: "UISpineLocation") == .int(spine))
        #expect(controller.value(forKey: "UIDoubleSided") == .bool(doubleSided))
        #expect(controller.value(forKey: "UIViewControllersAreChildren") == .bool(true))
    }

    @Test func outputIsDeterministic() throws {
        let url = ProjectCorpus.directory.appendingPathComponent("ios/Main.storyboard")
        let bytes = [UInt8](try Data(contentsOf: url))
        let a = try StoryboardCompiler(options: .init(moduleName: "SampleApp")).compile(storyboard: bytes, fileName: "Main.storyboard")
        let b = try StoryboardCompiler(options: .init(moduleName: "SampleApp")).compile(storyboard: bytes, fileName: "Main.storyboard")
        #expect(a.files == b.files)
        #expect(a.files.map(\.path) == a.files.map(\.path).sorted())
    }

    /// A root view of the device's width but shorter than its screen (bars inferred, none declared) is
    /// archived at the full screen size; a freeform controller keeps its frame.
    @Test func shortenedRootViewsGetTheDeviceScreen() throws {
        func rootBounds(freeform: Bool) throws -> NibGraphValue? {
            var text = Self.storyboard(Self.scene("aaa-00-001"), initial: "aaa-00-001")
            text = text.replacingOccurrences(of: "<scenes>", with: #"<device id="retina6_1" orientation="portrait" appearance="light"/><scenes>"#)
            text = text.replacingOccurrences(of: #"width="320" height="480""#, with: #"width="414" height="808""#)
            if freeform { text = text.replacingOccurrences(of: "<connections>", with: #"<size key="freeformSize" width="414" height="808"/><connections>"#) }
            let result = try StoryboardCompiler().compile(storyboard: Array(text.utf8), fileName: "T.storyboard")
            let nib = try #require(result.files.first { $0.path == "aaa-00-001-view-v-aaa-00-001.nib" })
            return NibGraph(try NibArchive(bytes: nib.bytes)).objects.first { $0.className == "UIView" }?.value(forKey: "UIBounds")
        }
        #expect(try rootBounds(freeform: false) == Self.packed([0, 0, 414, 896]))
        #expect(try rootBounds(freeform: true) == Self.packed([0, 0, 414, 808]))
    }

    static func packed(_ values: [Double]) -> NibGraphValue {
        .data([7] + values.flatMap { v in withUnsafeBytes(of: v.bitPattern.littleEndian) { Array($0) } })
    }

    /// A storyboard whose one controller's view holds an image view showing the SF Symbol `image`.
    static func symbolStoryboard(_ image: String, scale: String? = nil) -> String {
        Self.storyboard("""
                <scene sceneID="s1">
                    <objects>
                        <viewController id="aaa-00-001" sceneMemberID="viewController">
                            <view key="view" contentMode="scaleToFill" id="v-1">
                                <rect key="frame" x="0.0" y="0.0" width="320" height="480"/>
                                <subviews>
                                    <imageView contentMode="scaleToFill" id="img-1">
                                        <rect key="frame" x="0.0" y="0.0" width="20" height="20"/>
                                        <imageReference key="image" image="\(image)" catalog="system"\(scale.map { " symbolScale=\"\($0)\"" } ?? "")/>
                                    </imageView>
                                </subviews>
                            </view>
                        </viewController>
                    </objects>
                </scene>
        """, initial: "aaa-00-001")
    }

    /// iOS targets below 14.0 with an SF Symbol: every nib becomes a `runtime.nib` + `objects-14.0+.nib` pair.
    @Test func symbolImagesBelowIOS14GiveNibDirectories() throws {
        let symbol = Self.symbolStoryboard("star")
        let old = try StoryboardCompiler(options: .init(minimumDeploymentTarget: "13.0")).compile(storyboard: Array(symbol.utf8), fileName: "S.storyboard")
        #expect(old.files.map(\.path).contains("UIViewController-aaa-00-001.nib/objects-14.0+.nib"))
        #expect(old.files.map(\.path).contains("aaa-00-001-view-v-1.nib/runtime.nib"))
        let new = try StoryboardCompiler(options: .init(minimumDeploymentTarget: "15.0")).compile(storyboard: Array(symbol.utf8), fileName: "S.storyboard")
        #expect(new.files.map(\.path) == ["Info.plist", "UIViewController-aaa-00-001.nib", "aaa-00-001-view-v-1.nib"])
    }

    /// The two variants differ in the symbol image: `objects-14.0+.nib` names it in a placeholder (with the
    /// reference's symbol scale), `runtime.nib` archives the rendered `UIImage`; a symbol without known
    /// metrics is archived without them, with a warning.
    @Test func symbolImageVariants() throws {
        func compile(_ image: String) throws -> (placeholder: NibObject?, rendered: NibObject?, result: StoryboardResult) {
            let text = Self.symbolStoryboard(image, scale: "large")
            let result = try StoryboardCompiler(options: .init(minimumDeploymentTarget: "13.0")).compile(storyboard: Array(text.utf8), fileName: "S.storyboard")
            func object(_ path: String, _ className: String) throws -> NibObject? {
                let file = try #require(result.files.first { $0.path == path })
                return NibGraph(try NibArchive(bytes: file.bytes)).objects.first { $0.className == className }
            }
            return (try object("aaa-00-001-view-v-1.nib/objects-14.0+.nib", "UIImageNibPlaceholder"),
                    try object("aaa-00-001-view-v-1.nib/runtime.nib", "UIImage"), result)
        }
        let known = try compile("chevron.left")
        let placeholder = try #require(known.placeholder)
        #expect(placeholder.value(forKey: "UISymbolImageConfiguration")?.objectIndex != nil)
        let rendered = try #require(known.rendered)
        #expect(rendered.value(forKey: "UIIsSystemImage") == .bool(true))
        #expect(rendered.value(forKey: "UIImageSizeInPixels") != nil)
        #expect(!known.result.diagnostics.contains { $0.message.contains("SF Symbol") })
        let unknown = try compile("star")
        #expect(unknown.rendered?.value(forKey: "UIImageName") != nil)
        #expect(unknown.rendered?.value(forKey: "UIImageSizeInPixels") == nil)
        #expect(unknown.result.diagnostics.contains { $0.message.contains("'star'") })
        // The scene nib holds no image: its two variants are the same bytes.
        let scene = unknown.result.files.filter { $0.path.hasPrefix("UIViewController-aaa-00-001.nib/") }
        #expect(scene.count == 2 && scene[0].bytes == scene[1].bytes)
    }

    /// Every storyboard of the shared corpus (ios, macos, wild) compiles without an error.
    @Test func everyCorpusStoryboardCompiles() throws {
        guard SharedCorpus.directory != nil else { if SharedCorpus.allowMissing { return }; _ = try SharedCorpus.require(); return }
        var count = 0
        for folder in ["ios", "macos", "wild"] {
            for url in (try? SharedCorpus.files(under: folder, suffix: ".storyboard")) ?? [] {
                let name = SharedCorpus.relative(url)
                do {
                    let result = try StoryboardCompiler().compile(storyboard: [UInt8](try Data(contentsOf: url)), fileName: name)
                    #expect(result.files.contains { $0.path == "Info.plist" })
                    for f in result.files where f.path.hasSuffix(".nib") { _ = try NibArchive(bytes: f.bytes) }
                    count += 1
                } catch let error as CompileError {
                    Issue.record("\(name): \(error)")
                }
            }
        }
        #expect(count >= 70)
    }

    /// A tab bar controller archives its navigation children in its own scene nib; their scenes' first
    /// responder placeholders are consumed there, not warned about (openfoodfacts: three such children).
    @Test func embeddedChildrensScenePlaceholdersAreConsumed() throws {
        let url = try SharedCorpus.require().appendingPathComponent("ios/openfoodfacts/Main.storyboard")
        let bytes = try [UInt8](Data(contentsOf: url))
        let result = try StoryboardCompiler().compile(storyboard: bytes, fileName: "Main.storyboard")
        let placeholderWarnings = result.diagnostics.filter { $0.message.contains("<placeholder> in <objects>") }
        #expect(placeholderWarnings.isEmpty, "\(placeholderWarnings)")
        #expect(result.files.contains { $0.path.hasPrefix("UITabBarController-") })
    }
}
