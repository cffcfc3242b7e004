import NibCompiler
import XIB

/// Runs Interface Builder's document rules (`AppleRules`) over a parsed XIB or storyboard, as ibtool does
/// when it compiles with `--errors --warnings --notices`.
///
/// ```swift
/// let findings = DocumentChecker(minimumDeploymentTarget: "15.0").check(document)
/// let refused = findings.contains { $0.level == .error }   // ibtool would not compile it
/// ```
public struct DocumentChecker: Sendable {
    /// `--minimum-deployment-target` (e.g. `"15.0"`); nil when the build did not give one.
    public var minimumDeploymentTarget: DeploymentVersion?
    /// The Xcode whose Interface Builder is modelled (some rules held in one release only).
    public var xcodeVersion: XcodeVersion

    /// A checker for a build with `minimumDeploymentTarget` (unparsable text counts as none) and Xcode
    /// `xcodeVersion`.
    public init(minimumDeploymentTarget: String? = nil, xcodeVersion: XcodeVersion = .newest) {
        self.minimumDeploymentTarget = minimumDeploymentTarget.flatMap(DeploymentVersion.init)
        self.xcodeVersion = xcodeVersion
    }

    /// Every finding for `document`, in document order (then by rule), each once.
    public func check(_ document: XIBDocument) -> [CheckFinding] {
        var context = CheckContext(document: document, checker: self)
        DeploymentTriggers.run(&context)
        FontTriggers.run(&context)
        ConstraintTriggers.run(&context)
        WindowTriggers.run(&context)
        HighlightedTriggers.run(&context)
        TableViewTriggers.run(&context)
        SegueTriggers.run(&context)
        OutletTriggers.run(&context)
        LaunchScreenTriggers.run(&context)
        var seen = Set<CheckFinding>()
        return context.findings
            .filter { seen.insert($0).inserted }
            .enumerated()
            .sorted { ($0.element.location.offset, $0.offset) < ($1.element.location.offset, $1.offset) }
            .map(\.element)
    }
}

/// What the triggers share: the document, the versions it builds for, and the findings so far.
struct CheckContext {
    let document: XIBDocument
    let checker: DocumentChecker
    /// The version in the document's own `<deployment version=…>` (or `defaultVersion=`), if any.
    let documentDeployment: DeploymentVersion?
    /// What each element is inside of (objects, controllers, repeating cells).
    let enclosing: Enclosing
    /// The version the document builds for: its own when set, else the command line's.
    var buildsFor: DeploymentVersion? { documentDeployment ?? checker.minimumDeploymentTarget }
    private(set) var findings: [CheckFinding] = []

    init(document: XIBDocument, checker: DocumentChecker) {
        self.document = document
        self.checker = checker
        documentDeployment = DocumentVersions.deployment(of: document)
        enclosing = Enclosing(document)
    }

    /// The document's `<document>` element (findings about the whole document point at it).
    var root: XMLTree.Element { document.root }

    /// Every element of the document, in order.
    var elements: XMLTree.Elements { document.tree.elements }

    /// Records `rule` for `element` (object id: its `id`, or `objectID`), located at `attribute` when given.
    mutating func report(_ rule: CheckRule, on element: XMLTree.Element, attribute: String? = nil,
                         objectID: String? = nil, _ values: [String: String] = [:]) {
        let location = attribute.flatMap { element.attributeLocation($0) } ?? element.location
        let id = objectID ?? element.attribute("id") ?? CheckFinding.globalObjectID
        findings.append(CheckFinding(rule: rule, message: rule.message(values), objectID: id, location: location))
    }

    /// Records a document-level finding (object `global`), located at `element`.
    mutating func reportGlobal(_ rule: CheckRule, at element: XMLTree.Element, attribute: String? = nil,
                               _ values: [String: String] = [:]) {
        report(rule, on: element, attribute: attribute, objectID: CheckFinding.globalObjectID, values)
    }
}

/// The versions a document names for itself.
enum DocumentVersions {
    /// The `<deployment>` element's `version` (or older documents' `defaultVersion`): hex-coded for iOS
    /// (`0xMMmp`: 1536 = 0x600 = iOS 6.0, 2320 = 0x910 = iOS 9.1), decimal for macOS (1070 = 10.7,
    /// 101100 = 10.11). nil when the document follows the project's deployment target.
    static func deployment(of document: XIBDocument) -> DeploymentVersion? {
        guard let dependencies = document.dependencies,
              let deployment = dependencies.firstChild(named: "deployment"),
              let text = deployment.attribute("version") ?? deployment.attribute("defaultVersion"),
              text.count <= 9, let value = Int(text), value > 0 else { return nil }
        switch document.platform {
        case .iOS: return DeploymentVersion(major: value >> 8, minor: (value >> 4) & 0xF)
        case .macOS:
            if value >= 100_000 { return DeploymentVersion(major: value / 10_000, minor: (value / 100) % 100) }
            return DeploymentVersion(major: value / 100, minor: (value / 10) % 10)
        }
    }
}
