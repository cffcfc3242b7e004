/// Light-appearance values of common system colours, so a `systemColor` or catalog colour can be filled. Values
/// are the documented light-mode defaults, rounded; a name missing here is drawn as a labelled swatch.
enum ColorPalette {
    private static func rgb(_ r: Double, _ g: Double, _ b: Double, _ a: Double = 1) -> RenderColorComponents {
        RenderColorComponents(r: r, g: g, b: b, a: a)
    }
    private static func white(_ w: Double, _ a: Double = 1) -> RenderColorComponents { rgb(w, w, w, a) }

    /// By name, without the `Color` suffix (`systemBlue`, `label`, `controlBackground`).
    static let light: [String: RenderColorComponents] = [
        "systemBackground": white(1), "secondarySystemBackground": rgb(0.949, 0.949, 0.969),
        "tertiarySystemBackground": white(1), "systemGroupedBackground": rgb(0.949, 0.949, 0.969),
        "secondarySystemGroupedBackground": white(1), "tertiarySystemGroupedBackground": rgb(0.949, 0.949, 0.969),
        "label": white(0), "secondaryLabel": rgb(0.235, 0.235, 0.263, 0.6), "tertiaryLabel": rgb(0.235, 0.235, 0.263, 0.3),
        "quaternaryLabel": rgb(0.235, 0.235, 0.263, 0.18), "placeholderText": rgb(0.235, 0.235, 0.263, 0.3),
        "separator": rgb(0.235, 0.235, 0.263, 0.29), "opaqueSeparator": rgb(0.776, 0.776, 0.784), "link": rgb(0, 0.478, 1),
        "systemBlue": rgb(0, 0.478, 1), "systemRed": rgb(1, 0.231, 0.188), "systemGreen": rgb(0.204, 0.78, 0.349),
        "systemOrange": rgb(1, 0.584, 0), "systemYellow": rgb(1, 0.8, 0), "systemPink": rgb(1, 0.176, 0.333),
        "systemPurple": rgb(0.686, 0.322, 0.871), "systemTeal": rgb(0.188, 0.69, 0.78), "systemIndigo": rgb(0.345, 0.337, 0.839),
        "systemGray": rgb(0.557, 0.557, 0.576), "systemGray2": rgb(0.682, 0.682, 0.698), "systemGray3": rgb(0.78, 0.78, 0.8),
        "systemGray4": rgb(0.82, 0.82, 0.839), "systemGray5": rgb(0.898, 0.898, 0.918), "systemGray6": rgb(0.949, 0.949, 0.969),
        "systemFill": rgb(0.471, 0.471, 0.502, 0.2), "secondarySystemFill": rgb(0.471, 0.471, 0.502, 0.16),
        "tertiarySystemFill": rgb(0.463, 0.463, 0.502, 0.12), "quaternarySystemFill": rgb(0.455, 0.455, 0.502, 0.08),
        "clear": white(0, 0), "white": white(1), "black": white(0), "lightGray": white(2.0 / 3), "darkGray": white(1.0 / 3),
        "gray": white(0.5), "red": rgb(1, 0, 0), "green": rgb(0, 1, 0), "blue": rgb(0, 0, 1),
        "groupTableViewBackground": rgb(0.937, 0.937, 0.957), "darkText": white(0), "lightText": white(1, 0.6),
        "tableCellGroupedBackground": white(1), "viewFlipsideBackground": rgb(0.122, 0.129, 0.141),
        // AppKit's catalog="System" names.
        "controlBackground": white(1), "control": white(1), "controlText": white(0, 0.85), "windowBackground": white(0.925),
        "text": white(0), "textBackground": white(1), "labelColor": white(0, 0.85), "secondaryLabelColor": white(0, 0.5),
        "selectedControl": rgb(0.7, 0.84, 1), "selectedText": white(0), "selectedTextBackground": rgb(0.7, 0.84, 1),
        "gridColor": white(0.8), "headerColor": white(0), "disabledControlText": white(0, 0.25),
        "alternateSelectedControl": rgb(0, 0.39, 0.88), "keyboardFocusIndicator": rgb(0, 0.4, 1, 0.5),
        "unemphasizedSelectedContentBackground": white(0.86), "underPageBackground": white(0.59),
        "scrollBar": white(0.67), "knob": white(0.5), "selectedKnob": white(0.4),
    ]

    /// The light value of a system colour name (`systemBlueColor`, `labelColor`, `controlBackgroundColor`).
    static func resolve(_ name: String) -> RenderColorComponents? {
        if let hit = light[name] { return hit }
        let base = name.hasSuffix("Color") ? String(name.dropLast(5)) : name
        return light[base] ?? light[name]
    }
}
