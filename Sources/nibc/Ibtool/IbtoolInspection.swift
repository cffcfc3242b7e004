import IBChecks
import PropertyList

/// ibtool's inspection modes (`--hierarchy`, `--connections`, `--objects`, `--version-history`): each adds
/// `com.apple.ibtool.document.<mode>` to the report, built by `IBChecks.DocumentInspection`.
enum IbtoolInspection: String, CaseIterable, Hashable {
    case hierarchy, connections, objects
    case versionHistory = "version-history"

    /// The command-line flag.
    var flag: String { "--" + rawValue }

    /// The report key.
    var key: String { "com.apple.ibtool.document." + rawValue }

    /// The view of the document this mode prints.
    func value(_ inspection: DocumentInspection) -> PropertyListValue {
        switch self {
        case .hierarchy: inspection.hierarchy
        case .connections: inspection.connections
        case .objects: inspection.objects
        case .versionHistory: inspection.versionHistory
        }
    }
}
