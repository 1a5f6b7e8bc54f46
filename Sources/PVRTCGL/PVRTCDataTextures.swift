import PVRTC

/// One PVRTC level laid out for the decoding shader: the blocks in linear block order, split into
/// a colour-word image and a modulation-word image of `blocksWide` x `blocksHigh` RGBA8 texels each.
///
/// This is a permutation of the file's 4-byte words (Morton order to row-major), not a decode:
/// texel (bx, by) of ``colorWords`` holds bytes 4–7 of block (bx, by) and texel (bx, by) of
/// ``modulationWords`` holds bytes 0–3, unchanged.
public struct PVRTCDataTextures: Sendable, Equatable {
    /// Texels across (`max(width / 4, 2)`).
    public let blocksWide: Int
    /// Texels down (`max(height / 4, 2)`).
    public let blocksHigh: Int
    /// The colour words, four bytes per block, row-major: r = bits 0–7 (mode flag in bit 0) ... a = bits 24–31.
    public let colorWords: [UInt8]
    /// The modulation words, four bytes per block, row-major: channel y holds pixel row y of the block.
    public let modulationWords: [UInt8]

    /// De-twiddles `image`.
    public init(_ image: PVRTCImage) {
        let bw = image.blocksWide, bh = image.blocksHigh
        let morton = Morton.table(blocksWide: bw, blocksHigh: bh)
        var color = [UInt8](repeating: 0, count: bw * bh * 4)
        var modulation = [UInt8](repeating: 0, count: bw * bh * 4)
        image.data.withUnsafeBufferPointer { source in
            color.withUnsafeMutableBufferPointer { colorOut in
                modulation.withUnsafeMutableBufferPointer { modulationOut in
                    for linear in 0..<(bw * bh) {
                        let from = Int(morton[linear]) * 8, to = linear * 4
                        for i in 0..<4 {
                            modulationOut[to + i] = source[from + i]
                            colorOut[to + i] = source[from + 4 + i]
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
