import CompiledStoryboard
import Foundation

/// A portable `UIStoryboard` / `NSStoryboard` over a compiled storyboard (`.storyboardc` directory).
///
/// Opening reads `Info.plist` once and checks that every scene nib exists; a scene nib is read and decoded
/// the first time its controller is instantiated, and its template is kept for later instantiations (each
/// builds fresh objects). View nibs are loaded by the controllers, on first access to their view. A
/// storyboard is thread-safe: several threads may instantiate controllers at once.
///
/// The chain it follows (STORYBOARD.md §7): identifier → scene nib, instantiated with a scene owner and the
/// storyboard as the `UIStoryboardPlaceholder`/`NSStoryboardPlaceholder` external object; the owner's
/// `sceneViewController` (`sceneController` on AppKit) is the controller; a storyboard reference placeholder
/// is resolved through the bundle to the referenced storyboard's controller.
public final class NibStoryboard: Sendable {
    /// The `.storyboardc` directory.
    public let directory: String
    /// The storyboard's name (`Main` for `Main.storyboardc`).
    public let name: String
    /// The checked `Info.plist`.
    public let info: StoryboardInfo
    /// The directory and its nibs.
    public let package: StoryboardPackage
    /// The registry templates resolve classes through.
    public let registry: NibClassRegistry
    /// The bundle storyboard references are resolved in.
    public let bundle: NibBundle
    /// The `objects-<version>+.nib` variant chosen in nib directories: the newest not above this (any, when nil).
    public let osVersion: [Int]?
    /// The storyboard's translations (the bundle's `<language>.lproj/<name>.strings`), read once on first use.
    private let strings = Locked<NibLocalizedStrings??>(nil)
    private let templates = Locked<[String: NibTemplate]>([:])
    private let referenced = Locked<[String: NibStoryboard]>([:])

    /// Opens the storyboard at `directory`. References to other storyboards are looked up in `bundle`, by
    /// default the directory that holds this storyboard (its parent, when that is an `.lproj` directory).
    public init(directory: String, bundle: NibBundle? = nil, registry: NibClassRegistry = .shared,
                osVersion: [Int]? = nil) throws(NibLoadingError) {
        do { package = try StoryboardPackage(directory: directory) } catch { throw .storyboard(error) }
        self.directory = directory
        name = ((directory as NSString).lastPathComponent as NSString).deletingPathExtension
        info = package.info
        self.registry = registry
        self.osVersion = osVersion
        self.bundle = bundle ?? NibBundle(directory: Self.bundleDirectory(containing: directory), registry: registry)
    }

    /// Opens `<name>.storyboardc` of `bundle` (`NibBundle.path(forStoryboardNamed:)`), as
    /// `UIStoryboard(name:bundle:)` does; a missing storyboard is `NibLoadingError.storyboardNotFound`.
    public convenience init(named name: String, in bundle: NibBundle, osVersion: [Int]? = nil) throws(NibLoadingError) {
        guard let path = bundle.path(forStoryboardNamed: name) else {
            throw .storyboardNotFound(name: name, directory: bundle.directory)
        }
        try self.init(directory: path, bundle: bundle, registry: bundle.registry, osVersion: osVersion)
    }

    /// The bundle directory of a storyboard: its parent, or the parent's parent for `X.lproj/Y.storyboardc`.
    static func bundleDirectory(containing storyboard: String) -> String {
        let parent = (storyboard as NSString).deletingLastPathComponent
        return parent.hasSuffix(".lproj") ? (parent as NSString).deletingLastPathComponent : parent
    }

    /// `UIStoryboardDesignatedEntryPointIdentifier`: the initial controller's identifier.
    public var initialViewControllerIdentifier: String? { info.initialIdentifier }

    /// `UIViewControllerIdentifiersToNibNames`: identifier → scene nib name.
    public var nibNames: [String: String] {
        Dictionary(info.nibNames.map { ($0.identifier, $0.nibName) }, uniquingKeysWith: { a, _ in a })
    }

    /// The identifiers of the controllers `instantiateController(identifier:)` accepts (AppKit's main menu
    /// scene excluded: it holds a menu, not a controller).
    public var controllerIdentifiers: [String] {
        info.identifiers.filter { $0 != info.mainMenuIdentifier }
    }

    /// The names of the nibs whose templates have been read so far (scene and view nibs).
    public var loadedNibNames: [String] { templates.withLock { $0.keys.sorted() } }

    /// The cached template of the nib named `name` in the storyboard, read on first use.
    public func template(nibNamed name: String) throws(NibLoadingError) -> NibTemplate {
        if let t = templates.withLock({ $0[name] }) { return t }
        guard let path = package.path(forNibNamed: name, osVersion: osVersion) else {
            throw .nibNotFound(name: name, directory: directory)
        }
        // Read outside the lock: other threads may load other nibs meanwhile; the first template stored wins.
        let t = try NibTemplate(contentsOf: path, registry: registry, localizedStrings: localizedStrings())
        return templates.withLock { cache in
            if let existing = cache[name] { return existing }
            cache[name] = t
            return t
        }
    }

    /// The translations of this storyboard's `NSLocalizableString`s: the table named after the storyboard
    /// (`Main.strings` for every nib of `Main.storyboardc`) in the bundle's preferred languages; nil without them.
    public func localizedStrings() throws(NibLoadingError) -> NibLocalizedStrings? {
        if let cached = strings.withLock({ $0 }) { return cached }
        let loaded = try bundle.localizedStrings(table: name)
        strings.withLock { $0 = .some(loaded) }
        return loaded
    }

