import IBChecks
import Testing

/// One rule, a document that triggers it and one that does not (the smallest change that clears it).
struct RuleCase: Sendable, CustomTestStringConvertible {
    var rule: CheckRule
    var fires: String
    var clean: String
    var target: String? = nil
    var cleanTarget: String? = nil
    var xcode: String? = nil
    var cleanXcode: String? = nil
    /// The object id the finding is keyed by.
    var objectID: String
    /// The message, when the rule has variable parts.
    var message: String? = nil

    var testDescription: String { rule.name }
}

/// Each of Apple's rules fires on its positive document, keyed by the object ibtool keys it by, with its
/// verbatim text and level, and stays silent on the negative one.
@Suite struct RuleTests {
    static func label(_ attributes: String, _ font: String) -> String {
        Fixture.iosXIB("""
            <label opaque="NO" text="Hi" id="lbl" \(attributes)>
                <rect key="frame" x="0.0" y="0.0" width="100" height="21"/>
                \(font)
            </label>
            """)
    }
    static let systemFont = "<fontDescription key=\"fontDescription\" type=\"system\" pointSize=\"17\"/>"
    static let bodyStyle = "<fontDescription key=\"fontDescription\" style=\"UICTFontTextStyleBody\"/>"

    static func constraint(second: String, attribute: String) -> String {
        Fixture.iosXIB("""
            <view contentMode="scaleToFill" id="v">
                <rect key="frame" x="0.0" y="0.0" width="320" height="480"/>
                <subviews>
                    <view contentMode="scaleToFill" id="w"><rect key="frame" x="0.0" y="0.0" width="10" height="10"/></view>
                </subviews>
                <constraints>
                    <constraint firstAttribute="leading" secondItem="\(second)" secondAttribute="\(attribute)" id="c1"/>
                </constraints>
            </view>
            """)
    }

    static func window(maxWidth: Int, maxHeight: Int) -> String {
        Fixture.macXIB("""
            <window title="W" releasedWhenClosed="NO" animationBehavior="default" id="win">
                <rect key="contentRect" x="100" y="100" width="480" height="270"/>
                <size key="maxSize" width="\(maxWidth)" height="\(maxHeight)"/>
                <view key="contentView" id="cv"><rect key="frame" x="0.0" y="0.0" width="480" height="270"/></view>
            </window>
            """)
    }

    static func prototypes(_ cellAttributes: String) -> String {
        Fixture.storyboard(Fixture.scene("vc1", element: "tableViewController", """
            <tableView key="view" dataMode="prototypes" style="plain" id="tv">
                <prototypes>
                    <tableViewCell contentMode="scaleToFill" id="cell" \(cellAttributes)/>
                </prototypes>
            </tableView>
            """))
    }

    static func manualSegue(_ attributes: String) -> String {
        Fixture.storyboard(Fixture.scene("vc1", """
            <view key="view" id="root"><rect key="frame" x="0.0" y="0.0" width="320" height="480"/></view>
            <connections><segue destination="vc2" kind="show" id="sg" \(attributes)/></connections>
            """) + Fixture.scene("vc2", attributes: "storyboardIdentifier=\"Second\""))
    }

    static func unreachable(_ attributes: String) -> String {
        Fixture.storyboard(Fixture.scene("vc1") + Fixture.scene("vc2", attributes: attributes))
    }

    static func button(_ highlighted: String) -> String {
        Fixture.iosXIB("<button opaque=\"NO\" contentMode=\"scaleToFill\" \(highlighted) id=\"btn\"><rect key=\"frame\" x=\"0.0\" y=\"0.0\" width=\"46\" height=\"30\"/></button>")
    }

    static func staticTable(in controller: String) -> String {
        Fixture.storyboard(Fixture.scene("vc1", element: controller, """
            <tableView key="view" dataMode="static" style="grouped" id="tv">
                <sections><tableViewSection id="sec"/></sections>
            </tableView>
            """))
    }

