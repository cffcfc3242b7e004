/// What changed about one view between two renderings.
public enum ChangeKind: String, Sendable, Hashable, CaseIterable {
    /// The view is on one side only.
    case added, removed
    /// The frame's origin in the parent (or the parent) changed; the frame's size changed.
    case moved, resized
    /// Colour, font size, image or class.
    case restyled
    /// The text drawn.
    case retexted
    /// Shown or hidden.
    case hidden
    /// Interface Builder's cached `ambiguous` / `misplaced` flags.
    case flags
}

/// One changed view.
public struct ViewChange: Sendable, Hashable {
    /// The view's id (XIB id or tree path).
    public var id: String
    /// What changed, in `ChangeKind` order.
    public var kinds: [ChangeKind]
    /// The view before (nil when added).
    public var before: RenderBox?
    /// The view after (nil when removed).
    public var after: RenderBox?
    /// One line per changed property: `frame 0 0 10 10 → 5 0 10 10`.
    public var details: [String]

    /// The box to name the view by.
    public var box: RenderBox? { after ?? before }
    /// The kind that colours the mark.
    public var primary: ChangeKind { kinds.first ?? .restyled }
}

/// The visible difference of two renderings of a document: views matched by id (a XIB's ids, or a nib's tree
/// paths), compared by frame in the parent (so a moved container does not mark its subviews), style, text,
/// hidden state and Interface Builder's flags. Storyboard scenes moved on the canvas are listed apart and do not
/// count as a change; edges and sizes within `tolerance` and colours within 1/255 compare equal.
public struct RenderDiff: Sendable {
    /// The old rendering.
    public var before: RenderDocument
    /// The new rendering.
    public var after: RenderDocument
    /// Changed views: the new document's order, then removed views in the old order.
    public var changes: [ViewChange]
    /// Scenes whose place on the storyboard canvas changed (not a change of the app).
    public var canvasMoves: [String]
    /// Segues added, removed or changed, one line each.
    public var segueChanges: [String]

    /// True when nothing a user sees changed.
    public var isEquivalent: Bool { changes.isEmpty && segueChanges.isEmpty }

    /// The mark of each changed view's id.
    public var marks: [String: ChangeKind] {
        var out: [String: ChangeKind] = [:]
        for c in changes { out[c.id] = c.primary }
        return out
    }

    /// Whether two renderings of documents must both be drawn at their design-time frames to be compared: one of
    /// them is drawn so because it does not compile (`RenderDocument.geometryNote`) and the other is not, so the
    /// views its compiled layout adds or moves would be listed as changes the document does not make.
    public static func needsDesignFrames(_ before: RenderDocument, _ after: RenderDocument) -> Bool {
        (before.geometryNote == nil) != (after.geometryNote == nil)
    }

