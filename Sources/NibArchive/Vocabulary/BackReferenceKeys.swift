/// Keys whose references point back up the object tree (to a superview, a next responder, an owning view or
/// window) or across it (key-view loops, targets, delegates, constraint items), whatever class holds them.
///
/// The one list the runtime and the inspector share: the runtime holds these references weakly so that an
/// instantiated graph has no cycles through them (`NibRuntime`'s plan builder), the inspector never names an
/// object through them (`NibInspect.GraphKeyRoles`). Each adds the keys only it needs, beside its use.
public enum BackReferenceKeys {
    /// Back-links to a parent or owner.
    public static let parent: Set<String> = [
        "NSSuperview", "UISuperview", "NSNextResponder", "UINextResponder", "NSControlView", "NSWindow",
        "UIParentViewController", "UILayoutGuideOwningView",
    ]

    /// Cross-links: key-view loops, targets, delegates and data sources, constraint items.
    public static let cross: Set<String> = [
        "NSNextKeyView", "UINextKeyView", "NSTarget", "NSControlTarget", "NSDelegate", "NSDataSource",
        "NSGestureRecognizer.target", "NSGestureRecognizer.delegate", "NSFirstItem", "NSSecondItem",
    ]

    /// `parent` and `cross`.
    public static let all: Set<String> = parent.union(cross)
}
