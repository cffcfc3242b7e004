import Foundation
import NibArchive
import NibCompiler
import NibCompilerTestSupport
import Testing

/// Number and date formatters beyond the shared pairs (four 10.4 number formatters, decimal style at most, no
/// date formatter): every value of the enumerations the XIB can set, checked against Apple's Foundation
/// enumerations (NSNumberFormatterStyle, NSNumberFormatterPadPosition, NSNumberFormatterRoundingMode,
/// NSNumberFormatterBehavior, NSDateFormatterStyle), and the number types of `NS.min`/`NS.max`, which keep the
/// document's value element (`<integer>` an integer, `<real>` a double, `<decimal>` an NSDecimalNumber).
@Suite struct AppKitFormatterTests {
    static func compile(_ formatter: String) throws -> CompiledXIB {
        let nib = try CompiledXIB(XIBEnvelope.macOS(objects: """
        <customObject id="-1" userLabel="First Responder" customClass="FirstResponder"/>
        <customObject id="-3" userLabel="Application" customClass="NSObject"/>
        <textField verticalHuggingPriority="750" id="1">
            <rect key="frame" x="20" y="20" width="96" height="21"/>
            <autoresizingMask key="autoresizingMask" flexibleMaxX="YES" flexibleMinY="YES"/>
            <textFieldCell key="cell" scrollable="YES" lineBreakMode="clipping" selectable="YES" editable="YES" sendsActionOnEndEditing="YES" borderStyle="bezel" drawsBackground="YES" id="2">
                \(formatter)
                <font key="font" metaFont="system"/>
                <color key="textColor" name="controlTextColor" catalog="System" colorSpace="catalog"/>
                <color key="backgroundColor" name="textBackgroundColor" catalog="System" colorSpace="catalog"/>
            </textFieldCell>
        </textField>
        """))
        return nib
    }

    /// The formatter's `NS.attributes` as name → value.
    static func attributes(_ nib: CompiledXIB, _ formatterClass: String) throws -> [String: NibGraphValue] {
        let formatter = try #require(nib.first(formatterClass), "no \(formatterClass)")
        let items = nib.items(formatter.value(forKey: "NS.attributes"))
        try #require(items.count % 2 == 0)
        var out: [String: NibGraphValue] = [:]
        for n in stride(from: 0, to: items.count, by: 2) {
            let key = try #require(nib.string(.object(items[n])))
            // Numbers by value (NS.intval, NS.dblval or NS.boolval); anything else by reference.
            let value = nib.graph.objects[items[n + 1]]
            out[key] = value.className == "NSNumber" ? value.entries.first?.value : .object(items[n + 1])
        }
        return out
    }

    static func numberFormatter(_ attributes: String, children: String = "") -> String {
        """
        <numberFormatter key="formatter" formatterBehavior="default10_4" \(attributes) id="3">\(children)</numberFormatter>
        """
    }

