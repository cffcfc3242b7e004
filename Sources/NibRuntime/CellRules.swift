/// The kind of reusable cell a nib is registered for.
public enum NibCellKind: Sendable {
    /// `UITableView.register(_:forCellReuseIdentifier:)`.
    case tableViewCell
    /// `UICollectionView.register(_:forCellWithReuseIdentifier:)`.
    case collectionViewCell

    /// The class UIKit names in its error message.
    public var requiredClassName: String {
        switch self {
        case .tableViewCell: return "UITableViewCell"
        case .collectionViewCell: return "UICollectionReusableView"
        }
    }

    /// Archived class names accepted as cells of this kind for generic objects.
    var acceptedClassNames: [String] {
        switch self {
        case .tableViewCell: return ["UITableViewCell"]
        case .collectionViewCell: return ["UICollectionViewCell", "UICollectionReusableView"]
        }
    }

    /// Whether `object` is a cell of this kind: a registered `NibCell` type, or a generic object whose class
    /// (or class swapper's original class) is the UIKit cell class.
    public func accepts(_ object: AnyObject) -> Bool {
        if object is NibCell { return true }
        if let g = object as? GenericNibObject { return acceptedClassNames.contains { g.isKind(of: $0) } }
        return false
    }
}

extension NibTemplate {
    /// Instantiates a cell nib the way UIKit's cell registration does: the nib must hold exactly one
    /// top-level object, and it must be a cell; otherwise `NibLoadingError.invalidCellNib`.
    public func instantiateCell(reuseIdentifier: String, kind: NibCellKind = .tableViewCell, owner: AnyObject? = nil,
                                externalObjects: [String: AnyObject] = [:]) throws -> AnyObject {
        let top = try instantiate(owner: owner, externalObjects: externalObjects)
        guard top.count == 1, let cell = top.first, kind.accepts(cell) else {
            throw NibLoadingError.invalidCellNib(identifier: reuseIdentifier, cellClassName: kind.requiredClassName)
        }
        return cell
    }

    /// Instantiates a view controller's nib with the controller as File's Owner; UIKit requires the nib to
    /// connect the owner's `view` outlet, otherwise `NibLoadingError.viewOutletNotSet`.
    public func instantiateViewController(nibName: String, owner: AnyObject,
                                          externalObjects: [String: AnyObject] = [:]) throws -> [AnyObject] {
        let top = try instantiate(owner: owner, externalObjects: externalObjects)
        guard try ownerOutletNames().contains("view") else { throw NibLoadingError.viewOutletNotSet(nibName: nibName) }
        return top
    }
}
