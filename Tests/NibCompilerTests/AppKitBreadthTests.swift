import Foundation
import Testing
import NibArchive
import KeyedArchive
import NibCompiler
import NibCompilerTestSupport
import NibTestSupport

/// AppKit vocabulary beyond the shared pairs: the documents under `Corpus/macos` (bindings controllers,
/// rule and predicate editors, web views, runtime attributes, custom-class menus) and the rule that
/// Interface Builder's own metadata compiles without a warning while everything else still warns.
@Suite struct AppKitBreadthTests {
    struct Compiled: NibGraphQueries {
        var graph: NibGraph
        var diagnostics: [CompileDiagnostic]

        func object(_ cls: String) throws -> NibObject {
            try #require(first(cls), "no \(cls)")
        }
        func strings(_ value: NibGraphValue?) -> [String] { items(value).compactMap { string(.object($0)) } }
        func int(_ o: NibObject, _ key: String) -> Int64? {
            if case .int(let v)? = o.value(forKey: key) { return v }
            return nil
        }
        func bool(_ o: NibObject, _ key: String) -> Bool? {
            if case .bool(let v)? = o.value(forKey: key) { return v }
            return nil
        }
        func double(_ o: NibObject, _ key: String) -> Double? {
            switch o.value(forKey: key) {
            case .double(let v)?: return v
            case .float(let v)?: return Double(v)
            default: return nil
            }
        }
    }

    func compile(xib text: String, name: String = "T.xib") throws -> Compiled {
        let nib = try CompiledXIB(text, options: CompileOptions(moduleName: "Finder"), fileName: name)
        // The bytes decode back to the same graph.
        #expect(LeafScore.score(reference: nib.result.graph, output: nib.graph) == 1.0)
        return Compiled(graph: nib.result.graph, diagnostics: nib.diagnostics)
    }

    /// A shared-corpus storyboard compiled with `module`: its diagnostics' messages and each nib's graph
    /// (nil when the corpus is missing and may be skipped).
    func compileStoryboard(_ path: String, module: String) throws -> (messages: [String], nibs: [Compiled])? {
        guard let dir = try SharedCorpus.requireOrSkip() else { return nil }
        let result = try StoryboardCompiler(options: CompileOptions(moduleName: module))
            .compile(storyboard: [UInt8](try Data(contentsOf: dir.appendingPathComponent(path))), fileName: path)
        let nibs = try result.files.filter { $0.path.hasSuffix(".nib") }.map {
            Compiled(graph: NibGraph(try NibArchive(bytes: $0.bytes)), diagnostics: [])
        }
        return (result.diagnostics.map(\.message), nibs)
    }

    /// A Cocoa XIB of `objects` (the lines inside `<objects>` after the File's Owner), compiled.
    func compile(objects: String) throws -> Compiled {
        try compile(xib: XIBEnvelope.macOS(objects: objects))
    }

    func compile(corpus name: String) throws -> Compiled {
        let url = ProjectCorpus.directory.appendingPathComponent("macos/\(name)")
        return try compile(xib: String(decoding: try Data(contentsOf: url), as: UTF8.self), name: "Corpus/macos/\(name)")
    }

