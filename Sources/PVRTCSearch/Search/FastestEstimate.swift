import PVRTC

/// Stage 1 of ``FastestEncoder``: one pass of endpoint estimation per block, from the block's own
/// pixels in integer arithmetic.
///
/// The pixels are split at the block's mean key (Rec.709 luma in 64ths, plus alpha for images with
/// alpha) into a darker and a brighter group; A and B start at the group means pushed out from the
/// block mean by ``spread``, which puts them near the ends of the pixels' spread without the
/// outliers' pull that bounding-box endpoints suffer. Cut-out blocks fit their visible pixels only,
/// with opaque endpoints (their transparent pixels decode through punch-through).
enum FastestEstimate {
    /// How far past the group means, as a multiple of their distance from the block mean, the
    /// endpoints start.
    static let spread: Float = 1.25

    /// Sets every block's continuous endpoints and its punch-through flag (cut-out blocks only).
    static func estimate(_ ws: EncoderWorkspace, geometry: FastestGeometry, threads: Int) {
        let bw = ws.blocksWide
        Parallel.forEach(ws.blocksHigh, threads: threads) { rows in
            let continuous = ws.continuous
            for by in rows {
                for bx in 0..<bw {
                    let k = by * bw + bx
                    if ws.hasAlpha {
                        let cutOut = ws.cutOut[k]
                        continuous[k] = ends(ws, geometry: geometry, bx: bx, by: by, cutOut: cutOut, hasAlpha: true)
                        ws.setPunchThrough(k, cutOut)
                    } else {
                        continuous[k] = ends(ws, geometry: geometry, bx: bx, by: by, cutOut: false, hasAlpha: false)
                        ws.setPunchThrough(k, false)
                    }
                }
            }
        }
    }

    /// Four pixels of a row, one vector per channel (lane i is pixel i), as whole numbers in `Float`
    /// lanes.
    @inline(__always)
    static func channels(_ source: UnsafeMutableBufferPointer<SIMD4<Int32>>, at p: Int)
        -> (r: SIMD4<Float>, g: SIMD4<Float>, b: SIMD4<Float>, a: SIMD4<Float>)
    {
        let p0 = SIMD4<Float>(source[p])
        let p1 = SIMD4<Float>(source[p + 1])
        let p2 = SIMD4<Float>(source[p + 2])
        let p3 = SIMD4<Float>(source[p + 3])
        return (
            SIMD4(p0[0], p1[0], p2[0], p3[0]), SIMD4(p0[1], p1[1], p2[1], p3[1]), SIMD4(p0[2], p1[2], p2[2], p3[2]),
            SIMD4(p0[3], p1[3], p2[3], p3[3])
        )
    }

    /// The sort keys of four pixels: luma in 64ths, plus alpha times `alphaKey`.
    @inline(__always)
    static func key(
        _ r: SIMD4<Float>, _ g: SIMD4<Float>, _ b: SIMD4<Float>, _ a: SIMD4<Float>, alphaKey: Float
    ) -> SIMD4<Float> {
        let rg: SIMD4<Float> = r * 13 + g * 46
        let ba: SIMD4<Float> = b * 5 + a * alphaKey
        return rg + ba
    }

    /// The starting endpoints of block (bx, by), A (low half) darker, in 8-bit units.
    ///
    /// Each row's four pixels are the lanes of one vector per channel. Sums and sort keys (luma in
    /// 64ths, plus alpha where the image has alpha) are whole numbers below 2²⁴, exact in `Float`
    /// (packed 32-bit integer multiplies are slow in the baseline x86-64 instruction set).
    @inline(__always)
    static func ends(
        _ ws: EncoderWorkspace, geometry: FastestGeometry, bx: Int, by: Int, cutOut: Bool, hasAlpha: Bool
    ) -> SIMD8<Float> {
        let gw = geometry.blockWidth
        let gh = geometry.blockHeight
        let alphaKey: Float = hasAlpha ? 64 : 0
        let source = ws.source
        let width = ws.width
        var sumR = SIMD4<Float>.zero
        var sumG = SIMD4<Float>.zero
        var sumB = SIMD4<Float>.zero
        var sumA = SIMD4<Float>.zero
        var keys = SIMD4<Float>.zero
        var counts = SIMD4<Float>.zero
        for j in 0..<gh {
            for i in Swift.stride(from: 0, to: gw, by: 4) {
                var (r, g, b, a) = channels(source, at: (gh * by + j) * width + gw * bx + i)
                var one = SIMD4<Float>(repeating: 1)
                if cutOut {
                    let hidden = a .== 0
                    r.replace(with: 0, where: hidden)
                    g.replace(with: 0, where: hidden)
                    b.replace(with: 0, where: hidden)
                    one.replace(with: 0, where: hidden)
                }
                sumR += r
                sumG += g
                sumB += b
                sumA += a
                keys += key(r, g, b, a, alphaKey: alphaKey)
                counts += one
            }
        }
        let total = counts.sum()
        if total == 0 { return SIMD8(0, 0, 0, 255, 0, 0, 0, 255) }
        let keySum = keys.sum()
        var lowR = SIMD4<Float>.zero
        var lowG = SIMD4<Float>.zero
        var lowB = SIMD4<Float>.zero
        var lowA = SIMD4<Float>.zero
        var lowCounts = SIMD4<Float>.zero
        for j in 0..<gh {
            for i in Swift.stride(from: 0, to: gw, by: 4) {
                let (r, g, b, a) = channels(source, at: (gh * by + j) * width + gw * bx + i)
                var low = key(r, g, b, a, alphaKey: alphaKey) * total .<= keySum
                if cutOut {
                    low .&= a .!= 0
                }
                lowR += r.replacing(with: 0, where: .!low)
                lowG += g.replacing(with: 0, where: .!low)
                lowB += b.replacing(with: 0, where: .!low)
                lowA += a.replacing(with: 0, where: .!low)
                lowCounts += SIMD4<Float>.zero.replacing(with: 1, where: low)
            }
        }
        let sum = SIMD4(sumR.sum(), sumG.sum(), sumB.sum(), sumA.sum())
        let low = SIMD4(lowR.sum(), lowG.sum(), lowB.sum(), lowA.sum())
        let count = total
        let lowCount = lowCounts.sum()
        let mean = sum / count
        let highCount = count - lowCount
        let lowMean = lowCount > 0 ? low / lowCount : mean
        let highMean = highCount > 0 ? (sum - low) / highCount : mean
        var a = mean + (lowMean - mean) * spread
        var b = mean + (highMean - mean) * spread
        if cutOut {
            a[3] = 255
            b[3] = 255
        }
        return clampToByte(SIMD8(lowHalf: a, highHalf: b))
    }

    /// `x` clamped to 0...255 lane by lane (`clamped(lowerBound:upperBound:)` is not inlined).
    @inline(__always)
    static func clampToByte(_ x: SIMD8<Float>) -> SIMD8<Float> {
        x.replacing(with: 0, where: x .< 0).replacing(with: 255, where: x .> 255)
    }
}
