import NibArchive
import XIB

// Sliders, steppers, segmented controls, level and progress indicators, date pickers, colour wells, path controls, matrices.

extension AppKitCompiler {
    /// Shared body: view keys, cell, control keys; `classKeys` appends the class's own keys.
    func encodeControl(_ node: XIBNode, _ base: String, superview: Int?, inStack: Bool, hugging: (Double, Double) = (250, 750),
                       alwaysSubviews: Bool = false, dragTypes: [String]? = nil, control: ControlOptions = ControlOptions(),
                       cell encodeCell: (XIBNode, Int) -> Int, classKeys: (inout Entries, Int) -> Void = { _, _ in }) -> Int {
        var (i, e, cls) = beginView(node, base)
        let cell = cellNode(node)
        var o = ViewOptions()
        o.inStackView = inStack
        o.hugging = hugging
        o.alwaysSubviews = alwaysSubviews
        o.dragTypes = dragTypes
        o.subviews = encodeSubviews(node, index: i)
        viewKeys(node, index: i, superview: superview, e: &e, o)
        var cellIndex: Int?
        if let cell { cellIndex = encodeCell(cell, i) }
        controlKeys(node, cell: cell, cellIndex: cellIndex, e: &e, control)
        classKeys(&e, i)
        finish(i, cls, e)
        collectConnections(node, source: i)
        return i
    }

    // MARK: Slider

    func encodeSlider(_ node: XIBNode, superview: Int?, inStack: Bool) -> Int {
        let cell = cellNode(node)
        let continuous = cell?.peek("continuous") == "YES"
        return encodeControl(node, "NSSlider", superview: superview, inStack: inStack, alwaysSubviews: true,
                             control: ControlOptions(sendActionMask: continuous ? 70 : 4)) { c, control in
            var (i, e, cls) = self.beginCell(c, "NSSliderCell")
            self.markCellAttributes(c)
            c.markUsed("minValue", "maxValue", "doubleValue", "altIncrementValue", "numberOfTickMarks", "tickMarkPosition",
                       "allowsTickMarkValuesOnly", "vertical", "sliderType", "identifier")
            var f = 0
            if c.peek("state", is: "on") { f |= 1 << 31 }
            if c.peek("continuous", is: "YES") { f |= (1 << 18) | (1 << 8) }
            e.int("NSCellFlags", Int(Int32(truncatingIfNeeded: f)))
            e.int("NSCellFlags2", (Self.controlSizes[c.peek("controlSize") ?? ""] ?? 0) << 17)
            if let id = c.peek("identifier") { e.obj("NSCellIdentifier", self.str(id)) }
            e.obj("NSControlView", control)
            e.double("NSMaxValue", c.double("maxValue") ?? 1)
            e.double("NSMinValue", c.double("minValue") ?? 0)
            e.double("NSValue", c.double("doubleValue") ?? 0)
            e.double("NSAltIncValue", c.double("altIncrementValue") ?? 0)
            e.int("NSNumberOfTickMarks", Int(c.peek("numberOfTickMarks") ?? "") ?? 0)
            e.int("NSTickMarkPosition", ["below": 0, "above": 1, "leading": 1, "trailing": 0][c.peek("tickMarkPosition") ?? ""] ?? 0)
            e.bool("NSAllowsTickMarkValuesOnly", c.peek("allowsTickMarkValuesOnly", is: "YES"))
            e.bool("NSVertical", c.peek("vertical", is: "YES"))
            // NSSliderType (GNUstep's NSSliderCell coder reads it; NSSliderTypeLinear 0, NSSliderTypeCircular 1):
            // the two pairs with linear sliders omit the key, so only a circular slider writes it.
            if c.peek("sliderType", is: "circular") { e.int("NSSliderType", 1) }
            self.finish(i, cls, e)
            return i
        }
    }

    // MARK: Stepper

