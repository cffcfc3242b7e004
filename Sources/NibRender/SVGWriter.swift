/// The SVG picture of a rendered document: one `<g>` per box (nested as the views are, clipped where the parent
/// clips) carrying `data-id`, `data-class` and `data-rect` (the absolute rectangle), with a `<title>` for hover;
/// segue arrows and the entry arrow above; change marks on top when a diff asks for them.
public struct SVGWriter {
    /// The document drawn.
    public var document: RenderDocument
    /// Leave hidden views out instead of drawing them dashed.
    public var hideHidden = false
    /// Change marks by box id (a diff's picture).
    public var marks: [String: ChangeKind] = [:]

    /// A writer for `document`.
    public init(_ document: RenderDocument, hideHidden: Bool = false, marks: [String: ChangeKind] = [:]) {
        self.document = document
        self.hideHidden = hideHidden
        self.marks = marks
    }

    /// The marking colour of each change kind.
    public static func colour(_ kind: ChangeKind) -> String {
        switch kind {
        case .added: return "#1a7f37"
        case .removed: return "#cf222e"
        case .moved, .resized: return "#0969da"
        case .restyled, .retexted, .hidden, .flags: return "#bf5af2"
        }
    }

    private static let defaultTextSize = (iOS: 17.0, macOS: 13.0)

    /// The SVG text.
    public func svg() -> String {
        let w = TextFormatting.number(max(document.size.width, 1)), h = TextFormatting.number(max(document.size.height, 1))
        var out = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(w)\" height=\"\(h)\" viewBox=\"0 0 \(w) \(h)\" font-family=\"sans-serif\" data-file=\"\(TextFormatting.xml(document.file))\">\n"
        out += "<defs><marker id=\"arrowhead\" viewBox=\"0 0 10 10\" refX=\"10\" refY=\"5\" markerWidth=\"8\" markerHeight=\"8\" orient=\"auto-start-reverse\"><path d=\"M0,0 L10,5 L0,10 z\" fill=\"context-stroke\"/></marker>"
        out += "<marker id=\"ring\" viewBox=\"0 0 10 10\" refX=\"5\" refY=\"5\" markerWidth=\"8\" markerHeight=\"8\"><circle cx=\"5\" cy=\"5\" r=\"4\" fill=\"white\" stroke=\"#6e7781\"/></marker></defs>\n"
        out += "<rect x=\"0\" y=\"0\" width=\"\(w)\" height=\"\(h)\" fill=\"#f6f8fa\"/>\n"
        var children: [Int: [Int]] = [:]
        var index: [String: Int] = [:]
        var roots: [Int] = []
        for (i, b) in document.boxes.enumerated() {
            if let p = b.parent, let pi = index[p] { children[pi, default: []].append(i) } else { roots.append(i) }
            if index[b.id] == nil { index[b.id] = i }
        }
        var stack: [(Int, Int)] = roots.reversed().map { ($0, 0) }
        // Depth-first, iteratively (deep trees stay off the call stack): open a box's group, draw it, push its
        // children, and close the group after its last descendant.
        var open: [(depth: Int, close: String)] = []
        while let (i, depth) = stack.popLast() {
            while let last = open.last, last.depth >= depth {
                out += last.close
                open.removeLast()
            }
            let b = document.boxes[i]
            if hideHidden && b.isHidden { continue }
            out += group(b, index: i)
            var close = "</g>\n"
            if b.clips, children[i] != nil {
                out += "<clipPath id=\"clip\(i)\"><rect \(attributes(b.rect))/></clipPath><g clip-path=\"url(#clip\(i))\">\n"
                close = "</g></g>\n"
            }
            open.append((depth, close))
            for c in (children[i] ?? []).reversed() { stack.append((c, depth + 1)) }
        }
        while let last = open.popLast() { out += last.close }
        out += arrows(index: index)
        out += markLayer()
        out += "</svg>\n"
        return out
    }

