import NibArchive
import XIB

/// One file of a compiled storyboard, by its path inside the `.storyboardc` directory
/// (`Info.plist`, `Main.nib`, `Settings.nib/runtime.nib`, …).
public struct StoryboardFile: Sendable, Hashable {
    /// The path relative to the `.storyboardc` directory.
    public var path: String
    /// The file bytes.
    public var bytes: [UInt8]
}

/// The outcome of compiling a storyboard: the files of the `.storyboardc` directory (sorted by path)
/// and the warnings.
public struct StoryboardResult: Sendable {
    /// Every file of the directory, sorted by path (nib directories appear as their two files).
    public var files: [StoryboardFile]
    /// Warnings (errors throw `CompileError`).
    public var diagnostics: [CompileDiagnostic]
    /// Every string archived as an `NSLocalizableString` (Base-localized documents only), each key once.
    public var localizableStrings: [LocalizableString] = []
    /// With `CompileOptions.recordsDocumentIDs`: each nib's graph with the document id of its objects, in the order
    /// the nibs are built (the first pass; a `runtime.nib` variant is not listed); empty otherwise.
    public var nibs: [CompiledNib] = []
}

/// One nib of a compiled storyboard as built: its name (without `.nib`), the graph written, and the id of the
/// document element each object was made for (`CompileResult.documentIDs`).
public struct CompiledNib: Sendable {
    /// The nib's name in the `.storyboardc` directory, without `.nib`.
    public var name: String
    /// The object graph written (object 0 is the root).
    public var graph: NibGraph
    /// The document element id of each object made for one, by object index in `graph`.
    public var documentIDs: [Int: String]
}

/// The nibs a storyboard compilation records (`CompileOptions.recordsDocumentIDs`): a nib builder records its graph
/// when it archives it, the storyboard builder names it when it lists the nib.
final class CompiledNibLog {
    private(set) var nibs: [CompiledNib] = []
    private var pending: (graph: NibGraph, ids: [Int: String])?

    func record(_ graph: NibGraph, context: CompileContext) {
        pending = (graph, context.documentIDsOfObjects())
    }

    func name(_ name: String) {
        guard let pending else { return }
        nibs.append(CompiledNib(name: name, graph: pending.graph, documentIDs: pending.ids))
        self.pending = nil
    }
}

/// Compiles an Interface Builder `.storyboard` into the files of a `.storyboardc` directory
/// (STORYBOARD.md): `Info.plist`, one scene nib per instantiable controller, one view nib per
/// controller with a root view. Inside the nibs the platform encoders of XIB compilation are used
/// unchanged.
///
/// ```swift
/// let result = try StoryboardCompiler(options: .init(moduleName: "App")).compile(storyboard: bytes, fileName: "Main.storyboard")
/// for file in result.files { /* write directory/file.path */ }
/// ```
public struct StoryboardCompiler: Sendable {
    public var options: CompileOptions

    public init(options: CompileOptions = CompileOptions()) { self.options = options }

    /// Compiles `bytes` (the storyboard text); `fileName` is used in diagnostics and for
    /// Base-localization detection.
    ///
    /// - Parameters:
    ///   - bytes: the storyboard document (iOS or macOS), untrusted: every fault is a located diagnostic.
    ///   - fileName: the path diagnostics name; a `Base.lproj` parent makes user-visible strings localizable.
    /// - Returns: the files of the `.storyboardc` directory (`Info.plist` and one nib per scene and view
    ///   controller, paths relative to the directory) and the warnings.
    /// - Throws: `CompileError` with every diagnostic when the document cannot be compiled; nothing is returned then.
    public func compile(storyboard bytes: [UInt8], fileName: String) throws(CompileError) -> StoryboardResult {
        try compile(document: XIBDocument.open(bytes, fileName: fileName, options: options, storyboard: true), fileName: fileName)
    }

