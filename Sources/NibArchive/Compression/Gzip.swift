import CZlib
import Foundation

/// Gzip framing (RFC 1952) for compressed nibs: a standard single-member gzip stream that `gzip -t`,
/// `file` and `zcat` understand. Header and trailer are written and checked here; zlib does the
/// raw deflate in between.
public enum Gzip {
    /// Whether `bytes` begin with the gzip magic `1f 8b`.
    public static func hasMagic(_ bytes: UnsafeRawBufferPointer) -> Bool {
        bytes.count >= 2 && bytes[0] == 0x1F && bytes[1] == 0x8B
    }

    /// Compresses `bytes` into a gzip member with a fixed header (no name, mtime 0, OS "unknown"),
    /// so the output depends only on the input and the level.
    public static func compress(_ bytes: [UInt8], level: Int32 = 6) -> [UInt8] {
        var out: [UInt8] = [0x1F, 0x8B, 8, 0, 0, 0, 0, 0, 0, 0xFF]
        var stream = z_stream()
        var status = nibc_deflateInit2(&stream, level, Z_DEFLATED, -15, 8, Z_DEFAULT_STRATEGY)
        precondition(status == Z_OK, "deflateInit2 failed: \(status)")
        defer { deflateEnd(&stream) }
        let bound = Int(deflateBound(&stream, uLong(bytes.count)))
        var body = [UInt8](repeating: 0, count: bound)
        bytes.withUnsafeBufferPointer { input in
            body.withUnsafeMutableBufferPointer { output in
                stream.next_in = UnsafeMutablePointer(mutating: input.baseAddress)
                stream.avail_in = uInt(input.count)
                stream.next_out = output.baseAddress
                stream.avail_out = uInt(output.count)
                status = deflate(&stream, Z_FINISH)
            }
        }
        precondition(status == Z_STREAM_END, "deflate with a deflateBound buffer did not finish: \(status)")
        out.append(contentsOf: body[0..<Int(stream.total_out)])
        let crc = bytes.withUnsafeBufferPointer { crc32(0, $0.baseAddress, uInt($0.count)) }
        appendLE(UInt32(truncatingIfNeeded: crc), to: &out)
        appendLE(UInt32(truncatingIfNeeded: bytes.count), to: &out)
        return out
    }

    private static func appendLE(_ v: UInt32, to out: inout [UInt8]) {
        withUnsafeBytes(of: v.littleEndian) { out.append(contentsOf: $0) }
    }

