import PVRTC

/// One PVRTC level laid out for the decoding shader: the blocks in linear block order, split into
/// a colour-word image and a modulation-word image of `blocksWide` x `blocksHigh` RGBA8 texels each.
///
/// This is a permutation of the file's 4-byte words (PVRTC1's Morton order to row-major; PVRTC2's words
/// are already row-major), not a decode: texel (bx, by) of ``colorWords`` holds bytes 4–7 of block
/// (bx, by) and texel (bx, by) of ``modulationWords`` holds bytes 0–3, unchanged.
package struct PVRTCDataTextures: Sendable, Equatable {
    /// Texels across (the level's blocks across, from its ``PVRTCFormat``: at least 2 for PVRTC1, any for
    /// PVRTC2).
    package let blocksWide: Int
    /// Texels down (the level's blocks down).
    package let blocksHigh: Int
    /// The colour words, four bytes per block, row-major: r = bits 0–7 (mode flag in bit 0) ... a = bits 24–31.
    package let colorWords: [UInt8]
    /// The modulation words, four bytes per block, row-major: channel y holds pixel row y of the block.
    package let modulationWords: [UInt8]

    /// Splits `image`'s words into the two images, de-twiddling PVRTC1.
    ///
    /// The word index of block (bx, by) is the sum of the indices of (bx, 0) and (0, by) (Morton: their
    /// bits are disjoint; row order: `by * blocksWide + bx`), so one table per axis replaces a per-block
    /// computation.
    package init(_ image: PVRTCImage) {
        let bw = image.blocksWide
        let bh = image.blocksHigh
        let format = image.format
        let columns = (0..<bw).map { format.wordIndex(x: $0, y: 0, blocksWide: bw, blocksHigh: bh) }
        let rows = (0..<bh).map { format.wordIndex(x: 0, y: $0, blocksWide: bw, blocksHigh: bh) }
        var color = [UInt8](repeating: 0, count: bw * bh * 4)
        var modulation = [UInt8](repeating: 0, count: bw * bh * 4)
        image.data.withUnsafeBytes { source in
            color.withUnsafeMutableBytes { colorOut in
                modulation.withUnsafeMutableBytes { modulationOut in
                    for by in 0..<bh {
                        let rowOffset = rows[by]
                        for bx in 0..<bw {
                            let from = (rowOffset + columns[bx]) * 8
                            let to = (by * bw + bx) * 4
                            modulationOut.storeBytes(
                                of: source.loadUnaligned(fromByteOffset: from, as: UInt32.self),
                                toByteOffset: to, as: UInt32.self)
                            colorOut.storeBytes(
                                of: source.loadUnaligned(fromByteOffset: from + 4, as: UInt32.self),
                                toByteOffset: to, as: UInt32.self)
                        }
                    }
                }
            }
        }
        blocksWide = bw
        blocksHigh = bh
        colorWords = color
        modulationWords = modulation
    }
}
