import PVRTC

/// Stage 4 of ``FastestEncoder``: every pixel's modulation against the exact decoder arithmetic
/// (reference A.3/A.4) for the quantised endpoints, and each block's mode.
///
/// Works block by block: the 3×3 blocks around a block are loaded once and each quarter of the block
/// interpolates between the four of them its pixels lie between, so no pixel pays for wrapping or
/// index arithmetic. Cut-out blocks use punch-through; other blocks use the standard mode, and with
/// `tryPunchThrough` whichever of the two gives the block's pixels less error (what
/// ``FourLevelModulation/selectBlock(_:bx:by:)`` does, at twice the cost per pixel).
enum FastestModulation {
    /// Chooses the modulation of every pixel and the mode of every block.
    static func selectAll(_ ws: EncoderWorkspace, geometry: FastestGeometry, tryPunchThrough: Bool, threads: Int) {
        let bw = ws.blocksWide
        Parallel.forEach(ws.blocksHigh, threads: threads) { rows in
            for by in rows {
                for bx in 0..<bw {
                    if ws.hasLuma {
                        selectBlock(
                            luma: true, ws, geometry: geometry, bx: bx, by: by, tryPunchThrough: tryPunchThrough)
                    } else {
                        selectBlock(
                            luma: false, ws, geometry: geometry, bx: bx, by: by, tryPunchThrough: tryPunchThrough)
                    }
                }
            }
        }
    }

    /// Mode and modulation of block (bx, by).
    ///
    /// The decode is exact integer arithmetic carried in `Float` lanes (every intermediate is a multiple
    /// of 1/64 below 2¹¹, floors taken by rounding after a bias below one half), because packed 32-bit
    /// integer multiplies and float-to-integer vector conversions are slow or absent in the baseline
    /// x86-64 instruction set the package builds for.
    @inline(__always)
    static func selectBlock(
        luma hasLuma: Bool, _ ws: EncoderWorkspace, geometry: FastestGeometry, bx: Int, by: Int, tryPunchThrough: Bool
    ) {
        let gw = geometry.blockWidth
        let gh = geometry.blockHeight
        let bw = ws.blocksWide
        let k = by * bw + bx
        let punchOnly = ws.cutOut[k]
        let both = tryPunchThrough && !punchOnly
        let luma = SIMD4<Float>(ws.lumaWeights)
        // Buffers in locals: loads through the class would be repeated on every pixel.
        let expanded = ws.expanded
        let source = ws.source
        let errorWeights = ws.errorWeights
        // Opaque workspaces of `fastest` have no per-pixel weights: every pixel's is `channelWeights`.
        let perPixelWeights = ws.hasAlpha
        let fixedWeights = SIMD4<Float>(ws.channelWeights)
        let width = ws.width
        let rows = (ws.wrapBlockY(by - 1) * bw, by * bw, ws.wrapBlockY(by + 1) * bw)
        let columns = (ws.wrapBlockX(bx - 1), bx, ws.wrapBlockX(bx + 1))
        var standard: UInt32 = 0
        var punch: UInt32 = 0
        var standardError: Float = 0
        var punchError: Float = 0
        for quarter in 0..<4 {
            // Quarter (qx, qy): the pixels left/right of and above/below the block centre.
            let qx = quarter & 1
            let qy = quarter >> 1
            let left = qx == 0 ? columns.0 : columns.1
            let right = qx == 0 ? columns.1 : columns.2
            let top = qy == 0 ? rows.0 : rows.1
            let bottom = qy == 0 ? rows.1 : rows.2
            let c00 = SIMD8<Float>(expanded[top + left])
            let c10 = SIMD8<Float>(expanded[top + right])
            let c01 = SIMD8<Float>(expanded[bottom + left])
            let c11 = SIMD8<Float>(expanded[bottom + right])
            for j in 0..<gh / 2 {
                let py = qy * gh / 2 + j
                // Vertical position between the two block centres, in 0..<gh.
                let yr = Float(py + gh / 2 - qy * gh)
                let l = c00 * (Float(gh) - yr) + c01 * yr
                let r = c10 * (Float(gh) - yr) + c11 * yr
                let row = (gh * by + py) * width + gw * bx
                for i in 0..<gw / 2 {
                    let px = qx * gw / 2 + i
                    let xr = Float(px + gw / 2 - qx * gw)
                    let e = eightBit(l * (Float(gw) - xr) + r * xr)
                    let p = row + px
                    let shift = UInt32(2 * (gw * py + px))
                    let target = SIMD4<Float>(source[p])
                    let weights = perPixelWeights ? SIMD4<Float>(errorWeights[p]) : fixedWeights
                    if !punchOnly {
                        let s = best(
                            e, target: target, weights: weights, luma: luma, hasLuma: hasLuma, punchThrough: false)
                        standard |= UInt32(s.bits) << shift
                        standardError += s.error
                    }
                    if punchOnly || both {
                        let t = best(
                            e, target: target, weights: weights, luma: luma, hasLuma: hasLuma, punchThrough: true)
                        punch |= UInt32(t.bits) << shift
                        punchError += t.error
                    }
                }
            }
        }
        let usePunch = punchOnly || (both && punchError < standardError)
        ws.setPunchThrough(k, usePunch)
        let word = usePunch ? punch : standard
        for j in 0..<gh {
            let row = (gh * by + j) * ws.width + gw * bx
            for i in 0..<gw {
                ws.modulation[row + i] = UInt8((word >> UInt32(2 * (gw * j + i))) & 3)
            }
        }
    }

