import CZstd

/// Zstandard (Debian's `libzstd`) for KTX 2 supercompression scheme 2: one frame per mip level.
enum Zstd {
    /// The compression level pvrc writes (libzstd's maximum without `--ultra` memory use is 19).
    static let level: Int32 = 19

    /// One Zstandard frame holding `input`, with its content size recorded.
    static func compress(_ input: [UInt8]) -> [UInt8] {
        var output = [UInt8](repeating: 0, count: ZSTD_compressBound(input.count))
        let written = output.withUnsafeMutableBytes { target in
            input.withUnsafeBytes { source in
                ZSTD_compress(target.baseAddress, target.count, source.baseAddress, source.count, level)
            }
        }
        precondition(ZSTD_isError(written) == 0, "ZSTD_compress into ZSTD_compressBound bytes failed")
        output.removeSubrange(written...)
        return output
    }

    /// Decompresses one frame into exactly `expectedSize` bytes.
    ///
    /// The frame's recorded content size must equal `expectedSize` (checked before allocating); a frame
    /// that would write more, or fewer, bytes is an error.
    /// - Throws: ``TextureFormatError/invalidHeader(file:reason:)`` naming `what`.
    static func decompress(_ input: ArraySlice<UInt8>, expectedSize: Int, file: String, what: String) throws -> [UInt8]
    {
        let declared = input.withUnsafeBytes { ZSTD_getFrameContentSize($0.baseAddress, $0.count) }
        // ZSTD_CONTENTSIZE_UNKNOWN and ZSTD_CONTENTSIZE_ERROR are the two largest UInt64 values.
        guard declared < UInt64.max - 1 else {
            throw TextureFormatError.invalidHeader(
                file: file, reason: "\(what) is not a Zstandard frame with a recorded content size")
        }
        guard declared == UInt64(expectedSize) else {
            throw TextureFormatError.invalidHeader(
                file: file, reason: "\(what) declares \(declared) bytes, expected \(expectedSize)")
        }
        var output = [UInt8](repeating: 0, count: expectedSize)
        let written = output.withUnsafeMutableBytes { target in
            input.withUnsafeBytes { source in
                ZSTD_decompress(target.baseAddress, target.count, source.baseAddress, source.count)
            }
        }
        guard ZSTD_isError(written) == 0 else {
            let name = String(cString: ZSTD_getErrorName(written))
            throw TextureFormatError.invalidHeader(file: file, reason: "\(what) is damaged (zstd: \(name))")
        }
        guard written == expectedSize else {
            throw TextureFormatError.invalidHeader(
                file: file, reason: "\(what) decompresses to \(written) bytes, expected \(expectedSize)")
        }
        return output
    }
}
