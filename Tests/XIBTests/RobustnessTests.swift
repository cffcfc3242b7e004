import Foundation
import Testing
@testable import XIB

/// Deterministic mutations of a realistic document: every result is either a tree or a located
/// `XMLError`, never a crash, and every error position lies inside the input.
@Suite("Robustness")
struct RobustnessTests {
    static let sample = """
    <?xml version="1.0" encoding="UTF-8"?>
    <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="21701" targetRuntime="iOS.CocoaTouch">
        <objects>
            <placeholder placeholderIdentifier="IBFilesOwner" id="-1" userLabel="File's Owner"/>
            <view id="v1"><!-- root view -->
                <rect key="frame" x="0.0" y="0.0" width="320" height="480"/>
                <label text="a &lt; b &amp;&#x20AC; ünïcødé" id="l1"><string key="t"><![CDATA[x<y]]></string></label>
            </view>
        </objects>
    </document>
    """

    /// A small linear congruential generator, so failures reproduce.
    struct LCG {
        var state: UInt64
        mutating func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
    }

    @Test func mutationsNeverCrash() {
        let original = Array(Self.sample.utf8)
        let interesting: [UInt8] = Array("<>&;/=\"'!?-[]#x\r\n \u{0}".utf8) + [0x80, 0xC3, 0xFF, 0xE2]
        var rng = LCG(state: 42)
        var failures = 0
        for round in 0..<3000 {
            var bytes = original
            for _ in 0...rng.next(3) {
                let at = rng.next(bytes.count)
                switch rng.next(3) {
                case 0: bytes[at] = interesting[rng.next(interesting.count)]
                case 1: bytes.insert(interesting[rng.next(interesting.count)], at: at)
                default: bytes.remove(at: at)
                }
            }
            do {
                let tree = try XMLTree(bytes: bytes, file: "m.xml")
                for element in tree.elements {
                    _ = element.text
                    for attribute in element.attributes { _ = attribute.value }
                }
                _ = try? XIBDocument(tree: tree)
            } catch {
                failures += 1
                #expect(error.offset >= 0 && error.offset <= bytes.count, "round \(round): \(error)")
                #expect(error.line >= 1 && error.column >= 1, "round \(round): \(error)")
            }
        }
        #expect(failures > 1000)
    }

    @Test func valuesSurviveMutationFreeRoundTrip() throws {
        let doc = try XIBDocument(bytes: Array(Self.sample.utf8), file: "s.xib")
        let label = try #require(doc.element(withID: "l1"))
        #expect(label.attribute("text") == "a < b &€ ünïcødé")
        #expect(label.firstChild(named: "string")?.text == "x<y")
        #expect(doc.element(withID: "v1")?.text.trimmingCharacters(in: .whitespacesAndNewlines) == "")
    }
}
