import NibArchive
import XIB

extension UIKitCompiler {
    /// Gesture recognizers (top-level objects, attached through the view's `gestureRecognizers` collection, §6.17).
    func encodeGestureRecognizer(_ node: XIBNode, className: String) -> Int {
        let index = ctx.define(node, className: className)
        var e = Entries()
        if node.bool("enabled") == false { e.bool("UIGestureRecognizer.enabled", false) }
        if node.bool("cancelsTouchesInView") == false { e.bool("UIGestureRecognizer.cancelsTouchesInView", false) }
        if node.bool("delaysTouchesBegan") == true { e.bool("UIGestureRecognizer.delaysTouchesBegan", true) }
        if node.bool("delaysTouchesEnded") == false { e.bool("UIGestureRecognizer.delaysTouchesEnded", false) }
        e.int("UIGestureRecognizer.allowedTouchTypes", 15)
        e.bool("UIGestureRecognizer.requiresExclusiveTouchType", true)
        switch className {
        case "UITapGestureRecognizer":
            var imp = Entries()
            if let t = node["numberOfTapsRequired"].flatMap({ Int($0) }), t != 1 { imp.int("UITapRecognizer.numberOfTapsRequired", t) }
            if let t = node["numberOfTouchesRequired"].flatMap({ Int($0) }), t != 1 { imp.int("UITapRecognizer.numberOfTouchesRequired", t) }
            e.obj("UITapGestureRecognizer._imp", b.graph.add(.init(className: "UITapRecognizer", entries: imp.list)))
        // The keys below beyond the direction and press duration have no corpus sample with a value other than the
        // default: their names are those Apple's nibs carry (xibdump's nib-to-XIB decoder), written only when not
        // the class's default, as the direction is.
        case "UILongPressGestureRecognizer":
            if let d = node.double("minimumPressDuration") { e.double("UILongPressGestureRecognizer.minimumPressDuration", d) }
            if let m = node.double("allowableMovement"), m != 10 { e.double("UILongPressGestureRecognizer.allowableMovement", m) }
        case "UISwipeGestureRecognizer":
            let dirs = ["right": 1, "left": 2, "up": 4, "down": 8]
            if let d = node["direction"].flatMap({ dirs[$0] }), d != 1 { e.int("UISwipeGestureRecognizer.direction", d) }
            if let n = node["numberOfTouchesRequired"].flatMap({ Int($0) }), n != 1 { e.int("UISwipeGestureRecognizer.numberOfTouchesRequired", n) }
        case "UIPanGestureRecognizer", "UIScreenEdgePanGestureRecognizer":
            if let n = node["minimumNumberOfTouches"].flatMap({ Int($0) }), n != 1 { e.int("UIPanGestureRecognizer.minimumNumberOfTouches", n) }
            if let n = node["maximumNumberOfTouches"].flatMap({ Int($0) }) { e.int("UIPanGestureRecognizer.maximumNumberOfTouches", n) }
            // `<rectEdge key="edges">`: UIRectEdge bits (top 1, left 2, bottom 4, right 8).
            if className == "UIScreenEdgePanGestureRecognizer", let r = node.child("rectEdge", key: "edges") {
                let edges = [("top", 1), ("left", 2), ("bottom", 4), ("right", 8)].reduce(0) { $0 | (r.bool($1.0) == true ? $1.1 : 0) }
                if edges != 0 { e.int("UIScreenEdgePanGestureRecognizer.edges", edges) }
            }
        default: break
        }
        finishClass(node, index: index, originalClass: className, entries: &e)
        encodeCommonChildren(node, index: index)
        return index
    }
}
