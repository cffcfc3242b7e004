/// The framework class an Interface Builder element stands for, what kind of box draws it, and which AppKit
/// classes are flipped.
enum ViewClasses {
    /// Elements whose class is not the platform prefix plus the capitalised element name.
    private static let exceptions: [String: String] = [
        "customView": "NSView", "mapView": "MKMapView", "wkWebView": "WKWebView", "webView": "WebView",
        "arscnView": "ARSCNView", "arskView": "ARSKView", "sceneKitView": "SCNView", "sceneView": "SCNView",
        "mtkView": "MTKView", "glkView": "GLKView", "skView": "SKView", "avPlayerView": "AVPlayerView",
        "openGLView": "NSOpenGLView", "containerView": "UIView", "tableHeaderView": "NSTableHeaderView",
        "switch": "UISwitch", "pdfView": "PDFView",
    ]

    /// `UILabel` for `label` on iOS, `NSButton` for `button` on macOS.
    static func className(element name: String, appKit: Bool) -> String {
        if let special = exceptions[name] {
            if name == "webView" && !appKit { return "UIWebView" }
            if name == "containerView" && appKit { return "NSView" }
            return special
        }
        guard let first = name.first else { return appKit ? "NSView" : "UIView" }
        return (appKit ? "NS" : "UI") + first.uppercased() + name.dropFirst()
    }

    /// The kind of box an element draws.
    static func kind(element name: String) -> BoxKind {
        switch name {
        case "label": return .label
        case "button", "popUpButton", "popUpButtonCell": return .button
        case "textField", "searchField", "secureTextField", "comboBox", "tokenField", "searchBar": return .textField
        case "textView": return .textView
        case "imageView": return .imageView
        case "switch": return .switchControl
        case "slider": return .slider
        case "stepper": return .stepper
        case "progressView", "progressIndicator", "levelIndicator", "activityIndicatorView": return .progress
        case "segmentedControl": return .segmented
        case "scrollView", "clipView": return .scroll
        case "tableView", "outlineView", "collectionView": return .table
        case "tableViewCell", "collectionViewCell", "tableCellView", "collectionReusableView": return .cell
        case "window", "panel": return .window
        default: return .view
        }
    }

    /// The kind of box for an archived class name (a nib), by the same families.
    static func kind(className name: String) -> BoxKind {
        let base = name.hasPrefix("UI") || name.hasPrefix("NS") ? String(name.dropFirst(2)) : name
        guard let first = base.first else { return .view }
        let element = first.lowercased() + base.dropFirst()
        if element == "windowTemplate" { return .window }
        return kind(element: element)
    }

    /// AppKit classes whose `isFlipped` is true: their subviews' `y` counts from the top. Table, outline, text and
    /// collection views and matrices are flipped in AppKit; scroll views and stack views too (a scroll view's header
    /// clip view sits at `y = 1` and its horizontal scroller at the largest `y` in the corpus's XIBs).
    static let flippedAppKit: Set<String> = [
        "NSTableView", "NSOutlineView", "NSTextView", "NSCollectionView", "NSMatrix", "NSTableHeaderView",
        "NSScrollView", "NSStackView", "NSRulerView",
    ]

    /// Classes that clip their subviews whatever the document says.
    static let alwaysClipping: Set<String> = ["NSClipView", "NSScrollView", "UIScrollView", "UITableView", "UICollectionView", "UITextView"]

    /// The default point sizes of UIKit's text styles (the Large, default content size category).
    static let textStyleSizes: [String: Double] = [
        "UICTFontTextStyleLargeTitle": 34, "UICTFontTextStyleTitle0": 34, "UICTFontTextStyleTitle1": 28,
        "UICTFontTextStyleTitle2": 22, "UICTFontTextStyleTitle3": 20, "UICTFontTextStyleHeadline": 17,
        "UICTFontTextStyleBody": 17, "UICTFontTextStyleCallout": 16, "UICTFontTextStyleSubhead": 15,
        "UICTFontTextStyleFootnote": 13, "UICTFontTextStyleCaption1": 12, "UICTFontTextStyleCaption2": 11,
    ]

    /// The point sizes of AppKit's meta fonts when the document gives none.
    static let metaFontSizes: [String: Double] = [
        "system": 13, "systemBold": 13, "message": 13, "controlContent": 13, "user": 12, "userFixedPitch": 10,
        "smallSystem": 11, "smallSystemBold": 11, "miniSystem": 9, "miniSystemBold": 9, "menu": 14, "menuBar": 14,
        "label": 10, "toolTip": 11, "titleBar": 13, "palette": 11, "paletteTitle": 11,
    ]
}
