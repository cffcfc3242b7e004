// libFuzzer target: read arbitrary bytes as a .strings file (StringsFile.StringsFileParser: old-style text in
// UTF-16 or UTF-8, or a binary property list). A failure must be a StringsFileError whose line and column are at
// least 1 and whose message is not empty. On success, writing the table and reading it back gives the same keys,
// values and comments (in every encoding), and reading the same bytes again gives an equal table.
import Foundation
import StringsFile

@inline(never)
func fuzzFail(_ message: String) -> Never {
    FileHandle.standardError.write(("strings-parse invariant broken: " + message + "\n").data(using: .utf8)!)
    abort()
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let input = size == 0 ? [] : Array(UnsafeBufferPointer(start: data!, count: size))
    let table: StringsTable
    do { table = try StringsFileParser.parse(input, file: "fuzz.strings") } catch {
        if error.location.line < 1 || error.location.column < 1 { fuzzFail("location \(error.location)") }
        if error.message.isEmpty { fuzzFail("empty message") }
        return 0
    }
    guard let again = try? StringsFileParser.parse(input, file: "fuzz.strings"), again == table else { fuzzFail("second read differs") }
    let plain = table.entries.map { StringsTable.Entry(key: $0.key, value: $0.value, comment: $0.comment) }
    // A comment holding "*/" cannot be written back as a comment; such tables are not round-tripped.
    if plain.contains(where: { $0.comment?.contains("*/") == true }) { return 0 }
    for encoding in StringsFileEncoding.allCases {
        let written = StringsFileWriter.bytes(StringsTable(entries: plain), encoding: encoding)
        guard let read = try? StringsFileParser.parse(written, file: "w") else { fuzzFail("writer output rejected (\(encoding))") }
        let readPlain = read.entries.map { StringsTable.Entry(key: $0.key, value: $0.value, comment: $0.comment) }
        if readPlain != plain { fuzzFail("round trip differs (\(encoding))") }
    }
    return 0
}
