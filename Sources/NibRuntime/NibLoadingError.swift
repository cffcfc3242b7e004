import StringsFile
import CompiledStoryboard
import NibArchive
import PropertyList

/// A failure while loading or instantiating a nib; `description` is UIKit's message text where UIKit has one.
public enum NibLoadingError: Error, Sendable, Equatable, CustomStringConvertible {
    /// An outlet, outlet collection or runtime attribute named a key the object does not have.
    case undefinedKey(className: String, key: String)
    /// An outlet or action is aimed at the File's Owner, but the owner passed to `instantiate` was nil.
    case nilOwner(key: String)
    /// A `UIProxyObject` / `NSNibExternalObjectPlaceholder` identifier has no entry in the external objects.
    case missingExternalObject(identifier: String)
    /// An action was aimed at an object that cannot take target/action pairs.
    case unrecognizedSelector(className: String, selector: String)
    /// The nib registered for a cell reuse identifier does not hold exactly one cell.
    case invalidCellNib(identifier: String, cellClassName: String)
    /// A view controller's nib did not connect the File's Owner `view` outlet.
    case viewOutletNotSet(nibName: String)
    /// No nib of that name was found in the bundle directory.
    case nibNotFound(name: String, directory: String)
    /// The archive could not be read.
    case archive(NibArchiveError)
    /// The keyed-archive nib could not be read.
    case keyedArchive(PropertyListError)
    /// The file could not be read.
    case io(path: String, message: String)
    /// The archive is readable but its object graph does not follow the nib conventions.
    case malformedGraph(String)
    /// A compiled storyboard's `Info.plist` or files are not usable.
    case storyboard(StoryboardError)
    /// No `<name>.storyboardc` in the bundle directory (nor its `Base.lproj`).
    case storyboardNotFound(name: String, directory: String)
    /// The storyboard has no controller with that identifier; `platform` is `UI` or `NS`.
    case unknownControllerIdentifier(storyboard: String, identifier: String, platform: String)
    /// The controller has no segue template with that identifier.
    case unknownSegueIdentifier(controllerClassName: String, identifier: String)
    /// An unwind segue found no controller up its source's parent and presenter chain that accepts its action.
    case noUnwindDestination(controllerClassName: String, action: String)
    /// A strings table of the localization is malformed (its file, line and column are in the error).
    case strings(StringsFileError)

    /// The message, worded as UIKit's exception reason where one exists.
    public var description: String {
        switch self {
        case .undefinedKey(let cls, let key):
            return "[<\(cls) 0x0> setValue:forUndefinedKey:]: this class is not key value coding-compliant for the key \(key)."
        case .nilOwner(let key):
            return "[<NSObject 0x0> setValue:forUndefinedKey:]: this class is not key value coding-compliant for the key \(key)."
        case .missingExternalObject(let identifier):
            // UINibDecoder's wording when an object's initWithCoder: does not return its replacement (here the
            // UIProxyObject finds no external object), followed by the identifier.
            return "This coder is expecting the replaced object 0x0 to be returned from UIProxyObject.initWithCoder instead of (null): no external object for the proxy identifier \"\(identifier)\""
        case .unrecognizedSelector(let cls, let selector):
            return "-[\(cls) addTarget:action:forControlEvents:]: unrecognized selector sent to instance 0x0 (action \(selector))"
        case .invalidCellNib(let identifier, let cellClassName):
            return "invalid nib registered for identifier (\(identifier)) - nib must contain exactly one top level object which must be a \(cellClassName) instance"
        case .viewOutletNotSet(let name):
            return "-[UIViewController _loadViewFromNibNamed:bundle:] loaded the \"\(name)\" nib but the view outlet was not set."
        case .nibNotFound(let name, let directory):
            return "Could not load NIB in bundle: 'NSBundle <\(directory)> (loaded)' with name '\(name)'"
        case .archive(let error):
            return "invalid nib archive: \(error)"
        case .keyedArchive(let error):
            return "invalid keyed-archive nib: \(error)"
        case .io(let path, let message):
            return "\(path): \(message)"
        case .malformedGraph(let message):
            return "malformed nib object graph: \(message)"
        case .storyboard(let error):
            return error.description
        case .storyboardNotFound(let name, let directory):
            return "Could not find a storyboard named '\(name)' in bundle NSBundle <\(directory)> (loaded)"
        case .unknownControllerIdentifier(_, let identifier, let platform):
            // UIKit's and AppKit's NSInvalidArgumentException reasons (the storyboard is named by its address).
            return platform == "NS"
                ? "Storyboard (<NSStoryboard: 0x0>) doesn't contain a controller with identifier '\(identifier)'"
                : "Storyboard (<UIStoryboard: 0x0>) doesn't contain a view controller with identifier '\(identifier)'"
        case .unknownSegueIdentifier(let cls, let identifier):
            return "Receiver (<\(cls): 0x0>) has no segue with identifier '\(identifier)'"
        case .noUnwindDestination(let cls, let action):
            return "Could not find a view controller to execute unwinding for <\(cls): 0x0> (action \(action))"
        case .strings(let error):
            return error.description
        }
    }
}