    private func attributes(_ r: RenderRect) -> String {
        "x=\"\(TextFormatting.number(r.x))\" y=\"\(TextFormatting.number(r.y))\" width=\"\(TextFormatting.number(r.width))\" height=\"\(TextFormatting.number(r.height))\""
    }

    private func paint(_ c: RenderColor?, attribute: String) -> String {
        guard let comps = c?.components else { return "\(attribute)=\"none\"" }
        if comps.a == 0 { return "\(attribute)=\"none\"" }
        let opacity = comps.a < 1 ? " \(attribute)-opacity=\"\(TextFormatting.number(comps.a))\"" : ""
        return "\(attribute)=\"\(comps.rgbHex)\"" + opacity
    }

    /// A box's group opening and its drawing (not its children).
    private func group(_ b: RenderBox, index: Int) -> String {
        var title = b.classCaption
        if let l = b.userLabel { title += " — " + l }
        if let t = b.text { title += " — \"" + TextFormatting.short(t) + "\"" }
        if let d = b.detail { title += " " + d }
        if b.isHidden { title += " (hidden)" }
        if b.ambiguous { title += " (ambiguous)" }
        if b.misplaced { title += " (misplaced)" }
        var out = "<g data-id=\"\(TextFormatting.xml(b.id))\" data-class=\"\(TextFormatting.xml(b.className))\" data-rect=\"\(TextFormatting.rect(b.rect))\""
        if b.isHidden { out += " opacity=\"0.45\"" }
        out += "><title>\(TextFormatting.xml(title))</title>\n"
        let r = b.rect
        let dash = b.isHidden ? " stroke-dasharray=\"4 3\"" : ""
        switch b.kind {
        case .scene:
            out += "<rect \(attributes(r)) fill=\"white\" stroke=\"#57606a\" stroke-width=\"1\"/>\n"
            let caption = b.text.map { "\(b.className) — \($0)" } ?? b.className
            out += "<text x=\"\(TextFormatting.number(r.x))\" y=\"\(TextFormatting.number(r.y - 6))\" font-size=\"13\" fill=\"#24292f\">\(TextFormatting.xml(TextFormatting.short(caption)))</text>\n"
            return out
        case .window:
            out += "<rect \(attributes(r)) fill=\"#ececec\" stroke=\"#57606a\"\(dash)/>\n"
            let bar = RenderRect(x: r.x, y: r.y, width: r.width, height: min(CanvasLayout.titleBarHeight, r.height))
            out += "<rect \(attributes(bar)) fill=\"#d0d7de\" stroke=\"#57606a\"/>\n"
            out += text(b.text ?? b.className, in: bar, size: 12, align: "center", colour: "#24292f")
            return out
        case .menuBar, .menu, .menuItem, .menuSeparator, .toolbar, .toolbarItem:
            return out + menuOrToolbar(b, dash: dash)
        default: break
        }
        let stroke = b.border.flatMap(\.components).map { "stroke=\"\($0.rgbHex)\"" } ?? "stroke=\"#8c959f\""
        out += "<rect \(attributes(r)) \(paint(b.fill, attribute: "fill")) \(stroke) stroke-width=\"0.5\"\(dash)/>\n"
        if case .named(let name, nil)? = b.fill {
            // An unknown system or asset colour: a labelled swatch in the corner.
            out += "<rect x=\"\(TextFormatting.number(r.x + 1))\" y=\"\(TextFormatting.number(r.y + 1))\" width=\"8\" height=\"8\" fill=\"white\" stroke=\"#6e7781\" stroke-dasharray=\"1 1\"/>"
            out += "<text x=\"\(TextFormatting.number(r.x + 11))\" y=\"\(TextFormatting.number(r.y + 8))\" font-size=\"7\" fill=\"#6e7781\">\(TextFormatting.xml(name))</text>\n"
        }
        out += shape(b)
        let size = b.fontSize ?? (document.platform == "macOS" ? Self.defaultTextSize.macOS : Self.defaultTextSize.iOS)
        if let t = b.text, b.kind != .imageView {
            let align = b.textAlignment ?? (b.kind == .button || b.kind == .segmented ? "center" : "left")
            let colour = b.textIsPlaceholder ? "#8c959f" : b.textColor?.components.map(\.rgbHex) ?? "#24292f"
            out += text(t, in: r, size: size, align: align, colour: colour)
        } else if b.kind == .view || b.kind == .cell || b.kind == .scroll || b.kind == .table, r.width >= 60, r.height >= 16 {
            out += "<text x=\"\(TextFormatting.number(r.x + 2))\" y=\"\(TextFormatting.number(r.y + 9))\" font-size=\"8\" fill=\"#8c959f\">\(TextFormatting.xml(TextFormatting.short(b.userLabel ?? b.className, 40)))</text>\n"
        }
        if b.ambiguous || b.misplaced {
            let x = r.x + r.width - 7, y = r.y + 7
            out += "<circle cx=\"\(TextFormatting.number(x))\" cy=\"\(TextFormatting.number(y))\" r=\"6\" fill=\"\(b.ambiguous ? "#cf222e" : "#d4a72c")\"/>"
            out += "<text x=\"\(TextFormatting.number(x))\" y=\"\(TextFormatting.number(y + 3.5))\" font-size=\"9\" text-anchor=\"middle\" fill=\"white\">!</text>\n"
        }
        return out
    }

