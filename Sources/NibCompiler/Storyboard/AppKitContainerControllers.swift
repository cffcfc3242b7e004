import NibArchive
import XIB

/// Split view and tab view controllers of a macOS storyboard (`<splitViewController>`, `<tabViewController>`).
///
/// No Apple-compiled storyboard in the corpus has one, so every rule here rests on the keyed coders of GNUstep's
/// libs-gui (the open AppKit reimplementation: `NSSplitViewController`, `NSSplitViewItem`, `NSTabViewController`,
/// `NSTabView`, `NSTabViewItem`), on Apple's AppKit documentation and headers for the meaning and the values of
/// properties, and on the one container relationship the compiled samples show: a window controller's content
/// controller, archived inside the window controller's scene nib, with its own storyboard placeholder, and set
/// through an `NSIBUserDefinedRuntimeAttributesConnector` (keyPath `contentViewController`).
///
/// The same scheme holds the items' controllers: each controller a `splitItems` or `tabItems` relationship segue
/// reaches (a scene of its own in the document) is archived inside the container's scene nib, recursively; its root
/// view stays in its own view nib (`NSNibName`), as every view controller's does. A reference
/// (`controllerPlaceholder`) in an item becomes the `NSStoryboardControllerPlaceholder` its own scene nib holds.
extension AppKitStoryboardBuilder {
    /// The controllers `node`'s relationship segues named `relationship` reach, in document order (the order of
    /// the items they fill, as Interface Builder writes them); the other relationship segues of a split or tab view
    /// controller are reported and not archived.
    func relationshipDestinations(_ node: XIBNode, _ relationship: String, in a: AppKitCompiler) -> [StoryboardController] {
        var out: [StoryboardController] = []
        for connections in node.children where connections.name == "connections" {
            for segue in connections.children where segue.name == "segue" && segue.peek("kind") == "relationship" {
                guard let id = segue.peek("destination"), let child = scenes.byID[id] else { continue }
                if segue.peek("relationship") == relationship {
                    out.append(child)
                } else {
                    warnOnce(a, at: segue, "<segue relationship='\(segue.peek("relationship") ?? "")'> of a <\(node.name)>: only '\(relationship)' relationships are archived; its controller is not")
                }
            }
        }
        return out
    }

    /// Archives `child` inside the current scene nib as a controller of the container `container`, and returns its
    /// object; nil (with a warning at `item`) when the relationships form a cycle back to a controller being
    /// encoded. A controller reached twice is archived once.
    func embedChild(_ child: StoryboardController, container: Int, item: XIBNode, in a: AppKitCompiler,
                    leading: inout [Int], extra: inout [(object: Int, parent: Int)]) -> Int? {
        if embeddingPath.contains(child.id) {
            warnOnce(a, at: item, "<\(item.name)>: its controller '\(child.id)' contains this container (a cycle of relationship segues); not archived")
            return nil
        }
        if a.ctx.isDefined(child.id), let existing = a.ctx.objectIndex(forID: child.id) { return existing }
        if child.isReference {
            let index = a.define(child.node, "NSStoryboardControllerPlaceholder")
            a.finish(index, "NSStoryboardControllerPlaceholder", { var e = Entries(); e.obj("NSStoryboardIdentifier", a.str(child.identifier)); return e }())
            extra.append((index, container))
            return index
        }
        // Each controller object refers to the storyboard placeholder of its own scene (as a window's content does).
        let placeholder = storyboardPlaceholder(a)
        extra.append((placeholder, -1))
        embedded.append(child)
        embeddingPath.append(child.id)
        let index = encodeController(child, in: a, placeholder: placeholder, leading: &leading, extra: &extra)
        embeddingPath.removeLast()
        extra.append((index, container))
        return index
    }

