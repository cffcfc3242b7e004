import XIB

/// Reading the drawn properties of one XIB element: frame, colours, text, font, image, flags.
struct DocumentAttributes {
    let appKit: Bool
    /// `<resources><namedColor name=>` values of the document.
    var namedColors: [String: RenderColor] = [:]

    /// Numbers past this magnitude are not design-time geometry; they are refused, not drawn.
    static let maxCoordinate = 1e7

    /// A rectangle child `<rect key=key>`, checked: finite numbers within `maxCoordinate`, sizes not negative.
    func rect(_ element: XMLTree.Element, key: String) throws(RenderError) -> RenderRect? {
        guard let r = element.children.first(where: { $0.isNamed("rect") && $0.attribute("key") == key }) else { return nil }
        func number(_ name: String) throws(RenderError) -> Double {
            guard let text = r.attribute(name) else { return 0 }
            guard let v = Double(text), v.isFinite, abs(v) <= Self.maxCoordinate else {
                throw RenderError("\(name)=\"\(text)\" of <rect key=\"\(key)\"> is not a coordinate", at: r.attributeLocation(name) ?? r.location)
            }
            return v
        }
        let out = RenderRect(x: try number("x"), y: try number("y"), width: try number("width"), height: try number("height"))
        guard out.width >= 0, out.height >= 0 else {
            throw RenderError("<rect key=\"\(key)\"> has a negative size", at: r.location)
        }
        return out
    }

    /// A `<color>` element's value: components, white, a system colour or a named colour.
    func color(_ c: XMLTree.Element) -> RenderColor? {
        func d(_ n: String) -> Double? { c.attribute(n).flatMap(Double.init).flatMap { $0.isFinite ? $0 : nil } }
        let alpha = d("alpha") ?? 1
        if let r = d("red"), let g = d("green"), let b = d("blue") {
            let q = RenderColorComponents(r: r, g: g, b: b, a: alpha)
            return .rgba(q.r, q.g, q.b, q.a)
        }
        if let w = d("white") {
            let q = RenderColorComponents(r: w, g: w, b: w, a: alpha)
            return .rgba(q.r, q.g, q.b, q.a)
        }
        for attribute in ["systemColor", "cocoaTouchSystemColor", "name"] {
            guard let name = c.attribute(attribute) else { continue }
            if attribute == "name", let named = namedColors[name] { return named }
            return .named(name, resolved: ColorPalette.resolve(name))
        }
        return nil
    }

    /// The `<color key=key>` child of `element`.
    func color(_ element: XMLTree.Element, key: String) -> RenderColor? {
        element.children.first { $0.isNamed("color") && $0.attribute("key") == key }.flatMap(color)
    }

    /// The element's cell (`key="cell"`), AppKit controls' text and image holder.
    func cell(_ element: XMLTree.Element) -> XMLTree.Element? {
        element.children.first { $0.attribute("key") == "cell" }
    }

    /// Fills in text, font, alignment, image and text colour of `box` from `element`.
    func readContent(_ element: XMLTree.Element, into box: inout RenderBox) {
        let name = element.name
        var text: String? = nil, placeholder: String? = nil
        var image = element.attribute("image")
        if name == "label" || name == "textField" || name == "searchBar" {
            text = element.attribute("text")
            placeholder = element.attribute("placeholder")
        }
        if name == "textView", let s = element.children.first(where: { $0.isNamed("string") && $0.attribute("key") == "text" }) {
            text = s.text
        }
        if name == "button", let state = element.children.first(where: { $0.isNamed("state") && $0.attribute("key") == "normal" }) {
            text = state.attribute("title")
            image = image ?? state.attribute("image")
        }
        if name == "button", text == nil, let config = element.children.first(where: { $0.isNamed("buttonConfiguration") }) {
            text = config.attribute("title")
        }
        var segmentsHolder: XMLTree.Element? = name == "segmentedControl" ? element : nil
        if let cell = cell(element) {
            text = text ?? cell.attribute("title")
            placeholder = placeholder ?? cell.attribute("placeholderString")
            image = image ?? cell.attribute("image")
            if box.textAlignment == nil { box.textAlignment = cell.attribute("alignment") }
            if let font = cell.children.first(where: { $0.isNamed("font") && $0.attribute("key") == "font" }) {
                box.fontSize = fontSize(font)
            }
            box.textColor = color(cell, key: "textColor")
            if name == "segmentedControl" { segmentsHolder = cell }
        }
        if let holder = segmentsHolder, let segments = holder.firstChild(named: "segments") {
            let titles = segments.children(named: "segment").map { $0.attribute("title") ?? $0.attribute("label") ?? "" }
            if !titles.isEmpty { text = titles.joined(separator: " | ") }
        }
        if let font = element.children.first(where: { ($0.isNamed("fontDescription") || $0.isNamed("font")) && $0.attribute("key") == "fontDescription" || $0.isNamed("font") && $0.attribute("key") == "font" }) {
            box.fontSize = fontSize(font) ?? box.fontSize
        }
        if let alignment = element.attribute("textAlignment") ?? element.attribute("alignment") { box.textAlignment = alignment }
        box.textColor = color(element, key: "textColor") ?? box.textColor
        if let text, !text.isEmpty {
            box.text = text
        } else if let placeholder, !placeholder.isEmpty {
            box.text = placeholder
            box.textIsPlaceholder = true
        }
        box.image = image
    }

    /// A `<fontDescription>` or `<font>` element's point size: `pointSize`/`size`, a text style's or a meta font's default.
    func fontSize(_ font: XMLTree.Element) -> Double? {
        for attribute in ["pointSize", "size"] {
            if let v = font.attribute(attribute).flatMap(Double.init), v.isFinite, v > 0, v < 10_000 { return v }
        }
        if let style = font.attribute("style"), let size = ViewClasses.textStyleSizes[style] { return size }
        if let meta = font.attribute("metaFont") { return ViewClasses.metaFontSizes[meta] ?? 13 }
        return nil
    }
}
