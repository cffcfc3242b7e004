import NibArchive
import XIB

extension UIKitCompiler {
    static let stackDistributions: [String: Int] = ["fill": 0, "fillEqually": 1, "fillProportionally": 2, "equalSpacing": 3, "equalCentering": 4]
    static let stackAlignments: [String: Int] = [
        "fill": 0, "top": 1, "leading": 1, "firstBaseline": 2, "center": 3, "bottom": 4, "trailing": 4, "lastBaseline": 5,
    ]

    /// `<stackView>` → `UIStackView` (§6.7).
    func encodeStackView(_ node: XIBNode) -> Int {
        var style = ViewStyle()
        style.alwaysLayoutMargins = true
        style.ignoresOpaqueAndBackground = !coder10
        return encodeViewObject(node, className: "UIStackView", style: style) { e, _ in
            let subviews = e.list.first { $0.key == "UISubviews" }.flatMap { $0.value.objectIndex }
            let arranged = subviews.map { b.graph.objects[$0].entries.dropFirst().compactMap { $0.value.objectIndex } } ?? []
            // ibtool omits the key for a stack view without arranged subviews.
            if !arranged.isEmpty { e.obj("UIStackViewArrangedSubviews", b.array(arranged)) }
            e.int("UIStackViewAxis", node["axis"] == "vertical" ? 1 : 0)
            e.int("UIStackViewDistribution", node["distribution"].flatMap { Self.stackDistributions[$0] } ?? 0)
            e.int("UIStackViewAlignment", node["alignment"].flatMap { Self.stackAlignments[$0] } ?? 0)
            // "Use Standard" spacing (`spacingType="standard"`, 7 stack views in corpus/ios, none compiled) is UIKit's
            // token `UIStackViewSpacingUseSystem`, FLT_MIN, in the spacing property the coder archives.
            let standard = node.peek("spacingType", is: "standard")
            node.markUsed("spacingType")
            e.double("UIStackViewSpacing", standard ? Double(Float.leastNormalMagnitude) : node.double("spacing") ?? 0)
            e.bool("UIStackViewBaselineRelative", node.bool("baselineRelativeArrangement") == true)
            e.bool("UIStackViewLayoutMarginsRelative", node.bool("layoutMarginsRelativeArrangement") == true)
            if !coder10 { node.markUsed("opaque") }
        }
    }
}
