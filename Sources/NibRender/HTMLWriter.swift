import NibInspect

/// HTML pages around the SVG pictures: one rendering, or a diff's before and after side by side with the list
/// of changes. Self-contained (inline SVG and CSS), so a CI job can publish the file as it is.
public enum HTMLWriter {
    static let style = """
        body{font-family:sans-serif;margin:16px;color:#24292f;background:white}
        .pair{display:flex;gap:24px;align-items:flex-start;flex-wrap:wrap}
        .side h2{font-size:15px;margin:4px 0}
        .changes li{margin:2px 0}.kind{font-weight:bold}
        code{background:#f6f8fa;padding:0 3px}
        """

    /// A page with one rendering.
    public static func page(_ document: RenderDocument, hideHidden: Bool = false) -> String {
        "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>\(TextFormatting.xml(document.file))</title><style>\(style)</style></head><body>\n"
            + "<h1>\(TextFormatting.xml(document.file))</h1>\n"
            + SVGWriter(document, hideHidden: hideHidden).svg()
            + "</body></html>\n"
    }

    /// A page with a diff: the old picture (removed and changed views marked), the new one (added and changed
    /// views marked), and the change list.
    public static func page(_ diff: RenderDiff) -> String {
        var out = "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>\(TextFormatting.xml(diff.after.file))</title><style>\(style)</style></head><body>\n"
        out += body(diff)
        out += "</body></html>\n"
        return out
    }

    /// The part of a diff page inside `<body>` (several diffs go in one report).
    public static func body(_ diff: RenderDiff) -> String {
        var out = "<section class=\"diff\"><h1>\(TextFormatting.xml(diff.before.file)) → \(TextFormatting.xml(diff.after.file))</h1>\n"
        out += "<p>\(diff.isEquivalent ? "No visible change." : "\(diff.changes.count) changed view\(diff.changes.count == 1 ? "" : "s").")</p>\n"
        let (old, new) = DiffPictures.marks(diff)
        out += "<div class=\"pair\"><div class=\"side\"><h2>Before</h2>\n" + SVGWriter(diff.before, marks: old).svg()
        out += "</div><div class=\"side\"><h2>After</h2>\n" + SVGWriter(diff.after, marks: new).svg() + "</div></div>\n"
        out += "<ul class=\"changes\">\n"
        for c in diff.changes {
            let colour = SVGWriter.colour(c.primary)
            out += "<li><span class=\"kind\" style=\"color:\(colour)\">\(c.kinds.map(\.rawValue).joined(separator: ", "))</span> "
            out += TextFormatting.xml(DiffPictures.name(c)) + ": " + TextFormatting.xml(c.details.joined(separator: "; ")) + "</li>\n"
        }
        for line in diff.segueChanges { out += "<li>\(TextFormatting.xml(line))</li>\n" }
        for id in diff.canvasMoves { out += "<li>scene <code>\(TextFormatting.xml(id))</code> moved on the canvas</li>\n" }
        out += "</ul></section>\n"
        return out
    }
}

/// What the diff's pictures mark, and how a change names its view, shared by the writers.
public enum DiffPictures {
    /// Marks for the old picture (removed and changed) and the new one (added and changed).
    public static func marks(_ diff: RenderDiff) -> (before: [String: ChangeKind], after: [String: ChangeKind]) {
        var old: [String: ChangeKind] = [:], new: [String: ChangeKind] = [:]
        for c in diff.changes {
            if c.before != nil { old[c.id] = c.primary }
            if c.after != nil { new[c.id] = c.primary }
        }
        return (old, new)
    }

    /// `"Title" (UILabel, id 8HR-oh-U9F)`.
    public static func name(_ c: ViewChange) -> String {
        guard let b = c.box else { return c.id }
        return "\(b.displayName) (\(b.className), id \(c.id))"
    }

    /// One SVG with the old picture on the left and the new on the right.
    public static func sideBySide(_ diff: RenderDiff) -> String {
        let (old, new) = marks(diff)
        let left = SVGWriter(diff.before, marks: old).svg(), right = SVGWriter(diff.after, marks: new).svg()
        let w1 = max(diff.before.size.width, 1), w2 = max(diff.after.size.width, 1)
        let h = max(diff.before.size.height, diff.after.size.height, 1) + 24
        let n = TextFormatting.number
        var out = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(n(w1 + w2 + 24))\" height=\"\(n(h))\" viewBox=\"0 0 \(n(w1 + w2 + 24)) \(n(h))\" font-family=\"sans-serif\">\n"
        out += "<text x=\"4\" y=\"16\" font-size=\"14\">Before</text><text x=\"\(n(w1 + 28))\" y=\"16\" font-size=\"14\">After</text>\n"
        out += "<g transform=\"translate(0 24)\">\n" + left + "</g>\n"
        out += "<g transform=\"translate(\(n(w1 + 24)) 24)\">\n" + right + "</g>\n"
        return out + "</svg>\n"
    }
}

/// The change list as Markdown (for a pull-request comment) and as JSON.
public enum DiffListWriter {
    /// A Markdown list of the changes by view label, class and id.
    public static func markdown(_ diff: RenderDiff) -> String {
        var out = "### `\(diff.after.file)`: "
        out += diff.isEquivalent ? "no visible change\n" : "\(diff.changes.count) changed view\(diff.changes.count == 1 ? "" : "s")\n\n"
        for c in diff.changes {
            let b = c.box
            out += "- **\(c.kinds.map(\.rawValue).joined(separator: ", "))** \(markdownEscaped(b?.displayName ?? c.id)) "
            out += "(`\(b?.className ?? "?")`, id `\(c.id)`): \(markdownEscaped(c.details.joined(separator: "; ")))\n"
        }
        for line in diff.segueChanges { out += "- \(markdownEscaped(line))\n" }
        for id in diff.canvasMoves { out += "- scene `\(id)` moved on the canvas (not a change of the app)\n" }
        return out
    }

    private static func markdownEscaped(_ s: String) -> String {
        var out = ""
        for ch in s {
            if "\\`*_[]<>|#".contains(ch) { out.append("\\") }
            out.append(ch == "\n" ? " " : ch)
        }
        return out
    }

    /// The changes as JSON.
    public static func json(_ diff: RenderDiff) -> String {
        let q = StringEscaping.json
        var out = "{\n  \"before\": \(q(diff.before.file)),\n  \"after\": \(q(diff.after.file)),\n  \"equivalent\": \(diff.isEquivalent),\n  \"changes\": [\n"
        out += diff.changes.map { c in
            var f = ["\"id\": \(q(c.id))", "\"class\": \(q(c.box?.className ?? ""))", "\"name\": \(q(c.box?.displayName ?? c.id))"]
            f.append("\"kinds\": [" + c.kinds.map { q($0.rawValue) }.joined(separator: ", ") + "]")
            if let b = c.before { f.append("\"before\": \(BoxJSON.rect(b.rect))") }
            if let a = c.after { f.append("\"after\": \(BoxJSON.rect(a.rect))") }
            f.append("\"details\": [" + c.details.map(q).joined(separator: ", ") + "]")
            return "    {" + f.joined(separator: ", ") + "}"
        }.joined(separator: ",\n")
        out += diff.changes.isEmpty ? "  ],\n" : "\n  ],\n"
        out += "  \"segues\": [" + diff.segueChanges.map(q).joined(separator: ", ") + "],\n"
        out += "  \"canvasMoves\": [" + diff.canvasMoves.map(q).joined(separator: ", ") + "]\n}\n"
        return out
    }
}
