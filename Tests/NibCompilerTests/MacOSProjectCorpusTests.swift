import Foundation
import NibArchive
import NibCompiler
import NibCompilerTestSupport
import NibTestSupport
import Testing

/// The project's own macOS XIBs under `Corpus/macos`, each exercising AppKit semantics no Apple-compiled pair
/// covers fully: number formatters, window content/frame sizes, explicit and computed key-view loops.
@Suite struct MacOSProjectCorpusTests {
    /// The compiled graph, read back from the written bytes (as a loader sees it).
    func compile(_ name: String, module: String? = nil, target: String? = nil, titleBarHeight: Double? = nil) throws -> (CompiledXIB, CompileResult) {
        let url = ProjectCorpus.directory.appendingPathComponent("macos/\(name)")
        var options = CompileOptions(moduleName: module, minimumDeploymentTarget: target)
        if let titleBarHeight { options.titleBarHeight = titleBarHeight }
        let nib = try CompiledXIB(contentsOf: url, options: options, fileName: "Corpus/macos/\(name)")
        return (nib, nib.result)
    }

    /// Number formatters: a formatted cell's title is archived as the number the formatter reads (NSNumber,
    /// an integer when integral; NSDecimalNumber for a 10.0 formatter), minimum/maximum keep their XIB types,
    /// `<decimal>` limits are NSDecimalNumberPlaceholders, grouping and localisation reach the 10.0 keys.
    @Test func formatterForm() throws {
        let (nib, result) = try compile("FormatterForm.xib", module: "Billing")
        let cells = nib.objects("NSTextFieldCell")
        #expect(cells.count == 4)
        func contents(_ cell: NibObject) -> NibObject? { nib.object(cell.value(forKey: "NSContents")) }
        // Currency: "12.5" -> a double NSNumber; its limits 0.0 and 10000 as doubles.
        #expect(contents(cells[0])?.value(forKey: "NS.dblval") == .double(12.5))
        let currency = try #require(nib.object(cells[0].value(forKey: "NSFormatter")))
        #expect(nib.object(currency.value(forKey: "NS.max"))?.value(forKey: "NS.dblval") == .double(10000))
        // Custom decimal with grouping: "1,234" -> the integer 1234; thousands on.
        #expect(contents(cells[1])?.value(forKey: "NS.intval") == .int(1234))
        let grouped = try #require(nib.object(cells[1].value(forKey: "NSFormatter")))
        #expect(grouped.value(forKey: "NS.hasthousands") == .bool(true))
        #expect(nib.object(grouped.value(forKey: "NS.min"))?.value(forKey: "NS.intval") == .int(1))
        // 10.0 formatter: "-100" and the limits are decimal numbers; "#,##0" turns thousands on; not localized.
        let legacy = try #require(nib.object(cells[2].value(forKey: "NSFormatter")))
        let value = try #require(contents(cells[2]))
        #expect(value.className == "NSDecimalNumberPlaceholder")
        #expect(value.value(forKey: "NS.negative") == .bool(true))
        #expect(value.value(forKey: "NS.mantissa.bo") == .int(1))
        if case .data(let m)? = value.value(forKey: "NS.mantissa") {
            #expect(m.count == 16)
            // Compact: mantissa 1, exponent 2.
            #expect(m.first == 1 && value.value(forKey: "NS.exponent") == .int(2))
        } else {
            Issue.record("NS.mantissa is not data")
        }
        let minimum = try #require(nib.object(legacy.value(forKey: "NS.min")))
        #expect(minimum.className == "NSDecimalNumberPlaceholder" && minimum.value(forKey: "NS.length") == .int(1))
        let maximum = try #require(nib.object(legacy.value(forKey: "NS.max")))
        #expect(maximum.className == "NSDecimalNumberPlaceholder" && maximum.value(forKey: "NS.length") == .int(0))
        #expect(legacy.value(forKey: "NS.hasthousands") == .bool(true))
        #expect(legacy.value(forKey: "NS.localized") == .bool(false))
        #expect(nib.string(legacy.value(forKey: "NS.thousand")) == ",")
        // A title the formatter cannot read stays a string.
        #expect(nib.string(cells[3].value(forKey: "NSContents")) == "n/a")
        // Window sizes: content sizes as given, frame sizes with the title bar (32 points by default, macOS 26).
        let window = try #require(nib.window)
        #expect(nib.string(window.value(forKey: "NSWindowContentMinSize")) == "{300, 150}")
        #expect(nib.string(window.value(forKey: "NSWindowContentMaxSize")) == "{600, 400}")
        #expect(nib.string(window.value(forKey: "NSMinSize")) == "{300, 182}")
        #expect(nib.string(window.value(forKey: "NSMaxSize")) == "{600, 432}")
        // The output of an ibtool on macOS 11-15 (28-point title bar, as the Sparkle nibs): content sizes unchanged.
        let (older, _) = try compile("FormatterForm.xib", module: "Billing", titleBarHeight: 28)
        let olderWindow = try #require(older.window)
        #expect(older.string(olderWindow.value(forKey: "NSWindowContentMinSize")) == "{300, 150}")
        #expect(older.string(olderWindow.value(forKey: "NSMinSize")) == "{300, 178}")
        #expect(older.string(olderWindow.value(forKey: "NSMaxSize")) == "{600, 428}")
        #expect(!result.diagnostics.contains { $0.message.contains("formatter") || $0.message.contains("decimal") })
    }

