import NibCompiler
import StringsFile
import XIB
import XMLEscaping

/// ibtool's `--export-xliff`: the localizable strings of a document as an XLIFF 1.2 file.
///
/// What rests on evidence (docs/LOCALIZATION.md §4, one capture of Xcode 26.5's ibtool for an empty
/// view-controller XIB): the `<xliff>` root with its three namespaces and schema location, the `<file>`
/// element's attributes (`original` = the input's file name, `datatype` = `x-` + the document type,
/// `tool-id`, `source-language`, `target-language` only when given), the `<header><tool …></tool>` shape,
/// and a `<body>` written without white space whose `<group ib:member-type="objects">` nests one
/// `<group ib:object-id ib:class>` per object as the document nests them (placeholders left out),
/// followed by `<group ib:member-type="connections">` with one group per connection.
///
/// What is inferred (no capture of a document with strings exists): each string is a
/// `<trans-unit id="<ObjectID>.<property>">` inside its object's group, with `<source>` (the development
/// text) and `<note>` (the comment of the strings export, so both exports describe a string alike), and no
/// `<target>` (nothing is translated yet). The `ib:key-path-category="string"` and `ib:key-path`
/// attributes follow GNUstep Gorm's XLIFF writer, a reimplementation of the format, not Apple output.
/// The class names of connections other than iOS outlets, and of objects whose element name does not
/// spell their class, are inferred too.
public enum XLIFFExport {
    /// The XLIFF options of `--export-xliff`.
    public struct Options: Sendable, Hashable {
        /// `source-language` (ibtool's default: `en`).
        public var sourceLanguage: String
        /// `target-language`, written only when given.
        public var targetLanguage: String?
        /// The `tool-version` of the header.
        public var toolVersion: String

        public init(sourceLanguage: String = "en", targetLanguage: String? = nil, toolVersion: String) {
            self.sourceLanguage = sourceLanguage
            self.targetLanguage = targetLanguage
            self.toolVersion = toolVersion
        }
    }

    /// The XLIFF file for `localized`, made from `document` (the bytes it was compiled from).
    /// `fileName` is the `original` attribute (the input's last path component).
    public static func bytes(_ localized: LocalizedDocument, document: [UInt8], fileName: String,
                             options: Options) throws(XIBError) -> [UInt8] {
        let xib = try XIBDocument(bytes: document, file: localized.fileName)
        var byObject: [String: [LocalizableString]] = [:]
        for s in localized.strings { byObject[s.objectID, default: []].append(s) }

        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        out += "<xliff xmlns=\"urn:oasis:names:tc:xliff:document:1.2\" xmlns:xsi=\"http://www.w3.org/2001/XMLSchema-instance\" xmlns:ib=\"com.apple.InterfaceBuilder3\" version=\"1.2\" xsi:schemaLocation=\"urn:oasis:names:tc:xliff:document:1.2 xliff-core-1.2-transitional.xsd\">\n"
        out += "    <file original=\"\(escapedAttribute(fileName))\" datatype=\"x-\(escapedAttribute(xib.type))\" tool-id=\"com.apple.ibtool\" source-language=\"\(escapedAttribute(options.sourceLanguage))\""
        if let target = options.targetLanguage { out += " target-language=\"\(escapedAttribute(target))\"" }
        out += ">\n"
        out += "        <header><tool tool-id=\"com.apple.ibtool\" tool-name=\"ibtool\" tool-version=\"\(escapedAttribute(options.toolVersion))\"></tool>\n        </header>\n"
        out += "        <body>"

        var written: Set<String> = []
        var writer = GroupWriter(platform: xib.platform, byObject: byObject)
        out += "<group ib:member-type=\"objects\">"
        writer.objects(under: xib.root, into: &out, written: &written)
        // Strings keyed on an id the walk did not reach (none are known): kept, so the XLIFF lists every string.
        for s in localized.strings where !written.contains(s.objectID) && !writer.connectionIDs.contains(s.objectID) {
            written.insert(s.objectID)
            writer.openGroup(id: s.objectID, className: s.className, into: &out)
            out += "</group>"
        }
        out += "</group><group ib:member-type=\"connections\">"
        writer.connections(into: &out)
        out += "</group></body>\n    </file>\n</xliff>\n"
        return Array(out.utf8)
    }

    /// Walks the document's objects and collects its connections.
    struct GroupWriter {
        let platform: XIBPlatform
        let byObject: [String: [LocalizableString]]
        /// Connections in document order: (id, class).
        var connectionList: [(id: String, className: String)] = []
        var connectionIDs: Set<String> = []

