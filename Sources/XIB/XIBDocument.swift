/// # The XIB module
///
/// Reads Interface Builder `.xib` files (the XIB 3 `<document>` format) into an immutable,
/// position-aware model for the compiler.
///
/// Parsing:
///
///     let doc = try XIBDocument(contentsOfFile: path)          // or XIBDocument(bytes:file:)
///     doc.platform        // .iOS or .macOS
///     doc.toolsVersion, doc.useAutolayout
///
/// Errors are typed (`throws(XIBError)`); `error.kind` says what (`.xml(.mismatchedEndTag)`,
/// `.unsupportedFormat`, `.duplicateID`, ...) and `String(describing: error)` prints
/// `file:line:col: error: message`. Lower-level XML errors are `XMLError`.
///
/// Walking the document: `doc.objects` is the `<objects>` element; every element is an
/// `XMLTree.Element`, a cheap value (tree reference + index):
///
///     for object in doc.objects.children {                      // child elements, document order
///         object.name                                           // "view", "placeholder", ...
///         object.attribute("customClass")                       // String? (decoded)
///         for attr in object.attributes { attr.name; attr.value; attr.location }
///         object.firstChild(named: "rect"), object.children(named: "constraint")
///         object.text                                           // character data, decoded
///         object.parent, object.location                        // SourceLocation (line, column)
///     }
///
/// For hot loops, intern a name once with `doc.tree.name("id")` and call `attribute(_: XMLName)`.
///
/// References: `doc.element(withID:)` looks an id up; `doc.resolve(attribute:of:)` reads an
/// attribute such as `destination` and resolves it, throwing `unknown id 'X'` at the attribute.
///
/// Diagnostics: `element.diagnostic(.warning, "message")` or
/// `element.diagnostic(.warning, attribute: "key", "message")` give a `Diagnostic` that prints
/// `file:line:col: warning: message`; errors convert with `error.diagnostic`.
///
/// Positions: lines and columns are 1-based; columns count Unicode scalars; offsets are bytes.

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The platform a XIB targets.
public enum XIBPlatform: String, Sendable, Hashable {
    /// UIKit: `type="com.apple.InterfaceBuilder3.CocoaTouch.XIB"`.
    case iOS
    /// AppKit: `type="com.apple.InterfaceBuilder3.Cocoa.XIB"`.
    case macOS
}

/// A parsed XIB 3 document with an id index.
public struct XIBDocument: Sendable {
    /// The `type` attribute value for iOS XIBs.
    public static let cocoaTouchType = "com.apple.InterfaceBuilder3.CocoaTouch.XIB"
    /// The `type` attribute value for macOS XIBs.
    public static let cocoaType = "com.apple.InterfaceBuilder3.Cocoa.XIB"
    /// The `type` attribute value for iOS storyboards.
    public static let cocoaTouchStoryboardType = "com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB"
    /// The `type` attribute value for macOS storyboards.
    public static let cocoaStoryboardType = "com.apple.InterfaceBuilder3.Cocoa.Storyboard.XIB"

    /// The underlying XML tree.
    public let tree: XMLTree
    /// The root `type` attribute.
    public let type: String
    /// The platform, from `type` (checked against `targetRuntime` when present).
    public let platform: XIBPlatform
    /// The `targetRuntime` attribute, e.g. `iOS.CocoaTouch` or `MacOSX.Cocoa`.
    public let targetRuntime: String?
    /// The document format `version`, e.g. `3.0`.
    public let version: String
    /// The `toolsVersion` (Interface Builder build) if present.
    public let toolsVersion: String?
    /// Whether `useAutolayout="YES"`.
    public let useAutolayout: Bool
    /// Whether the document is a storyboard (`…Storyboard.XIB` type, a `<scenes>` element).
    public let isStoryboard: Bool
    /// The `<objects>` element; for a storyboard, the `<scenes>` element (each `<scene>` holds its own
    /// `<objects>`).
    public let objects: XMLTree.Element
    /// The `<resources>` element, if any.
    public let resources: XMLTree.Element?
    /// The `<dependencies>` element, if any.
    public let dependencies: XMLTree.Element?
    /// id -> document index of the element carrying it.
    private let ids: IDIndex

    /// The root `<document>` element.
    public var root: XMLTree.Element { tree.root }
    /// The file name given when parsing.
    public var file: String { tree.file }
    /// The number of elements with an `id`.
    public var idCount: Int { ids.count }

    /// Parses a XIB from UTF-8 bytes.
    public init(bytes: [UInt8], file: String, options: XMLParseOptions = .default) throws(XIBError) {
        let tree: XMLTree
        do throws(XMLError) {
            tree = try XMLTree(bytes: bytes, file: file, options: options)
        } catch {
            throw XIBError(error)
        }
        try self.init(tree: tree)
    }

