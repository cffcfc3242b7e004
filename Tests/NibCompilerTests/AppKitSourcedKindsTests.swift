import Foundation
import NibArchive
import NibCompiler
import NibCompilerTestSupport
import Testing

/// AppKit kinds archived from a semantic source rather than a compiled pair (docs/APPKIT-COVERAGE.md): byte count
/// formatters, paragraph styles in attributed titles, geometry runtime attributes; and the attributes read but not
/// archived, each reported once with its reason.
@Suite struct AppKitSourcedKindsTests {
    typealias Compiled = AppKitBreadthTests.Compiled

    func compile(objects: String) throws -> Compiled {
        try AppKitBreadthTests().compile(objects: objects)
    }

    func field(_ id: String, cell: String = "", formatter: String = "", fieldAttributes: String = "") -> String {
        """
        <textField \(fieldAttributes) id="\(id)">
            <rect key="frame" x="0.0" y="0.0" width="80" height="16"/>
            <autoresizingMask key="autoresizingMask" flexibleMaxX="YES" flexibleMinY="YES"/>
            <textFieldCell key="cell" \(cell) title="T" id="\(id)-cell">
                <font key="font" metaFont="system"/>
                \(formatter)
            </textFieldCell>
        </textField>
        """
    }

    func keys(_ o: NibObject) -> [String] { o.entries.map(\.key) }

    // MARK: Byte count formatters

