/// A bounds-checked little-endian cursor over a byte array.
///
/// Every read checks that the bytes are there first and throws
/// ``TextureFormatError/truncated(file:reason:)`` naming the field otherwise, so container readers
/// never index past the end of their input.
struct ByteReader {
    /// The bytes being read.
    let bytes: [UInt8]
    /// The file name used in errors.
    let file: String
    /// Index of the next unread byte.
    private(set) var offset: Int

    /// Starts reading `bytes` at `offset`.
    init(_ bytes: [UInt8], file: String, offset: Int = 0) {
        self.bytes = bytes
        self.file = file
        self.offset = offset
    }

    /// Bytes left after the cursor.
    var remaining: Int { bytes.count - offset }

    /// Throws unless `count` more bytes are available for `field`.
    func require(_ count: Int, for field: String) throws {
        guard count >= 0, count <= remaining else {
            throw TextureFormatError.truncated(
                file: file,
                reason: "\(field) needs \(count) bytes at offset \(offset) but the file has \(bytes.count) bytes")
        }
    }

    /// Reads a little-endian `UInt32`.
    mutating func uint32(_ field: String) throws -> UInt32 {
        try require(4, for: field)
        var value: UInt32 = 0
        for i in 0..<4 {
            value |= UInt32(bytes[offset + i]) << (8 * UInt32(i))
        }
        offset += 4
        return value
    }

    /// Reads a little-endian `UInt64`.
    mutating func uint64(_ field: String) throws -> UInt64 {
        let low = try uint32(field)
        let high = try uint32(field)
        return UInt64(high) << 32 | UInt64(low)
    }

    /// Reads `count` raw bytes.
    mutating func bytes(_ count: Int, _ field: String) throws -> [UInt8] {
        try require(count, for: field)
        let result = Array(bytes[offset..<(offset + count)])
        offset += count
        return result
    }

    /// The next `count` bytes, without copying them.
    mutating func slice(_ count: Int, _ field: String) throws -> ArraySlice<UInt8> {
        try require(count, for: field)
        defer { offset += count }
        return bytes[offset..<(offset + count)]
    }

    /// Skips `count` bytes.
    mutating func skip(_ count: Int, _ field: String) throws {
        try require(count, for: field)
        offset += count
    }
}
