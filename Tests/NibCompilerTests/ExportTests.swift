import Foundation
import Testing
import NibArchive
import NibCompiler
import NibTestSupport

/// Writes the compiled corpus pairs to `$NIBC_EXPORT_DIR` (for scoring with nibcheck.py); no-op otherwise.
@Test func exportCompiledPairs() throws {
    guard let dir = ProcessInfo.processInfo.environment["NIBC_EXPORT_DIR"] else { return }
    let corpus = try SharedCorpus.require()
    for pair in CorpusPairs.all {
        let out = URL(fileURLWithPath: dir).appendingPathComponent(pair.xib.replacingOccurrences(of: "/", with: "__") + ".nib")
        do {
            let result = try CorpusPairs.compile(pair, corpus: corpus)
            try Data(result.bytes).write(to: out)
            for d in result.diagnostics { print(d) }
        } catch {
            print("FAILED \(pair): \(error)")
        }
    }
}