    /// Compiles a storyboard parsed already (`XIBDocument.open(_:fileName:options:storyboard:)` with
    /// `storyboard: true`), as `compile(storyboard:fileName:)` does; the document is only read.
    public func compile(document: XIBDocument, fileName: String) throws(CompileError) -> StoryboardResult {
        try document.requireKind(storyboard: true, fileName: fileName)
        var options = options
        // Every nib (and prototype cell) gets a context of its own; deciding Base localization from the file
        // name once (as `CompileContext` does) spares each of them a Foundation substring search.
        if options.baseLocalized == nil { options.baseLocalized = fileName.contains("Base.lproj/") }
        let tracker = XIBReadTracker(document: document)
        let context = CompileContext(options: options, fileName: fileName, tracker: tracker)
        if options.recordsDocumentIDs { context.nibLog = CompiledNibLog() }
        let scenes = StoryboardScenes(document: context.document, platform: document.platform, context: context)
        if context.hasErrors { throw CompileError(diagnostics: context.diagnosticsInSourceOrder) }

        var nibs: [(name: String, bytes: [UInt8])] = []
        let plist: StoryboardInfoPlist
        var firstPass: UIKitStoryboardBuilder?
        switch document.platform {
        case .iOS:
            let builder = UIKitStoryboardBuilder(scenes: scenes, context: context)
            nibs = builder.build()
            plist = builder.infoPlist()
            firstPass = builder
        case .macOS:
            let builder = AppKitStoryboardBuilder(scenes: scenes, context: context)
            nibs = builder.build()
            plist = builder.infoPlist()
        }
        context.reportUnhandled(context.document)
        if context.hasErrors { throw CompileError(diagnostics: context.diagnosticsInSourceOrder) }

        var files = [StoryboardFile(path: "Info.plist", bytes: plist.bytes)]
        if let firstPass, Self.needsVersionedNibs(document: context.document, options: options) {
            // §1.3: the document as `objects-14.0+.nib` (the encoding above) and as `runtime.nib` for the
            // deployment target, where symbol images are rendered (see `imageReference`) and text views
            // share their font (`encodeTextView`): a second pass over the nibs whose part of a scene holds
            // one of these; the other nibs are the same bytes in both.
            var runtimeOptions = options
            runtimeOptions.encodesPreIOS14Runtime = true
            // A fresh read tracker: encoders look at what is still unread (variation attributes).
            let runtimeContext = CompileContext(options: runtimeOptions, fileName: fileName, tracker: XIBReadTracker(document: document),
                                                slots: context.slotPool)
            let runtimeScenes = StoryboardScenes(document: runtimeContext.document, platform: .iOS, context: runtimeContext)
            let runtimeBuilder = UIKitStoryboardBuilder(scenes: runtimeScenes, context: runtimeContext)
            runtimeBuilder.upstreams = firstPass.upstreams
            // A view nib archives its root view's subtree, a scene nib the scene outside the root view: each
            // is built again only when its own part holds such an object.
            runtimeBuilder.onlyViewNibs = Set(runtimeScenes.controllers.filter { $0.rootView.map { Self.differsBeforeIOS14($0) } ?? false }.map(\.id))
            runtimeBuilder.onlySceneNibs = Set(runtimeScenes.controllers.filter { Self.differsBeforeIOS14($0.scene, excluding: $0.rootView) }.map(\.id))
            var runtimeNibs: [String: [UInt8]] = [:]
            for nib in runtimeBuilder.build() { runtimeNibs[nib.name] = nib.bytes }
            // Warnings of the second pass that the first did not give (those about the runtime variant).
            context.absorbNew(runtimeContext)
            if context.hasErrors { throw CompileError(diagnostics: context.diagnosticsInSourceOrder) }
            for nib in nibs {
                files.append(StoryboardFile(path: "\(nib.name).nib/objects-14.0+.nib", bytes: nib.bytes))
                files.append(StoryboardFile(path: "\(nib.name).nib/runtime.nib", bytes: runtimeNibs[nib.name] ?? nib.bytes))
            }
        } else {
            for nib in nibs { files.append(StoryboardFile(path: "\(nib.name).nib", bytes: nib.bytes)) }
        }
        files.sort { $0.path.utf8.lexicographicallyPrecedes($1.path.utf8) }
        return StoryboardResult(files: files, diagnostics: context.diagnosticsInSourceOrder.filter { $0.severity != .error },
                                localizableStrings: context.strings.strings, nibs: context.nibLog?.nibs ?? [])
    }

    /// Whether the document holds an object whose archive depends on iOS 14 (an SF Symbol image,
    /// `<imageReference catalog="system">`) while the deployment target is below 14.0 (§1.3; rests on
    /// one storyboard, Settings, of the corpus).
    static func needsVersionedNibs(document: XIBNode, options: CompileOptions) -> Bool {
        guard let target = options.minimumDeploymentTarget,
              let major = Int(target.split(separator: ".").first ?? ""), major < 14 else { return false }
        return holdsSymbolImage(document)
    }

    /// Whether the subtree holds an object archived differently in `runtime.nib`: an SF Symbol image, or
    /// a plain-text text view with a named font.
    static func differsBeforeIOS14(_ n: XIBNode, excluding: XIBNode? = nil) -> Bool {
        n.subtreeContains(named: "imageReference", "textView") { n in
            if let excluding, excluding.contains(n) { return false }
            if n.name == "imageReference" { return n.peek("catalog") == "system" }
            return n.children.first(where: { $0.name == "attributedString" }) == nil
                && n.children.contains(where: { $0.name == "fontDescription" && $0.peek("name") != nil })
        }
    }

    /// Whether the subtree holds an SF Symbol image (`<imageReference catalog="system">`).
    static func holdsSymbolImage(_ n: XIBNode) -> Bool {
        n.subtreeContains(named: "imageReference") { $0.peek("catalog") == "system" }
    }
}
