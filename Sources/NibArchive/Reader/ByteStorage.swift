#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// Owns the bytes of an archive and exposes them as one stable raw buffer.
///
/// The unsafe fence of the reader: the buffer pointer is taken once, and it stays valid because
/// this object owns what it points into and never mutates it:
/// - a memory mapping or an allocation it made (freed in `deinit`);
/// - the heap storage object of an `[UInt8]` it retains. A native Swift array keeps its elements in
///   one reference-counted storage object that does not move while it is retained and not mutated,
///   and an empty array points at a static empty storage. That is what `withUnsafeBytes` exposes;
///   no temporary copy is involved.
/// `Data` is never exposed this way: a small `Data` keeps its bytes inline in the value itself, so a
/// pointer taken inside `withUnsafeBytes` dangles once the closure returns. `Data` inputs are copied
/// into an owned array instead (one copy, at memcpy speed; files are mapped and never copied).
@usableFromInline package final class ByteStorage: @unchecked Sendable {
    @usableFromInline package let bytes: UnsafeRawBufferPointer
    private let owner: Owner

    private enum Owner {
        case array([UInt8])
        case mapping(UnsafeMutableRawPointer, Int)
        case allocation(UnsafeMutableRawBufferPointer)
        case empty
    }

    package init(array: [UInt8]) {
        owner = .array(array)
        bytes = array.withUnsafeBytes { $0 }
    }

    /// Copies `data` into storage this object owns (see the type's notes on why `Data` is not borrowed).
    package convenience init(data: Data) {
        self.init(array: [UInt8](data))
    }

    /// Exposes `view` and takes ownership of `allocation` (from `UnsafeMutableRawBufferPointer.allocate`),
    /// which it deallocates.
    package init(adopting view: UnsafeMutableRawBufferPointer, deallocating allocation: UnsafeMutableRawBufferPointer) {
        owner = .allocation(allocation)
        bytes = UnsafeRawBufferPointer(view)
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
    }

    deinit {
        switch owner {
        case .mapping(let pointer, let size): munmap(pointer, size)
        case .allocation(let buffer): buffer.deallocate()
        default: break
        }
    }
}
