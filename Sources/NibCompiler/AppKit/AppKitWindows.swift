import NibArchive
import XIB

extension AppKitCompiler {
    func encodeWindow(_ node: XIBNode) -> Int {
        let i = define(node, "NSWindowTemplate")
        skipUnevidencedAttributes(node)
        node.markUsed("title", "subtitle", "customClass", "customModule", "customModuleProvider", "identifier", "allowsToolTipsWhenApplicationIsInactive",
                      "autorecalculatesKeyViewLoop", "oneShot", "releasedWhenClosed", "hidesOnDeactivate", "visibleAtLaunch",
                      "restorable", "frameAutosaveName", "tabbingMode", "toolbarStyle", "animationBehavior", "showsToolbarButton",
                      "titlebarAppearsTransparent", "titleVisibility", "appearanceType", "canHide", "level", "hasShadow",
                      "preventsApplicationTerminationWhenModal", "becomesKeyOnlyIfNeeded", "floatingPanel", "worksWhenModal",
                      "contentViewController", "userLabel", "delegate", "initialFirstResponder", "titlebarSeparatorStyle")
        var e = Entries()
        if let sm = node.child("windowStyleMask") {
            var v = 0
            let names: [(String, Int)] = [("titled", 1), ("closable", 2), ("miniaturizable", 4), ("resizable", 8), ("utility", 16),
                                          ("docModal", 64), ("nonactivatingPanel", 128), ("texturedBackground", 256),
                                          ("unifiedTitleAndToolbar", 4096), ("HUD", 8192), ("fullScreen", 16384),
                                          ("fullSizeContentView", 0x8000)]
            for (n, bit) in names where sm[n] == "YES" { v |= bit }
            ctx.ignore(sm)
            e.int("NSWindowStyleMask", v)
        }
        e.int("NSWindowBacking", 2)
        let content = Rect(node.child("rect", key: "contentRect")) ?? Rect()
        let screen = Rect(node.child("rect", key: "screenRect"))
        let pos = node.child("windowPositionMask")
        var wr = content
        if pos == nil, let s = screen {
            wr.x = s.x + (s.w - content.w) / 2
            wr.y = s.y + (s.h - content.h) / 2
        } else if pos == nil {
            wr.x = -content.w / 2
            wr.y = -content.h / 2
        } else if let pos, let s = screen {
            // An axis with neither strut floats: centred on the screen like a window without a mask
            // (storyboards sb_basic_wc, sb_localized: top and bottom struts only, x centred, y kept).
            if pos.peek("leftStrut") != "YES", pos.peek("rightStrut") != "YES" { wr.x = s.x + (s.w - content.w) / 2 }
            if pos.peek("topStrut") != "YES", pos.peek("bottomStrut") != "YES" { wr.y = s.y + (s.h - content.h) / 2 }
        }
        e.obj("NSWindowRect", str(rectString(wr.x, wr.y, wr.w, wr.h)))
        // NSWTFlags bit 29 is isDeferred (GNUstep's GSWindowTemplateFlags); `deferred` defaults to YES.
        var wt = node["deferred"] == "NO" ? 0 : 1 << 29
        if node.peek("autorecalculatesKeyViewLoop") != "NO" { wt |= 1 << 11 }
        if node.peek("allowsToolTipsWhenApplicationIsInactive") != "NO" { wt |= 1 << 13 }
        var struts = 0xF
        if let pos {
            ctx.ignore(pos)
            let l = pos.peek("leftStrut", is: "YES"), r = pos.peek("rightStrut", is: "YES")
            let t = pos.peek("topStrut", is: "YES"), bo = pos.peek("bottomStrut", is: "YES")
            if l && r && t && bo { struts = 0xF }
            else if l && t { struts = 0x5 }
            else if l && bo { struts = 0x0 }
            else if r && t { struts = 0x6 }
            else if r && bo { struts = 0x2 }
            else { struts = 0xF }
        }
        wt |= struts << 19
        if node.peek("oneShot", is: "YES") { wt |= 1 << 28 }
        if node.peek("releasedWhenClosed", is: "NO") { wt |= 1 << 30 }
        if node.peek("hidesOnDeactivate", is: "YES") { wt |= 1 << 31 }
        e.int("NSWTFlags", Int(Int32(truncatingIfNeeded: wt)))
        e.obj("NSWindowTitle", localizedTitle(node))
        e.obj("NSWindowSubtitle", str(node.peek("subtitle") ?? ""))
        e.obj("NSWindowClass", str(node.peek("customClass") ?? (node.isNamed("panel") ? "NSPanel" : "NSWindow")))
        let toolbarNode = node.children.first { $0.isNamed("toolbar") }
        if let toolbarNode { e.obj("NSViewClass", encodeToolbar(toolbarNode)) } else { e.null("NSViewClass") }
        if let id = node.peek("identifier") { e.obj("NSUserInterfaceItemIdentifier", str(id)) } else { e.null("NSUserInterfaceItemIdentifier") }
        let minSize = node.children.first { ($0.isNamed("size") || $0.isNamed("value")) && $0.peek("key", is: "minSize") }
        let maxSize = node.children.first { ($0.isNamed("size") || $0.isNamed("value")) && $0.peek("key", is: "maxSize") }
        // The XIB's minSize/maxSize are content sizes; AppKit archives them and the frame sizes they give
        // (-frameRectForContentRect:: plus the title bar of the macOS running ibtool, `titleBarHeight`; none for a
        // full-size content view or an untitled window). Observed in the Sparkle pairs (min and max, 28),
        // test29_window_minmax_size and 2 storyboards (32) and 2 full-size windows. A window with a toolbar
        // has no frame sizes at all (its frame depends on the toolbar's height): sb_toolbar has
        // NSWindowContentMinSize only, and NSMaxSize is absent on the 3 XIB windows with a toolbar.
        let style = node.child("windowStyleMask")
        let titleBar = style?.peek("titled") == "YES" && style?.peek("fullSizeContentView") != "YES" ? (ctx.options.titleBarHeight ?? ctx.options.xcodeVersion.titleBarHeight) : 0
        func frameSize(_ m: XIBNode) -> String {
            let w = m.double("width") ?? 0, h = m.double("height") ?? 0
            // A "no limit" maximum stays as it is.
            return sizeString(w, h >= 10_000_000 ? h : h + titleBar)
        }
        if let m = minSize { ctx.ignore(m); e.obj("NSWindowContentMinSize", str(sizeString(m.double("width") ?? 0, m.double("height") ?? 0))) }
        if let m = maxSize { ctx.ignore(m); e.obj("NSWindowContentMaxSize", str(sizeString(m.double("width") ?? 0, m.double("height") ?? 0))) }
        if let cv = node.children.first(where: { $0.peek("key", is: "contentView") }) {
            var o = ViewOptions()
            o.frame = Rect(x: 0, y: 0, w: content.w, h: content.h)
            // A titled full-size content view keeps the XIB's frame size (one sample, where it differs from the
            // content rect; an untitled full-size panel takes the content rect).
            if titleBar == 0, style?.peek("titled") == "YES", let r = Rect(cv.child("rect", key: "frame")) {
                o.frame = Rect(x: 0, y: 0, w: r.w, h: r.h)
            }
            o.noSuperview = true
            let v = encodeContentView(cv, options: o)
            e.obj("NSWindowView", v)
        } else {
            e.null("NSWindowView")
        }
        e.obj("NSScreenRect", str(screen.map { rectString($0.x, $0.y, $0.w, $0.h) } ?? "{{0, 0}, {0, 0}}"))
        if let m = minSize, toolbarNode == nil { e.obj("NSMinSize", str(frameSize(m))) }
        if let m = maxSize, toolbarNode == nil {
            e.obj("NSMaxSize", str(frameSize(m)))
        } else if toolbarNode == nil {
            e.obj("NSMaxSize", str("{10000000000000, 10000000000000}"))
        }
        if let cb = node.child("windowCollectionBehavior") {
            ctx.ignore(cb)
            var v = 0
            let names: [(String, Int)] = [("canJoinAllSpaces", 1), ("moveToActiveSpace", 2), ("managed", 4), ("transient", 8),
                                          ("stationary", 16), ("participatesInCycle", 32), ("ignoresCycle", 64),
                                          ("fullScreenPrimary", 128), ("fullScreenAuxiliary", 256), ("fullScreenNone", 512),
                                          ("allowsTiling", 2048), ("disallowsTiling", 4096)]
            for (n, bit) in names where cb.peek(n) == "YES" { v |= bit }
            e.int("NSWindowCollectionBehavior", v)
        }
        if let f = node.peek("frameAutosaveName") { e.obj("NSFrameAutosaveName", str(f)) }
        e.bool("NSWindowIsRestorable", node.peek("restorable") != "NO")
        e.obj("NSMinFullScreenContentSize", str(fullScreenContentSize(node, "minFullScreenContentSize")))
        e.obj("NSMaxFullScreenContentSize", str(fullScreenContentSize(node, "maxFullScreenContentSize")))
        if let t = node.peek("tabbingMode") {
            e.int("NSWindowTabbingMode", ["automatic": 0, "preferred": 1, "disallowed": 2][t] ?? 0)
        }
        if let t = node.peek("toolbarStyle") {
            e.int("NSWindowToolbarStyle", ["automatic": 0, "expanded": 1, "preference": 2, "unified": 3, "unifiedCompact": 4, "compact": 4][t] ?? 0)
        }
        contentBorderKeys(node, &e)
        if let r = classReference(node) { e.obj("IBClassReference", r) }
        finish(i, "NSWindowTemplate", e)
        if node.peek("visibleAtLaunch") != "NO" { visibleWindows.append(i) }
        collectConnections(node, source: i)
        return i
    }

