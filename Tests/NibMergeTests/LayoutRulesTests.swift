import Foundation
import NibMerge
import Testing

/// The layout rules: frames follow the side that changed the constraints; a deletion wins over a geometry-only
/// change; an element moved into a new container keeps the other side's edits. Each with the case where the
/// conflict must stand.
@Suite struct LayoutRulesTests {
    typealias M = NibMergeTests
    static let stackFrame = #"<rect key="frame" x="24" y="300" width="366" height="220"/>"#
    static let centerY = #"secondItem="rOt-vw-001" secondAttribute="centerY" id="cCy-cn-001"/>"#
    static let leading = #"secondAttribute="leading" constant="24" id="cLd-cn-001"/>"#
    static let spinner = #"""
                        <activityIndicatorView hidden="YES" opaque="NO" contentMode="scaleToFill" horizontalHuggingPriority="750" verticalHuggingPriority="750" hidesWhenStopped="YES" style="medium" translatesAutoresizingMaskIntoConstraints="NO" id="sPn-ai-001">
                            <rect key="frame" x="0.0" y="194" width="366" height="26"/>
                        </activityIndicatorView>

"""#

    /// OURS moves the stack view up with a constraint (and the frame Interface Builder recomputed); THEIRS
    /// resizes it by hand.
    static func frameEdits(theirsConstraint: Bool) -> (base: String, ours: String, theirs: String) {
        let base = M.login
        let ours = M.edit(M.edit(base, centerY, #"secondItem="rOt-vw-001" secondAttribute="centerY" constant="-40" id="cCy-cn-001"/>"#),
                          stackFrame, #"<rect key="frame" x="24" y="260" width="366" height="220"/>"#)
        var theirs = M.edit(base, stackFrame, #"<rect key="frame" x="24" y="310" width="366" height="200"/>"#)
        if theirsConstraint { theirs = M.edit(theirs, leading, #"secondAttribute="leading" constant="30" id="cLd-cn-001"/>"#) }
        return (base, ours, theirs)
    }

    @Test func aFrameBothSidesChangedFollowsTheSideThatChangedTheConstraints() throws {
        let (base, ours, theirs) = Self.frameEdits(theirsConstraint: false)
        let (text, result) = try M.merge(base, ours, theirs)
        #expect(result.isClean)
        #expect(text.contains(#"<rect key="frame" x="24" y="260" width="366" height="220"/>"#))
        #expect(text.contains(#"constant="-40" id="cCy-cn-001""#))
        // The decision is reported: the stack view's frame, taken from OURS.
        #expect(result.notes.map(\.rule) == [.framesFollowConstraints])
        #expect(result.notes.first?.object.id == "sTk-vw-001" && result.notes.first?.side == .ours)
        #expect(result.notes.first?.part == #"rect key="frame""#)
        #expect(result.notes.first?.line ?? 0 > 0)
        // Side-agnostic: with the inputs swapped the constraint side's frame still wins.
        let (swapped, swappedResult) = try M.merge(base, theirs, ours)
        #expect(swappedResult.isClean)
        #expect(swapped.contains(#"<rect key="frame" x="24" y="260" width="366" height="220"/>"#))
        #expect(swappedResult.notes.map(\.side) == [.theirs])
    }

    @Test func aFrameBothSidesChangedConflictsWhenBothChangedTheConstraints() throws {
        let (base, ours, theirs) = Self.frameEdits(theirsConstraint: true)
        let (text, result) = try M.merge(base, ours, theirs)
        #expect(result.conflicts.count == 1)
        #expect(result.notes.isEmpty)
        #expect(result.conflicts.first?.object.id == "sTk-vw-001")
        #expect(text.contains("<<<<<<< ours"))
    }

    @Test func aFrameBothSidesChangedConflictsWhenNeitherChangedTheConstraints() throws {
        let base = M.login
        let ours = M.edit(base, Self.stackFrame, #"<rect key="frame" x="24" y="260" width="366" height="220"/>"#)
        let theirs = M.edit(base, Self.stackFrame, #"<rect key="frame" x="24" y="310" width="366" height="200"/>"#)
        let result = try M.merge(base, ours, theirs).result
        #expect(!result.isClean)
        #expect(result.conflicts.allSatisfy { $0.object.id == "sTk-vw-001" })
    }

    @Test func aCoordinateBothSidesChangedBySubPixelNoiseKeepsOursWithANote() throws {
        let base = M.login
        func height(_ h: String) -> String { M.edit(base, Self.stackFrame, #"<rect key="frame" x="24" y="300" width="366" height="\#(h)"/>"#) }
        let (text, result) = try M.merge(base, height("219.99999931525957"), height("219.99999931525974"))
        #expect(result.isClean)
        #expect(text.contains(#"height="219.99999931525957""#))
        #expect(result.notes.map(\.rule) == [.roundingNoise])
        #expect(result.notes.first?.object.id == "sTk-vw-001" && result.notes.first?.side == .ours)
        // A real difference (a tenth of a point) still conflicts.
        let real = try M.merge(base, height("220.1"), height("220.2")).result
        #expect(real.conflicts.map(\.attribute) == ["height"])
        #expect(real.notes.isEmpty)
    }

    @Test func aFrameBothSidesChangedConflictsWithoutAutoLayout() throws {
        func manual(_ s: String) -> String { M.edit(s, #" useAutolayout="YES""#, "") }
        let (base, ours, theirs) = Self.frameEdits(theirsConstraint: false)
        let result = try M.merge(manual(base), manual(ours), manual(theirs)).result
        #expect(!result.isClean)
    }

    @Test func aDeletionWinsOverAChangeOfGeometryOnly() throws {
        let base = M.login
        let ours = M.edit(base, Self.spinner, "")
        let theirs = M.edit(base, #"<rect key="frame" x="0.0" y="194" width="366" height="26"/>"#,
                            #"<rect key="frame" x="0.0" y="190" width="366" height="30"/>"#)
        let misplaced = M.edit(theirs, #"translatesAutoresizingMaskIntoConstraints="NO" id="sPn-ai-001""#,
                               #"translatesAutoresizingMaskIntoConstraints="NO" misplaced="YES" id="sPn-ai-001""#)
        for other in [theirs, misplaced] {
            let (text, result) = try M.merge(base, ours, other)
            #expect(result.isClean)
            #expect(!text.contains("sPn-ai-001"))
            #expect(result.notes.map(\.rule) == [.deletedViewGeometry])
            #expect(result.notes.first?.object.id == "sPn-ai-001" && result.notes.first?.side == .ours)
            let (swapped, swappedResult) = try M.merge(base, other, ours)
            #expect(swapped == text)
            #expect(swappedResult.notes.map(\.side) == [.theirs])
        }
    }

    @Test func aDeletionOfAnElementTheOtherSideChangedMeaningfullyStillConflicts() throws {
        let base = M.login
        let ours = M.edit(base, Self.spinner, "")
        let theirs = M.edit(M.edit(base, #"<rect key="frame" x="0.0" y="194" width="366" height="26"/>"#,
                                   #"<rect key="frame" x="0.0" y="190" width="366" height="30"/>"#),
                            #"style="medium" translatesAutoresizingMaskIntoConstraints="NO" id="sPn-ai-001""#,
                            #"style="large" translatesAutoresizingMaskIntoConstraints="NO" id="sPn-ai-001""#)
        let result = try M.merge(base, ours, theirs).result
        #expect(result.conflicts.map(\.kind) == [.deleteModify])
        #expect(result.notes.isEmpty)
    }

    @Test func anElementMovedIntoANewContainerKeepsTheOtherSidesEdit() throws {
        let base = M.login
        let label = try #require(base.range(of: #"<label opaque="NO""#)).lowerBound
        let labelEnd = try #require(base.range(of: "</label>\n")).upperBound
        let lineStart = try #require(base[..<label].lastIndex(of: "\n")).utf16Offset(in: base) + 1
        let labelText = String(base[base.index(base.startIndex, offsetBy: lineStart)..<labelEnd])
        // THEIRS wraps the label in a new view; OURS retitles it.
        let wrapped = "                        <view contentMode=\"scaleToFill\" id=\"wRp-vw-001\">\n"
            + "                            <subviews>\n" + labelText + "                            </subviews>\n"
            + "                        </view>\n"
        let theirs = M.edit(base, labelText, wrapped)
        let ours = M.edit(base, M.titleLabel, #"text="Welcome""#)
        for (x, y) in [(ours, theirs), (theirs, ours)] {
            let (text, result) = try M.merge(base, x, y)
            #expect(result.isClean)
            #expect(text.contains(#"id="wRp-vw-001""#))
            #expect(text.contains(#"text="Welcome""#) && !text.contains(#"text="Sign in""#))
            #expect(text.components(separatedBy: #"id="tTl-lb-001""#).count == 2)
        }
    }

    /// A macOS window whose document was saved on a 1440 x 900 screen.
    static let window = #"""
    <?xml version="1.0" encoding="UTF-8"?>
    <document type="com.apple.InterfaceBuilder3.Cocoa.XIB" version="3.0" toolsVersion="17701" targetRuntime="MacOSX.Cocoa" propertyAccessControl="none" useAutolayout="YES">
        <dependencies>
            <plugIn identifier="com.apple.InterfaceBuilder.CocoaPlugin" version="17701"/>
        </dependencies>
        <objects>
            <window title="Chooser" allowsToolTipsWhenApplicationIsInactive="NO" autorecalculatesKeyViewLoop="NO" releasedWhenClosed="NO" animationBehavior="default" id="wNd-ws-001">
                <windowStyleMask key="styleMask" titled="YES" closable="YES"/>
                <rect key="contentRect" x="574" y="449" width="509" height="281"/>
                <rect key="screenRect" x="0.0" y="0.0" width="1440" height="877"/>
                <view key="contentView" id="cNt-vw-001">
                    <rect key="frame" x="0.0" y="0.0" width="509" height="281"/>
                    <autoresizingMask key="autoresizingMask"/>
                </view>
            </window>
        </objects>
    </document>
    """#

    /// Each side saved the window on another Mac and THEIRS retitled it: the screen rect is OURS' (with a note),
    /// the title THEIRS'. A content rect both sides changed is an edit and still conflicts.
    @Test func aScreenRectBothSidesSavedDifferentlyKeepsOurs() throws {
        let base = Self.window
        let screen = #"<rect key="screenRect" x="0.0" y="0.0" width="1440" height="877"/>"#
        let ours = M.edit(base, screen, #"<rect key="screenRect" x="0.0" y="0.0" width="1680" height="1025"/>"#)
        let theirs = M.edit(M.edit(base, screen, #"<rect key="screenRect" x="0.0" y="0.0" width="3840" height="2135"/>"#),
                            #"title="Chooser""#, #"title="Choose""#)
        let (text, result) = try M.merge(base, ours, theirs)
        #expect(result.isClean, "\(result.conflicts)")
        #expect(text.contains(#"width="1680" height="1025""#) && text.contains(#"title="Choose""#))
        #expect(result.notes.map(\.rule) == [.savingScreen])
        #expect(result.notes.first?.object.id == "wNd-ws-001" && result.notes.first?.side == .ours)
        let content = #"<rect key="contentRect" x="574" y="449" width="509" height="281"/>"#
        let resized = try M.merge(base, M.edit(ours, content, #"<rect key="contentRect" x="574" y="449" width="520" height="281"/>"#),
                                  M.edit(theirs, content, #"<rect key="contentRect" x="574" y="449" width="540" height="281"/>"#)).result
        #expect(resized.conflicts.map(\.attribute) == ["width"])
    }

    /// Moving a top-level view on the canvas is not an edit of it: OURS' deletion holds (with a note). Moved and
    /// renamed, it is a delete/modify conflict.
    @Test func aDeletionWinsOverAMoveOnTheCanvas() throws {
        let base = SubtreeTriageTests.base
        let banner = try #require(M.element(withID: "bNr-vw-001", in: base))
        let ours = M.edit(base, banner + "\n", "")
        let moved = M.edit(base, #"<point key="canvasLocation" x="600" y="95"/>"#, #"<point key="canvasLocation" x="640" y="180"/>"#)
        let (text, result) = try M.merge(base, ours, moved)
        #expect(result.isClean, "\(result.conflicts)")
        #expect(!text.contains("bNr-vw-001"))
        #expect(result.notes.map(\.rule) == [.deletedViewGeometry])
        #expect(result.notes.first?.object.id == "bNr-vw-001" && result.notes.first?.side == .ours)
        let renamed = M.edit(moved, #"userLabel="Banner""#, #"userLabel="Header""#)
        let conflicting = try M.merge(base, ours, renamed).result
        #expect(conflicting.conflicts.map(\.kind) == [.deleteModify])
    }
}
