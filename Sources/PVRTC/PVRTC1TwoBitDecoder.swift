import Imaging

/// The bit-exact PVRTC1 2bpp decoder (PVRTC1 at 2 bits per pixel, not PVRTC2) (Imagination's `PVRTDecompress` arithmetic).
///
/// A 2bpp level is made of 8x4-pixel blocks, one 64-bit word each, in the same reflected Morton order and with
/// the same endpoint encoding as 4bpp. Per pixel and channel: the endpoints are widened to ARGB 4555,
/// bilinearly upscaled from the four surrounding block centres (at pixel (4, 2) of each block) with integer
/// weights summing to 32 and wrap-around at every edge, converted to 8 bits (`v/128 + v/4` for RGB,
/// `v/32 + v/2` for alpha), then blended with the pixel's modulation weight as `(A·(8−w) + B·w) / 8`. The
/// weights come from `TwoBitModulation` (direct or interpolated mode, neighbour averaging across block
/// edges). There is no punch-through in 2bpp.
///
/// Levels narrower than 16 or lower than 8 pixels still hold 2x2 blocks; like the reference, they are
/// decoded as the padded `8·blocksWide` x `4·blocksHigh` level and cropped to their top-left corner.
///
/// This is the oracle for tests and for `pvrc decode`; it is never part of the display path.
public enum PVRTC1TwoBitDecoder {
    /// Decodes one PVRTC1 2bpp level into an RGBA image of the level's size (rows top-down).
    /// - Parameters:
    ///   - data: the level's block words (eight bytes per block, modulation word then colour word, both
    ///     little-endian), `PVRTCFormat.pvrtc1_2bpp.byteCount(width:height:)` bytes in Morton order.
    ///   - width: the level's width in pixels (a power of two).
    ///   - height: the level's height in pixels (a power of two).
    ///   - threads: worker threads; the output does not depend on it.
    /// - Returns: the level's pixels, top row first.
    /// - Throws: ``PVRTCError/invalidDimensions(width:height:reason:)`` for sizes that are not powers of two
    ///   up to ``PVRTCImage/maximumDimension``; ``PVRTCError/bufferSizeMismatch(expected:actual:)`` when
    ///   `data` does not have exactly the level's size.
    public static func decode(data: [UInt8], width: Int, height: Int, threads: Int = 1) throws -> RGBAImage {
        TwoBitRowDecoder.decode(
            try PVRTCImage(width: width, height: height, data: data, format: .pvrtc1_2bpp), threads: threads)
    }
}
