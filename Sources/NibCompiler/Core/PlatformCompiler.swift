import XIB

/// A platform back end: turns a parsed XIB `<document>` into objects in `context.builder`.
///
/// How to add a platform (for example AppKit, `targetRuntime="MacOSX.Cocoa"`):
/// 1. Create `Sources/NibCompiler/<Platform>/` with a type conforming to `PlatformCompiler` that names
///    its `XIBPlatform` and builds the root object's keys in `compile(document:context:)`.
/// 2. Add an instance to `PlatformRegistry.platforms`. The XML reader, `CompileContext` (ids,
///    diagnostics, interning, connections bookkeeping) and the archive writer are shared and stay untouched.
///
/// How to add an element encoder to a platform: write its encoder method in the family file of that
/// platform folder (`UIKit/<Family>.swift`, `AppKit/AppKit<Family>.swift`) and register it under its
/// element name in that platform's encoder table (`UIKitEncoders.table`, `AppKitEncoders.views`): one
/// file plus one line. Read attributes through `node["name"]` (an `XIBNode`, a view of the document) so
/// that the read is recorded; anything left unread is reported as a warning with its position.
protocol PlatformCompiler: Sendable {
    /// The platform of the documents this back end compiles (`XIBDocument` derives it from the
    /// document `type` and checks `targetRuntime` against it).
    var platform: XIBPlatform { get }
    /// Builds the whole graph for `document`; errors and warnings go to `context`.
    func compile(document: XIBNode, context: CompileContext)
}

/// The platforms known to the compiler.
enum PlatformRegistry {
    static let platforms: [any PlatformCompiler] = [UIKitPlatform(), AppKitPlatform()]

    static func compiler(for platform: XIBPlatform) -> (any PlatformCompiler)? {
        platforms.first { $0.platform == platform }
    }
}
