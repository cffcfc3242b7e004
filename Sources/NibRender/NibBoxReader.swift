import NibArchive
import NibInspect

/// Draws a compiled nib from its archived geometry: UIKit's `UIBounds` and `UICenter`, AppKit's `NSFrame`,
/// `NSFrameSize` and `NSBounds`, subviews from `UISubviews` / `NSSubviews`, windows from `NSWindowTemplate`. Each
/// box's id is the object's tree path, as `nibc diff` names it.
public enum NibRenderer {
    /// The boxes of one nib's graph. `pathBudget` bounds the text of the tree paths that name its objects
    /// (`ObjectPaths`); objects past it are named by their table index.
    public static func render(_ graph: NibGraph, file: String, pathBudget: Int = GraphLeaves.defaultPathBudget) -> RenderDocument {
        render([(name: "", graph: graph)], file: file, pathBudget: pathBudget)
    }

    /// The boxes of several nibs (a compiled storyboard's, by file name), each nib's roots in one row, ids prefixed
    /// with the nib's name and a colon when a name is given.
    public static func render(_ nibs: [(name: String, graph: NibGraph)], file: String,
                              pathBudget: Int = GraphLeaves.defaultPathBudget) -> RenderDocument {
        var trees: [[RenderBox]] = []
        var platform = "iOS"
        for nib in nibs {
            var reader = NibBoxReader(graph: nib.graph, prefix: nib.name.isEmpty ? "" : nib.name + ":", pathBudget: pathBudget)
            reader.drawsMenusAndToolbars = true
            if reader.appKit { platform = "macOS" }
            trees += reader.roots()
        }
        let origins = CanvasLayout.row(trees.map { ($0.first?.rect.width ?? 0, $0.first?.rect.height ?? 0) })
        var boxes: [RenderBox] = []
        for (tree, origin) in zip(trees, origins) {
            boxes += tree.map { var b = $0; b.rect = b.rect.offsetBy(origin.x, origin.y); return b }
        }
        return RenderDocument(file: file, platform: platform, boxes: boxes)
    }
}

/// The view trees of one graph.
struct NibBoxReader {
    let graph: NibGraph
    let prefix: String
    let names: [String?]
    /// Each object's subviews (in archived order), from `UISubviews`, `NSSubviews` or a window's `NSWindowView`.
    var subviews: [Int: [Int]] = [:]
    var isChild = Set<Int>()
    let appKit: Bool
    /// The XIB id of objects compiled from a document in process (`CompileResult.documentIDs`), used as their box
    /// ids instead of tree paths.
    var documentIDs: [Int: String] = [:]
    /// Top-level menus and windows' toolbar items are drawn (`NibRenderer`); off when the graph only gives a document's
    /// compiled geometry (`CompiledGeometry`), the document drawing its own menus and toolbars. A toolbar's strip
    /// is part of its window's box either way.
    var drawsMenusAndToolbars = false

    /// Views nested deeper than this are not drawn (a hostile nib's chain of subviews stays off the call stack).
    static let maxDepth = 512

    init(graph: NibGraph, prefix: String, pathBudget: Int) {
        self.graph = graph
        self.prefix = prefix
        names = ObjectPaths.names(of: graph, pathBudget: pathBudget)
        var appKit = false
        let count = graph.objects.count
        func target(_ value: NibGraphValue) -> Int? {
            guard let i = value.objectIndex, i >= 0, i < count else { return nil }
            return i
        }
        var subviews: [Int: [Int]] = [:], isChild = Set<Int>()
        for (i, object) in graph.objects.enumerated() {
            var list: [Int] = []
            for key in ["UISubviews", "NSSubviews"] {
                if key == "NSSubviews", object.value(forKey: key) != nil { appKit = true }
                guard let array = object.value(forKey: key).flatMap(target) else { continue }
                list += graph.objects[array].entries.filter { $0.key == "UINibEncoderEmptyKey" }.compactMap { target($0.value) }
            }
            // A scroll view's clip view and a clip view's document view are its subviews even when `NSSubviews` leaves
            // them out.
            for key in ["NSContentView", "NSDocView"] {
                if let v = object.value(forKey: key).flatMap(target), !list.contains(v), object.value(forKey: "NSSubviews") != nil || key == "NSDocView" {
                    list.append(v)
                }
            }
            if object.className == "NSWindowTemplate" {
                appKit = true
                if let view = object.value(forKey: "NSWindowView").flatMap(target) { list.append(view) }
            }
            if object.value(forKey: "NSFrame") != nil || object.value(forKey: "NSFrameSize") != nil { appKit = true }
            if !list.isEmpty {
                subviews[i] = list
                isChild.formUnion(list)
            }
        }
        self.appKit = appKit
        self.subviews = subviews
        self.isChild = isChild
    }

