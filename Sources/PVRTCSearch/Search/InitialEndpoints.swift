import Imaging
import PVRTC

/// Stage 1: consistent starting endpoints. For every block, the principal axis of its influence window
/// (``BlockFormat/windowShape``: 7×7 pixels for 4×4 blocks, 15×7 for 8×4; weighted by the bilinear weights,
/// wrapped); A and B start at `mean ∓ spread·σ` along it (σ the standard deviation along the axis, limited to
/// the extreme projections). Starting inside the extremes leaves the interpolation between neighbouring
/// blocks room to work and converges to better optima than the bounding box. The axis is oriented so that A
/// is always the darker end by Rec.709 luma, which keeps neighbouring blocks (interpolated separately for A
/// and B) in agreement. The stage ends with the first modulation choice (``ModulationSelection``).
///
/// Sharp content (text, UI, two-colour patterns) wants the full extremes instead, so with four-level
/// modulation both starts are decoded and a block starts from its extremes when they at least halve the error
/// of its own 16 pixels. The direct-or-interpolated start has no such fallback: there 0.7 also measured best
/// (at 2bpp `best` on six Kodak crops, mean Y against 0.7: 0.5 +0.04 dB, 0.3 +0.05 dB, 1.0 −0.15 dB; but 0.3
/// leaves a two-colour pattern of one block blended, 22 dB instead of over 30, which the fallback would catch).
enum InitialEndpoints {
    /// Half-distance between the starting endpoints, in standard deviations along the principal axis.
    static let spread: Float = 0.7

    /// Sets every block's continuous and quantised endpoints and the modulation (at
    /// ``BlockFormat/Modulation/directOrInterpolated`` with `modulationPasses` passes of the modulation search).
    static func compute(_ ws: EncoderWorkspace, modulationPasses: Int, threads: Int) {
        switch ws.format.modulation {
        case .fourLevel:
            computeWithExtremes(ws, threads: threads)
        case .directOrInterpolated:
            let bw = ws.blocksWide
            Parallel.forEach(ws.blocksHigh, threads: threads) { rows in
                for by in rows {
                    for bx in 0..<bw { ws.continuous[by * bw + bx] = principalEnds(ws, bx: bx, by: by).start }
                }
            }
            EndpointQuantization.quantizeNearest(ws, threads: threads)
            ModulationSelection.selectAll(ws, passes: modulationPasses, threads: threads)
        }
    }

    /// The four-level start: each block from its principal-axis start or its extremes, whichever decodes its
    /// own pixels with less error (the extremes only when they at least halve it).
    static func computeWithExtremes(_ ws: EncoderWorkspace, threads: Int) {
        let bw = ws.blocksWide
        let count = bw * ws.blocksHigh
        let extremes = UnsafeMutableBufferPointer<SIMD8<Float>>.allocate(capacity: count)
        let boxErrors = UnsafeMutableBufferPointer<Int>.allocate(capacity: count)
        let startErrors = UnsafeMutableBufferPointer<Int>.allocate(capacity: count)
        let boxWords = UnsafeMutableBufferPointer<UInt32>.allocate(capacity: count)
        defer {
            extremes.deallocate()
            boxErrors.deallocate()
            startErrors.deallocate()
            boxWords.deallocate()
        }
        let extremesTarget = UnsafeSendablePointer(extremes.baseAddress!)
        Parallel.forEach(ws.blocksHigh, threads: threads) { rows in
            for by in rows {
                for bx in 0..<bw {
                    let ends = principalEnds(ws, bx: bx, by: by)
                    ws.continuous[by * bw + bx] = ends.start
                    extremesTarget.pointer[by * bw + bx] = ends.extremes
                }
            }
        }
        EndpointQuantization.quantizeNearest(ws, threads: threads, from: extremes)
        FourLevelModulation.selectAll(ws, threads: threads, blockErrors: boxErrors)
        _ = boxWords.initialize(from: ws.colorWords)
        EndpointQuantization.quantizeNearest(ws, threads: threads)
        FourLevelModulation.selectAll(ws, threads: threads, blockErrors: startErrors)
        for k in 0..<count where 2 * boxErrors[k] < startErrors[k] {
            let block = PVRTCBlock(modulation: 0, color: boxWords[k])
            ws.setEndpoints(k, block.colorA, block.colorB, punchThrough: ws.isPunchThrough(k))
            ws.continuous[k] = extremes[k]
        }
        FourLevelModulation.selectAll(ws, threads: threads)
    }

