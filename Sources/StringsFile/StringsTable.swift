/// A strings table: the entries of a `.strings` file in file order, as old-style property-list text
/// (`"key" = "value";`) or a binary property list of strings.
///
/// Lookups follow CoreFoundation: when a key appears twice the last entry wins.
public struct StringsTable: Sendable, Hashable {
    /// One `"key" = "value";` entry with the comment written just before it.
    public struct Entry: Sendable, Hashable {
        public var key: String
        public var value: String
        /// The text of the `/* … */` or `// …` comment directly before the entry (without the markers and
        /// surrounding spaces), nil when there is none.
        public var comment: String?
        /// Where the key starts in its file (nil for tables built in memory or read from a binary list).
        public var location: StringsLocation?

        public init(key: String, value: String, comment: String? = nil, location: StringsLocation? = nil) {
            self.key = key
            self.value = value
            self.comment = comment
            self.location = location
        }
    }

    /// The entries in file order.
    public private(set) var entries: [Entry]
    private var index: [String: Int]

    /// A table of `entries` (later entries win lookups over earlier ones with the same key).
    public init(entries: [Entry] = []) {
        self.entries = entries
        index = [:]
        for (i, e) in entries.enumerated() { index[e.key] = i }
    }

    /// The value of `key` (the last entry with that key), or nil.
    public subscript(key: String) -> String? {
        index[key].map { entries[$0].value }
    }

    /// The entry of `key` (the last with that key), or nil.
    public func entry(_ key: String) -> Entry? { index[key].map { entries[$0] } }

    /// The distinct keys in file order of their winning entry.
    public var keys: [String] { entries.indices.filter { index[entries[$0].key] == $0 }.map { entries[$0].key } }

    /// Keys that appear more than once, each once, in file order.
    public var duplicateKeys: [String] {
        var seen: Set<String> = [], reported: Set<String> = [], out: [String] = []
        for e in entries where !seen.insert(e.key).inserted && reported.insert(e.key).inserted { out.append(e.key) }
        return out
    }

    /// Appends an entry.
    public mutating func append(_ entry: Entry) {
        index[entry.key] = entries.count
        entries.append(entry)
    }
}

/// A place in a strings or XLIFF file: `file:line:col` (line and column 1-based, the column counted in
/// Unicode scalars).
public struct StringsLocation: Sendable, Hashable, CustomStringConvertible {
    public var file: String
    public var line: Int
    public var column: Int

    public init(file: String, line: Int, column: Int) {
        self.file = file
        self.line = line
        self.column = column
    }

    public var description: String { "\(file):\(line):\(column)" }
}

/// A malformed strings or XLIFF file: prints as `file:line:col: error: message`.
public struct StringsFileError: Error, Sendable, Hashable, CustomStringConvertible {
    public var message: String
    public var location: StringsLocation

    public init(_ message: String, at location: StringsLocation) {
        self.message = message
        self.location = location
    }

    public var description: String { "\(location): error: \(message)" }
}