    func target(_ value: NibGraphValue) -> Int? {
        guard let i = value.objectIndex, i >= 0, i < graph.objects.count else { return nil }
        return i
    }

    /// A string value: inline bytes, or an `NSString`-like object's `NS.bytes`.
    func string(_ value: NibGraphValue?) -> String? {
        guard let value else { return nil }
        if case .data(let bytes) = value { return String(decoding: bytes, as: UTF8.self) }
        guard let i = target(value) else { return nil }
        for entry in graph.objects[i].entries where entry.key == "NS.bytes" || entry.key == "NS.string" {
            if case .data(let bytes) = entry.value { return String(decoding: bytes, as: UTF8.self) }
            if let s = string(entry.value), entry.key == "NS.string" { return s }
        }
        return nil
    }

    func number(_ value: NibGraphValue?) -> Double? {
        switch value {
        case .int(let v), .fixedWidthInteger(let v, _): return Double(v)
        case .double(let v): return v
        case .float(let v): return Double(v)
        default: return nil
        }
    }

    /// The numbers of an AppKit geometry string (`{{x, y}, {w, h}}`, `{w, h}`), when there are `count` of them.
    static func numbers(_ text: String, count: Int) -> [Double]? {
        var out: [Double] = []
        var current = ""
        for ch in text + "," {
            if ch.isNumber || ch == "." || ch == "-" || ch == "e" || ch == "E" || ch == "+" {
                current.append(ch)
            } else if !current.isEmpty {
                guard let v = Double(current), v.isFinite, abs(v) <= DocumentAttributes.maxCoordinate else { return nil }
                out.append(v)
                current = ""
            }
        }
        return out.count == count ? out : nil
    }

    /// The frame of object `i` in its parent's (unflipped, for AppKit) coordinates; nil when it carries none.
    func archivedFrame(_ i: Int) -> RenderRect? {
        let o = graph.objects[i]
        if case .data(let b)? = o.value(forKey: "UIBounds"), let bounds = PackedGeometry.decode(b), bounds.count == 4 {
            var centre = [bounds[2] / 2, bounds[3] / 2]
            if case .data(let c)? = o.value(forKey: "UICenter"), let decoded = PackedGeometry.decode(c), decoded.count == 2 { centre = decoded }
            let r = RenderRect(x: centre[0] - bounds[2] / 2, y: centre[1] - bounds[3] / 2, width: bounds[2], height: bounds[3])
            return [r.x, r.y, r.width, r.height].allSatisfy({ $0.isFinite && abs($0) <= DocumentAttributes.maxCoordinate }) ? r : nil
        }
        if let text = string(o.value(forKey: "NSFrame")), let n = Self.numbers(text, count: 4) {
            return RenderRect(x: n[0], y: n[1], width: n[2], height: n[3])
        }
        if let text = string(o.value(forKey: "NSFrameSize")), let n = Self.numbers(text, count: 2) {
            return RenderRect(x: 0, y: 0, width: n[0], height: n[1])
        }
        return nil
    }

