import NibArchive
import NibInspect

/// The leaf-match score of `nibc diff` (NibInspect's `NibDiff`; docs/COMMAND-LINE.md, "`nibc diff`"): matched / reference
/// leaves, objects named by their place in the tree; `loose` ignores reference targets and the order of
/// arrays a loader reads in any order. `nibcheck.py compare --loose --anchored` is a close second opinion,
/// not the same definition.
enum LeafScore {
    static func score(reference: NibGraph, output: NibGraph, loose: Bool = false) -> Double {
        NibDiff.compare(reference, output, loose: loose).score
    }
}
