/// A rectangle in the picture's top-left coordinate space (points, y down).
public struct RenderRect: Sendable, Hashable {
    /// The left edge.
    public var x: Double
    /// The top edge.
    public var y: Double
    /// The width.
    public var width: Double
    /// The height.
    public var height: Double

    /// Creates a rectangle.
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// The empty rectangle at the origin.
    public static let zero = RenderRect(x: 0, y: 0, width: 0, height: 0)

    /// The rectangle moved by `dx`, `dy`.
    public func offsetBy(_ dx: Double, _ dy: Double) -> RenderRect {
        RenderRect(x: x + dx, y: y + dy, width: width, height: height)
    }

    /// True when every edge of `self` is within `tolerance` of `other`'s.
    public func isClose(to other: RenderRect, tolerance: Double) -> Bool {
        abs(x - other.x) <= tolerance && abs(y - other.y) <= tolerance
            && abs(x + width - other.x - other.width) <= tolerance && abs(y + height - other.y - other.height) <= tolerance
    }
}

/// A colour as the document gives it: literal components, or a system or asset colour by name.
public enum RenderColor: Sendable, Hashable {
    /// Red, green, blue and alpha, each 0...1 (rounded to 1/255 when read, so sub-step noise compares equal).
    case rgba(Double, Double, Double, Double)
    /// A system colour (`systemColor=`, AppKit's `catalog="System"` names) or an asset-catalog colour (`namedColor`).
    /// `resolved` is the light-appearance value when the palette knows the name.
    case named(String, resolved: RenderColorComponents?)

    /// The SVG paint for this colour: `#rrggbb` (with the alpha apart), or the resolved value of a known name.
    public var components: RenderColorComponents? {
        switch self {
        case .rgba(let r, let g, let b, let a): return RenderColorComponents(r: r, g: g, b: b, a: a)
        case .named(_, let resolved): return resolved
        }
    }

    /// A name for the change list and titles: `#1a2b3c`, `#1a2b3c80`, or the colour's name.
    public var text: String {
        switch self {
        case .rgba: return components?.hex ?? ""
        case .named(let name, _): return name
        }
    }
}

/// Colour components 0...1.
public struct RenderColorComponents: Sendable, Hashable {
    /// Red, green, blue and alpha.
    public var r: Double, g: Double, b: Double, a: Double

    /// Creates components (clamped to 0...1, rounded to 1/255).
    public init(r: Double, g: Double, b: Double, a: Double) {
        func q(_ v: Double) -> Double { v.isFinite ? (min(max(v, 0), 1) * 255).rounded() / 255 : 0 }
        self.r = q(r); self.g = q(g); self.b = q(b); self.a = q(a)
    }

    /// `#rrggbb`, with `aa` appended when not opaque.
    public var hex: String {
        func h(_ v: Double) -> String {
            let n = Int((v * 255).rounded())
            let s = String(n, radix: 16)
            return n < 16 ? "0" + s : s
        }
        return "#" + h(r) + h(g) + h(b) + (a < 1 ? h(a) : "")
    }

    /// `#rrggbb` without alpha.
    public var rgbHex: String { RenderColorComponents(r: r, g: g, b: b, a: 1).hex }
}

/// What kind of thing a box draws, beyond its rectangle.
public enum BoxKind: String, Sendable, Hashable, CaseIterable {
    /// A plain view (or anything not listed).
    case view
    /// A storyboard scene (its controller): the frame of the root view on the scene map.
    case scene
    /// A window: title bar over the content view.
    case window
    /// Text and controls, each drawn with its text or a recognisable shape.
    case label, button, textField, textView, imageView, switchControl, slider, stepper, progress, segmented
    /// Containers: scroll and clip views, tables and collections, cells.
    case scroll, table, cell
    /// A menu drawn as a column of items; the main menu drawn as a bar with its submenus open under it.
    case menu, menuBar
    /// A menu's item (its title, and its key equivalent or submenu marker as `detail`), a separator line.
    case menuItem, menuSeparator
    /// A window's toolbar: the strip under the title bar, and each item shown by default with its label.
    case toolbar, toolbarItem
}

