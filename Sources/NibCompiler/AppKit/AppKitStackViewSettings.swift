import XIB

// Stack-view settings the compiler does not archive. Every stack view of the compiled pairs archives its
// containers with nil NSStackViewContainerVisibilityPriorities and NSStackViewContainerViewToCustomAfterSpaceMap,
// and its documents list only the defaults for those: NSStackViewVisibilityPriorityMustHold (1000) and
// NSStackViewSpacingUseDefault (FLT_MAX, 3.4028234663852886e+38). A stack view's views all go to its
// beginning container (GNUstep's NSStackView coder reads NSStackViewMiddleContainer and NSStackViewEndContainer
// as well; no pair uses gravity areas). Custom spacings and middle or end views are dropped with a warning
// rather than guessed. Other visibility priorities are dropped silently: the container's priorities are a
// per-view map whose archived form no pair shows, and what a view's priority changes (whether it is detached
// when the stack view is too small) is a layout-time matter.

extension AppKitCompiler {
    static let stackViewMustHoldPriority = 1000.0
    static let stackViewDefaultSpacing = 3.4028234663852886e+38

    /// Warns about custom spacings and middle or end gravity-area views that the stack view's archive leaves out.
    func warnUnarchivedStackSettings(_ node: XIBNode) {
        for list in node.children {
            switch list.name {
            case "customSpacing":
                if let c = list.children.first(where: { $0.double("value").map { Float($0) != Float(Self.stackViewDefaultSpacing) } ?? false }) {
                    ctx.warning(at: c, "<stackView> custom spacing \(c.peek("value") ?? "") after a view is not archived (only the default spacing is supported)")
                }
            case "middleViews", "endViews":
                if !list.children.isEmpty {
                    ctx.warning(at: list, "<stackView> <\(list.name)> are archived in the beginning gravity area")
                }
            default: continue
            }
        }
    }
}

extension AppKitCompiler {
    /// NSStackViewSecondaryAlignment: where the views sit across the stacking axis, as a gravity — 1 at the
    /// start (top or leading), 2 on the first baseline, 3 centred, 4 at the end (bottom or trailing), 5 on the
    /// last baseline. Two pairs confirm leading (1) and centerY (3); the other values are that reading of the
    /// key. nil for an alignment without a gravity (width, height) or none: the orientation's default then.
    func stackSecondaryAlignment(_ alignment: String?) -> Int? {
        switch alignment {
        case "top", "leading", "left": return 1
        case "firstBaseline": return 2
        case "centerX", "centerY": return 3
        case "bottom", "trailing", "right": return 4
        case "lastBaseline", "baseline": return 5
        default: return nil
        }
    }
}
