// libFuzzer target: compile arbitrary bytes as a XIB with the NibCompiler (UIKit and AppKit
// platforms, chosen by the document's targetRuntime). Must throw CompileError or succeed, never
// crash; a CompileError must carry at least one diagnostic; on success the output bytes must verify
// with NibArchive.
// Built against the XIB, NibArchive and NibCompiler modules (see build.sh: separate module builds).
import Foundation
import NibArchive
import NibCompiler

@inline(never)
func fuzzFail(_ message: String) -> Never {
    FileHandle.standardError.write(("xib-compile invariant broken: " + message + "\n").data(using: .utf8)!)
    abort()
}

let compiler = XIBCompiler(options: CompileOptions())

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let input = Array(UnsafeBufferPointer(start: data, count: size))
    let result: CompileResult
    do {
        result = try compiler.compile(xib: input, fileName: "fuzz.xib")
    } catch {
        if error.diagnostics.isEmpty { fuzzFail("CompileError without diagnostics") }
        return 0
    }
    // (The object count is not compared with result.graph: the ibtool-layout writer interns equal
    // objects, so 82 graph objects can legitimately be written as 79.)
    do { _ = try NibArchive(bytes: result.bytes) } catch { fuzzFail("compiled output does not verify: \(error)") }
    return 0
}
