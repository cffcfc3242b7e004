import NibInspect

/// `nibc render --json`: the boxes as a list, the segues and the initial scene, keys in a fixed order.
public enum BoxJSON {
    /// The JSON text of a rendered document.
    public static func json(_ document: RenderDocument) -> String {
        var out = "{\n  \"file\": \(StringEscaping.json(document.file)),\n  \"platform\": \(StringEscaping.json(document.platform)),\n"
        out += "  \"size\": [\(TextFormatting.number(document.size.width)), \(TextFormatting.number(document.size.height))],\n"
        out += "  \"views\": [\n"
        out += document.boxes.map { "    " + box($0) }.joined(separator: ",\n")
        out += document.boxes.isEmpty ? "  ],\n" : "\n  ],\n"
        out += "  \"segues\": [\n"
        out += document.arrows.map { a in
            var fields = ["\"id\": \(StringEscaping.json(a.id))", "\"kind\": \(StringEscaping.json(a.kind))",
                          "\"from\": \(StringEscaping.json(a.from))", "\"to\": \(StringEscaping.json(a.to))"]
            if let identifier = a.identifier { fields.append("\"identifier\": \(StringEscaping.json(identifier))") }
            return "    {" + fields.joined(separator: ", ") + "}"
        }.joined(separator: ",\n")
        out += document.arrows.isEmpty ? "  ],\n" : "\n  ],\n"
        out += "  \"initial\": \(document.initialScene.map(StringEscaping.json) ?? "null")\n}\n"
        return out
    }

    static func rect(_ r: RenderRect) -> String {
        "[\(TextFormatting.number(r.x)), \(TextFormatting.number(r.y)), \(TextFormatting.number(r.width)), \(TextFormatting.number(r.height))]"
    }

    /// One box as a JSON object on one line; unset optional fields are left out.
    static func box(_ b: RenderBox) -> String {
        var f = ["\"id\": \(StringEscaping.json(b.id))", "\"class\": \(StringEscaping.json(b.className))"]
        if let base = b.baseClass { f.append("\"baseClass\": \(StringEscaping.json(base))") }
        f.append("\"kind\": \(StringEscaping.json(b.kind.rawValue))")
        f.append("\"rect\": \(rect(b.rect))")
        f.append("\"frame\": \(rect(b.frame))")
        f.append("\"parent\": \(b.parent.map(StringEscaping.json) ?? "null")")
        f.append("\"root\": \(StringEscaping.json(b.root))")
        if let l = b.userLabel { f.append("\"userLabel\": \(StringEscaping.json(l))") }
        if b.clips { f.append("\"clips\": true") }
        if let c = b.fill { f.append("\"fill\": \(StringEscaping.json(c.text))") }
        if let c = b.border { f.append("\"border\": \(StringEscaping.json(c.text))") }
        if let c = b.textColor { f.append("\"textColor\": \(StringEscaping.json(c.text))") }
        if let t = b.text { f.append("\"text\": \(StringEscaping.json(t))") }
        if let d = b.detail { f.append("\"detail\": \(StringEscaping.json(d))") }
        if b.textIsPlaceholder { f.append("\"placeholder\": true") }
        if let s = b.fontSize { f.append("\"fontSize\": \(TextFormatting.number(s))") }
        if let a = b.textAlignment { f.append("\"alignment\": \(StringEscaping.json(a))") }
        if let i = b.image { f.append("\"image\": \(StringEscaping.json(i))") }
        if b.isHidden { f.append("\"hidden\": true") }
        if b.ambiguous { f.append("\"ambiguous\": true") }
        if b.misplaced { f.append("\"misplaced\": true") }
        if b.missingFrame { f.append("\"missingFrame\": true") }
        if b.isLayoutDerived { f.append("\"layoutDerived\": true") }
        if b.isPrototype { f.append("\"prototype\": true") }
        return "{" + f.joined(separator: ", ") + "}"
    }
}
