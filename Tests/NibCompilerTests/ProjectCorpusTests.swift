import Foundation
import Testing
import NibArchive
import NibCompiler
import NibCompilerTestSupport
import NibTestSupport

/// The project's own XIBs under `Corpus/ios`: each compiles, and its graph has the expected objects.
@Suite struct ProjectCorpusTests {
    struct Summary {
        var graph: NibGraph
        var warnings: [CompileDiagnostic]

        func string(_ i: Int) -> String? {
            guard case .data(let d)? = graph.objects[i].value(forKey: "NS.bytes") else { return nil }
            return String(decoding: d, as: UTF8.self)
        }
        /// Archived classes plus the original classes of class-swapped objects.
        var classes: Set<String> {
            Set(graph.objects.map(\.className)).union(graph.objects.compactMap { $0.value(forKey: "UIOriginalClassName")?.objectIndex.flatMap(string) })
        }
        /// Connection labels by connection class.
        func labels(_ cls: String) -> [String] {
            graph.objects.filter { $0.className == cls }.compactMap { $0.value(forKey: "UILabel")?.objectIndex.flatMap(string) }
        }
        var classNames: Set<String> {
            Set(graph.objects.compactMap { $0.value(forKey: "UIClassName")?.objectIndex.flatMap(string) })
        }
        var proxies: Set<String> {
            Set(graph.objects.filter { $0.className == "UIProxyObject" }.compactMap { $0.value(forKey: "UIProxiedObjectIdentifier")?.objectIndex.flatMap(string) })
        }
    }

    func compile(_ name: String, module: String, coderVersion: Int = 10) throws -> Summary {
        let url = ProjectCorpus.directory.appendingPathComponent("ios/\(name)")
        let nib = try CompiledXIB(contentsOf: url, options: CompileOptions(moduleName: module, coderVersion: coderVersion), fileName: "Corpus/ios/\(name)")
        let result = nib.result
        // The bytes decode back to the same graph shape.
        #expect(nib.graph.objects.count <= result.graph.objects.count)
        #expect(LeafScore.score(reference: result.graph, output: nib.graph) == 1.0)
        for w in result.diagnostics { print(w) }
        return Summary(graph: result.graph, warnings: result.diagnostics)
    }

    @Test func loginScreen() throws {
        let s = try compile("LoginViewController.xib", module: "Accounts")
        #expect(s.classes.isSuperset(of: ["UIStackView", "UILabel", "UITextField", "UIButton", "UIActivityIndicatorView", "NSLayoutConstraint", "UILayoutGuide", "UIColor", "UIFont"]))
        #expect(s.labels("UIRuntimeOutletConnection") == ["emailField", "loginButton", "passwordField", "view"])
        #expect(s.labels("UIRuntimeEventConnection") == ["fieldChanged:", "fieldChanged:", "loginTapped:"])
        let masks = s.graph.objects.filter { $0.className == "UIRuntimeEventConnection" }.compactMap { o -> Int64? in
            if case .int(let v)? = o.value(forKey: "UIEventMask") { return v }; return nil
        }
        #expect(masks == [131072, 131072, 64])
        #expect(s.proxies == ["IBFilesOwner", "IBFirstResponder"])
        #expect(s.warnings.isEmpty)
    }

    @Test func tableCell() throws {
        let s = try compile("ProfileTableViewCell.xib", module: "Accounts")
        #expect(s.classes.isSuperset(of: ["UITableViewCell", "UITableViewCellContentView", "_UITableViewCellSeparatorView", "UIImageView", "UILabel", "UIImageNibPlaceholder"]))
        #expect(s.classNames.contains("_TtC8Accounts20ProfileTableViewCell"))
        #expect(s.labels("UIRuntimeOutletConnection") == ["avatarView", "nameLabel", "subtitleLabel"])
        // The cell's constraints moved to the content view.
        let content = try #require(s.graph.objects.first { $0.className == "UITableViewCellContentView" })
        #expect(content.value(forKey: "UIViewAutolayoutConstraints") != nil)
        #expect(content.value(forKey: "UIViewLayoutGuides") != nil)
    }

    @Test func collectionCell() throws {
        let s = try compile("PhotoCollectionViewCell.xib", module: "Gallery")
        #expect(s.classes.isSuperset(of: ["UICollectionViewCell", "UIImageView", "UILabel"]))
        #expect(s.classNames.contains("_TtC7Gallery23PhotoCollectionViewCell"))
        #expect(s.labels("UIRuntimeOutletConnection") == ["captionLabel", "imageView"])
        let generated = s.graph.objects.filter { $0.className == "NSLayoutConstraint" }.filter {
            $0.value(forKey: "NSLayoutIdentifier")?.objectIndex.flatMap(s.string) == "UIIBSystemGenerated"
        }
        #expect(generated.count == 4)
    }

