import NibMerge
import Testing

/// Three-way merges of XIB 2 (`<archive>`) documents, which projects created before Xcode 5 still hold in
/// their history: objects are matched by their document-wide `id`, keyed values by `key`.
@Suite struct ArchiveMergeTests {
    /// A minimal XIB 2 document: a window whose content view holds two text fields, and IB's object records.
    static let base = """
    <?xml version="1.0" encoding="UTF-8"?>
    <archive type="com.apple.InterfaceBuilder3.Cocoa.XIB" version="8.00">
    \t<data>
    \t\t<int key="IBDocument.SystemTarget">1060</int>
    \t\t<string key="IBDocument.SystemVersion">11G63</string>
    \t\t<string key="IBDocument.InterfaceBuilderVersion">2844</string>
    \t\t<string key="IBDocument.AppKitVersion">1138.51</string>
    \t\t<object class="NSMutableDictionary" key="IBDocument.PluginVersions">
    \t\t\t<string key="NS.key.0">com.apple.InterfaceBuilder.CocoaPlugin</string>
    \t\t\t<string key="NS.object.0">2844</string>
    \t\t</object>
    \t\t<dictionary class="NSMutableDictionary" key="IBDocument.PluginVersions">
    \t\t\t<string key="com.apple.WebKitIBPlugin">2053</string>
    \t\t</dictionary>
    \t\t<array class="NSMutableArray" key="IBDocument.RootObjects" id="1000">
    \t\t\t<object class="NSWindowTemplate" id="100">
    \t\t\t\t<string key="NSWindowTitle">Preferences</string>
    \t\t\t\t<object class="NSView" key="NSWindowView" id="101">
    \t\t\t\t\t<array class="NSMutableArray" key="NSSubviews">
    \t\t\t\t\t\t<object class="NSTextField" id="102">
    \t\t\t\t\t\t\t<reference key="NSSuperview" ref="101"/>
    \t\t\t\t\t\t\t<string key="NSFrame">{{20, 40}, {200, 22}}</string>
    \t\t\t\t\t\t</object>
    \t\t\t\t\t\t<object class="NSTextField" id="103">
    \t\t\t\t\t\t\t<reference key="NSSuperview" ref="101"/>
    \t\t\t\t\t\t\t<string key="NSFrame">{{20, 80}, {200, 22}}</string>
    \t\t\t\t\t\t</object>
    \t\t\t\t\t</array>
    \t\t\t\t</object>
    \t\t\t</object>
    \t\t</array>
    \t\t<object class="IBObjectContainer" key="IBDocument.Objects">
    \t\t\t<int key="maxID">103</int>
    \t\t</object>
    \t</data>
    </archive>
    """

    static func edit(_ text: String, _ old: String, _ new: String, sourceLocation: SourceLocation = #_sourceLocation) -> String {
        let parts = text.components(separatedBy: old)
        #expect(parts.count == 2, "'\(old)' should occur once", sourceLocation: sourceLocation)
        return parts.joined(separator: new)
    }

    static func merge(_ base: String, _ ours: String, _ theirs: String) throws -> (text: String, result: MergeResult) {
        let result = try NibMerge.merge(base: Array(base.utf8), ours: Array(ours.utf8), theirs: Array(theirs.utf8))
        return (String(decoding: result.bytes, as: UTF8.self), result)
    }

    @Test func editsOfDifferentObjectsMergeCleanly() throws {
        let ours = Self.edit(Self.base, "<string key=\"NSWindowTitle\">Preferences</string>",
                             "<string key=\"NSWindowTitle\">Settings</string>")
        let theirs = Self.edit(Self.base, "{{20, 80}, {200, 22}}", "{{20, 90}, {240, 22}}")
        let (text, result) = try Self.merge(Self.base, ours, theirs)
        #expect(result.isClean)
        #expect(text.contains("<string key=\"NSWindowTitle\">Settings</string>"))
        #expect(text.contains("{{20, 90}, {240, 22}}"))
        #expect(text.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<archive "))
    }

