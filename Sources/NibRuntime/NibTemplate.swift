import Foundation
import KeyedArchive
import NibArchive
import PropertyList

/// A portable `UINib`: reads a nib once, then instantiates any number of fresh copies of its object graph.
///
/// The first instantiation builds an immutable instantiation plan (classes resolved, values decoded, keys
/// interned, connections and top-level list resolved to indices); later instantiations only create objects.
/// Instantiation is thread-safe.
public final class NibTemplate: Sendable {
    enum Source: Sendable {
        case path(String)
        case bytes([UInt8])
        /// An archive the caller already opened and verified.
        case archive(NibArchive)
    }

    struct State {
        var archive: NibArchive?
        var plan: InstantiationPlan?
        /// The registry generation `plan` was built at.
        var planGeneration = 0
        var fileReads = 0
        var planBuilds = 0
    }

    let source: Source
    /// The registry classes are resolved through.
    public let registry: NibClassRegistry
    /// The translations `NSLocalizableString`s resolve through (nil: the development texts).
    public let localizedStrings: NibLocalizedStrings?
    private let state: Locked<State>

    /// Reads and verifies the nib at `path` (a NIBArchive file, gzip-framed or not, a keyed-archive nib, or a
    /// compiled `.nib` directory, which resolves to its `keyedobjects.nib`, newest `objects-*.nib` or `runtime.nib`).
    ///
    /// A keyed archive is verified, mapped onto the graph model and written as NIBArchive in memory once, when
    /// the template reads it; instantiation then follows the same plan as for a NIBArchive nib.
    ///
    /// - Parameters:
    ///   - path: the nib file or `.nib` directory.
    ///   - registry: the classes instances are created from; unregistered classes become generic objects.
    ///   - localizedStrings: translates the nib's `NSLocalizableString`s (`NibLocalizedStrings`).
    /// - Throws: `NibLoadingError.io` when the file cannot be read, `.archive` or `.keyedArchive` with the
    ///   reader's located error when it does not verify.
    public init(contentsOf path: String, registry: NibClassRegistry = .shared,
                localizedStrings: NibLocalizedStrings? = nil) throws(NibLoadingError) {
        self.localizedStrings = localizedStrings
        var isDirectory: ObjCBool = false
        let path = FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
            ? NibBundle.resolveNibDirectory(path) ?? path : path
        source = .path(path)
        self.registry = registry
        let archive = try Self.read(path)
        state = Locked(State(archive: archive, fileReads: 1))
    }

    /// Verifies `bytes` (a NIBArchive, gzip-framed or not, or a keyed archive, converted as for a file); they
    /// are kept for the template's lifetime.
    public init(bytes: [UInt8], registry: NibClassRegistry = .shared,
                localizedStrings: NibLocalizedStrings? = nil) throws(NibLoadingError) {
        self.localizedStrings = localizedStrings
        source = .bytes(bytes)
        self.registry = registry
        state = Locked(State(archive: try Self.verify(bytes: bytes)))
    }

    /// Verifies a copy of `data`, kept for the template's lifetime (copied once: a small `Data` keeps its
    /// bytes inline and cannot be borrowed; re-reading after `purgeCache()` reuses the copy).
    public convenience init(data: Data, registry: NibClassRegistry = .shared) throws(NibLoadingError) {
        try self.init(bytes: [UInt8](data), registry: registry)
    }

    /// Uses an archive that is already open and verified (for example one a tool also inspects), so the
    /// nib is not read or verified a second time; the archive is kept for the template's lifetime.
    public init(archive: NibArchive, registry: NibClassRegistry = .shared, localizedStrings: NibLocalizedStrings? = nil) {
        self.localizedStrings = localizedStrings
        source = .archive(archive)
        self.registry = registry
        state = Locked(State(archive: archive))
    }

    /// A nested nib: its bytes are verified and decoded only when it is first instantiated.
    init(nestedBytes: [UInt8], registry: NibClassRegistry, localizedStrings: NibLocalizedStrings?) {
        self.localizedStrings = localizedStrings
        source = .bytes(nestedBytes)
        self.registry = registry
        state = Locked(State())
    }

    static func verify(bytes: [UInt8]) throws(NibLoadingError) -> NibArchive {
        if bytes.starts(with: BinaryPropertyList.magic) { return try fromKeyed { () throws(PropertyListError) in try KeyedArchive(bytes: bytes) } }
        do { return try NibArchive(bytes: bytes) } catch { throw .archive(error) }
    }

    static func read(_ path: String) throws(NibLoadingError) -> NibArchive {
        do { return try NibArchive(contentsOf: path) } catch {
            if error.kind == .io { throw .io(path: path, message: error.message) }
            // Only a file without the NIBArchive magic is looked at again, so NIBArchive loading costs nothing extra.
            if error.kind == .badMagic, Self.hasPropertyListMagic(path) {
                return try fromKeyed { () throws(PropertyListError) in try KeyedArchive(contentsOf: path) }
            }
            throw .archive(error)
        }
    }

