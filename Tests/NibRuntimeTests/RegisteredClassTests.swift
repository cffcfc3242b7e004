import Foundation
import NibArchive
import NibRuntime
import NibTestSupport
import Testing

/// A Swift stand-in for DuckDuckGo's FavoriteHomeCell.
final class FavoriteCellStub: NibDecodable, NibConnectable, NibCell {
    let bounds: NibRect
    let archivedClassName: String
    let originalClassName: String?
    let contentView: AnyObject?
    var outlets: [String: AnyObject] = [:]
    var outletsSetAtAwake = -1
    var awakeCount = 0
    static let knownOutlets: Set<String> = ["highlightMask", "iconBackground", "iconImage", "iconSize", "titleLabel"]

    init(coder: NibCoder) throws {
        bounds = coder.decodeRect(forKey: "UIBounds")
        archivedClassName = coder.className
        originalClassName = coder.originalClassName
        contentView = coder.decodeObject(forKey: "UIContentView")
    }

    func setOutlet(_ name: String, to object: AnyObject?) throws {
        guard Self.knownOutlets.contains(name) else {
            throw NibLoadingError.undefinedKey(className: "FavoriteCellStub", key: name)
        }
        outlets[name] = object
    }

    func awakeFromNib() {
        awakeCount += 1
        outletsSetAtAwake = outlets.count
    }
}

/// A label stand-in reading its text and font through the coder.
final class LabelStub: NibDecodable, NibConnectable {
    let text: String?
    let font: AnyObject?
    let center: NibPoint
    let lines: Int
    var attributes: [String: NibDecodedValue] = [:]
    init(coder: NibCoder) throws {
        text = coder.decodeString(forKey: "UIText")
        font = coder.decodeObject(forKey: "UIFont")
        center = coder.decodePoint(forKey: "UICenter")
        lines = coder.decodeInteger(forKey: "UINumberOfLines")
    }
    func setRuntimeAttribute(_ keyPath: String, to value: NibDecodedValue) throws { attributes[keyPath] = value }
}

/// A class that has no outlets at all: every outlet must fail with UIKit's message.
final class BareView: NibDecodable, NibConnectable {
    init(coder: NibCoder) throws {}
}

@Suite(.needsCorpus) struct RegisteredClassTests {
    let nibPath: String
    let xibPath: String

    init() throws {
        nibPath = try corpusPath("nib/duckduckgo/FavoriteHomeCell.nib")
        xibPath = try corpusPath("nib/duckduckgo/FavoriteHomeCell.xib")
    }

    @Test func swiftMangledCustomClassIsCreatedAndConnected() throws {
        let registry = NibClassRegistry()
        registry.register(FavoriteCellStub.self, module: "DuckDuckGo", name: "FavoriteHomeCell")
        let xib = try XibConnections(xibPath: xibPath)
        let template = try NibTemplate(contentsOf: nibPath, registry: registry)
        let top = try template.instantiate()
        #expect(top.count == 1)
        let cell = try #require(top.first as? FavoriteCellStub)
        #expect(cell.archivedClassName == NibClassRegistry.mangledName(module: "DuckDuckGo", className: "FavoriteHomeCell"))
        #expect(cell.originalClassName == "UICollectionViewCell")
        #expect(Set(cell.outlets.keys) == Set(xib.outlets))
        #expect(cell.awakeCount == 1)
        #expect(cell.outletsSetAtAwake == xib.outlets.count)
        let frame = try #require(try xibFrame(after: "<collectionViewCell", in: xibPath))
        #expect(cell.bounds.size.width == frame[2])
        #expect(cell.bounds.size.height == frame[3])
        // The content view is a generic UIView whose subviews include the outlet targets.
        let content = try #require(cell.contentView as? GenericNibObject)
        #expect(content.className == "UIView")
        let subviews = content.value(forKey: "UISubviews")?.elements?.compactMap(\.object) ?? []
        #expect(subviews.contains { $0 === cell.outlets["iconBackground"] })
    }

    @Test func classRegisteredAfterThePlanWasBuiltTakesEffect() throws {
        let registry = NibClassRegistry()
        let template = try NibTemplate(contentsOf: nibPath, registry: registry)
        #expect(try template.instantiate().first is GenericNibObject)
        #expect(template.planBuildCount == 1)
        #expect(try template.instantiate().first is GenericNibObject)
        #expect(template.planBuildCount == 1)  // unchanged registry: the cached plan serves
        registry.register(FavoriteCellStub.self, module: "DuckDuckGo", name: "FavoriteHomeCell")
        #expect(try template.instantiate().first is FavoriteCellStub)
        #expect(template.planBuildCount == 2)
        #expect(template.fileReadCount == 1)  // the archive stays cached; only the plan is rebuilt
        registry.removeAll()
        #expect(try template.instantiate().first is GenericNibObject)
        #expect(template.planBuildCount == 3)
    }

