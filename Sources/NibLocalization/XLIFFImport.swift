import StringsFile
import XIB

/// ibtool's `--import-xliff IN --write OUT DOC`: reads the translations of an XLIFF 1.2 file as a strings
/// table (`<trans-unit id>` → `<target>`, or `<source>` when a unit has no target), which
/// `StringsImport.apply` writes into the document as it does for `--import-strings-file`.
public enum XLIFFImport {
    /// The translations in `bytes` (an XLIFF file read from `file`) for the document named `documentName`
    /// (its last path component).
    ///
    /// The units come from the `<file>` whose `original` ends with `documentName` (Xcode's project-wide
    /// exports hold one `<file>` per document), or from the only `<file>` there is. Each entry is located at
    /// its `<trans-unit>` start tag. Malformed XML, a root other than XLIFF 1.2's `<xliff>`, a `<trans-unit>`
    /// without `id` or `<source>`, and a file with no `<file>` for the document are errors located at
    /// `file:line:col`.
    public static func table(_ bytes: [UInt8], file: String, documentName: String) throws(StringsFileError) -> StringsTable {
        let tree: XMLTree
        do { tree = try XMLTree(bytes: bytes, file: file) } catch { throw StringsFileError(error.message, at: place(error.location)) }
        let root = tree.root
        guard localName(root) == "xliff" else {
            throw StringsFileError("the root element is <\(root.name)>, not an XLIFF <xliff>", at: place(root.location))
        }
        if let version = root.attribute("version"), !version.hasPrefix("1.") {
            throw StringsFileError("XLIFF \(version) is not supported; ibtool reads and writes XLIFF 1.2", at: place(root.location))
        }
        let files = root.children.filter { localName($0) == "file" }
        let matching = files.filter { original in
            guard let name = original.attribute("original") else { return false }
            return name == documentName || name.hasSuffix("/" + documentName)
        }
        let chosen: [XMLTree.Element]
        if !matching.isEmpty { chosen = matching } else if files.count == 1 { chosen = files } else {
            throw StringsFileError(files.isEmpty ? "no <file> element" : "no <file original=\"…\(documentName)\"> among \(files.count) <file> elements",
                                   at: place(root.location))
        }
        var table = StringsTable()
        for f in chosen {
            for unit in f.descendants where localName(unit) == "trans-unit" {
                let at = place(unit.location)
                guard let id = unit.attribute("id") else { throw StringsFileError("<trans-unit> has no id attribute", at: at) }
                guard let source = unit.children.first(where: { localName($0) == "source" }) else {
                    throw StringsFileError("<trans-unit id=\"\(id)\"> has no <source>", at: at)
                }
                let target = unit.children.first { localName($0) == "target" }
                table.append(.init(key: id, value: (target ?? source).text, location: at))
            }
        }
        return table
    }

    /// The element's name without a namespace prefix (`xlf:trans-unit` → `trans-unit`).
    static func localName(_ element: XMLTree.Element) -> Substring {
        let name = element.name
        guard let colon = name.lastIndex(of: ":") else { return Substring(name) }
        return name[name.index(after: colon)...]
    }

    static func place(_ location: SourceLocation) -> StringsLocation {
        StringsLocation(file: location.file, line: location.line, column: location.column)
    }
}
