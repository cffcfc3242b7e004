/// Writes strings tables as text in the layout ibtool's `--export-strings-file` uses: an empty line before
/// every entry, the entry's comment on a line of its own, `"key" = "value";` and LF line ends; the file ends
/// right after the last entry's `;` and newline. An empty table is just the newline.
public enum StringsFileWriter {
    /// The text of `table` (comments written as `/* comment */`).
    public static func text(_ table: StringsTable) -> String {
        var out = ""
        if table.entries.isEmpty { return "\n" }
        for entry in table.entries {
            out += "\n"
            if let comment = entry.comment { out += "/* " + comment + " */\n" }
            out += "\"" + escaped(entry.key) + "\" = \"" + escaped(entry.value) + "\";\n"
        }
        return out
    }

    /// The bytes of `table` in `encoding` (UTF-16 little-endian with a byte-order mark by default, as ibtool).
    public static func bytes(_ table: StringsTable, encoding: StringsFileEncoding = .utf16LittleEndian) -> [UInt8] {
        encoding.encode(text(table))
    }

    /// `text` escaped for a quoted string, as ibtool escapes both the value and the comment's copy of it:
    /// newline `\n`, tab `\t`, carriage return `\r`, `"` and backslash; everything else literal.
    public static func escaped(_ text: String) -> String {
        var out = String.UnicodeScalarView()
        for s in text.unicodeScalars {
            switch s {
            case "\n": out.append("\\"); out.append("n")
            case "\t": out.append("\\"); out.append("t")
            case "\r": out.append("\\"); out.append("r")
            case "\"": out.append("\\"); out.append("\"")
            case "\\": out.append("\\"); out.append("\\")
            default: out.append(s)
            }
        }
        return String(out)
    }
}