    func encodeStepper(_ node: XIBNode, superview: Int?, inStack: Bool) -> Int {
        encodeControl(node, "NSStepper", superview: superview, inStack: inStack, hugging: (750, 750),
                      control: ControlOptions(sendActionMask: 65538, continuous: true), cell: { c, control in
            var (i, e, cls) = self.beginCell(c, "NSStepperCell")
            self.markCellAttributes(c)
            c.markUsed("minValue", "maxValue", "doubleValue", "increment", "valueWraps", "autorepeat")
            e.int("NSCellFlags", 0xC0020)
            e.int("NSCellFlags2", 0)
            // A font of its own is NSCell's `NSSupport`, in the place the other cells write it (the compiled
            // stepper pairs have none).
            if let f = self.font(c) { e.obj("NSSupport", f) }
            e.obj("NSControlView", control)
            if let v = c.double("doubleValue"), v != 0 { e.double("NSValue", v) }
            if let v = c.double("minValue"), v != 0 { e.double("NSMinValue", v) }
            e.double("NSMaxValue", c.double("maxValue") ?? 100)
            e.double("NSIncrement", c.double("increment") ?? 1)
            if c.peek("valueWraps", is: "YES") { e.bool("NSValueWraps", true) }
            e.bool("NSAutorepeat", c.peek("autorepeat") != "NO")
            self.finish(i, cls, e)
            return i
        }, classKeys: { e, _ in
            e.double("NSStepperMinValue", 0)
            e.double("NSStepperMaxValue", 0)
            e.double("NSStepperIncrement", 0)
            e.bool("NSStepperWraps", false)
            e.bool("NSStepperAutorepeat", false)
        })
    }

    // MARK: Segmented control

    static let segmentStyles: [String: Int] = ["automatic": 0, "rounded": 1, "texturedRounded": 2, "roundRect": 3, "texturedSquare": 4,
                                               "capsule": 5, "smallSquare": 6, "separated": 9]

    func encodeSegmentedControl(_ node: XIBNode, superview: Int?, inStack: Bool) -> Int {
        encodeControl(node, "NSSegmentedControl", superview: superview, inStack: inStack, alwaysSubviews: true,
                      control: ControlOptions(alignment: 0)) { c, control in
            var (i, e, cls) = self.beginCell(c, "NSSegmentedCell")
            self.markCellAttributes(c)
            c.markUsed("style", "trackingMode", "segmentDistribution", "borderStyle")
            e.int("NSCellFlags", self.cellFlags(c, type: 1))
            e.int("NSCellFlags2", self.cellFlags2(c))
            if let f = self.font(c) { e.obj("NSSupport", f) }
            e.obj("NSControlView", control)
            var items: [Int] = []
            var selected = -1
            if let segs = c.child("segments") {
                for (n, s) in segs.children.enumerated() where s.isNamed("segment") {
                    s.visited = true
                    s.markUsed("width", "label", "image", "tag", "selected", "imageScaling", "toolTip", "enabled", "alignment")
                    var se = Entries()
                    if let w = s.double("width") { se.double("NSSegmentItemWidth", w) }
                    if let img = self.image(s, "image") { se.obj("NSSegmentItemImage", img) }
                    let nilLabel = s.children.contains { $0.isNamed("nil") && $0.peek("key", is: "label") }
                    for k in s.children { self.ctx.ignore(k) }
                    if !nilLabel {
                        se.obj("NSSegmentItemLabel", self.localizedText(s, "label", owner: c, property: "ibShadowedLabels[\(n)]") ?? self.str(""))
                    }
                    if let t = Int(s.peek("tag") ?? ""), t != 0 { se.int("NSSegmentItemTag", t) }
                    if s.peek("enabled", is: "NO") { se.bool("NSSegmentItemDisabled", true) }
                    if s.peek("selected", is: "YES") { se.bool("NSSegmentItemSelected", true); selected = n }
                    se.int("NSSegmentItemImageScaling", Self.imageScalings[s.peek("imageScaling") ?? ""] ?? 0)
                    items.append(self.b.graph.add(NibObject(className: "NSSegmentItem", entries: se.list)))
                }
            }
            e.obj("NSSegmentImages", self.b.mutableArray(items))
            e.int("NSSelectedSegment", selected)
            if let t = c.peek("trackingMode"), let v = ["selectOne": 0, "selectAny": 1, "momentary": 2, "momentaryAccelerator": 3][t], v != 0 {
                e.int("NSTrackingMode", v)
            }
            if c.peek("style", is: "separated") { e.int("NSSegmentStyleSeparated", 1) }
            e.int("NSSegmentStyle", Self.segmentStyles[c.peek("style") ?? ""] ?? 0)
            e.int("NSSegmentDistribution", ["fit": 0, "fill": 1, "fillEqually": 2, "fillProportionally": 3][c.peek("segmentDistribution") ?? ""] ?? 0)
            self.finish(i, cls, e)
            self.collectConnections(c, source: i)
            return i
        }
    }