    /// Inflates a single gzip member, checking header, CRC-32 and size; output above `limit` bytes
    /// is an error, and nothing larger than `limit` is ever allocated.
    package static func inflate(_ input: UnsafeRawBufferPointer, limit requestedLimit: Int) throws(NibArchiveError) -> ByteStorage {
        // ISIZE is 32 bits and archives are below 4 GiB, so no limit above 2^32 - 2 is meaningful; the
        // clamp also keeps `expectedSize + 1` inside zlib's 32-bit avail_out.
        let limit = min(requestedLimit, Int(UInt32.max) - 1)
        let n = input.count
        func fail(_ kind: NibArchiveError.Kind, _ at: Int, _ message: String) -> NibArchiveError {
            NibArchiveError(kind, .compressed, at: at, message)
        }
        guard n >= 18 else { throw fail(.truncated, n, "gzip stream of \(n) bytes is shorter than header and trailer") }
        guard input[2] == 8 else { throw fail(.corruptCompressedData, 2, "gzip compression method \(input[2]) is not deflate") }
        let flags = input[3]
        guard flags & 0xE0 == 0 else { throw fail(.corruptCompressedData, 3, "reserved gzip flag bits set") }
        var pos = 10
        if flags & 0x04 != 0 {  // FEXTRA
            guard pos + 2 <= n else { throw fail(.truncated, pos, "gzip extra field runs past the end") }
            let xlen = Int(input[pos]) | Int(input[pos + 1]) << 8
            pos += 2 + xlen
        }
        for flag: UInt8 in [0x08, 0x10] where flags & flag != 0 {  // FNAME, FCOMMENT: NUL-terminated
            while pos < n && input[pos] != 0 { pos += 1 }
            pos += 1
        }
        if flags & 0x02 != 0 { pos += 2 }  // FHCRC
        guard pos + 8 <= n else { throw fail(.truncated, min(pos, n), "gzip header runs past the end") }
        let bodyStart = pos
        let expectedSize = Int(input.loadUnaligned(fromByteOffset: n - 4, as: UInt32.self).littleEndian)
        let expectedCRC = input.loadUnaligned(fromByteOffset: n - 8, as: UInt32.self).littleEndian
        // ISIZE is the size modulo 2^32; with the limit below 4 GiB it is exact for any accepted stream.
        guard expectedSize <= limit else {
            throw fail(.limitExceeded, n - 4, "gzip stream declares \(expectedSize) bytes, above the limit of \(limit)")
        }
        // Deflate cannot expand more than 1032:1, so a larger declared size is a lie; checking it
        // first keeps the allocation proportional to the input.
        guard expectedSize <= (n - 18) * 1032 + 64 else {
            throw fail(.corruptCompressedData, n - 4, "gzip stream declares \(expectedSize) bytes, more than \(n) compressed bytes can hold")
        }
        guard expectedSize > 0 else { throw fail(.corruptCompressedData, n - 4, "gzip stream declares an empty archive") }
        let output = UnsafeMutableRawBufferPointer.allocate(byteCount: expectedSize + 1, alignment: 16)
        var stream = z_stream()
        guard nibc_inflateInit2(&stream, -15) == Z_OK else {
            output.deallocate()
            throw fail(.corruptCompressedData, 0, "zlib could not start inflating")
        }
        stream.next_in = UnsafeMutablePointer(mutating: input.baseAddress!.assumingMemoryBound(to: UInt8.self) + bodyStart)
        stream.avail_in = uInt(n - 8 - bodyStart)
        stream.next_out = output.baseAddress!.assumingMemoryBound(to: UInt8.self)
        // One spare byte detects a stream longer than it declares.
        stream.avail_out = uInt(expectedSize + 1)
        let status = CZlib.inflate(&stream, Z_FINISH)
        let produced = Int(stream.total_out)
        let consumed = Int(stream.total_in)
        inflateEnd(&stream)
        guard status == Z_STREAM_END else {
            output.deallocate()
            if status == Z_BUF_ERROR && produced > expectedSize {
                throw fail(.corruptCompressedData, bodyStart + consumed, "gzip stream inflates to more than the \(expectedSize) bytes it declares")
            }
            if status == Z_BUF_ERROR {
                throw fail(.truncated, bodyStart + consumed, "gzip stream ends before its deflate data is complete")
            }
            throw fail(.corruptCompressedData, bodyStart + consumed, "corrupt deflate data (zlib status \(status))")
        }
        guard bodyStart + consumed == n - 8 else {
            output.deallocate()
            throw fail(.corruptCompressedData, bodyStart + consumed, "\(n - 8 - bodyStart - consumed) unexpected bytes between deflate data and gzip trailer")
        }
        guard produced == expectedSize else {
            output.deallocate()
            throw fail(.corruptCompressedData, n - 4, "gzip size field says \(expectedSize) bytes, data inflates to \(produced)")
        }
        let crc = UInt32(truncatingIfNeeded: crc32(0, output.baseAddress!.assumingMemoryBound(to: UInt8.self), uInt(produced)))
        guard crc == expectedCRC else {
            output.deallocate()
            throw fail(.checksumMismatch, n - 8, String(format: "gzip CRC-32 is %08x, data gives %08x", expectedCRC, crc))
        }
        return ByteStorage(adopting: UnsafeMutableRawBufferPointer(rebasing: output[0..<produced]), deallocating: output)
    }
}