    /// An `NSIBUserDefinedRuntimeAttributesConnector` setting `object`'s properties by key path when the nib loads,
    /// with the key order of the compiled samples' `contentViewController` connector.
    func propertyConnector(_ a: AppKitCompiler, object: Int, _ values: [(keyPath: String, value: Int)]) -> Int {
        var e = Entries()
        e.obj("NSObject", object)
        e.obj("NSValues", a.b.array(values.map(\.value)))
        e.obj("NSKeyPaths", a.b.array(values.map { a.str($0.keyPath) }))
        return a.b.graph.add(NibObject(className: "NSIBUserDefinedRuntimeAttributesConnector", entries: e.list))
    }

    /// A warning about `node`, given once although a controller can be archived in several nibs (its own scene nib
    /// and its container's).
    func warnOnce(_ a: AppKitCompiler, at node: XIBNode, _ message: String) {
        if warnedElements.insert(node.order).inserted { a.ctx.warning(at: node, message) }
    }

    // MARK: Split view controller

    /// `NSSplitViewController` keys (GNUstep's coder): `NSSplitView` (the `<splitView key="splitView">`, archived
    /// in the scene nib with its delegate outlet), `NSSplitViewItems` (an array of `NSSplitViewItem`, the n-th
    /// `<splitViewItem>` holding the controller of the n-th `splitItems` segue) and
    /// `NSMinimumThicknessForInlineSidebars` (a float, `NSSplitViewControllerAutomaticDimension` = -FLT_MAX unless
    /// the document gives `minimumThicknessForInlineSidebars`).
    func splitViewControllerKeys(_ controller: StoryboardController, index: Int, in a: AppKitCompiler, e: inout Entries,
                                 leading: inout [Int], extra: inout [(object: Int, parent: Int)]) {
        let node = controller.node
        if let split = node.child("splitView", key: "splitView") {
            e.obj("NSSplitView", a.encodeView(split, superview: nil))
        }
        let children = relationshipDestinations(node, "splitItems", in: a)
        let itemNodes = node.child("splitViewItems")?.children.filter { $0.isNamed("splitViewItem") } ?? []
        var items: [Int] = []
        for (k, item) in itemNodes.enumerated() {
            let itemIndex = a.define(item, "NSSplitViewItem")
            let child = k < children.count
                ? embedChild(children[k], container: index, item: item, in: a, leading: &leading, extra: &extra) : nil
            if k >= children.count {
                warnOnce(a, at: item, "<splitViewItem> without a 'splitItems' relationship segue: the item has no view controller")
            }
            a.finish(itemIndex, "NSSplitViewItem", splitViewItemKeys(item, controller: child, in: a))
            if let collapses = item.bool("canCollapse") {
                leading.append(propertyConnector(a, object: itemIndex, [("canCollapse", a.b.number(collapses))]))
            }
            a.collectConnections(item, source: itemIndex)
            items.append(itemIndex)
        }
        for child in children.dropFirst(itemNodes.count) {
            warnOnce(a, at: node, "'splitItems' relationship to '\(child.id)' has no <splitViewItem>; its controller is not archived")
        }
        e.obj("NSSplitViewItems", a.b.array(items))
        let minimum = node.double("minimumThicknessForInlineSidebars") ?? -Double(Float.greatestFiniteMagnitude)
        e.float("NSMinimumThicknessForInlineSidebars", minimum)
    }

