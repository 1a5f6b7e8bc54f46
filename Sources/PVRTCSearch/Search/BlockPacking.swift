import Imaging
import PVRTC

/// Stage 3: the workspace's endpoints and per-pixel modulation packed into PVRTC words in Morton order.
/// Levels narrower or shorter than 8 pixels get their padding words copied from the adjacent real
/// words (reference A.5), so decoders that wrap inside the real words and decoders that read the
/// padding agree.
enum BlockPacking {
    /// Packs the workspace into a level of `width × height` pixels.
    static func pack(_ ws: EncoderWorkspace, width: Int, height: Int) throws -> PVRTCImage {
        let bw = ws.blocksWide
        let bh = ws.blocksHigh
        let realWide = max((width + 3) / 4, 1)
        let realHigh = max((height + 3) / 4, 1)
        let modulationBits = ws.modulation
        var blocks = [PVRTCBlock](repeating: PVRTCBlock(modulation: 0, color: 0), count: bw * bh)
        for by in 0..<bh {
            // Padding only exists below 8 pixels a side: no division per block otherwise.
            let sy = realHigh == bh ? by : by % realHigh
            for bx in 0..<bw {
                let sx = realWide == bw ? bx : bx % realWide
                var modulation: UInt32 = 0
                for j in 0..<4 {
                    let row = (4 * sy + j) * ws.width + 4 * sx
                    for i in 0..<4 {
                        modulation |= UInt32(modulationBits[row + i]) << UInt32(2 * (4 * j + i))
                    }
                }
                blocks[by * bw + bx] = PVRTCBlock(modulation: modulation, color: ws.colorWords[sy * bw + sx])
            }
        }
        return try PVRTCImage(width: width, height: height, linearBlocks: blocks)
    }
}
