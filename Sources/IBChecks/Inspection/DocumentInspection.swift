import NibCompiler
import PropertyList
import XIB

/// ibtool's inspection views of a document (`--hierarchy`, `--connections`, `--objects`,
/// `--version-history`), as property-list values in the shapes and key names Xcode 26.5's ibtool prints.
/// Shapes and keys marked [V] in docs/IBTOOL-CHECKS.md are from its transcripts; the rest follow them.
public struct DocumentInspection: Sendable {
    /// The document inspected.
    public let document: XIBDocument

    private let enclosing: Enclosing

    /// A view of `document`.
    public init(_ document: XIBDocument) {
        self.document = document
        enclosing = Enclosing(document)
    }

    /// `com.apple.ibtool.document.hierarchy`: the top-level objects in document order, each a dictionary
    /// with `object-id`, `label`, `name` (the user label, when set), `custom-class` (when set) and
    /// `children` (when any).
    public var hierarchy: PropertyListValue {
        .array(DocumentObjects.topLevelObjects(of: document).map(hierarchyEntry))
    }

    func hierarchyEntry(_ element: XMLTree.Element) -> PropertyListValue {
        var entry = [PropertyListEntry("object-id", .string(element.attribute("id") ?? "")),
                     PropertyListEntry("label", .string(ObjectLabels.label(of: element)))]
        if let name = element.attribute("userLabel"), !name.isEmpty { entry.append(.init("name", .string(name))) }
        if let custom = element.attribute("customClass"), !custom.isEmpty { entry.append(.init("custom-class", .string(custom))) }
        let children = DocumentObjects.childObjects(of: element)
        if !children.isEmpty { entry.append(.init("children", .array(children.map(hierarchyEntry)))) }
        return .dictionary(entry.sortedByKey())
    }

    /// `com.apple.ibtool.document.connections`: connection id → `source-id`, `source-label`,
    /// `destination-id`, `destination-label`, `label` (the outlet, action, segue or binding name) and
    /// `type` (Interface Builder's connection class).
    public var connections: PropertyListValue {
        var entries: [PropertyListEntry] = []
        for element in document.tree.elements where DocumentObjects.isConnection(element) {
            guard let id = element.attribute("id") else { continue }
            let source = enclosing.owner(of: element)
            let destinationID = element.attribute("destination") ?? element.attribute("target") ?? ""
            let destination = destinationID.isEmpty ? nil : document.element(withID: destinationID)
            var entry = [
                PropertyListEntry("source-id", .string(source?.attribute("id") ?? "")),
                PropertyListEntry("source-label", .string(source.map(ObjectLabels.label(of:)) ?? "")),
                PropertyListEntry("destination-id", .string(destinationID)),
                PropertyListEntry("label", .string(connectionLabel(element))),
                PropertyListEntry("type", .string(connectionType(element))),
            ]
            if let destination { entry.append(.init("destination-label", .string(ObjectLabels.label(of: destination)))) }
            entries.append(.init(id, .dictionary(entry.sortedByKey())))
        }
        return .dictionary(entries.sortedByKey())
    }

    func connectionLabel(_ element: XMLTree.Element) -> String {
        switch element.name {
        case "outlet", "outletCollection": return element.attribute("property") ?? ""
        case "action": return element.attribute("selector") ?? ""
        case "binding": return element.attribute("name") ?? ""
        default: return element.attribute("identifier") ?? element.attribute("kind") ?? ""
        }
    }

    /// Interface Builder's connection classes; `IBCocoaTouchOutletConnection` is from a transcript, the
    /// others follow its naming.
    func connectionType(_ element: XMLTree.Element) -> String {
        let iOS = document.platform == .iOS
        switch element.name {
        case "outlet": return iOS ? "IBCocoaTouchOutletConnection" : "IBOutletConnection"
        case "outletCollection": return iOS ? "IBCocoaTouchOutletCollectionConnection" : "IBOutletCollectionConnection"
        case "action": return iOS ? "IBCocoaTouchEventConnection" : "IBActionConnection"
        case "binding": return "IBBindingConnection"
        default: return iOS ? "IBUIStoryboardSegue" : "IBStoryboardSegue"
        }
    }

    /// `com.apple.ibtool.document.objects`: object id → `class` (Interface Builder's class), `custom-class`
    /// and the properties the document states, under Interface Builder's names.
    public var objects: PropertyListValue {
        var entries: [PropertyListEntry] = []
        for element in document.tree.elements where DocumentObjects.isObject(element) {
            guard let id = element.attribute("id") else { continue }
            entries.append(.init(id, .dictionary(ObjectProperties(element, platform: document.platform).entries.sortedByKey())))
        }
        return .dictionary(entries.sortedByKey())
    }