    @Test func theSameValueChangedDifferentlyIsAConflict() throws {
        let ours = Self.edit(Self.base, "{{20, 40}, {200, 22}}", "{{20, 44}, {200, 22}}")
        let theirs = Self.edit(Self.base, "{{20, 40}, {200, 22}}", "{{24, 40}, {200, 22}}")
        let (text, result) = try Self.merge(Self.base, ours, theirs)
        #expect(result.conflicts.count == 1)
        #expect(text.contains("<<<<<<< ours") && text.contains(">>>>>>> theirs"))
    }

    @Test func objectsBothSidesAddedWithOneIdConflictInsteadOfDuplicatingIt() throws {
        // Each side adds its own new text field with the next free id, 104, and raises maxID to it.
        func adding(_ frame: String) -> String {
            Self.edit(Self.edit(Self.base, "\t\t\t\t\t\t</object>\n\t\t\t\t\t</array>", """
            \t\t\t\t\t\t</object>
            \t\t\t\t\t\t<object class="NSTextField" id="104">
            \t\t\t\t\t\t\t<reference key="NSSuperview" ref="101"/>
            \t\t\t\t\t\t\t<string key="NSFrame">\(frame)</string>
            \t\t\t\t\t\t</object>
            \t\t\t\t\t</array>
            """), "<int key=\"maxID\">103</int>", "<int key=\"maxID\">104</int>")
        }
        let (text, result) = try Self.merge(Self.base, adding("{{20, 120}, {200, 22}}"), adding("{{20, 160}, {200, 22}}"))
        #expect(!result.isClean)
        #expect(text.components(separatedBy: "id=\"104\"").count - 1 <= 2)   // at most once per conflict side
    }

    /// Two people saving with different Interface Builders: the header takes the newer of each version, as the
    /// tool saving the union writes its own, whichever side it is on; the other edits merge as usual.
    @Test(arguments: [false, true]) func headerVersionsTakeTheNewer(swapped: Bool) throws {
        var ours = Self.edit(Self.base, "<string key=\"IBDocument.SystemVersion\">11G63</string>",
                             "<string key=\"IBDocument.SystemVersion\">12D78</string>")
        ours = Self.edit(ours, "<string key=\"NS.object.0\">2844</string>", "<string key=\"NS.object.0\">3084</string>")
        ours = Self.edit(ours, "<string key=\"com.apple.WebKitIBPlugin\">2053</string>", "<string key=\"com.apple.WebKitIBPlugin\">3336</string>")
        ours = Self.edit(ours, "<string key=\"IBDocument.AppKitVersion\">1138.51</string>",
                         "<string key=\"IBDocument.AppKitVersion\">1187.37</string>")
        ours = Self.edit(ours, "<string key=\"NSWindowTitle\">Preferences</string>", "<string key=\"NSWindowTitle\">Settings</string>")
        var theirs = Self.edit(Self.base, "<string key=\"IBDocument.SystemVersion\">11G63</string>",
                               "<string key=\"IBDocument.SystemVersion\">9A581</string>")
        theirs = Self.edit(theirs, "<string key=\"NS.object.0\">2844</string>", "<string key=\"NS.object.0\">2843</string>")
        theirs = Self.edit(theirs, "<string key=\"com.apple.WebKitIBPlugin\">2053</string>", "<string key=\"com.apple.WebKitIBPlugin\">2182</string>")
        theirs = Self.edit(theirs, "<string key=\"IBDocument.AppKitVersion\">1138.51</string>",
                           "<string key=\"IBDocument.AppKitVersion\">1138.47</string>")
        theirs = Self.edit(theirs, "{{20, 80}, {200, 22}}", "{{20, 90}, {240, 22}}")
        let (text, result) = swapped ? try Self.merge(Self.base, theirs, ours) : try Self.merge(Self.base, ours, theirs)
        #expect(result.isClean)
        #expect(text.contains("<string key=\"IBDocument.SystemVersion\">12D78</string>"))
        #expect(text.contains("<string key=\"NS.object.0\">3084</string>"))
        #expect(text.contains("<string key=\"com.apple.WebKitIBPlugin\">3336</string>"))
        #expect(text.contains("<string key=\"IBDocument.AppKitVersion\">1187.37</string>"))
        #expect(text.contains("<string key=\"NSWindowTitle\">Settings</string>"))
        #expect(text.contains("{{20, 90}, {240, 22}}"))
    }