    @Test func predicateAndRuleEditorsWebViewAndRuntimeAttributes() throws {
        let c = try compile(corpus: "SearchRules.xib")
        #expect(c.diagnostics.isEmpty, "\(c.diagnostics)")

        let editor = try c.object("NSPredicateEditor")
        #expect(c.int(editor, "NSRuleEditorNestingMode") == 1)
        #expect(c.double(editor, "NSRuleEditorRowHeight") == 28)
        #expect(c.strings(editor.value(forKey: "NSDragTypes")) == ["NSRuleEditorItemPBoardType"])
        let holder = try #require(editor.value(forKey: "NSNextKeyView")?.objectIndex)
        #expect(c.graph.objects[holder].className == "_NSRuleEditorViewSliceHolder")
        #expect(c.items(editor.value(forKey: "NSSubviews")) == [holder])
        let templates = c.items(editor.value(forKey: "NSPredicateTemplates")).map { c.graph.objects[$0] }
        #expect(templates.map(\.className) == ["NSPredicateEditorRowTemplate", "NSPredicateEditorRowTemplate"])
        #expect(templates.map { c.int($0, "NSPredicateTemplateType") } == [2, 1])
        #expect(templates.map { c.int($0, "NSPredicateTemplateOptions") } == [0, 1])
        #expect(templates.map { c.int($0, "NSPredicateTemplateRightAttributeType") } == [0, 700])
        #expect(templates.map { c.bool($0, "NSPredicateTemplateRightIsWildcard") } == [false, true])
        // One pop-up per template menu, each owning its menu with the document's items.
        let views = templates.map { c.items($0.value(forKey: "NSPredicateTemplateViews")).map { c.graph.objects[$0] } }
        #expect(views.map { $0.map(\.className) } == [["NSPopUpButton"], ["NSPopUpButton", "NSPopUpButton"]])
        let operatorCell = try #require(views[1][1].value(forKey: "NSCell")?.objectIndex)
        let operatorMenu = c.graph.objects[try #require(c.graph.objects[operatorCell].value(forKey: "NSMenu")?.objectIndex)]
        let titles = c.items(operatorMenu.value(forKey: "NSMenuItems")).compactMap { c.string(c.graph.objects[$0].value(forKey: "NSTitle")) }
        #expect(titles == ["contains", "begins with"])

        let rules = try c.object("NSRuleEditor")
        #expect(c.int(rules, "NSRuleEditorNestingMode") == 3)
        #expect(c.bool(rules, "NSRuleEditorAllowsEmptyCompoundRows") == true)
        #expect(rules.value(forKey: "NSPredicateTemplates") == nil)

        let web = try c.object("WebView")
        #expect(c.bool(web, "UseBackForwardList") == false)
        #expect(c.strings(web.value(forKey: "NSDragTypes")).count == 16)
        let prefs = c.graph.objects[try #require(web.value(forKey: "Preferences")?.objectIndex)]
        #expect(prefs.className == "WebPreferences")

        // The custom-class menu is swapped in; the pop-up cell keeps its alternate image.
        let swapped = c.objects("NSClassSwapper").filter { c.string($0.value(forKey: "NSOriginalClassName")) == "NSMenu" }
        #expect(swapped.map { c.string($0.value(forKey: "NSClassName")) } == ["_TtC6Finder10ActionMenu"])
        let popUpCells = c.objects("NSPopUpButtonCell").filter { $0.value(forKey: "NSAlternateImage") != nil }
        #expect(popUpCells.count == 1)

        let connector = try c.object("NSIBUserDefinedRuntimeAttributesConnector")
        #expect(c.strings(connector.value(forKey: "NSKeyPaths")) == ["fillColor", "cornerRadius", "bordered", "caption", "badge"])
        #expect(c.items(connector.value(forKey: "NSValues")).map { c.graph.objects[$0].className } == ["NSColor", "NSNumber", "NSNumber", "NSString", "NSCustomResource"])
        let target = try #require(connector.value(forKey: "NSObject")?.objectIndex)
        #expect(c.string(c.graph.objects[target].value(forKey: "NSClassName")) == "_TtC6Finder6Swatch")

        let window = try c.object("NSWindowTemplate")
        #expect(c.double(window, "NSContentBorderThicknessMinY") == 22)
        #expect(c.bool(window, "NSAutorecalculatesContentBorderThicknessMinY") == false)
        #expect(c.string(window.value(forKey: "NSMinFullScreenContentSize")) == "{560, 300}")
        #expect(c.string(window.value(forKey: "NSMaxFullScreenContentSize")) == "{0, 0}")
        #expect((try #require(c.int(window, "NSWTFlags"))) & (1 << 29) == 0, "deferred=NO clears isDeferred")
    }

    @Test func bindingsControllers() throws {
        let c = try compile(corpus: "BindingsControllers.xib")
        #expect(c.diagnostics.isEmpty, "\(c.diagnostics)")
        let array = try c.object("NSArrayController")
        #expect(c.string(array.value(forKey: "NSObjectClassName")) == "Book")
        #expect(c.strings(array.value(forKey: "NSDeclaredKeys")) == ["title", "author"])
        // Options switched off in the document are absent; defaults that stay on are archived as true.
        #expect(array.value(forKey: "NSEditable") == nil)
        #expect(array.value(forKey: "NSAvoidsEmptySelection") == nil)
        for key in ["NSPreservesSelection", "NSSelectsInsertedObjects", "NSFilterRestrictsInsertion",
                    "NSClearsFilterPredicateOnInsertion", "NSAutomaticallyRearrangesObjects"] {
            #expect(c.bool(array, key) == true, "\(key)")
        }
        let tree = try c.object("NSTreeController")
        #expect(c.string(tree.value(forKey: "NSTreeContentChildrenKey")) == "children")
        #expect(c.string(tree.value(forKey: "NSTreeContentCountKey")) == "count")
        #expect(c.string(tree.value(forKey: "NSTreeContentLeafKey")) == "isLeaf")
        #expect(tree.value(forKey: "NSSelectsInsertedObjects") == nil)
        let object = try c.object("NSObjectController")
        #expect(c.bool(object, "NSAutomaticallyPreparesContent") == true)
        #expect(object.value(forKey: "NSAvoidsEmptySelection") == nil)
        #expect(c.objects("NSDictionaryController").count == 1)
        let defaults = c.objects("NSUserDefaultsController")
        #expect(defaults.map { c.bool($0, "NSSharedInstance") } == [nil, true])
        #expect(c.strings(defaults[0].value(forKey: "NSDeclaredKeys")) == ["ShowAuthors"])
        #expect(c.bool(defaults[0], "NSAppliesImmediately") == true)
        let combo = try c.object("NSComboBoxCell")
        #expect(c.strings(combo.value(forKey: "NSPopUpListData")) == ["Title", "Author"])
        #expect(c.int(combo, "NSVisibleItemCount") == 3)
        #expect(combo.value(forKey: "NSCompletes") == nil)
        let secure = try c.object("NSSecureTextFieldCell")
        #expect(c.strings(secure.value(forKey: "NSAllowedInputLocales")) == ["NSAllRomanInputSourcesLocaleIdentifier"])
        // The binding to the array controller and the controller's own binding are archived.
        #expect(c.objects("NSNibBindingConnector").count == 2)
    }

    /// A toolbar's identifier is the one typed in Interface Builder (`explicitIdentifier`), else IB's generated one.
    @Test func toolbarIdentifier() throws {
        guard let dir = try SharedCorpus.requireOrSkip() else { return }
        let text = String(decoding: try Data(contentsOf: dir.appendingPathComponent("nib/appkit-samples/toolbar_default_refs.xib")), as: UTF8.self)
        for (document, expected) in [(text, "TB1-aa-aaa"),
                                     (text.replacingOccurrences(of: #"implicitIdentifier="TB1-aa-aaa""#, with: #"implicitIdentifier="TB1-aa-aaa" explicitIdentifier="Main""#), "Main")] {
            let c = try compile(xib: document)
            #expect(c.string(try c.object("NSToolbar").value(forKey: "NSToolbarIdentifier")) == expected)
            #expect(!c.diagnostics.contains { $0.message.contains("explicitIdentifier") })
        }
    }

    /// Sparkle's SUUpdatePermissionPrompt pair: Apple's array controller and non-shared user defaults
    /// controller, key for key.
    @Test func controllersMatchTheSparklePair() throws {
        guard let dir = try SharedCorpus.requireOrSkip() else { return }
        let base = dir.appendingPathComponent("nib/sparkle/en.lproj/SUUpdatePermissionPrompt")
        let c = try compile(xib: String(decoding: try Data(contentsOf: base.appendingPathExtension("xib")), as: UTF8.self))
        // Sparkle's nibs are NSKeyedArchiver archives.
        let apple = Compiled(graph: NibGraph(try KeyedArchive(contentsOf: base.appendingPathExtension("nib").path)), diagnostics: [])
        for cls in ["NSArrayController", "NSUserDefaultsController"] {
            let ours = try c.object(cls), theirs = try apple.object(cls)
            #expect(Set(ours.entries.map(\.key)) == Set(theirs.entries.map(\.key)), "\(cls)")
            #expect(c.strings(ours.value(forKey: "NSDeclaredKeys")) == apple.strings(theirs.value(forKey: "NSDeclaredKeys")))
        }
        let web = try XIBCompiler().compile(xib: [UInt8](try Data(contentsOf: dir.appendingPathComponent("nib/sparkle/en.lproj/SUUpdateAlert.xib"))), fileName: "SUUpdateAlert.xib")
        let appleAlert = NibGraph(try KeyedArchive(contentsOf: dir.appendingPathComponent("nib/sparkle/en.lproj/SUUpdateAlert.nib").path))
        let ours = try #require(web.graph.objects.first { $0.className == "WebView" })
        let theirs = try #require(appleAlert.objects.first { $0.className == "WebView" })
        #expect(Set(ours.entries.map(\.key)) == Set(theirs.entries.map(\.key)))
    }

    /// A table header view's own connections (sequel-ace's Console: a `menu` outlet) are archived.
    @Test func tableHeaderViewConnections() throws {
        guard let dir = try SharedCorpus.requireOrSkip() else { return }
        let c = try compile(xib: String(decoding: try Data(contentsOf: dir.appendingPathComponent("wild/macos/sequel-ace/Console.xib")), as: UTF8.self))
        #expect(!c.diagnostics.contains { $0.message.contains("tableHeaderView") }, "\(c.diagnostics)")
        let outlets = c.objects("NSNibOutletConnector").filter {
            $0.value(forKey: "NSSource")?.objectIndex.map { c.graph.objects[$0].className } == "NSTableHeaderView"
        }
        #expect(outlets.map { c.string($0.value(forKey: "NSLabel")) } == ["menu"])
    }

    /// `NSTvFlags` as GNUstep's coder reads it: bit 26 allows column selection, bit 29 draws a grid (any grid
    /// lines); the pair has both, with vertical and horizontal lines. Before, bit 26 followed the horizontal lines.
    @Test func tableColumnSelectionAndGridFlags() throws {
        guard let dir = try SharedCorpus.requireOrSkip() else { return }
        let text = String(decoding: try Data(contentsOf: dir.appendingPathComponent("nib/appkit-samples/test_table_vignettes.xib")), as: UTF8.self)
        func table(_ text: String) throws -> (flags: Int64, grid: Int64?) {
            let c = try compile(xib: text)
            #expect(!c.diagnostics.contains { $0.message.contains("columnSelection") }, "\(c.diagnostics)")
            let t = try c.object("NSTableView")
            return (try #require(c.int(t, "NSTvFlags")), c.int(t, "NSGridStyleMask"))
        }
        let apple = try table(text)
        #expect(apple.flags & (1 << 26) != 0 && apple.flags & (1 << 29) != 0 && apple.grid == 3)
        let horizontalOnly = try table(text.replacingOccurrences(of: "columnSelection=\"YES\" ", with: "")
            .replacingOccurrences(of: "vertical=\"YES\" horizontal=\"YES\"", with: "horizontal=\"YES\""))
        #expect(horizontalOnly.flags & (1 << 26) == 0 && horizontalOnly.flags & (1 << 29) != 0 && horizontalOnly.grid == 2)
        let noGrid = try table(text.replacingOccurrences(of: "<tableViewGridLines key=\"gridStyleMask\" vertical=\"YES\" horizontal=\"YES\"/>", with: ""))
        #expect(noGrid.flags & (1 << 26) != 0 && noGrid.flags & (1 << 29) == 0 && noGrid.grid == nil)
    }

    /// A binding of several values names the one before it (`previousBinding`), archived as the connector's
    /// `NSPreviousConnector`, as in Apple's compiled sparkle/SUStatus; also when the named binding sorts after it.
    @Test func chainedBindingsNameThePreviousConnector() throws {
        guard let dir = try SharedCorpus.requireOrSkip() else { return }
        let base = dir.appendingPathComponent("nib/sparkle/SUStatus")
        let text = String(decoding: try Data(contentsOf: base.appendingPathExtension("xib")), as: UTF8.self)
        func previous(_ c: Compiled) throws -> (String?, String?) {
            let connectors = c.objects("NSNibBindingConnector")
            let chained = try #require(connectors.first { $0.value(forKey: "NSPreviousConnector") != nil })
            let target = try #require(chained.value(forKey: "NSPreviousConnector")?.objectIndex)
            #expect(c.graph.objects[target].className == "NSNibBindingConnector")
            return (c.string(chained.value(forKey: "NSKeyPath")), c.string(c.graph.objects[target].value(forKey: "NSKeyPath")))
        }
        let apple = Compiled(graph: NibGraph(try KeyedArchive(contentsOf: base.appendingPathExtension("nib").path)), diagnostics: [])
        let ours = try compile(xib: text)
        #expect(!ours.diagnostics.contains { $0.message.contains("previousBinding") }, "\(ours.diagnostics)")
        #expect(try previous(ours) == previous(apple))
        #expect(try previous(ours) == ("progressValue", "maxProgressValue"))
        // Renamed so that the named binding is built after the one that names it.
        let forward = try compile(xib: text.replacingOccurrences(of: "name=\"maxValue\"", with: "name=\"zMaxValue\""))
        #expect(try previous(forward) == ("progressValue", "maxProgressValue"))
        #expect(forward.objects("NSNibBindingConnector").count == ours.objects("NSNibBindingConnector").count)
        // A name that is no binding warns and is not archived.
        let dangling = try compile(xib: text.replacingOccurrences(of: "previousBinding=\"13\"", with: "previousBinding=\"404\""))
        #expect(dangling.diagnostics.map(\.message).contains("<binding>: previousBinding '404' names no binding of this document; ignored"))
        #expect(!dangling.objects("NSNibBindingConnector").contains { $0.value(forKey: "NSPreviousConnector") != nil })
    }

    /// Scene objects a storyboard's view nib refers to (netnewswire's Preferences: bindings to the scene's user
    /// defaults controllers) are archived there with their own rules, not as plain objects, and without a warning:
    /// scene members are archived in the nib that references them, as iOS scene-level objects are.
    @Test func sceneControllersReferencedFromAViewNib() throws {
        guard let (messages, nibs) = try compileStoryboard("macos/netnewswire/Preferences.storyboard", module: "NetNewsWire") else { return }
        #expect(!messages.contains { $0.contains("archived as NSObject") }, "\(messages)")
        #expect(!messages.contains { $0.contains("referenced but not archived") }, "\(messages)")
        var shared = 0, bound = 0
        for nib in nibs {
            let graph = nib.graph
            let controllers = graph.objects.indices.filter { graph.objects[$0].className == "NSUserDefaultsController" }
            shared += controllers.filter { graph.objects[$0].value(forKey: "NSSharedInstance") == .bool(true) }.count
            bound += graph.objects.filter { o in
                o.className == "NSNibBindingConnector" && o.value(forKey: "NSDestination")?.objectIndex.map(controllers.contains) == true
            }.count
        }
        #expect(shared >= 1 && bound >= 3, "shared \(shared), bound \(bound)")
    }

    /// A scene's view that only the controller's outlets name (vienna's ArticleListView) is archived on its own,
    /// after the connections were built: its own outlets (and its split view's delegate) are built then too.
    @Test func connectionsOfObjectsFirstReferencedByAConnection() throws {
        guard let (messages, nibs) = try compileStoryboard("macos/vienna/Main.storyboard", module: "Vienna") else { return }
        #expect(!messages.contains { $0.hasPrefix("<outlet>") }, "\(messages)")
        let labels = nibs.flatMap { c in c.objects("NSNibOutletConnector").compactMap { c.string($0.value(forKey: "NSLabel")) } }
        for label in ["articleList", "contentStackView", "enclosureView", "splitView2"] {
            #expect(labels.contains(label), "no outlet \(label)")
        }
    }

    /// Menu items and toolbar items of a custom class are swapped in at load time like menus and views
    /// (NSClassSwapper naming the class and the framework class), not archived as the framework class.
    /// Formatters shared through `formatter` outlets are top-level objects: number and date formatters are
    /// archived as they are inside a cell, a custom formatter as a custom object of its module's Swift class
    /// (before, all three were warned about and the custom one kept its unmangled name).
    @Test func topLevelFormatters() throws {
        let c = try compile(objects: """
                    <customView id="1">
                        <rect key="frame" x="0.0" y="0.0" width="100" height="40"/>
                        <subviews>
                            <textField id="2">
                                <rect key="frame" x="0.0" y="0.0" width="100" height="20"/>
                                <textFieldCell key="cell" title="7" id="3">
                                    <font key="font" metaFont="system"/>
                                    <connections>
                                        <outlet property="formatter" destination="10" id="20"/>
                                    </connections>
                                </textFieldCell>
                            </textField>
                            <textField id="4">
                                <rect key="frame" x="0.0" y="20" width="100" height="20"/>
                                <textFieldCell key="cell" title="x" id="5">
                                    <font key="font" metaFont="system"/>
                                    <connections>
                                        <outlet property="formatter" destination="12" id="22"/>
                                    </connections>
                                </textFieldCell>
                            </textField>
                        </subviews>
                    </customView>
                    <numberFormatter formatterBehavior="default10_4" usesGroupingSeparator="NO" groupingSize="0" minimumIntegerDigits="1" maximumIntegerDigits="42" id="10"/>
                    <dateFormatter dateStyle="medium" timeStyle="short" id="11"/>
                    <customFormatter id="12" customClass="PermissionsFormatter" customModule="Finder"/>
            """)
        let messages = c.diagnostics.map(\.message)
        #expect(!messages.contains { $0.contains("Formatter>") || $0.contains("formatter>") }, "\(messages)")
        let number = try c.object("NSNumberFormatter")
        #expect(c.string(number.value(forKey: "NS.positiveformat")) != nil)
        let date = try c.object("NSDateFormatter")
        #expect(c.bool(date, "NS.natural") == false)
        // In a XIB a top-level custom object is an NSCustomObject (a storyboard swaps the class instead).
        let names = c.objects("NSCustomObject").compactMap { c.string($0.value(forKey: "NSClassName")) }
        #expect(names.contains("_TtC6Finder20PermissionsFormatter"), "\(names)")
        #expect(!names.contains("PermissionsFormatter"))
    }

    @Test func customClassMenuAndToolbarItems() throws {
        let menu = try compile(objects: """
                    <menu title="M" id="1">
                        <items>
                            <menuItem title="Plain" id="2"/>
                            <menuItem title="Custom" id="3" customClass="RecentItem" customModule="Finder"/>
                        </items>
                    </menu>
            """)
        #expect(menu.diagnostics.isEmpty, "\(menu.diagnostics)")
        let swapper = try menu.object("NSClassSwapper")
        #expect(menu.string(swapper.value(forKey: "NSOriginalClassName")) == "NSMenuItem")
        #expect(menu.string(swapper.value(forKey: "NSClassName")) == "_TtC6Finder10RecentItem")
        #expect(menu.string(swapper.value(forKey: "NSTitle")) == "Custom")
        #expect(menu.objects("NSMenuItem").count == 1)

        guard let (messages, nibs) = try compileStoryboard("macos/vienna/Main.storyboard", module: "Vienna") else { return }
        #expect(!messages.contains { $0.hasPrefix("<toolbarItem>") || $0.hasPrefix("<menuItem>") })
        let swappedItems = nibs.reduce(0) { count, c in
            count + c.objects("NSClassSwapper").filter { c.string($0.value(forKey: "NSOriginalClassName")) == "NSToolbarItem" }.count
        }
        #expect(swappedItems == 7)
    }

    /// A stepper cell's own font is archived (`NSSupport`), as other cells do; without one there is none (the pair).
    @Test func stepperCellFont() throws {
        guard let dir = try SharedCorpus.requireOrSkip() else { return }
        let text = String(decoding: try Data(contentsOf: dir.appendingPathComponent("nib/appkit-samples/stepper_default.xib")), as: UTF8.self)
        let plain = try compile(xib: text)
        #expect(try plain.object("NSStepperCell").value(forKey: "NSSupport") == nil)
        let withFont = try compile(xib: text.replacingOccurrences(of: "doubleValue=\"0\" id=\"4\"/>",
                                                                  with: "doubleValue=\"0\" id=\"4\"><font key=\"font\" metaFont=\"smallSystem\"/></stepperCell>"))
        #expect(withFont.diagnostics.isEmpty, "\(withFont.diagnostics)")
        let font = try #require(try withFont.object("NSStepperCell").value(forKey: "NSSupport")?.objectIndex)
        #expect(withFont.graph.objects[font].className == "NSFont")
    }

    /// A button's and pop-up button's `bezelColor` and `contentTintColor` are their cell's `NSBezelColor` and
    /// `NSContentTintColor`, an image view's `contentTintColor` the view's `NSContentTintColor` (GNUstep's coders; no
    /// compiled pair has them); without the colors nothing changes and nothing warns.
    @Test func buttonAndImageViewTintColors() throws {
        guard let dir = try SharedCorpus.requireOrSkip() else { return }
        func sample(_ name: String) throws -> String {
            String(decoding: try Data(contentsOf: dir.appendingPathComponent("nib/appkit-samples/\(name).xib")), as: UTF8.self)
        }
        let tint = #"<color key="contentTintColor" name="systemRedColor" catalog="System" colorSpace="catalog"/>"#
        let bezel = #"<color key="bezelColor" red="0.5" green="0.25" blue="0" alpha="1" colorSpace="custom" customColorSpace="sRGB"/>"#
        func colorName(_ c: Compiled, _ o: NibObject, _ key: String) -> String? {
            guard let i = o.value(forKey: key)?.objectIndex else { return nil }
            return c.string(c.graph.objects[i].value(forKey: "NSColorName"))
        }

        let button = try sample("button_shadowless")
        #expect(try compile(xib: button).object("NSButtonCell").value(forKey: "NSContentTintColor") == nil)
        let tinted = try compile(xib: button.replacingOccurrences(of: "</buttonCell>\n", with: "</buttonCell>\n\(tint)\(bezel)\n"))
        #expect(tinted.diagnostics.isEmpty, "\(tinted.diagnostics)")
        let cell = try tinted.object("NSButtonCell")
        #expect(colorName(tinted, cell, "NSContentTintColor") == "systemRedColor")
        #expect(cell.value(forKey: "NSBezelColor")?.objectIndex != nil)
        #expect(cell.entries.suffix(2).map(\.key) == ["NSBezelColor", "NSContentTintColor"])

        let popUp = try sample("popup_default_hugging")
        let tintedPopUp = try compile(xib: popUp.replacingOccurrences(of: "</popUpButton>", with: "\(tint)</popUpButton>"))
        #expect(tintedPopUp.diagnostics.isEmpty, "\(tintedPopUp.diagnostics)")
        let popUpCell = try tintedPopUp.object("NSPopUpButtonCell")
        #expect(colorName(tintedPopUp, popUpCell, "NSContentTintColor") == "systemRedColor")
        let keys = popUpCell.entries.map(\.key)
        #expect(keys.firstIndex(of: "NSContentTintColor") == keys.firstIndex(of: "NSAuxButtonType").map { $0 + 1 })

        let image = try sample("imageview_customclass")
        let tintedImage = try compile(xib: image.replacingOccurrences(of: "</imageView>", with: "\(tint)</imageView>"))
        #expect(tintedImage.diagnostics.isEmpty, "\(tintedImage.diagnostics)")
        let view = try #require(tintedImage.graph.objects.first { $0.value(forKey: "NSContentTintColor") != nil })
        #expect(colorName(tintedImage, view, "NSContentTintColor") == "systemRedColor")
        #expect(view.value(forKey: "NSEditable") != nil)
    }

    /// A controller in Core Data entity mode names its entity in the managed proxy (`NSEntityName`).
    @Test func entityModeControllerNamesItsEntity() throws {
        let c = try compile(objects: """
                    <treeController mode="entity" entityName="Person" childrenKeyPath="children" id="1"/>
                    <arrayController id="2"/>
            """)
        #expect(c.diagnostics.isEmpty, "\(c.diagnostics)")
        let tree = try c.object("NSTreeController"), array = try c.object("NSArrayController")
        let proxy = try #require(tree.value(forKey: "_NSManagedProxy")?.objectIndex)
        #expect(c.string(c.graph.objects[proxy].value(forKey: "NSEntityName")) == "Person")
        let plain = try #require(array.value(forKey: "_NSManagedProxy")?.objectIndex)
        #expect(c.graph.objects[plain].entries.isEmpty)
    }

    static let metadataDocument = """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.Cocoa.XIB" version="3.0" toolsVersion="22505" targetRuntime="MacOSX.Cocoa" useAutolayout="YES">
            <objects>
                <customObject id="-2" userLabel="File's Owner" customClass="NSObject"/>
                <window title="W" animationBehavior="default" id="1">
                    <windowStyleMask key="styleMask" titled="YES"/>
                    <rect key="contentRect" x="0.0" y="0.0" width="200" height="100"/>
                    <rect key="screenRect" x="0.0" y="0.0" width="1440" height="875"/>
                    <view key="contentView" id="2">
                        <rect key="frame" x="0.0" y="0.0" width="210" height="90"/>
                        <autoresizingMask key="autoresizingMask"/>
                        <subviews>
                            <customView translatesAutoresizingMaskIntoConstraints="NO" id="3">
                                <rect key="frame" x="0.0" y="0.0" width="20" height="20"/>
                                <attributedString key="userComments">
                                    <fragment content="A note for the designer"/>
                                </attributedString>
                                FROB
                            </customView>
                        </subviews>
                        <userGuides>
                            <userLayoutGuide location="50" affinity="minX"/>
                        </userGuides>
                    </view>
                    <point key="canvasLocation" x="10" y="20"/>
                </window>
            </objects>
        </document>
        """

    @Test func interfaceBuilderMetadataIsConsumedSilently() throws {
        let c = try compile(xib: Self.metadataDocument.replacingOccurrences(of: "FROB", with: ""))
        #expect(c.diagnostics.isEmpty, "\(c.diagnostics)")
        // The content view's frame is recomputed from the content rect, not taken from the document.
        let view = try #require(c.graph.objects.first { $0.className == "NSView" && c.string($0.value(forKey: "NSFrameSize")) != nil })
        #expect(c.string(view.value(forKey: "NSFrameSize")) == "{200, 100}")
    }

    /// Xcode 7's empty `<animations/>` in a view is Interface Builder's and compiles silently (the
    /// test_animations pair archives nothing for it); one with content still warns.
    @Test func emptyAnimationsElementIsMetadata() throws {
        let empty = try compile(xib: Self.metadataDocument.replacingOccurrences(of: "FROB", with: "<animations/>"))
        #expect(empty.diagnostics.isEmpty, "\(empty.diagnostics)")
        let full = try compile(xib: Self.metadataDocument.replacingOccurrences(of: "FROB", with: "<animations><frob/></animations>"))
        #expect(full.diagnostics.contains { $0.message.contains("<animations>") }, "\(full.diagnostics)")
    }

    @Test func anUnknownElementStillWarnsWithItsKeyAndParent() throws {
        let c = try compile(xib: Self.metadataDocument.replacingOccurrences(of: "FROB", with: "<frobnicator key=\"gizmo\"/>"))
        #expect(c.diagnostics.map(\.message) == ["element <frobnicator key=\"gizmo\"> in <customView> is not supported yet; ignored"])
        #expect(c.diagnostics.first?.line == 18)
    }
}
