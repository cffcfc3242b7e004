import NibArchive
import XIB

extension UIKitCompiler {
    /// `<switch>` → `UISwitch` (§6.6), plus ibtool's synthesized `frame` key-value pair.
    func encodeSwitch(_ node: XIBNode) -> Int {
        var style = ViewStyle()
        style.defaultHugging = (750, 750)
        let frame = node.children.first { $0.isNamed("rect") && $0.peek("key", is: "frame") }
        return encodeViewObject(node, className: "UISwitch", style: style) { e, index in
            let enabled = node.peek("enabled") != "NO"
            controlKeys(node, into: &e)
            if enabled { e.bool("UISwitchEnabled", true) }
            // Only when on: the one off switch of the compiled storyboards (Settings) has no UISwitchOn, the 10 on ones true.
            if node.bool("on") == true { e.bool("UISwitchOn", true) }
            if let c = node.child("color", key: "onTintColor") { e.obj("UISwitchOnTintColor", color(c)) }
            if let c = node.child("color", key: "thumbTintColor") { e.obj("UISwitchThumbTintColor", color(c)) }
            // Keys and conditions from UIKit's coders (decompiled iOS 26.1 UIKitCore); no corpus sample sets these.
            namedImages(node, [("onImage", "UISwitchOnImage"), ("offImage", "UISwitchOffImage")], into: &e)
            if let s = node["preferredStyle"].flatMap({ ["automatic": 0, "checkbox": 1, "sliding": 2][$0] }), s != 0 { e.int("UISwitchStyle", s) }
            if let frame {
                func n(_ key: String) -> String { geometryNumber(frame.peek(key).flatMap(Double.init) ?? 0) }
                let r = "{{\(n("x")), \(n("y"))}, {\(n("width")), \(n("height"))}}"
                let value = b.graph.add(.init(className: "NSValue", entries: [
                    NibEntry(key: "NS.special", value: .int(3)), NibEntry(key: "NS.rectval", value: .object(b.string(r))),
                ]))
                keyValuePairs.append((node.order, b.graph.add(.init(className: "UINibKeyValuePair", entries: [
                    NibEntry(key: "UIObject", value: .object(index)), NibEntry(key: "UIValue", value: .object(value)),
                    NibEntry(key: "UIKeyPath", value: .object(b.string("frame"))),
                ]))))
            }
        }
    }

    /// `<slider>` → `UISlider`.
    func encodeSlider(_ node: XIBNode) -> Int {
        var style = ViewStyle()
        style.alwaysWriteHugging = true
        return encodeViewObject(node, className: "UISlider", style: style) { e, _ in
            controlKeys(node, into: &e)
            e.float("UIValue", node.double("value") ?? 0)
            if let v = node.double("minValue"), v != 0 { e.float("UIMinValue", v) }
            if let v = node.double("maxValue"), v != 1 { e.float("UIMaxValue", v) }
            if let c = node.child("color", key: "minimumTrackTintColor") { e.obj("UIMinimumTintColor", color(c)) }
            if let c = node.child("color", key: "maximumTrackTintColor") { e.obj("UIMaximumTintColor", color(c)) }
            if let c = node.child("color", key: "thumbTintColor") { e.obj("UIThumbTintColor", color(c)) }
            if node.bool("continuous") == false { e.bool("UIContinuous", false) }
            // No corpus sample: key names from Apple's nibs as xibdump decodes them.
            namedImages(node, [("minimumValueImage", "UIMinimumValueImage"), ("maximumValueImage", "UIMaximumValueImage")], into: &e)
            e.int("UIBehavioralStyle", 0)
        }
    }

    /// `<activityIndicatorView>` → `UIActivityIndicatorView`.
    func encodeActivityIndicator(_ node: XIBNode) -> Int {
        var style = ViewStyle()
        style.defaultHugging = (750, 750)
        return encodeViewObject(node, className: "UIActivityIndicatorView", style: style) { e, _ in
            let styles = ["whiteLarge": 0, "white": 1, "gray": 2, "medium": 100, "large": 101]
            let s = node["style"].flatMap { styles[$0] } ?? 2
            e.int("UIActivityIndicatorViewStyle", s)
            e.int("UIActivityIndicatorViewStyle-Modern", s)
            if node.bool("hidesWhenStopped") != true { e.bool("UIHidesWhenStopped", false) }
            if node.bool("animating") == true { e.bool("UIAnimating", true) }
            if let c = node.child("color", key: "color") { e.obj("UIColor", color(c)) } else { e.null("UIColor") }
        }
    }

    /// `<progressView>` → `UIProgressView`.
    func encodeProgressView(_ node: XIBNode) -> Int {
        var style = ViewStyle()
        style.defaultHugging = (250, 750)
        return encodeViewObject(node, className: "UIProgressView", style: style) { e, _ in
            if let p = node.double("progress"), p != 0 { e.float("UIProgress", p) }
            if let c = node.child("color", key: "progressTintColor") { e.obj("UIProgressProgressTintColor", color(c)) }
            if let c = node.child("color", key: "trackTintColor") { e.obj("UIProgressTrackTintColor", color(c)) }
            // UIProgressView's coder (no corpus sample).
            namedImages(node, [("progressImage", "UIProgressProgressImage"), ("trackImage", "UIProgressTrackImage")], into: &e)
            // No corpus sample: the key as xibdump (a nib decoder) reads it, only for the bar style.
            if node["progressViewStyle"] == "bar" { e.int("UIProgressViewStyle", 1) }
        }
    }

    /// `<segmentedControl>` → `UISegmentedControl` (no compiled evidence; keys from UIKit's coder names).
    func encodeSegmentedControl(_ node: XIBNode) -> Int {
        encodeViewObject(node, className: "UISegmentedControl", style: ViewStyle()) { e, _ in
            controlKeys(node, into: &e)
            var titles: [Int] = []
            if let segs = node.child("segments") {
                for s in segs.children where s.isNamed("segment") {
                    s.visited = true
                    titles.append(b.string(s["title"] ?? ""))
                    s.markUsed("image", "enabled", "width")
                }
            }
            e.obj("UISegments", b.mutableArray(titles))
            if let i = node["selectedSegmentIndex"].flatMap({ Int($0) }) { e.int("UISelectedSegmentIndex", i) }
            // As WinObjC's xib2nib writes it: only when momentary.
            if node.bool("momentary") == true { e.bool("UIMomentary", true) }
            node.markUsed("segmentControlStyle")
        }
    }
}