    /// The deployment target is a choice, not a tool's version: two different ones stay a conflict.
    @Test func deploymentTargetsChangedDifferentlyConflict() throws {
        let ours = Self.edit(Self.base, "<int key=\"IBDocument.SystemTarget\">1060</int>", "<int key=\"IBDocument.SystemTarget\">1070</int>")
        let theirs = Self.edit(Self.base, "<int key=\"IBDocument.SystemTarget\">1060</int>", "<int key=\"IBDocument.SystemTarget\">1050</int>")
        let (_, result) = try Self.merge(Self.base, ours, theirs)
        #expect(!result.isClean)
    }

    /// The base with Interface Builder's bookkeeping: the class names the document uses, two connection records
    /// and two object records.
    static let recordsBase = edit(edit(base, "\t\t<array class=\"NSMutableArray\" key=\"IBDocument.RootObjects\" id=\"1000\">", """
    \t\t<array key="IBDocument.IntegratedClassDependencies">
    \t\t\t<string>NSButton</string>
    \t\t\t<string>NSTextField</string>
    \t\t\t<string>NSView</string>
    \t\t</array>
    \t\t<array class="NSMutableArray" key="IBDocument.RootObjects" id="1000">
    """), "\t\t\t<int key=\"maxID\">103</int>\n", """
    \t\t\t<array class="NSMutableArray" key="connectionRecords">
    \t\t\t\t<object class="IBConnectionRecord">
    \t\t\t\t\t<object class="IBOutletConnection" key="connection">
    \t\t\t\t\t\t<string key="label">nameField</string>
    \t\t\t\t\t\t<reference key="destination" ref="102"/>
    \t\t\t\t\t</object>
    \t\t\t\t\t<int key="connectionID">20</int>
    \t\t\t\t</object>
    \t\t\t\t<object class="IBConnectionRecord">
    \t\t\t\t\t<object class="IBOutletConnection" key="connection">
    \t\t\t\t\t\t<string key="label">passwordField</string>
    \t\t\t\t\t\t<reference key="destination" ref="103"/>
    \t\t\t\t\t</object>
    \t\t\t\t\t<int key="connectionID">21</int>
    \t\t\t\t</object>
    \t\t\t</array>
    \t\t\t<object class="IBMutableOrderedSet" key="objectRecords">
    \t\t\t\t<array key="orderedObjects">
    \t\t\t\t\t<object class="IBObjectRecord">
    \t\t\t\t\t\t<int key="objectID">102</int>
    \t\t\t\t\t\t<reference key="object" ref="102"/>
    \t\t\t\t\t</object>
    \t\t\t\t\t<object class="IBObjectRecord">
    \t\t\t\t\t\t<int key="objectID">103</int>
    \t\t\t\t\t\t<reference key="object" ref="103"/>
    \t\t\t\t\t</object>
    \t\t\t\t</array>
    \t\t\t</object>
    \t\t\t<int key="maxID">103</int>

    """)

    /// A connection record `label` -> `destination` numbered `id`.
    static func connectionRecord(_ label: String, _ destination: String, id: Int) -> String {
        """
        \t\t\t\t<object class="IBConnectionRecord">
        \t\t\t\t\t<object class="IBOutletConnection" key="connection">
        \t\t\t\t\t\t<string key="label">\(label)</string>
        \t\t\t\t\t\t<reference key="destination" ref="\(destination)"/>
        \t\t\t\t\t</object>
        \t\t\t\t\t<int key="connectionID">\(id)</int>
        \t\t\t\t</object>

        """
    }