    /// Every key GNUstep's `NSSplitViewItem` coder writes, in its order, with the defaults of its initializer where
    /// the document is silent (its decoder reads them all unconditionally): the thickness keys
    /// `NSSplitViewItemUnspecifiedDimension` (-1), `NSHoldingPriority` 250 (`NSLayoutPriorityDefaultLow`, Apple's
    /// documented default), `NSAllowsFullHeightLayout` true, the rest zero. Read from the document: `holdingPriority`,
    /// `collapsed`, `separatorStyle` (`NSTitlebarSeparatorStyle`: automatic 0, none 1, line 2, shadow 3, Apple's
    /// enumeration). `canCollapse` has no key in that coder: it is set by key path when the nib loads, as the
    /// documented `canCollapse` property.
    func splitViewItemKeys(_ item: XIBNode, controller: Int?, in a: AppKitCompiler) -> Entries {
        var e = Entries()
        if let controller { e.obj("NSSplitViewItemViewController", controller) } else { e.null("NSSplitViewItemViewController") }
        e.double("NSAutomaticMaximumThickness", -1)
        e.double("NSPreferredThicknessFraction", -1)
        e.double("NSMinimumThickness", -1)
        e.double("NSMaximumThickness", -1)
        e.double("NSHoldingPriority", item.double("holdingPriority") ?? 250)
        e.int("NSCollapseBehavior", 0)
        let separators = ["automatic": 0, "none": 1, "line": 2, "shadow": 3]
        var separator = 0
        if let style = item.peek("separatorStyle") {
            if let value = separators[style] {
                item.markUsed("separatorStyle")
                separator = value
            } else {
                warnOnce(a, at: item, "<splitViewItem separatorStyle='\(style)'> is not a known titlebar separator style; automatic archived")
                item.markUsed("separatorStyle")
            }
        }
        e.int("NSTitlebarSeparatorStyle", separator)
        e.bool("NSSpringLoaded", false)
        e.bool("NSAllowsFullHeightLayout", true)
        e.int("NSBehavior", 0)
        e.bool("NSCollapsed", item.bool("collapsed") ?? false)
        return e
    }

    // MARK: Tab view controller

