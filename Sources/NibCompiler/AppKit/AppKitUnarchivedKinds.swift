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
}
