import IBChecks
import NibCompiler
import XIB

/// Interface Builder's document rules (`IBChecks`) as `nibc compile` and `nibc ibtool` run them before
/// compiling: an error-level finding stops the compile, as it stops ibtool.
enum DocumentChecks {
    /// The findings for the document in `bytes`, and the parsed document; no findings and no document
    /// when it does not parse (the compiler then reports why, at its place).
    static func run(_ bytes: [UInt8], file: String, options: CompileOptions) -> (findings: [CheckFinding], document: XIBDocument?) {
        guard let document = try? XIBDocument(bytes: bytes, file: file, options: options.xmlLimits) else { return ([], nil) }
        let checker = DocumentChecker(minimumDeploymentTarget: options.minimumDeploymentTarget, xcodeVersion: options.xcodeVersion)
        return (checker.check(document), document)
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