    /// A table view controller with a prototype cell holding a label; the outlet is the controller's
    /// (into the cell: invalid) or the cell's own (valid).
    static func repeatingOutlet(fromCell: Bool) -> String {
        let outlet = "<connections><outlet property=\"titleLabel\" destination=\"cellLabel\" id=\"out\"/></connections>"
        return Fixture.storyboard(Fixture.scene("vc1", element: "tableViewController", attributes: "customClass=\"PhotosViewController\"", """
            <tableView key="view" dataMode="prototypes" style="plain" id="tv">
                <prototypes>
                    <tableViewCell contentMode="scaleToFill" reuseIdentifier="Photo" id="cell" customClass="PhotoTableViewCell">
                        <tableViewCellContentView key="contentView" id="content">
                            <subviews><label text="T" id="cellLabel"/></subviews>
                        </tableViewCellContentView>
                        \(fromCell ? outlet : "")
                    </tableViewCell>
                </prototypes>
            </tableView>
            \(fromCell ? "" : outlet)
            """))
    }

    static func launchStoryboard(exit: Bool, initial: String?) -> String {
        let scene = """
            <scene sceneID="s-vc1">
                <objects>
                    <viewController id="vc1" sceneMemberID="viewController"/>
                    <placeholder placeholderIdentifier="IBFirstResponder" id="fr-vc1" sceneMemberID="firstResponder"/>
                    \(exit ? "<exit id=\"ex\" userLabel=\"Exit\" sceneMemberID=\"exit\"/>" : "")
                </objects>
            </scene>
            """
        return Fixture.storyboard(scene, initial: initial, rootAttributes: "launchScreen=\"YES\" ")
    }

    static func launchXIB(views: Int) -> String {
        Fixture.iosXIB((0..<views).map { "<view contentMode=\"scaleToFill\" id=\"v\($0)\"><rect key=\"frame\" x=\"0.0\" y=\"0.0\" width=\"320\" height=\"480\"/></view>" }.joined(),
                       rootAttributes: "launchScreen=\"YES\"")
    }

