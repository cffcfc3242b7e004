import Foundation
import NibArchive
import NibCompiler
import NibTestSupport

/// The Apple-compiled XIB/NIB pairs and how to compile each (coder version, module).
enum CorpusPairs {
    struct Pair: Sendable, CustomStringConvertible {
        var xib: String
        var coderVersion: Int
        var description: String { xib }
        var nib: String { String(xib.dropLast(4)) + ".nib" }
    }

    static let all: [Pair] = {
        var out: [Pair] = []
        for name in ["ActionMessageView", "BrowsingMenuButton", "BrowsingMenuEntryViewCell", "BrowsingMenuSeparatorViewCell",
                     "BrowsingMenuViewController", "FavoriteHomeCell", "NotificationView", "PrivacyProtectionHomeCell", "SiteRatingView"] {
            out.append(Pair(xib: "nib/duckduckgo/\(name).xib", coderVersion: 10))
        }
        for name in ["OmniBar", "PrivacyProtectionHeaderCell"] {
            out.append(Pair(xib: "nib/duckduckgo/Base.lproj/\(name).xib", coderVersion: 10))
        }
        for name in ["CardView", "CenteredView", "MessageView", "MessageViewIOS8", "StatusLine", "TabView"] {
            out.append(Pair(xib: "nib/swiftmessages/4.1.0/\(name).xib", coderVersion: 9))
        }
        for name in ["CardView", "CenteredView", "MessageView", "StatusLine", "TabView"] {
            out.append(Pair(xib: "nib/swiftmessages/7.0.0/\(name).xib", coderVersion: 9))
        }
        return out
    }()

    static func moduleName(for pair: Pair) -> String {
        pair.xib.contains("swiftmessages") ? "SwiftMessages" : "DuckDuckGo"
    }

    /// The Xcode that compiled the pair (SOURCES.md): 13.2.1 for DuckDuckGo, 9.2 and 10.2.1 for SwiftMessages 4.1.0 and 7.0.0.
    static func xcodeVersion(for pair: Pair) -> XcodeVersion {
        if pair.xib.contains("swiftmessages/4.1.0") { return XcodeVersion(9, 2) }
        if pair.xib.contains("swiftmessages/7.0.0") { return XcodeVersion(10, 2, 1) }
        return XcodeVersion(13, 2, 1)
    }

    static func compile(_ pair: Pair, corpus: URL) throws -> CompileResult {
        let data = try Data(contentsOf: corpus.appendingPathComponent(pair.xib))
        var options = CompileOptions(moduleName: moduleName(for: pair), coderVersion: pair.coderVersion)
        options.xcodeVersion = xcodeVersion(for: pair)
        return try XIBCompiler(options: options).compile(xib: [UInt8](data), fileName: pair.xib)
    }
}
