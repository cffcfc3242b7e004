import Foundation
import NibMerge
import NibTestSupport
import Testing
import XIB

/// Three-way merges of one project XIB edited in known ways: what merges, what conflicts, and how both are
/// written.
@Suite struct NibMergeTests {
    static let login: String = {
        let url = ProjectCorpus.directory.appendingPathComponent("ios/LoginViewController.xib")
        return (try? String(contentsOf: url, encoding: .utf8)) ?? ""
    }()

    /// `text` with `old` replaced by `new` exactly once (the test fails when `old` is not there once).
    static func edit(_ text: String, _ old: String, _ new: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) -> String {
        let parts = text.components(separatedBy: old)
        #expect(parts.count == 2, "'\(old)' should occur once", sourceLocation: sourceLocation)
        return parts.joined(separator: new)
    }

    static func merge(_ base: String, _ ours: String, _ theirs: String) throws -> (text: String, result: MergeResult) {
        let result = try NibMerge.merge(base: Array(base.utf8), ours: Array(ours.utf8), theirs: Array(theirs.utf8))
        return (String(decoding: result.bytes, as: UTF8.self), result)
    }

    static let titleLabel = #"text="Sign in""#
    static let buttonFrame = #"<rect key="frame" x="0.0" y="138" width="366" height="44"/>"#