    /// Reads and parses the file at `path`; the path is used as the file name in locations.
    public init(contentsOfFile path: String, options: XMLParseOptions = .default) throws(XIBError) {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw XIBError(.unreadableFile, "cannot read file: \(error)",
                           at: SourceLocation(file: path, line: 1, column: 1, offset: 0))
        }
        try self.init(bytes: [UInt8](data), file: path, options: options)
    }

    /// Builds the document model from an already parsed tree.
    public init(tree: XMLTree) throws(XIBError) {
        self.tree = tree
        let root = tree.root
        func fail(_ kind: XIBError.Kind, _ message: String, at element: XMLTree.Element, attribute: String? = nil) -> XIBError {
            XIBError(kind, message, at: attribute.flatMap { element.attributeLocation($0) } ?? element.location)
        }
        let type = root.attribute("type")
        if root.isNamed("archive") {
            throw fail(.unsupportedFormat, "XIB 2.x documents (<archive\(type.map { " type=\"\($0)\"" } ?? "")>) are not supported yet; open and save the file in a current Xcode to upgrade it to the XIB 3 format", at: root)
        }
        guard root.isNamed("document") else {
            throw fail(.notAXIB, "not a XIB document: the root element is <\(root.name)>, expected <document>", at: root)
        }
        guard let type else {
            throw fail(.invalidDocument, "the <document> element has no 'type' attribute", at: root)
        }
        switch type {
        case Self.cocoaTouchType: platform = .iOS; isStoryboard = false
        case Self.cocoaType: platform = .macOS; isStoryboard = false
        case Self.cocoaTouchStoryboardType: platform = .iOS; isStoryboard = true
        case Self.cocoaStoryboardType: platform = .macOS; isStoryboard = true
        case _ where type.contains("Storyboard"):
            throw fail(.unsupportedDocumentType, "unsupported storyboard type '\(type)': only iOS (\(Self.cocoaTouchStoryboardType)) and macOS (\(Self.cocoaStoryboardType)) storyboards are supported", at: root, attribute: "type")
        default:
            throw fail(.unsupportedDocumentType, "unsupported document type '\(type)': not a XIB or storyboard nibc can compile (iOS and macOS XIB 3 documents and storyboards only)", at: root, attribute: "type")
        }
        self.type = type
        targetRuntime = root.attribute("targetRuntime")
        if let runtime = targetRuntime {
            // UIKit documents also target tvOS (`AppleTV`) and watchOS (`watchKit`) runtimes.
            let expected = platform == .iOS ? ["iOS.", "AppleTV", "watchKit"] : ["MacOSX."]
            guard expected.contains(where: runtime.hasPrefix) else {
                throw fail(.invalidDocument, "targetRuntime '\(runtime)' does not match document type '\(type)'", at: root, attribute: "targetRuntime")
            }
        }
        guard let version = root.attribute("version") else {
            throw fail(.invalidDocument, "the <document> element has no 'version' attribute", at: root)
        }
        self.version = version
        toolsVersion = root.attribute("toolsVersion")
        useAutolayout = root.attribute("useAutolayout") == "YES"

        var objects: XMLTree.Element?
        var resources: XMLTree.Element?
        var dependencies: XMLTree.Element?
        for child in root.children {
            switch child.name {
            case "objects" where objects == nil && !isStoryboard: objects = child
            case "scenes" where objects == nil && isStoryboard: objects = child
            case "resources" where resources == nil: resources = child
            case "dependencies" where dependencies == nil: dependencies = child
            default: break
            }
        }
        guard let objects else {
            throw fail(.invalidDocument, isStoryboard ? "the storyboard has no <scenes> element" : "the document has no <objects> element", at: root)
        }
        self.objects = objects
        self.resources = resources
        self.dependencies = dependencies

        // Index every id. The "id" name may not occur at all (then nothing has an id).
        switch IDIndex.build(tree.storage, idName: tree.name("id")?.id ?? -1) {
        case .success(let ids): self.ids = ids
        case .failure(let duplicate):
            let element = tree.elements[Int(duplicate.second)], first = tree.elements[Int(duplicate.first)]
            let id = element.attribute("id") ?? ""
            throw fail(.duplicateID, "duplicate id '\(id)' (first used by <\(first.name)> at \(first.location.line):\(first.location.column))", at: element, attribute: "id")
        }
    }

    /// Every `id` in the document, in no particular order.
    public var identifiers: [String] { ids.identifiers(in: tree.storage) }

    /// The element whose `id` attribute is `id`, or nil.
    public func element(withID id: String) -> XMLTree.Element? {
        ids.element(id, in: tree.storage).map { XMLTree.Element(storage: tree.storage, index: $0) }
    }

    /// The element whose `id` is `id`; throws `unknown id 'X'` located at `referrer`'s attribute
    /// `attribute` (or at `referrer` itself when `attribute` is nil or absent).
    public func resolve(_ id: String, from referrer: XMLTree.Element, attribute: String? = nil) throws(XIBError) -> XMLTree.Element {
        if let element = element(withID: id) { return element }
        let location = attribute.flatMap { referrer.attributeLocation($0) } ?? referrer.location
        throw XIBError(.unknownID, "unknown id '\(id)'", at: location)
    }

    /// Reads attribute `attribute` of `element` (e.g. `destination`) and resolves it as an id.
    /// Returns nil when the attribute is absent; throws `unknown id 'X'` when nothing has that id.
    public func resolve(attribute: String, of element: XMLTree.Element) throws(XIBError) -> XMLTree.Element? {
        guard let id = element.attribute(attribute) else { return nil }
        return try resolve(id, from: element, attribute: attribute)
    }
}
