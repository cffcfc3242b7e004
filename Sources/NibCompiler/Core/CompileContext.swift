import NibArchive
import XIB

/// Shared state of one compilation: the graph builder, id → object resolution, diagnostics,
/// connections and other root-level lists. Platform encoders read and extend it.
final class CompileContext {
    let options: CompileOptions
    let fileName: String
    /// The root `<document>` node; attribute reads and visits are recorded by `tracker`.
    let document: XIBNode
    /// The parsed document with its id index, and the read bookkeeping behind the warnings.
    let tracker: XIBReadTracker
    var builder: GraphBuilder
    private(set) var diagnostics: [CompileDiagnostic] = []
    private(set) var hasErrors = false

    /// Object index per XIB id (allocated on first reference or definition) and whether it is defined
    /// (encoded or bound), for the ids of document elements, indexed by the element's document order:
    /// 0 none yet, `slot + 1` referenced, `-(slot + 1)` defined (`slot(of:)`). `define` needs no id string,
    /// and a storyboard makes a context per nib, where hashing and freeing string-keyed tables was a tenth
    /// of the cost. The storage is an element-sized buffer of `slotPool`, shared with the document's
    /// other contexts one after another: an entry counts only when stamped with this context's
    /// `slotGeneration`, so no context zero-fills it (and, not being an array, its reads and writes need
    /// no exclusivity check).
    private let slotOfElement: UnsafeMutableBufferPointer<Int64>
    private let slotGeneration: Int64
    /// Where `slotOfElement` comes from and goes back to when the context ends.
    let slotPool: ElementSlotPool
    /// Object index per id that names no element of the document (synthesized bindings).
    private var objectsByOtherID: [String: Int] = [:]
    /// Ids that name no element and whose object has been bound.
    private var definedOtherIDs: Set<String> = []
    /// Ids that were referenced before (or without) being defined, with the first referencing node.
    private var pendingReferences: [String: XIBNode] = [:]
    private var pendingOrder: [String] = []

    /// Whether user-visible strings become `NSLocalizableString`.
    let localized: Bool
    /// The graphs of a storyboard's nibs with their document ids, when `CompileOptions.recordsDocumentIDs` asks for
    /// them (set on the storyboard's top-level context; its nibs' builders record into it).
    var nibLog: CompiledNibLog?
    /// The document's localizable strings, shared with the contexts of its other nibs.
    let strings: LocalizableStringLog

    /// A context for the document of `tracker`, or for the subtree `root` of it (the nested archive of a
    /// prototype: ids and resources outside that subtree are not visible, as in a document of its own).
    /// `slots` is the pool of the document's other contexts (a storyboard's nibs), nil for a pool of its own.
    /// `strings` is the log of the document's other contexts, nil for a log of its own.
    init(options: CompileOptions, fileName: String, tracker: XIBReadTracker, root: XIBNode? = nil, slots: ElementSlotPool? = nil,
         strings: LocalizableStringLog? = nil) {
        self.strings = strings ?? LocalizableStringLog()
        self.options = options
        self.fileName = fileName
        self.tracker = tracker
        document = root ?? tracker.root
        builder = GraphBuilder(coderVersion: options.coderVersion)
        let count = tracker.document.tree.elements.count
        slotPool = slots.flatMap { $0.count == count ? $0 : nil } ?? ElementSlotPool(count: count)
        (slotOfElement, slotGeneration) = slotPool.take()
        localized = options.baseLocalized ?? Self.utf8(fileName, contains: "Base.lproj/")
    }

    deinit { slotPool.give(slotOfElement) }

    /// The entry of element `e` (0 when this context has not set it).
    @inline(__always)
    private func slot(of e: Int) -> Int32 {
        let v = slotOfElement[e]
        return v >> 32 == slotGeneration ? Int32(truncatingIfNeeded: v) : 0
    }

    @inline(__always)
    private func setSlot(of e: Int, _ value: Int32) {
        slotOfElement[e] = slotGeneration << 32 | Int64(UInt32(bitPattern: value))
    }

