/// A controller instantiated from a storyboard: the decoded controller object (a `GenericNibObject`, or a
/// registered Swift class) with what UIKit's `UIViewController` does around it: the view loaded from its view
/// nib on first access, relationship children, segues.
///
/// The handle keeps alive what the controller's scene owns (UIKit keeps `UITopLevelObjectsToKeepAliveFromStoryboard`
/// alive for the controller's lifetime) and, once loaded, the view nib's objects. Use one controller from one
/// thread at a time, as UIKit's are used; its view is loaded at most once even when asked from several threads.
public final class NibStoryboardController {
    /// The decoded controller object.
    public let object: AnyObject
    /// The storyboard it came from.
    public let storyboard: NibStoryboard
    /// Its storyboard values (nib name, identifier, external objects, templates).
    public let values: NibStoryboardControllerValues
    /// The scene nib's top-level objects of this instantiation (kept alive with the controller).
    let sceneObjects: [AnyObject]
    /// The parent: the container of a relationship child, the source of an embed segue.
    public private(set) weak var parent: NibStoryboardController?
    /// The controller whose show, presentation or popover segue created this one: where an unwind segue
    /// looks after the parents.
    public private(set) weak var presenter: NibStoryboardController?
    private let state = Locked(State())
    /// Called on the source of a segue after its destination exists and before it is performed (after the
    /// object's own `NibStoryboardControllerHooks.prepare(for:sender:)`).
    public var onPrepare: ((NibStoryboardSegue, AnyObject?) -> Void)?
    /// Performs show, presentation and popover segues started from this controller (a portable runtime has
    /// no presentation machinery; without it, performing only creates the destination).
    public var onPerform: ((NibStoryboardSegue) -> Void)?

    struct State {
        var view: AnyObject?
        var viewTopLevelObjects: [AnyObject] = []
        var isViewLoaded = false
        var embedded: [NibStoryboardController] = []
        var relationshipChildren: [NibStoryboardController]?
    }

    init(object: AnyObject, storyboard: NibStoryboard, sceneObjects: [AnyObject], parent: NibStoryboardController? = nil) {
        self.object = object
        self.storyboard = storyboard
        self.sceneObjects = sceneObjects
        self.parent = parent
        if let provider = object as? NibStoryboardValuesProviding {
            values = provider.storyboardValues
        } else if let generic = object as? GenericNibObject {
            values = NibStoryboardControllerValues(generic)
        } else {
            values = NibStoryboardControllerValues(lookup: { _ in nil })
        }
    }

    /// The class of the controller (a custom class, or the UIKit/AppKit class).
    public var className: String {
        (object as? GenericNibObject)?.className ?? NibRuntimeNames.className(of: object)
    }

    /// `UIStoryboardIdentifier`, when the controller has one.
    public var identifier: String? { values.storyboardIdentifier }

    /// Whether the view nib has been loaded.
    public var isViewLoaded: Bool { state.withLock { $0.isViewLoaded } }

    /// The view nib's top-level objects, once the view is loaded.
    public var viewTopLevelObjects: [AnyObject] { state.withLock { $0.viewTopLevelObjects } }

    /// Controllers decoded with this one (navigation root, tab children, a window's content controller),
    /// each wrapped once.
    public var relationshipChildren: [NibStoryboardController] {
        state.withLock { s in
            if let c = s.relationshipChildren { return c }
            let c = values.relationshipChildren.map { NibStoryboardController(object: $0, storyboard: storyboard, sceneObjects: [], parent: self) }
            s.relationshipChildren = c
            return c
        }
    }

    /// Controllers added by embed segues when the view loaded.
    public var embeddedChildren: [NibStoryboardController] { state.withLock { $0.embedded } }

    /// The segue templates, in archived order.
    public var segueTemplates: [NibSegueTemplate] { values.segueTemplates.map(NibSegueTemplate.init) }