/// One drawn view (or scene, or window) with everything the pictures, the JSON and the diff use.
public struct RenderBox: Sendable, Hashable {
    /// The stable id: the XIB id, or the object's tree path in a nib (as `nibc diff` names it).
    public var id: String
    /// The class as archived: the custom class when set, else the framework class (`UILabel`, `NSButton`).
    public var className: String
    /// The framework class when a custom class is set (`UIView` for `CardView`), else nil.
    public var baseClass: String?
    /// `userLabel`, when the document gives one.
    public var userLabel: String?
    /// What is drawn.
    public var kind: BoxKind
    /// The absolute rectangle in the picture.
    public var rect: RenderRect
    /// The rectangle in the parent's coordinate space as the document stores it (the frame; for a root, its
    /// size at the origin): what "moved or resized" compares, so a moved parent does not mark its children.
    public var frame: RenderRect
    /// The parent box's id; nil for a root.
    public var parent: String?
    /// The id of the root box (top-level view, window or scene) this box belongs to; its own id for a root.
    public var root: String
    /// The parent clips this box's subviews (`clipsSubviews`, scroll and clip views).
    public var clips: Bool
    /// `backgroundColor`.
    public var fill: RenderColor?
    /// `borderColor` (layer or box border).
    public var border: RenderColor?
    /// Text colour.
    public var textColor: RenderColor?
    /// The text drawn: a label's text, a button or cell title, segment titles joined by ` | `, a placeholder.
    public var text: String?
    /// Secondary text drawn right-aligned: a menu item's key equivalent (`⇧⌘S`), or `▸` for an item with a submenu.
    public var detail: String?
    /// The text is a placeholder (drawn grey).
    public var textIsPlaceholder: Bool
    /// The archived point size of the text's font.
    public var fontSize: Double?
    /// `left`, `center`, `right` (natural and justified draw left).
    public var textAlignment: String?
    /// The image name (image views, buttons).
    public var image: String?
    /// `hidden="YES"`.
    public var isHidden: Bool
    /// Interface Builder's cached `ambiguous="YES"`.
    public var ambiguous: Bool
    /// Interface Builder's cached `misplaced="YES"`.
    public var misplaced: Bool
    /// The document stores no frame for this view (drawn at its parent's origin with no size).
    public var missingFrame: Bool
    /// A prototype (table or collection view cell template under `<prototypes>` / `<cells>`); Apple archives these
    /// as nested nibs, not as subviews.
    public var isPrototype: Bool
    /// A view only the compiled nib has (a clip view or scroller ibtool adds, a storyboard window's content view, a
    /// cell separator): its box follows from the document's other views, so `RenderDiff` does not compare it.
    public var isLayoutDerived: Bool

    /// A box with the given identity and rectangle, nothing else set.
    public init(id: String, className: String, kind: BoxKind, rect: RenderRect, frame: RenderRect, parent: String?, root: String) {
        self.id = id
        self.className = className
        self.kind = kind
        self.rect = rect
        self.frame = frame
        self.parent = parent
        self.root = root
        clips = false
        textIsPlaceholder = false
        isHidden = false
        ambiguous = false
        misplaced = false
        missingFrame = false
        isPrototype = false
        isLayoutDerived = false
    }

    /// `CardView : UIView`, or the class alone.
    public var classCaption: String { baseClass.map { "\(className) : \($0)" } ?? className }

    /// What a person calls this view: its user label, else its text, else its class.
    public var displayName: String {
        if let userLabel, !userLabel.isEmpty { return userLabel }
        if let text, !text.isEmpty { return "\"\(text.count > 40 ? String(text.prefix(40)) + "…" : text)\"" }
        return className
    }
}

/// A segue arrow on a storyboard's scene map.
public struct SegueArrow: Sendable, Hashable {
    /// The segue's XIB id.
    public var id: String
    /// `relationship`, `show`, `push`, `presentation`, `embed`, `unwind`, `custom`, … as archived.
    public var kind: String
    /// The segue's `identifier`, or the relationship's name.
    public var identifier: String?
    /// The box it starts at (a control, or the source scene).
    public var from: String
    /// The destination scene's box.
    public var to: String

    /// Creates an arrow.
    public init(id: String, kind: String, identifier: String?, from: String, to: String) {
        self.id = id
        self.kind = kind
        self.identifier = identifier
        self.from = from
        self.to = to
    }
}

/// Everything drawn for one document: boxes in drawing order (parents before children), segue arrows and the
/// initial controller.
public struct RenderDocument: Sendable {
    /// The file the boxes come from.
    public var file: String
    /// `iOS` or `macOS`.
    public var platform: String
    /// Boxes, parents before children, roots in document order.
    public var boxes: [RenderBox]
    /// Storyboard segues.
    public var arrows: [SegueArrow]
    /// The initial controller's scene box, when the storyboard names one.
    public var initialScene: String?
    /// The picture's size (every box inside, with a margin).
    public var size: (width: Double, height: Double)
    /// Why the boxes are not where the compiled nib places them, when a XIB asked to be drawn from its compiled
    /// layout does not compile (it is drawn at its design-time frames then); nil otherwise.
    public var geometryNote: String?

    /// Creates a document and sizes its picture.
    public init(file: String, platform: String, boxes: [RenderBox], arrows: [SegueArrow] = [], initialScene: String? = nil) {
        self.file = file
        self.platform = platform
        self.boxes = boxes
        self.arrows = arrows
        self.initialScene = initialScene
        var w = 0.0, h = 0.0
        for b in boxes {
            w = max(w, b.rect.x + b.rect.width)
            h = max(h, b.rect.y + b.rect.height)
        }
        size = (w + CanvasLayout.margin, h + CanvasLayout.margin)
    }

    /// The box with `id`.
    public func box(_ id: String) -> RenderBox? { boxes.first { $0.id == id } }
}
