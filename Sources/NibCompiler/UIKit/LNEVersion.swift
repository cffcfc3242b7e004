import NibArchive

/// The `IBUINibLNEVersionKey = 1` root key and `LNE` trailer (NIBARCHIVE.md §2.7) of nibs from Xcode 15 on.
///
/// What the key means is not documented, and no UIKit code reads it (the iOS 18.2 and 26.1 `UINib` decoders
/// read only the seven `UINib…Key`s). Which nibs carry it follows from the objects they hold: every nib of
/// the samples that has it holds only the classes below, and every nib that lacks it holds another one. With
/// it: the scene nibs of Flutter's two templates (Xcode 15.0.1, 26.1: a controller, placeholders, outlets)
/// and UIKitCatalog's launch-screen view nib (Xcode 15.0: a view, its colour and safe-area guide). Without:
/// scene nibs with a navigation item or bar, localized titles, views with constraints or old-style layout
/// guides, image and table views (the same samples and the Xcode 16 and 26 XIB pairs), and every nib of
/// Xcode 14.2 and earlier. A class not seen in a nib with the key keeps it off.
enum LNEVersion {
    /// The classes of the nibs that carry the key.
    static let eligibleClasses: Set<String> = [
        "NSObject", "NSArray", "NSDictionary", "NSString", "UIProxyObject", "UIRuntimeOutletConnection", "UIClassSwapper",
        "UIView", "UIColor", "UILayoutGuide",
    ]

    /// Adds the key and the trailer to `graph` when `version` writes them and every object is of an eligible class.
    static func mark(_ graph: inout NibGraph, xcode version: XcodeVersion) {
        guard version >= .nibsCarryLNEVersion, !graph.objects.isEmpty,
              graph.objects.allSatisfy({ eligibleClasses.contains($0.className) }) else { return }
        graph.objects[0].append("IBUINibLNEVersionKey", .int(1))
        graph.hasLNETrailer = true
    }
}
