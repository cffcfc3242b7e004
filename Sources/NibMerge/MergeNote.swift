/// A decision a rule made where the two sides met (a layout rule, see `LayoutRules`, a XIB 2 `maxID` or the order
/// of a XIB 2 document's object records): not a conflict, but reported so the person merging knows which side's
/// value the result has and why.
public struct MergeNote: Sendable, Equatable, Codable {
    /// Which rule decided.
    public enum Rule: String, Sendable, Codable {
        /// Both sides changed a frame differently; the frame of the only side that changed the constraints was
        /// taken.
        case framesFollowConstraints = "frames-follow-constraints"
        /// One side deleted an element the other side changed only in layout geometry; the deletion was honoured.
        case deletedViewGeometry = "deleted-view-geometry"
        /// Both sides changed a frame coordinate to values less than `LayoutRules.coordinateTolerance` apart;
        /// OURS' was kept.
        case roundingNoise = "rounding-noise"
        /// Both sides raised a XIB 2 object container's `maxID` differently; the larger was kept.
        case largerMaxID = "larger-max-id"
        /// Both sides saved a window with a different screen rect (the screen of the Mac that saved it); OURS'
        /// was kept.
        case savingScreen = "saving-screen"
        /// Both sides reordered a XIB 2 document's object records (an unordered set); OURS' order was kept.
        case recordOrder = "record-order"
    }

    public var rule: Rule
    /// The object the decision is about: the closest element with an `id`.
    public var object: MergeConflict.Object
    /// The element decided when it is not the object itself, e.g. `rect key="frame"`.
    public var part: String?
    /// The side whose version the result has: the one whose frame (or coordinate) was taken, or the one that
    /// deleted.
    public var side: MergeSide
    /// The line in OURS (1-based), or 0 when the element is not in OURS.
    public var line: Int
    /// One sentence saying what was decided and why.
    public var message: String
}

extension MergeNote: CustomStringConvertible {
    /// One line: the rule, the object, the part and the decision.
    public var description: String {
        var s = "\(rule.rawValue): \(object)"
        if let part { s += " <\(part)>" }
        return s + ": \(message)"
    }
}