    @Test func externalObjectsControlsAndRuntimeAttributes() throws {
        let s = try compile("SettingsPanelView.xib", module: "Settings")
        #expect(s.proxies == ["IBFilesOwner", "IBFirstResponder", "SettingsStore"])
        #expect(s.classes.isSuperset(of: ["UISwitch", "UISlider", "UIStackView", "UITapGestureRecognizer", "UINibKeyValuePair", "UIRuntimeAccessibilityConfiguration"]))
        // Collection labels in the document order of their first element (`toggles` is declared first).
        #expect(s.labels("UIRuntimeOutletCollectionConnection") == ["toggles", "gestureRecognizers"])
        #expect(s.labels("UIRuntimeEventConnection") == ["dismissKeyboard", "toggleChanged:", "toggleChanged:", "volumeChanged:"])
        // Three runtime attributes plus ibtool's synthesized `frame` pair per switch.
        #expect(s.graph.objects.filter { $0.className == "UINibKeyValuePair" }.count == 5)
        let toggles = try #require(s.graph.objects.first { $0.className == "UIRuntimeOutletCollectionConnection" && $0.value(forKey: "UILabel")?.objectIndex.flatMap(s.string) == "toggles" })
        let array = try #require(toggles.value(forKey: "UIDestination")?.objectIndex)
        #expect(s.graph.objects[array].entries.filter { $0.key == "UINibEncoderEmptyKey" }.count == 2)
    }
    /// The keys of one object, in archive order (key, value).
    func keys(_ s: Summary, of className: String) throws -> [(String, NibGraphValue)] {
        let o = try #require(s.graph.objects.first { $0.className == className })
        return o.entries.map { ($0.key, $0.value) }
    }