    @Test func editsOfDifferentObjectsMergeAndTheRestIsCopiedByteForByte() throws {
        let base = Self.login
        let ours = Self.edit(base, Self.titleLabel, #"text="Welcome""#)
        let theirs = Self.edit(base, Self.buttonFrame, #"<rect key="frame" x="0.0" y="140" width="366" height="48"/>"#)
        let (text, result) = try Self.merge(base, ours, theirs)
        #expect(result.isClean)
        // Exactly both edits applied to the base, nothing else rewritten.
        let expected = Self.edit(Self.edit(base, Self.titleLabel, #"text="Welcome""#), Self.buttonFrame,
                                 #"<rect key="frame" x="0.0" y="140" width="366" height="48"/>"#)
        #expect(text == expected)
        // Either order gives the same document.
        #expect(try Self.merge(base, theirs, ours).text == expected)
    }

    @Test func theSameAttributeChangedDifferentlyIsAConflictNamingObjectAttributeAndValues() throws {
        let base = Self.login
        let ours = Self.edit(base, Self.titleLabel, #"text="Welcome""#)
        let theirs = Self.edit(base, Self.titleLabel, #"text="Hello""#)
        let (text, result) = try Self.merge(base, ours, theirs)
        #expect(result.conflicts.count == 1)
        let conflict = try #require(result.conflicts.first)
        #expect(conflict.kind == .attribute)
        #expect(conflict.attribute == "text")
        #expect(conflict.ours == "Welcome" && conflict.theirs == "Hello")
        #expect(conflict.object.id == "tTl-lb-001" && conflict.object.element == "label")
        #expect(conflict.line > 0)
        // Markers at line starts around the label only; each side holds its value.
        let lines = text.components(separatedBy: "\n")
        let start = try #require(lines.firstIndex(of: "<<<<<<< ours"))
        let middle = try #require(lines.firstIndex(of: "======="))
        let end = try #require(lines.firstIndex(of: ">>>>>>> theirs"))
        #expect(start < middle && middle < end)
        let oursBlock = lines[(start + 1)..<middle].joined(separator: "\n")
        let theirsBlock = lines[(middle + 1)..<end].joined(separator: "\n")
        #expect(oursBlock.contains(#"text="Welcome""#) && !oursBlock.contains("Hello"))
        #expect(theirsBlock.contains(#"text="Hello""#) && !theirsBlock.contains("Welcome"))
        #expect(oursBlock.hasPrefix("                        <label ") && oursBlock.hasSuffix("</label>"))
        #expect(!oursBlock.contains("<textField"))
    }

    @Test func deletingWhatTheOtherSideChangedIsAConflict() throws {
        let base = Self.login
        let ours = Self.edit(base, Self.buttonFrame, #"<rect key="frame" x="0.0" y="140" width="366" height="48"/>"#)
        // THEIRS deletes the height constraint list of the button (a keyed, id-less element) and the button's frame.
        let theirs = Self.edit(base, Self.buttonFrame + "\n", "")
        let (text, result) = try Self.merge(base, ours, theirs)
        #expect(result.conflicts.map { $0.kind } == [MergeConflict.Kind.deleteModify])
        #expect(text.contains("<<<<<<< ours\n") && text.contains(#"y="140""#))
        // Deleting what the other side left alone is just a deletion.
        let (clean, cleanResult) = try Self.merge(base, base, theirs)
        #expect(cleanResult.isClean && !clean.contains(Self.buttonFrame))
    }

    @Test func insertionsOnBothSidesSurviveInOrder() throws {
        let base = Self.login
        let anchor = #"                                <constraint firstAttribute="height" constant="44" id="bTh-cn-001"/>"#
        let ours = Self.edit(base, anchor, anchor + "\n" + #"                                <constraint firstAttribute="width" constant="300" id="oUr-cn-001"/>"#)
        let theirs = Self.edit(base, anchor, #"                                <constraint firstAttribute="width" constant="200" id="tHr-cn-001"/>"# + "\n" + anchor)
        let (text, result) = try Self.merge(base, ours, theirs)
        #expect(result.isClean)
        let theirsAt = try #require(text.range(of: "tHr-cn-001")), baseAt = try #require(text.range(of: "bTh-cn-001"))
        let oursAt = try #require(text.range(of: "oUr-cn-001"))
        #expect(theirsAt.lowerBound < baseAt.lowerBound && baseAt.lowerBound < oursAt.lowerBound)
    }

    @Test func anElementMovedByOneSideKeepsTheOtherSidesChange() throws {
        let base = Self.login
        // OURS moves the title label out of the stack view, to the end of the root view's subviews.
        let label = try #require(Self.element(withID: "tTl-lb-001", in: base))
        var ours = Self.edit(base, label + "\n", "")
        let rootSubviewsEnd = "                </stackView>\n            </subviews>"
        let moved = label.split(separator: "\n", omittingEmptySubsequences: false).map { String($0.dropFirst(8)) }.joined(separator: "\n")
        ours = Self.edit(ours, rootSubviewsEnd, "                </stackView>\n" + moved + "\n            </subviews>")
        // THEIRS changes the label's text where it was.
        let theirs = Self.edit(base, Self.titleLabel, #"text="Welcome""#)
        let (text, result) = try Self.merge(base, ours, theirs)
        #expect(result.isClean, "\(result.conflicts)")
        let document = try XIBDocument(bytes: Array(text.utf8), file: "merged")
        let mergedLabel = try #require(document.element(withID: "tTl-lb-001"))
        #expect(mergedLabel.attribute("text") == "Welcome")
        #expect(mergedLabel.parent?.parent?.attribute("id") == "rOt-vw-001")
    }

    @Test func aReferenceToAnElementTheOtherSideDeletedIsAConflict() throws {
        let base = Self.login
        // OURS connects a new outlet to the title label; THEIRS deletes the label.
        let outlets = #"                <outlet property="view" destination="rOt-vw-001" id="out-00-004"/>"#
        let ours = Self.edit(base, outlets, outlets + "\n" + #"                <outlet property="titleLabel" destination="tTl-lb-001" id="out-00-005"/>"#)
        let label = try #require(Self.element(withID: "tTl-lb-001", in: base))
        let theirs = Self.edit(base, label + "\n", "")
        let (text, result) = try Self.merge(base, ours, theirs)
        #expect(result.conflicts.map { $0.kind } == [MergeConflict.Kind.danglingReference])
        #expect(result.conflicts.first?.attribute == "destination")
        #expect(text.contains("<<<<<<< ours\n"))
    }

    @Test func theHeaderTakesTheNewerVersionsAndBothSidesCapabilities() throws {
        let base = Self.login
        let capability = #"        <capability name="Safe area layout guides" minToolsVersion="9.0"/>"#
        let ours = Self.edit(Self.edit(base, #"toolsVersion="19529""#, #"toolsVersion="21507""#), capability,
                             capability + "\n" + #"        <capability name="Named colors" minToolsVersion="9.0"/>"#)
        let theirs = Self.edit(Self.edit(base, #"toolsVersion="19529""#, #"toolsVersion="22154""#), capability,
                               capability + "\n" + #"        <capability name="Image references" minToolsVersion="12.0"/>"#)
        let (text, result) = try Self.merge(base, ours, theirs)
        #expect(result.isClean)
        #expect(text.contains(#"toolsVersion="22154""#))
        #expect(text.contains("Named colors") && text.contains("Image references"))
    }

    @Test func aConflictInTheDocumentElementMarksItsStartTagOnly() throws {
        let base = Self.login
        let ours = Self.edit(base, #"useAutolayout="YES""#, #"useAutolayout="NO""#)
        let theirs = Self.edit(base, #" useAutolayout="YES""#, "")
        let (text, result) = try Self.merge(base, ours, theirs)
        #expect(result.conflicts.map { $0.attribute } == ["useAutolayout"])
        #expect(text.components(separatedBy: "<document ").count == 3)
        #expect(text.components(separatedBy: "<objects>").count == 2)
    }

    @Test func aMalformedInputIsALocatedError() throws {
        let broken = Self.edit(Self.login, "</label>", "</labl>")
        #expect {
            _ = try NibMerge.merge(base: Array(Self.login.utf8), ours: Array(broken.utf8), theirs: Array(Self.login.utf8),
                                   files: ("B.xib", "O.xib", "T.xib"))
        } throws: { error in
            let text = String(describing: error)
            return text.hasPrefix("O.xib:") && text.contains("error")
        }
    }

    /// The source text of the element with `id`, from the start of its line to its end tag.
    static func element(withID id: String, in text: String) -> String? {
        guard let document = try? XIBDocument(bytes: Array(text.utf8), file: "t"), let element = document.element(withID: id) else { return nil }
        let bytes = Array(text.utf8)
        var start = element.sourceRange.lowerBound
        while start > 0 && bytes[start - 1] == UInt8(ascii: " ") { start -= 1 }
        return String(decoding: bytes[start..<element.sourceRange.upperBound], as: UTF8.self)
    }
}
