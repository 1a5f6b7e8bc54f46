import Imaging
import PVRTC

/// Stage 4: the workspace's endpoints and modulation codes (``EncoderWorkspace/modulation``, the colour
/// word's bit 0 the block's mode) packed into PVRTC words, in the format's word order
/// (`PVRTCImage(width:height:linearBlocks:format:)`) and colour word layout (``colorWord(_:_:)``). PVRTC1
/// levels narrower or shorter than two blocks get their padding words copied from the adjacent real words
/// (reference A.5), so decoders that wrap inside the real words and decoders that read the padding agree;
/// PVRTC2 levels have no padding words.
enum BlockPacking {
    /// Packs the workspace into a level of `width × height` pixels.
    static func pack(_ ws: EncoderWorkspace, width: Int, height: Int) throws -> PVRTCImage {
        let bw = ws.blocksWide
        let bh = ws.blocksHigh
        let realWide = max((width + ws.blockWidth - 1) / ws.blockWidth, 1)
        let realHigh = max((height + ws.blockHeight - 1) / ws.blockHeight, 1)
        var blocks = [PVRTCBlock](repeating: PVRTCBlock(modulation: 0, color: 0), count: bw * bh)
        for by in 0..<bh {
            // Padding only exists below two blocks a side: no division per block otherwise.
            let sy = realHigh == bh ? by : by % realHigh
            for bx in 0..<bw {
                let sx = realWide == bw ? bx : bx % realWide
                let color = colorWord(ws, block: sy * bw + sx)
                let modulation =
                    switch ws.format.modulation {
                    case .fourLevel: fourLevelWord(ws, bx: sx, by: sy)
                    case .directOrInterpolated:
                        directOrInterpolatedWord(ws, bx: sx, by: sy, interpolated: color & 1 != 0)
                    }
                blocks[by * bw + bx] = PVRTCBlock(modulation: modulation, color: color)
            }
        }
        return try PVRTCImage(width: width, height: height, linearBlocks: blocks, format: ws.format.format)
    }

    /// The stored colour word of block `k` from the workspace's (PVRTC1 layout): itself for PVRTC1; for
    /// PVRTC2, whose bit 31 is the one opacity flag of both colours (the stages keep them to one opacity, so it
    /// is colour B's flag already), with bit 15, PVRTC1's opacity flag of colour A, the block's
    /// hard-transition flag (``EncoderWorkspace/hard``).
    @inline(__always)
    static func colorWord(_ ws: EncoderWorkspace, block k: Int) -> UInt32 {
        let word = ws.colorWords[k]
        guard ws.format.hasHardTransitionFlag else { return word }
        return word & ~0x8000 | (ws.hard[k] ? 0x8000 : 0)
    }

    /// The modulation word of four-level block (bx, by): every pixel's two-bit code, in raster order.
    @inline(__always)
    static func fourLevelWord(_ ws: EncoderWorkspace, bx: Int, by: Int) -> UInt32 {
        var word: UInt32 = 0
        for j in 0..<4 {
            let row = (4 * by + j) * ws.width + 4 * bx
            for i in 0..<4 {
                word |= UInt32(ws.modulation[row + i]) << UInt32(2 * (4 * j + i))
            }
        }
        return word
    }

    /// The modulation word of direct-or-interpolated block (bx, by): a direct block's bit per pixel (set where
    /// the pixel's code is 2 or 3); an interpolated block's two-bit codes of its checkerboard pixels in raster
    /// order, the rule flags already in them.
    @inline(__always)
    static func directOrInterpolatedWord(_ ws: EncoderWorkspace, bx: Int, by: Int, interpolated: Bool) -> UInt32 {
        var word: UInt32 = 0
        var shift: UInt32 = 0
        for j in 0..<4 {
            let row = (4 * by + j) * ws.width + 8 * bx
            if interpolated {
                for i in stride(from: j & 1, to: 8, by: 2) {
                    word |= UInt32(ws.modulation[row + i]) << shift
                    shift += 2
                }
            } else {
                for i in 0..<8 {
                    word |= UInt32(ws.modulation[row + i] >> 1) << UInt32(8 * j + i)
                }
            }
        }
        return word
    }
}
