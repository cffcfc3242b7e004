import Foundation

/// A compiled iOS storyboard (`.storyboardc` directory): scene nibs by view-controller identifier, loaded
/// through cached `NibTemplate`s, and the view nibs those controllers load lazily.
public final class NibStoryboard: Sendable {
    /// The `.storyboardc` directory.
    public let directory: String
    /// `UIStoryboardDesignatedEntryPointIdentifier`: the initial view controller's identifier.
    public let initialViewControllerIdentifier: String?
    /// `UIViewControllerIdentifiersToNibNames`: identifier → scene nib name.
    public let nibNames: [String: String]
    /// The registry templates resolve classes through.
    public let registry: NibClassRegistry
    private let bundle: NibBundle
    private let templates = Locked<[String: NibTemplate]>([:])

    /// Reads `Info.plist` of the storyboard at `directory`.
    public init(directory: String, registry: NibClassRegistry = .shared) throws(NibLoadingError) {
        self.directory = directory
        self.registry = registry
        bundle = NibBundle(directory: directory, registry: registry)
        let plistPath = (directory as NSString).appendingPathComponent("Info.plist")
        guard let data = FileManager.default.contents(atPath: plistPath),
              let info = try? PropertyListSerialization.propertyList(from: data, format: nil) as? [String: Any] else {
            throw .io(path: plistPath, message: "cannot read the storyboard's Info.plist")
        }
        initialViewControllerIdentifier = info["UIStoryboardDesignatedEntryPointIdentifier"] as? String
        nibNames = info["UIViewControllerIdentifiersToNibNames"] as? [String: String] ?? [:]
    }

    /// The cached template of the nib named `name` in the storyboard.
    public func template(nibNamed name: String) throws(NibLoadingError) -> NibTemplate {
        if let t = templates.withLock({ $0[name] }) { return t }
        let t = try bundle.template(named: name)
        return templates.withLock { cache in
            if let existing = cache[name] { return existing }
            cache[name] = t
            return t
        }
    }

    /// Instantiates the scene of `identifier` and returns its view controller (the File's Owner's
    /// `sceneViewController` outlet); its view is not loaded (see `loadView(of:)`).
    public func instantiateViewController(withIdentifier identifier: String) throws -> AnyObject {
        guard let nibName = nibNames[identifier] else { throw NibLoadingError.nibNotFound(name: identifier, directory: directory) }
        let scene = SceneOwner()
        let top = try template(nibNamed: nibName).instantiate(owner: scene, externalObjects: ["UIStoryboardPlaceholder": self])
        guard let controller = scene.sceneViewController ?? top.first else {
            throw NibLoadingError.malformedGraph("scene \(identifier) has no view controller")
        }
        return controller
    }

    /// Instantiates the initial view controller, if the storyboard names one.
    public func instantiateInitialViewController() throws -> AnyObject? {
        try initialViewControllerIdentifier.map { try instantiateViewController(withIdentifier: $0) }
    }

    /// Loads the view nib of a generic view controller (`UINibName`), with the controller as File's Owner and its
    /// `UIExternalObjectsTableForViewLoading` as external objects; UIKit's rule: the `view` outlet must be set.
    public func loadView(of controller: GenericNibObject) throws -> [AnyObject] {
        guard let nibName = controller.string(forKey: "UINibName") else {
            throw NibLoadingError.viewOutletNotSet(nibName: controller.className)
        }
        var externals = [String: AnyObject]()
        if case .dictionary(let pairs)? = controller.value(forKey: "UIExternalObjectsTableForViewLoading") {
            for p in pairs { if let k = p.key.string, let o = p.value.object { externals[k] = o } }
        }
        externals["UIStoryboardPlaceholder"] = self
        return try template(nibNamed: nibName).instantiateViewController(nibName: nibName, owner: controller, externalObjects: externals)
    }
}

/// The File's Owner of a storyboard scene nib: receives `sceneViewController`.
final class SceneOwner: NibConnectable {
    var sceneViewController: AnyObject?
    var outlets: [String: AnyObject] = [:]
    func setOutlet(_ name: String, to object: AnyObject?) throws {
        if name == "sceneViewController" { sceneViewController = object } else if let object { outlets[name] = object }
    }
    func setOutletCollection(_ name: String, to objects: [AnyObject], appending: Bool) throws {}
    func addAction(target: AnyObject?, selector: String, events: UInt64) throws {}
    func setRuntimeAttribute(_ keyPath: String, to value: NibDecodedValue) throws {}
}
