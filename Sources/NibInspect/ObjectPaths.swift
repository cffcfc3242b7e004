import NibArchive

/// The tree path of every object of a graph, as `nibc diff` names objects (see `GraphNaming`): stable across
/// table order, so other tools (the renderer) can give a nib's objects the same ids the diff uses.
public enum ObjectPaths {
    /// Each object's path (`/NSObject.UINibTopLevelObjectsKey/NSArray.[00001]`), nil when unreached from the root.
    public static func names(of graph: NibGraph, maxDepth: Int = GraphLeaves.defaultMaxDepth,
                             pathBudget: Int = GraphLeaves.defaultPathBudget) -> [String?] {
        var budget = pathBudget
        return GraphNaming(GraphFacts(graph), maxDepth: maxDepth, pathBudget: &budget).names
    }
}