        init(platform: XIBPlatform, byObject: [String: [LocalizableString]]) {
            self.platform = platform
            self.byObject = byObject
        }

        /// One `<group>` per object under `element` (nested as the document nests them); connections are
        /// collected for the second member group.
        mutating func objects(under element: XMLTree.Element, into out: inout String, written: inout Set<String>) {
            for child in element.children {
                if child.isNamed("connections") {
                    for connection in child.children {
                        guard let id = connection.attribute("id") else { continue }
                        connectionList.append((id, connectionClass(connection.name)))
                        connectionIDs.insert(id)
                    }
                    continue
                }
                if Self.isPlaceholder(child) {
                    objects(under: child, into: &out, written: &written)
                    continue
                }
                guard let id = child.attribute("id"), written.insert(id).inserted else {
                    objects(under: child, into: &out, written: &written)
                    continue
                }
                let className = byObject[id]?.first?.className ?? objectClass(child.name)
                openGroup(id: id, className: className, into: &out)
                objects(under: child, into: &out, written: &written)
                out += "</group>"
            }
        }

        /// File's Owner, First Responder, the application and exits: `<placeholder>`, `<exit>`, AppKit's
        /// negative ids (`-1`, `-2`, `-3`) and a storyboard scene's first responder.
        static func isPlaceholder(_ element: XMLTree.Element) -> Bool {
            element.isNamed("placeholder") || element.isNamed("exit") || element.attribute("id")?.hasPrefix("-") == true
                || element.attribute("sceneMemberID") == "firstResponder"
        }

        /// The connections member group's content.
        func connections(into out: inout String) {
            for c in connectionList {
                openGroup(id: c.id, className: byObject[c.id]?.first?.className ?? c.className, into: &out)
                out += "</group>"
            }
        }

        /// `<group ib:object-id ib:class>` and the object's trans-units; the caller closes it.
        func openGroup(id: String, className: String, into out: inout String) {
            out += "<group ib:object-id=\"\(escapedAttribute(id))\" ib:class=\"\(escapedAttribute(className))\">"
            for s in byObject[id] ?? [] { transUnit(s, into: &out) }
        }

        /// The class of an object element: the few whose element name does not spell it, else the rule
        /// strings use (`InterfaceBuilderClassName`).
        func objectClass(_ element: String) -> String {
            switch element {
            case "viewLayoutGuide": return "UILayoutGuide"  // seen in the capture
            case "constraint": return "NSLayoutConstraint"
            default: return InterfaceBuilderClassName.of(element: element, platform: platform)
            }
        }

        /// Interface Builder's connection classes. Only the iOS outlet is seen in a capture; the rest
        /// follow Interface Builder's class naming and are inferred.
        func connectionClass(_ element: String) -> String {
            let touch = platform != .macOS
            switch element {
            case "outlet": return touch ? "IBCocoaTouchOutletConnection" : "IBOutletConnection"
            case "outletCollection": return touch ? "IBCocoaTouchOutletCollectionConnection" : "IBOutletCollectionConnection"
            case "action": return touch ? "IBCocoaTouchEventConnection" : "IBActionConnection"
            case "binding": return "IBBindingConnection"
            case "segue": return touch ? "IBUIStoryboardSegue" : "IBStoryboardSegue"
            default: return "IBConnection"
            }
        }
    }

    /// `<trans-unit id="KEY" ib:key-path-category="string" ib:key-path="PROPERTY"><source>…</source><note>…</note></trans-unit>`.
    static func transUnit(_ s: LocalizableString, into out: inout String) {
        out += "<trans-unit id=\"\(escapedAttribute(s.key))\" ib:key-path-category=\"string\" ib:key-path=\"\(escapedAttribute(s.property))\">"
        out += "<source>\(escapedCharacterData(s.text))</source>"
        out += "<note>\(escapedCharacterData(LocalizedDocument.comment(for: s)))</note>"
        out += "</trans-unit>"
    }

    /// `value` escaped for a double-quoted attribute (line breaks and tabs as references, which attribute
    /// normalisation would otherwise turn into spaces).
    public static func escapedAttribute(_ value: String) -> String {
        XMLEscaping.escaped(value, for: .attributeValue(quote: .double))
    }

    /// `value` escaped as character data (a carriage return as a reference, which line-end normalisation
    /// would otherwise drop).
    public static func escapedCharacterData(_ value: String) -> String {
        XMLEscaping.escaped(value, for: .characterData)
    }
}
