import XIB

/// "Did you mean" for an attribute name: the closest name the compiler read on elements of the same name.
///
/// Runs only when an attribute went unread, and allocates nothing but the result: the compile benchmarks
/// gate allocation counts, and a corpus document with one unsupported attribute must not move them.
enum AttributeSuggestion {
    /// The attribute read on some `<elementName>` in the document that is nearest to `name` (edit distance
    /// over UTF-8 bytes, ASCII letter case ignored): at most 1 edit away for names up to 5 bytes, 2 for
    /// longer ones. Ties go to the first in document order, so the suggestion is deterministic.
    static func closest(to name: String, on elementName: String, in root: XIBNode) -> String? {
        let limit = name.utf8.count <= 5 ? 1 : 2
        var best: (distance: Int, name: String)? = nil
        // A flat scan of the element store comparing interned names (a walk building a node per element
        // made the suggestions most of the cost of reporting).
        let tree = root.tracker.document.tree
        guard let target = tree.name(elementName) else { return nil }
        let elements = tree.elements
        // Each distinct name is measured once (hundreds of elements read the same few names); the seen-set is
        // temporary memory, on the stack for documents of usual size.
        return withUnsafeTemporaryAllocation(of: Bool.self, capacity: root.nameCount) { seen in
            seen.initialize(repeating: false)
            for i in root.order..<root.element.descendants.endIndex where elements[i].xmlName == target {
                root.tracker.node(elements[i]).forEachReadAttribute { id, candidate in
                    guard !seen[id] else { return }
                    seen[id] = true
                    guard candidate != name else { return }
                    let d = distance(name, candidate, limit: limit)
                    if d <= limit && (best == nil || d < best!.distance) { best = (d, candidate) }
                }
            }
            return best?.name
        }
    }

    /// Levenshtein distance between the UTF-8 bytes of `a` and `b` with ASCII letters folded to lower case,
    /// or `limit + 1` as soon as it must exceed `limit`. Two rows of stack memory, no heap allocation.
    static func distance(_ a: String, _ b: String, limit: Int) -> Int {
        var a = a, b = b
        return a.withUTF8 { x in
            b.withUTF8 { y in
                if abs(x.count - y.count) > limit { return limit + 1 }
                if x.isEmpty || y.isEmpty { return max(x.count, y.count) }
                return withUnsafeTemporaryAllocation(of: Int.self, capacity: 2 * (y.count + 1)) { rows in
                    var previous = rows.baseAddress!, current = previous + (y.count + 1)
                    for j in 0...y.count { previous[j] = j }
                    for i in 1...x.count {
                        current[0] = i
                        var rowMin = i
                        for j in 1...y.count {
                            let cost = fold(x[i - 1]) == fold(y[j - 1]) ? 0 : 1
                            current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                            rowMin = min(rowMin, current[j])
                        }
                        if rowMin > limit { return limit + 1 }
                        swap(&previous, &current)
                    }
                    return previous[y.count]
                }
            }
        }
    }

    private static func fold(_ byte: UInt8) -> UInt8 { byte >= 65 && byte <= 90 ? byte + 32 : byte }
}