    /// The controller's view, loaded from its view nib on first access (UIKit's `view` property): the nib is
    /// instantiated with the controller as File's Owner and its external-objects table (each
    /// `UpstreamPlaceholder-N` → a scene object, usually the controller itself); the nib must connect the
    /// owner's `view` outlet. Then the embed segues run and `viewDidLoad` is called. Nil for a controller
    /// without a view nib (containers, whose views UIKit builds in code; storyboard reference placeholders).
    @discardableResult
    public func view() throws -> AnyObject? {
        if let loaded = state.withLock({ $0.isViewLoaded ? Optional($0.view) : nil }) { return loaded }
        guard let nibName = values.nibName else { return nil }
        var externals = values.externalObjects
        for key in values.unresolvedExternalKeys { externals[key] = object }
        for (k, v) in storyboard.storyboardExternals { externals[k] = v }
        let template = try storyboard.template(nibNamed: nibName)
        // Loading, embedding and viewDidLoad happen under the lock: a second thread asking meanwhile waits and
        // gets the same view.
        return try state.withLock { (s: inout State) throws -> AnyObject? in
            if s.isViewLoaded { return s.view }
            let top = try template.instantiateViewController(nibName: nibName, owner: object, externalObjects: externals)
            let view = (object as? GenericNibObject)?.outlets["view"] ?? top.first
            var embedded = [NibStoryboardController]()
            for t in segueTemplates where t.performsOnViewLoad {
                embedded.append(try makeSegue(t, sender: nil).destination)
            }
            s.view = view
            s.viewTopLevelObjects = top
            s.embedded = embedded
            s.isViewLoaded = true
            (object as? NibStoryboardControllerHooks)?.viewDidLoad()
            return view
        }
    }

    /// Performs the segue template whose `UIIdentifier` is `identifier` (UIKit's
    /// `performSegue(withIdentifier:sender:)`); none is `NibLoadingError.unknownSegueIdentifier`.
    @discardableResult
    public func performSegue(withIdentifier identifier: String, sender: AnyObject? = nil) throws -> NibStoryboardSegue {
        guard let template = segueTemplates.first(where: { $0.identifier == identifier }) else {
            throw NibLoadingError.unknownSegueIdentifier(controllerClassName: className, identifier: identifier)
        }
        return try perform(template, sender: sender)
    }

    /// Performs `template`: instantiates its destination, lets the source prepare, then performs (embed: the
    /// destination becomes an embedded child; others: `onPerform`).
    @discardableResult
    public func perform(_ template: NibSegueTemplate, sender: AnyObject? = nil) throws -> NibStoryboardSegue {
        if template.kind == .unwind { return try unwind(template, sender: sender) }
        let segue = try makeSegue(template, sender: sender)
        if template.kind == .embed { state.withLock { $0.embedded.append(segue.destination) } }
        return segue
    }

    /// The destination created and prepared; an embed destination gets this controller as parent.
    func makeSegue(_ template: NibSegueTemplate, sender: AnyObject?) throws -> NibStoryboardSegue {
        guard let destinationID = template.destinationIdentifier else {
            throw NibLoadingError.malformedGraph("segue template \(template.className) of \(className) has no destination identifier")
        }
        let destination = try storyboard.instantiateController(identifier: destinationID)
        let segue = NibStoryboardSegue(template: template, source: self, destination: destination)
        if template.kind == .embed { destination.parent = self } else { destination.presenter = self }
        (object as? NibStoryboardControllerHooks)?.prepare(for: segue, sender: sender)
        onPrepare?(segue, sender)
        if template.kind != .embed { onPerform?(segue) }
        return segue
    }

    /// An unwind segue: the destination is the first controller up the chain (each controller's parent, else the
    /// controller that presented it) whose hooks accept the template's action; the source prepares, then
    /// `onPerform` runs, as for other segues. No controller accepts it: `NibLoadingError.noUnwindDestination`.
    func unwind(_ template: NibSegueTemplate, sender: AnyObject?) throws -> NibStoryboardSegue {
        let action = template.unwindAction ?? ""
        var candidate = parent ?? presenter
        while let c = candidate {
            if (c.object as? NibStoryboardControllerHooks)?.canPerformUnwindSegueAction(action, from: self, sender: sender) == true {
                let segue = NibStoryboardSegue(template: template, source: self, destination: c)
                (object as? NibStoryboardControllerHooks)?.prepare(for: segue, sender: sender)
                onPrepare?(segue, sender)
                onPerform?(segue)
                return segue
            }
            candidate = c.parent ?? c.presenter
        }
        throw NibLoadingError.noUnwindDestination(controllerClassName: className, action: action)
    }
}