    @Test func numberStylesFollowTheEnumeration() throws {
        let styles: [(String, Int64)] = [("none", 0), ("decimal", 1), ("currency", 2), ("percent", 3), ("scientific", 4),
                                         ("spellOut", 5), ("ordinal", 6), ("currencyISOCode", 8), ("currencyPlural", 9),
                                         ("currencyAccounting", 10)]
        for (name, value) in styles {
            let nib = try Self.compile(Self.numberFormatter(#"numberStyle="\#(name)""#))
            #expect(nib.diagnostics.isEmpty, "\(name): \(nib.diagnostics)")
            #expect(try Self.attributes(nib, "NSNumberFormatter")["numberStyle"] == .int(value), "\(name)")
        }
        // No style attribute: no key.
        #expect(try Self.attributes(Self.compile(Self.numberFormatter("")), "NSNumberFormatter")["numberStyle"] == nil)
        // An unknown style is reported with its location and archived as no style.
        let unknown = try Self.compile(Self.numberFormatter(#"numberStyle="roman""#))
        #expect(unknown.diagnostics.contains { $0.message.contains("numberStyle='roman'") && $0.line > 0 })
        #expect(try Self.attributes(unknown, "NSNumberFormatter")["numberStyle"] == .int(0))
    }

    @Test func paddingAndRoundingFollowTheEnumerations() throws {
        let positions: [(String, Int64)] = [("beforePrefix", 0), ("afterPrefix", 1), ("beforeSuffix", 2), ("afterSuffix", 3)]
        for (name, value) in positions {
            let nib = try Self.compile(Self.numberFormatter(#"formatWidth="6" paddingPosition="\#(name)" paddingCharacter="*""#))
            let attrs = try Self.attributes(nib, "NSNumberFormatter")
            #expect(attrs["paddingPosition"] == .int(value), "\(name)")
            #expect(attrs["formatWidth"] == .int(6))
            #expect(attrs["paddingCharacter"] != nil, "the padding character is archived")
        }
        let modes: [(String, Int64)] = [("ceiling", 0), ("floor", 1), ("down", 2), ("up", 3), ("halfEven", 4), ("halfDown", 5), ("halfUp", 6)]
        for (name, value) in modes {
            let nib = try Self.compile(Self.numberFormatter(#"roundingMode="\#(name)""#))
            #expect(try Self.attributes(nib, "NSNumberFormatter")["roundingMode"] == .int(value), "\(name)")
        }
        // Defaults: before the prefix, half-even, no padding character.
        let plain = try Self.attributes(Self.compile(Self.numberFormatter("")), "NSNumberFormatter")
        #expect(plain["paddingPosition"] == .int(0))
        #expect(plain["roundingMode"] == .int(4))
        #expect(plain["paddingCharacter"] == nil)
    }

    @Test func behaviourAndSwitches() throws {
        for (behaviour, value) in [("default10_4", Int64(1040)), ("custom10_4", 1040), ("10_0", 1000)] {
            let nib = try Self.compile(#"<numberFormatter key="formatter" formatterBehavior="\#(behaviour)" id="3"/>"#)
            #expect(try Self.attributes(nib, "NSNumberFormatter")["formatterBehavior"] == .int(value), "\(behaviour)")
        }
        let on = try Self.attributes(Self.compile(Self.numberFormatter(
            #"lenient="YES" generatesDecimalNumbers="YES" alwaysShowsDecimalSeparator="YES" allowsFloats="NO" usesGroupingSeparator="NO" usesSignificantDigits="YES" minimumSignificantDigits="2" maximumSignificantDigits="5" partialStringValidationEnabled="YES""#)),
            "NSNumberFormatter")
        #expect(on["lenient"] == .bool(true))
        #expect(on["generatesDecimalNumbers"] == .bool(true))
        #expect(on["alwaysShowsDecimalSeparator"] == .bool(true))
        #expect(on["allowsFloats"] == .bool(false))
        #expect(on["usesGroupingSeparator"] == .bool(false))
        #expect(on["usesSignificantDigits"] == .bool(true))
        #expect(on["minimumSignificantDigits"] == .int(2))
        #expect(on["maximumSignificantDigits"] == .int(5))
        #expect(on["partialStringValidationEnabled"] == .bool(true))
        let off = try Self.attributes(Self.compile(Self.numberFormatter("")), "NSNumberFormatter")
        #expect(off["lenient"] == .bool(false))
        #expect(off["allowsFloats"] == .bool(true))
        #expect(off["usesSignificantDigits"] == nil)
        #expect(off["partialStringValidationEnabled"] == nil)
    }

    @Test func boundsKeepTheirNumberTypes() throws {
        let nib = try Self.compile(Self.numberFormatter("", children: """
            <integer key="minimum" value="3"/>
            <real key="maximum" value="99.5"/>
        """))
        let formatter = try #require(nib.first("NSNumberFormatter"))
        #expect(nib.object(formatter.value(forKey: "NS.min"))?.value(forKey: "NS.intval") == .int(3))
        #expect(nib.object(formatter.value(forKey: "NS.max"))?.value(forKey: "NS.dblval") == .double(99.5))
        let attrs = try Self.attributes(nib, "NSNumberFormatter")
        #expect(attrs["minimum"] == .int(3))
        #expect(attrs["maximum"] == .double(99.5))
        // A whole-number <real> stays a double; a <decimal> is an NSDecimalNumber.
        let decimal = try Self.compile(Self.numberFormatter("", children: """
            <real key="minimum" value="1"/>
            <decimal key="maximum" value="12.5"/>
        """))
        let d = try #require(decimal.first("NSNumberFormatter"))
        #expect(decimal.object(d.value(forKey: "NS.min"))?.value(forKey: "NS.dblval") == .double(1))
        #expect(decimal.object(d.value(forKey: "NS.max"))?.className == "NSDecimalNumberPlaceholder")
        // No bounds: no keys.
        let none = try #require(Self.compile(Self.numberFormatter("")).first("NSNumberFormatter"))
        #expect(none.value(forKey: "NS.min") == nil)
        #expect(none.value(forKey: "NS.max") == nil)
    }

    @Test func dateStylesAndSwitches() throws {
        let styles: [(String, Int64)] = [("none", 0), ("short", 1), ("medium", 2), ("long", 3), ("full", 4)]
        for (name, value) in styles {
            let nib = try Self.compile(#"<dateFormatter key="formatter" dateStyle="\#(name)" timeStyle="\#(name)" id="3"/>"#)
            #expect(nib.diagnostics.isEmpty, "\(nib.diagnostics)")
            let attrs = try Self.attributes(nib, "NSDateFormatter")
            #expect(attrs["dateStyle"] == .int(value), "\(name)")
            #expect(attrs["timeStyle"] == .int(value), "\(name)")
            #expect(attrs["formatterBehavior"] == .int(1040))
        }
        // A custom 10.4 format, lenient parsing and relative formatting are properties of their own.
        let custom = try Self.compile(#"<dateFormatter key="formatter" formatterBehavior="custom10_4" dateFormat="yyyy-MM-dd" lenient="YES" doesRelativeDateFormatting="YES" id="3"/>"#)
        let attrs = try Self.attributes(custom, "NSDateFormatter")
        #expect(custom.string(try #require(attrs["dateFormat"])) == "yyyy-MM-dd")
        #expect(attrs["lenient"] == .bool(true))
        #expect(attrs["doesRelativeDateFormatting"] == .bool(true))
        #expect(attrs["dateStyle"] == nil)
        let formatter = try #require(custom.first("NSDateFormatter"))
        #expect(custom.string(formatter.value(forKey: "NS.format")) == "yyyy-MM-dd")
        #expect(formatter.value(forKey: "NS.natural") == .bool(false))
        // A 10.0 formatter keeps its format in NS.format only.
        let old = try Self.compile(#"<dateFormatter key="formatter" formatterBehavior="10_0" dateFormat="%Y" id="3"/>"#)
        let oldAttrs = try Self.attributes(old, "NSDateFormatter")
        #expect(oldAttrs["formatterBehavior"] == .int(1000))
        #expect(oldAttrs["dateFormat"] == nil)
        #expect(old.string(try #require(old.first("NSDateFormatter")).value(forKey: "NS.format")) == "%Y")
        // Keys sorted by name, as the number formatter's pairs show.
        let keys = try #require(old.first("NSDateFormatter")).value(forKey: "NS.attributes")
        let names = old.items(keys).enumerated().filter { $0.offset % 2 == 0 }.compactMap { old.string(.object($0.element)) }
        #expect(names == names.sorted())
    }
}
