/// Interface Builder's document rules that ibtool reports with `--errors --warnings --notices`: Apple's
/// texts verbatim, their levels and categories, and the triggers as nibc understands them. The one place
/// these facts live: the triggers (`Triggers/`) fire the rules by these values, docs/IBTOOL-CHECKS.md
/// lists them.
public enum AppleRules {
    /// Dynamic Type turned on for a control whose font is not a text style.
    public static let dynamicTypeFont = CheckRule(
        name: "dynamic-type-font", level: .warning, category: nil,
        message: "Automatically Adjusts Font requires using a Dynamic Type text style",
        trigger: "a label, text field or text view with adjustsFontForContentSizeCategory=\"YES\" whose fontDescription is not a text style (no style=\"UICTFontTextStyle…\")",
        evidence: "V")

    /// A label whose autoshrink minimum is above its font size.
    public static let minimumFontSize = CheckRule(
        name: "minimum-font-size", level: .warning, category: nil,
        message: "Minimum Font Size greater than current font size",
        trigger: "a label whose minimumFontSize is greater than its font's pointSize",
        evidence: "P")

    /// A constraint relating an attribute of a view to itself.
    public static let constraintAttributes = CheckRule(
        name: "constraint-attributes", level: .warning, category: nil,
        message: "Unsupported configuration of constraint attributes. This may produce unexpected results at runtime before Xcode 5.1",
        trigger: "a constraint relating an attribute of a view to the same attribute of the same view (firstItem defaults to the view owning the constraint)",
        evidence: "P")

    /// A document set to build for a version older than the deployment target.
    public static let olderThanDeploymentTarget = CheckRule(
        name: "older-than-deployment-target", level: .warning, category: nil,
        message: "This file is set to build for a version older than the deployment target. Functionality may be limited.",
        trigger: "the document's own deployment version (<deployment version=…>) is older than --minimum-deployment-target; object global",
        evidence: "P")

    /// An iOS document built for iOS 6 or earlier (refused).
    public static let iOSBefore7 = CheckRule(
        name: "ios-before-7", level: .error, category: "Illegal Configuration",
        message: "Compiling IB documents for earlier than iOS 7 is no longer supported.",
        trigger: "an iOS document built for iOS 6 or earlier (its own deployment version, else --minimum-deployment-target); object global",
        evidence: "P")

    /// A macOS storyboard built for a version before OS X 10.10 (refused).
    /// Only the text up to "availabl" is quoted anywhere (one issue thread); the rest follows Apple's
    /// wording for the iOS rule and must be replaced when a full capture turns up.
    public static let macOSStoryboardBefore1010 = CheckRule(
        name: "macos-storyboard-before-10.10", level: .error, category: "Illegal Configuration",
        message: "Storyboards are not available before OS X 10.10.",
        trigger: "a macOS storyboard built for a version before 10.10 (its own deployment version, else --minimum-deployment-target); object global",
        evidence: "T")

    /// An AppKit window whose maximum size is below its content size.
    public static let windowMaximumSize = CheckRule(
        name: "window-maximum-size", level: .warning, category: "Unsupported Configuration",
        message: "Maximum size {MAX} is smaller than content size {CONTENT}",
        trigger: "an AppKit window whose maxSize is smaller than its contentRect's size in either dimension",
        evidence: "V")

    /// A prototype table view cell without a reuse identifier.
    public static let prototypeCellReuseIdentifier = CheckRule(
        name: "prototype-cell-reuse-identifier", level: .warning, category: "Unsupported Configuration",
        message: "Prototype table cells must have reuse identifiers",
        trigger: "a tableViewCell among a storyboard table view's prototypes without a reuseIdentifier; object the cell",
        evidence: "V")

    /// A segue started from a view controller itself without an identifier.
    public static let manualSegueIdentifier = CheckRule(
        name: "manual-segue-identifier", level: .warning, category: "Unsupported Configuration",
        message: "Segues initiated directly from view controllers must have an identifier",
        trigger: "a segue (not a relationship) in a view controller's own connections without an identifier; object the segue",
        evidence: "P")

