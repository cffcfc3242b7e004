import Foundation
import XIB

/// How Interface Builder grades a finding: an error fails the compile (nothing is written), a warning or
/// a notice is reported and the document compiles.
public enum CheckLevel: String, Sendable, Hashable, CaseIterable {
    /// The document is refused: `com.apple.ibtool.document.errors`, exit 1, nothing written.
    case error
    /// `com.apple.ibtool.document.warnings`; the document compiles.
    case warning
    /// `com.apple.ibtool.document.notices`; the document compiles.
    case notice
}

/// One of Interface Builder's document rules: Apple's message, its level, the category Interface Builder
/// files it under, and what triggers it.
public struct CheckRule: Sendable, Hashable {
    /// A stable name for the rule (`dynamic-type-font`), used in tests and docs.
    public var name: String
    /// The level ibtool reports it at.
    public var level: CheckLevel
    /// Interface Builder's category (`Unsupported Configuration`, `Illegal Configuration`,
    /// `Attribute Unavailable`), the `type` of the report entry; nil when no capture shows one.
    public var category: String?
    /// Apple's text, verbatim; `{NAME}`-style placeholders mark the variable parts.
    public var message: String
    /// What in a document triggers it, in words (the table in docs/IBTOOL-CHECKS.md repeats it).
    public var trigger: String
    /// How sure the text and the trigger are: `V` seen verbatim, `P` from one positive document or a
    /// maintainer's statement, `T` text known and trigger inferred.
    public var evidence: String

    /// The message with each `{KEY}` replaced by `values[KEY]`.
    public func message(_ values: [String: String] = [:]) -> String {
        var text = message
        for (key, value) in values.sorted(by: { $0.key < $1.key }) {
            text = text.replacingOccurrences(of: "{\(key)}", with: value)
        }
        return text
    }
}

/// One rule firing on one object of one document.
public struct CheckFinding: Sendable, Hashable {
    /// The rule that fired.
    public var rule: CheckRule
    /// The message with its variable parts filled in.
    public var message: String
    /// The object ibtool keys the finding by: an element's `id`, or `global` for the document.
    public var objectID: String
    /// Where in the document: the attribute or element that triggers the rule.
    public var location: SourceLocation

    /// The level of the rule.
    public var level: CheckLevel { rule.level }

    /// The key ibtool uses for findings about the whole document.
    public static let globalObjectID = "global"
}