    /// Foundation's coder: a property at its initializer's value writes no key; the others in the coder's order,
    /// 32-bit numbers for units, count style and context, true for each flag (the `No…` keys for properties off).
    @Test func byteCountFormatterWritesOnlyNonDefaultProperties() throws {
        let c = try compile(objects: """
            <byteCountFormatter id="plain"/>
            <byteCountFormatter allowedUnits="6" countStyle="binary" formattingContext="standalone" zeroPadsFractionDigits="YES" includesActualByteCount="YES" allowsNonnumericFormatting="NO" includesUnit="NO" includesCount="NO" adaptive="NO" id="all"/>
            <byteCountFormatter countStyle="file" includesUnit="YES" adaptive="YES" allowedUnits="0" id="defaults"/>
            """)
        #expect(c.diagnostics.isEmpty, "\(c.diagnostics)")
        let formatters = c.objects("NSByteCountFormatter")
        #expect(formatters.count == 3)
        #expect(formatters.filter { $0.entries.isEmpty }.count == 2)
        let all = try #require(formatters.first { !$0.entries.isEmpty })
        #expect(keys(all) == ["NSUnits", "NSKBSize", "NSFormattingContext", "NSZeroPad", "NSActual", "NSNoNonnumeric", "NSNoUnit",
                              "NSNoCount", "NSNoAdaptive"])
        #expect(c.int(all, "NSUnits") == 6)
        #expect(c.int(all, "NSKBSize") == 3)
        #expect(c.int(all, "NSFormattingContext") == 2)
        #expect(["NSZeroPad", "NSActual", "NSNoNonnumeric", "NSNoUnit", "NSNoCount", "NSNoAdaptive"].allSatisfy { c.bool(all, $0) == true })
    }

    /// A cell's `<byteCountFormatter key="formatter">` is the cell's NSFormatter; an unknown count style warns.
    @Test func byteCountFormatterInACell() throws {
        let c = try compile(objects: field("f", formatter: #"<byteCountFormatter key="formatter" countStyle="memory" includesActualByteCount="YES" id="fmt"/>"#)
                            + field("g", formatter: #"<byteCountFormatter key="formatter" countStyle="huge" id="fmt2"/>"#))
        let cells = c.objects("NSTextFieldCell")
        let formatters = try cells.map { try #require(c.graph.objects[try #require($0.value(forKey: "NSFormatter")?.objectIndex)]) }
        #expect(formatters.map(\.className) == ["NSByteCountFormatter", "NSByteCountFormatter"])
        #expect(keys(formatters[0]) == ["NSKBSize", "NSActual"])
        #expect(c.int(formatters[0], "NSKBSize") == 1)
        #expect(formatters[1].entries.isEmpty)
        #expect(c.diagnostics.map(\.message) == ["<byteCountFormatter countStyle='huge'>: unknown value; archived as 0"])
    }

    // MARK: Paragraph styles

    /// A fragment's paragraph style is an NSParagraphStyle beside its font: AppKit alignment numbers, the line break
    /// mode, non-zero metrics as doubles, nil tab stops; a natural, word-wrapping style has only the tab stops.
    @Test func attributedTitleParagraphStyles() throws {
        let c = try compile(objects: """
            <menu title="M" id="menu">
                <items>
                    <menuItem title="A" id="i1">
                        <attributedString key="attributedTitle">
                            <fragment content="A">
                                <attributes>
                                    <font key="NSFont" metaFont="menu"/>
                                    <paragraphStyle key="NSParagraphStyle" alignment="center" lineBreakMode="truncatingTail" baseWritingDirection="natural" headIndent="5" lineSpacing="2.5" tighteningFactorForTruncation="0.0"/>
                                </attributes>
                            </fragment>
                        </attributedString>
                    </menuItem>
                    <menuItem title="B" id="i2">
                        <attributedString key="attributedTitle">
                            <fragment content="B">
                                <attributes>
                                    <paragraphStyle key="NSParagraphStyle" alignment="natural" lineBreakMode="wordWrapping" baseWritingDirection="natural"/>
                                </attributes>
                            </fragment>
                        </attributedString>
                    </menuItem>
                </items>
            </menu>
            """)
        #expect(c.diagnostics.isEmpty, "\(c.diagnostics)")
        let styles = c.objects("NSParagraphStyle")
        #expect(styles.count == 2)
        #expect(keys(styles[0]) == ["NSAlignment", "NSLineBreakMode", "NSLineSpacing", "NSHeadIndent", "NSTabStops"])
        #expect(c.int(styles[0], "NSAlignment") == 2)
        #expect(c.int(styles[0], "NSLineBreakMode") == 4)
        #expect(c.double(styles[0], "NSLineSpacing") == 2.5)
        #expect(c.double(styles[0], "NSHeadIndent") == 5)
        #expect(keys(styles[1]) == ["NSAlignment", "NSTabStops"])
        #expect(c.int(styles[1], "NSAlignment") == 4)
        // The first title's attributes: one dictionary with the font and the style.
        let item = try #require(c.objects("NSMenuItem").first)
        let title = c.graph.objects[try #require(item.value(forKey: "NSAttributedTitle")?.objectIndex)]
        let dictionary = c.graph.objects[try #require(title.value(forKey: "NSAttributes")?.objectIndex)]
        let pairs = dictionary.entries.compactMap { $0.value.objectIndex }.map { c.string(.object($0)) ?? c.graph.objects[$0].className }
        #expect(pairs == ["NSFont", "NSFont", "NSParagraphStyle", "NSParagraphStyle"])
    }

    // MARK: Runtime attributes

    /// Size, point, rect and range runtime attributes are NSValues in Foundation's keyed form.
    @Test func geometryRuntimeAttributes() throws {
        let c = try compile(objects: """
            <customView id="v">
                <rect key="frame" x="0.0" y="0.0" width="10" height="10"/>
                <autoresizingMask key="autoresizingMask" flexibleMaxX="YES" flexibleMinY="YES"/>
                <userDefinedRuntimeAttributes>
                    <userDefinedRuntimeAttribute type="size" keyPath="inset"><size key="value" width="0.0" height="4"/></userDefinedRuntimeAttribute>
                    <userDefinedRuntimeAttribute type="point" keyPath="origin"><point key="value" x="1.5" y="-2"/></userDefinedRuntimeAttribute>
                    <userDefinedRuntimeAttribute type="rect" keyPath="box"><rect key="value" x="1" y="2" width="30" height="40.25"/></userDefinedRuntimeAttribute>
                    <userDefinedRuntimeAttribute type="range" keyPath="span"><range key="value" location="3" length="7"/></userDefinedRuntimeAttribute>
                </userDefinedRuntimeAttributes>
            </customView>
            """)
        #expect(c.diagnostics.isEmpty, "\(c.diagnostics)")
        let connector = try c.object("NSIBUserDefinedRuntimeAttributesConnector")
        #expect(c.strings(connector.value(forKey: "NSKeyPaths")) == ["inset", "origin", "box", "span"])
        let values = c.items(connector.value(forKey: "NSValues")).map { c.graph.objects[$0] }
        #expect(values.map(\.className) == ["NSValue", "NSValue", "NSValue", "NSValue"])
        #expect(values.map { c.int($0, "NS.special") } == [2, 1, 3, 4])
        #expect(c.string(values[0].value(forKey: "NS.sizeval")) == "{0, 4}")
        #expect(c.string(values[1].value(forKey: "NS.pointval")) == "{1.5, -2}")
        #expect(c.string(values[2].value(forKey: "NS.rectval")) == "{{1, 2}, {30, 40.25}}")
        #expect(c.int(values[3], "NS.rangeval.location") == 3)
        #expect(c.int(values[3], "NS.rangeval.length") == 7)
    }

    // MARK: Read, reported, not archived

    /// Each attribute with no source for its archived form is reported once, at its element, with the reason;
    /// the rest of the object is archived.
    @Test func unevidencedAttributesWarnWithTheirReason() throws {
        let c = try compile(objects: """
            <window title="W" separatorStyle="none" allowsToolTipsWhenApplicationIsInactive="NO" autorecalculatesKeyViewLoop="NO" releasedWhenClosed="NO" animationBehavior="default" id="w">
                <windowStyleMask key="styleMask" titled="YES"/>
                <rect key="contentRect" x="0.0" y="0.0" width="200" height="100"/>
                <rect key="screenRect" x="0.0" y="0.0" width="1440" height="900"/>
                <view key="contentView" id="cv">
                    <rect key="frame" x="0.0" y="0.0" width="200" height="100"/>
                    <autoresizingMask key="autoresizingMask"/>
                    <subviews>
                        <box alphaValue="0.5" boxType="separator" id="b">
                            <rect key="frame" x="0.0" y="50" width="200" height="5"/>
                            <autoresizingMask key="autoresizingMask" flexibleMaxX="YES" flexibleMinY="YES"/>
                        </box>
                        \(field("f", cell: #"userInterfaceLayoutDirection="rightToLeft""#))
                        <textView baseWritingDirection="rightToLeft" id="tv">
                            <rect key="frame" x="0.0" y="0.0" width="200" height="40"/>
                            <autoresizingMask key="autoresizingMask" widthSizable="YES" heightSizable="YES"/>
                        </textView>
                    </subviews>
                </view>
            </window>
            """)
        let messages = c.diagnostics.map(\.message)
        #expect(messages.count == 4, "\(messages)")
        #expect(messages.contains { $0.hasPrefix("<window separatorStyle='none'>: the title bar separator style is not archived") })
        #expect(messages.contains { $0.hasPrefix("<box alphaValue='0.5'>: the view's alpha is not archived") })
        #expect(messages.contains { $0.hasPrefix("<textFieldCell userInterfaceLayoutDirection='rightToLeft'>: the cell's layout direction is not archived") })
        #expect(messages.contains { $0.hasPrefix("<textView baseWritingDirection='rightToLeft'>: the base writing direction is not archived") })
        #expect(!messages.contains { $0.contains("not supported yet") })
        #expect(c.objects("NSBox").count == 1)
        #expect(c.objects("NSTextView").count == 1)
    }

    /// An action for another trigger (a table's double-click action) is not archived as the primary action: no
    /// connector carries its selector, and it warns; a plain action beside it is archived.
    @Test func triggeredActionIsNotArchivedAsThePrimaryAction() throws {
        let c = try compile(objects: """
            <customObject id="target" customClass="NSObject"/>
            <button id="btn">
                <rect key="frame" x="0.0" y="0.0" width="80" height="20"/>
                <autoresizingMask key="autoresizingMask" flexibleMaxX="YES" flexibleMinY="YES"/>
                <buttonCell key="cell" type="push" title="B" bezelStyle="rounded" alignment="center" borderStyle="border" id="bc">
                    <behavior key="behavior" pushIn="YES" lightByBackground="YES" lightByGray="YES"/>
                    <font key="font" metaFont="system"/>
                </buttonCell>
                <connections>
                    <action trigger="doubleAction" selector="doubleClick:" target="target" id="a1"/>
                    <action selector="click:" target="target" id="a2"/>
                </connections>
            </button>
            """)
        let labels = c.graph.objects.filter { $0.className == "NSNibControlConnector" }.map { c.string($0.value(forKey: "NSLabel")) }
        #expect(labels == ["click:"])
        #expect(c.diagnostics.map(\.message).filter { $0.hasPrefix("<action trigger='doubleAction'>: an action for a trigger other than the primary action is not archived") }.count == 1,
                "\(c.diagnostics)")
    }
}
