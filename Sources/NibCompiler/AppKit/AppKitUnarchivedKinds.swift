import XIB

/// Interface Builder data the AppKit compiler reads but does not archive because no trustworthy source gives its
/// archived form. Each is consumed (so the generic "not supported" report does not repeat it) and reported once
/// with the reason; the warning names the kind so `scripts/breadth-sweep.sh` still counts it.
extension AppKitCompiler {
    /// `<accessibilityConnection property="title|link" destination=…>` in a view's `<connections>`.
    ///
    /// AppKit's class for it is NSNibAXRelationshipConnector, an NSNibConnector subclass with no state of its
    /// own (runtime headers), so its keys would be NSNibConnector's (`NSSource`, `NSDestination`, `NSLabel`). What
    /// is unknown: the label string (the XIB's `title`/`link`, or the accessibility attribute names
    /// `AXTitleUIElement`/`AXServesAsTitleForUIElements`/`AXLinkedUIElements`), which end of the relationship is
    /// the source, and whether the connector sits in `NSConnections` or in `NSAccessibilityConnectors` with the
    /// attribute connectors. No Apple-compiled pair in the corpus holds one, so nothing is archived.
    func skipAccessibilityRelationship(_ connection: XIBNode) {
        ctx.warning(at: connection, "connection <accessibilityConnection> (NSNibAXRelationshipConnector) is not archived: no Apple-compiled nib shows its label or the connector list that holds it; ignored")
        ctx.ignore(connection)
    }

    /// `<textField setsMaxLayoutWidthAtFirstLayout="YES">`: Interface Builder's "First Runtime Layout" choice
    /// for a wrapping field's preferred width (the explicit choice is `preferredMaxLayoutWidth`, archived as
    /// `NSPreferredMaxLayoutWidth`). Interface Builder's own name for it is an external design-time property
    /// (`ibExternalSetsMaxLayoutWidthAtFirstLayout`), and no Apple-compiled pair in the corpus holds a field with it,
    /// so neither a coder key nor a runtime-attribute form is known; the field is archived without it.
    func skipFirstLayoutWidth(_ field: XIBNode) {
        guard field.peek("setsMaxLayoutWidthAtFirstLayout") != nil else { return }
        field.markUsed("setsMaxLayoutWidthAtFirstLayout")
        ctx.warning(at: field, "<textField setsMaxLayoutWidthAtFirstLayout>: the first-layout preferred width is not archived: no Apple-compiled nib shows its key; ignored")
    }

    /// `<edgeInsets key="contentInsets">` of a scroll view (with `automaticallyAdjustsContentInsets="NO"`): the
    /// NSScrollView `contentInsets` property (macOS 10.10). Neither an Apple-compiled pair nor GNUstep's
    /// NSScrollView coder shows how it is archived (the scroll-view samples only show
    /// `NSAutomaticallyAdjustsContentInsets` and, for a table header, the clip view's bounds), so it is not archived.
    func skipScrollViewContentInsets(_ scrollView: XIBNode) {
        guard let insets = scrollView.children.first(where: { $0.isNamed("edgeInsets") && $0.peek("key", is: "contentInsets") })
        else { return }
        ctx.warning(at: insets, "<scrollView> <edgeInsets key=\"contentInsets\">: the content insets are not archived: no Apple-compiled nib shows their key; ignored")
        ctx.ignore(insets)
    }

    /// Attributes whose archived form no trustworthy source gives, per element (`"*"`: any view), with the reason
    /// the warning states. Each is consumed by `skipUnevidencedAttributes` and reported once.
    ///
    /// - `alphaValue` (NSView `alphaValue`): no Apple-compiled pair has a view with it and no open NSView coder in
    ///   reach gives its key; a key seen only in other nib writers is not evidence of what AppKit reads.
    /// - `<window separatorStyle>` (NSWindow `titlebarSeparatorStyle`): NSWindowTemplate's key for it is not in any
    ///   pair or open coder in reach (the split view item's `NSTitlebarSeparatorStyle` belongs to NSSplitViewItem).
    /// - `<textFieldCell userInterfaceLayoutDirection>` (NSCell `userInterfaceLayoutDirection`): the cell samples
    ///   all have the default, so neither an NSCellFlags bit nor a key for right-to-left is known.
    /// - `<textView baseWritingDirection>`: a text view keeps it in its default paragraph style
    ///   (`NSDefaultParagraphStyle`), which is nil in all 9 text-view samples; the paragraph style's own
    ///   writing-direction key is not in any pair either.
    static let unevidencedAttributes: [String: [(attribute: String, reason: String)]] = [
        "*": [("alphaValue", "the view's alpha is not archived: no Apple-compiled nib or open NSView coder in reach shows its key")],
        "window": [("separatorStyle", "the title bar separator style is not archived: no Apple-compiled nib or open NSWindowTemplate coder in reach shows its key")],
        "textFieldCell": [("userInterfaceLayoutDirection", "the cell's layout direction is not archived: every cell sample has the default, so its flag or key is unknown")],
        "textView": [("baseWritingDirection", "the base writing direction is not archived: it lives in the default paragraph style, nil in every text-view sample, and no sample shows its key")],
    ]

    /// Consumes and reports the attributes of `node` listed in `unevidencedAttributes`.
    func skipUnevidencedAttributes(_ node: XIBNode) {
        for table in [Self.unevidencedAttributes["*"], Self.unevidencedAttributes[node.name]] {
            for (attribute, reason) in table ?? [] {
                // Unread only: a storyboard view archived in two nibs reports once.
                guard let value = node.peek(attribute), node.unusedAttributes.contains(attribute) else { continue }
                node.markUsed(attribute)
                ctx.warning(at: node, "<\(node.name) \(attribute)='\(value)'>: \(reason); ignored")
            }
        }
    }

    /// `<action trigger="doubleAction">` (a table view's double-click action). The plain action connector sets a
    /// control's target and primary action, so archiving this one as it would make a single click send the
    /// double-click selector; no Apple-compiled pair shows the connector that sets `doubleAction`, so it is
    /// dropped with a warning. Returns whether the connection was dropped.
    func skipTriggeredAction(_ action: XIBNode) -> Bool {
        guard let trigger = action.peek("trigger"), trigger != "action" else { return false }
        action.markUsed("trigger")
        ctx.warning(at: action, "<action trigger='\(trigger)'>: an action for a trigger other than the primary action is not archived: no Apple-compiled nib shows its connector (as a plain action it would replace the primary action); ignored")
        ctx.ignore(action)
        return true
    }
}