    static let cases: [RuleCase] = [
        RuleCase(rule: AppleRules.dynamicTypeFont, fires: label("adjustsFontForContentSizeCategory=\"YES\"", systemFont),
                 clean: label("adjustsFontForContentSizeCategory=\"YES\"", bodyStyle), objectID: "lbl"),
        RuleCase(rule: AppleRules.minimumFontSize, fires: label("minimumFontSize=\"20\"", systemFont),
                 clean: label("minimumFontSize=\"12\"", systemFont), objectID: "lbl"),
        RuleCase(rule: AppleRules.constraintAttributes, fires: constraint(second: "v", attribute: "leading"),
                 clean: constraint(second: "w", attribute: "leading"), objectID: "c1"),
        RuleCase(rule: AppleRules.olderThanDeploymentTarget, fires: Fixture.iosXIB("", deployment: "2304"),
                 clean: Fixture.iosXIB("", deployment: "2304"), target: "12.0", cleanTarget: "9.0", objectID: "global"),
        RuleCase(rule: AppleRules.iOSBefore7, fires: Fixture.iosXIB("", deployment: "1536"),
                 clean: Fixture.iosXIB("", deployment: "1792"), objectID: "global"),
        RuleCase(rule: AppleRules.windowMaximumSize, fires: window(maxWidth: 400, maxHeight: 300),
                 clean: window(maxWidth: 1000, maxHeight: 1000), objectID: "win",
                 message: "Maximum size {400, 300} is smaller than content size {480, 270}"),
        RuleCase(rule: AppleRules.prototypeCellReuseIdentifier, fires: prototypes(""),
                 clean: prototypes("reuseIdentifier=\"Cell\""), objectID: "cell"),
        RuleCase(rule: AppleRules.manualSegueIdentifier, fires: manualSegue(""),
                 clean: manualSegue("identifier=\"next\""), objectID: "sg"),
        RuleCase(rule: AppleRules.unreachableScene, fires: unreachable(""),
                 clean: unreachable("storyboardIdentifier=\"Second\""), objectID: "vc2",
                 message: "\u{201C}View Controller\u{201C} is unreachable because it has no entry points, and no identifier for runtime access via -[UIStoryboard instantiateViewControllerWithIdentifier:]."),
        RuleCase(rule: AppleRules.highlightedProperty, fires: button("highlighted=\"YES\""), clean: button(""), objectID: "btn"),
        RuleCase(rule: AppleRules.staticTableView, fires: staticTable(in: "viewController"),
                 clean: staticTable(in: "tableViewController"), objectID: "tv"),
        RuleCase(rule: AppleRules.outletToRepeatingContent, fires: repeatingOutlet(fromCell: false),
                 clean: repeatingOutlet(fromCell: true), objectID: "out",
                 message: "The titleLabel outlet from the PhotosViewController to the Label is invalid. Outlets cannot be connected to repeating content."),
        RuleCase(rule: AppleRules.launchScreenExit, fires: launchStoryboard(exit: true, initial: nil),
                 clean: launchStoryboard(exit: true, initial: nil), xcode: "6.4", cleanXcode: "7.0", objectID: "ex"),
        RuleCase(rule: AppleRules.launchScreenEntryPoint, fires: launchStoryboard(exit: false, initial: "vc1"),
                 clean: launchStoryboard(exit: false, initial: nil), xcode: "6.4", cleanXcode: "6.4", objectID: "global"),
        RuleCase(rule: AppleRules.launchScreenTopLevel, fires: launchXIB(views: 2), clean: launchXIB(views: 1),
                 xcode: "6.4", cleanXcode: "6.4", objectID: "global"),
        RuleCase(rule: AppleRules.safeAreaBeforeIOS9, fires: Fixture.iosXIB("", rootAttributes: "useSafeAreas=\"YES\""),
                 clean: Fixture.iosXIB("", rootAttributes: "useSafeAreas=\"YES\""), target: "8.0", cleanTarget: "9.0", objectID: "global"),
        RuleCase(rule: AppleRules.macOSStoryboardBefore1010, fires: Fixture.storyboard(Fixture.scene("vc1"), mac: true),
                 clean: Fixture.storyboard(Fixture.scene("vc1"), mac: true), target: "10.9", cleanTarget: "10.10", objectID: "global"),
        RuleCase(rule: AppleRules.attributeUnavailable, fires: label("", "<fontDescription key=\"fontDescription\" style=\"UICTFontTextStyleTitle0\"/>"),
                 clean: label("", "<fontDescription key=\"fontDescription\" style=\"UICTFontTextStyleTitle0\"/>"),
                 target: "10.0", cleanTarget: "11.0", objectID: "lbl",
                 message: "Attribute Unavailable: Large Title font text style before iOS 11.0"),
    ]

    @Test(arguments: cases) func ruleFiresOnItsDocument(_ c: RuleCase) throws {
        let findings = try Fixture.findings(c.fires, target: c.target, xcode: c.xcode)
        let mine = findings.filter { $0.rule == c.rule }
        #expect(mine.count == 1, "\(findings.map(\.message))")
        let finding = try #require(mine.first)
        #expect(finding.objectID == c.objectID)
        #expect(finding.level == c.rule.level)
        #expect(finding.message == (c.message ?? c.rule.message))
        #expect(finding.location.line > 1, "located at the triggering element or attribute")
    }

    @Test(arguments: cases) func ruleIsSilentOnTheCleanDocument(_ c: RuleCase) throws {
        let findings = try Fixture.findings(c.clean, target: c.cleanTarget ?? c.target, xcode: c.cleanXcode ?? c.xcode)
        #expect(!findings.contains { $0.rule == c.rule }, "\(findings.map(\.message))")
    }

    /// Every rule in the table has a case above, and each rule's text is unique.
    @Test func everyRuleIsTested() {
        #expect(Set(Self.cases.map(\.rule.name)) == Set(AppleRules.all.map(\.name)))
        #expect(Set(AppleRules.all.map(\.message)).count == AppleRules.all.count)
    }

    /// A document built for iOS 6 with a newer deployment target gets both of Apple's findings (#4 and #5).
    @Test func oldDocumentGetsBothDeploymentFindings() throws {
        let findings = try Fixture.findings(Fixture.iosXIB("", deployment: "1536"), target: "12.0")
        #expect(Set(findings.map(\.rule.name)) == [AppleRules.olderThanDeploymentTarget.name, AppleRules.iOSBefore7.name])
        #expect(findings.allSatisfy { $0.objectID == "global" })
    }
}
