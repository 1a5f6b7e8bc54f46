import Imaging

/// The bit-exact PVRTC1 2bpp decoder (Imagination's `PVRTDecompress` arithmetic).
///
/// A 2bpp level is made of 8x4-pixel blocks, one 64-bit word each, in the same reflected Morton order and with
/// the same endpoint encoding as 4bpp. Per pixel and channel: the endpoints are widened to ARGB 4555,
/// bilinearly upscaled from the four surrounding block centres (at pixel (4, 2) of each block) with integer
/// weights summing to 32 and wrap-around at every edge, converted to 8 bits (`v/128 + v/4` for RGB,
/// `v/32 + v/2` for alpha), then blended with the pixel's modulation weight as `(A·(8−w) + B·w) / 8`. The
/// weights come from `PVRTC2bppModulation` (direct or interpolated mode, neighbour averaging across block
/// edges). There is no punch-through in 2bpp.
///
/// Levels narrower than 16 or lower than 8 pixels still hold 2x2 blocks; like the reference, they are
/// decoded as the padded `8·blocksWide` x `4·blocksHigh` level and cropped to their top-left corner.
///
/// This is the oracle for tests and for `pvrc decode`; it is never part of the display path.
public enum PVRTC2bppDecoder {
    /// Pixels per block across.
    public static let blockWidth = 8
    /// Pixels per block down.
    public static let blockHeight = 4

    /// Blocks across a 2bpp level of `width` pixels: `max(ceil(width / 8), 2)`.
    @inlinable
    public static func blocksWide(_ width: Int) -> Int { max((width + 7) / 8, 2) }

    /// Blocks down a 2bpp level of `height` pixels: `max(ceil(height / 4), 2)`.
    @inlinable
    public static func blocksHigh(_ height: Int) -> Int { max((height + 3) / 4, 2) }

    /// Bytes in one 2bpp level: `max(w, 16) * max(h, 8) / 4` for power-of-two sizes.
    @inlinable
    public static func byteCount(width: Int, height: Int) -> Int { blocksWide(width) * blocksHigh(height) * 8 }

    /// Decodes one 2bpp level into an RGBA image of the level's size (rows top-down).
    /// - Parameters:
    ///   - data: the level's block words (eight bytes per block, modulation word then colour word, both
    ///     little-endian), ``byteCount(width:height:)`` bytes in Morton order.
    ///   - width: the level's width in pixels (a power of two).
    ///   - height: the level's height in pixels (a power of two).
    ///   - threads: worker threads; the output does not depend on it.
    /// - Returns: the level's pixels, top row first.
    /// - Throws: ``PVRTCError/invalidDimensions(width:height:reason:)`` for sizes that are not powers of two
    ///   up to ``PVRTCImage/maximumDimension``; ``PVRTCError/bufferSizeMismatch(expected:actual:)`` when
    ///   `data` does not have exactly the level's size.
    public static func decode(data: [UInt8], width: Int, height: Int, threads: Int = 1) throws -> RGBAImage {
        try PVRTCImage.validate(width: width, height: height)
        let expected = byteCount(width: width, height: height)
        guard data.count == expected else {
            throw PVRTCError.bufferSizeMismatch(expected: expected, actual: data.count)
        }
        let bw = blocksWide(width)
        let bh = blocksHigh(height)
        let paddedWidth = 8 * bw
        var words = [UInt64]()
        let endpoints = [SIMD8<Int16>](unsafeUninitializedCapacity: bw * bh) { endpointBuffer, endpointCount in
            words = [UInt64](unsafeUninitializedCapacity: bw * bh) { wordBuffer, wordCount in
                data.withUnsafeBytes { source in
                    EndpointTables.entries.withUnsafeBufferPointer { tables in
                        let unpacker = ExpandedBlocks.Unpacker(
                            source: source.baseAddress!, tables: tables.baseAddress!,
                            endpoints: endpointBuffer.baseAddress!, words: wordBuffer.baseAddress!,
                            blocksWide: bw, blocksHigh: bh)
                        Parallel.forEach(bh / unpacker.tile, threads: threads) { tileRows in
                            for tileRow in tileRows { unpacker.unpack(tileRow: tileRow) }
                        }
                    }
                }
                wordCount = bw * bh
            }
            endpointCount = bw * bh
        }
        let weights = words.withUnsafeBufferPointer { buffer in
            PVRTC2bppModulation.plane(words: buffer.baseAddress!, blocksWide: bw, blocksHigh: bh, threads: threads)
        }
        let byteCount = width * height * 4
        // Every row is written in full below, so the buffer needs no zero-filling first.
        let out = [UInt8](unsafeUninitializedCapacity: byteCount) { buffer, initializedCount in
            let target = UnsafeSendablePointer(buffer.baseAddress!)
            endpoints.withUnsafeBufferPointer { endpointBuffer in
                weights.withUnsafeBufferPointer { weightBuffer in
                    let rows = PVRTC2bppRowDecoder(
                        endpoints: endpointBuffer.baseAddress!, weights: weightBuffer.baseAddress!,
                        blocksWide: bw, blocksHigh: bh)
                    Parallel.forEach(height, threads: threads) { range in
                        let base = UnsafeMutableRawPointer(target.pointer)
                        if paddedWidth == width {
                            for y in range { rows.decode(row: y, into: base + y * width * 4) }
                        } else {
                            // Narrow level: decode the padded row (16 pixels), keep the first `width`.
                            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: paddedWidth * 4) { scratch in
                                let row = UnsafeMutableRawPointer(scratch.baseAddress!)
                                for y in range {
                                    rows.decode(row: y, into: row)
                                    (base + y * width * 4).copyMemory(from: row, byteCount: width * 4)
                                }
                            }
                        }
                    }
                }
            }
            initializedCount = byteCount
        }
        // `out` has exactly width * height * 4 bytes by construction.
        return try RGBAImage(width: width, height: height, pixels: out)
    }
}
