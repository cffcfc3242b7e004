extension String {
    /// Calls `body` with the string's UTF-8 bytes, read in place when they are contiguous (native strings
    /// and literals): `withUTF8` needs a mutable copy of the String, a retain and a release per call.
    ///
    /// Shared by the modules that hash and compare strings as bytes (the XIB tokenizer and id index, the nib
    /// writer's tables); `package`, not part of any module's public API.
    @inlinable @inline(__always)
    package func withUTF8Bytes<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        if let result = try utf8.withContiguousStorageIfAvailable(body) { return result }
        var copy = self
        return try copy.withUTF8(body)
    }
}
