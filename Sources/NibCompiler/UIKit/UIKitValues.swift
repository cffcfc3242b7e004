/// UIKit enumeration values by the names XIBs write, for tools that describe documents (ibtool's
/// `--objects`); the compiler's own tables are the source.
public enum UIKitValues {
    /// `UIViewContentMode`'s raw value for a XIB `contentMode` name (`scaleAspectFit` → 1).
    public static func contentMode(_ name: String) -> Int? { UIKitCompiler.contentModes[name] }
}