    /// Connection and object records are matched by their number, not their position: both sides append a
    /// record (each its own next number) and OURS deletes one; both additions survive and the deletion holds.
    @Test func recordsAreMatchedByTheirNumber() throws {
        let lastConnection = "\t\t\t\t\t<int key=\"connectionID\">21</int>\n\t\t\t\t</object>\n"
        let lastObject = "\t\t\t\t\t\t<int key=\"objectID\">103</int>\n\t\t\t\t\t\t<reference key=\"object\" ref=\"103\"/>\n\t\t\t\t\t</object>\n"
        var ours = Self.edit(Self.recordsBase, lastConnection, lastConnection + Self.connectionRecord("window", "100", id: 22))
        ours = Self.edit(ours, Self.connectionRecord("nameField", "102", id: 20), "")
        ours = Self.edit(ours, lastObject, lastObject + """
        \t\t\t\t\t<object class="IBObjectRecord">
        \t\t\t\t\t\t<int key="objectID">100</int>
        \t\t\t\t\t\t<reference key="object" ref="100"/>
        \t\t\t\t\t</object>

        """)
        var theirs = Self.edit(Self.recordsBase, lastConnection, lastConnection + Self.connectionRecord("contentView", "101", id: 23))
        theirs = Self.edit(theirs, lastObject, lastObject + """
        \t\t\t\t\t<object class="IBObjectRecord">
        \t\t\t\t\t\t<int key="objectID">101</int>
        \t\t\t\t\t\t<reference key="object" ref="101"/>
        \t\t\t\t\t</object>

        """)
        for (o, t) in [(ours, theirs), (theirs, ours)] {
            let (text, result) = try Self.merge(Self.recordsBase, o, t)
            #expect(result.isClean, "\(result.conflicts)")
            for kept in ["connectionID\">21<", "connectionID\">22<", "connectionID\">23<", "objectID\">100<", "objectID\">101<",
                         "objectID\">102<", "objectID\">103<"] {
                #expect(text.components(separatedBy: kept).count == 2, "\(kept) once")
            }
            #expect(!text.contains("connectionID\">20<") && !text.contains("nameField"))
        }
    }

    /// Both sides raised `maxID` (each used new ids): the merge keeps the larger, and says so in a note.
    @Test(arguments: [false, true]) func maxIDTakesTheLarger(swapped: Bool) throws {
        let ours = Self.edit(Self.recordsBase, "<int key=\"maxID\">103</int>", "<int key=\"maxID\">104</int>")
        let theirs = Self.edit(Self.recordsBase, "<int key=\"maxID\">103</int>", "<int key=\"maxID\">106</int>")
        let (text, result) = swapped ? try Self.merge(Self.recordsBase, theirs, ours) : try Self.merge(Self.recordsBase, ours, theirs)
        #expect(result.isClean)
        #expect(text.contains("<int key=\"maxID\">106</int>") && !text.contains("<int key=\"maxID\">104</int>"))
        #expect(result.notes.map(\.rule) == [.largerMaxID])
        #expect(result.notes.first?.side == (swapped ? .ours : .theirs))
    }

    /// The class names a document uses are a set: both sides' additions are kept (OURS' list, then THEIRS'
    /// additions in THEIRS' order) and removals honoured.
    @Test func integratedClassDependenciesMergeAsASet() throws {
        let baseList = "\t\t\t<string>NSButton</string>\n\t\t\t<string>NSTextField</string>\n\t\t\t<string>NSView</string>\n"
        func names(_ names: [String]) -> String { names.map { "\t\t\t<string>\($0)</string>\n" }.joined() }
        let ours = Self.edit(Self.recordsBase, baseList, names(["NSTextField", "NSView", "NSWindowTemplate"]))
        let theirs = Self.edit(Self.recordsBase, baseList, names(["NSBox", "NSButton", "NSTextField", "NSView", "NSMatrix"]))
        let (text, result) = try Self.merge(Self.recordsBase, ours, theirs)
        #expect(result.isClean, "\(result.conflicts)")
        let list = text.components(separatedBy: "IBDocument.IntegratedClassDependencies\">").last?
            .components(separatedBy: "</array>").first ?? ""
        let merged = list.components(separatedBy: "<string>").dropFirst().compactMap { $0.components(separatedBy: "</string>").first }
        #expect(merged == ["NSTextField", "NSView", "NSWindowTemplate", "NSBox", "NSMatrix"])
    }

