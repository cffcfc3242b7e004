import NibArchive
import NibInspect

/// The leaf-match score of `nibc diff` (NibInspect's `NibDiff`, the definition `nibcheck.py compare` uses):
/// common leaves / reference leaves; `loose` drops array positions and reference targets.
enum LeafScore {
    static func score(reference: NibGraph, output: NibGraph, loose: Bool = false) -> Double {
        NibDiff.compare(reference, output, loose: loose).score
    }
}