    /// A menu (a column, or the bar's strip), a menu item's title with its key equivalent or submenu marker, a
    /// separator line; a toolbar's strip and an item's labelled cell.
    private func menuOrToolbar(_ b: RenderBox, dash: String) -> String {
        let r = b.rect
        let n = TextFormatting.number
        switch b.kind {
        case .menuBar:
            let bar = RenderRect(x: r.x, y: r.y, width: r.width, height: min(MenuLayout.barHeight, r.height))
            return "<rect \(attributes(bar)) fill=\"#eaeef2\" stroke=\"#8c959f\" stroke-width=\"0.5\"\(dash)/>\n"
        case .menu:
            return "<rect \(attributes(r)) fill=\"white\" stroke=\"#8c959f\" stroke-width=\"0.5\" rx=\"4\"\(dash)/>\n"
        case .menuSeparator:
            let y = r.y + r.height / 2
            return "<line x1=\"\(n(r.x + MenuLayout.inset))\" y1=\"\(n(y))\" x2=\"\(n(r.x + r.width - MenuLayout.inset))\" y2=\"\(n(y))\" stroke=\"#d0d7de\"/>\n"
        case .menuItem:
            let inner = RenderRect(x: r.x + MenuLayout.inset - 2, y: r.y, width: max(r.width - 2 * MenuLayout.inset + 4, 0), height: r.height)
            let size = b.fontSize ?? MenuLayout.fontSize
            var out = ""
            if let t = b.text { out += text(t, in: inner, size: size, align: b.textAlignment ?? "left", colour: "#24292f") }
            if let d = b.detail { out += text(d, in: inner, size: size, align: "right", colour: "#6e7781") }
            return out
        case .toolbar:
            return "<rect \(attributes(r)) fill=\"#e6e6e6\" stroke=\"#8c959f\" stroke-width=\"0.5\"/>\n"
        case .toolbarItem:
            var out = "<rect \(attributes(r)) fill=\"white\" stroke=\"#afb8c1\" rx=\"5\"\(dash)/>\n"
            out += text(b.text ?? b.image ?? b.className, in: r, size: b.fontSize ?? ToolbarLayout.fontSize, align: "center",
                        colour: b.text == nil ? "#8c959f" : "#24292f")
            return out
        default:
            return ""
        }
    }

