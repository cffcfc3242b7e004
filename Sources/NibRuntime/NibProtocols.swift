/// An object that is told when its nib has finished loading (every object created, every connection made).
public protocol NibAwaking: AnyObject {
    /// Called once per instantiation after every outlet, action and runtime attribute is in place.
    func awakeFromNib()
}

extension NibAwaking {
    /// Does nothing.
    public func awakeFromNib() {}
}

/// A Swift type that the loader creates for an archived class, reading its values from the coder.
///
/// During `init(coder:)` outlets are not connected yet. A reference to an object that is itself still
/// inside its `init(coder:)` (a cycle between registered classes) decodes as nil; adopt
/// `NibLateReferenceReceiving` to receive it once every object exists.
public protocol NibDecodable: NibAwaking {
    /// Creates the object from its archived values.
    init(coder: NibCoder) throws
}

/// Receives references that could not be handed out during `init(coder:)` because of a cycle.
public protocol NibLateReferenceReceiving: AnyObject {
    /// Called after every object exists, before connections, for each reference that decoded as nil.
    func nibResolveLateReference(forKey key: String, to object: AnyObject)
}

/// The typed replacement of key-value coding for outlets, actions and runtime attributes.
///
/// Every requirement has a default that throws UIKit's "not key value coding-compliant" error, so a type
/// only implements the outlets it has.
public protocol NibConnectable: AnyObject {
    /// Sets the outlet `name` to `object`.
    func setOutlet(_ name: String, to object: AnyObject?) throws
    /// Sets (or, when `appending`, extends) the outlet collection `name`.
    func setOutletCollection(_ name: String, to objects: [AnyObject], appending: Bool) throws
    /// Adds a target–action pair; a nil target means the responder chain (First Responder).
    func addAction(target: AnyObject?, selector: String, events: UInt64) throws
    /// Sets a user-defined runtime attribute or accessibility property.
    func setRuntimeAttribute(_ keyPath: String, to value: NibDecodedValue) throws
}

extension NibConnectable {
    /// Throws `NibLoadingError.undefinedKey`.
    public func setOutlet(_ name: String, to object: AnyObject?) throws {
        throw NibLoadingError.undefinedKey(className: NibRuntimeNames.className(of: self), key: name)
    }
    /// Throws `NibLoadingError.undefinedKey`.
    public func setOutletCollection(_ name: String, to objects: [AnyObject], appending: Bool) throws {
        throw NibLoadingError.undefinedKey(className: NibRuntimeNames.className(of: self), key: name)
    }
    /// Throws `NibLoadingError.unrecognizedSelector`.
    public func addAction(target: AnyObject?, selector: String, events: UInt64) throws {
        throw NibLoadingError.unrecognizedSelector(className: NibRuntimeNames.className(of: self), selector: selector)
    }
    /// Throws `NibLoadingError.undefinedKey`.
    public func setRuntimeAttribute(_ keyPath: String, to value: NibDecodedValue) throws {
        throw NibLoadingError.undefinedKey(className: NibRuntimeNames.className(of: self), key: keyPath)
    }
}

/// Marks a registered type as a table or collection view cell for `instantiateCell`.
public protocol NibCell: AnyObject {}