    /// Whether `string` contains `part`, compared as UTF-8 bytes (Foundation's `contains` cost 14,000
    /// instructions, 1 % of a small XIB's compile).
    static func utf8(_ string: String, contains part: String) -> Bool {
        var string = string, part = part
        return string.withUTF8 { s in
            part.withUTF8 { p in
                guard p.count <= s.count else { return false }
                guard !p.isEmpty else { return true }
                for start in 0...(s.count - p.count) where s[start] == p[0] {
                    if s[start..<start + p.count].elementsEqual(p) { return true }
                }
                return false
            }
        }
    }

    /// The element whose `id` is `id` (the document's own id index; duplicates were rejected when it was parsed).
    func element(withID id: String) -> XIBNode? {
        guard let node = tracker.node(withID: id) else { return nil }
        return document.contains(node) ? node : nil
    }

    var coderVersion: Int { options.coderVersion }

    // MARK: Diagnostics

    func error(at node: XIBNode, _ message: String) {
        hasErrors = true
        diagnostics.append(CompileDiagnostic(severity: .error, file: fileName, line: node.line, column: node.column, message: message))
    }

    /// An error located at attribute `attribute` of `node` (at the element when it has no such attribute).
    func error(at node: XIBNode, attribute: String, _ message: String) {
        hasErrors = true
        let at = node.attributeLocation(attribute)
        diagnostics.append(CompileDiagnostic(severity: .error, file: fileName, line: at?.line ?? node.line,
                                             column: at?.column ?? node.column, message: message))
    }

    /// Diagnostics of a nested compilation (a storyboard's nibs share one document).
    func absorb(_ other: CompileContext) {
        diagnostics += other.diagnostics
        if other.hasErrors { hasErrors = true }
    }

    /// Takes the diagnostics of a second pass over the same document that this one does not hold yet.
    func absorbNew(_ other: CompileContext) {
        let seen = Set(diagnostics.map(\.description))
        diagnostics += other.diagnostics.filter { !seen.contains($0.description) }
        if other.hasErrors { hasErrors = true }
    }

    /// The diagnostics in source order (line, then column; equal positions keep the order they were
    /// reported in), as a compiler prints them: encoders visit elements in ibtool's archiving order, not
    /// the document's.
    var diagnosticsInSourceOrder: [CompileDiagnostic] {
        diagnostics.enumerated().sorted { a, b in
            (a.element.line, a.element.column, a.offset) < (b.element.line, b.element.column, b.offset)
        }.map(\.element)
    }

    /// Attribute `name` of `node` as a whole number (the fraction dropped, as ibtool does), nil when absent.
    /// A value that is not a finite number in the 64-bit range (`1e300`, `nan`) is a located error and reads
    /// as nil: converting it with `Int64(_:)` would trap.
    func integer(_ node: XIBNode, _ name: String) -> Int64? {
        guard let v = node.double(name) else { return nil }
        guard let i = Int64(exactly: v.rounded(.towardZero)) else {
            error(at: node, "\(name) '\(node.peek(name) ?? "")' is not a number in the 64-bit integer range")
            return nil
        }
        return i
    }

    func warning(at node: XIBNode, _ message: String) {
        diagnostics.append(CompileDiagnostic(severity: .warning, file: fileName, line: node.line, column: node.column, message: message))
    }