    // MARK: Level and progress indicators

    func encodeLevelIndicator(_ node: XIBNode, superview: Int?, inStack: Bool) -> Int {
        encodeControl(node, "NSLevelIndicator", superview: superview, inStack: inStack) { c, control in
            var (i, e, cls) = self.beginCell(c, "NSLevelIndicatorCell")
            self.markCellAttributes(c)
            c.markUsed("maxValue", "minValue", "doubleValue", "warningValue", "criticalValue", "levelIndicatorStyle", "numberOfTickMarks",
                       "numberOfMajorTickMarks", "tickMarkPosition", "editable")
            e.int("NSCellFlags", 0)
            e.int("NSCellFlags2", 0)
            e.obj("NSControlView", control)
            if let v = c.double("doubleValue"), v != 0 { e.double("NSValue", v) }
            if let v = c.double("minValue"), v != 0 { e.double("NSMinValue", v) }
            e.double("NSMaxValue", c.double("maxValue") ?? 0)
            e.double("NSWarningValue", c.double("warningValue") ?? 0)
            e.double("NSCriticalValue", c.double("criticalValue") ?? 0)
            e.int("NSIndicatorStyle", ["relevancy": 0, "continuousCapacity": 1, "discreteCapacity": 2, "rating": 3][c.peek("levelIndicatorStyle") ?? ""] ?? 2)
            if let t = Int(c.peek("numberOfTickMarks") ?? ""), t != 0 { e.int("NSNumberOfTickMarks", t) }
            self.finish(i, cls, e)
            return i
        }
    }

    func encodeProgressIndicator(_ node: XIBNode, superview: Int?, inStack: Bool) -> Int {
        var (i, e, cls) = beginView(node, "NSProgressIndicator")
        node.markUsed("maxValue", "minValue", "doubleValue", "bezeled", "indeterminate", "style", "controlSize", "displayedWhenStopped", "usesThreadedAnimation", "controlTint")
        var o = ViewOptions()
        o.inStackView = inStack
        o.hugging = (250, 750)
        o.layerHost = node.peek("indeterminate", is: "YES") && node.peek("style") != "spinning"
        o.subviews = encodeSubviews(node, index: i)
        viewKeys(node, index: i, superview: superview, e: &e, o)
        var f = 0x4000
        if node.peek("indeterminate", is: "YES") { f |= 2 }
        if node.peek("bezeled") != "NO" { f |= 1 }
        if node.peek("style", is: "spinning") { f |= 0x1000 }
        f |= 4
        if node.peek("displayedWhenStopped", is: "NO") { f |= 0x2000 }
        f |= (Self.controlSizes[node.peek("controlSize") ?? ""] ?? 0) << 8
        e.int("NSpiFlags", f)
        if let v = node.double("minValue"), v != 0 { e.double("NSMinValue", v) }
        e.double("NSMaxValue", node.double("maxValue") ?? 100)
        if let v = node.double("doubleValue"), v != 0 { e.double("NSValue", v) }
        finish(i, cls, e)
        collectConnections(node, source: i)
        return i
    }

    // MARK: Date picker

    func encodeDatePicker(_ node: XIBNode, superview: Int?, inStack: Bool) -> Int {
        encodeControl(node, "NSDatePicker", superview: superview, inStack: inStack, cell: { c, control in
            var (i, e, cls) = self.beginCell(c, "NSDatePickerCell")
            self.markCellAttributes(c)
            c.markUsed("datePickerStyle", "datePickerMode", "drawsBackground", "calendar", "locale", "timeZone")
            e.int("NSCellFlags", self.cellFlags(c, type: 1))
            e.int("NSCellFlags2", self.cellFlags2(c))
            if let d = c.children.first(where: { $0.isNamed("date") && $0.peek("key", is: "date") }) {
                self.ctx.ignore(d)
                e.obj("NSContents", self.b.graph.add(NibObject(className: "NSDate", entries: [
                    NibEntry(key: "NS.time", value: .double(d.double("timeIntervalSinceReferenceDate") ?? 0))])))
            }
            if let f = self.font(c) { e.obj("NSSupport", f) }
            e.obj("NSControlView", control)
            e.double("NSTimeInterval", 0)
            var elements = 0
            if let el = c.child("datePickerElements") {
                self.ctx.ignore(el)
                let names: [(String, Int)] = [("hour", 0x0c), ("hourMinute", 0x0c), ("hourMinuteSecond", 0x0e), ("timeZone", 0x10),
                                              ("year", 0xc0), ("yearMonth", 0xc0), ("yearMonthDay", 0xe0), ("era", 0x100)]
                for (n, v) in names where el.peek(n) == "YES" { elements |= v }
            }
            e.int("NSDatePickerElements", elements)
            if let bg = self.color(c, "backgroundColor") { e.obj("NSBackgroundColor", bg) }
            if let tc = self.color(c, "textColor") { e.obj("NSTextColor", tc) }
            e.bool("NSDatePickerUseCurrentDateDuringDecoding", false)
            self.finish(i, cls, e)
            return i
        }, classKeys: { e, _ in
            e.bool("presentsCalendarOverlay", node.peek("presentsCalendarOverlay", is: "YES"))
            node.markUsed("presentsCalendarOverlay")
        })
    }