    /// A list both sides added to is written again; its lines keep the archive's tab indentation.
    @Test func rewrittenListsKeepTheArchivesTabs() throws {
        let added = { (id: String) in
            "\t\t\t\t\t\t<object class=\"NSTextField\" id=\"\(id)\">\n\t\t\t\t\t\t\t<reference key=\"NSSuperview\" ref=\"101\"/>\n\t\t\t\t\t\t</object>\n"
        }
        let end = "\t\t\t\t\t</array>\n"
        let ours = Self.edit(Self.base, end, added("104") + end)
        let theirs = Self.edit(Self.base, end, added("105") + end)
        let (text, result) = try Self.merge(Self.base, ours, theirs)
        #expect(result.isClean, "\(result.conflicts)")
        #expect(text.contains("id=\"104\"") && text.contains("id=\"105\""))
        let spaceIndented = text.split(separator: "\n").filter { $0.first == " " }
        #expect(spaceIndented.isEmpty, "lines indented with spaces: \(spaceIndented)")
    }

    /// The base with an object record listing the content view's subviews as plain references (`children`).
    static let childrenBase = edit(base, "\t\t\t<int key=\"maxID\">103</int>\n", """
    \t\t\t<object class="IBMutableOrderedSet" key="objectRecords">
    \t\t\t\t<array key="orderedObjects">
    \t\t\t\t\t<object class="IBObjectRecord">
    \t\t\t\t\t\t<int key="objectID">101</int>
    \t\t\t\t\t\t<reference key="object" ref="101"/>
    \t\t\t\t\t\t<array class="NSMutableArray" key="children">
    \t\t\t\t\t\t\t<reference ref="102"/>
    \t\t\t\t\t\t\t<reference ref="103"/>
    \t\t\t\t\t\t</array>
    \t\t\t\t\t</object>
    \t\t\t\t</array>
    \t\t\t</object>
    \t\t\t<int key="maxID">103</int>

    """)

    static let childrenList = "\t\t\t\t\t\t\t<reference ref=\"102\"/>\n\t\t\t\t\t\t\t<reference ref=\"103\"/>\n"

    /// `childrenBase` with the `children` list holding references to `ids`, and a new text field for each id
    /// not in BASE.
    static func children(_ ids: [String]) -> String {
        var text = edit(childrenBase, childrenList, ids.map { "\t\t\t\t\t\t\t<reference ref=\"\($0)\"/>\n" }.joined())
        for id in ids where id != "102" && id != "103" {
            text = edit(text, "\t\t\t\t\t</array>\n\t\t\t\t</object>", """
            \t\t\t\t\t\t<object class="NSTextField" id="\(id)">
            \t\t\t\t\t\t\t<reference key="NSSuperview" ref="101"/>
            \t\t\t\t\t\t</object>
            \t\t\t\t\t</array>
            \t\t\t\t</object>
            """)
        }
        return text
    }

    /// The ids the merged `children` list refers to, in order.
    static func mergedChildren(_ text: String) -> [String] {
        let list = text.components(separatedBy: "key=\"children\">").last?.components(separatedBy: "</array>").first ?? ""
        return list.components(separatedBy: "<reference ref=\"").dropFirst().compactMap { $0.components(separatedBy: "\"").first }
    }

    /// A list of plain references merges as a sequence of the objects it refers to: each side's insertion lands
    /// after the entry it follows on that side, and a deletion holds; by position the two insertions would
    /// collide.
    @Test func referenceListsMergeAsSequencesOfTheirTargets() throws {
        let (text, result) = try Self.merge(Self.childrenBase, Self.children(["102", "103", "104"]), Self.children(["105", "102", "103"]))
        #expect(result.isClean, "\(result.conflicts)")
        #expect(Self.mergedChildren(text) == ["105", "102", "103", "104"])
        let (deleted, deletedResult) = try Self.merge(Self.childrenBase, Self.children(["103"]), Self.children(["102", "104", "103"]))
        #expect(deletedResult.isClean, "\(deletedResult.conflicts)")
        #expect(Self.mergedChildren(deleted) == ["104", "103"])
    }

