import Foundation
import NibArchive
import NibCompiler
import NibTestSupport
import Testing

/// Window-controller scene nibs against what Apple's `storyboards/appkit` nibs hold beyond the loose score (which
/// does not count objects the output has in excess): the implicit window `delegate` outlet of old documents, and a
/// toolbar window's missing frame sizes.
@Suite struct AppKitStoryboardWindowTests {
    static func sceneNib(_ storyboard: String, _ nib: String) throws -> (ours: NibGraph, apple: NibGraph)? {
        let corpus: URL
        do { corpus = try SharedCorpus.require() } catch {
            if SharedCorpus.allowMissing { return nil }
            throw error
        }
        let path = "storyboards/appkit/\(storyboard)"
        let flags = SharedCorpus.storyboardFlags(path)
        let result = try StoryboardCompiler(options: CompileOptions(moduleName: flags.moduleName))
            .compile(storyboard: [UInt8](try Data(contentsOf: corpus.appendingPathComponent(path))), fileName: path)
        let ours = try #require(result.files.first { $0.path == nib }).bytes
        let apple = [UInt8](try Data(contentsOf: corpus.appendingPathComponent(path + "c/" + nib)))
        return (NibGraph(try NibArchive(bytes: ours)), NibGraph(try NibArchive(bytes: apple)))
    }

    /// The outlet labels of a nib, sorted.
    static func outletLabels(_ graph: NibGraph) -> [String] {
        graph.objects.filter { $0.className == "NSNibOutletConnector" }.compactMap { o -> String? in
            guard case .object(let i)? = o.value(forKey: "NSLabel"), case .data(let d)? = graph.objects[i].value(forKey: "NS.bytes") else { return nil }
            return String(decoding: d, as: UTF8.self)
        }.sorted()
    }

    /// toolsVersion 10117 without the outlet: ibtool adds it; 22505 without it: none; 22505 with it: once.
    @Test(arguments: [("sb_basic_wc.storyboard", "NSWindowController-wc1-00-001.nib", 1),
                      ("sb_button_hug.storyboard", "NSWindowController-wc1-00-070.nib", 0),
                      ("sb_toolbar.storyboard", "ToolbarWC.nib", 1)])
    func windowDelegateOutlet(_ storyboard: String, _ nib: String, _ count: Int) throws {
        guard let (ours, apple) = try Self.sceneNib(storyboard, nib) else { return }
        #expect(Self.outletLabels(apple).filter { $0 == "delegate" }.count == count)
        #expect(Self.outletLabels(ours) == Self.outletLabels(apple))
    }

    /// A window with a toolbar keeps its content minimum but no frame minimum or maximum.
    @Test func toolbarWindowHasNoFrameSizes() throws {
        guard let (ours, apple) = try Self.sceneNib("sb_toolbar.storyboard", "ToolbarWC.nib") else { return }
        for graph in [ours, apple] {
            let window = try #require(graph.objects.first { $0.className == "NSWindowTemplate" })
            let keys = Set(window.entries.map(\.key))
            #expect(keys.contains("NSWindowContentMinSize"))
            #expect(!keys.contains("NSMinSize") && !keys.contains("NSMaxSize"))
        }
    }
}
