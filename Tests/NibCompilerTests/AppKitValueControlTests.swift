import Foundation
import NibArchive
import NibCompiler
import NibCompilerTestSupport
import Testing

/// Progress indicators and steppers beyond the shared pairs (one progress indicator, bar style, and three default
/// steppers): every flag and value the XIB can set, checked against what the classes' keyed coders read (GNUstep
/// libs-gui's NSProgressIndicator and NSStepperCell: `NSpiFlags` bit 2 indeterminate, 0x100 small, 0x1000
/// spinning, 0x2000 hidden when stopped; the values, increment and bounds decoded as doubles; `NSMinValue` and
/// `NSValueWraps` optional, `NSAutorepeat` always read).
@Suite struct AppKitValueControlTests {
    static func compile(_ views: String) throws -> NibGraph {
        let nib = try CompiledXIB(XIBEnvelope.macOS(objects: """
        <customObject id="-1" userLabel="First Responder" customClass="FirstResponder"/>
        <customObject id="-3" userLabel="Application" customClass="NSObject"/>
        <customView id="1">
            <rect key="frame" x="0.0" y="0.0" width="200" height="100"/>
            <autoresizingMask key="autoresizingMask" flexibleMaxX="YES" flexibleMinY="YES"/>
            <subviews>
        \(views)
            </subviews>
        </customView>
        """))
        #expect(nib.diagnostics.isEmpty, "\(nib.diagnostics)")
        return nib.graph
    }

    static func object(_ graph: NibGraph, _ cls: String) throws -> NibObject {
        try #require(graph.objects.first { $0.className == cls }, "no \(cls)")
    }

    static func progress(_ attributes: String) -> String {
        """
        <progressIndicator \(attributes) id="2">
            <rect key="frame" x="20" y="20" width="96" height="20"/>
            <autoresizingMask key="autoresizingMask" flexibleMaxX="YES" flexibleMinY="YES"/>
        </progressIndicator>
        """
    }

