/// Stage 1: consistent starting endpoints. For every block, the principal axis of its 7×7 influence
/// window (weighted by the bilinear weights, wrapped), the extremes of the pixels projected on it give
/// A and B; the axis is oriented so that A is always the darker end by Rec.709 luma, which keeps
/// neighbouring blocks (interpolated separately for A and B) in agreement.
enum InitialEndpoints {
    /// Sets every block's continuous endpoints, then rounds them to the nearest codes.
    static func compute(_ ws: EncoderWorkspace, threads: Int) {
        let bw = ws.blocksWide
        Parallel.forEach(ws.blocksHigh, threads: threads) { rows in
            for by in rows {
                for bx in 0..<bw {
                    ws.continuous[by * bw + bx] = principalExtremes(ws, bx: bx, by: by)
                }
            }
        }
        EndpointQuantization.quantizeNearest(ws, threads: threads)
    }

    /// The two ends of the window's principal axis, darker first, in 8-bit units.
    static func principalExtremes(_ ws: EncoderWorkspace, bx: Int, by: Int) -> SIMD8<Float> {
        let wm = ws.width - 1, hm = ws.height - 1
        var sum = SIMD4<Float>.zero, total: Float = 0
        var alphaSum: Float = 0, alphaTotal: Float = 0
        for j in 0..<7 {
            let y = (4 * by - 1 + j) & hm
            for i in 0..<7 {
                let p = y * ws.width + ((4 * bx - 1 + i) & wm)
                let s = SIMD4<Float>(ws.source[p])
                let beta = Float(BlockWindow.blockWeights[7 * j + i])
                let w = beta * (s[3] + 1) / 256
                sum += s * w
                total += w
                alphaSum += s[3] * beta
                alphaTotal += beta
            }
        }
        var mean = sum / total
        mean[3] = alphaSum / alphaTotal
        var c00: Float = 0, c01: Float = 0, c02: Float = 0, c11: Float = 0, c12: Float = 0, c22: Float = 0
        for j in 0..<7 {
            let y = (4 * by - 1 + j) & hm
            for i in 0..<7 {
                let p = y * ws.width + ((4 * bx - 1 + i) & wm)
                let s = SIMD4<Float>(ws.source[p])
                let w = Float(BlockWindow.blockWeights[7 * j + i]) * (s[3] + 1) / 256
                let d = s - mean
                c00 += w * d[0] * d[0]; c01 += w * d[0] * d[1]; c02 += w * d[0] * d[2]
                c11 += w * d[1] * d[1]; c12 += w * d[1] * d[2]; c22 += w * d[2] * d[2]
            }
        }
        var axis = SIMD3<Float>(0.2126, 0.7152, 0.0722)
        for _ in 0..<8 {
            let next = SIMD3<Float>(c00 * axis[0] + c01 * axis[1] + c02 * axis[2],
                                    c01 * axis[0] + c11 * axis[1] + c12 * axis[2],
                                    c02 * axis[0] + c12 * axis[1] + c22 * axis[2])
            let length = (next * next).sum().squareRoot()
            if length < 1e-6 { break }
            axis = next / length
        }
        if (axis * SIMD3<Float>(0.2126, 0.7152, 0.0722)).sum() < 0 { axis = -axis }
        var low: Float = 0, high: Float = 0, alphaLow: Float = 255, alphaHigh: Float = 0
        for j in 0..<7 {
            let y = (4 * by - 1 + j) & hm
            for i in 0..<7 {
                let p = y * ws.width + ((4 * bx - 1 + i) & wm)
                let s = SIMD4<Float>(ws.source[p])
                alphaLow = min(alphaLow, s[3])
                alphaHigh = max(alphaHigh, s[3])
                if s[3] == 0 { continue }
                let t = ((SIMD3(s[0], s[1], s[2]) - SIMD3(mean[0], mean[1], mean[2])) * axis).sum()
                low = min(low, t)
                high = max(high, t)
            }
        }
        let colorLow = SIMD3(mean[0], mean[1], mean[2]) + axis * low
        let colorHigh = SIMD3(mean[0], mean[1], mean[2]) + axis * high
        let a = SIMD4(colorLow, alphaLow).clamped(lowerBound: .zero, upperBound: SIMD4(repeating: 255))
        let b = SIMD4(colorHigh, alphaHigh).clamped(lowerBound: .zero, upperBound: SIMD4(repeating: 255))
        return SIMD8(lowHalf: a, highHalf: b)
    }
}
