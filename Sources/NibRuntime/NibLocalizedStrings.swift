import Foundation
import StringsFile

/// The translations a Base-localized nib's `NSLocalizableString`s resolve through: the strings table named
/// after the nib or storyboard, in each language of a preference list.
///
/// A key resolves to its value in the first table of the list that has it; a key no table has keeps the
/// nib's development text (`NSDev`), as `-[NSBundle localizedStringForKey:value:table:]` does. Tables are
/// read once, when this value is made (a template built with it reads none at instantiation).
public struct NibLocalizedStrings: Sendable {
    /// The tables in preference order, with the language each came from.
    public let tables: [(language: String, table: StringsTable)]

    /// Tables given directly, most preferred first.
    public init(tables: [(language: String, table: StringsTable)]) { self.tables = tables }

    /// The translation of `key`, or nil when no table has it.
    public func string(forKey key: String) -> String? {
        for t in tables { if let value = t.table[key] { return value } }
        return nil
    }

    /// Reads `<directory>/<language>.lproj/<table>.strings` for each language of `languages` in order
    /// (for a regional language such as `de-AT` or `pt_BR`, its base language `de`/`pt` right after it, as
    /// Foundation matches localizations); languages without the file are skipped. Text (UTF-16 with a
    /// byte-order mark, UTF-8) and binary property-list tables both load. A malformed table is an error
    /// with its file, line and column.
    public init(directory: String, table: String, languages: [String]) throws(NibLoadingError) {
        var tables: [(language: String, table: StringsTable)] = []
        var seen: Set<String> = []
        for language in Self.expanded(languages) where seen.insert(language).inserted {
            let path = ((directory as NSString).appendingPathComponent(language + ".lproj") as NSString)
                .appendingPathComponent(table + ".strings")
            guard let data = FileManager.default.contents(atPath: path) else { continue }
            do { tables.append((language, try StringsFileParser.parse([UInt8](data), file: path))) } catch {
                throw .strings(error)
            }
        }
        self.tables = tables
    }

    /// `languages` with each regional language followed by its base language.
    static func expanded(_ languages: [String]) -> [String] {
        var out: [String] = []
        for l in languages {
            out.append(l)
            if let cut = l.firstIndex(where: { $0 == "-" || $0 == "_" }) { out.append(String(l[..<cut])) }
        }
        return out
    }
}
