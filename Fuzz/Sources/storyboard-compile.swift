// libFuzzer target: compile arbitrary bytes as a storyboard with `StoryboardCompiler` (iOS or macOS, chosen by the
// document's targetRuntime). Inputs of even length compile with default options, odd ones as DuckDuckGo's
// `.args` say (`--minimum-deployment-target 13.0`, module DuckDuckGo: the split `X.nib/` directories of §1.3).
// Must throw CompileError or succeed, never crash or hang. Invariants:
// - a thrown CompileError carries at least one error diagnostic located in the input (file name, line within the
//   input's lines, column >= 1);
// - on success: file paths are unique, sorted, relative and plain; every nib verifies with `NibArchive(bytes:)`;
//   `Info.plist` reads back through `StoryboardInfo(bytes:)` and every nib it names is among the files (`N.nib` or
//   `N.nib/runtime.nib`).
// Built against the XIB, NibArchive, PropertyList, NibCompiler and CompiledStoryboard modules (see build.sh).
import CompiledStoryboard
import Foundation
import NibArchive
import NibCompiler

@inline(never)
func fuzzFail(_ message: String) -> Never {
    FileHandle.standardError.write(("storyboard-compile invariant broken: " + message + "\n").data(using: .utf8)!)
    abort()
}

let fileName = "fuzz.storyboard"
let plainCompiler = StoryboardCompiler(options: CompileOptions())
let appCompiler = StoryboardCompiler(options: CompileOptions(moduleName: "DuckDuckGo", minimumDeploymentTarget: "13.0"))

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let input = size == 0 ? [] : Array(UnsafeBufferPointer(start: data!, count: size))
    let result: StoryboardResult
    do {
        result = try (size % 2 == 0 ? plainCompiler : appCompiler).compile(storyboard: input, fileName: fileName)
    } catch {
        // XML counts CR, LF and CRLF as line breaks: CR + LF + 1 bounds the last line (the first run's only finding
        // was this bound counting LF alone).
        let lines = input.reduce(1) { $0 + ($1 == UInt8(ascii: "\n") || $1 == UInt8(ascii: "\r") ? 1 : 0) }
        let errors = error.diagnostics.filter { $0.severity == .error }
        if errors.isEmpty { fuzzFail("CompileError without an error diagnostic: \(error)") }
        for d in errors where d.file != fileName || d.line < 1 || d.line > lines || d.column < 1 {
            fuzzFail("error not located in the input (\(lines) lines): \(d)")
        }
        return 0
    }
    if result.diagnostics.contains(where: { $0.severity == .error }) { fuzzFail("success with an error diagnostic") }
    let paths = result.files.map(\.path)
    if paths != paths.sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }) || Set(paths).count != paths.count {
        fuzzFail("file paths not sorted and unique: \(paths)")
    }
    var plistBytes: [UInt8]?
    for file in result.files {
        let parts = file.path.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        if parts.count > 2 || !parts.allSatisfy(StoryboardInfo.isSafeFileName) { fuzzFail("unsafe path \(file.path)") }
        if file.path == "Info.plist" { plistBytes = file.bytes; continue }
        do { _ = try NibArchive(bytes: file.bytes) } catch { fuzzFail("\(file.path) does not verify: \(error)") }
    }
    guard let plistBytes else { fuzzFail("no Info.plist") }
    let info: StoryboardInfo
    do { info = try StoryboardInfo(bytes: plistBytes) } catch { fuzzFail("Info.plist does not read back: \(error)") }
    let present = Set(paths)
    for (identifier, nib) in info.nibNames where !present.contains(nib + ".nib") && !present.contains(nib + ".nib/runtime.nib") {
        fuzzFail("the plist names \(nib).nib for \"\(identifier)\", which was not written")
    }
    return 0
}
