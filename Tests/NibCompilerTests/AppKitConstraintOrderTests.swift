import Foundation
import NibArchive
import NibCompiler
import NibCompilerTestSupport
import Testing

/// The archive order of a view's `NSViewConstraints` (AppKitConstraintOrder): grouped by key view, groups in
/// order of the key view's top-left corner's distance from the owner's (AppKit frames are bottom-up), the
/// constraints tying a view to its container before those to siblings, a view's width before its height.
@Suite struct AppKitConstraintOrderTests {
    /// A window whose 100-point-high content view (id 2), `width` wide, holds `subviews` and `constraints`.
    static func window(width: Int, subviews: String, constraints: String) -> String {
        XIBEnvelope.macOS(objects: """
        <customObject id="-1" userLabel="First Responder" customClass="FirstResponder"/>
        <customObject id="-3" userLabel="Application" customClass="NSObject"/>
        <window title="W" allowsToolTipsWhenApplicationIsInactive="NO" autorecalculatesKeyViewLoop="NO" releasedWhenClosed="NO" animationBehavior="default" id="1">
            <windowStyleMask key="styleMask" titled="YES"/>
            <rect key="contentRect" x="196" y="240" width="\(width)" height="100"/>
            <rect key="screenRect" x="0.0" y="0.0" width="1440" height="900"/>
            <view key="contentView" id="2">
                <rect key="frame" x="0.0" y="0.0" width="\(width)" height="100"/>
                <autoresizingMask key="autoresizingMask"/>
                <subviews>
        \(subviews)
                </subviews>
                <constraints>
        \(constraints)
                </constraints>
            </view>
        </window>
        """)
    }

    /// A 200 × 100 content view holding A (top-left corner at 50, 10 from the owner's), B (10, 70) and
    /// C (5, 5); constraints in document (id) order, each told apart by its constant.
    static let document = window(width: 200, subviews: """
    <customView translatesAutoresizingMaskIntoConstraints="NO" id="A">
        <rect key="frame" x="50" y="70" width="20" height="20"/>
        <constraints>
            <constraint firstAttribute="height" constant="20" id="h1"/>
            <constraint firstAttribute="width" constant="20" id="w1"/>
        </constraints>
    </customView>
    <customView translatesAutoresizingMaskIntoConstraints="NO" id="B">
        <rect key="frame" x="10" y="10" width="20" height="20"/>
    </customView>
    <customView translatesAutoresizingMaskIntoConstraints="NO" id="C">
        <rect key="frame" x="5" y="75" width="10" height="20"/>
    </customView>
    """, constraints: """
    <constraint firstItem="A" firstAttribute="leading" secondItem="B" secondAttribute="trailing" constant="1" id="a1"/>
    <constraint firstItem="A" firstAttribute="top" secondItem="2" secondAttribute="top" constant="2" id="a2"/>
    <constraint firstItem="B" firstAttribute="leading" secondItem="2" secondAttribute="leading" constant="3" id="b1"/>
    <constraint firstAttribute="trailing" secondItem="C" secondAttribute="trailing" constant="4" id="c1"/>
    <constraint firstAttribute="height" constant="100" id="o1"/>
    """)

    static func compile() throws -> NibGraph {
        let nib = try CompiledXIB(document)
        #expect(nib.diagnostics.isEmpty, "\(nib.diagnostics)")
        return nib.graph
    }

    /// The constraints of `array` (an object index) as "attribute:constant".
    static func constraints(_ graph: NibGraph, _ array: Int) -> [String] {
        graph.objects[array].entries.compactMap { entry -> String? in
            guard let i = entry.value.objectIndex, graph.objects[i].className == "NSLayoutConstraint" else { return nil }
            return label(graph.objects[i])
        }
    }

    static func label(_ c: NibObject) -> String {
        var attribute: Int64 = 0, constant = 0.0
        if case .int(let a)? = c.value(forKey: "NSFirstAttribute") { attribute = a }
        if case .double(let k)? = c.value(forKey: "NSConstant") { constant = k }
        return "\(attribute):\(Int(constant))"
    }

    /// Each constrained view's `NSViewConstraints`, keyed by its frame string.
    static func arrays(_ graph: NibGraph) -> [[String]] {
        graph.objects.compactMap { o in o.value(forKey: "NSViewConstraints")?.objectIndex.map { constraints(graph, $0) } }
    }

