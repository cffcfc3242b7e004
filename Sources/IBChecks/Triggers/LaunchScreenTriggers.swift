import XIB

/// Xcode 6's restrictions on launch screens (`launchScreen="YES"`); Xcode 7 compiles the same files, so
/// these fire only when Xcode 6 is the modelled version.
enum LaunchScreenTriggers {
    /// The top-level objects a launch-screen XIB may hold besides placeholders.
    static func isViewOrController(_ element: XMLTree.Element) -> Bool {
        element.isNamed("view") || DocumentObjects.isController(element)
    }

    static func run(_ c: inout CheckContext) {
        guard c.checker.xcodeVersion.major == 6, c.root.attribute("launchScreen") == "YES" else { return }
        if c.document.isStoryboard {
            for exit in c.elements where exit.isNamed("exit") {
                c.report(AppleRules.launchScreenExit, on: exit)
            }
            if c.root.hasAttribute("initialViewController") {
                c.reportGlobal(AppleRules.launchScreenEntryPoint, at: c.root, attribute: "initialViewController")
            }
        } else {
            let objects = DocumentObjects.childObjects(of: c.document.objects).filter { !$0.isNamed("placeholder") }
            if objects.count != 1 || !objects.allSatisfy(isViewOrController) {
                c.reportGlobal(AppleRules.launchScreenTopLevel, at: c.document.objects)
            }
        }
    }
}
