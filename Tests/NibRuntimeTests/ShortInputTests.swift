import Foundation
import NibArchive
import NibRuntime
import Testing

/// `NibTemplate(data:)` and `NibTemplate(bytes:)` with every input length from 0 to 64 bytes (prefixes of
/// a real nib and of its gzip framing): a typed `NibLoadingError`, never a crash. `scripts/asan.sh` runs
/// this suite under AddressSanitizer.
@Suite struct ShortInputTemplateTests {
    @Test(arguments: 0...64)
    func everyShortLengthIsATypedError(_ length: Int) {
        let nib = LifecycleTests.sampleNib()
        #expect(nib.count > 64)
        for (name, bytes) in [("nib prefix", Array(nib.prefix(length))), ("gzip prefix", Array(Gzip.compress(nib).prefix(length)))] {
            #expect(throws: NibLoadingError.self, "\(name), \(length) bytes, data") {
                _ = try NibTemplate(data: Data(bytes), registry: NibClassRegistry()).instantiate(owner: nil)
            }
            #expect(throws: NibLoadingError.self, "\(name), \(length) bytes, bytes") {
                _ = try NibTemplate(bytes: bytes, registry: NibClassRegistry()).instantiate(owner: nil)
            }
        }
    }
}
