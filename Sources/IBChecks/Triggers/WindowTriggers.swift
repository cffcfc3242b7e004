import XIB

/// AppKit windows whose maximum size is below their content size.
enum WindowTriggers {
    static func run(_ c: inout CheckContext) {
        guard c.document.platform == .macOS else { return }
        for window in c.elements where window.isNamed("window") {
            guard let content = window.children(named: "rect").first(where: { $0.attribute("key") == "contentRect" }),
                  let maximum = window.children(named: "size").first(where: { $0.attribute("key") == "maxSize" }),
                  let contentSize = size(content), let maxSize = size(maximum),
                  maxSize.width < contentSize.width || maxSize.height < contentSize.height else { continue }
            c.report(AppleRules.windowMaximumSize, on: window, attribute: nil,
                     ["MAX": text(maxSize), "CONTENT": text(contentSize)])
        }
    }

    static func size(_ element: XMLTree.Element) -> (width: Double, height: Double)? {
        guard let w = element.attribute("width").flatMap(Double.init), let h = element.attribute("height").flatMap(Double.init),
              w.isFinite, h.isFinite else { return nil }
        return (w, h)
    }

    /// `{W, H}` as Foundation prints an NSSize: whole numbers without a fraction.
    static func text(_ size: (width: Double, height: Double)) -> String {
        "{\(number(size.width)), \(number(size.height))}"
    }

    static func number(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return String(value)
    }
}