    // MARK: Colour well

    func encodeColorWell(_ node: XIBNode, superview: Int?, inStack: Bool) -> Int {
        var (i, e, cls) = beginView(node, "NSColorWell")
        node.markUsed("bordered", "colorWellStyle", "supportsAlpha")
        var o = ViewOptions()
        o.inStackView = inStack
        o.alwaysSubviews = true
        o.dragTypes = ["NSColor pasteboard type"]
        o.subviews = encodeSubviews(node, index: i)
        viewKeys(node, index: i, superview: superview, e: &e, o)
        controlKeys(node, cell: nil, cellIndex: nil, e: &e, ControlOptions(writingDirection: 0, alignment: 0))
        e.bool("NSIsBordered", node.peek("bordered") != "NO")
        if let c = color(node, "color") { e.obj("NSColor", c) }
        finish(i, cls, e)
        collectConnections(node, source: i)
        return i
    }

    // MARK: Path control

    func encodePathControl(_ node: XIBNode, superview: Int?, inStack: Bool) -> Int {
        encodeControl(node, "NSPathControl", superview: superview, inStack: inStack, dragTypes: ["Apple URL pasteboard type", "NSFilenamesPboardType"]) { c, control in
            var (i, e, cls) = self.beginCell(c, "NSPathCell")
            self.markCellAttributes(c)
            c.markUsed("pathStyle")
            e.int("NSCellFlags", self.cellFlags(c, type: 1))
            e.int("NSCellFlags2", self.cellFlags2(c))
            var urlString: String?
            if let u = c.children.first(where: { $0.isNamed("url") }) {
                self.ctx.ignore(u)
                urlString = u.peek("string")
                var ue = Entries()
                ue.null("NS.base")
                ue.obj("NS.relative", self.str(urlString ?? ""))
                e.obj("NSContents", self.b.graph.add(NibObject(className: "NSURL", entries: ue.list)))
            }
            let f = self.font(c)
            if let f { e.obj("NSSupport", f) }
            e.obj("NSControlView", control)
            if let bg = self.color(c, "backgroundColor") { e.obj("NSBackgroundColor", bg) }
            var comps: [Int] = []
            if let s = urlString, s.hasPrefix("file://") {
                let path = String(s.dropFirst(7))
                var prefix = "file:///"
                var names = ["Macintosh HD"]
                var urls = [prefix]
                for part in path.split(separator: "/") {
                    names.append(String(part)); urls.append(prefix + part)
                    prefix += part + "/"
                }
                for (n, u) in zip(names, urls) {
                    var ce = Entries()
                    ce.int("NSCellFlags", 0x04000040)
                    ce.int("NSCellFlags2", 0x10000400)
                    ce.obj("NSContents", self.str(n))
                    if let f { ce.obj("NSSupport", f) }
                    ce.obj("NSBackgroundColor", self.catalogColor("System", "textBackgroundColor"))
                    ce.obj("NSTextColor", self.catalogColor("System", "controlTextColor"))
                    var ue = Entries()
                    ue.null("NS.base")
                    ue.obj("NS.relative", self.str(u))
                    ce.obj("NSURL", self.b.graph.add(NibObject(className: "NSURL", entries: ue.list)))
                    comps.append(self.b.graph.add(NibObject(className: "NSPathComponentCell", entries: ce.list)))
                }
            }
            e.obj("NSPathComponentCells", self.b.mutableArray(comps))
            e.obj("NSDelegate", control)
            if let at = c.children.first(where: { $0.isNamed("allowedTypes") }) ?? self.cellNode(c) {
                self.ctx.ignore(at)
                var items: [Int] = []
                for s in at.children where s.isNamed("string") { items.append(self.str(s.text)) }
                e.obj("NSAllowedTypes", self.b.array(items))
            }
            self.finish(i, cls, e)
            return i
        }
    }

