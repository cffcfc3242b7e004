import Foundation
import NibRuntime
import NibTestSupport
import Testing

@Suite(.needsCorpus) struct StoryboardTests {
    @Test func everySceneOfTheSettingsStoryboardInstantiatesAndLoadsItsView() throws {
        let storyboard = try NibStoryboard(directory: try corpusPath("nib/duckduckgo/Base.lproj/Settings.storyboardc"), registry: NibClassRegistry())
        #expect(storyboard.nibNames.count >= 5)
        let initial = try #require(try storyboard.instantiateInitialViewController() as? GenericNibObject)
        #expect(initial.isKind(of: "UINavigationController"))
        var viewsLoaded = 0
        for identifier in storyboard.nibNames.keys.sorted() {
            let controller = try #require(try storyboard.instantiateViewController(withIdentifier: identifier) as? GenericNibObject)
            // A reference to a scene of another storyboard is a placeholder object naming itself.
            if controller.className == "UIStoryboardViewControllerPlaceholder" {
                #expect(controller.string(forKey: "UIStoryboardIdentifier") == identifier)
                continue
            }
            #expect(controller.className.contains("Controller") || controller.originalClassName?.contains("Controller") == true, "\(identifier)")
            #expect(controller.outlets["storyboard"] === storyboard, "\(identifier)")
            guard controller.string(forKey: "UINibName") != nil else { continue }
            let top = try storyboard.loadView(of: controller)
            #expect(controller.outlets["view"] is GenericNibObject, "\(identifier)")
            #expect(!top.contains { $0 === controller })
            viewsLoaded += 1
        }
        #expect(viewsLoaded >= 5)
        // Scene templates are cached: a second instantiation builds no new plan.
        let initialID = try #require(storyboard.initialViewControllerIdentifier)
        let name = try #require(storyboard.nibNames[initialID])
        let template = try storyboard.template(nibNamed: name)
        let builds = template.planBuildCount
        _ = try storyboard.instantiateInitialViewController()
        #expect(template.planBuildCount == builds)
        #expect(throws: NibLoadingError.self) { try storyboard.instantiateViewController(withIdentifier: "nope") }
    }
}