    /// The best modulation value of one pixel and its weighted squared error: the choice of
    /// ``FourLevelModulation/best(_:_:target:weights:luma:punchThrough:)`` (up to ties and `Float`
    /// rounding of very large errors), with the four candidates evaluated side by side: lane m of
    /// each vector is candidate m's difference in one channel.
    /// - Parameters:
    ///   - endpoints: the pixel's exact 8-bit A (low half) and B (high half) colours.
    ///   - hasLuma: whether the metric has the luma term (opaque images; alpha error is then not counted).
    ///   - punchThrough: the mode of the block holding the pixel; value 2 then decodes with alpha 0.
    @inline(__always)
    static func best(
        _ endpoints: SIMD8<Float>, target: SIMD4<Float>, weights: SIMD4<Float>, luma: SIMD4<Float>, hasLuma: Bool,
        punchThrough: Bool
    ) -> (bits: UInt8, error: Float) {
        // Candidate m decodes as ⌊(wa[m]·A + wb[m]·B) / 8⌋: standard 0, 3/8, 5/8, 1; punch-through 0, ½, ½, 1.
        let wa = punchThrough ? SIMD4<Float>(1, 0.5, 0.5, 0) : SIMD4<Float>(1, 0.625, 0.375, 0)
        let wb = 1 - wa
        @inline(__always) func difference(_ c: Int) -> SIMD4<Float> {
            // The sum is a multiple of 1/8; less 7/16 it rounds to its floor.
            nearestInteger(wa * endpoints[c] + wb * endpoints[c + 4] - 0.4375) - target[c]
        }
        let r = difference(0)
        let g = difference(1)
        let b = difference(2)
        var cost = r * r * weights[0] + g * g * weights[1] + b * b * weights[2]
        if hasLuma {
            let y = r * luma[0] + g * luma[1] + b * luma[2]
            cost += y * y
        } else {
            var a = difference(3)
            if punchThrough { a[2] = -target[3] }
            cost += a * a * weights[3]
        }
        // The lowest-numbered cheapest candidate, without branches.
        // (`SIMD.min()` is not inlined; the lane-wise minimum below is.)
        let error = Swift.min(Swift.min(cost[0], cost[1]), Swift.min(cost[2], cost[3]))
        let lanes = SIMD4<Int32>(0, 1, 2, 3).replacing(with: 3, where: cost .!= error)
        let low = pointwiseMin(lanes, SIMD4(lanes[2], lanes[3], lanes[0], lanes[1]))
        let bits = UInt8(truncatingIfNeeded: Swift.min(low[0], low[1]))
        return (bits, error)
    }

    /// `x` rounded to the nearest integer, for |x| < 2²²: adding and taking away 1.5·2²³ leaves no
    /// fraction bits (round to nearest even, the default mode).
    @inline(__always)
    static func nearestInteger<V: SIMD>(_ x: V) -> V where V.Scalar == Float {
        (x + 12_582_912) - 12_582_912
    }

    /// The exact 8-bit endpoint colours (reference A.3 step 4: RGB `C/2 + C/64`, alpha `C + C/16`,
    /// divisions rounding down) of a 4555 bilinear sum held as whole numbers in `Float` lanes.
    @inline(__always)
    static func eightBit(_ c: SIMD8<Float>) -> SIMD8<Float> {
        let half = SIMD8<Float>(0.5, 0.5, 0.5, 1, 0.5, 0.5, 0.5, 1)
        let halfBias = SIMD8<Float>(0.25, 0.25, 0.25, 0, 0.25, 0.25, 0.25, 0)
        let small = SIMD8<Float>(1.0 / 64, 1.0 / 64, 1.0 / 64, 1.0 / 16, 1.0 / 64, 1.0 / 64, 1.0 / 64, 1.0 / 16)
        let smallBias = SIMD8<Float>(
            31.5 / 64, 31.5 / 64, 31.5 / 64, 7.5 / 16, 31.5 / 64, 31.5 / 64, 31.5 / 64, 7.5 / 16)
        return nearestInteger(c * half - halfBias) + nearestInteger(c * small - smallBias)
    }
}
