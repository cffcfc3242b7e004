import Foundation
import NibMerge
import Testing
import XIB

/// Merges whose edits span several top-level objects: a top-level object both other inputs agree on is decided by
/// its bytes without building its element model, and these cases check that moves between top-level objects and
/// the integrity of the whole result still hold.
@Suite struct SubtreeTriageTests {
    /// The login XIB with a second top-level view (a banner holding one subview).
    static let base: String = NibMergeTests.edit(NibMergeTests.login, "    </objects>\n", """
                <view contentMode="scaleToFill" id="bNr-vw-001" userLabel="Banner">
                    <rect key="frame" x="0.0" y="0.0" width="414" height="60"/>
                    <autoresizingMask key="autoresizingMask" flexibleMaxX="YES" flexibleMaxY="YES"/>
                    <subviews>
                        <view contentMode="scaleToFill" id="bNr-vw-002">
                            <rect key="frame" x="0.0" y="0.0" width="10" height="10"/>
                        </view>
                    </subviews>
                    <point key="canvasLocation" x="600" y="95"/>
                </view>
            </objects>

        """)

    /// `text` with the title label moved from the login view's stack view into the banner, after its subview.
    static func movingTheTitleLabelIntoTheBanner(_ text: String) throws -> String {
        let label = try #require(NibMergeTests.element(withID: "tTl-lb-001", in: text))
        let lines = label.split(separator: "\n", omittingEmptySubsequences: false)
        let moved = lines.map { String($0.dropFirst(8)) }.joined(separator: "\n")   // 24 -> 16 spaces
        let bannerSubview = "                    <rect key=\"frame\" x=\"0.0\" y=\"0.0\" width=\"10\" height=\"10\"/>\n                </view>\n"
        return NibMergeTests.edit(NibMergeTests.edit(text, label + "\n", ""), bannerSubview, bannerSubview + moved + "\n")
    }

    @Test(arguments: [false, true])
    func anElementMovedToAnotherTopLevelObjectKeepsTheOtherSidesChange(movedByTheirs: Bool) throws {
        let moved = try Self.movingTheTitleLabelIntoTheBanner(Self.base)
        let edited = NibMergeTests.edit(Self.base, NibMergeTests.titleLabel, #"text="Welcome""#)
        let (text, result) = movedByTheirs ? try NibMergeTests.merge(Self.base, edited, moved)
                                           : try NibMergeTests.merge(Self.base, moved, edited)
        #expect(result.isClean, "\(result.conflicts)")
        let document = try XIBDocument(bytes: Array(text.utf8), file: "merged")
        let label = try #require(document.element(withID: "tTl-lb-001"))
        #expect(label.attribute("text") == "Welcome")
        #expect(label.parent?.parent?.attribute("id") == "bNr-vw-001")
        #expect(document.element(withID: "sTk-vw-001")?.descendants.contains { $0.attribute("id") == "tTl-lb-001" } == false)
    }

    @Test func elementsBothSidesAddWithOneIdInDifferentTopLevelObjectsAreAConflict() throws {
        let added = #"<view contentMode="scaleToFill" id="aDd-vw-001"><rect key="frame" x="0.0" y="0.0" width="1" height="1"/></view>"#
        let bannerSubview = "                <view contentMode=\"scaleToFill\" id=\"bNr-vw-002\">\n"
        let ours = NibMergeTests.edit(Self.base, bannerSubview, "                " + added + "\n" + bannerSubview)
        let spinner = "                        <activityIndicatorView "
        let theirs = NibMergeTests.edit(Self.base, spinner, "                        " + added + "\n" + spinner)
        let (text, result) = try NibMergeTests.merge(Self.base, ours, theirs)
        #expect(result.conflicts.map(\.kind) == [.duplicateID])
        #expect(result.conflicts.first?.object.id == "aDd-vw-001")
        #expect(text.contains("<<<<<<< ours\n"))
    }

    @Test func aReferenceIntoATopLevelObjectTheOtherSideDeletedIsAConflict() throws {
        // OURS connects the owner to the banner's subview; THEIRS deletes the banner.
        let outlets = #"                <outlet property="view" destination="rOt-vw-001" id="out-00-004"/>"#
        let ours = NibMergeTests.edit(Self.base, outlets, outlets + "\n" + #"                <outlet property="banner" destination="bNr-vw-002" id="out-00-005"/>"#)
        let banner = try #require(NibMergeTests.element(withID: "bNr-vw-001", in: Self.base))
        let theirs = NibMergeTests.edit(Self.base, banner + "\n", "")
        let (_, result) = try NibMergeTests.merge(Self.base, ours, theirs)
        #expect(result.conflicts.map(\.kind) == [.danglingReference])
        #expect(result.conflicts.first?.ours == "bNr-vw-002")
    }

    @Test func topLevelObjectsChangedByOneSideAreCopiedByteForByte() throws {
        let ours = NibMergeTests.edit(Self.base, #"<rect key="frame" x="0.0" y="0.0" width="414" height="60"/>"#,
                                      #"<rect key="frame" x="0.0" y="0.0" width="414" height="64"/>"#)
        let theirs = NibMergeTests.edit(Self.base, NibMergeTests.titleLabel, #"text="Welcome""#)
        let (text, result) = try NibMergeTests.merge(Self.base, ours, theirs)
        #expect(result.isClean)
        #expect(text == NibMergeTests.edit(ours, NibMergeTests.titleLabel, #"text="Welcome""#))
    }
}
