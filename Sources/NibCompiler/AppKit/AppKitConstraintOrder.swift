import XIB

/// The order of a view's `NSViewConstraints`, the same in a main archive and in a prototype cell's nested nib.
///
/// ibtool groups the constraints as it does UIKit's (ConstraintOrder.swift): by their *key view*, the first
/// item, or the second when the first is the owning view (constraints with no other view, or to the owner's
/// layout guide, form the owner's group); the groups are ordered by the distance of the key view's frame
/// origin from the owner's top-left corner. AppKit frames are bottom-up, so the origin measured is the key
/// view's top-left corner (y' = owner height − y − height); two key views at the same distance keep document
/// order, each with its constraints together. Inside a group, the constraints that tie the key view to its
/// container come before those relating it to other views, and a view's own width constraint comes before
/// its own height constraint. Then the constraints are ordered by the attribute they tie the key view *to* (the
/// other item's attribute: `A.leading = B.trailing` ties A to a trailing edge): center X, trailing, center Y,
/// leading, bottom, top, then any other attribute; the rest keeps document order (= id order).
///
/// Evidence (scripts/evidence/appkit-constraint-order-evidence.py, every Apple array of two or more
/// constraints in the AppKit pairs, main and nested archives: 46 arrays from 4 documents): the group order
/// fits 46 of 46; the whole order is exact for 43 (without the attribute order: 34; document order alone: 6).
/// The attribute order is not explained by a source; it is what the arrays show, and it predicts documents it
/// was not fitted to: fitted on all documents but one, it orders the left-out document's arrays as well as
/// when fitted on all (43 of 46 over the four documents, against 34). Center X and trailing never meet in one
/// group, so their relative order is unconfirmed; left, right, baselines and sizes relative to another view
/// appear in no group and come after the six. The three arrays it misses: two views with identical frames
/// whose groups Apple orders by document order in one nib and the other way in the main archive (the same
/// cell view), and a `≥` constraint archived before an `=` one to the same edge (one cell view, archived twice).
struct AppKitConstraintOrder {
    /// The owning view.
    let owner: XIBNode
    /// Resolves a constraint item id to its element.
    let element: (String) -> XIBNode?

    /// `constraints` (the owner's `<constraint>` elements, in document order) in archive order.
    func ordered(_ constraints: [XIBNode]) -> [XIBNode] {
        let ownerID = owner.peek("id")
        var distances: [Int: Double] = [:]
        let keyed = constraints.enumerated().map { position, c -> (node: XIBNode, key: SortKey) in
            let first = c.peek("firstItem").flatMap { $0 == ownerID ? nil : $0 }
            let second = c.peek("secondItem").flatMap { $0 == ownerID ? nil : $0 }
            let keyView = (first ?? second).flatMap(element).flatMap { isGuide($0) ? nil : $0 }
            let distance = keyView.map { view in
                if let known = distances[view.order] { return known }
                let d = distanceSquared(of: view)
                distances[view.order] = d
                return d
            } ?? -1
            // The other item: nil (the owner or none) ties the key view to its container.
            let otherID = first == nil ? nil : second
            let toContainer = otherID.flatMap(element).map(isGuide) ?? true
            // A size constraint of its own (no second attribute): width before height.
            let ownSize = c.peek("secondAttribute") == nil
                ? (c.peek("firstAttribute", is: "width") ? 0 : c.peek("firstAttribute", is: "height") ? 1 : 2) : 2
            // The attribute on the other side: the second item's when the key view is the first item.
            let otherAttribute = first != nil ? c.peek("secondAttribute") : c.peek("firstAttribute")
            let rank = otherAttribute.flatMap { Self.otherAttributeRank[$0] } ?? Self.otherAttributeRank.count
            return (c, SortKey(distance: distance, keyView: keyView?.order ?? -1, toContainer: toContainer,
                               ownSize: ownSize, otherAttribute: rank, position: position))
        }
        return keyed.sorted { $0.key < $1.key }.map(\.node)
    }

    /// Inside a group, the order of the attribute a constraint ties the key view to (see the type's comment).
    static let otherAttributeRank: [String: Int] = ["centerX": 0, "trailing": 1, "centerY": 2, "leading": 3, "bottom": 4, "top": 5]

    /// A constraint's place: group (distance, then key view), container constraints first, own width before
    /// height, the attribute tied to, document position.
    private struct SortKey: Comparable {
        var distance: Double, keyView: Int, toContainer: Bool, ownSize: Int, otherAttribute: Int, position: Int

        static func < (a: Self, b: Self) -> Bool {
            if a.distance != b.distance { return a.distance < b.distance }
            if a.keyView != b.keyView { return a.keyView < b.keyView }
            if a.toContainer != b.toContainer { return a.toContainer }
            if a.ownSize != b.ownSize { return a.ownSize < b.ownSize }
            if a.otherAttribute != b.otherAttribute { return a.otherAttribute < b.otherAttribute }
            return a.position < b.position
        }
    }

    private func isGuide(_ n: XIBNode) -> Bool { n.isNamed("viewLayoutGuide") || n.isNamed("layoutGuide") }

    /// Squared distance of `view`'s top-left corner from the owner's, walking up through `<subviews>` and
    /// flipping each frame inside its superview's height.
    private func distanceSquared(of view: XIBNode) -> Double {
        var x = 0.0, y = 0.0
        var node: XIBNode? = view
        while let n = node, n != owner {
            if !n.element.isNamed("subviews"), let frame = Self.frame(of: n) {
                // The superview: the element holding the `<subviews>` list that holds `n`.
                let superview = n.parent.flatMap { $0.element.isNamed("subviews") ? $0.parent : nil }
                let height = superview.flatMap { Self.frame(of: $0) }?.h ?? 0
                x += frame.x
                y += superview == nil ? frame.y : height - frame.y - frame.h
            }
            node = n.parent
        }
        return x * x + y * y
    }

    private static func frame(of n: XIBNode) -> (x: Double, y: Double, h: Double)? {
        guard let r = n.children.first(where: { $0.element.isNamed("rect") && $0.peek("key", is: "frame") }) else { return nil }
        return (r.peekDouble("x") ?? 0, r.peekDouble("y") ?? 0, r.peekDouble("height") ?? 0)
    }
}