    /// Whether the file at `path` starts with `bplist00`.
    static func hasPropertyListMagic(_ path: String) -> Bool {
        guard let handle = FileHandle(forReadingAtPath: path) else { return false }
        defer { try? handle.close() }
        return ((try? handle.read(upToCount: 8)) ?? Data()).elementsEqual(BinaryPropertyList.magic)
    }

    /// A keyed archive as a verified in-memory NIBArchive of the same graph.
    static func fromKeyed(_ open: () throws(PropertyListError) -> KeyedArchive) throws(NibLoadingError) -> NibArchive {
        let keyed: KeyedArchive
        do { keyed = try open() } catch {
            if error.kind == .io { throw .io(path: "", message: error.message) }
            throw .keyedArchive(error)
        }
        let bytes = NibArchiveWriter(options: .keyedConversion).write(NibGraph(keyed))
        do { return try NibArchive(bytes: bytes) } catch { throw .archive(error) }
    }

    /// The file the template reads, when it was created from a path.
    public var path: String? {
        if case .path(let p) = source { return p }
        return nil
    }

    /// How many times the file has been read from disk (0 for in-memory templates).
    public var fileReadCount: Int { state.withLock { $0.fileReads } }

    /// How many times an instantiation plan has been built.
    public var planBuildCount: Int { state.withLock { $0.planBuilds } }

    /// Whether a plan is cached.
    public var hasCachedPlan: Bool { state.withLock { $0.plan != nil } }

    /// Drops the plan and the archive bytes; a path-based template reads its file again on next use, a
    /// data-based template keeps its bytes and an archive-based one its archive.
    public func purgeCache() {
        state.withLock { s in
            s.plan = nil
            s.archive = nil
        }
    }

    func loadedPlan() throws(NibLoadingError) -> InstantiationPlan {
        try state.withLock { (s: inout State) throws(NibLoadingError) -> InstantiationPlan in
            let generation = registry.generation
            if let plan = s.plan, s.planGeneration == generation { return plan }
            let archive: NibArchive
            if let a = s.archive {
                archive = a
            } else {
                switch source {
                case .path(let p):
                    archive = try Self.read(p)
                    s.fileReads += 1
                case .bytes(let b):
                    archive = try Self.verify(bytes: b)
                case .archive(let a):
                    archive = a
                }
            }
            let plan = try InstantiationPlan.build(archive, registry: registry, localizedStrings: localizedStrings)
            s.archive = archive
            s.plan = plan
            s.planGeneration = generation
            s.planBuilds += 1
            return plan
        }
    }

    /// Instantiates a fresh object graph and returns its top-level objects in document order, without placeholders.
    ///
    /// `owner` replaces the File's Owner; `externalObjects` replaces the other placeholders by identifier.
    ///
    /// - Parameters:
    ///   - owner: the File's Owner; its outlets are connected, nil leaves owner outlets unconnected.
    ///   - externalObjects: the other placeholders' objects, by their `placeholderIdentifier`.
    /// - Returns: the top-level objects, instances of the registry's classes or generic objects.
    /// - Throws: `NibLoadingError` when the nib does not read back (after `purgeCache()`), when a placeholder has
    ///   no object in `externalObjects` (`.missingExternalObject`), or when an object rejects a key or an
    ///   action (`.undefinedKey`, `.unrecognizedSelector`).
    public func instantiate(owner: AnyObject? = nil, externalObjects: [String: AnyObject] = [:]) throws -> [AnyObject] {
        let plan = try loadedPlan()
        return try InstantiationRun(plan: plan).run(owner: owner, externalObjects: externalObjects)
    }

    /// For benchmarks: instantiates like `instantiate(owner:externalObjects:)` and also returns every object the
    /// instantiation created (placeholders excluded), in plan order, so that a baseline can build the same objects.
    @_spi(Benchmarks)
    public func instantiateReturningCreatedObjects(owner: AnyObject? = nil, externalObjects: [String: AnyObject] = [:])
        throws -> (topLevel: [AnyObject], created: [AnyObject]) {
        let plan = try loadedPlan()
        let run = InstantiationRun(plan: plan)
        let top = try run.run(owner: owner, externalObjects: externalObjects)
        return (top, plan.instances.indices.compactMap { run.graph.object($0) })
    }

    /// The nested nibs (e.g. table-view prototype cells), as templates decoded only when instantiated.
    public func nestedTemplates() throws(NibLoadingError) -> [NibTemplate] { try loadedPlan().nestedNibs }

    /// Outlet names the nib connects on the File's Owner.
    public func ownerOutletNames() throws(NibLoadingError) -> Set<String> { try loadedPlan().ownerOutletLabels }

    /// The identifiers of the external-object placeholders the nib expects in `externalObjects`.
    public func externalObjectIdentifiers() throws(NibLoadingError) -> [String] {
        try loadedPlan().placeholders.compactMap { if case .external(let id) = $0.kind { return id } else { return nil } }
    }

    /// Whether the nib is an AppKit nib (`IB.objectdata` root).
    public func isAppKitNib() throws(NibLoadingError) -> Bool { try loadedPlan().platform == .macOS }
}