    /// A control's recognisable shape inside its box.
    private func shape(_ b: RenderBox) -> String {
        let r = b.rect
        let n = TextFormatting.number
        let midY = r.y + r.height / 2
        switch b.kind {
        case .imageView:
            var out = "<path d=\"M\(n(r.x)),\(n(r.y)) L\(n(r.x + r.width)),\(n(r.y + r.height)) M\(n(r.x + r.width)),\(n(r.y)) L\(n(r.x)),\(n(r.y + r.height))\" stroke=\"#afb8c1\" stroke-width=\"0.5\"/>\n"
            if let image = b.image { out += text(image, in: r, size: 9, align: "center", colour: "#57606a") }
            return out
        case .switchControl:
            let h = min(r.height, 31.0), w = min(r.width, 51.0)
            return "<rect x=\"\(n(r.x))\" y=\"\(n(midY - h / 2))\" width=\"\(n(w))\" height=\"\(n(h))\" rx=\"\(n(h / 2))\" fill=\"#34c759\"/><circle cx=\"\(n(r.x + w - h / 2))\" cy=\"\(n(midY))\" r=\"\(n(max(h / 2 - 2, 0)))\" fill=\"white\"/>\n"
        case .slider:
            return "<line x1=\"\(n(r.x + 2))\" y1=\"\(n(midY))\" x2=\"\(n(r.x + r.width - 2))\" y2=\"\(n(midY))\" stroke=\"#0969da\" stroke-width=\"2\"/><circle cx=\"\(n(r.x + r.width / 2))\" cy=\"\(n(midY))\" r=\"\(n(min(r.height / 2, 10)))\" fill=\"white\" stroke=\"#8c959f\"/>\n"
        case .stepper:
            return "<line x1=\"\(n(r.x + r.width / 2))\" y1=\"\(n(r.y))\" x2=\"\(n(r.x + r.width / 2))\" y2=\"\(n(r.y + r.height))\" stroke=\"#8c959f\"/>"
                + text("−", in: RenderRect(x: r.x, y: r.y, width: r.width / 2, height: r.height), size: 14, align: "center", colour: "#24292f")
                + text("+", in: RenderRect(x: r.x + r.width / 2, y: r.y, width: r.width / 2, height: r.height), size: 14, align: "center", colour: "#24292f")
        case .progress:
            return "<rect x=\"\(n(r.x))\" y=\"\(n(midY - 2))\" width=\"\(n(r.width * 0.4))\" height=\"4\" fill=\"#0969da\"/>\n"
        case .textField:
            return "<rect \(attributes(r)) fill=\"none\" stroke=\"#afb8c1\" rx=\"3\"/>\n"
        case .button, .segmented:
            return "<rect \(attributes(r)) fill=\"none\" stroke=\"#afb8c1\" rx=\"5\"/>\n"
        default:
            return ""
        }
    }

    /// Text in a box, clipped to it (a nested `<svg>` clips its content), vertically centred.
    private func text(_ string: String, in r: RenderRect, size: Double, align: String, colour: String) -> String {
        let n = TextFormatting.number
        let (x, anchor): (Double, String)
        switch align {
        case "center": (x, anchor) = (r.width / 2, "middle")
        case "right": (x, anchor) = (r.width - 2, "end")
        default: (x, anchor) = (2, "start")
        }
        let firstLine = string.split(separator: "\n", omittingEmptySubsequences: false).first.map(String.init) ?? string
        return "<svg x=\"\(n(r.x))\" y=\"\(n(r.y))\" width=\"\(n(r.width))\" height=\"\(n(r.height))\" overflow=\"hidden\"><text x=\"\(n(x))\" y=\"\(n(r.height / 2 + size * 0.35))\" font-size=\"\(n(size))\" text-anchor=\"\(anchor)\" fill=\"\(colour)\">\(TextFormatting.xml(TextFormatting.short(firstLine, 200)))</text></svg>\n"
    }

