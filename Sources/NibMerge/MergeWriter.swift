/// Writes the merged tree the way Xcode writes documents: one element per line, children indented one step
/// below their parent, attributes in the source order, values with the inputs' own escaping. Elements kept
/// whole are copied byte for byte.
struct MergeWriter {
    /// Which version to write of conflicting parts: both with conflict markers, or one side's.
    enum Mode { case merged, ours, theirs }

    static let oursMarker = Array("<<<<<<< ours".utf8)
    static let separator = Array("=======".utf8)
    static let theirsMarker = Array(">>>>>>> theirs".utf8)

    private(set) var out: [UInt8] = []

    /// The whole document: OURS' bytes around the root element, the merged root.
    static func document(root: MergedChild, ours: MergeInput) -> [UInt8] {
        var writer = MergeWriter()
        let rootRange = ours.document.root.sourceRange
        writer.out.reserveCapacity(ours.bytes.count + 1024)
        writer.out.append(contentsOf: ours.bytes[..<rootRange.lowerBound])
        writer.writeRoot(root)
        writer.out.append(contentsOf: ours.bytes[rootRange.upperBound...])
        return writer.out
    }

    /// The root: a conflict in its own attributes marks its start tag only, not the whole document.
    private mutating func writeRoot(_ root: MergedChild) {
        guard case .element(let element) = root, element.hasOwnConflict, case .children = element.content else {
            write(root, indent: [], mode: .merged)
            return
        }
        out.append(contentsOf: Self.oursMarker); newline()
        startTag(element, mode: .ours, empty: false); newline()
        out.append(contentsOf: Self.separator); newline()
        startTag(element, mode: .theirs, empty: false); newline()
        out.append(contentsOf: Self.theirsMarker)
        writeChildrenAndEndTag(element, indent: [], mode: .merged)
    }

    /// `child` resolved for `mode`: the side's version of a conflict, or the child itself.
    private static func resolve(_ child: MergedChild, _ mode: Mode) -> MergedChild? {
        guard case let .conflict(ours, theirs, _) = child else { return child }
        switch mode {
        case .merged: return child
        case .ours: return ours.flatMap { resolve($0, mode) }
        case .theirs: return theirs.flatMap { resolve($0, mode) }
        }
    }

    /// Writes `child` starting at the current position; `indent` is its line's indentation, already written.
    mutating func write(_ child: MergedChild, indent: ArraySlice<UInt8>, mode: Mode) {
        switch child {
        case .copy(let node):
            copy(node, indent: indent)
        case .element(let element):
            if mode == .merged && element.hasOwnConflict {
                conflict(ours: child, theirs: child, indent: indent)
            } else {
                writeElement(element, indent: indent, mode: mode)
            }
        case let .conflict(ours, theirs, _):
            if mode == .merged {
                conflict(ours: ours, theirs: theirs, indent: indent)
            } else if let side = Self.resolve(child, mode) {
                write(side, indent: indent, mode: mode)
            }
        }
    }

    /// Conflict markers at the start of their lines around both versions; the indentation already written for
    /// the element's line is taken back first.
    private mutating func conflict(ours: MergedChild?, theirs: MergedChild?, indent: ArraySlice<UInt8>) {
        out.removeLast(min(indent.count, out.count))
        out.append(contentsOf: Self.oursMarker)
        if let ours { newline(); out.append(contentsOf: indent); write(ours, indent: indent, mode: .ours) }
        newline(); out.append(contentsOf: Self.separator)
        if let theirs { newline(); out.append(contentsOf: indent); write(theirs, indent: indent, mode: .theirs) }
        newline(); out.append(contentsOf: Self.theirsMarker)
    }

    private mutating func newline() { out.append(UInt8(ascii: "\n")) }

    /// An input element whole: its bytes when its indentation is the one wanted, else rewritten line by line.
    private mutating func copy(_ node: MergeNode, indent: ArraySlice<UInt8>) {
        if let own = node.indent, own.elementsEqual(indent) {
            out.append(contentsOf: node.source)
        } else {
            writeElement(MergedElement(expanding: node), indent: indent, mode: .merged)
        }
    }