    /// Compares two renderings; views only a compiled layout has (`RenderBox.isLayoutDerived`) are not compared.
    public init(_ before: RenderDocument, _ after: RenderDocument, tolerance: Double = 0.5) {
        self.before = before
        self.after = after
        var old: [String: RenderBox] = [:]
        for b in before.boxes where old[b.id] == nil && !b.isLayoutDerived { old[b.id] = b }
        var seen = Set<String>()
        var changes: [ViewChange] = []
        var canvasMoves: [String] = []
        let n = TextFormatting.rect
        for b in after.boxes where !b.isLayoutDerived && seen.insert(b.id).inserted {
            guard let a = old[b.id] else {
                changes.append(ViewChange(id: b.id, kinds: [.added], before: nil, after: b, details: ["added at \(n(b.frame))"]))
                continue
            }
            var kinds: [ChangeKind] = [], details: [String] = []
            if b.kind == .scene {
                if !a.rect.offsetBy(b.rect.x - a.rect.x, b.rect.y - a.rect.y).isClose(to: b.rect, tolerance: tolerance) {
                    kinds.append(.resized); details.append("size \(n(a.rect)) → \(n(b.rect))")
                } else if !a.rect.isClose(to: b.rect, tolerance: tolerance) {
                    canvasMoves.append(b.id)
                }
            } else {
                let movedOrigin = abs(a.frame.x - b.frame.x) > tolerance || abs(a.frame.y - b.frame.y) > tolerance || a.parent != b.parent
                let resized = abs(a.frame.width - b.frame.width) > tolerance || abs(a.frame.height - b.frame.height) > tolerance
                if movedOrigin { kinds.append(.moved) }
                if resized { kinds.append(.resized) }
                if movedOrigin || resized {
                    details.append("frame \(n(a.frame)) → \(n(b.frame))" + (a.parent != b.parent ? " (new parent \(b.parent ?? "none"))" : ""))
                }
            }
            var styled = false
            func style(_ name: String, _ x: String?, _ y: String?) {
                if x != y { styled = true; details.append("\(name) \(x ?? "none") → \(y ?? "none")") }
            }
            style("class", a.className, b.className)
            style("fill", a.fill?.text, b.fill?.text)
            style("border", a.border?.text, b.border?.text)
            style("text colour", a.textColor?.text, b.textColor?.text)
            style("font size", a.fontSize.map(TextFormatting.number), b.fontSize.map(TextFormatting.number))
            style("image", a.image, b.image)
            style("alignment", a.textAlignment, b.textAlignment)
            if styled { kinds.append(.restyled) }
            if a.text != b.text || a.textIsPlaceholder != b.textIsPlaceholder || a.detail != b.detail {
                kinds.append(.retexted)
                if a.text != b.text || a.textIsPlaceholder != b.textIsPlaceholder {
                    details.append("text \(a.text.map { "\"\(TextFormatting.short($0))\"" } ?? "none") → \(b.text.map { "\"\(TextFormatting.short($0))\"" } ?? "none")")
                }
                if a.detail != b.detail { details.append("key equivalent \(a.detail ?? "none") → \(b.detail ?? "none")") }
            }
            if a.isHidden != b.isHidden { kinds.append(.hidden); details.append(b.isHidden ? "hidden" : "shown") }
            if a.ambiguous != b.ambiguous || a.misplaced != b.misplaced {
                kinds.append(.flags)
                details.append("flags ambiguous \(a.ambiguous) → \(b.ambiguous), misplaced \(a.misplaced) → \(b.misplaced)")
            }
            if !kinds.isEmpty { changes.append(ViewChange(id: b.id, kinds: kinds, before: a, after: b, details: details)) }
        }
        for a in before.boxes where !a.isLayoutDerived && !seen.contains(a.id) {
            seen.insert(a.id)
            changes.append(ViewChange(id: a.id, kinds: [.removed], before: a, after: nil, details: ["removed from \(n(a.frame))"]))
        }
        self.changes = changes
        self.canvasMoves = canvasMoves

        func describe(_ s: SegueArrow) -> String { "\(s.kind) \(s.from) → \(s.to)" + (s.identifier.map { " \"\($0)\"" } ?? "") }
        var oldArrows: [String: SegueArrow] = [:]
        for s in before.arrows { oldArrows[s.id] = s }
        var segueChanges: [String] = []
        for s in after.arrows {
            if let o = oldArrows.removeValue(forKey: s.id) {
                if o != s { segueChanges.append("segue \(s.id) changed: \(describe(o)) → \(describe(s))") }
            } else {
                segueChanges.append("segue \(s.id) added: \(describe(s))")
            }
        }
        for s in before.arrows where oldArrows[s.id] != nil { segueChanges.append("segue \(s.id) removed: \(describe(s))") }
        if before.initialScene != after.initialScene {
            segueChanges.append("initial controller \(before.initialScene ?? "none") → \(after.initialScene ?? "none")")
        }
        self.segueChanges = segueChanges
    }
}
