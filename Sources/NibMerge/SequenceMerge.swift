/// Orders merged children: one side's order, with the other side's additions placed after the child they
/// follow on that side.
enum SequenceMerge {
    /// `primary`'s surviving children in its order, then each of `secondary`'s surviving children not yet
    /// placed, inserted after the closest child preceding it in `secondary` (at the front when none does).
    /// `decided` holds the surviving children by key.
    static func order(primary: [String], secondary: [String], base: [String],
                      decided: [String: MergedChild]) -> [MergedChild] {
        var keys: [String] = []
        keys.reserveCapacity(decided.count)
        var placed = Set<String>()
        for key in primary where decided[key] != nil && placed.insert(key).inserted { keys.append(key) }
        if placed.count < decided.count {
            var previous: String? = nil
            for key in secondary {
                defer { if placed.contains(key) { previous = key } }
                guard decided[key] != nil, !placed.contains(key) else { continue }
                let at = previous.flatMap { p in keys.firstIndex(of: p).map { $0 + 1 } } ?? 0
                keys.insert(key, at: at)
                placed.insert(key)
            }
        }
        return keys.compactMap { decided[$0] }
    }
}
