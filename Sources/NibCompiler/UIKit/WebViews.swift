import NibArchive
import XIB

/// `<wkWebView>` → `WKWebView`: the UIView keys, then `configuration` (a `WKWebViewConfiguration` with its
/// process pool, preferences, user content controller and data store), then the web view's own three keys.
///
/// Key set and order as WebKit's `-[WKWebViewConfiguration encodeWithCoder:]` writes them; the values are the
/// XML's attributes over WebKit's iOS defaults. Evidence: one compiled sample (DuckDuckGo Settings, a web
/// view with AirPlay and picture-in-picture off, no data detectors, no media needing user action), so
/// `mediaTypesRequiringUserActionForPlayback` = none archived as a boolean rests on that sample alone.
extension UIKitCompiler {
    func encodeWebView(_ node: XIBNode) -> Int {
        encodeViewObject(node, className: "WKWebView", style: ViewStyle()) { e, _ in
            let config = node.child("wkWebViewConfiguration", key: "configuration")
            e.obj("configuration", webViewConfiguration(config))
            e.bool("allowsBackForwardNavigationGestures", node.bool("allowsBackForwardNavigationGestures") ?? false)
            e.obj("customUserAgent", b.string(node["customUserAgent"] ?? ""))
            e.bool("allowsLinkPreview", node.bool("allowsLinkPreview") ?? true)
        }
    }

    private func webViewConfiguration(_ node: XIBNode?) -> Int {
        node?.visited = true
        func flag(_ name: String, _ fallback: Bool) -> Bool { node?.bool(name) ?? fallback }
        var p = Entries()
        let prefs = node?.child("wkPreferences", key: "preferences")
        prefs?.visited = true
        p.double("minimumFontSize", prefs?.double("minimumFontSize") ?? 0)
        p.bool("javaScriptCanOpenWindowsAutomatically", prefs?.bool("javaScriptCanOpenWindowsAutomatically") ?? false)
        p.bool("javaScriptEnabled", prefs?.bool("javaScriptEnabled") ?? true)
        p.bool("textInteractionEnabled", prefs?.bool("textInteractionEnabled") ?? true)
        var store = Entries()
        store.bool("isDefaultDataStore", true)

        var e = Entries()
        e.obj("processPool", b.graph.add(NibObject(className: "WKProcessPool")))
        e.obj("preferences", b.graph.add(NibObject(className: "WKPreferences", entries: p.list)))
        e.obj("userContentController", b.graph.add(NibObject(className: "WKUserContentController")))
        e.obj("websiteDataStore", b.graph.add(NibObject(className: "WKWebsiteDataStore", entries: store.list)))
        e.bool("suppressesIncrementalRendering", flag("suppressesIncrementalRendering", false))
        if let name = node?["applicationNameForUserAgent"] { e.obj("applicationNameForUserAgent", b.string(name)) } else { e.null("applicationNameForUserAgent") }
        e.bool("allowsAirPlayForMediaPlayback", flag("allowsAirPlayForMediaPlayback", true))
        e.bool("drawsBackground", true)
        e.int("dataDetectorTypes", webMask(node?.child("dataDetectorTypes", key: "dataDetectorTypes"), Self.dataDetectorBits))
        e.bool("allowsInlineMediaPlayback", flag("allowsInlineMediaPlayback", false))
        e.bool("allowsInlineMediaPlaybackAfterFullscreen", flag("allowsInlineMediaPlaybackAfterFullscreen", false))
        let media = webMask(node?.child("audiovisualMediaTypes", key: "mediaTypesRequiringUserActionForPlayback"), Self.mediaTypeBits, all: 3)
        if media == 0 { e.bool("mediaTypesRequiringUserActionForPlayback", false) } else { e.int("mediaTypesRequiringUserActionForPlayback", media) }
        e.int("selectionGranularity", node?["selectionGranularity"] == "character" ? 1 : 0)
        e.bool("allowsPictureInPictureMediaPlayback", flag("allowsPictureInPictureMediaPlayback", true))
        e.bool("ignoresViewportScaleLimits", flag("ignoresViewportScaleLimits", false))
        e.int("dragLiftDelay", 0)
        e.bool("textInteractionGesturesEnabled", true)
        e.bool("longPressActionsEnabled", true)
        e.bool("systemPreviewEnabled", false)
        e.bool("shouldDecidePolicyBeforeLoadingQuickLookPreview", true)
        return b.graph.add(NibObject(className: "WKWebViewConfiguration", entries: e.list))
    }

    /// `WKDataDetectorTypes` bits by XML attribute.
    static let dataDetectorBits: [(String, Int)] = [("phoneNumber", 1), ("link", 2), ("address", 4), ("calendarEvent", 8),
                                                    ("trackingNumber", 16), ("flightNumber", 32), ("lookupSuggestion", 64)]
    /// `WKAudiovisualMediaTypes` bits by XML attribute.
    static let mediaTypeBits: [(String, Int)] = [("audio", 1), ("video", 2)]

    /// A bit mask element (`<dataDetectorTypes phoneNumber="YES" …/>`, `none="YES"`, `all="YES"`); absent → 0.
    private func webMask(_ node: XIBNode?, _ bits: [(String, Int)], all: Int = 0x7f) -> Int {
        guard let node else { return 0 }
        node.visited = true
        if node.bool("none") == true { return 0 }
        if node.bool("all") == true { return all }
        return bits.reduce(0) { $0 | (node.bool($1.0) == true ? $1.1 : 0) }
    }
}
