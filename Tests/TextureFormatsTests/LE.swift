import PVRCTestSupport

/// Little-endian helpers for building expected bytes and patching headers in tests.
enum LE {
    /// The four little-endian bytes of `value`.
    static func bytes(_ value: UInt32) -> [UInt8] {
        HostileTextures.le32(value)
    }

    /// Overwrites the `UInt32` at `offset`.
    static func patch(_ file: inout [UInt8], at offset: Int, _ value: UInt32) {
        file.replaceSubrange(offset..<(offset + 4), with: bytes(value))
    }
}
