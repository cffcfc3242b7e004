import NibInspect
import PropertyList

/// `nibc diff` of two directories of nibs (compiled storyboards, `.nib` directories): the file sets, the
/// `Info.plist` as a property list, and each common nib's graph diff, with one score over all nibs.
struct BundleDiff {
    /// Files of the reference the other lacks, and the other's files the reference lacks (relative, sorted).
    var missingFiles: [String], extraFiles: [String]
    /// `Info.plist` leaves (`key.path = value`) of one side only; both empty when equal as property lists.
    var missingPlist: [String] = [], extraPlist: [String] = []
    /// Whether both plists exist and are equal but their dictionaries list keys in another order.
    var plistKeyOrderDiffers = false
    /// The graph diff of each nib present on both sides, by relative path.
    var nibs: [(file: String, result: NibDiffResult)] = []
    /// Leaves of the reference's nibs missing from the other (they match nothing).
    var missingNibLeaves = 0

    init(_ a: LoadedBundle, _ b: LoadedBundle, compare: (LoadedNib, LoadedNib) -> NibDiffResult) {
        let filesA = Set(a.files), filesB = Set(b.files)
        missingFiles = filesA.subtracting(filesB).sorted()
        extraFiles = filesB.subtracting(filesA).sorted()
        let plistA = a.storyboard?.info.propertyList, plistB = b.storyboard?.info.propertyList
        if let plistA, let plistB {
            let leavesA = PropertyListRendering.leaves(plistA), leavesB = PropertyListRendering.leaves(plistB)
            let setA = Set(leavesA), setB = Set(leavesB)
            missingPlist = leavesA.filter { !setB.contains($0) }
            extraPlist = leavesB.filter { !setA.contains($0) }
            plistKeyOrderDiffers = missingPlist.isEmpty && extraPlist.isEmpty && plistA != plistB
        }
        let nibsB = Dictionary(b.nibs.map { ($0.file, $0.nib) }, uniquingKeysWith: { x, _ in x })
        for (file, nib) in a.nibs {
            if let other = nibsB[file] {
                nibs.append((file, compare(nib, other)))
            } else {
                missingNibLeaves += compare(nib, nib).referenceLeafCount
            }
        }
    }

    /// Every file present on both sides, plists equal as property lists, every common nib equivalent.
    var isEquivalent: Bool {
        missingFiles.isEmpty && extraFiles.isEmpty && missingPlist.isEmpty && extraPlist.isEmpty
            && nibs.allSatisfy { $0.result.isEquivalent }
    }

    var referenceLeaves: Int { nibs.reduce(missingNibLeaves) { $0 + $1.result.referenceLeafCount } }
    var matchedLeaves: Int { nibs.reduce(0) { $0 + $1.result.matchedLeafCount } }
    var score: Double { Double(matchedLeaves) / Double(max(referenceLeaves, 1)) }
    var equivalentNibs: Int { nibs.filter { $0.result.isEquivalent }.count }

    /// `total score 0.9950 (…/… leaves matched over 5 nibs, 4 equivalent; 1 missing file, 0 extra)`.
    func scoreLine() -> String {
        "total score \(DiffReport.fourDecimals(score)) (\(matchedLeaves)/\(referenceLeaves) leaves matched over \(nibs.count) common nibs, "
            + "\(equivalentNibs) equivalent; \(missingFiles.count) missing files, \(extraFiles.count) extra)"
    }

    /// Files, plist, then each nib that differs with its diff (`limit` objects each), then the total.
    func text(limit: Int) -> String {
        var out = ""
        for f in missingFiles { out += "- \(f)\n" }
        for f in extraFiles { out += "+ \(f)\n" }
        if !missingPlist.isEmpty || !extraPlist.isEmpty {
            out += "~ Info.plist\n"
            for l in missingPlist { out += "    - \(l)\n" }
            for l in extraPlist { out += "    + \(l)\n" }
        } else if plistKeyOrderDiffers {
            out += "Info.plist: equal as a property list; dictionary key order differs\n"
        }
        for (file, result) in nibs where !result.isEquivalent {
            out += "== \(file)\n" + DiffReport.text(result, limit: limit)
        }
        return out + scoreLine() + "\n"
    }

    /// `{"score", "equivalent", "missingFiles", "extraFiles", "infoPlist": {…}, "nibs": [{"file", "diff"}]}`.
    func json() -> String {
        func list(_ xs: [String]) -> String { "[" + xs.map(DiffReport.jsonString).joined(separator: ", ") + "]" }
        var out = "{\n  \"score\": \(DiffReport.fourDecimals(score)),\n  \"equivalent\": \(isEquivalent),\n"
        out += "  \"referenceLeaves\": \(referenceLeaves),\n  \"matchedLeaves\": \(matchedLeaves),\n"
        out += "  \"missingFiles\": \(list(missingFiles)),\n  \"extraFiles\": \(list(extraFiles)),\n"
        out += "  \"infoPlist\": {\"missing\": \(list(missingPlist)), \"extra\": \(list(extraPlist)), \"keyOrderDiffers\": \(plistKeyOrderDiffers)},\n"
        out += "  \"nibs\": ["
        out += nibs.map { "\n    {\"file\": \(DiffReport.jsonString($0.file)), \"diff\": \(DiffReport.json($0.result).dropLast())}" }.joined(separator: ",")
        return out + (nibs.isEmpty ? "]\n}\n" : "\n  ]\n}\n")
    }
}
