// libFuzzer target: read arbitrary bytes as a compiled storyboard's Info.plist (CompiledStoryboard.StoryboardInfo).
// A failure must be a typed StoryboardError (a property-list error with its offset inside the input, or a
// key-path error). On success the model's invariants hold: version 1, every scene nib name and referenced
// storyboard name is a plain file name, the entry point is one of the identifiers, and reading the same bytes
// again gives an equal model.
import CompiledStoryboard
import Foundation
import PropertyList

@inline(never)
func fuzzFail(_ message: String) -> Never {
    FileHandle.standardError.write(("storyboard-info invariant broken: " + message + "\n").data(using: .utf8)!)
    abort()
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let input = size == 0 ? [] : Array(UnsafeBufferPointer(start: data!, count: size))
    let info: StoryboardInfo
    do { info = try StoryboardInfo(bytes: input) } catch {
        if case .propertyList(let p) = error.kind, p.offset < 0 || p.offset > input.count {
            fuzzFail("error offset outside input: \(error)")
        }
        if error.description.isEmpty { fuzzFail("empty message") }
        return 0
    }
    if info.version != 1 { fuzzFail("version \(info.version) accepted") }
    for (_, name) in info.nibNames where !StoryboardInfo.isSafeFileName(name) { fuzzFail("unsafe nib name \(name)") }
    for (_, r) in info.references where !StoryboardInfo.isSafeFileName(r.storyboardName) { fuzzFail("unsafe storyboard name") }
    if let initial = info.initialIdentifier, info.nibName(forIdentifier: initial) == nil { fuzzFail("dangling entry point") }
    guard let again = try? StoryboardInfo(bytes: input), again == info else { fuzzFail("second read differs") }
    return 0
}