    /// One side's reordering is kept with the other's insertion (after the entry it follows on its side); two
    /// different reorderings of the same entries stay a conflict.
    @Test func referenceListReorderings() throws {
        let (text, result) = try Self.merge(Self.childrenBase, Self.children(["103", "102"]), Self.children(["102", "103", "104"]))
        #expect(result.isClean, "\(result.conflicts)")
        #expect(Self.mergedChildren(text) == ["103", "104", "102"])
        let three = Self.children(["102", "103", "104"])
        let (_, both) = try Self.merge(three, Self.children(["104", "102", "103"]), Self.children(["103", "104", "102"]))
        #expect(both.conflicts.map(\.kind) == [.order])
    }

    /// A class description of `IBDocument.Classes`: `name` (declared in `name`.h) and its superclass.
    static func classDescription(_ name: String, superclass: String = "NSWindowController") -> String {
        """
        \t\t\t\t<object class="IBPartialClassDescription">
        \t\t\t\t\t<string key="className">\(name)</string>
        \t\t\t\t\t<string key="superclassName">\(superclass)</string>
        \t\t\t\t\t<object class="IBClassDescriptionSource" key="sourceIdentifier">
        \t\t\t\t\t\t<string key="majorKey">IBProjectSource</string>
        \t\t\t\t\t\t<string key="minorKey">./Classes/\(name).h</string>
        \t\t\t\t\t</object>
        \t\t\t\t</object>

        """
    }

    /// The base with `IBDocument.Classes` describing `classes`.
    static func describing(_ classes: [String]) -> String {
        edit(base, "\t</data>", """
        \t\t<object class="IBClassDescriber" key="IBDocument.Classes">
        \t\t\t<array class="NSMutableArray" key="referencedPartialClassDescriptions">
        \(classes.joined())\t\t\t</array>
        \t\t</object>
        \t</data>
        """)
    }

    /// Class descriptions are matched by class name (and header), not position: each side adding a class is
    /// kept, with the other side's edit of a third; two different superclasses of one class stay a conflict.
    @Test func classDescriptionsAreMatchedByClassName() throws {
        let base = Self.describing([Self.classDescription("AIPreferencePane"), Self.classDescription("AIWindowController")])
        let ours = Self.describing([Self.classDescription("AIAccountController"), Self.classDescription("AIPreferencePane"),
                                    Self.classDescription("AIWindowController")])
        let theirs = Self.describing([Self.classDescription("AIPreferencePane", superclass: "NSViewController"),
                                      Self.classDescription("AIWindowController"), Self.classDescription("ESStatusController")])
        let (text, result) = try Self.merge(base, ours, theirs)
        #expect(result.isClean, "\(result.conflicts)")
        let names = text.components(separatedBy: "<string key=\"className\">").dropFirst().compactMap { $0.components(separatedBy: "<").first }
        #expect(names == ["AIAccountController", "AIPreferencePane", "AIWindowController", "ESStatusController"])
        #expect(text.contains("<string key=\"superclassName\">NSViewController</string>"))
        let other = Self.describing([Self.classDescription("AIPreferencePane", superclass: "NSResponder"),
                                     Self.classDescription("AIWindowController")])
        let (_, conflicting) = try Self.merge(base, other, theirs)
        #expect(conflicting.conflicts.map(\.attribute) == ["text"])
    }