    /// Keys after the `UIView` ones: only values that differ from the class default, except the search bar's two
    /// trait booleans.
    ///
    /// A snapshot of nibc's own output, not an independent reference: the orders are those the compiler's encoders
    /// write (`Sources/NibCompiler/UIKit/PickerControls.swift`, modelled on each class's `encodeWithCoder:`), and no
    /// Apple-compiled nib of these controls is in the corpus to check them against. A change here is a change of
    /// output to review, not proof of a fault.
    @Test func pickerControls() throws {
        let s = try compile("PickerControls.xib", module: "Booking")
        #expect(s.warnings.isEmpty)
        let viewKeys: Set<String> = ["UIBounds", "UICenter", "UIDeepDrawRect", "UIOpaque", "UIAutoresizeSubviews", "UIAutoresizingMask",
                                     "UIContentMode", "UIViewDoesNotTranslateAutoresizingMaskIntoConstraints",
                                     "UIViewSemanticContentAttribute", "UIViewLargeContentStoredProperties", "UIViewContentHuggingPriority"]
        func own(_ cls: String) throws -> [String] { try keys(s, of: cls).map(\.0).filter { !viewKeys.contains($0) } }
        // value 2, minimum 1, maximum 8 differ from 0/0/100; stepValue 1 is the default; autorepeat off; wraps on.
        #expect(try own("UIStepper") == ["UIValue", "UIMinimumValue", "UIMaximumValue", "UIAutorepeat", "UIWraps"])
        #expect(try keys(s, of: "UIStepper").first { $0.0 == "UIMaximumValue" }?.1 == .double(8))
        // numberOfPages 4, currentPage 1 (always written), hidesForSinglePage, current- then page tint colour.
        #expect(try own("UIPageControl") == ["UINumberOfPages", "UICurrentPage", "UIHideForSinglePage",
                                             "UICurrentPageIndicatorTintColor", "UIPageIndicatorTintColor"])
        // wheels (1), date mode (1), a locale, date + minimum date (no maximum), interval 5, useCurrentDate="NO".
        #expect(try own("UIDatePicker") == ["UIPickerStyle", "UIDatePickerMode", "UILocale", "UIDate", "UIMinimumDate",
                                            "UIMinuteInterval", "UIDatePickerUseCurrentDateDuringDecoding"])
        let date = try #require(s.graph.objects.first { $0.className == "NSDate" })
        #expect(date.value(forKey: "NS.time") == .double(754012800))
        // The delegate is an outlet connection, not a key; minimal style is 2.
        #expect(try own("UISearchBar") == ["UIPlaceholder", "UIAutocorrectionType", "UIReturnKeyType",
                                           "UIEnablesReturnKeyAutomatically", "UISecureTextEntry", "UISearchBarStyle"])
        #expect(try keys(s, of: "UISearchBar").last?.1 == .int(2))
        #expect(s.labels("UIRuntimeOutletConnection").contains("delegate"))
        // A face iOS ships resolves (bold + italic traits, scaling keys); an app font does not.
        func font(_ name: String) throws -> NibObject {
            try #require(s.graph.objects.first { $0.className == "UIFont" && $0.value(forKey: "UIFontName")?.objectIndex.flatMap(s.string) == name })
        }
        let helvetica = try font("HelveticaNeue-BoldItalic")
        #expect(helvetica.value(forKey: "UIFontTraits") == .int(3))
        #expect(helvetica.value(forKey: "UIFontTextStyleForScaling") == .null)
        let custom = try font("BookingSans-Bold")
        #expect(custom.value(forKey: "UIFontTraits") == .int(0))
        #expect(custom.value(forKey: "UIFontPointSizeForScaling") == nil)
    }

    /// A tab bar and its items. A snapshot of nibc's own output (the key orders `Sources/NibCompiler/UIKit/TabBars.swift`
    /// writes, modelled on UITabBar's and UITabBarItem's coders), not checked against an Apple-compiled nib: none of this
    /// document is in the corpus.
    @Test func tabBar() throws {
        let s = try compile("TabBarView.xib", module: "Library")
        #expect(s.warnings.isEmpty)
        let bar = try keys(s, of: "UITabBar").map(\.0)
        #expect(Array(bar.drop { $0 != "UIItems" }) == ["UIItems", "UIBarTintColor", "UIBarUnselectedImageTintColor",
                                                          "UITabBarItemPositioning", "UITabBarItemWidth", "UIBarTranslucence"])
        let items = s.graph.objects.filter { $0.className == "UITabBarItem" }.map { $0.entries.map(\.key) }
        #expect(items == [
            ["UIEnabled", "UITitle", "UIImage", "UISelectedTemplateImage", "UITitlePositionAdjustment"],
            // A system item archives its number and no title or image; tag 2.
            ["UISystemItem", "UIEnabled", "UITag"],
            // Disabled: no UIEnabled.
            ["UITitle", "UIBadgeValue"],
        ])
        #expect(s.labels("UIRuntimeOutletConnection").contains("delegate"))
    }

    /// An Xcode 7 document compiled for coder 9: `cocoaTouchSystemColor` without components archives the
    /// UIKit class colour (gray form for dark/light text, iOS 12's RGB for the grouped background).
    @Test func legacySystemColors() throws {
        let s = try compile("LegacyColorsView.xib", module: "Legacy", coderVersion: 9)
        #expect(s.warnings.isEmpty)
        func color(named name: String) throws -> NibObject {
            try #require(s.graph.objects.first { $0.className == "UIColor" && $0.value(forKey: "UISystemColorName")?.objectIndex.flatMap(s.string) == name })
        }
        let dark = try color(named: "darkTextColor")
        #expect(dark.value(forKey: "UIColorComponentCount") == .int(2))
        #expect(dark.value(forKey: "UIWhite") == .float(0))
        let light = try color(named: "lightTextColor")
        #expect(light.value(forKey: "UIAlpha") == .float(0.6))
        #expect(light.value(forKey: "NSWhite") == .data(Array("1 0.6".utf8)))
        let grouped = try color(named: "groupTableViewBackgroundColor")
        #expect(grouped.value(forKey: "UIColorComponentCount") == .int(4))
        #expect(grouped.value(forKey: "NSRGB") == .data(Array("0.937 0.937 0.957".utf8)))
        #expect(grouped.value(forKey: "UIRed-Double") == nil)
        // No `colorMatched="YES"` (saved by Xcode 7): the Generic RGB tint keeps its components (a matched
        // document would archive the sRGB conversion, 0.476 0.643 1).
        let tint = try #require(s.graph.objects.first { $0.className == "UIColor" && $0.value(forKey: "UIGreen") == .float(Float(0.5607843137254902)) })
        #expect(tint.value(forKey: "NSRGB") == .data(Array("0.404 0.561 1".utf8)))
        #expect(tint.value(forKey: "UISystemColorName") == nil)
        // calibrated white 1/1 and 0/0 keep their §8.3 names.
        _ = try color(named: "whiteColor")
        _ = try color(named: "clearColor")
    }
}
