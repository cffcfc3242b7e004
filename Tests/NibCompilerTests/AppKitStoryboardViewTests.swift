import Foundation
import NibArchive
import NibCompiler
import NibTestSupport
import Testing

/// Attributes a storyboard omits default otherwise than in a XIB (AppKitImageViews.swift, AppKitTextViews.swift):
/// the view nibs of `storyboards/appkit` key for key, beyond the loose score (which does not count excess keys).
@Suite struct AppKitStoryboardViewTests {
    /// The first object of `className` in ours and in Apple's nib.
    static func pair(_ storyboard: String, _ nib: String, _ className: String) throws -> (ours: NibObject, apple: NibObject)? {
        guard let (ours, apple) = try AppKitStoryboardWindowTests.sceneNib(storyboard, nib) else { return nil }
        return (try #require(ours.objects.first { $0.className == className }), try #require(apple.objects.first { $0.className == className }))
    }

    /// An image cell without `animates` animates in a storyboard.
    @Test func imageCellAnimates() throws {
        guard let (ours, apple) = try Self.pair("sb_imagecell_style.storyboard", "vc1-00-040-view-vw1-00-040.nib", "NSImageCell") else { return }
        #expect(apple.value(forKey: "NSAnimates") == .bool(true))
        #expect(ours.value(forKey: "NSAnimates") == .bool(true))
    }

    /// A text view without `textColor` or `maxSize`: no text colour, its frame as maximum size, the storyboard's
    /// shared-data flags.
    @Test func textViewDefaults() throws {
        guard let (ours, apple) = try Self.pair("sb_textview.storyboard", "vc1-00-020-view-vw1-00-020.nib", "NSTextView") else { return }
        #expect(Set(ours.entries.map(\.key)) == Set(apple.entries.map(\.key)))
        #expect(!apple.entries.contains { $0.key == "NSTextViewTextColor" })
        guard let (oursShared, appleShared) = try Self.pair("sb_textview.storyboard", "vc1-00-020-view-vw1-00-020.nib", "NSTextViewSharedData") else { return }
        #expect(oursShared.value(forKey: "NSFlags") == appleShared.value(forKey: "NSFlags"))
    }
}