    /// Warns about elements no encoder visited and attributes no encoder read.
    /// An unread attribute gets one warning at the attribute itself, with a "did you mean" (for the first
    /// `maxSuggestions` of a document) when an
    /// attribute the compiler read on another element of the same name is one or two edits away.
    func reportUnhandled(_ root: XIBNode) {
        // Each suggestion walks the document; a bound keeps a document full of unknown attributes linear.
        var suggestionsLeft = Self.maxSuggestions
        // Document order over the element store; an element not visited is reported (or skipped) whole.
        let elements = tracker.document.tree.elements
        var i = root.order
        let end = root.element.descendants.endIndex
        let metadata = tracker.nameSet(Self.metadataAttributes)
        while i < end {
            let n = tracker.node(elements[i])
            if !n.visited {
                if !Self.isMetadataElement(n) {
                    warning(at: n, "element \(Self.describe(n))\(n.parent.map { " in \(Self.describe($0))" } ?? "") is not supported yet; ignored")
                }
                i = n.element.descendants.endIndex
                continue
            }
            i += 1
            for name in n.unusedAttributes(ignoring: metadata) {
                var message = "<\(n.name)>: attribute '\(name)' not supported yet; ignored"
                if suggestionsLeft > 0 {
                    suggestionsLeft -= 1
                    if let guess = AttributeSuggestion.closest(to: name, on: n.name, in: root) {
                        message += " (did you mean '\(guess)'?)"
                    }
                }
                let at = n.attributeLocation(name)
                diagnostics.append(CompileDiagnostic(severity: .warning, file: fileName, line: at?.line ?? n.line,
                                                     column: at?.column ?? n.column, message: message))
            }
        }
    }

