import XIB

/// One user-visible string the compiler archived as an `NSLocalizableString`: its key (`NSKey`, the
/// `<ObjectID>.<property>` key of ibtool's strings export), its development text (`NSDev`), the class the
/// export names, the localizer's note, and where the text is in the document's bytes.
///
/// The compiler is the one owner of which properties are localizable: every `NSLocalizableString` it
/// writes is recorded here (`CompileResult.localizableStrings`, `StoryboardResult.localizableStrings`),
/// and the strings export, import and checks are built on this list, so the exported keys and the
/// compiled `NSKey`s are the same set by construction.
public struct LocalizableString: Sendable, Hashable {
    /// The id of the element the key names (`ObjectID` in the export comment).
    public var objectID: String
    /// The property part of the key (`text`, `normalTitle`, `accessibilityLabel`, …).
    public var property: String
    /// The development text (`NSDev`), decoded.
    public var text: String
    /// The UIKit or AppKit class of the owning element, never its custom class (`UILabel`, `NSMenuItem`).
    public var className: String
    /// The localizer's comment on the owning element (`<attributedString key="userComments">`), if any.
    public var note: String?
    /// Where the text is in the document's bytes; nil when it could not be placed.
    public var location: TextLocation?

    /// `NSKey`: `<objectID>.<property>`.
    public var key: String { objectID + "." + property }

    public init(objectID: String, property: String, text: String, className: String, note: String? = nil, location: TextLocation? = nil) {
        self.objectID = objectID
        self.property = property
        self.text = text
        self.className = className
        self.note = note
        self.location = location
    }

    /// The bytes of the document that hold a localizable text.
    public struct TextLocation: Sendable, Hashable {
        /// How the bytes encode the text.
        public enum Form: Sendable, Hashable {
            /// An attribute value (between the quotes): XML-escaped, newlines as character references.
            case attribute
            /// The character data of a `<string>` element.
            case characterData
            /// The content of a `<string base64-UTF8="YES">` element.
            case base64
        }
        /// The byte range of the raw (still escaped) text.
        public var range: Range<Int>
        public var form: Form
        /// Where the text starts (file:line:col).
        public var start: SourceLocation

        public init(range: Range<Int>, form: Form, start: SourceLocation) {
            self.range = range
            self.form = form
            self.start = start
        }
    }
}

extension LocalizableString {
    /// The record for `text` read from `source` under `name` (an attribute, or else a `<string key="name">`
    /// or `<mutableString key="name">` child) for `property` of `owner` (which has id `id`).
    init(id: String, property: String, text: String, owner: XIBNode, source: XIBNode, name: String, platform: XIBPlatform) {
        self.init(objectID: id, property: property, text: text,
                  className: InterfaceBuilderClassName.of(element: owner.name, platform: platform),
                  note: Self.note(of: owner), location: Self.location(in: source, name: name))
    }

    static func location(in source: XIBNode, name: String) -> TextLocation? {
        let e = source.element
        if let range = e.attributeValueRange(name) {
            return TextLocation(range: range, form: .attribute, start: source.tracker.document.tree.location(ofOffset: range.lowerBound))
        }
        for child in e.children where (child.isNamed("string") || child.isNamed("mutableString")) && child.attribute("key") == name {
            let range = child.contentRange
            let form: TextLocation.Form = child.attribute("base64-UTF8") == "YES" ? .base64 : .characterData
            return TextLocation(range: range, form: form, start: source.tracker.document.tree.location(ofOffset: range.lowerBound))
        }
        return nil
    }

    /// The text of `<attributedString key="userComments">`'s fragments, without marking anything read.
    static func note(of owner: XIBNode) -> String? {
        for child in owner.element.children where child.isNamed("attributedString") && child.attribute("key") == "userComments" {
            var text = ""
            for fragment in child.children where fragment.isNamed("fragment") {
                if let content = fragment.attribute("content") { text += content }
                else if let s = fragment.firstChild(named: "string") { text += s.text }
            }
            return text.isEmpty ? nil : text
        }
        return nil
    }
}

/// The UIKit or AppKit class Interface Builder names for an element in the strings export's `Class` field.
public enum InterfaceBuilderClassName {
    /// Element names whose class is not the platform prefix plus the capitalised element name.
    static let exceptions: [String: String] = [
        "customView": "NSView", "customObject": "NSObject", "wkWebView": "WKWebView",
        "mapView": "MKMapView", "glkView": "GLKView", "mtkView": "MTKView", "sceneKitView": "SCNView",
        "arscnView": "ARSCNView", "arskView": "ARSKView", "skView": "SKView",
    ]

    /// `UI`/`NS` + the element name with its first letter capitalised (`label` → `UILabel`, `menuItem` →
    /// `NSMenuItem`), as Interface Builder names its elements after the classes; a few framework classes
    /// of other prefixes by table.
    public static func of(element: String, platform: XIBPlatform) -> String {
        if let name = exceptions[element] { return name }
        let prefix = platform == .macOS ? "NS" : "UI"
        guard let first = element.first else { return prefix }
        return prefix + first.uppercased() + element.dropFirst()
    }
}

/// The localizable strings of one document, shared by every compile context of it (a storyboard's scene and
/// view nibs, prototype cells): each key once, in the order first archived.
final class LocalizableStringLog {
    private(set) var strings: [LocalizableString] = []
    private var keys: Set<String> = []

    /// Records `string` unless its key was recorded before.
    func record(_ make: @autoclosure () -> LocalizableString, key: String) {
        if keys.insert(key).inserted { strings.append(make()) }
    }
}