    @Test func groupsByKeyViewFromTheTopLeftContainerConstraintsFirstWidthBeforeHeight() throws {
        let graph = try Self.compile()
        let lists = Self.arrays(graph)
        // Owner's own constraint; C (distance² 50); A (2600): to the container, then to B; B (5000).
        #expect(lists.contains(["8:100", "6:4", "3:2", "5:1", "5:3"]), "\(lists)")
        // A's own size: width before height although the document lists height first.
        #expect(lists.contains(["7:20", "8:20"]), "\(lists)")
        // NSObjectsKeys lists each view's constraints in the same order.
        let keys = graph.objects.first { $0.className == "NSIBObjectData" }?.value(forKey: "NSObjectsKeys")?.objectIndex
        let listed = try #require(keys.map { Self.constraints(graph, $0) })
        #expect(listed == ["7:20", "8:20", "8:100", "6:4", "3:2", "5:1", "5:3"], "\(listed)")
    }

    /// Inside a group: container constraints first, then by the attribute the key view is tied to — center X,
    /// trailing, center Y, leading, bottom, top — then document order. Two views at the same distance keep their
    /// constraints together, in document order of the views.
    static let attributeDocument = window(width: 300, subviews: """
    <customView translatesAutoresizingMaskIntoConstraints="NO" id="B">
        <rect key="frame" x="10" y="70" width="20" height="20"/>
    </customView>
    <customView translatesAutoresizingMaskIntoConstraints="NO" id="X">
        <rect key="frame" x="100" y="70" width="20" height="20"/>
    </customView>
    <customView translatesAutoresizingMaskIntoConstraints="NO" id="Y">
        <rect key="frame" x="200" y="40" width="20" height="20"/>
    </customView>
    <customView translatesAutoresizingMaskIntoConstraints="NO" id="Z">
        <rect key="frame" x="200" y="40" width="20" height="20"/>
    </customView>
    """, constraints: """
    <constraint firstItem="X" firstAttribute="top" secondItem="B" secondAttribute="bottom" constant="1" id="x1"/>
    <constraint firstItem="X" firstAttribute="leading" secondItem="B" secondAttribute="leading" constant="2" id="x2"/>
    <constraint firstItem="X" firstAttribute="centerY" secondItem="B" secondAttribute="centerY" constant="3" id="x3"/>
    <constraint firstItem="X" firstAttribute="leading" secondItem="B" secondAttribute="trailing" constant="4" id="x4"/>
    <constraint firstItem="X" firstAttribute="top" secondItem="2" secondAttribute="top" constant="5" id="x5"/>
    <constraint firstItem="X" firstAttribute="centerX" secondItem="B" secondAttribute="centerX" constant="6" id="x6"/>
    <constraint firstItem="Z" firstAttribute="top" secondItem="2" secondAttribute="top" constant="7" id="z1"/>
    <constraint firstItem="Y" firstAttribute="centerY" secondItem="2" secondAttribute="centerY" constant="8" id="y1"/>
    <constraint firstItem="Y" firstAttribute="leading" secondItem="2" secondAttribute="leading" constant="9" id="y2"/>
    <constraint firstItem="Z" firstAttribute="centerY" secondItem="2" secondAttribute="centerY" constant="10" id="z2"/>
    """)

    @Test func insideAGroupByTheAttributeTiedToThenDocumentOrder() throws {
        let nib = try CompiledXIB(Self.attributeDocument)
        #expect(nib.diagnostics.isEmpty, "\(nib.diagnostics)")
        let lists = Self.arrays(nib.graph)
        // B has no constraints of its own. X (distance² 10,000): its container constraint (top, 5); then the
        // sibling ones by B's attribute: centerX (6), trailing (4), centerY (3), leading (2), bottom (1).
        // Y and Z share a distance (identical frames): Y's constraints, then Z's, each by attribute
        // (Y: centerY 8 before leading 9; Z: centerY 10 before top 7).
        #expect(lists.contains(["3:5", "9:6", "5:4", "10:3", "5:2", "3:1", "10:8", "5:9", "10:10", "3:7"]), "\(lists)")
    }
}
