/// # The NibMerge module
///
/// Three-way merge of Interface Builder documents (XIBs and storyboards, iOS and macOS) by what they mean
/// rather than by lines:
///
///     let result = try NibMerge.merge(base: baseBytes, ours: oursBytes, theirs: theirsBytes)
///     result.bytes          // the merged document, with conflict markers where it has conflicts
///     result.conflicts      // each naming the object, attribute and both values
///     result.isClean
///
/// Elements are matched by `id` (scenes by `sceneID`) wherever they are in the document; id-less elements
/// by their parent and their `key` (or `keyPath`, `name`, …) and element name. Attributes merge one by
/// one; children merge as sequences (both sides' additions kept, deletions honoured, moves kept). The
/// header takes the newest versions and the union of capabilities and resources. Frames both sides changed
/// follow the side that changed the constraints they are computed from (see `LayoutRules`). Untouched elements are
/// copied byte for byte from OURS; changed ones are written in Xcode's layout. The element model is built only
/// for the top-level subtrees both sides changed (see `SubtreeTriage`); the others are decided by their bytes.
/// After merging, ids must be unique and references must resolve, or the offending element becomes a conflict.
/// Decisions a layout rule made are listed in `notes`.
///
/// Conflicts are written in git's form around the smallest enclosing element:
///
///     <<<<<<< ours
///                     <rect key="frame" x="16" y="20" width="100" height="21"/>
///     =======
///                     <rect key="frame" x="16" y="40" width="100" height="21"/>
///     >>>>>>> theirs
///
/// A conflict in the `<document>` element's own attributes marks its start tag only.

import XIB

/// The outcome of a merge.
public struct MergeResult: Sendable {
    /// The merged document; when `conflicts` is not empty it holds git conflict markers.
    public let bytes: [UInt8]
    /// The conflicts, in document order of OURS.
    public let conflicts: [MergeConflict]
    /// The decisions rules made (frames taken from the side that changed the constraints, deletions kept over
    /// geometry-only changes, a saving screen or a XIB 2 `maxID` or record order taken from one side), in the
    /// order the merge made them.
    public let notes: [MergeNote]

    init(bytes: [UInt8], conflicts: [MergeConflict], notes: [MergeNote] = []) {
        self.bytes = bytes
        self.conflicts = conflicts
        self.notes = notes
    }

    /// Whether the merge needs no decision.
    public var isClean: Bool { conflicts.isEmpty }
}

/// Three-way merge of XIBs and storyboards.
public enum NibMerge {
    /// Merges THEIRS' changes since BASE into OURS. Throws a located error when an input is not a well-formed
    /// XIB or storyboard (a duplicate id included).
    public static func merge(base: [UInt8], ours: [UInt8], theirs: [UInt8],
                             files: (base: String, ours: String, theirs: String) = ("BASE", "OURS", "THEIRS"))
        throws(XIBError) -> MergeResult {
        let baseInput = try parse(base, file: files.base)
        let oursInput = try parse(ours, file: files.ours)
        let theirsInput = try parse(theirs, file: files.theirs)
        return merge([baseInput, oursInput, theirsInput])
    }

    /// Merges already parsed documents.
    public static func merge(base: XIBDocument, ours: XIBDocument, theirs: XIBDocument) -> MergeResult {
        merge([(base.tree, base), (ours.tree, ours), (theirs.tree, theirs)])
    }

    /// Parses one input: a well-formed XIB 3 `<document>` with unique ids, and its document model (nil for
    /// document types the compiler does not build, an iPad-only XIB or a watchOS storyboard, and for XIB 2
    /// `<archive>` documents, which merge all the same: their objects carry document-wide `id`s referenced by
    /// `ref`, and their other elements are named by `key` or matched by occurrence).
    private static func parse(_ bytes: [UInt8], file: String) throws(XIBError) -> (XMLTree, XIBDocument?) {
        let tree: XMLTree
        do throws(XMLError) {
            tree = try XMLTree(bytes: bytes, file: file)
        } catch {
            throw XIBError(error)
        }
        do {
            return (tree, try XIBDocument(tree: tree))
        } catch where error.kind == .unsupportedDocumentType || error.kind == .unsupportedFormat {
            return (tree, nil)
        }
    }

    /// Merges BASE, OURS and THEIRS, in that order.
    private static func merge(_ inputs: [(tree: XMLTree, document: XIBDocument?)]) -> MergeResult {
        let baseBytes = inputs[0].tree.bytes, oursBytes = inputs[1].tree.bytes, theirsBytes = inputs[2].tree.bytes
        if oursBytes == theirsBytes || theirsBytes == baseBytes { return MergeResult(bytes: oursBytes, conflicts: []) }
        if oursBytes == baseBytes { return MergeResult(bytes: theirsBytes, conflicts: []) }
        // Without a document model (and its id index) for each input, every subtree is built.
        let documents = inputs.compactMap(\.document)
        let deferred = documents.count == 3 ? SubtreeTriage.deferred(documents) : [[], [], []]
        var merge = ThreeWayMerge(base: MergeInput(side: .base, document: inputs[0].tree, deferred: deferred[0]),
                                  ours: MergeInput(side: .ours, document: inputs[1].tree, deferred: deferred[1]),
                                  theirs: MergeInput(side: .theirs, document: inputs[2].tree, deferred: deferred[2]))
        var root = merge.mergeDocument()
        root = IntegrityCheck.check(root, merge: &merge)
        let bytes = MergeWriter.document(root: root, ours: merge.ours)
        return MergeResult(bytes: bytes, conflicts: merge.conflicts, notes: merge.notes)
    }
}
