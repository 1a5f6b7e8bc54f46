import Imaging
import PVRTC

/// The PVRTC1 2bpp encoder of one level: an iterative search that alternates the per-block modulation search
/// (mode, averaging rule and stored weights against the exact decoder, ``ModulationSearch2bpp``),
/// least-squares endpoint refinement and the search over stored codes (``EndpointSearch2bpp``) and, at
/// `max`, worst-block recovery (``WorstBlockRecovery2bpp``), all judged with one ``ErrorMetric`` on one
/// ``Workspace2bpp``. Wrap-around is modelled everywhere.
///
/// Each stage only ever lowers the weighted error of the pixels it touches (a change is kept only when it
/// does), so the rounds settle the coupled choices of neighbouring blocks. The output does not depend on
/// the thread count: every stage works on disjoint blocks in a fixed colouring.
package enum LevelEncoder2bpp {
    /// Encodes one level as PVRTC1 2bpp block data with the rounds of `schedule` (``SearchPreset/schedule``).
    ///
    /// - Parameters:
    ///   - image: power-of-two width and height (square or not), any size from 1×1, already validated; levels
    ///     below 16x8 use the 2×2-block minimum with the padding blocks copied from the adjacent real ones.
    ///   - schedule: the rounds, at least one.
    ///   - metric: how error is measured.
    ///   - threads: worker threads (at least 1).
    ///   - isCancelled: asked between stages; once it answers `true` the search stops.
    ///   - progress: called after the start and after each round with the finished share (0...1).
    /// - Returns: the level's bytes (`PVRTCFormat.pvrtc1_2bpp.byteCount(width:height:)`), blocks in Morton order.
    /// - Throws: `CancellationError`.
    static func encode(
        _ image: RGBAImage, schedule: [SearchPreset.Rounds], metric: ErrorMetric, threads: Int,
        isCancelled: () -> Bool, progress: ((Double) -> Void)?
    ) throws -> [UInt8] {
        let steps = Double(schedule.count + 1)
        let ws = Workspace2bpp(image: image, metric: metric)
        EndpointSearch2bpp.initialize(ws, threads: threads)
        ModulationSearch2bpp.selectAll(ws, passes: schedule[0].modulationPasses, threads: threads)
        progress?(1 / steps)
        for (index, round) in schedule.enumerated() {
            if isCancelled() { throw CancellationError() }
            EndpointSearch2bpp.refine(ws, sweeps: round.sweeps, threads: threads)
            if isCancelled() { throw CancellationError() }
            EndpointSearch2bpp.quantize(ws, descentPasses: round.descentPasses, threads: threads)
            if isCancelled() { throw CancellationError() }
            ModulationSearch2bpp.selectAll(ws, passes: round.modulationPasses, threads: threads)
            if let effort = round.recovery {
                if isCancelled() { throw CancellationError() }
                WorstBlockRecovery2bpp.recover(
                    ws, medianFactor: effort.medianFactor, passes: round.modulationPasses, threads: threads)
            }
            progress?(Double(index + 2) / steps)
        }
        return pack(ws, width: image.width, height: image.height)
    }

    /// The workspace's endpoints, modes and weights packed into 2bpp words in Morton order. Levels below
    /// 16x8 get their padding blocks copied from the adjacent real ones.
    static func pack(_ ws: Workspace2bpp, width: Int, height: Int) -> [UInt8] {
        let bw = ws.blocksWide
        let bh = ws.blocksHigh
        let realWide = max((width + 7) / 8, 1)
        let realHigh = max((height + 3) / 4, 1)
        var data = [UInt8](repeating: 0, count: bw * bh * 8)
        for by in 0..<bh {
            for bx in 0..<bw {
                let k = (by % realHigh) * bw + bx % realWide
                let word = modulationWord(ws, block: k)
                let color = ws.colorWords[k] | (ws.mode[k] == 0 ? 0 : 1)
                let offset = Morton.offset(x: bx, y: by, blocksWide: bw, blocksHigh: bh) * 8
                withUnsafeBytes(of: word.littleEndian) { data.replaceSubrange(offset..<(offset + 4), with: $0) }
                withUnsafeBytes(of: color.littleEndian) { data.replaceSubrange((offset + 4)..<(offset + 8), with: $0) }
            }
        }
        return data
    }

    /// The modulation word of block `k`: one bit per pixel in the direct mode; in the interpolated mode the
    /// two-bit codes of the 16 stored pixels, with the rule flags in bit 0 (and bit 20 for one-direction
    /// rules), whose pixels only ever hold weight 0 or 8.
    static func modulationWord(_ ws: Workspace2bpp, block k: Int) -> UInt32 {
        let bx = k % ws.blocksWide
        let by = k / ws.blocksWide
        let rule = Int(ws.mode[k])
        var word: UInt32 = 0
        if rule == 0 {
            for i in 0..<32 where ws.weight[(4 * by + i / 8) * ws.width + 8 * bx + i % 8] >= 4 {
                word |= 1 << UInt32(i)
            }
            return word
        }
        for (j, s) in ModulationSearch2bpp.stored.enumerated() {
            let w = ws.weight[(4 * by + s.ly) * ws.width + 8 * bx + s.lx]
            let code: UInt32 = w >= 8 ? 3 : (w >= 5 ? 2 : (w >= 3 ? 1 : 0))
            word |= code << UInt32(2 * j)
        }
        // Stored pixel 0 (0, 0): the low bit is the rule flag, the high bit the weight (0 or 8).
        word = (word & ~1) | (rule == 1 ? 0 : 1)
        if rule != 1 {
            // Stored pixel 10 (4, 2): bit 20 picks vertical over horizontal.
            word = (word & ~(1 << 20)) | (rule == 3 ? 1 << 20 : 0)
        }
        return word
    }
}
