/// A position in a source file.
///
/// `line` and `column` are 1-based. Columns count Unicode scalar values (what an editor shows as
/// characters; a tab is one column), not bytes. `offset` is the 0-based byte offset into the file.
/// Line breaks are LF, CRLF or a lone CR, as XML's end-of-line handling defines them.
public struct SourceLocation: Sendable, Hashable, CustomStringConvertible {
    /// The file name or path given to the parser.
    public var file: String
    /// The 1-based line number.
    public var line: Int
    /// The 1-based column, in Unicode scalars.
    public var column: Int
    /// The 0-based byte offset.
    public var offset: Int

    /// Creates a location from its parts.
    public init(file: String, line: Int, column: Int, offset: Int) {
        self.file = file
        self.line = line
        self.column = column
        self.offset = offset
    }

    /// `file:line:column`.
    public var description: String { "\(file):\(line):\(column)" }
}

/// Byte offsets at which each line starts, and what turns a byte offset into a column quickly; built
/// while validating the input.
struct LineTable: Sendable {
    /// `starts[i]` is the byte offset of line `i + 1`; `starts[0]` is always 0.
    var starts: [Int32] = [0]
    /// The first validated byte (3 after a byte-order mark).
    var firstByte = 0
    /// For input with non-ASCII characters: the number of UTF-8 continuation bytes (10xxxxxx) of the
    /// sequences that start before each block of `1 << blockShift` bytes. A column then costs a binary
    /// search and at most one block scan, not a scan of its whole line: a document written on one
    /// line can carry thousands of diagnostics. Empty while the input is ASCII.
    var continuationsBeforeBlock: [Int32] = []
    /// Continuation bytes of every multi-byte sequence recorded so far.
    var continuationTotal: Int32 = 0
    static let blockShift = 10

    /// Records a valid multi-byte sequence of `length` bytes starting at byte `i` (called in order).
    @inline(__always)
    mutating func noteMultiByteScalar(at i: Int, length: Int) {
        let block = i >> Self.blockShift
        while continuationsBeforeBlock.count <= block { continuationsBeforeBlock.append(continuationTotal) }
        continuationTotal &+= Int32(length - 1)
    }

    /// Converts a byte offset into a location. `offset` may equal the input length (end of input).
    func location(ofOffset offset: Int, in bytes: UnsafeBufferPointer<UInt8>, file: String) -> SourceLocation {
        let offset = max(0, min(offset, bytes.count))
        // Last line start <= offset.
        var low = 0
        var high = starts.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if Int(starts[mid]) <= offset { low = mid } else { high = mid - 1 }
        }
        var lineStart = Int(starts[low])
        // A byte-order mark is not a visible character.
        if lineStart == 0, bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF {
            lineStart = min(3, offset)
        }
        if continuationsBeforeBlock.isEmpty { return SourceLocation(file: file, line: low + 1, column: offset - lineStart + 1, offset: offset) }
        let column = scalars(before: offset, in: bytes) - scalars(before: lineStart, in: bytes) + 1
        return SourceLocation(file: file, line: low + 1, column: column, offset: offset)
    }

    /// Bytes before `x` that start a scalar (counting from `firstByte` in the first block).
    private func scalars(before x: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Int {
        let block = x >> Self.blockShift
        var continuations = Int(block < continuationsBeforeBlock.count ? continuationsBeforeBlock[block] : continuationTotal)
        var i = max(block << Self.blockShift, firstByte)
        // Continuation bytes at the block's start belong to a sequence the table already counts.
        while i < x, bytes[i] & 0xC0 == 0x80 { i += 1 }
        while i < x {
            if bytes[i] & 0xC0 == 0x80 { continuations += 1 }
            i += 1
        }
        return x - continuations
    }
}
