import NibArchive
import XIB

extension AppKitCompiler {
    /// The pasteboard types a legacy WebView registers for dragging (archived as its NSDragTypes).
    static let webViewDragTypes = [
        "NeXT RTFD pasteboard type", "NeXT TIFF v4.0 pasteboard type", "NSFilenamesPboardType", "Apple files promise pasteboard type",
        "Apple HTML pasteboard type", "NeXT Rich Text Format v1.0 pasteboard type", "WebURLsWithTitlesPboardType", "public.url-name",
        "Apple URL pasteboard type", "public.png", "Apple WebKit dummy pasteboard type", "Apple Web Archive pasteboard type",
        "Apple PDF pasteboard type", "public.url", "NSStringPboardType", "NSColor pasteboard type",
    ]

    /// `<webView>` (legacy WebKit `WebView`): the NSView keys plus FrameName, GroupName, Preferences,
    /// UseBackForwardList and AllowsUndo, as in the Sparkle SUUpdateAlert pair (one sample). There the
    /// `<webPreferences>` attributes leave the archived WebPreferences' Values empty and the next key view is
    /// the string "$null"; both are reproduced as observed.
    func encodeWebView(_ node: XIBNode, superview: Int?, inStack: Bool) -> Int {
        var (i, e, cls) = beginView(node, "WebView")
        node.markUsed("maintainsBackForwardList", "frameName", "groupName", "allowsUndo")
        var o = ViewOptions()
        o.inStackView = inStack
        o.dragTypes = Self.webViewDragTypes
        o.subviews = encodeSubviews(node, index: i)
        viewKeys(node, index: i, superview: superview, e: &e, o)
        e.obj("NSNextKeyView", str("$null"))
        e.obj("FrameName", str(node.peek("frameName") ?? ""))
        e.obj("GroupName", str(node.peek("groupName") ?? ""))
        var pe = Entries()
        if let prefs = node.child("webPreferences", key: "preferences") {
            ctx.ignore(prefs)
            if let id = prefs.children.first(where: { $0.isNamed("string") && $0.peek("key", is: "identifier") }) {
                pe.obj("Identifier", str(id.text))
            } else {
                pe.null("Identifier")
            }
        } else {
            pe.null("Identifier")
        }
        pe.obj("Values", b.dictionary("NSMutableDictionary", []))
        e.obj("Preferences", b.graph.add(NibObject(className: "WebPreferences", entries: pe.list)))
        e.bool("UseBackForwardList", node.peek("maintainsBackForwardList") != "NO")
        e.bool("AllowsUndo", node.peek("allowsUndo") != "NO")
        finish(i, cls, e)
        collectConnections(node, source: i)
        return i
    }
}
