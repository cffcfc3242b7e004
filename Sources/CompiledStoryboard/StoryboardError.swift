import PropertyList

/// A problem with a compiled storyboard: its `Info.plist` (with the key path at fault) or its files.
public struct StoryboardError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What went wrong.
    public enum Kind: Sendable, Equatable {
        /// The directory or a file in it could not be read.
        case io
        /// `Info.plist` is not a valid binary property list (the reader's error, with its byte offset).
        case propertyList(PropertyListError)
        /// A key is missing or its value has the wrong type.
        case badValue
        /// `UIStoryboardVersion` / `NSStoryboardVersion` is not 1.
        case unsupportedVersion
        /// A nib name or identifier that cannot name a file in the directory (empty, `/`, `..`, NUL).
        case badName
        /// The entry point names no controller of the storyboard.
        case unknownEntryPoint
        /// A nib the `Info.plist` names is not in the directory.
        case missingNib
        /// The storyboard has no controller with that identifier (UIKit's `NSInvalidArgumentException`).
        case unknownIdentifier
    }

    /// The kind of failure.
    public var kind: Kind
    /// The file at fault (`…/X.storyboardc/Info.plist`, a nib path, or the directory).
    public var path: String
    /// Where in `Info.plist`: a key path such as `UIViewControllerIdentifiersToNibNames["Main"]`; nil elsewhere.
    public var keyPath: String?
    /// A human-readable explanation.
    public var message: String

    /// Creates an error.
    public init(_ kind: Kind, path: String, keyPath: String? = nil, _ message: String) {
        self.kind = kind
        self.path = path
        self.keyPath = keyPath
        self.message = message
    }

    /// `PATH: error: [KEYPATH: ]MESSAGE`, the form `nibc verify` prints.
    public var description: String {
        "\(path): error: \(keyPath.map { "\($0): " } ?? "")\(message)"
    }
}