    /// `com.apple.ibtool.document.version-history`: `interface-builder-version` →
    /// `com.apple.InterfaceBuilderKit` = the document's `toolsVersion`.
    public var versionHistory: PropertyListValue {
        guard let tools = document.toolsVersion else { return .dictionary([]) }
        return .dictionary([.init("interface-builder-version", .dictionary([.init("com.apple.InterfaceBuilderKit", .string(tools))]))])
    }
}

/// One object's entry in `--objects`.
struct ObjectProperties {
    var entries: [PropertyListEntry] = []

    /// `UIViewAutoresizing` bits by the XIB's `<autoresizingMask>` attribute names.
    static let autoresizing: [(String, Int64)] = [
        ("flexibleMinX", 1), ("widthSizable", 2), ("flexibleMaxX", 4), ("flexibleMinY", 8), ("heightSizable", 16), ("flexibleMaxY", 32),
    ]

    init(_ element: XMLTree.Element, platform: XIBPlatform) {
        let isPlaceholder = element.isNamed("placeholder")
        entries.append(.init("class", .string(Self.interfaceBuilderClass(element, platform: platform))))
        if let custom = element.attribute("customClass"), !custom.isEmpty {
            entries.append(.init("custom-class", .string(custom)))
            entries.append(.init("ibExternalCustomClassReference", .dictionary([.init("className", .string(custom))])))
        } else if isPlaceholder, element.attribute("placeholderIdentifier") == "IBFirstResponder" {
            entries.append(.init("custom-class", .string("UIResponder")))
        }
        if let label = element.attribute("userLabel"), !label.isEmpty { entries.append(.init("ibExternalExplicitLabel", .string(label))) }
        if isPlaceholder, let proxied = element.attribute("placeholderIdentifier") {
            entries.append(.init("proxiedObjectIdentifier", .string(proxied)))
        }
        if let frame = element.children(named: "rect").first(where: { $0.attribute("key") == "frame" }) {
            entries.append(.init("ibDesignFrame", .string(Self.frameText(frame))))
            if platform == .iOS { addViewProperties(element) }
        }
        for color in element.children(named: "color") {
            guard let key = color.attribute("key"), let system = color.attribute("systemColor") else { continue }
            entries.append(.init(key, .string("NSNamedColorSpace \(platform == .iOS ? "iPhoneSDK" : "System") \(system)")))
        }
        for key in ["text", "title", "placeholder", "storyboardIdentifier", "reuseIdentifier", "restorationIdentifier"] {
            if let value = element.attribute(key), !(key == "placeholder" && isPlaceholder) { entries.append(.init(key, .string(value))) }
        }
    }

    /// UIView's properties with the defaults Interface Builder prints when the document leaves them out.
    mutating func addViewProperties(_ element: XMLTree.Element) {
        func number(_ name: String, default value: Double) -> Double {
            element.attribute(name).flatMap(Double.init).flatMap { $0.isFinite ? $0 : nil } ?? value
        }
        entries.append(.init("alpha", .real(number("alpha", default: 1))))
        entries.append(.init("hidden", .bool(element.attribute("hidden") == "YES")))
        entries.append(.init("tag", .integer(element.attribute("tag").flatMap { Int64($0) } ?? 0)))
        entries.append(.init("userInteractionEnabled", .bool(element.attribute("userInteractionEnabled") != "NO")))
        entries.append(.init("multipleTouchEnabled", .bool(element.attribute("multipleTouchEnabled") == "YES")))
        entries.append(.init("contentMode", .integer(Int64(UIKitValues.contentMode(element.attribute("contentMode") ?? "scaleToFill") ?? 0))))
        if let mask = element.children(named: "autoresizingMask").first(where: { $0.attribute("key") == "autoresizingMask" }) {
            let bits = Self.autoresizing.reduce(Int64(0)) { $0 | (mask.attribute($1.0) == "YES" ? $1.1 : 0) }
            entries.append(.init("autoresizingMask", .integer(bits)))
        }
    }

    /// `{{x, y}, {w, h}}`, as Foundation prints a rect.
    static func frameText(_ rect: XMLTree.Element) -> String {
        func n(_ name: String) -> String {
            let value = rect.attribute(name).flatMap(Double.init).flatMap { $0.isFinite ? $0 : nil } ?? 0
            return WindowTriggers.number(value)
        }
        return "{{\(n("x")), \(n("y"))}, {\(n("width")), \(n("height"))}}"
    }

    /// Interface Builder's class for an element: `IBProxyObject` for placeholders; `IBUI` + the UIKit
    /// name for iOS objects (`view` → `IBUIView`, the transcript's case); the AppKit name for macOS.
    static func interfaceBuilderClass(_ element: XMLTree.Element, platform: XIBPlatform) -> String {
        if element.isNamed("placeholder") { return "IBProxyObject" }
        let name = element.name
        let upper = name.prefix(1).uppercased() + name.dropFirst()
        switch platform {
        case .iOS: return "IBUI" + upper
        case .macOS: return name == "customView" ? "NSView" : name == "customObject" ? "NSCustomObject" : "NS" + upper
        }
    }
}
