import Foundation
import NibRuntime
import NibTestSupport
import Testing

@Suite(.needsCorpus) struct ThroughputTests {
    /// Instantiating from a cached plan must be much cheaper than the first, plan-building instantiation of the
    /// same nib; reports the per-instantiation time for the largest corpus nib.
    @Test func cachedInstantiationIsCheaperThanPlanning() throws {
        let path = try corpusPath("nib/appkit-samples/transmission_MainMenu.nib")
        let clock = ContinuousClock()
        var planned = Duration.zero
        for _ in 0..<5 {
            let t = try NibTemplate(contentsOf: path, registry: NibClassRegistry())
            planned += clock.measure { _ = try? t.instantiate(owner: RecordingOwner(), externalObjects: ["NSApplication": RecordingOwner()]) }
        }
        let template = try NibTemplate(contentsOf: path, registry: NibClassRegistry())
        _ = try template.instantiate(owner: RecordingOwner())
        let n = 50
        let cached = try clock.measure {
            for _ in 0..<n { _ = try template.instantiate(owner: RecordingOwner(), externalObjects: ["NSApplication": RecordingOwner()]) }
        }
        let perPlanned = planned / 5, perCached = cached / n
        print("transmission_MainMenu.nib: first instantiation \(perPlanned), cached \(perCached)")
        #expect(perCached < perPlanned)
    }
}