    /// Segue arrows by kind, the entry arrow on the initial scene.
    private func arrows(index: [String: Int]) -> String {
        let n = TextFormatting.number
        var out = ""
        for a in document.arrows {
            guard let fi = index[a.from], let ti = index[a.to] else { continue }
            let from = document.boxes[fi].rect, to = document.boxes[ti].rect
            let x1 = from.x + from.width, y1 = from.y + from.height / 2
            var x2 = to.x, y2 = to.y + to.height / 2
            if fi == ti || document.boxes[fi].root == a.to {
                // A segue into its own scene (unwind to the exit): a short arrow up to an exit mark.
                x2 = to.x + to.width - 12; y2 = to.y - 14
            }
            var style: String
            switch a.kind {
            case "relationship": style = "stroke=\"#6e7781\" stroke-width=\"1.5\" marker-start=\"url(#ring)\" marker-end=\"url(#arrowhead)\""
            case "embed": style = "stroke=\"#6e7781\" stroke-width=\"1.5\" stroke-dasharray=\"6 4\" marker-end=\"url(#arrowhead)\""
            case "presentation", "popoverPresentation", "modal", "popover", "sheet": style = "stroke=\"#8250df\" stroke-width=\"3\" marker-end=\"url(#arrowhead)\""
            case "unwind": style = "stroke=\"#bc4c00\" stroke-width=\"1.5\" stroke-dasharray=\"2 3\" marker-end=\"url(#arrowhead)\""
            case "show", "push", "showDetail": style = "stroke=\"#0969da\" stroke-width=\"1.5\" marker-end=\"url(#arrowhead)\""
            default: style = "stroke=\"#1a7f37\" stroke-width=\"1.5\" marker-end=\"url(#arrowhead)\""
            }
            out += "<g data-segue=\"\(TextFormatting.xml(a.id))\" data-kind=\"\(TextFormatting.xml(a.kind))\"><title>\(TextFormatting.xml(a.kind + (a.identifier.map { " \"\($0)\"" } ?? "")))</title>"
            out += "<path d=\"M\(n(x1)),\(n(y1)) C\(n((x1 + x2) / 2)),\(n(y1)) \(n((x1 + x2) / 2)),\(n(y2)) \(n(x2)),\(n(y2))\" fill=\"none\" \(style)/>"
            let label = a.identifier.map { "\(a.kind): \($0)" } ?? a.kind
            out += "<text x=\"\(n((x1 + x2) / 2))\" y=\"\(n((y1 + y2) / 2 - 4))\" font-size=\"10\" text-anchor=\"middle\" fill=\"#57606a\">\(TextFormatting.xml(TextFormatting.short(label, 50)))</text></g>\n"
        }
        if let initial = document.initialScene, let i = index[initial] {
            let r = document.boxes[i].rect
            let y = r.y + r.height / 2
            out += "<g data-entry=\"\(TextFormatting.xml(initial))\"><title>initial view controller</title><path d=\"M\(n(r.x - 60)),\(n(y)) L\(n(r.x - 4)),\(n(y))\" stroke=\"#24292f\" stroke-width=\"3\" marker-end=\"url(#arrowhead)\"/></g>\n"
        }
        return out
    }

    /// Change marks over the boxes: a tinted rectangle with a thick outline in the change's colour.
    private func markLayer() -> String {
        guard !marks.isEmpty else { return "" }
        var out = ""
        for b in document.boxes {
            guard let kind = marks[b.id] else { continue }
            let c = Self.colour(kind)
            var r = b.rect
            if r.width < 6 { r.x -= 3; r.width += 6 }
            if r.height < 6 { r.y -= 3; r.height += 6 }
            out += "<rect class=\"mark\" data-mark=\"\(kind.rawValue)\" data-mark-id=\"\(TextFormatting.xml(b.id))\" \(attributes(r)) fill=\"\(c)\" fill-opacity=\"0.35\" stroke=\"\(c)\" stroke-width=\"3\"><title>\(kind.rawValue): \(TextFormatting.xml(b.displayName))</title></rect>\n"
        }
        return out
    }
}