    /// A XIB 2 window's `NSScreenRect` saved on two Macs keeps OURS', with a note; another value of the window
    /// both sides changed still conflicts.
    @Test func aScreenRectBothSidesSavedDifferentlyKeepsOurs() throws {
        let title = "<string key=\"NSWindowTitle\">Preferences</string>"
        let base = Self.edit(Self.base, title, title + "\n\t\t\t\t<string key=\"NSScreenRect\">{{0, 0}, {1440, 878}}</string>")
        let ours = Self.edit(base, "{{0, 0}, {1440, 878}}", "{{0, 0}, {1920, 1080}}")
        let theirs = Self.edit(base, "{{0, 0}, {1440, 878}}", "{{0, 0}, {1920, 1058}}")
        let (text, result) = try Self.merge(base, ours, theirs)
        #expect(result.isClean, "\(result.conflicts)")
        #expect(text.contains("{{0, 0}, {1920, 1080}}") && !text.contains("{{0, 0}, {1920, 1058}}"))
        #expect(result.notes.map(\.rule) == [.savingScreen])
        #expect(result.notes.first?.object.id == "100")
        let (_, retitled) = try Self.merge(base, Self.edit(ours, title, "<string key=\"NSWindowTitle\">Settings</string>"),
                                           Self.edit(theirs, title, "<string key=\"NSWindowTitle\">Options</string>"))
        #expect(retitled.conflicts.map(\.attribute) == ["text"])
    }

    /// A plug-in declaration of the header that a newer Interface Builder no longer writes (OURS) and the other
    /// side changed with its deployment target (THEIRS) is kept as THEIRS has it; a window title one side deleted
    /// and the other changed still conflicts.
    @Test func pluginDeclarationsOneSideDroppedAreKept() throws {
        let declaration = """
        \t\t<object class="NSMutableDictionary" key="IBDocument.PluginDeclaredDependencyDefaults">
        \t\t\t<string key="NS.key.0">com.apple.InterfaceBuilder.CocoaPlugin.macosx</string>
        \t\t\t<real value="1060" key="NS.object.0"/>
        \t\t</object>

        """
        let anchor = "\t\t<object class=\"IBObjectContainer\" key=\"IBDocument.Objects\">"
        let base = Self.edit(Self.base, anchor, declaration + anchor)
        let ours = Self.edit(base, declaration, "")
        let theirs = Self.edit(Self.edit(base, "<real value=\"1060\"", "<real value=\"1070\""),
                               "<int key=\"IBDocument.SystemTarget\">1060</int>", "<int key=\"IBDocument.SystemTarget\">1070</int>")
        let (text, result) = try Self.merge(base, ours, theirs)
        #expect(result.isClean, "\(result.conflicts)")
        #expect(text.contains("<real value=\"1070\" key=\"NS.object.0\"/>"))
        let title = "\t\t\t\t<string key=\"NSWindowTitle\">Preferences</string>\n"
        let (_, deleted) = try Self.merge(base, Self.edit(ours, title, ""),
                                          Self.edit(theirs, title, "\t\t\t\t<string key=\"NSWindowTitle\">Settings</string>\n"))
        #expect(deleted.conflicts.map(\.kind) == [.deleteModify])
    }

    /// `recordsBase` with its object records for `ids`, in that order.
    static func objectRecords(_ ids: [String]) -> String {
        let records = { (ids: [String]) in ids.map { id in
            "\t\t\t\t\t<object class=\"IBObjectRecord\">\n\t\t\t\t\t\t<int key=\"objectID\">\(id)</int>\n\t\t\t\t\t\t<reference key=\"object\" ref=\"\(id)\"/>\n\t\t\t\t\t</object>\n"
        }.joined() }
        return edit(recordsBase, records(["102", "103"]), records(ids))
    }

    /// Object records form a set: two different reorderings keep OURS' order (with a note) and THEIRS' addition.
    /// Two different reorderings of another list stay a conflict (`referenceListReorderings`).
    @Test func objectRecordsReorderedByBothSidesKeepOursOrder() throws {
        let base = Self.objectRecords(["100", "101", "102", "103"])
        let (text, result) = try Self.merge(base, Self.objectRecords(["103", "100", "101", "102"]),
                                            Self.objectRecords(["101", "100", "102", "103"]))
        #expect(result.isClean, "\(result.conflicts)")
        let order = text.components(separatedBy: "<int key=\"objectID\">").dropFirst().compactMap { $0.components(separatedBy: "<").first }
        #expect(order == ["103", "100", "101", "102"])
        #expect(result.notes.map(\.rule) == [.recordOrder])
    }
}

