/// What a storyboard needs from a decoded controller: the keys ibtool writes on controllers (STORYBOARD.md
/// §2.3), read with either platform's prefix (`UI…` / `NS…`).
///
/// A generic controller object is read directly. A registered Swift controller class keeps a copy built in its
/// `init(coder:)` with `init(coder:)` here and exposes it through `NibStoryboardValuesProviding`.
public struct NibStoryboardControllerValues {
    /// `UINibName` / `NSNibName`: the view nib in the storyboard directory; nil for containers without one.
    public var nibName: String?
    /// `UIStoryboardIdentifier` / `NSStoryboardIdentifier`.
    public var storyboardIdentifier: String?
    /// `UIExternalObjectsTableForViewLoading`: the view nib's `UpstreamPlaceholder-N` proxies → scene objects.
    public var externalObjects: [String: AnyObject] = [:]
    /// Keys of the external-objects table whose object decoded as nil: inside the controller's own
    /// `init(coder:)`, a reference back to the controller (the usual `UpstreamPlaceholder-1`) is cut by the cycle;
    /// the view load resolves these to the controller.
    public var unresolvedExternalKeys: [String] = []
    /// `UIStoryboardSegueTemplates`, in archived order.
    public var segueTemplates: [AnyObject] = []
    /// Controllers decoded with this one: navigation roots and tab children (`UIChildViewControllers`,
    /// `UIViewControllers`), AppKit's window content controller (`IBWindowTemplateContentViewController`).
    public var relationshipChildren: [AnyObject] = []
    /// `UITopLevelObjectsToKeepAliveFromStoryboard`: scene objects only the view nib will refer to.
    public var keepAlive: [AnyObject] = []

    /// Reads the values through `lookup` (a key → its decoded value).
    init(lookup: (String) -> NibDecodedValue?) {
        func value(_ key: String) -> NibDecodedValue? { lookup("UI" + key) ?? lookup("NS" + key) }
        func objects(_ v: NibDecodedValue?) -> [AnyObject] { v?.elements?.compactMap(\.object) ?? [] }
        nibName = value("NibName")?.string
        storyboardIdentifier = value("StoryboardIdentifier")?.string
        if case .dictionary(let pairs)? = value("ExternalObjectsTableForViewLoading") {
            for p in pairs {
                guard let k = p.key.string else { continue }
                if let o = p.value.object { externalObjects[k] = o } else { unresolvedExternalKeys.append(k) }
            }
        }
        segueTemplates = objects(value("StoryboardSegueTemplates"))
        for child in objects(value("ChildViewControllers")) + objects(value("ViewControllers"))
            + [lookup("IBWindowTemplateContentViewController")?.object].compactMap({ $0 })
            where !relationshipChildren.contains(where: { $0 === child }) {
            relationshipChildren.append(child)
        }
        keepAlive = objects(value("TopLevelObjectsToKeepAliveFromStoryboard"))
    }

    /// Reads the values of the object `coder` is decoding (call it from a controller's `init(coder:)`).
    public init(coder: NibCoder) {
        self.init(lookup: { coder.decodeValue(forKey: $0) })
    }

    /// Reads the values of a generic controller object.
    public init(_ object: GenericNibObject) {
        self.init(lookup: { object.value(forKey: $0) })
    }
}

/// A registered controller class that kept its storyboard values (`NibStoryboardControllerValues(coder:)`).
public protocol NibStoryboardValuesProviding: AnyObject {
    /// The values read in `init(coder:)`.
    var storyboardValues: NibStoryboardControllerValues { get }
}

/// Hooks a registered controller class may implement; the storyboard calls them as UIKit calls the
/// `UIViewController` methods of the same names.
public protocol NibStoryboardControllerHooks: AnyObject {
    /// Called on the source of a segue after its destination exists and before the segue is performed.
    func prepare(for segue: NibStoryboardSegue, sender: AnyObject?)
    /// Called once, after the controller's view nib is loaded and its embed segues are performed.
    func viewDidLoad()
    /// Whether this controller is the destination of an unwind segue with `action` started from `source`
    /// (UIKit's `canPerformUnwindSegueAction(_:from:sender:)`).
    func canPerformUnwindSegueAction(_ action: String, from source: NibStoryboardController, sender: AnyObject?) -> Bool
}

extension NibStoryboardControllerHooks {
    /// Does nothing.
    public func prepare(for segue: NibStoryboardSegue, sender: AnyObject?) {}
    /// Does nothing.
    public func viewDidLoad() {}
    /// Declines.
    public func canPerformUnwindSegueAction(_ action: String, from source: NibStoryboardController, sender: AnyObject?) -> Bool { false }
}