    @Test func registeredFrameworkClassReadsStringsFontsAndAccessibility() throws {
        let registry = NibClassRegistry()
        registry.register(LabelStub.self, as: "UILabel")
        let xibText = try String(contentsOfFile: xibPath, encoding: .utf8)
        let top = try NibTemplate(contentsOf: nibPath, registry: registry).instantiate()
        let labels = reachableObjects(from: top).compactMap { $0 as? LabelStub }
        #expect(labels.count == XibConnections.attribute("text", ofElements: "label", in: xibText).count)
        for label in labels {
            let text = try #require(label.text)
            #expect(xibText.contains("text=\"\(text)\""))
            let font = try #require(label.font as? GenericNibObject)
            #expect(font.className == "UIFont")
            #expect(font.value(forKey: "UIFontPointSize")?.double ?? 0 > 0)
            #expect(label.center != .zero)
        }
        // The accessibility configuration (UIIsAccessibilityElement) reaches the label as a runtime attribute.
        #expect(labels.contains { $0.attributes["isAccessibilityElement"] != nil })
    }

    @Test func swapperFallsBackToRegisteredOriginalClass() throws {
        final class AnyCell: NibDecodable, NibConnectable, NibCell {
            let name: String
            var outlets: [String] = []
            init(coder: NibCoder) throws { name = coder.className }
            func setOutlet(_ name: String, to object: AnyObject?) throws { outlets.append(name) }
        }
        let registry = NibClassRegistry()
        registry.register(AnyCell.self, as: "UICollectionViewCell")
        let cell = try #require(try NibTemplate(contentsOf: nibPath, registry: registry).instantiate().first as? AnyCell)
        #expect(cell.name.hasPrefix("_TtC10DuckDuckGo"))
        #expect(!cell.outlets.isEmpty)
    }

    @Test func unknownOutletThrowsUIKitMessage() throws {
        let registry = NibClassRegistry()
        registry.register(BareView.self, module: "DuckDuckGo", name: "FavoriteHomeCell")
        let template = try NibTemplate(contentsOf: nibPath, registry: registry)
        let error = try #require(throws: NibLoadingError.self) { try template.instantiate() }
        guard case .undefinedKey(let cls, let key) = error else { Issue.record("unexpected \(error)"); return }
        #expect(cls == String(reflecting: BareView.self))
        #expect(try XibConnections(xibPath: xibPath).outlets.contains(key))
        #expect(error.description == "[<\(cls) 0x0> setValue:forUndefinedKey:]: this class is not key value coding-compliant for the key \(key).")
    }

    @Test func mangledNamesRoundTrip() {
        #expect(NibClassRegistry.mangledName(module: "Segmentio", className: "RoundImageView") == "_TtC9Segmentio14RoundImageView")
        #expect(NibClassRegistry.demangle("_TtC9Segmentio14RoundImageView") == "Segmentio.RoundImageView")
        #expect(NibClassRegistry.demangle("_TtC9Segmentio14Round") == nil)
        #expect(NibClassRegistry.demangle("UIView") == nil)
        let registry = NibClassRegistry()
        registry.register(BareView.self, as: "MyModule.CardView")
        #expect(registry.isRegistered("_TtC8MyModule8CardView"))
        #expect(!registry.isRegistered("_TtC8MyModule9OtherView"))
    }

    @Test func classFallbacksResolveToRegisteredFallbackClass() throws {
        final class ColorStub: NibDecodable { let red: Float; init(coder: NibCoder) throws { red = coder.decodeFloat(forKey: "UIRed") } }
        var nib = SyntheticNib()
        let color = nib.object("UIDynamicSystemColor", [("UIRed", .float(0.5))])
        nib.graph.classFallbacks = ["UIDynamicSystemColor": ["UIColor"]]
        let bytes = nib.bytes(topLevel: [color])
        let registry = NibClassRegistry()
        registry.register(ColorStub.self, as: "UIColor")
        let top = try NibTemplate(bytes: bytes, registry: registry).instantiate()
        #expect((top.first as? ColorStub)?.red == 0.5)
        let generic = try NibTemplate(bytes: bytes, registry: NibClassRegistry()).instantiate()
        #expect((generic.first as? GenericNibObject)?.className == "UIDynamicSystemColor")
    }
}
