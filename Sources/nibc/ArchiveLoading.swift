import CompiledStoryboard
import Foundation
import KeyedArchive
import NibArchive
import PropertyList


/// Loads a nib (plain or gzip-framed) for a command, with the path in the error text.
func loadArchive(_ path: String, options: NibReadOptions = .init()) throws(CommandFailure) -> NibArchive {
    do {
        return try NibArchive(contentsOf: path, options: options)
    } catch {
        throw CommandFailure("\(path): error: \(error)")
    }
}

/// A failure already formatted for standard error, with its exit code.
struct CommandFailure: Error, CustomStringConvertible {
    var message: String
    var exitCode: Int32
    init(_ message: String, exitCode: Int32 = 1) {
        self.message = message
        self.exitCode = exitCode
    }
    var description: String { message }
}

/// Writes `text` to standard error.
func printError(_ text: String) {
    FileHandle.standardError.write(Data((text.hasSuffix("\n") ? text : text + "\n").utf8))
}

/// Writes `text` to standard output without an extra newline, in one call.
func writeOut(_ text: String) {
    FileHandle.standardOutput.write(Data(text.utf8))
}

/// A nib read in either of Apple's formats, seen through the one graph model.
enum LoadedNib {
    case nibArchive(NibArchive)
    case keyed(KeyedArchive)

    /// The object graph every command works on (keyed archives mapped as `NibGraph(_: KeyedArchive)` documents).
    var graph: NibGraph {
        switch self {
        case .nibArchive(let a): return NibGraph(a)
        case .keyed(let k): return NibGraph(k)
        }
    }

    /// The size of the archive read (after gzip inflation), to size the budgets of hostile-input bounds.
    var byteCount: Int {
        switch self {
        case .nibArchive(let a): return a.byteCount
        case .keyed(let k): return k.plist.byteCount
        }
    }

    /// `NIBArchive coder 10` or `keyed archive (NSKeyedArchiver 100000)`, for verify and dump.
    var formatName: String {
        switch self {
        case .nibArchive(let a): return "NIBArchive coder \(a.coderVersion)"
        case .keyed(let k): return "keyed archive (\(k.archiver) \(k.version))"
        }
    }
}

/// The file to read for `path`: itself, or inside a `.nib` directory the file a loader reads
/// (`NibDirectory.resolve`: `keyedobjects.nib`, else the newest `objects-<version>+.nib`, else `runtime.nib`).
func nibFile(_ path: String) throws(CommandFailure) -> String {
    guard NibDirectory.isDirectory(path) else { return path }
    if let file = NibDirectory.resolve(path) { return file }
    throw CommandFailure("\(path): error: a directory without keyedobjects.nib, runtime.nib or objects-*.nib")
}

/// Reads a nib in either format (a `.nib` directory resolved by `nibFile`): `bplist00` files as keyed
/// archives, everything else as NIBArchive. A file that is neither says what it is.
func loadNib(_ path: String, options: NibReadOptions = .init()) throws(CommandFailure) -> LoadedNib {
    let file = try nibFile(path)
    let head = fileHead(file)
    if head.starts(with: BinaryPropertyList.magic) {
        do {
            var plistOptions = PropertyListReadOptions()
            plistOptions.maxObjectCount = options.maxObjectCount
            return .keyed(try KeyedArchive(contentsOf: file, options: plistOptions))
        } catch {
            throw CommandFailure("\(file): error: keyed archive: \(error)")
        }
    }
    do {
        return .nibArchive(try NibArchive(contentsOf: file, options: options))
    } catch {
        if error.kind == .badMagic, let kind = describeNonNib(head) {
            throw CommandFailure("\(file): error: \(error); this is \(kind), not a nib")
        }
        throw CommandFailure("\(file): error: \(error)")
    }
}

/// The first 1024 bytes of `path` (fewer when shorter or unreadable).
func fileHead(_ path: String) -> [UInt8] {
    guard let handle = FileHandle(forReadingAtPath: path) else { return [] }
    defer { try? handle.close() }
    return [UInt8]((try? handle.read(upToCount: 1024)) ?? Data())
}

/// What a file that is not a nib holds, judged from its first bytes: an XML property list, a XIB, a
/// storyboard, other XML, or nil when unknown.
func describeNonNib(_ head: [UInt8]) -> String? {
    let text = String(decoding: head, as: UTF8.self)
    guard text.drop(while: { $0 == "\u{FEFF}" || $0.isWhitespace }).hasPrefix("<") else { return nil }
    if text.contains("<plist") || text.contains("PropertyList-1.0.dtd") { return "an XML property list" }
    if text.contains(".Storyboard.XIB\"") || text.contains("Storyboard") && text.contains("<document") { return "a storyboard document" }
    if text.contains("com.apple.InterfaceBuilder3") || text.contains("<document") && text.contains("toolsVersion") { return "a XIB document" }
    if text.contains("<archive") && text.contains("com.apple.InterfaceBuilder") { return "a XIB 2.x document" }
    return "an XML document"
}
