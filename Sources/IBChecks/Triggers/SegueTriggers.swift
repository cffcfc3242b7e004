import XIB

/// Storyboard segues and scenes: manual segues without identifiers, scenes nothing leads to.
enum SegueTriggers {
    static func run(_ c: inout CheckContext) {
        guard c.document.isStoryboard else { return }
        var destinations = Set<String>()
        for segue in c.elements where segue.isNamed("segue") {
            if let destination = segue.attribute("destination") { destinations.insert(destination) }
            guard segue.attribute("kind") != "relationship", (segue.attribute("identifier") ?? "").isEmpty,
                  segue.parent?.isNamed("connections") == true,
                  let owner = c.enclosing.owner(of: segue), DocumentObjects.isController(owner) else { continue }
            c.report(AppleRules.manualSegueIdentifier, on: segue)
        }
        // The message names -[UIStoryboard …]; AppKit's wording has not been seen, so iOS only.
        guard c.document.platform == .iOS else { return }
        let initial = c.root.attribute("initialViewController")
        for scene in c.document.objects.children(named: "scene") {
            for objects in scene.children(named: "objects") {
                guard let controller = DocumentObjects.childObjects(of: objects).first(where: DocumentObjects.isController),
                      let id = controller.attribute("id"), id != initial, !destinations.contains(id),
                      (controller.attribute("storyboardIdentifier") ?? "").isEmpty else { continue }
                c.report(AppleRules.unreachableScene, on: controller, attribute: nil, ["NAME": ObjectLabels.label(of: controller)])
            }
        }
    }
}