    /// `<name key="k">` (or `<name>`): how a warning names an element.
    static func describe(_ n: XIBNode) -> String {
        "<\(n.name)\(n.peek("key").map { " key=\"\($0)\"" } ?? "")>"
    }

    /// How many unread attributes of one document get a "did you mean" (the first ones in document order).
    static let maxSuggestions = 64

    /// Attributes that only matter to Interface Builder.
    static let metadataAttributes: Set<String> = [
        "id", "misplaced", "ambiguous", "userLabel", "colorLabel", "key", "placeholderIntrinsicWidth",
        "placeholderIntrinsicHeight", "verifyAmbiguity", "horizontalPositionIntrinsic", "adjustsImageSizeForAccessibilityContentSizeCategory",
    ]

    /// Elements that only Interface Builder reads, which ibtool does not archive: the canvas position of a
    /// top-level object, the designer's guides, the "Notes" of the identity inspector, and the empty
    /// `<animations/>` Xcode 7 wrote into every view (appkit-samples/test_animations: nothing archived).
    static func isMetadataElement(_ n: XIBNode) -> Bool {
        switch (n.name, n.peek("key")) {
        case ("point", "canvasLocation"), ("userGuides", _), ("attributedString", "userComments"): return true
        case ("animations", nil): return n.children.isEmpty
        default: return false
        }
    }

    /// Marks a whole subtree as handled (IB-only metadata such as `canvasLocation`).
    func ignore(_ node: XIBNode) {
        let elements = tracker.document.tree.elements
        for i in node.order..<node.element.descendants.endIndex {
            let n = tracker.node(elements[i])
            n.visited = true
            n.markAllAttributesUsed()
        }
    }

    // MARK: Objects by id

    /// The object for an element being defined now (reusing a slot allocated by an earlier reference).
    func define(_ node: XIBNode, className: String) -> Int {
        node.visited = true
        guard node.element.hasAttribute("id") else { return builder.new(className) }
        node.markUsed("id")
        // Ids are unique in a document (checked when it was opened): the element is the id's key.
        let e = node.order
        if options.recordsDocumentIDs, let id = node.peek("id") { idsDefinedHere.append(id) }
        if let existing = Self.decode(slot(of: e)) {
            setSlot(of: e, Self.encode(existing.slot, defined: true))
            builder.graph.objects[existing.slot].className = className
            return existing.slot
        }
        let i = builder.new(className)
        setSlot(of: e, Self.encode(i, defined: true))
        return i
    }

    @inline(__always)
    private static func encode(_ slot: Int, defined: Bool) -> Int32 { defined ? -Int32(slot + 1) : Int32(slot + 1) }

    @inline(__always)
    private static func decode(_ v: Int32) -> (slot: Int, defined: Bool)? {
        v == 0 ? nil : (Int(v.magnitude) - 1, v < 0)
    }

    /// The document order of the element whose id is `id`, nil when no element has it.
    @inline(__always)
    private func elementIndex(_ id: String) -> Int? { tracker.elementIndex(withID: id) }

    /// The object of `id` and whether it is defined, nil when `id` has none yet.
    private func entry(_ id: String) -> (slot: Int, defined: Bool)? {
        if let e = elementIndex(id) { return Self.decode(slot(of: e)) }
        return objectsByOtherID[id].map { ($0, definedOtherIDs.contains(id)) }
    }

    /// Defines the object of `id` without an element of its own (aliases and synthesized objects).
    func bind(id: String, to index: Int) {
        let e = elementIndex(id)
        if options.recordsDocumentIDs, e != nil { idsDefinedHere.append(id) }
        if let existing = entry(id)?.slot, existing != index {
            // A reference was taken before the definition: move the referenced slot's users later.
            aliasSlots[existing] = index
        }
        if let e {
            setSlot(of: e, Self.encode(index, defined: true))
        } else {
            objectsByOtherID[id] = index
            definedOtherIDs.insert(id)
        }
    }

    private var aliasSlots: [Int: Int] = [:]

    /// With `CompileOptions.recordsDocumentIDs`: the document ids this context defined, in definition order (an id
    /// may repeat), so that `documentIDsOfObjects` costs the size of this nib, not of the whole document.
    private var idsDefinedHere: [String] = []

    /// The object index that `id` refers to; records an unresolved reference for error reporting.
    func reference(_ id: String, from node: XIBNode) -> Int {
        if let known = entry(id) {
            if !known.defined, pendingReferences[id] == nil { pendingReferences[id] = node; pendingOrder.append(id) }
            return known.slot
        }
        let i = builder.new("NSObject")
        if let e = elementIndex(id) { setSlot(of: e, Self.encode(i, defined: false)) } else { objectsByOtherID[id] = i }
        pendingReferences[id] = node
        pendingOrder.append(id)
        return i
    }

    func isDefined(_ id: String) -> Bool { entry(id)?.defined ?? false }

    func objectIndex(forID id: String) -> Int? { entry(id)?.slot }

    /// The id of the document element each defined object was made for, by object index in `builder.graph`:
    /// the map from a compiled graph back to its document (`CompileOptions.recordsDocumentIDs`).
    func documentIDsOfObjects() -> [Int: String] {
        var out: [Int: String] = [:]
        for id in idsDefinedHere {
            guard let e = entry(id), e.defined, e.slot >= 0, e.slot < builder.graph.objects.count else { continue }
            // Two ids bound to one object (an alias): the smaller id, so the map does not depend on hash order.
            if let other = out[e.slot], other.utf8.lexicographicallyPrecedes(id.utf8) { continue }
            out[e.slot] = id
        }
        return out
    }

    /// Reports references to ids that no encoder defined; patches aliased slots.
    func finishReferences() {
        for id in pendingOrder where !isDefined(id) {
            guard let node = pendingReferences[id] else { continue }
            if element(withID: id) == nil {
                error(at: node, "reference to unknown id '\(id)'")
            } else {
                error(at: node, "reference to id '\(id)' whose element is not archived")
            }
        }
        pendingOrder.removeAll()
        pendingReferences.removeAll()
        if !aliasSlots.isEmpty {
            let aliasSlots = aliasSlots
            builder.graph.redirectReferences { aliasSlots[$0] }
        }
    }

    // MARK: Strings

    /// A user-visible string: `NSLocalizableString` in Base-localized documents, else a shared `NSString`.
    /// `text` is read from `source` (default: `owner`) under `name` (default: `property`): an attribute of
    /// that name or a `<string key="name">` child; every `NSLocalizableString` is recorded in `strings`.
    func localizable(_ text: String, owner: XIBNode, property: String, source: XIBNode? = nil, name: String? = nil) -> Int {
        // An empty string has nothing to translate: a plain string (Settings' `footerTitle=""`, one sample).
        guard localized, !text.isEmpty, let id = owner.peek("id") else { return builder.string(text) }
        strings.record(LocalizableString(id: id, property: property, text: text, owner: owner, source: source ?? owner,
                                         name: name ?? property, platform: tracker.document.platform),
                       key: id + "." + property)
        var o = NibObject(className: "NSLocalizableString")
        o.append(FoundationKeys.bytes, .data(Array(text.utf8)))
        o.append("NSKey", .object(builder.string("\(id).\(property)")))
        o.append("NSDev", .object(builder.string(text)))
        return builder.graph.add(o)
    }
}