    /// The framework class of object `i`: its class when archived under a framework name, else the first
    /// framework class among its fallbacks or a class swapper's original class.
    func classes(_ i: Int) -> (name: String, base: String?) {
        let c = archivedClasses(i)
        return (SwiftClassName.demangled(c.name) ?? c.name, c.base)
    }

    private func archivedClasses(_ i: Int) -> (name: String, base: String?) {
        let o = graph.objects[i]
        if o.className == "UIClassSwapper" || o.className == "NSClassSwapper" {
            let name = string(o.value(forKey: "UIClassName") ?? o.value(forKey: "NSClassName")) ?? o.className
            return (name, string(o.value(forKey: "UIOriginalClassName") ?? o.value(forKey: "NSOriginalClassName")))
        }
        if o.className == "NSCustomView", let name = string(o.value(forKey: "NSClassName")) { return (name, "NSView") }
        if o.className.hasPrefix("UI") || o.className.hasPrefix("NS") { return (o.className, nil) }
        let base = graph.classFallbacks[o.className]?.first { $0.hasPrefix("UI") || $0.hasPrefix("NS") }
        return (o.className, base)
    }

    func isFlipped(_ i: Int) -> Bool {
        let c = classes(i)
        let base = c.base ?? c.name
        if base == "NSClipView" {
            let document = graph.objects[i].value(forKey: "NSDocView").flatMap(target) ?? subviews[i]?.first
            return document.map { ViewClasses.flippedAppKit.contains(classes($0).base ?? classes($0).name) } ?? false
        }
        return ViewClasses.flippedAppKit.contains(base)
    }

    /// The objects of an archived array, in order.
    func elements(_ value: NibGraphValue?) -> [Int] {
        guard let array = value.flatMap(target) else { return [] }
        return graph.objects[array].entries.filter { $0.key == "UINibEncoderEmptyKey" }.compactMap { target($0.value) }
    }

    /// The nib's top-level objects: UIKit's `UINibTopLevelObjectsKey`, or the objects AppKit's object table
    /// (`IB.objectdata`) gives the File's Owner (`NSRoot`) as parent; nil when the nib has neither.
    func topLevelObjects() -> Set<Int>? {
        guard let root = graph.objects.first else { return nil }
        if root.value(forKey: "UINibTopLevelObjectsKey") != nil { return Set(elements(root.value(forKey: "UINibTopLevelObjectsKey"))) }
        guard let data = root.value(forKey: "IB.objectdata").flatMap(target) else { return nil }
        let table = graph.objects[data]
        guard let owner = table.value(forKey: "NSRoot").flatMap(target) else { return nil }
        let keys = elements(table.value(forKey: "NSObjectsKeys")), values = elements(table.value(forKey: "NSObjectsValues"))
        return Set(zip(keys, values).filter { $0.1 == owner }.map(\.0))
    }

    /// Each root's boxes, the root at the origin: the top-level views with geometry that no view holds, and every
    /// window (a storyboard's window controller owns its window, not the File's Owner).
    mutating func roots() -> [[RenderBox]] {
        var out: [[RenderBox]] = []
        let topLevel = topLevelObjects()
        // Shared by the roots: an object reachable from two roots is drawn once.
        var visited = Set<Int>()
        for (i, o) in graph.objects.enumerated() where !isChild.contains(i) && (topLevel?.contains(i) != false || o.className == "NSWindowTemplate") {
            if drawsMenusAndToolbars, topLevel != nil, isMenu(i) {
                if visited.insert(i).inserted { out.append(MenuLayout.boxes(menu(i, depth: 0, drawn: &visited))) }
                continue
            }
            guard o.className == "NSWindowTemplate" || archivedFrame(i) != nil else { continue }
            var boxes: [RenderBox] = []
            add(i, parent: nil, space: .init(rect: .zero, flipped: true), bounds: (0, 0), rootID: nil, depth: 0,
                visited: &visited, into: &boxes)
            out.append(boxes)
        }
        return out
    }

    func id(_ i: Int) -> String { documentIDs[i] ?? prefix + (names[i] ?? "#\(i)") }