    @Test func progressIndicatorFlagsAndDoubleValues() throws {
        // The shared pair's bar: indeterminate, not bezeled (0x4006, as Apple archived it).
        let bar = try Self.object(Self.compile(Self.progress(#"maxValue="1" bezeled="NO" indeterminate="YES" style="bar""#)), "NSProgressIndicator")
        #expect(bar.value(forKey: "NSpiFlags") == .int(0x4006))
        #expect(bar.value(forKey: "NSMaxValue") == .double(1))
        #expect(bar.value(forKey: "NSMinValue") == nil)
        // Spinning, small, hidden when stopped, determinate, bezeled (the default), with fractional values.
        let spinner = try Self.object(Self.compile(Self.progress(
            #"minValue="2" maxValue="10.5" doubleValue="3.25" controlSize="small" style="spinning" displayedWhenStopped="NO""#)),
            "NSProgressIndicator")
        guard case .int(let flags)? = spinner.value(forKey: "NSpiFlags") else { Issue.record("no NSpiFlags"); return }
        #expect(flags & 2 == 0, "determinate")
        #expect(flags & 1 == 1, "bezeled")
        #expect(flags & 0x100 == 0x100, "small")
        #expect(flags & 0x1000 == 0x1000, "spinning")
        #expect(flags & 0x2000 == 0x2000, "hidden when stopped")
        #expect(spinner.value(forKey: "NSMinValue") == .double(2))
        #expect(spinner.value(forKey: "NSMaxValue") == .double(10.5))
        #expect(spinner.value(forKey: "NSValue") == .double(3.25))
        // Defaults: bar, regular, shown when stopped, maximum 100.
        let plain = try Self.object(Self.compile(Self.progress(#"style="bar""#)), "NSProgressIndicator")
        guard case .int(let plainFlags)? = plain.value(forKey: "NSpiFlags") else { Issue.record("no NSpiFlags"); return }
        #expect(plainFlags & (0x100 | 0x1000 | 0x2000 | 2) == 0)
        #expect(plain.value(forKey: "NSMaxValue") == .double(100))
        #expect(plain.value(forKey: "NSValue") == nil)
    }

    static func stepper(_ cellAttributes: String) -> String {
        """
        <stepper horizontalHuggingPriority="750" verticalHuggingPriority="750" id="3">
            <rect key="frame" x="20" y="50" width="19" height="28"/>
            <autoresizingMask key="autoresizingMask" flexibleMaxX="YES" flexibleMinY="YES"/>
            <stepperCell key="cell" continuous="YES" alignment="left" \(cellAttributes) id="4"/>
        </stepper>
        """
    }

    @Test func stepperValuesAreDoublesAndFlagsOptional() throws {
        let cell = try Self.object(Self.compile(Self.stepper(
            #"increment="0.5" minValue="-2" maxValue="7.5" doubleValue="1.25" valueWraps="YES" autorepeat="NO""#)), "NSStepperCell")
        #expect(cell.value(forKey: "NSIncrement") == .double(0.5))
        #expect(cell.value(forKey: "NSMinValue") == .double(-2))
        #expect(cell.value(forKey: "NSMaxValue") == .double(7.5))
        #expect(cell.value(forKey: "NSValue") == .double(1.25))
        #expect(cell.value(forKey: "NSValueWraps") == .bool(true))
        #expect(cell.value(forKey: "NSAutorepeat") == .bool(false))
        // Whole numbers stay doubles (the coder reads doubles); defaults: maximum 100, increment 1, autorepeat,
        // no wrapping, no minimum key.
        let plain = try Self.object(Self.compile(Self.stepper(#"maxValue="12""#)), "NSStepperCell")
        #expect(plain.value(forKey: "NSMaxValue") == .double(12))
        #expect(plain.value(forKey: "NSIncrement") == .double(1))
        #expect(plain.value(forKey: "NSAutorepeat") == .bool(true))
        #expect(plain.value(forKey: "NSValueWraps") == nil)
        #expect(plain.value(forKey: "NSMinValue") == nil)
    }

    static func slider(_ cellAttributes: String) -> String {
        """
        <slider verticalHuggingPriority="750" id="5">
            <rect key="frame" x="18" y="18" width="96" height="24"/>
            <autoresizingMask key="autoresizingMask" flexibleMaxX="YES" flexibleMinY="YES"/>
            <sliderCell key="cell" continuous="YES" state="on" alignment="left" \(cellAttributes) id="6"/>
        </slider>
        """
    }

    @Test func sliderValuesTicksAndTypes() throws {
        let cell = try Self.object(Self.compile(Self.slider(
            #"minValue="-5" maxValue="20" doubleValue="2.5" altIncrementValue="0.25" numberOfTickMarks="11" allowsTickMarkValuesOnly="YES" sliderType="circular""#)),
            "NSSliderCell")
        #expect(cell.value(forKey: "NSMinValue") == .double(-5))
        #expect(cell.value(forKey: "NSMaxValue") == .double(20))
        #expect(cell.value(forKey: "NSValue") == .double(2.5))
        #expect(cell.value(forKey: "NSAltIncValue") == .double(0.25))
        #expect(cell.value(forKey: "NSNumberOfTickMarks") == .int(11))
        #expect(cell.value(forKey: "NSAllowsTickMarkValuesOnly") == .bool(true))
        #expect(cell.value(forKey: "NSSliderType") == .int(1))
        // Tick mark positions: below and trailing 0, above and leading 1 (NSTickMarkPosition's aliases).
        for (position, value) in [("below", Int64(0)), ("above", 1), ("leading", 1), ("trailing", 0)] {
            let c = try Self.object(Self.compile(Self.slider(#"maxValue="1" numberOfTickMarks="3" tickMarkPosition="\#(position)""#)), "NSSliderCell")
            #expect(c.value(forKey: "NSTickMarkPosition") == .int(value), "\(position)")
        }
        // Vertical.
        let vertical = try Self.object(Self.compile(Self.slider(#"maxValue="1" vertical="YES""#)), "NSSliderCell")
        #expect(vertical.value(forKey: "NSVertical") == .bool(true))
        // Defaults, as the linear pairs archive them: whole numbers stay doubles, maximum 1, no slider type key.
        let linear = try Self.object(Self.compile(Self.slider(#"maxValue="10" sliderType="linear""#)), "NSSliderCell")
        #expect(linear.value(forKey: "NSMaxValue") == .double(10))
        #expect(linear.value(forKey: "NSMinValue") == .double(0))
        #expect(linear.value(forKey: "NSValue") == .double(0))
        #expect(linear.value(forKey: "NSNumberOfTickMarks") == .int(0))
        #expect(linear.value(forKey: "NSAllowsTickMarkValuesOnly") == .bool(false))
        #expect(linear.value(forKey: "NSVertical") == .bool(false))
        #expect(linear.value(forKey: "NSSliderType") == nil)
        let plain = try Self.object(Self.compile(Self.slider("")), "NSSliderCell")
        #expect(plain.value(forKey: "NSMaxValue") == .double(1))
    }
}
