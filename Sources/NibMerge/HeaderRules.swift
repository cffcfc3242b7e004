/// How the document header merges: Xcode writes, for the union of two edits, the newest tool and plug-in
/// versions and every capability and resource either side needs.
enum HeaderRules {
    /// Attributes that hold a version; a conflict between two of them resolves to the newer.
    static let versionAttributes: Set<String> = ["toolsVersion", "systemVersion", "version", "minToolsVersion"]

    /// Whether `node` is the `<document>` element or inside its `<dependencies>` or `<resources>`.
    static func isHeader(_ node: MergeNode) -> Bool {
        var n: MergeNode? = node
        while let current = n, let parent = current.parent {
            if parent.parent == nil { return current.name == "dependencies" || current.name == "resources" }
            n = parent
        }
        return n === node
    }

    /// The side whose value a header attribute takes when both sides changed it, or nil when the conflict is
    /// real: versions take the newer; other attributes of `<dependencies>` and `<resources>` entries (an
    /// image's size, a color's components, which Xcode rewrites from the asset catalog) take OURS.
    static func resolve(_ name: String, of node: MergeNode, ours: NodeAttribute?, theirs: NodeAttribute?) -> MergeSide? {
        if isEditorOnly(node) { return .ours }
        guard isHeader(node) else { return nil }
        if versionAttributes.contains(name) {
            guard let ours else { return .theirs }
            guard let theirs else { return .ours }
            return compareVersions(ours.value, theirs.value) >= 0 ? .ours : .theirs
        }
        return node.parent == nil ? nil : .ours
    }

    /// Whether `node` only places things on Interface Builder's canvas (`<point key="canvasLocation">`, a
    /// scene's or a top-level view's position), which nothing compiles: two moves of one scene take OURS'.
    static func isEditorOnly(_ node: MergeNode) -> Bool {
        node.name == "point" && node.attribute("key") == "canvasLocation"
    }

    /// Compares dotted versions ("14460.31" < "14490.70", "3.0" < "3.10") numerically component by component;
    /// non-numeric components compare as strings.
    static func compareVersions(_ a: String, _ b: String) -> Int {
        let pa = a.split(separator: "."), pb = b.split(separator: ".")
        for i in 0..<max(pa.count, pb.count) {
            let x = i < pa.count ? pa[i] : "0", y = i < pb.count ? pb[i] : "0"
            if let nx = Int(x), let ny = Int(y) {
                if nx != ny { return nx < ny ? -1 : 1 }
            } else if x != y {
                return x < y ? -1 : 1
            }
        }
        return 0
    }
}
