import IBChecks
import NibCompiler
import XIB

/// Interface Builder's document rules (`IBChecks`) as `nibc compile` and `nibc ibtool` run them before
/// compiling: an error-level finding stops the compile, as it stops ibtool.
enum DocumentChecks {
    /// The findings for `document` (parsed once, then compiled from the same model).
    static func check(_ document: XIBDocument, options: CompileOptions) -> [CheckFinding] {
        DocumentChecker(minimumDeploymentTarget: options.minimumDeploymentTarget, xcodeVersion: options.xcodeVersion).check(document)
    }

    /// A finding as `nibc compile` prints it: at its place, with the object id ibtool keys it by.
    static func diagnostic(_ finding: CheckFinding) -> Diagnostic {
        let severity: DiagnosticSeverity = switch finding.level {
        case .error: .error
        case .warning: .warning
        case .notice: .note
        }
        return Diagnostic(severity, at: finding.location, "\(finding.message) (object \(finding.objectID))")
    }
}
