import NibArchive
import XIB

extension AppKitCompiler {
    static let imageDragTypes = [
        "Apple PDF pasteboard type", "Apple PICT pasteboard type", "Apple PNG pasteboard type", "NSFilenamesPboardType",
        "NeXT TIFF v4.0 pasteboard type", "com.apple.NSFilePromiseItemMetaData", "com.apple.pasteboard.promised-file-content-type",
        "dyn.ah62d4rv4gu8yc6durvwwa3xmrvw1gkdusm1044pxqyuha2pxsvw0e55bsmwca7d3sbwu",
    ]

    func encodeImageView(_ node: XIBNode, superview: Int?, inStack: Bool) -> Int {
        var (i, e, cls) = beginView(node, "NSImageView")
        let cell = cellNode(node)
        var o = ViewOptions()
        o.inStackView = inStack
        o.alwaysSubviews = true
        o.dragTypes = Self.imageDragTypes
        o.subviews = encodeSubviews(node, index: i)
        viewKeys(node, index: i, superview: superview, e: &e, o)
        var cellIndex: Int?
        if let cell { cellIndex = encodeImageCell(cell, control: i) }
        controlKeys(node, cell: cell, cellIndex: cellIndex, e: &e, ControlOptions(refuses: true))
        e.bool("NSEditable", node.peek("editable") != "NO")
        e.int("NSImageViewPlaceholderPrecedence", 0)
        e.null("IBNSShadowedSymbolConfiguration")
        // `contentTintColor` (macOS 10.14) is the view's `NSContentTintColor`, the key GNUstep's NSImageView coder reads;
        // no compiled pair has one, so its place at the end is inferred.
        if let tint = color(node, "contentTintColor") { e.obj("NSContentTintColor", tint) }
        node.markUsed("editable", "allowsCutCopyPaste", "animates", "imageScaling")
        finish(i, cls, e)
        collectConnections(node, source: i)
        return i
    }

    static let imageScalings: [String: Int] = ["proportionallyDown": 0, "axesIndependently": 1, "none": 2, "proportionallyUpOrDown": 3]
    static let imageAlignments: [String: Int] = ["center": 0, "top": 1, "topLeft": 2, "topRight": 3, "left": 4, "bottom": 5,
                                                 "bottomLeft": 6, "bottomRight": 7, "right": 8]
    static let imageFrameStyles: [String: Int] = ["none": 0, "photo": 1, "grayBezel": 2, "groove": 3, "button": 4]

    func encodeImageCell(_ c: XIBNode, control: Int?) -> Int {
        var (i, e, cls) = beginCell(c, "NSImageCell")
        markCellAttributes(c)
        c.markUsed("imageAlignment", "imageScaling", "imageFrameStyle", "animates", "image")
        let f = font(c)
        e.int("NSCellFlags", cellFlags(c, type: f != nil ? 1 : 0))
        e.int("NSCellFlags2", cellFlags2(c))
        if let img = image(c, "image") { e.obj("NSContents", img) }
        if let f { e.obj("NSSupport", f) }
        if let control { e.obj("NSControlView", control) }
        e.int("NSAlign", Self.imageAlignments[c.peek("imageAlignment") ?? ""] ?? 0)
        e.int("NSScale", Self.imageScalings[c.peek("imageScaling") ?? ""] ?? 2)
        e.int("NSStyle", Self.imageFrameStyles[c.peek("imageFrameStyle") ?? ""] ?? 0)
        // An omitted `animates` is NO in a XIB (8 pairs) but YES in a storyboard (3 storyboard pairs, all of them:
        // sb_imagecell_style, sb_imagecell_nsstyle, sb_swift_wc).
        let animates = c.peek("animates").map { $0 == "YES" } ?? storyboard
        e.bool("NSAnimates", nested || animates)
        e.int("NSImageAnimation", -1)
        finish(i, cls, e)
        collectConnections(c, source: i)
        return i
    }
}
