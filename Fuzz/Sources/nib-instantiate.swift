// libFuzzer target: any bytes through NibTemplate — verification, instantiation-plan building and
// instantiation with generic objects (no registered classes), an owner and every external object the
// nib asks for, twice (the second run uses the cached plan). Must throw NibLoadingError (or any error
// the loader documents) or succeed, never crash, hang or allocate without bound; a successful run
// must give the same number of top-level objects both times.
// Built against the NibArchive and NibRuntime modules (see build.sh: separate module builds).
import Foundation
import NibArchive
import NibRuntime

@inline(never)
func fuzzFail(_ message: String) -> Never {
    FileHandle.standardError.write(("nib-instantiate invariant broken: " + message + "\n").data(using: .utf8)!)
    abort()
}

/// Accepts every outlet, action and runtime attribute, so instantiation goes as far as the nib allows.
final class FuzzOwner: NibConnectable, NibAwaking {
    func setOutlet(_ name: String, to object: AnyObject?) throws {}
    func setOutletCollection(_ name: String, to objects: [AnyObject], appending: Bool) throws {}
    func addAction(target: AnyObject?, selector: String, events: UInt64) throws {}
    func setRuntimeAttribute(_ keyPath: String, to value: NibDecodedValue) throws {}
}

let registry = NibClassRegistry()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let input = Array(UnsafeBufferPointer(start: data, count: size))
    let template: NibTemplate
    do { template = try NibTemplate(bytes: input, registry: registry) } catch { return 0 }
    var externals: [String: AnyObject] = [:]
    if let identifiers = try? template.externalObjectIdentifiers() {
        // Repeated identifiers are legal input: the first object wins.
        for identifier in identifiers where externals[identifier] == nil { externals[identifier] = FuzzOwner() }
    }
    let owner = FuzzOwner()
    let first: Int
    do { first = try template.instantiate(owner: owner, externalObjects: externals).count } catch { return 0 }
    let second: Int
    do { second = try template.instantiate(owner: owner, externalObjects: externals).count } catch {
        fuzzFail("second instantiation failed after the first succeeded: \(error)")
    }
    if first != second { fuzzFail("top-level object count \(first) then \(second)") }
    return 0
}
