/// The Xcode whose `ibtool` output a compilation reproduces (`CompileOptions.xcodeVersion`).
///
/// ibtool archives live UIKit and AppKit objects with the coders of the SDK inside that Xcode, and Interface
/// Builder's own compile rules changed between releases, so the same document compiles to different nibs in
/// different Xcodes (the Flutter template storyboards of `recent-storyboards/` as Xcode 14.2, 15.0.1 and 26.1
/// compiled them differ in their scene nibs). Each version-dependent rule names the first version it was seen
/// in and the samples it rests on; `XcodeVersion` is the one value those rules compare against.
public struct XcodeVersion: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The major version (15 for Xcode 15.0.1).
    public var major: Int
    /// The minor version (0 for Xcode 15.0.1).
    public var minor: Int
    /// The patch version (1 for Xcode 15.0.1).
    public var patch: Int

    /// Xcode `major.minor.patch`.
    public init(_ major: Int, _ minor: Int = 0, _ patch: Int = 0) {
        self.major = major
        self.minor = minor
        self.patch = patch
    }

    /// Parses `"13.2"`, `"15.0.1"` or `"26"`; nil for anything else (a component outside 0…999, a sign,
    /// letters, more than three components).
    public init?(_ text: String) {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...3).contains(parts.count) else { return nil }
        var numbers: [Int] = []
        for part in parts {
            guard (1...3).contains(part.count), part.allSatisfy({ $0.isASCII && $0.isNumber }), let n = Int(part) else { return nil }
            numbers.append(n)
        }
        while numbers.count < 3 { numbers.append(0) }
        self.init(numbers[0], numbers[1], numbers[2])
    }

    /// The newest Xcode nibc models, and the default: Xcode 26.1 (its iOS 26.1 SDK's UIKit coders, and the
    /// `recent-storyboards/` and `recent/` pairs it and Xcode 26.0 compiled).
    public static let newest = XcodeVersion(26, 1)

    /// `major.minor`, with `.patch` when it is not 0.
    public var description: String { patch == 0 ? "\(major).\(minor)" : "\(major).\(minor).\(patch)" }

    /// Orders by major, then minor, then patch.
    public static func < (a: XcodeVersion, b: XcodeVersion) -> Bool {
        (a.major, a.minor, a.patch) < (b.major, b.minor, b.patch)
    }
}

/// The releases at which a compile rule changed, each with its evidence; rules compare
/// `CompileOptions.xcodeVersion` against these, never against literals of their own.
extension XcodeVersion {
    /// A controller without a custom class that lives inside another controller's scene nib (a relationship child:
    /// a navigation controller's root, a tab, a split view's column) and has no storyboard identifier is archived as
    /// its own class; the scene's own controller and identified children keep a `UIClassSwapper` naming their class
    /// twice. Apple's UIKitCatalog as Xcode 15.0 compiled it (`Corpus/pairs`): a launch-screen navigation controller
    /// (swapper) around a plain root (`UIViewController`), a split view's plain navigation child
    /// (`UINavigationController`), an identified plain child (swapper); the Flutter templates' scene controllers
    /// (swappers, Xcode 14.2–26.1). Held-out storyboards show plain navigation controllers as their own class from
    /// Xcode 13.4; Xcode 13.2.1's DuckDuckGo storyboards embed only custom classes, so the version is the issue's
    /// observation, not a pair's.
    static let embeddedPlainControllersAsOwnClass = XcodeVersion(13, 4)

    /// Nibs of plain content carry `IBUINibLNEVersionKey = 1` at their root and the `LNE` trailer (`LNEVersion`):
    /// Xcode 15.0, 15.0.1 and 26.1 wrote them, Xcode 14.2 did not (Flutter's templates; UIKitCatalog).
    static let nibsCarryLNEVersion = XcodeVersion(15)

    /// A storyboard root view in a document without a `<device>` keeps the size of its frame, and a root view
    /// saved without a frame gets the default design device's full screen (393×852, `retina6_12`): the Flutter
    /// templates as Xcode 14.2, 15.0.1 and 26.1 compiled them (a 600×600 frame kept; no frame → 393×852).
    /// Xcode 13.2.1 archived such a root view on the 600×600 any-size canvas of a size-class document instead
    /// (DuckDuckGo's share extension, whose frame is 375×667).
    static let deviceLessRootKeepsFrame = XcodeVersion(14)

    /// A navigation controller's bar is archived with `UIIsLocked = true`: every navigation controller of UIKitCatalog
    /// as Xcode 15.0 compiled it (four bars); none of DuckDuckGo's as Xcode 13.2.1 did (the iOS 15.2 SDK's coder did
    /// not write it). Xcode 14 is not sampled; the first version seen is the boundary.
    static let containerBarsArchiveLock = XcodeVersion(15)