    /// Explicit key-view loop (nextKeyView outlets, initialFirstResponder, autorecalculation off) and the loop
    /// AppKit computes inside a tab view item; a "no limit" maximum height is not grown by the title bar.
    @Test func keyViewLoopWindow() throws {
        let (nib, _) = try compile("KeyViewLoopWindow.xib")
        let window = try #require(nib.window)
        var wt: Int64 = 0
        if case .int(let v)? = window.value(forKey: "NSWTFlags") { wt = v }
        #expect(wt & (1 << 11) == 0, "autorecalculatesKeyViewLoop=NO clears bit 11")
        #expect(nib.string(window.value(forKey: "NSMinSize")) == "{380, 252}")
        #expect(nib.string(window.value(forKey: "NSMaxSize")) == "{800, 10000000}")
        #expect(nib.string(window.value(forKey: "NSWindowContentMaxSize")) == "{800, 10000000}")
        // The explicit loop: Server -> User -> Password -> Sign In -> Server, as outlet connectors.
        var next: [String: String] = [:]
        for c in nib.objects("NSNibOutletConnector") where nib.string(c.value(forKey: "NSLabel")) == "nextKeyView" {
            let from = try #require(nib.frame(nib.object(c.value(forKey: "NSSource"))))
            next[from] = nib.frame(nib.object(c.value(forKey: "NSDestination")))
        }
        let server = "{{120, 218}, {280, 21}}", user = "{{120, 186}, {280, 21}}", password = "{{120, 154}, {280, 21}}"
        let signIn = "{{314, 13}, {93, 32}}"
        #expect(next == [server: user, user: password, password: signIn, signIn: server])
        let first = nib.objects("NSNibOutletConnector").first { nib.string($0.value(forKey: "NSLabel")) == "initialFirstResponder" }
        #expect(nib.frame(nib.object(first?.value(forKey: "NSDestination"))) == server)
        // The computed loop in the tab view: tab view -> item view -> checkboxes left to right -> tab view.
        let tab = try #require(nib.objects("NSTabView").first)
        var chain: [String] = []
        var current: NibObject? = tab
        for _ in 0..<5 {
            current = nib.object(current?.value(forKey: "NSNextKeyView"))
            chain.append(current.map { "\($0.className) \(nib.frame($0) ?? "")" } ?? "nil")
        }
        #expect(chain == ["NSView {{10, 33}, {374, 50}}", "NSButton {{10, 16}, {150, 18}}", "NSButton {{200, 16}, {150, 18}}",
                          "NSTabView {{13, 50}, {394, 96}}", "NSView {{10, 33}, {374, 50}}"])
    }

    /// Compiled for a deployment target before macOS 10.13, the result asks for the keyed form.
    /// A preferences window: a toolbar of selectable image items whose actions go to the File's Owner, a flexible
    /// space, identifiers, tags and labels; it compiles without a warning.
    @Test func preferencesWindowToolbar() throws {
        let (nib, result) = try compile("PreferencesWindow.xib", module: "Notes")
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics.map(\.message))")
        let window = try #require(nib.window)
        let toolbar = try #require(nib.object(window.value(forKey: "NSViewClass")))
        #expect(toolbar.className == "NSToolbar")
        #expect(nib.string(toolbar.value(forKey: "NSToolbarIdentifier")) == "PWT-aa-aaa")
        func identifiers(_ key: String) -> [String] {
            guard let list = nib.object(toolbar.value(forKey: key)) else { return [] }
            return list.entries.filter { $0.key == "UINibEncoderEmptyKey" }.compactMap {
                nib.string(nib.object($0.value)?.value(forKey: "NSToolbarItemIdentifier"))
            }
        }
        #expect(identifiers("NSToolbarIBAllowedItems") == ["NSToolbarFlexibleSpaceItem", "general", "advanced"])
        #expect(identifiers("NSToolbarIBDefaultItems") == ["general", "advanced", "NSToolbarFlexibleSpaceItem"])
        #expect(identifiers("NSToolbarIBSelectableItems") == ["general", "advanced"])
        for (identifier, image, tag) in [("general", "NSPreferencesGeneral", 1), ("advanced", "NSAdvanced", 2)] {
            let item = try #require(nib.objects("NSToolbarItem").first { nib.string($0.value(forKey: "NSToolbarItemIdentifier")) == identifier })
            let resource = nib.object(item.value(forKey: "NSToolbarItemImage"))
            #expect(resource?.className == "NSCustomResource")
            #expect(nib.string(resource?.value(forKey: "NSResourceName")) == image)
            if case .int(let t)? = item.value(forKey: "NSToolbarItemTag") { #expect(t == tag) } else { Issue.record("no tag on \(identifier)") }
            // Its action goes to the owner as a control connector with the item as its source.
            let action = nib.objects("NSNibControlConnector").first {
                nib.object($0.value(forKey: "NSSource"))?.value(forKey: "NSToolbarItemIdentifier") == item.value(forKey: "NSToolbarItemIdentifier")
            }
            #expect(nib.string(action?.value(forKey: "NSLabel")) == "show\(identifier.prefix(1).uppercased())\(identifier.dropFirst()):")
        }
    }

    @Test func oldDeploymentTargetAsksForTheKeyedForm() throws {
        let (_, old) = try compile("KeyViewLoopWindow.xib", target: "10.11")
        let (_, current) = try compile("KeyViewLoopWindow.xib", target: "12.0")
        #expect(old.format == .keyedArchive)
        #expect(current.format == .nibArchive)
    }
}

extension CompiledXIB {
    /// A view's frame string (`NSFrame`, or `NSFrameSize` at the origin).
    func frame(_ view: NibObject?) -> String? { string(view?.value(forKey: "NSFrame")) ?? string(view?.value(forKey: "NSFrameSize")) }
    /// The window template.
    var window: NibObject? { objects("NSWindowTemplate").first }
}