    /// The external objects every scene nib gets: this storyboard for both platforms' placeholder names.
    var storyboardExternals: [String: AnyObject] {
        ["UIStoryboardPlaceholder": self, "NSStoryboardPlaceholder": self]
    }

    /// Instantiates the controller of `identifier`: a fresh copy of its scene (a container comes back with its
    /// relationship children, §2.8); a storyboard reference resolves to the referenced controller. An unknown
    /// identifier is `NibLoadingError.unknownControllerIdentifier` (UIKit's `NSInvalidArgumentException`).
    public func instantiateController(identifier: String) throws -> NibStoryboardController {
        try instantiateController(identifier: identifier, referenceDepth: 0)
    }

    /// Storyboard references followed in a row before the chain is called a cycle (hostile input: a
    /// reference to a storyboard whose initial controller is a reference back).
    static let maxReferenceDepth = 16

    func instantiateController(identifier: String, referenceDepth: Int) throws -> NibStoryboardController {
        guard let nibName = info.nibName(forIdentifier: identifier), identifier != info.mainMenuIdentifier else {
            throw NibLoadingError.unknownControllerIdentifier(storyboard: name, identifier: identifier, platform: info.platform.rawValue)
        }
        let scene = SceneOwner()
        let top = try template(nibNamed: nibName).instantiate(owner: scene, externalObjects: storyboardExternals)
        guard let object = scene.sceneController else {
            throw NibLoadingError.malformedGraph("scene \(identifier) (\(nibName).nib) has no controller")
        }
        if let reference = info.references[identifier] {
            guard referenceDepth < Self.maxReferenceDepth else {
                throw NibLoadingError.malformedGraph("storyboard reference \(identifier) of \(name): more than \(Self.maxReferenceDepth) references in a row (a cycle)")
            }
            return try resolve(reference, from: identifier, depth: referenceDepth + 1)
        }
        return NibStoryboardController(object: object, storyboard: self, sceneObjects: top)
    }

    /// Instantiates the initial controller; nil when the storyboard has none (`Home`, `Tab` in the corpus).
    public func instantiateInitialController() throws -> NibStoryboardController? {
        try info.initialIdentifier.map { try instantiateController(identifier: $0) }
    }

    /// AppKit: instantiates the application scene's main menu nib (`NSStoryboardMainMenu`) with `application`
    /// as its File's Owner and `NSApplication` object; returns its top-level objects (the menu), or nil when the
    /// storyboard has no menu scene.
    public func instantiateMainMenu(application: AnyObject? = nil) throws -> [AnyObject]? {
        guard let nibName = info.mainMenuNibName else { return nil }
        var externals = storyboardExternals
        if let application { externals["NSApplication"] = application }
        return try template(nibNamed: nibName).instantiate(owner: application, externalObjects: externals)
    }

    /// The storyboard named `name` in this storyboard's bundle, opened once.
    public func referencedStoryboard(named storyboardName: String) throws(NibLoadingError) -> NibStoryboard {
        if storyboardName == name, let path = bundle.path(forStoryboardNamed: storyboardName), path == directory { return self }
        if let s = referenced.withLock({ $0[storyboardName] }) { return s }
        let s = try NibStoryboard(named: storyboardName, in: bundle, osVersion: osVersion)
        return referenced.withLock { cache in
            if let existing = cache[storyboardName] { return existing }
            cache[storyboardName] = s
            return s
        }
    }

    /// A storyboard reference (`viewControllerPlaceholder`): the referenced controller, or the referenced
    /// storyboard's initial one (§7.3 step 4).
    func resolve(_ reference: StoryboardInfo.Reference, from identifier: String, depth: Int) throws -> NibStoryboardController {
        let target = try referencedStoryboard(named: reference.storyboardName)
        guard let id = reference.controllerIdentifier ?? target.info.initialIdentifier else {
            throw NibLoadingError.malformedGraph("storyboard reference \(identifier): \(reference.storyboardName) has no initial controller")
        }
        return try target.instantiateController(identifier: id, referenceDepth: depth)
    }

    // MARK: The API of the first version, kept for its callers.

    /// Instantiates the scene of `identifier` and returns its controller object; its view is not loaded.
    public func instantiateViewController(withIdentifier identifier: String) throws -> AnyObject {
        try instantiateController(identifier: identifier).object
    }

    /// Instantiates the initial controller's object, if the storyboard names one.
    public func instantiateInitialViewController() throws -> AnyObject? {
        try instantiateInitialController()?.object
    }

    /// Loads the view nib of a generic controller object (`UINibName`), with the controller as File's Owner
    /// and its `UIExternalObjectsTableForViewLoading` as external objects; returns the view nib's top-level objects.
    public func loadView(of controller: GenericNibObject) throws -> [AnyObject] {
        let handle = NibStoryboardController(object: controller, storyboard: self, sceneObjects: [])
        _ = try handle.view()
        return handle.viewTopLevelObjects
    }
}

/// The File's Owner of a storyboard scene nib: receives `sceneViewController` (UIKit) / `sceneController` (AppKit).
final class SceneOwner: NibConnectable {
    var sceneController: AnyObject?
    func setOutlet(_ name: String, to object: AnyObject?) throws {
        guard name == "sceneViewController" || name == "sceneController" else {
            throw NibLoadingError.undefinedKey(className: "UIStoryboardScene", key: name)
        }
        sceneController = object
    }
}
