import Foundation
import NibArchive
import NibCompiler
import NibCompilerTestSupport
import Testing

/// Stack views beyond the shared pairs (three, all `distribution="fill"` with default insets): every
/// orientation, distribution and alignment value, spacing, hugging and clipping-resistance priorities, edge
/// insets and detaching hidden views, checked against the keys GNUstep's NSStackView coder reads
/// (NSStackViewOrientation, NSStackViewAlignment as an NSLayoutAttribute, NSStackViewdistribution with
/// NSStackViewDistribution's values, gravityAreas -1) — and custom spacings, which the archive leaves out, reported.
@Suite struct AppKitStackViewTests {
    static func compile(_ attributes: String, insets: String = "", lists: String = "") throws -> CompiledXIB {
        try CompiledXIB(XIBEnvelope.macOS(objects: """
        <customObject id="-1" userLabel="First Responder" customClass="FirstResponder"/>
        <customObject id="-3" userLabel="Application" customClass="NSObject"/>
        <stackView \(attributes) translatesAutoresizingMaskIntoConstraints="NO" id="1">
            <rect key="frame" x="0.0" y="0.0" width="200" height="100"/>
            \(insets)
            <subviews>
                <customView translatesAutoresizingMaskIntoConstraints="NO" id="2">
                    <rect key="frame" x="0.0" y="0.0" width="96" height="100"/>
                </customView>
                <customView translatesAutoresizingMaskIntoConstraints="NO" id="3">
                    <rect key="frame" x="104" y="0.0" width="96" height="100"/>
                </customView>
            </subviews>
            \(lists)
        </stackView>
        """))
    }

    static func stack(_ nib: CompiledXIB) throws -> NibObject { try #require(nib.first("NSStackView")) }

    @Test func orientationDistributionAndAlignment() throws {
        let distributions: [(String, Int64)] = [("gravityAreas", -1), ("fill", 0), ("fillEqually", 1), ("fillProportionally", 2),
                                                ("equalSpacing", 3), ("equalCentering", 4)]
        for (name, value) in distributions {
            let s = try Self.stack(Self.compile(#"distribution="\#(name)" orientation="horizontal""#))
            #expect(s.value(forKey: "NSStackViewdistribution") == .int(value), "\(name)")
            #expect(s.value(forKey: "NSStackViewOrientation") == .int(0))
        }
        // Alignment as an NSLayoutAttribute, and the secondary alignment as a gravity across the axis (start 1,
        // first baseline 2, centre 3, end 4, last baseline 5).
        let alignments: [(String, Int64, Int64)] = [("leading", 5, 1), ("trailing", 6, 4), ("top", 3, 1), ("bottom", 4, 4),
                                                    ("centerX", 9, 3), ("centerY", 10, 3), ("firstBaseline", 12, 2),
                                                    ("lastBaseline", 11, 5)]
        for (name, value, secondary) in alignments {
            let s = try Self.stack(Self.compile(#"orientation="vertical" alignment="\#(name)""#))
            #expect(s.value(forKey: "NSStackViewAlignment") == .int(value), "\(name)")
            #expect(s.value(forKey: "NSStackViewSecondaryAlignment") == .int(secondary), "\(name)")
            #expect(s.value(forKey: "NSStackViewOrientation") == .int(1))
        }
        // Defaults: centred across the stacking axis, gravity areas.
        let vertical = try Self.stack(Self.compile(#"orientation="vertical""#))
        #expect(vertical.value(forKey: "NSStackViewAlignment") == .int(9))
        #expect(vertical.value(forKey: "NSStackViewdistribution") == .int(-1))
        let horizontal = try Self.stack(Self.compile(#"orientation="horizontal""#))
        #expect(horizontal.value(forKey: "NSStackViewAlignment") == .int(10))
    }

    @Test func spacingPrioritiesInsetsAndDetaching() throws {
        let nib = try Self.compile(
            #"distribution="fill" orientation="horizontal" spacing="12.5" horizontalStackHuggingPriority="300" verticalStackHuggingPriority="200" horizontalClippingResistancePriority="400" verticalClippingResistancePriority="500" detachesHiddenViews="YES""#,
            insets: #"<edgeInsets key="edgeInsets" left="1" right="2" top="3" bottom="4"/>"#)
        #expect(nib.diagnostics.isEmpty, "\(nib.diagnostics)")
        let s = try Self.stack(nib)
        #expect(s.value(forKey: "NSStackViewSpacing") == .float(12.5))
        #expect(s.value(forKey: "NSStackViewHorizontalHugging") == .float(300))
        #expect(s.value(forKey: "NSStackViewVerticalHugging") == .float(200))
        #expect(s.value(forKey: "NSStackViewHorizontalClippingResistance") == .float(400))
        #expect(s.value(forKey: "NSStackViewVerticalClippingResistance") == .float(500))
        #expect(s.value(forKey: "NSStackViewEdgeInsets.left") == .float(1))
        #expect(s.value(forKey: "NSStackViewEdgeInsets.right") == .float(2))
        #expect(s.value(forKey: "NSStackViewEdgeInsets.top") == .float(3))
        #expect(s.value(forKey: "NSStackViewEdgeInsets.bottom") == .float(4))
        #expect(s.value(forKey: "NSStackViewDetachesHiddenViews") == .bool(true))
        // Both views in the beginning container.
        let container = try #require(nib.object(s.value(forKey: "NSStackViewBeginningContainer")))
        #expect(nib.items(container.value(forKey: "NSStackViewContainerNonDroppedViews")).count == 2)
        // Defaults.
        let plain = try Self.stack(Self.compile(#"orientation="horizontal""#))
        #expect(plain.value(forKey: "NSStackViewSpacing") == .float(8))
        #expect(plain.value(forKey: "NSStackViewHorizontalHugging") == .float(250))
        #expect(plain.value(forKey: "NSStackViewHorizontalClippingResistance") == .float(1000))
        #expect(plain.value(forKey: "NSStackViewEdgeInsets.top") == .float(0))
        #expect(plain.value(forKey: "NSStackViewDetachesHiddenViews") == .bool(false))
    }

    @Test func customSpacingIsReported() throws {
        let defaults = try Self.compile(#"orientation="horizontal""#, lists: """
            <visibilityPriorities><integer value="1000"/><integer value="1000"/></visibilityPriorities>
            <customSpacing><real value="3.4028234663852886e+38"/><real value="3.4028234663852886e+38"/></customSpacing>
            """)
        #expect(defaults.diagnostics.isEmpty, "\(defaults.diagnostics)")
        let custom = try Self.compile(#"orientation="horizontal""#, lists: """
            <visibilityPriorities><integer value="1000"/><integer value="250"/></visibilityPriorities>
            <customSpacing><real value="20"/><real value="3.4028234663852886e+38"/></customSpacing>
            """)
        #expect(custom.diagnostics.contains { $0.message.contains("custom spacing 20") && $0.line > 0 }, "\(custom.diagnostics)")
        // The container still archives no priorities or spacings.
        let container = try #require(custom.object(try Self.stack(custom).value(forKey: "NSStackViewBeginningContainer")))
        #expect(container.value(forKey: "NSStackViewContainerVisibilityPriorities") == .null)
        #expect(container.value(forKey: "NSStackViewContainerViewToCustomAfterSpaceMap") == .null)
    }
}