    private mutating func writeElement(_ element: MergedElement, indent: ArraySlice<UInt8>, mode: Mode) {
        switch element.content {
        case .text(let raw):
            if raw.range.isEmpty && element.template.element.isEmptyElementTag {
                startTag(element, mode: mode, empty: true)
                return
            }
            startTag(element, mode: mode, empty: false)
            out.append(contentsOf: raw.bytes)
            endTag(element)
        case let .textConflict(ours, theirs, _):
            startTag(element, mode: mode, empty: false)
            out.append(contentsOf: mode == .theirs ? theirs.bytes : ours.bytes)
            endTag(element)
        case .children(let children):
            let kept = children.contains { Self.resolve($0, mode) != nil }
            if !kept {
                let empty = element.template.element.isEmptyElementTag || !element.template.children.isEmpty
                startTag(element, mode: mode, empty: empty)
                if !empty { endTag(element) }
                return
            }
            startTag(element, mode: mode, empty: false)
            writeChildrenAndEndTag(element, indent: indent, mode: mode)
        }
    }

    private mutating func writeChildrenAndEndTag(_ element: MergedElement, indent: ArraySlice<UInt8>, mode: Mode) {
        guard case .children(let children) = element.content else { return }
        let childIndent = Self.childIndentation(of: element.template, indent: indent)
        for child in children {
            guard let resolved = Self.resolve(child, mode) else { continue }
            if let source = Self.sourceNode(resolved), let own = source.indent, own.elementsEqual(childIndent),
               source.input.bytes[source.gap].contains(UInt8(ascii: "\n")) {
                out.append(contentsOf: source.input.bytes[source.gap])
            } else {
                newline()
                out.append(contentsOf: childIndent)
            }
            write(resolved, indent: childIndent, mode: mode)
        }
        let template = element.template
        if !template.children.isEmpty, template.indent?.elementsEqual(indent) ?? false {
            out.append(contentsOf: template.input.bytes[template.trailingGap])
        } else {
            newline()
            out.append(contentsOf: indent)
        }
        endTag(element)
    }

    /// The input element a child is written from, whose leading comment and line break it keeps.
    private static func sourceNode(_ child: MergedChild) -> MergeNode? {
        switch child {
        case .copy(let node): return node
        case .element(let element): return element.template
        case .conflict(let ours, let theirs, _): return (ours ?? theirs).flatMap(sourceNode)
        }
    }

    /// One step deeper than `indent`: the step the template's own children use (its bytes: tabs in a XIB 2
    /// archive, spaces in Xcode's XIB 3), else one step of the indentation's own kind (a tab after tabs, else
    /// four spaces, Xcode's).
    private static func childIndentation(of template: MergeNode, indent: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        if let own = template.indent, let first = template.children.first?.indent, first.count > own.count {
            if first.starts(with: own) { return indent + first.dropFirst(own.count) }
            return indent + ArraySlice(repeating: UInt8(ascii: " "), count: first.count - own.count)
        }
        if indent.last == UInt8(ascii: "\t") { return indent + [UInt8(ascii: "\t")] }
        return indent + ArraySlice(repeating: UInt8(ascii: " "), count: 4)
    }

    private mutating func startTag(_ element: MergedElement, mode: Mode, empty: Bool) {
        let template = element.template
        if element.attributesFromTemplate && template.element.isEmptyElementTag == empty {
            out.append(contentsOf: template.input.bytes[template.element.startTagRange])
            return
        }
        out.append(UInt8(ascii: "<"))
        out.append(contentsOf: template.name.utf8)
        for attribute in element.attributes {
            let raw: RawBytes?
            switch attribute.value {
            case .value(let r): raw = r
            case let .conflict(ours, theirs, _): raw = mode == .theirs ? theirs : ours
            }
            guard let raw else { continue }
            out.append(UInt8(ascii: " "))
            out.append(contentsOf: attribute.name.utf8)
            out.append(contentsOf: [UInt8(ascii: "="), UInt8(ascii: "\"")])
            appendAttributeValue(raw)
            out.append(UInt8(ascii: "\""))
        }
        if empty { out.append(UInt8(ascii: "/")) }
        out.append(UInt8(ascii: ">"))
    }

    /// A raw value between double quotes: a `"` (possible only in a value the source quoted with `'`) becomes
    /// `&quot;`, as Xcode writes it.
    private mutating func appendAttributeValue(_ raw: RawBytes) {
        for byte in raw.bytes {
            if byte == UInt8(ascii: "\"") { out.append(contentsOf: Array("&quot;".utf8)) } else { out.append(byte) }
        }
    }

    private mutating func endTag(_ element: MergedElement) {
        out.append(contentsOf: [UInt8(ascii: "<"), UInt8(ascii: "/")])
        out.append(contentsOf: element.template.name.utf8)
        out.append(UInt8(ascii: ">"))
    }
}
