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

    /// The XIB 2 (`<archive>`) header entries that hold a version, as character data: the `<string>`s of
    /// `IBDocument.SystemVersion`, `IBDocument.InterfaceBuilderVersion`, `IBDocument.AppKitVersion` and
    /// `IBDocument.HIToolboxVersion`, and the plug-in versions (the values of `IBDocument.PluginVersions`).
    /// Like a `<document>`'s versions, a conflict between two of them resolves to the newer: the tool that
    /// saves the union writes its own. (`IBDocument.SystemTarget`, the deployment target, is a choice, not a
    /// tool's version, and is not among them.)
    static let archiveVersionKeys: Set<String> = ["IBDocument.SystemVersion", "IBDocument.InterfaceBuilderVersion",
                                                  "IBDocument.AppKitVersion", "IBDocument.HIToolboxVersion"]

    /// Whether `node`'s text is a version of a XIB 2 header (see `archiveVersionKeys`).
    static func isArchiveVersionText(_ node: MergeNode) -> Bool {
        guard node.name == "string", let key = node.attribute("key") else { return false }
        if isArchiveHeaderEntry(node) { return archiveVersionKeys.contains(key) }
        // The plug-in versions: a `<dictionary>` keyed by plug-in identifier, or (older archives) an `<object>`
        // whose `NS.key.N` strings name the plug-ins and whose `NS.object.N` strings are their versions.
        guard let versions = node.parent else { return false }
        return !key.hasPrefix("NS.key.") && versions.attribute("key") == "IBDocument.PluginVersions"
            && isArchiveHeaderEntry(versions)
    }

    /// Whether `node` is an entry of a XIB 2 header: a child of the `<data>` under the root `<archive>`.
    private static func isArchiveHeaderEntry(_ node: MergeNode) -> Bool {
        guard let data = node.parent, data.name == "data", let archive = data.parent else { return false }
        return archive.name == "archive" && archive.parent == nil
    }

    /// Whether `node` is one of a XIB 2 header's plug-in declarations (`IBDocument.PluginDeclaredDependencies`,
    /// `…DependencyDefaults`, `…DevelopmentDependencies`, `…DependenciesTrackSystemTargetVersion`): what each
    /// Interface Builder plug-in records from the deployment target and its own version at every save, and drops
    /// or adds as the saving Interface Builder does. Like a `<document>`'s `<dependencies>`, an entry one side
    /// dropped and the other changed is kept: the union declares what either side's tool needed.
    static func isArchivePluginDeclaration(_ node: MergeNode) -> Bool {
        guard let key = node.attribute("key"), key.hasPrefix("IBDocument.PluginDeclared") else { return false }
        return isArchiveHeaderEntry(node)
    }

    /// The side whose `<int key="maxID">` of a XIB 2 object container (`IBObjectContainer`) a merge takes when
    /// both sides changed it: the larger, since the next id Interface Builder hands out must exceed every id
    /// either side used. Nil for any other element, or when a value is not a decimal integer.
    static func archiveMaxIDSide(ours o: MergeNode, theirs t: MergeNode) -> MergeSide? {
        guard o.name == "int", o.attribute("key") == "maxID", o.parent?.attribute("class") == "IBObjectContainer",
              let a = o.text.flatMap({ Int($0) }),
              let b = t.text.flatMap({ Int($0) }) else { return nil }
        return a >= b ? .ours : .theirs
    }

    /// Compares versions and build numbers: dotted components in turn ("14460.31" < "14490.70", "3.0" < "3.10"),
    /// each compared by its runs of digits (numerically) and of other characters (as strings), so Apple build
    /// numbers order by major version, train letter and build ("9A581" < "10A5" < "12D78" < "13A603").
    static func compareVersions(_ a: String, _ b: String) -> Int {
        let pa = a.split(separator: "."), pb = b.split(separator: ".")
        for i in 0..<max(pa.count, pb.count) {
            let x = i < pa.count ? pa[i] : "0", y = i < pb.count ? pb[i] : "0"
            let order = compareComponents(x, y)
            if order != 0 { return order }
        }
        return 0
    }

    /// One component compared run by run: digit runs numerically (without limit on their length), other runs
    /// as strings; a component that is a prefix of the other is the older.
    private static func compareComponents(_ x: Substring, _ y: Substring) -> Int {
        let rx = runs(x), ry = runs(y)
        for (u, v) in zip(rx, ry) where u != v {
            if u.first?.isASCIIDigit == true, v.first?.isASCIIDigit == true {
                let du = u.drop { $0 == "0" }, dv = v.drop { $0 == "0" }
                if du.count != dv.count { return du.count < dv.count ? -1 : 1 }
                return du < dv ? -1 : 1
            }
            return u < v ? -1 : 1
        }
        return rx.count == ry.count ? 0 : (rx.count < ry.count ? -1 : 1)
    }

    /// `s` cut where it changes between ASCII digits and other characters.
    private static func runs(_ s: Substring) -> [Substring] {
        var out: [Substring] = []
        var start = s.startIndex
        for i in s.indices.dropFirst() where s[i].isASCIIDigit != s[s.index(before: i)].isASCIIDigit {
            out.append(s[start..<i]); start = i
        }
        if start < s.endIndex { out.append(s[start...]) }
        return out
    }
}

private extension Character {
    var isASCIIDigit: Bool { isASCII && isNumber }
}