    /// A storyboard scene nothing leads to and code cannot instantiate.
    public static let unreachableScene = CheckRule(
        name: "unreachable-scene", level: .warning, category: "Unsupported Configuration",
        message: "\u{201C}{NAME}\u{201C} is unreachable because it has no entry points, and no identifier for runtime access via -[UIStoryboard instantiateViewControllerWithIdentifier:].",
        trigger: "an iOS storyboard scene's view controller that is not the initial view controller, has no storyboardIdentifier and is the destination of no segue or relationship; object the controller",
        evidence: "P")

    /// `highlighted` saved on a control or cell (design-time only).
    public static let highlightedProperty = CheckRule(
        name: "highlighted-property", level: .warning, category: nil,
        message: "Highlighted property is only for display within Interface Builder (The value set for this property will not be present at runtime)",
        trigger: "highlighted=\"YES\" saved on a UIKit control or table/collection view cell",
        evidence: "T")

    /// A static table view outside a table view controller (refused).
    public static let staticTableView = CheckRule(
        name: "static-table-view", level: .error, category: "Illegal Configuration",
        message: "Static table views are only valid when embedded in UITableViewController instances",
        trigger: "a tableView with dataMode=\"static\" that is not inside a tableViewController",
        evidence: "T")

    /// An outlet into a prototype cell from outside it (refused).
    public static let outletToRepeatingContent = CheckRule(
        name: "outlet-to-repeating-content", level: .error, category: "Illegal Configuration",
        message: "The {OUTLET} outlet from the {SOURCE} to the {DEST} is invalid. Outlets cannot be connected to repeating content.",
        trigger: "an outlet whose destination is a prototype table or collection view cell (or inside one) and whose source is outside that cell; object the outlet",
        evidence: "T")

    /// An exit placeholder in a launch screen (Xcode 6, refused).
    public static let launchScreenExit = CheckRule(
        name: "launch-screen-exit", level: .error, category: "Illegal Configuration",
        message: "Launch screens may not use instances of IBUISceneExitPlaceholder.",
        trigger: "Xcode 6 only (--xcode-version 6.x): a launchScreen=\"YES\" storyboard with an exit placeholder",
        evidence: "T")

    /// A launch-screen XIB without exactly one top-level view or view controller (Xcode 6, refused).
    public static let launchScreenTopLevel = CheckRule(
        name: "launch-screen-top-level", level: .error, category: "Illegal Configuration",
        message: "Launch screens may only have one top level object, which must be a UIView or a kind of UIViewController.",
        trigger: "Xcode 6 only (--xcode-version 6.x): a launchScreen=\"YES\" XIB whose top-level objects (placeholders aside) are not exactly one view or view controller",
        evidence: "T")

    /// An entry point in a launch-screen storyboard (Xcode 6, refused).
    public static let launchScreenEntryPoint = CheckRule(
        name: "launch-screen-entry-point", level: .error, category: "Illegal Configuration",
        message: "Launch screens may not use instances of IBUIStoryboardEntryPointIndicator.",
        trigger: "Xcode 6 only (--xcode-version 6.x): a launchScreen=\"YES\" storyboard with an initial view controller",
        evidence: "T")

    /// Safe-area layout guides in a document built for iOS 8 or earlier (refused).
    public static let safeAreaBeforeIOS9 = CheckRule(
        name: "safe-area-before-ios-9", level: .error, category: "Illegal Configuration",
        message: "Safe Area Layout Guide before iOS 9.0",
        trigger: "useSafeAreas=\"YES\" in an iOS document built for a version before 9.0; object global",
        evidence: "T")

    /// An attribute newer than the iOS version the document builds for.
    public static let attributeUnavailable = CheckRule(
        name: "attribute-unavailable", level: .warning, category: "Attribute Unavailable",
        message: "Attribute Unavailable: {ATTRIBUTE} before iOS {VERSION}",
        trigger: "an attribute newer than the iOS version the document builds for (see AttributeAvailability)",
        evidence: "T")

    /// Every rule, in the order docs/IBTOOL-CHECKS.md lists them.
    public static let all: [CheckRule] = [
        dynamicTypeFont, minimumFontSize, constraintAttributes, olderThanDeploymentTarget, iOSBefore7,
        windowMaximumSize, prototypeCellReuseIdentifier, manualSegueIdentifier, unreachableScene,
        highlightedProperty, staticTableView, outletToRepeatingContent, launchScreenExit, launchScreenTopLevel,
        launchScreenEntryPoint, safeAreaBeforeIOS9, macOSStoryboardBefore1010, attributeUnavailable,
    ]
}
