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

    /// The sort key of a pixel: luma in 64ths, plus alpha where the image has alpha (`keyWeights`),
    /// a whole number held exactly in a `Float` (packed 32-bit integer multiplies are slow in the
    /// baseline x86-64 instruction set).
    @inline(__always)
    static func key(_ s: SIMD4<Float>, _ keyWeights: SIMD4<Float>) -> Float {
        let m = s * keyWeights
        return (m[0] + m[1]) + (m[2] + m[3])
    }

    /// The starting endpoints of block (bx, by), A (low half) darker, in 8-bit units.
    @inline(__always)
    static func ends(
        _ ws: EncoderWorkspace, geometry: FastestGeometry, bx: Int, by: Int, cutOut: Bool, hasAlpha: Bool
    ) -> SIMD8<Float> {
        let gw = geometry.blockWidth
        let gh = geometry.blockHeight
        let keyWeights = SIMD4<Float>(13, 46, 5, hasAlpha ? 64 : 0)
        let source = ws.source
        let width = ws.width
        var sum = SIMD4<Int32>.zero
        var keySum: Float = 0
        var count: Int32 = 0
        for j in 0..<gh {
            let row = (gh * by + j) * width + gw * bx
            for i in 0..<gw {
                let s = source[row + i]
                if cutOut && s[3] == 0 { continue }
                sum &+= s
                keySum += key(SIMD4<Float>(s), keyWeights)
                count &+= 1
            }
        }
        if count == 0 { return SIMD8(0, 0, 0, 255, 0, 0, 0, 255) }
        var low = SIMD4<Int32>.zero
        var lowCount: Int32 = 0
        let total = Float(count)
        for j in 0..<gh {
            let row = (gh * by + j) * width + gw * bx
            for i in 0..<gw {
                let s = source[row + i]
                if cutOut && s[3] == 0 { continue }
                if key(SIMD4<Float>(s), keyWeights) * total <= keySum {
                    low &+= s
                    lowCount &+= 1
                }
            }
        }
        let mean = SIMD4<Float>(sum) / Float(count)
        let highCount = count - lowCount
        let lowMean = lowCount > 0 ? SIMD4<Float>(low) / Float(lowCount) : mean
        let highMean = highCount > 0 ? SIMD4<Float>(sum &- low) / Float(highCount) : mean
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
