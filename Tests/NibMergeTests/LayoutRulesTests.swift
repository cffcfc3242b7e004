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
}
