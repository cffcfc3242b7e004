import Foundation
import NibArchive
import NibCompiler
import NibLocalization
import StringsFile
import NibTestSupport

/// The public ground truth kept in `Tests/Fixtures/Localization` and helpers to read compiled `NSKey`s.
enum LocalizationFixtures {
    /// `Tests/Fixtures/Localization`.
    static var directory: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/Localization")
    }

    /// IQKeyboardManager's Base.lproj storyboards with the untranslated `ar.lproj` tables Apple's ibtool wrote
    /// for them, each pair from one upstream commit (Tests/Fixtures/README.md): (storyboard, strings file).
    static func iqKeyboardManagerPairs() throws -> [(document: URL, strings: URL)] {
        let root = directory.appendingPathComponent("IQKeyboardManager")
        let names = try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("ar.lproj").path)
            .filter { $0.hasSuffix(".strings") }.sorted()
        return names.map { name in
            let base = String(name.dropLast(".strings".count))
            return (root.appendingPathComponent("Base.lproj/\(base).storyboard"), root.appendingPathComponent("ar.lproj/\(name)"))
        }
    }

    static func bytes(_ url: URL) throws -> [UInt8] { try [UInt8](Data(contentsOf: url)) }

    /// Every `NSKey` of the `NSLocalizableString`s of a nib's bytes, nested nibs (a storyboard's prototype
    /// cells, data values that are NIBArchives) included.
    static func compiledKeys(nib bytes: [UInt8], depth: Int = 0) throws -> Set<String> {
        let graph = NibGraph(try NibArchive(bytes: bytes))
        var keys: Set<String> = []
        for object in graph.objects {
            if object.className == "NSLocalizableString",
               case .object(let k)? = object.value(forKey: "NSKey"),
               case .data(let b)? = graph.objects[k].value(forKey: "NS.bytes") {
                keys.insert(String(decoding: b, as: UTF8.self))
            }
            for entry in object.entries where depth < 4 {
                if case .data(let nested) = entry.value, nested.starts(with: Array("NIBArchive".utf8)) {
                    keys.formUnion(try compiledKeys(nib: nested, depth: depth + 1))
                }
            }
        }
        return keys
    }

    /// The `NSKey`s of every nib in a compiled storyboard directory, or of a nib file.
    static func compiledKeys(at url: URL) throws -> Set<String> {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else { return [] }
        guard isDirectory.boolValue else { return try compiledKeys(nib: bytes(url)) }
        var keys: Set<String> = []
        let walker = FileManager.default.enumerator(at: url, includingPropertiesForKeys: nil)
        while let file = walker?.nextObject() as? URL {
            var isNibDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: file.path, isDirectory: &isNibDirectory), !isNibDirectory.boolValue else { continue }
            let b = try bytes(file)
            if b.starts(with: Array("NIBArchive".utf8)) { keys.formUnion(try compiledKeys(nib: b)) }
        }
        return keys
    }
}
