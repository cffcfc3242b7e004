import XIB

/// What `UIKitCompiler.prepare` collects from a storyboard's document, collected once per document and
/// given to the compiler of every nib and prototype cell: preparing each of them walked the document's
/// resources and design device again (a storyboard makes a compiler per nib, per prototype cell and per
/// scene). The attributes and elements `prepare` marks read stay marked: the nibs share one read tracker.
///
/// `StoryboardPreparedStateTests` checks that a compiler given this state equals one that ran `prepare`,
/// so a field `prepare` starts to set fails there instead of silently differing here.
struct PreparedUIKitDocument {
    let colorMatched: Bool
    let designTraits: DesignTraits?
    let constraintItemIDs: Set<String>
    let namedColors: [String: XIBNode]
    let systemColors: [String: XIBNode]

    /// Runs `prepare` once over `context`'s document (no object is created: `prepare` only reads).
    init(context: CompileContext) {
        let c = UIKitCompiler(context: context)
        c.prepare(context.document)
        colorMatched = c.colorMatched
        designTraits = c.designTraits
        constraintItemIDs = c.constraintItemIDs
        namedColors = c.namedColors
        systemColors = c.systemColors
    }

    /// Gives `c` the state `prepare` would have given it.
    func apply(to c: UIKitCompiler) {
        c.colorMatched = colorMatched
        c.designTraits = designTraits
        c.constraintItemIDs = constraintItemIDs
        c.namedColors = namedColors
        c.systemColors = systemColors
    }
}
