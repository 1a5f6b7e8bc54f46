/// Little-endian helpers for building expected bytes and patching headers in tests.
enum LE {
    /// The four little-endian bytes of `value`.
    static func bytes(_ value: UInt32) -> [UInt8] {
        [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value >> 16 & 0xFF), UInt8(value >> 24)]
    }

    /// Overwrites the `UInt32` at `offset`.
    static func patch(_ file: inout [UInt8], at offset: Int, _ value: UInt32) {
        file.replaceSubrange(offset..<(offset + 4), with: bytes(value))
    }
}
