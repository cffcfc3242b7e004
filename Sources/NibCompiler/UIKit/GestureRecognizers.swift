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
        case "UILongPressGestureRecognizer":
            if let d = node.double("minimumPressDuration") { e.double("UILongPressGestureRecognizer.minimumPressDuration", d) }
            node.markUsed("allowableMovement")
        case "UISwipeGestureRecognizer":
            let dirs = ["right": 1, "left": 2, "up": 4, "down": 8]
            if let d = node["direction"].flatMap({ dirs[$0] }), d != 1 { e.int("UISwipeGestureRecognizer.direction", d) }
        case "UIPanGestureRecognizer":
            node.markUsed("minimumNumberOfTouches")
        default: break
        }
        finishClass(node, index: index, originalClass: className, entries: &e)
        encodeCommonChildren(node, index: index)
        return index
    }
}
