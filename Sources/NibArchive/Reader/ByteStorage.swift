#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// Owns the bytes of an archive and exposes them as one stable raw buffer.
///
/// The unsafe fence of the reader: the buffer pointer is taken once, and it stays valid because this
/// object owns what it points into and never mutates it: a read-only memory mapping or an allocation it
/// made (freed in `deinit`). No pointer obtained inside a `withUnsafeBytes` closure is kept: bytes that
/// come as an `[UInt8]` or `Data` are copied (at memcpy speed; files are mapped and never copied).
@usableFromInline package final class ByteStorage: @unchecked Sendable {
    @usableFromInline package let bytes: UnsafeRawBufferPointer
    /// Owned space after the copied bytes that `init(copying:spare:)` reserved for one user (the archive's
    /// record tables); empty otherwise.
    package let spare: UnsafeMutableRawBufferPointer
    private let owner: Owner

    private enum Owner {
        case mapping(UnsafeMutableRawPointer, Int)
        case allocation(UnsafeMutableRawBufferPointer)
        case empty
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
        bytes = UnsafeRawBufferPointer(start: block.baseAddress, count: source.count)
        spare = UnsafeMutableRawBufferPointer(rebasing: block[copyCount..<(copyCount + spareCount)])
    }

    /// Exposes `view` and takes ownership of `allocation` (from `UnsafeMutableRawBufferPointer.allocate`),
    /// which it deallocates.
    package init(adopting view: UnsafeMutableRawBufferPointer, deallocating allocation: UnsafeMutableRawBufferPointer) {
        owner = .allocation(allocation)
        bytes = UnsafeRawBufferPointer(view)
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
            bytes = UnsafeRawBufferPointer(start: nil, count: 0)
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
        bytes = UnsafeRawBufferPointer(start: mapped, count: size)
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
