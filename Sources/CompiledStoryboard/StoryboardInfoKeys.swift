/// The keys of a compiled storyboard's `Info.plist`, spelled once for the reader (`StoryboardInfo`) and the
/// compiler that writes the file (`NibCompiler`): iOS writes `UI…` keys, macOS the same with `NS…` (STORYBOARD.md
/// §1.4).
extension StoryboardInfo.Platform {
    /// `…StoryboardVersion`: the format version, 1.
    public var versionKey: String { rawValue + "StoryboardVersion" }
    /// `…ViewControllerIdentifiersToNibNames`: identifier → scene nib name.
    public var nibNamesKey: String { rawValue + "ViewControllerIdentifiersToNibNames" }
    /// `…StoryboardDesignatedEntryPointIdentifier`: the initial controller's identifier.
    public var entryPointKey: String { rawValue + "StoryboardDesignatedEntryPointIdentifier" }
    /// `…ViewControllerIdentifiersToExternalStoryboardReferences`: identifier → reference dictionary.
    public var referencesKey: String { rawValue + "ViewControllerIdentifiersToExternalStoryboardReferences" }
    /// `…ReferencedStoryboardName`, in a reference dictionary.
    public var referencedStoryboardNameKey: String { rawValue + "ReferencedStoryboardName" }
    /// `…ReferencedControllerIdentifier`, in a reference dictionary (absent: the storyboard's initial controller).
    public var referencedControllerIdentifierKey: String { rawValue + "ReferencedControllerIdentifier" }
    /// `…ReferencedBundleIdentifier`, in a reference dictionary.
    public var referencedBundleIdentifierKey: String { rawValue + "ReferencedBundleIdentifier" }
    /// `NSStoryboardMainMenu` (AppKit): the application scene's menu.
    public var mainMenuKey: String { rawValue + "StoryboardMainMenu" }
    /// `NSViewControllerIdentifiersToUUIDs` (AppKit): identifier → UUID string.
    public var uuidsKey: String { rawValue + "ViewControllerIdentifiersToUUIDs" }
}