    /// Navigation items carry `UICenterItemGroups` (an empty array): Xcode 14 brought the iOS 16 SDK, where the API
    /// appeared; seen in Xcode 15.0's output (UIKitCatalog), absent from Xcode 13.2.1's (DuckDuckGo).
    static let navigationItemsArchiveCenterGroups = XcodeVersion(14)

    /// Font descriptors carry `UIFontDescriptorOptions` (`UIKitCompiler.systemFontDescriptorOptions`): first seen in
    /// Xcode 15.0's output (UIKitCatalog), absent from Xcode 13.2.1's (DuckDuckGo); Xcode 14 is not sampled.
    static let fontDescriptorOptions = XcodeVersion(15)

    /// The Xcode releases that brought the iOS 17 and iOS 18 SDKs, whose coders archive some values differently from
    /// the SDKs before and after them (`UIKitCompiler.systemFontDescriptorOptions`, `labelColor`, UILabel's
    /// `UILetterformAwareSizingRule`): Xcode 15.0 (UIKitCatalog) against Xcode 16.0 and 26.0 (CleverTap).
    static let iOS17SDK = XcodeVersion(15)
    static let iOS18SDK = XcodeVersion(16)

    /// Whether this Xcode's SDK is iOS 17's (Xcode 15.x).
    var hasIOS17SDK: Bool { self >= .iOS17SDK && self < .iOS18SDK }

    /// A bold system font (`<fontDescription type="boldSystem">`, UIFont's `boldSystemFontOfSize:`) archives its
    /// descriptor attributes as a mutable dictionary that adds `NSCTFontUIUsageOverrideAttribute = CTFontBoldUsage`
    /// beside the emphasized usage: measured on held-out Xcode 16 and 26 pairs, no sample in the corpus. UIKit's
    /// decoder (iOS 18 and 26.1) reads the override and, for programs built with older SDKs, supplies it when absent;
    /// the SDK that began archiving it is not sampled, so Xcode 16's is assumed.
    static let boldSystemFontsArchiveUsageOverride = XcodeVersion(16)

    /// A system symbol's image placeholder carries a catalog name (empty, the only value that makes UIKit's decoder
    /// look the symbol up): held-out storyboards from later Xcodes carry one; Xcode 13.2.1 wrote nil (DuckDuckGo's
    /// Settings, `chevron.left`). The boundary between them is not sampled; Xcode 14 is assumed.
    static let symbolImagesNameTheirCatalog = XcodeVersion(14)

    /// The newest Xcode that compiles macOS documents for deployment targets before 10.13, the targets that get
    /// keyed-archive nibs (`NibOutputFormat.keyedArchive`): Xcode 14 raised the lowest macOS target to 10.13, so a
    /// keyed nib is always an Xcode 13 (or older) nib, in that Xcode's AppKit vocabulary (`writingKeyedNibs`).
    static let newestWritingKeyedNibs = XcodeVersion(13, 4, 1)

    /// The Xcode whose AppKit vocabulary a compile writes: `self`, but for keyed output no newer than
    /// `newestWritingKeyedNibs`.
    public func writing(_ format: NibOutputFormat) -> XcodeVersion {
        format == .keyedArchive ? min(self, .newestWritingKeyedNibs) : self
    }

    /// AppKit keys that Xcode 12.2's nibs (Sparkle, keyed) lack and current Xcode's (the `appkit` pairs) write, or the
    /// other way round, whose release in between is not sampled; Xcode 14 is assumed, the first that wrote only
    /// NIBArchive nibs for macOS. `AppKitCompiler.applyXcodeVocabulary` lists them.
    static let appKitCurrentVocabulary = XcodeVersion(14)

    /// Text fields archive Writing Tools' two keys (`NSAllowsWritingTools`, `NSTextFieldAllowsWritingToolsAffordance`),
    /// API of the macOS 15 SDK, which came with Xcode 16.
    static let appKitWritingTools = XcodeVersion(16)

    /// Colours in a custom colour space archive `NSLinearExposure`, the HDR exposure of the macOS 26 SDK's NSColor,
    /// which came with Xcode 26.
    static let appKitLinearExposure = XcodeVersion(26)

    /// The title bar height of the macOS an Xcode runs on, which AppKit adds to a window's min/max content sizes
    /// (`CompileOptions.titleBarHeight`): 32 on macOS 26 (current Xcode's pairs), 28 on macOS 11–15 (Sparkle's Xcode
    /// 12.2 nibs), 22 before (the Xcodes that ran only on macOS 10.x).
    var titleBarHeight: Double { self >= .appKitLinearExposure ? 32 : self >= XcodeVersion(12) ? 28 : 22 }
}