    // MARK: Matrix

    func encodeMatrix(_ node: XIBNode, superview: Int?, inStack: Bool) -> Int {
        var (i, e, cls) = beginView(node, "NSMatrix")
        node.markUsed("mode", "allowsEmptySelection", "autosizesCells", "drawsBackground", "selectionByRect", "intercellSpacing",
                      "cellSize", "numberOfRows", "numberOfColumns")
        var o = ViewOptions()
        o.inStackView = inStack
        o.hugging = (250, 750)
        o.subviews = encodeSubviews(node, index: i)
        viewKeys(node, index: i, superview: superview, e: &e, o)
        var cells: [Int] = []
        var rows = 0, cols = 0
        if let cellsNode = node.child("cells") {
            for col in cellsNode.children where col.isNamed("column") {
                col.visited = true
                cols += 1
                var r = 0
                for c in col.children {
                    cells.append(c.isNamed("buttonCell") ? encodeButtonCell(c, control: i, button: nil, inMatrix: true) : encodeCellElement(c, control: i)); r += 1
                }
                rows = max(rows, r)
            }
        }
        var proto: Int?
        if let p = node.children.first(where: { $0.peek("key", is: "prototype") }) {
            proto = p.isNamed("buttonCell") ? encodeButtonCell(p, control: nil, button: nil, inMatrix: true) : encodeCellElement(p, control: nil)
        }
        let actionCell = b.graph.add(NibObject(className: "NSActionCell", entries: [
            NibEntry(key: "NSCellFlags", value: .int(32)), NibEntry(key: "NSCellFlags2", value: .int(8192))]))
        controlKeys(node, cell: nil, cellIndex: actionCell, e: &e, ControlOptions(sendActionMask: 0, writingDirection: 0, alignment: 0))
        e.bool("NSCellIsDiscardable", true)
        e.int("NSNumRows", rows)
        e.int("NSNumCols", cols)
        e.obj("NSCells", b.mutableArray(cells))
        if let s = node.children.first(where: { $0.isNamed("size") && $0.peek("key", is: "cellSize") }) {
            ctx.ignore(s); e.obj("NSCellSize", str(sizeString(s.double("width") ?? 0, s.double("height") ?? 0)))
        }
        if let s = node.children.first(where: { $0.isNamed("size") && $0.peek("key", is: "intercellSpacing") }) {
            ctx.ignore(s); e.obj("NSIntercellSpacing", str(sizeString(s.double("width") ?? 0, s.double("height") ?? 0)))
        }
        var mf = 0x44800000
        if node.peek("allowsEmptySelection") != "NO" { mf |= 1 << 28 }
        e.int("NSMatrixFlags", mf)
        e.obj("NSCellClass", str("NSActionCell"))
        if let proto { e.obj("NSProtoCell", proto) }
        e.int("NSSelectedRow", -1)
        e.int("NSSelectedCol", -1)
        let bg = color(node, "backgroundColor")
        if let bg { e.obj("NSBackgroundColor", bg) }
        if let c = color(node, "cellBackgroundColor") ?? bg { e.obj("NSCellBackgroundColor", c) }
        finish(i, cls, e)
        collectConnections(node, source: i)
        return i
    }

    /// Any cell element (matrix cells, table data cells).
    func encodeCellElement(_ c: XIBNode, control: Int?) -> Int {
        switch c.name {
        case "buttonCell": return encodeButtonCell(c, control: control, button: nil)
        case "textFieldCell", "searchFieldCell", "secureTextFieldCell", "comboBoxCell", "tokenFieldCell":
            return encodeTextFieldCell(c, control: control, field: nil)
        case "imageCell": return encodeImageCell(c, control: control)
        case "popUpButtonCell": return encodePopUpButtonCell(c, control: control)
        default:
            let i = define(c, "NSActionCell")
            markCellAttributes(c)
            var e = Entries()
            e.int("NSCellFlags", 32)
            e.int("NSCellFlags2", 8192)
            ctx.ignore(c)
            finish(i, "NSActionCell", e)
            return i
        }
    }
}
