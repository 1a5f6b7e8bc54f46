import Imaging

/// The PVRTC decoder: PVRTC1 bit-exact (Khronos Data Format Specification / Imagination reference) at 4bpp
/// and 2bpp (the PVRTC1 2bpp arithmetic is described at ``PVRTC1TwoBitDecoder``), and PVRTC2 (PVRTC-II) at
/// both rates as the specification reads (see "PVRTC2" below).
///
/// Arithmetic, per pixel and channel: endpoints widened to ARGB 4555, bilinearly upscaled from the four
/// surrounding block centres with integer weights summing to 16 and wrap-around at every edge, converted to
/// 8 bits (`C/2 + C/64` for RGB, `C + C/16` for alpha), then blended with the modulation weight as
/// `(A·(8−w) + B·w) / 8`; punch-through pixels (M = 1, value 2) get alpha 0. Divisions are floors.
///
/// Implementation: one output row at a time. Per block column the row's vertical interpolation of both
/// endpoints is one `SIMD8<Int16>` (A.rgba, B.rgba); each pair of horizontally adjacent pixels is then
/// computed as two `SIMD8<Int16>` vectors (A of both pixels, B of both pixels), so a 128-bit register
/// carries every lane. Levels narrower than 8 pixels are decoded on their padded two-block grid and
/// cropped, which is how the reference treats them.
///
/// PVRTC2 shares every step of that arithmetic and adds, per 4x4 (4bpp) or 8x4 (2bpp) region between four
/// block centres, the hard-transition flag H of the region's top-left word and the modulation flag M of the
/// pixel's own word: H = 0 decodes as PVRTC1, except that a 4bpp punch-through pixel is transparent black;
/// H = 1, M = 0 (and H = 1 at 2bpp) skips the upscale, blending the own word's colours; H = 1, M = 1 at 4bpp
/// picks colours from the local palette of the four words. Colours read one opacity flag for both, and a
/// translucent colour B pads its alpha with a 1 bit. Words are in row order and a level of any size has
/// `ceil(w / blockWidth) x ceil(h / 4)` of them, wrapping at that grid's edges.
///
/// This is the oracle for tests and for `pvrc decode`; it is never part of the display path.
public enum PVRTCDecoder {
    /// Decodes one level, 4bpp or 2bpp by its ``PVRTCImage/format``, into an RGBA image of the level's size
    /// (rows top-down).
    /// - Parameters:
    ///   - image: the level to decode.
    ///   - threads: worker threads; the output does not depend on it.
    /// - Returns: the level's pixels, top row first.
    public static func decode(_ image: PVRTCImage, threads: Int = 1) -> RGBAImage {
        switch image.format {
        case .pvrtc1_4bpp: return decode4bpp(image, table: ModulationTable.entries, threads: threads)
        case .pvrtc2_4bpp: return decode4bpp(image, table: ModulationTable.pvrtc2Entries, threads: threads)
        case .pvrtc1_2bpp, .pvrtc2_2bpp: return TwoBitRowDecoder.decode(image, threads: threads)
        }
    }

    /// The 4bpp path of ``decode(_:threads:)``, PVRTC1 or PVRTC2 by the punch-through `table`.
    private static func decode4bpp(_ image: PVRTCImage, table: [ModulationTable.Entry], threads: Int) -> RGBAImage {
        let blocks = ExpandedBlocks(image, threads: threads)
        let paddedWidth = image.format.blockWidth * blocks.blocksWide
        return blocks.endpoints.withUnsafeBufferPointer { endpoints in
            blocks.words.withUnsafeBufferPointer { words in
                blocks.colours.withUnsafeBufferPointer { colours in
                    table.withUnsafeBufferPointer { entries in
                        HardTransitionTable.pairs.withUnsafeBufferPointer { hard in
                            RowDecoder(
                                endpoints: endpoints.baseAddress!, words: words.baseAddress!,
                                table: entries.baseAddress!, colours: colours.isEmpty ? nil : colours.baseAddress,
                                hardPairs: hard.baseAddress!, blocksWide: blocks.blocksWide,
                                blocksHigh: blocks.blocksHigh
                            )
                            .image(
                                width: image.width, height: image.height, paddedWidth: paddedWidth, threads: threads)
                        }
                    }
                }
            }
        }
    }
}

extension PVRTCDecoder {
    /// The 8-bit colour of a modulation weight applied to two 8-bit endpoint values (the reference blend).
    @inlinable
    public static func blend(_ a: Int, _ b: Int, weight w: Int) -> Int { (a * (8 - w) + b * w) >> 3 }

    /// Modulation weight in eighths for a two-bit value and mode.
    @inlinable
    public static func weight(_ bits: Int, punchThrough: Bool) -> Int {
        ((punchThrough ? 0x0804_0400 : 0x0805_0300) >> (8 * bits)) & 0xFF
    }
}
