import NibArchive

/// The order of `UINibObjectsKey` (UIKIT-MAPPING §2.3).
///
/// Breadth first, as §2.3 describes (the walk here was depth first before): the top-level objects, then each listed object's block of children (keyed
/// children, constraints, subviews; `objectListChildren`) in the order the objects were listed.
/// A constraint's block is its first and second item: a view referenced by a constraint held
/// higher up than its superview (root constraint → grandchild) is listed right after that
/// constraint's holder's block has been read, before its own superview's constraints.
///
/// Evidence (Apple-compiled xib and storyboard nibs of the corpus): 11 of 11 subviews referenced by
/// a constraint of an ancestor of their superview come before the superview's constraints, 312 of
/// 312 others after (the 83 table-cell content view subviews aside, `subviewsFirstInObjectList`);
/// the claimed views come in the order of their first reference (Onboarding: six labels in
/// constraint order). Breadth first rather than depth first: NotificationView and OmniBar list a
/// later sibling's block before an earlier sibling's grandchildren (strict 0.9589 → 1.0, 0.9468 →
/// 0.9942); the constraint items: TabView 4.1.0 and 7.0.0, NotificationView.
extension UIKitCompiler {
    func objectListOrder(topLevel: [Int]) -> [Int] {
        // Membership as flags per object index (the lists hold graph indices): two hashed sets cost
        // 3 % of a XIB compile.
        // The compiler's tables read once, not through the class at every object (exclusivity checks, an object
        // copied out per call: a storyboard writes this list for every nib).
        let objects = b.graph.objects
        let children = objectListChildren
        let count = objects.count
        // Which objects are listed at all: the top level and the closure of their blocks.
        var listed = [Bool](repeating: false, count: count)
        for i in topLevel { listed[i] = true }
        var pending = topLevel
        while let i = pending.popLast() {
            for k in children[i] ?? [] where !listed[k] {
                listed[k] = true
                pending.append(k)
            }
        }
        // A block is read in place (the children list, then a constraint's listed items): building it as
        // an array, and copying the object out of the graph to read its items, allocated per listed object.
        var all = topLevel
        var seen = [Bool](repeating: false, count: count)
        for i in topLevel { seen[i] = true }
        func visit(_ k: Int) {
            if !seen[k] {
                seen[k] = true
                all.append(k)
            }
        }
        objects.withUnsafeBufferPointer { objects in
            var head = 0
            while head < all.count {
                let i = all[head]
                head += 1
                if let kids = children[i] { for k in kids { visit(k) } }
                guard objects[i].className == "NSLayoutConstraint" else { continue }
                if let item = objects[i].value(forKey: "NSFirstItem")?.objectIndex, listed[item] { visit(item) }
                if let item = objects[i].value(forKey: "NSSecondItem")?.objectIndex, listed[item] { visit(item) }
            }
        }
        return all
    }
}
