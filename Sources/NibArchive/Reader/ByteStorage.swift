#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// Owns the bytes of an archive and lends them out, one closure at a time.
///
/// The unsafe fence of the reader. Bytes this object owns (a read-only memory mapping, or an allocation it made
/// and frees in `deinit`) keep one stable buffer. An `[UInt8]` the caller passed is kept, not copied, and is
/// read only inside its own `withUnsafeBytes` (an immutable array: its contents and count never change, so
/// offsets verified once stay valid). No pointer obtained inside a `withUnsafeBytes` closure is kept. `Data`
/// is copied (a small `Data` keeps its bytes inline, in the value itself).
@usableFromInline package final class ByteStorage: @unchecked Sendable {
    /// The owned bytes (mapping or allocation); empty when the bytes are `array`'s.
    @usableFromInline let owned: UnsafeRawBufferPointer
    /// The caller's array, read only through `withBytes`.
    @usableFromInline let array: [UInt8]?
    /// The number of bytes.
    package let count: Int
    /// Owned space after the copied bytes that `init(copying:spare:)` reserved for one user (the archive's
    /// record tables); empty otherwise.
    package let spare: UnsafeMutableRawBufferPointer
    private let owner: Owner

    private enum Owner {
        case mapping(UnsafeMutableRawPointer, Int)
        case allocation(UnsafeMutableRawBufferPointer)
        case empty
    }

    /// Calls `body` with the bytes; the buffer is valid only inside `body`.
    @inlinable @inline(__always)
    package func withBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        if let array { return try array.withUnsafeBytes(body) }
        return try body(owned)
    }

    /// Keeps `array` (no copy): its bytes are read inside `withBytes` only.
    package init(keeping array: [UInt8]) {
        owner = .empty
        self.array = array
        owned = UnsafeRawBufferPointer(start: nil, count: 0)
        count = array.count
        spare = UnsafeMutableRawBufferPointer(start: nil, count: 0)
    }

    /// Copies `source` into one allocation this object owns, followed by `spare` bytes (8-byte aligned) that
    /// the caller may use for as long as this object lives, so an archive read from memory costs one allocation
    /// for its bytes and its record tables together.
    package init(copying source: UnsafeRawBufferPointer, spare spareCount: Int = 0) {
        let copyCount = (source.count + 7) & ~7
        let block = UnsafeMutableRawBufferPointer.allocate(byteCount: max(copyCount + spareCount, 1), alignment: 8)
        if let from = source.baseAddress, source.count > 0 {
            block.baseAddress!.copyMemory(from: from, byteCount: source.count)
        }
        owner = .allocation(block)
        array = nil
        owned = UnsafeRawBufferPointer(start: block.baseAddress, count: source.count)
        count = source.count
        spare = UnsafeMutableRawBufferPointer(rebasing: block[copyCount..<(copyCount + spareCount)])
    }

    /// Exposes `view` and takes ownership of `allocation` (from `UnsafeMutableRawBufferPointer.allocate`),
    /// which it deallocates.
    package init(adopting view: UnsafeMutableRawBufferPointer, deallocating allocation: UnsafeMutableRawBufferPointer) {
        owner = .allocation(allocation)
        array = nil
        owned = UnsafeRawBufferPointer(view)
        count = view.count
        spare = UnsafeMutableRawBufferPointer(start: nil, count: 0)
    }

    /// Maps the file at `path` read-only; an empty file gives an empty buffer.
    package init(mapping path: String) throws(NibArchiveError) {
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else {
            throw NibArchiveError(.io, .file, at: 0, "cannot open: \(String(cString: strerror(errno)))")
        }
        defer { close(fd) }
        var st = stat()
        guard fstat(fd, &st) == 0 else {
            throw NibArchiveError(.io, .file, at: 0, "cannot stat: \(String(cString: strerror(errno)))")
        }
        guard (st.st_mode & S_IFMT) == S_IFREG else {
            throw NibArchiveError(.io, .file, at: 0, "not a regular file")
        }
        let size = Int(st.st_size)
        if size == 0 {
            owner = .empty
            array = nil
            owned = UnsafeRawBufferPointer(start: nil, count: 0)
            count = 0
            spare = UnsafeMutableRawBufferPointer(start: nil, count: 0)
            return
        }
        #if canImport(Glibc)
        let mapped = mmap(nil, size, PROT_READ, MAP_PRIVATE, fd, 0)
        #else
        let mapped = mmap(nil, size, PROT_READ, MAP_PRIVATE, fd, 0)
        #endif
        guard let mapped, mapped != MAP_FAILED else {
            throw NibArchiveError(.io, .file, at: 0, "cannot map: \(String(cString: strerror(errno)))")
        }
        owner = .mapping(mapped, size)
        array = nil
        owned = UnsafeRawBufferPointer(start: mapped, count: size)
        count = size
        spare = UnsafeMutableRawBufferPointer(start: nil, count: 0)
    }

    deinit {
        switch owner {
        case .mapping(let pointer, let size): munmap(pointer, size)
        case .allocation(let buffer): buffer.deallocate()
        case .empty: break
        }
    }
}