    func add(_ i: Int, parent: RenderBox?, space: DocumentBoxReader.Space, bounds: (Double, Double), rootID: String?,
             depth: Int, visited: inout Set<Int>, into out: inout [RenderBox]) {
        guard depth <= Self.maxDepth, visited.insert(i).inserted else { return }
        let o = graph.objects[i]
        let c = classes(i)
        var titleBar = 0.0
        var frame: RenderRect
        var missing = false
        var kind = ViewClasses.kind(className: c.base ?? c.name)
        var toolbar: Int? = nil
        if o.className == "NSWindowTemplate" {
            kind = .window
            toolbar = toolbarObject(ofWindow: i)
            titleBar = CanvasLayout.titleBarHeight + (toolbar == nil ? 0 : ToolbarLayout.height)
            let n = string(o.value(forKey: "NSWindowRect")).flatMap { Self.numbers($0, count: 4) } ?? [0, 0, 0, 0]
            frame = RenderRect(x: 0, y: 0, width: n[2], height: n[3] + titleBar)
        } else if let f = archivedFrame(i) {
            frame = parent == nil ? RenderRect(x: 0, y: 0, width: f.width, height: f.height) : f
        } else {
            frame = .zero
            missing = true
        }
        let local = RenderRect(x: frame.x - bounds.0, y: frame.y - bounds.1, width: frame.width, height: frame.height)
        let rect: RenderRect
        if space.flipped || kind == .window || parent == nil {
            rect = local.offsetBy(space.rect.x, space.rect.y)
        } else {
            rect = RenderRect(x: space.rect.x + local.x, y: space.rect.y + space.rect.height - local.y - local.height,
                              width: local.width, height: local.height)
        }
        let id = id(i)
        var box = RenderBox(id: id, className: c.name, kind: kind, rect: rect, frame: frame, parent: parent?.id, root: rootID ?? id)
        box.baseClass = c.base
        if o.className == "NSWindowTemplate" {
            box.className = string(o.value(forKey: "NSWindowClass")) ?? "NSWindow"
            box.baseClass = box.className == "NSWindow" || box.className == "NSPanel" ? nil : "NSWindow"
        }
        box.missingFrame = missing
        let base = c.base ?? c.name
        if case .bool(true)? = o.value(forKey: "UIClipsToBounds") { box.clips = true }
        if ViewClasses.alwaysClipping.contains(base) { box.clips = true }
        if case .bool(true)? = o.value(forKey: "UIHidden") { box.isHidden = true }
        if let flags = number(o.value(forKey: "NSvFlags")), flags >= 0, flags < 0x1_0000_0000, UInt32(flags) & 0x8000_0000 != 0 { box.isHidden = true }
        box.text = string(o.value(forKey: "UIText")) ?? string(o.value(forKey: "NSWindowTitle"))
        if box.text == nil, let cell = o.value(forKey: "NSCell").flatMap(target) { box.text = string(graph.objects[cell].value(forKey: "NSContents")) }
        if box.text?.isEmpty == true { box.text = nil }
        out.append(box)
        if drawsMenusAndToolbars, let toolbar, visited.insert(toolbar).inserted {
            out += ToolbarLayout.boxes(self.toolbar(toolbar, drawn: &visited), in: box, top: CanvasLayout.titleBarHeight)
        }

        var childBounds = (0.0, 0.0)
        if let text = string(o.value(forKey: "NSBounds")), let n = Self.numbers(text, count: 4) { childBounds = (n[0], n[1]) }
        let childSpace = DocumentBoxReader.Space(
            rect: RenderRect(x: rect.x, y: rect.y + titleBar, width: rect.width, height: rect.height - titleBar),
            flipped: !appKit || isFlipped(i))
        for child in subviews[i] ?? [] {
            add(child, parent: box, space: childSpace, bounds: childBounds, rootID: rootID ?? id, depth: depth + 1,
                visited: &visited, into: &out)
        }
    }
}
