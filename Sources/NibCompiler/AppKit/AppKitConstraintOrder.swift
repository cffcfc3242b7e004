import XIB

/// The order of a view's `NSViewConstraints`, the same in a main archive and in a prototype cell's nested nib.
///
/// ibtool groups the constraints as it does UIKit's (ConstraintOrder.swift): by their *key view*, the first
/// item, or the second when the first is the owning view (constraints with no other view, or to the owner's
/// layout guide, form the owner's group); the groups are ordered by the distance of the key view's frame
/// origin from the owner's top-left corner. AppKit frames are bottom-up, so the origin measured is the key
/// view's top-left corner (y' = owner height − y − height). Inside a group, the constraints that tie the key
/// view to its container come before those relating it to other views, and a view's own width constraint
/// comes before its own height constraint; everything else keeps document order (= id order).
///
/// Evidence (scripts/evidence/appkit-constraint-order-evidence.py, every Apple array of two or more
/// constraints in the AppKit pairs, main and nested archives): the group order fits 46 of 46 arrays;
/// the whole order is exact for 34 (document order: 6, and none of those 6 changes). The other 12 order
/// constraints inside a group in a way the document does not reveal (container constraints by attribute:
/// trailing, centers, leading, bottom, top — seen in 10 groups, no rule found that also covers siblings).
struct AppKitConstraintOrder {
    /// The owning view.
    let owner: XIBNode
    /// Resolves a constraint item id to its element.
    let element: (String) -> XIBNode?

    /// `constraints` (the owner's `<constraint>` elements, in document order) in archive order.
    func ordered(_ constraints: [XIBNode]) -> [XIBNode] {
        let ownerID = owner.peek("id")
        var distances: [Int: Double] = [:]
        let keyed = constraints.enumerated().map { position, c -> (node: XIBNode, key: (Double, Int, Int, Int)) in
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
            let ownSize = c.peek("secondAttribute") == nil && first == nil && second == nil
                ? (c.peek("firstAttribute", is: "width") ? 0 : c.peek("firstAttribute", is: "height") ? 1 : 2) : 2
            return (c, (distance, toContainer ? 0 : 1, ownSize, position))
        }
        return keyed.sorted { $0.key < $1.key }.map(\.node)
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