    /// `NSTabViewController` keys (GNUstep's coder): `NSTabView` (the `<tabView key="tabView">`, archived in the
    /// scene nib) and `NSTabViewControllerCanPropagateSelectedChildViewControllerTitle` (true unless
    /// `canPropagateSelectedChildViewControllerTitle="NO"`, Apple's documented default). The controller's items are
    /// the tab view's (GNUstep's `-tabViewItems` returns the tab view's), so the `<tabViewItems>` are archived in the
    /// tab view's `NSTabViewItems`, and `selectedTabViewItemIndex` (default 0) as its `NSSelectedTabViewItem`.
    /// `tabStyle` and `transitionOptions` have no key in that coder: they are set by key path when the nib loads
    /// (Apple's values: `NSTabViewControllerTabStyle` segmentedControlOnTop 0, segmentedControlOnBottom 1, toolbar 2,
    /// unspecified -1; `NSViewControllerTransitionOptions` flags).
    func tabViewControllerKeys(_ controller: StoryboardController, index: Int, in a: AppKitCompiler, e: inout Entries,
                               leading: inout [Int], extra: inout [(object: Int, parent: Int)]) {
        let node = controller.node
        let children = relationshipDestinations(node, "tabItems", in: a)
        let itemNodes = node.child("tabViewItems")?.children.filter { $0.isNamed("tabViewItem") } ?? []
        guard let tabView = node.child("tabView", key: "tabView") else {
            if !itemNodes.isEmpty || !children.isEmpty {
                warnOnce(a, at: node, "<tabViewController> without <tabView key='tabView'>: its items and their controllers are not archived")
                for item in itemNodes { a.ctx.ignore(item) }
            }
            return
        }
        let tabViewIndex = a.encodeView(tabView, superview: nil)
        var items: [Int] = []
        for (k, item) in itemNodes.enumerated() {
            let itemIndex = a.define(item, "NSTabViewItem")
            var te = Entries()
            // GNUstep's NSTabViewItem coder: NSIdentifier, NSLabel, NSView, NSColor, NSTabView. The view is the
            // controller's (loaded from its view nib), so none is archived; the colour is the one nibc writes for
            // a XIB's tab view items.
            if let identifier = item["identifier"] { te.obj("NSIdentifier", a.str(identifier)) }
            // `<nil key="label">` (a label cleared in Interface Builder) archives as the empty label an absent one does.
            if let empty = item.children.first(where: { $0.name == "nil" && $0.peek("key") == "label" }) { a.ctx.ignore(empty) }
            te.obj("NSLabel", a.str(item["label"] ?? ""))
            te.obj("NSColor", a.catalogColor("System", "controlColor"))
            te.add("NSTabView", .conditionalObject(tabViewIndex))
            a.finish(itemIndex, "NSTabViewItem", te)
            item.markUsed("userLabel")
            var properties: [(keyPath: String, value: Int)] = []
            if k < children.count, let child = embedChild(children[k], container: index, item: item, in: a, leading: &leading, extra: &extra) {
                // Apple's NSTabViewItem has a `viewController` property and GNUstep's coder no key for it.
                properties.append(("viewController", child))
            } else if k >= children.count {
                warnOnce(a, at: item, "<tabViewItem> without a 'tabItems' relationship segue: the item has no view controller")
            }
            // `image` and `toolTip` are documented NSTabViewItem properties without a key in GNUstep's coder.
            if let image = item["image"] {
                properties.append(("image", a.imageResource(image, catalog: item["catalog"], owner: item)))
            }
            if let tip = item["toolTip"] { properties.append(("toolTip", a.str(tip))) }
            if !properties.isEmpty { leading.append(propertyConnector(a, object: itemIndex, properties)) }
            a.collectConnections(item, source: itemIndex)
            items.append(itemIndex)
        }
        for child in children.dropFirst(itemNodes.count) {
            warnOnce(a, at: node, "'tabItems' relationship to '\(child.id)' has no <tabViewItem>; its controller is not archived")
        }
        // The tab view element lists no items of its own: the controller's are its items.
        let selected = a.ctx.integer(node, "selectedTabViewItemIndex") ?? 0
        var entries = a.b.graph.objects[tabViewIndex].entries
        if let at = entries.firstIndex(where: { $0.key == "NSTabViewItems" }) {
            entries[at].value = .object(a.b.mutableArray(items))
        } else {
            entries.append(NibEntry(key: "NSTabViewItems", value: .object(a.b.mutableArray(items))))
        }
        entries.removeAll { $0.key == "NSSelectedTabViewItem" }
        if !items.isEmpty {
            if selected >= 0, selected < items.count {
                let at = (entries.firstIndex { $0.key == "NSTabViewItems" } ?? entries.count - 1) + 1
                entries.insert(NibEntry(key: "NSSelectedTabViewItem", value: .object(items[Int(selected)])), at: at)
            } else {
                warnOnce(a, at: node, "selectedTabViewItemIndex '\(selected)' names no <tabViewItem>; no tab is selected")
            }
        }
        a.b.graph.objects[tabViewIndex].entries = entries
        e.obj("NSTabView", tabViewIndex)
        e.bool("NSTabViewControllerCanPropagateSelectedChildViewControllerTitle", node.bool("canPropagateSelectedChildViewControllerTitle") ?? true)

        var properties: [(keyPath: String, value: Int)] = []
        if let style = node.peek("tabStyle") {
            let styles: [String: Int64] = ["segmentedControlOnTop": 0, "segmentedControlOnBottom": 1, "toolbar": 2, "unspecified": -1]
            if let value = styles[style] {
                node.markUsed("tabStyle")
                properties.append(("tabStyle", a.b.number(value)))
            }
        }
        if let options = node.child("viewControllerTransitionOptions", key: "transitionOptions") {
            properties.append(("transitionOptions", a.b.number(transitionOptions(options, in: a))))
        }
        if !properties.isEmpty { leading.append(propertyConnector(a, object: index, properties)) }
    }

    /// `<viewControllerTransitionOptions>` → `NSViewControllerTransitionOptions` (Apple's flag values, which GNUstep's
    /// header repeats): crossfade 0x1, slideUp 0x10, slideDown 0x20, slideLeft 0x40, slideRight 0x80,
    /// slideForward 0x140, slideBackward 0x180, allowUserInteraction 0x1000.
    func transitionOptions(_ node: XIBNode, in a: AppKitCompiler) -> Int64 {
        let flags: [(String, Int64)] = [("crossfade", 0x1), ("slideUp", 0x10), ("slideDown", 0x20), ("slideLeft", 0x40),
                                        ("slideRight", 0x80), ("slideForward", 0x140), ("slideBackward", 0x180),
                                        ("allowUserInteraction", 0x1000)]
        var value: Int64 = 0
        for (name, flag) in flags where node.bool(name) == true { value |= flag }
        node.visited = true
        return value
    }
}
