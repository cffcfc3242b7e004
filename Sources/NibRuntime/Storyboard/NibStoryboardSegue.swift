/// A segue template of a controller (`UIStoryboardShowSegueTemplate`, …): what performing it creates.
public struct NibSegueTemplate {
    /// The kind of segue, from the template's class (STORYBOARD.md §2.7).
    public enum Kind: Equatable, Sendable {
        case show, presentation, embed, popoverPresentation
        /// `UIStoryboardUnwindSegueTemplate`: back to a controller up the chain that accepts `unwindAction`.
        case unwind
        /// Any other template class (custom, AppKit's, …), by class name.
        case other(String)
    }

    /// The archived template object.
    public let object: AnyObject
    /// Its class name.
    public let className: String
    /// `UIIdentifier`; templates without one are triggered only by their wiring.
    public let identifier: String?
    /// `UIDestinationViewControllerIdentifier`: the destination's identifier in the storyboard.
    public let destinationIdentifier: String?
    /// `UIPerformOnViewLoad`: an embed segue, performed when the source's view loads.
    public let performsOnViewLoad: Bool
    /// Every archived value by key (`UIActionName`, `UIModalPresentationStyle`, `UIAnimates`, …).
    public let parameters: [String: NibDecodedValue]

    /// An unwind segue's action (`UIActionName`, e.g. `unwindToList:`); nil for other kinds.
    public var unwindAction: String? { kind == .unwind ? parameters["UIActionName"]?.string : nil }

    /// The kind, from the class name.
    public var kind: Kind {
        let name = className.hasPrefix("UIStoryboard") || className.hasPrefix("NSStoryboard") ? String(className.dropFirst(12)) : className
        switch name {
        case "ShowSegueTemplate": return .show
        case "PresentationSegueTemplate": return .presentation
        case "EmbedSegueTemplate": return .embed
        case "PopoverPresentationSegueTemplate": return .popoverPresentation
        case "UnwindSegueTemplate": return .unwind
        default: return .other(className)
        }
    }

    /// A view of a template object (a generic object; other objects have no readable values).
    init(_ object: AnyObject) {
        self.object = object
        let generic = object as? GenericNibObject
        className = generic?.className ?? NibRuntimeNames.className(of: object)
        func value(_ key: String) -> NibDecodedValue? { generic?.value(forKey: "UI" + key) ?? generic?.value(forKey: "NS" + key) }
        identifier = value("Identifier")?.string
        destinationIdentifier = value("DestinationViewControllerIdentifier")?.string ?? value("DestinationControllerIdentifier")?.string
        performsOnViewLoad = value("PerformOnViewLoad")?.int64.map { $0 != 0 } ?? false
        var parameters = [String: NibDecodedValue]()
        if let generic { for (k, v) in zip(generic.keys, generic.values) where parameters[k] == nil { parameters[k] = v } }
        self.parameters = parameters
    }
}

/// One performance of a segue: source, freshly instantiated destination, and the template's parameters.
/// A portable runtime has no presentation machinery: `perform` hands the segue to the source's `onPerform`
/// callback (show, presentation, popover) or adds the destination as a child (embed).
public final class NibStoryboardSegue {
    /// The template performed.
    public let template: NibSegueTemplate
    /// The controller the segue starts from.
    public let source: NibStoryboardController
    /// The controller created for this performance.
    public let destination: NibStoryboardController
    /// For embed segues: the container view the destination's view goes into (`containerView` outlet).
    public var containerView: AnyObject? {
        (template.object as? GenericNibObject).flatMap { $0.outlets["containerView"] ?? $0.object(forKey: "UIContainerView") }
    }

    /// `UIIdentifier`.
    public var identifier: String? { template.identifier }

    init(template: NibSegueTemplate, source: NibStoryboardController, destination: NibStoryboardController) {
        self.template = template
        self.source = source
        self.destination = destination
    }
}