    /// The starting endpoints and the extreme projections on the window's principal axis, darker
    /// first, in 8-bit units; alpha from the extremes of the window (less the transparent pixels of cut-out
    /// blocks, which punch-through decodes whatever the endpoints' alpha).
    static func principalEnds(_ ws: EncoderWorkspace, bx: Int, by: Int) -> (start: SIMD8<Float>, extremes: SIMD8<Float>)
    {
        let gridWidth = ws.width
        let gridHeight = ws.height
        let shape = ws.windowShape
        let left = ws.windowLeft(bx)
        let top = ws.windowTop(by)
        var sum = SIMD4<Float>.zero
        var total: Float = 0
        for j in 0..<shape.rows {
            let y = wrapped(top + j, gridHeight)
            for i in 0..<shape.columns {
                let p = y * ws.width + wrapped(left + i, gridWidth)
                let s = SIMD4<Float>(ws.source[p])
                let w = Float(shape.weights[shape.columns * j + i]) * (s[3] + 1) / 256
                sum += s * w
                total += w
            }
        }
        // Only the colour of the mean is used: the axis is fitted to RGB, the alpha ends are the extremes.
        let mean = sum / total
        var c00: Float = 0
        var c01: Float = 0
        var c02: Float = 0
        var c11: Float = 0
        var c12: Float = 0
        var c22: Float = 0
        for j in 0..<shape.rows {
            let y = wrapped(top + j, gridHeight)
            for i in 0..<shape.columns {
                let p = y * ws.width + wrapped(left + i, gridWidth)
                let s = SIMD4<Float>(ws.source[p])
                let w = Float(shape.weights[shape.columns * j + i]) * (s[3] + 1) / 256
                let d = s - mean
                c00 += w * d[0] * d[0]
                c01 += w * d[0] * d[1]
                c02 += w * d[0] * d[2]
                c11 += w * d[1] * d[1]
                c12 += w * d[1] * d[2]
                c22 += w * d[2] * d[2]
            }
        }
        var axis = SIMD3<Float>(0.2126, 0.7152, 0.0722)
        for _ in 0..<8 {
            let next = SIMD3<Float>(
                c00 * axis[0] + c01 * axis[1] + c02 * axis[2],
                c01 * axis[0] + c11 * axis[1] + c12 * axis[2],
                c02 * axis[0] + c12 * axis[1] + c22 * axis[2])
            let length = (next * next).sum().squareRoot()
            if length < 1e-6 { break }
            axis = next / length
        }
        if (axis * SIMD3<Float>(0.2126, 0.7152, 0.0722)).sum() < 0 { axis = -axis }
        var low: Float = 0
        var high: Float = 0
        var alphaLow: Float = 255
        var alphaHigh: Float = 0
        for j in 0..<shape.rows {
            let y = wrapped(top + j, gridHeight)
            for i in 0..<shape.columns {
                let x = wrapped(left + i, gridWidth)
                let p = y * ws.width + x
                let s = SIMD4<Float>(ws.source[p])
                // Transparent pixels of cut-out blocks decode through punch-through, whatever the alpha.
                if s[3] > 0 || !ws.cutOut[ws.blockIndex(x: x, y: y)] {
                    alphaLow = min(alphaLow, s[3])
                    alphaHigh = max(alphaHigh, s[3])
                }
                if s[3] == 0 { continue }
                let t = ((SIMD3(s[0], s[1], s[2]) - SIMD3(mean[0], mean[1], mean[2])) * axis).sum()
                low = min(low, t)
                high = max(high, t)
            }
        }
        let scatter = SIMD3<Float>(
            c00 * axis[0] + c01 * axis[1] + c02 * axis[2],
            c01 * axis[0] + c11 * axis[1] + c12 * axis[2],
            c02 * axis[0] + c12 * axis[1] + c22 * axis[2])
        let sigma = ((scatter * axis).sum() / total).squareRoot()
        if alphaLow > alphaHigh { (alphaLow, alphaHigh) = (255, 255) }
        let centre = SIMD3(mean[0], mean[1], mean[2])
        func ends(_ low: Float, _ high: Float) -> SIMD8<Float> {
            let a = SIMD4(centre + axis * low, alphaLow)
            let b = SIMD4(centre + axis * high, alphaHigh)
            return SIMD8(lowHalf: a, highHalf: b).clamped(lowerBound: .zero, upperBound: SIMD8(repeating: 255))
        }
        return (ends(max(low, -spread * sigma), min(high, spread * sigma)), ends(low, high))
    }
}