    /// A window/box content view (no superview).
    func encodeContentView(_ cv: XIBNode, options: ViewOptions) -> Int {
        if cv.isNamed("view") || cv.isNamed("customView") {
            var (i, e, cls) = beginView(cv, "NSView")
            var o = options
            o.subviews = encodeSubviews(cv, index: i)
            // A content view laid out at another size than the window's content rect: its subviews follow their
            // autoresizing masks, the archived default for those without one (one sample: an effect view pinned
            // to the top moves up by the height difference).
            if let old = Rect(cv.child("rect", key: "frame")), let new = o.frame, old.w != new.w || old.h != new.h {
                for sub in cv.child("subviews")?.children.filter({ isView($0) }) ?? [] {
                    guard let id = sub.peek("id"), let k = ctx.objectIndex(forID: id), o.subviews.contains(k) else { continue }
                    autoresizeTree(k, node: sub, oldSize: (old.w, old.h), newSize: (new.w, new.h), defaultMask: autolayout ? 12 : nil)
                }
            }
            viewKeys(cv, index: i, superview: nil, e: &e, o)
            finish(i, cls, e)
            collectConnections(cv, source: i)
            return i
        }
        if cv.isNamed("clipView") {
            var r = options.frame ?? Rect()
            if let x = Rect(cv.child("rect", key: "frame")) { r.x = x.x; r.y = x.y }
            return encodeClipView(cv, scrollView: nil, hasHeader: false, frame: r).0
        }
        return encodeView(cv, superview: nil)
    }
}

extension AppKitCompiler {
    /// `<contentBorderThickness minY=…>`: the bottom content border a window draws (-setContentBorderThickness:
    /// forEdge:). A thickness given in the document is a manual one, so it is archived with automatic
    /// recalculation off (AppKit semantics; no Apple-compiled pair in the corpus has one).
    /// `<value key="minFullScreenContentSize|maxFullScreenContentSize" type="size">`, "{0, 0}" when absent
    /// (NSWindow's own default: no limit).
    func fullScreenContentSize(_ node: XIBNode, _ key: String) -> String {
        guard let v = node.children.first(where: { ($0.isNamed("value") || $0.isNamed("size")) && $0.peek("key") == key }) else { return "{0, 0}" }
        ctx.ignore(v)
        return sizeString(v.double("width") ?? 0, v.double("height") ?? 0)
    }

    func contentBorderKeys(_ node: XIBNode, _ e: inout Entries) {
        guard let border = node.child("contentBorderThickness") else { return }
        border.visited = true
        if let minY = border.double("minY") {
            e.double("NSContentBorderThicknessMinY", minY)
            e.bool("NSAutorecalculatesContentBorderThicknessMinY", false)
        }
    }
}
