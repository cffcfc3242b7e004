import NibCompiler
import XIB

/// The versions a document builds for: older than the deployment target, no longer compiled, or too
/// old for a feature the document turns on.
enum DeploymentTriggers {
    static let iOS7 = DeploymentVersion(major: 7, minor: 0)
    static let iOS9 = DeploymentVersion(major: 9, minor: 0)
    static let macOS1010 = DeploymentVersion(major: 10, minor: 10)

    static func run(_ c: inout CheckContext) {
        let deployment = c.document.dependencies?.firstChild(named: "deployment")
        let versionAttribute = deployment.flatMap { d in d.hasAttribute("version") ? "version" : d.hasAttribute("defaultVersion") ? "defaultVersion" : nil }
        let anchor = versionAttribute != nil ? deployment ?? c.root : c.root
        if let own = c.documentDeployment, let target = c.checker.minimumDeploymentTarget, own < target {
            c.reportGlobal(AppleRules.olderThanDeploymentTarget, at: anchor, attribute: versionAttribute)
        }
        guard let buildsFor = c.buildsFor else { return }
        switch c.document.platform {
        case .iOS:
            if buildsFor < iOS7 { c.reportGlobal(AppleRules.iOSBefore7, at: anchor, attribute: versionAttribute) }
            if buildsFor < iOS9, c.root.attribute("useSafeAreas") == "YES" {
                c.reportGlobal(AppleRules.safeAreaBeforeIOS9, at: c.root, attribute: "useSafeAreas")
            }
        case .macOS:
            if c.document.isStoryboard, buildsFor < macOS1010 {
                c.reportGlobal(AppleRules.macOSStoryboardBefore1010, at: anchor, attribute: versionAttribute)
            }
        }
    }
}
