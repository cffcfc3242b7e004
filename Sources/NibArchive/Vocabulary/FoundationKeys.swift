/// Keys of the Foundation value classes (`FoundationClasses`) as nibs archive them, spelled once for the
/// compilers, the writers, the runtime and the inspector.
public enum FoundationKeys {
    /// The contents of an `NSString` (UTF-8) or an `NSData`: `NS.bytes`.
    public static let bytes = "NS.bytes"
}
