import Foundation
import Testing
import NibCompiler
import NibTestSupport

/// Compile time per file (reported; the gate is generous because the machine is shared and noisy).
@Test func compileTimePerFile() throws {
    let corpus = try SharedCorpus.require()
    let inputs = try CorpusPairs.all.map { [UInt8](try Data(contentsOf: corpus.appendingPathComponent($0.xib))) }
    let compiler = XIBCompiler(options: CompileOptions(moduleName: "App"))
    let clock = ContinuousClock()
    let rounds = 5
    let elapsed = try clock.measure {
        for _ in 0..<rounds { for (i, bytes) in inputs.enumerated() { _ = try compiler.compile(xib: bytes, fileName: CorpusPairs.all[i].xib) } }
    }
    let perFile = elapsed / (rounds * inputs.count)
    print("compile time per file: \(perFile)")
    #expect(perFile < .milliseconds(50))
}
