import NibArchive

/// What the keys of a nib mean for naming objects and comparing graphs: which references are containment
/// (they name an object) and which are links (they point up or across the tree and never choose a name), and
/// which ordered collections a loader reads without caring for their order. The back references among the
/// links are `BackReferenceKeys` (NibArchive's vocabulary, shared with the runtime); the rest are listed here.
///
/// An object is named by its path through containment from the root: top-level objects, subviews,
/// content and document views, cells, menu items, table columns, scene contents. A reference whose key is
/// a link is still compared (as a `ref` leaf naming its target), but an object reached only by links is
/// named by its cheapest path, where one link costs more than any chain of containment keys.
public enum GraphKeyRoles {
    /// Keys that point up or across the tree, whatever class holds them: the back references the runtime
    /// holds weakly too (`BackReferenceKeys`, in the NibArchive vocabulary) and the keys below.
    public static let linkKeys: Set<String> = Set<String>([
        // Flat lists of every object (each object is also somewhere in the tree) and their tables.
        "UINibObjectsKey", "NSObjectsKeys", "NSObjectsValues", "NSOidsKeys", "NSOidsValues",
        "UINibVisibleWindowsKey", "NSVisibleWindows",
        "UIExternalObjectsTableForViewLoading", "NSExternalObjectsTableForViewLoading",
        "UITopLevelObjectsToKeepAliveFromStoryboard",
        // Accessibility tables and runtime attributes: they name objects that live in the tree.
        "UINibAccessibilityConfigurationsKey", "NSAccessibilityConnectors", "NSAccessibilityOidsKeys",
        "NSAccessibilityOidsValues", "UIAccessibileObject", "UINibKeyValuePairsKey", "UIObject",
        // Trait-storage lists: records of objects added or removed per trait collection.
        "UINibTraitStorageListsKey",
        // Connections and what they join.
        "UINibConnectionsKey", "NSConnections", "UISource", "UIDestination", "NSSource", "NSDestination",
        // Back-links to a parent beyond the shared ones.
        "NSStackViewContainerStackView",
        // Cross-links beyond the shared ones: the first responder, UIKit delegates and constraint items, views
        // also held as subviews, selections.
        "NSInitialFirstResponder", "UIDelegate", "UIDataSource", "UIFirstItem", "UISecondItem",
        "UIStackViewArrangedSubviews", "NSStackViewContainerNonDroppedViews", "_UILayoutGuideConstraintsToRemove",
        "UIRelationshipCandidates", "NSSelectedTabViewItem",
        "NSToolbarIBAllowedItems", "NSToolbarIBDefaultItems",
    ]).union(BackReferenceKeys.all)

    /// Keys that are links only on some classes (`class.key`); the same key is containment elsewhere
    /// (an `NSPopUpButtonCell`'s `NSMenu` holds its menu, an `NSMenuItem`'s points back at its parent).
    public static let classLinkKeys: Set<String> = [
        "NSMenuItem.NSMenu", "NSTableColumn.NSTableView", "NSTableHeaderView.NSTableView",
        "NSTextContainer.NSTextView", "NSTextContainer.NSLayoutManager", "NSTabViewItem.NSTabView",
    ]

    /// Whether a reference under `key` from an object of class `className` is a link.
    public static func isLink(key: String, className: String) -> Bool {
        linkKeys.contains(key) || classLinkKeys.contains(className + "." + key)
    }

    /// Keys whose array a loader reads in any order: connections are made one by one, the object lists
    /// are tables, constraints are added as a set. `--loose` ignores the order of these arrays (their
    /// elements are still matched one to one); it counts the order of every other array (subviews,
    /// menu items, table columns, …), where the order is what the user sees.
    public static let orderIndifferentKeys: Set<String> = [
        "UINibConnectionsKey", "NSConnections", "UINibObjectsKey", "NSObjectsKeys", "NSObjectsValues",
        "NSOidsKeys", "NSOidsValues", "UINibAccessibilityConfigurationsKey", "NSAccessibilityConnectors",
        "NSAccessibilityOidsKeys", "NSAccessibilityOidsValues", "UINibKeyValuePairsKey", "UINibTraitStorageListsKey",
        "UINibVisibleWindowsKey", "NSVisibleWindows", "UITopLevelObjectsToKeepAliveFromStoryboard",
        // An object's trait storages each hold a different attribute or relationship.
        "UITraitStorages",
        "UIViewAutolayoutConstraints", "NSViewConstraints", "UILayoutGuideSystemConstraints",
        "_UILayoutGuideConstraintsToRemove",
    ]

    /// Keys whose string value ibtool draws at random on every compile: a macOS storyboard controller's
    /// `uniqueIdentifierForStoryboardCompilation` (NIBARCHIVE.md §7.6), a fresh UUID each time, so two ibtool
    /// runs on one storyboard differ there. `--loose` compares such a value by its form only: any UUID matches
    /// any UUID; a value that is not a UUID still differs.
    public static let randomUUIDKeys: Set<String> = ["uniqueIdentifierForStoryboardCompilation"]

    /// Whether `bytes` are the text of a UUID (8-4-4-4-12 hexadecimal digits).
    static func isUUIDText(_ bytes: [UInt8]) -> Bool {
        guard bytes.count == 36 else { return false }
        for (i, b) in bytes.enumerated() {
            if i == 8 || i == 13 || i == 18 || i == 23 {
                if b != UInt8(ascii: "-") { return false }
            } else if !((b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x46) || (b >= 0x61 && b <= 0x66)) {
                return false
            }
        }
        return true
    }
}
