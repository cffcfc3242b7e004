import Foundation

/// Owns the bytes of a property list and exposes them as one stable raw buffer (the unsafe fence of the
/// reader, as `ByteStorage` is for NIBArchive): the pointer is taken once and stays valid because this
/// object keeps the owning `Array` or `Data` alive and never mutates it. Inputs under 40 bytes are
/// rejected before any read, so `Data`'s small inline representation never reaches the pointer.
final class PlistStorage: @unchecked Sendable {
    let bytes: UnsafeRawBufferPointer
    private let owner: Owner

    private enum Owner {
        case array([UInt8])
        case data(Data)
    }

    init(array: [UInt8]) {
        owner = .array(array)
        bytes = array.withUnsafeBytes { $0 }
    }

    init(data: Data) {
        owner = .data(data)
        bytes = data.withUnsafeBytes { $0 }
    }
}
