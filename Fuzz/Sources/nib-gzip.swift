// libFuzzer target: gzip framing. Three checks per input:
//  1. the input itself as a gzip stream: inflating must fail with a typed error or give exactly
//     the declared size with a matching CRC, and never allocate above the limit;
//  2. the input gzip-compressed, then corrupted deterministically (mode and position chosen from the
//     input's bytes): inflating must fail with a typed error or give back exactly the input;
//  3. an archive read from the gzip-compressed input must behave exactly like the plain input
//     (same success, or same error kind, region and offset).
import CZlib
import Foundation

@inline(never)
func fuzzFail(_ message: String) -> Never {
    FileHandle.standardError.write(("nib-gzip invariant broken: " + message + "\n").data(using: .utf8)!)
    abort()
}

let limit = 1 << 20

func inflate(_ bytes: [UInt8]) -> Result<[UInt8], NibArchiveError> {
    bytes.withUnsafeBytes { raw in
        do throws(NibArchiveError) {
            let storage = try Gzip.inflate(raw, limit: limit)
            return .success(storage.withBytes { Array($0) })
        } catch {
            return .failure(error)
        }
    }
}

func crc(_ bytes: [UInt8]) -> UInt32 {
    UInt32(truncatingIfNeeded: bytes.withUnsafeBufferPointer { crc32(0, $0.baseAddress, uInt($0.count)) })
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let input = size == 0 ? [] : Array(UnsafeBufferPointer(start: data!, count: size))

    // 1. The input as a gzip stream.
    switch inflate(input) {
    case .success(let out):
        let n = input.count
        let declared = Int(UInt32(input[n - 4]) | UInt32(input[n - 3]) << 8 | UInt32(input[n - 2]) << 16 | UInt32(input[n - 1]) << 24)
        if out.count != declared || out.count > limit { fuzzFail("inflated \(out.count) bytes, declared \(declared)") }
        let stored = UInt32(input[n - 8]) | UInt32(input[n - 7]) << 8 | UInt32(input[n - 6]) << 16 | UInt32(input[n - 5]) << 24
        if crc(out) != stored { fuzzFail("CRC not checked") }
    case .failure(let error):
        if error.region != .compressed || error.offset < 0 || error.offset > input.count { fuzzFail("bad error \(error)") }
    }

    // 2. Compress, corrupt, inflate.
    let compressed = Gzip.compress(input, level: input.isEmpty ? 6 : Int32(input[0] % 10))
    switch inflate(compressed) {
    case .success(let out): if out != input { fuzzFail("round trip changed the bytes") }
    case .failure(let error):
        if !input.isEmpty { fuzzFail("round trip failed: \(error)") }
    }
    if input.count >= 3 {
        var corrupt = compressed
        let position = (Int(input[1]) << 8 | Int(input[2])) % corrupt.count
        switch input[input.count - 1] % 6 {
        case 0: corrupt[position] ^= 1 << (input[0] & 7)               // bit flip
        case 1: corrupt.removeSubrange(position...)                     // truncation
        case 2: corrupt.insert(input[0], at: position)                  // inserted byte
        case 3: corrupt.remove(at: position)                            // deleted byte
        case 4: corrupt[position] = input[0]                            // overwritten byte
        default:                                                        // lying ISIZE
            let n = corrupt.count
            corrupt[n - 4 + Int(input[0] & 3)] = input[1]
        }
        switch inflate(corrupt) {
        case .success(let out):
            if out != input { fuzzFail("corrupted stream inflated to different bytes without an error") }
        case .failure(let error):
            if error.region != .compressed || error.offset < 0 || error.offset > corrupt.count { fuzzFail("bad error \(error)") }
        }
    }

    // 3. Plain and gzip-framed reads agree.
    if !input.isEmpty && !(input.count >= 2 && input[0] == 0x1F && input[1] == 0x8B) {
        var options = NibReadOptions()
        options.maxDecompressedSize = limit
        let plain = Result { () throws(NibArchiveError) in try NibArchive(bytes: input, options: options) }
        let framed = Result { () throws(NibArchiveError) in try NibArchive(bytes: compressed, options: options) }
        switch (plain, framed) {
        case (.success(let a), .success(let b)):
            if !b.wasCompressed || a.objectCount != b.objectCount || a.valueCount != b.valueCount { fuzzFail("framed archive differs") }
            for v in 0..<a.valueCount where a.value(v) != b.value(v) {
                if case .float = a.value(v) { continue }
                if case .double = a.value(v) { continue }
                fuzzFail("value \(v) differs")
            }
        case (.failure(let a), .failure(let b)):
            if a.kind != b.kind || a.region != b.region || a.offset != b.offset { fuzzFail("errors differ: \(a) vs \(b)") }
        default:
            fuzzFail("plain and gzip-framed reads disagree: \(plain) vs \(framed)")
        }
    }
    return 0
}