/// Element-slot buffers (`CompileContext`'s object index per element) of one document, handed from one
/// context to the next: a storyboard makes a context per nib and per prototype cell (about 190 per pass
/// over DuckDuckGo's 19 storyboards), and each zero-filled an element-sized array of its own. A buffer is
/// never cleared: each context that takes one gets a new generation, and entries of older ones read as unset.
/// The pool also holds the writer tables those contexts' nibs are written with.
final class ElementSlotPool {
    /// The number of elements of the document (the length of every buffer).
    let count: Int
    /// Buffers no context holds now (at most as many as contexts lived at once: a view nib's and its
    /// prototype cell's).
    private var free: [UnsafeMutableBufferPointer<Int64>] = []
    private var generation: Int64 = 0
    /// The writer tables the document's nibs are written with, one nib after another.
    let writerScratch = NibArchiveWriter.Scratch()

    init(count: Int) { self.count = count }

    deinit { for buffer in free { buffer.deallocate() } }

    /// A buffer whose entries stamped `generation` are all this context's (none yet).
    func take() -> (buffer: UnsafeMutableBufferPointer<Int64>, generation: Int64) {
        // A fresh buffer's zero entries carry generation 0, which no context gets.
        generation += 1
        if let buffer = free.popLast() { return (buffer, generation) }
        let buffer = UnsafeMutableBufferPointer<Int64>.allocate(capacity: count)
        buffer.initialize(repeating: 0)
        return (buffer, generation)
    }

    /// Takes back the buffer of a context that has ended.
    func give(_ buffer: UnsafeMutableBufferPointer<Int64>) { free.append(buffer) }
}

// MARK: Number formatting

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// C `printf` formatting of one double (`"%.3g"` and friends).
func cFormat(_ format: String, _ value: Double) -> String {
    // A whole number with fewer digits than the precision prints as its digits (`%g` drops the point);
    // most colour components and frames are such numbers, and `vsnprintf` through a va_list is costly.
    let integerLimit: Double
    let precision: Int32
    switch format {
    case "%.3g": (integerLimit, precision) = (1e3, 3)
    case "%.10g": (integerLimit, precision) = (1e10, 10)
    case "%.17g": (integerLimit, precision) = (1e17, 17)
    default: (integerLimit, precision) = (0, 0)
    }
    if value == value.rounded(), abs(value) < integerLimit, value != 0 || value.sign == .plus {
        return String(Int64(value))
    }
    #if canImport(Glibc)
    // glibc's `gcvt(v, n, buf)` is `sprintf(buf, "%.*g", n, v)` for n <= 17 (misc/efgcvt.c) and takes no
    // va_list: building one through `withVaList` cost twice the formatting (colour components of a storyboard).
    if precision > 0 {
        return withUnsafeTemporaryAllocation(of: CChar.self, capacity: 64) { buffer in
            _ = gcvt(value, precision, buffer.baseAddress!)
            return String(cString: buffer.baseAddress!)
        }
    }
    #endif
    // The text goes through a stack buffer straight into the String (no array per call and copy of it).
    return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 64) { buffer in
        let n = withVaList([value]) { args in
            buffer.withMemoryRebound(to: CChar.self) { vsnprintf($0.baseAddress, 64, format, args) }
        }
        return String(decoding: UnsafeBufferPointer(rebasing: buffer.prefix(Int(min(max(0, n), 63)))), as: UTF8.self)
    }
}

/// Shortest round-trip text of a double without a trailing `.0` (`320`, `12.666666666666664`).
func shortNumber(_ v: Double) -> String {
    if v == v.rounded(), abs(v) < 1e15 { return String(Int64(v)) }
    return String(v)
}

/// A CGFloat as `NSStringFromCGRect` writes it (`%.17g`: `345`, `6.6666666666666679`), for the geometry strings
/// of key-value pairs (a switch's `frame`: Settings fV3, where the shortest form `6.666666666666668` differs).
func geometryNumber(_ v: Double) -> String { cFormat("%.17g", v) }
