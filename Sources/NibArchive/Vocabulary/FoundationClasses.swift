/// The Foundation value classes nibs archive, in one place for the runtime, the inspector and the keyed-archive
/// mapping, so that they agree on what is a string, a collection or a nested nib (a class one of them knows
/// and another does not changes what a graph means).
public enum FoundationClasses {
    /// Strings: their text is `NS.bytes` (UTF-8).
    public static let strings: Set<String> = ["NSString", "NSMutableString", "NSLocalizableString"]
    /// Data objects.
    public static let data: Set<String> = ["NSData", "NSMutableData"]
    /// Ordered collections whose elements are inlined (`UINibEncoderEmptyKey`) or numbered (`NS.object.N`).
    public static let arrays: Set<String> = ["NSArray", "NSMutableArray", "NSOrderedSet", "NSMutableOrderedSet"]
    /// Unordered collections.
    public static let sets: Set<String> = ["NSSet", "NSMutableSet", "NSCountedSet"]
    /// Dictionaries: inlined elements alternate key and value.
    public static let dictionaries: Set<String> = ["NSDictionary", "NSMutableDictionary"]
    /// Nested nibs (prototype cells, embedded view nibs).
    public static let nibs: Set<String> = ["UINib", "NSNib"]
    /// Numbers (`NS.intval`, `NS.dblval`, `NS.boolval`).
    public static let numbers: Set<String> = ["NSNumber"]

    /// Whether instances of `className` are values (strings, numbers, data, collections, nested nibs) rather
    /// than objects a loader creates with their own identity.
    public static func isValue(_ className: String) -> Bool {
        strings.contains(className) || data.contains(className) || arrays.contains(className) || sets.contains(className)
            || dictionaries.contains(className) || nibs.contains(className) || numbers.contains(className)
    }
}
