import PVRTC

/// Stage 4 of ``FastestEncoder`` for opaque 4bpp images: every pixel's modulation against the exact
/// decoder arithmetic (reference A.3/A.4), row by row with four block columns side by side in each
/// vector.
///
/// The choice is ``FastestModulation``'s (standard mode, the lowest-numbered cheapest of the four
/// values, the same `Float` error in the same order), but the work is laid out the other way round:
/// lane `l` of every vector is the pixel at the same offset past the centre of block column `c + l`.
/// Between two block rows the decoder's vertical sums change by the same step on every pixel row, and
/// along a row the horizontal sums by the same step on every pixel, so the bilinear upscale is integer
/// additions only; the 8-bit endpoints and the two middle values are shifts and additions, exact in
/// 32-bit lanes. Only the error is `Float`. The block rows of one band (the pixel rows between two
/// block centres) are written by one worker, so the output does not depend on the thread count.
enum FastestRowModulation {
    /// The 4555 lanes that count for an opaque image: A.r, A.g, A.b, B.r, B.g, B.b.
    static let channels = 6

    /// Chooses the modulation of every pixel of an opaque workspace (block modes are standard already).
    static func selectAll(_ ws: EncoderWorkspace, threads: Int) {
        precondition(ws.blockWidth == 4 && ws.blockHeight == 4 && !ws.hasAlpha)
        let bw = ws.blocksWide
        // Four columns per vector; one more column for the right-hand neighbour of the last lane.
        let padded = (bw + 3) & ~3
        let stride = padded + 4
        Parallel.forEach(ws.blocksHigh, threads: threads) { bands in
            // Per-channel rows of vertical sums (`v`) and their step per pixel row (`step`).
            let v = UnsafeMutablePointer<Int32>.allocate(capacity: 2 * channels * stride)
            defer { v.deallocate() }
            let step = v + channels * stride
            for t in bands {
                band(ws, t: t, v: v, step: step, stride: stride, padded: padded)
            }
        }
    }

    /// The four pixel rows between block rows `t` and `t + 1` (wrapped).
    @inline(__always)
    static func band(
        _ ws: EncoderWorkspace, t: Int, v: UnsafeMutablePointer<Int32>, step: UnsafeMutablePointer<Int32>,
        stride: Int, padded: Int
    ) {
        let bw = ws.blocksWide
        let expanded = ws.expanded
        let source = ws.source
        let modulation = ws.modulation
        let width = ws.width
        let gridWidth = width
        let top = t * bw
        let bottom = ws.wrapBlockY(t + 1) * bw
        for c in 0...padded {
            let k = wrapped(c, bw)
            let e0 = expanded[top + k]
            let e1 = expanded[bottom + k]
            let start = e0 &<< 2
            let change = e1 &- e0
            v[c] = start[0]
            v[stride + c] = start[1]
            v[2 * stride + c] = start[2]
            v[3 * stride + c] = start[4]
            v[4 * stride + c] = start[5]
            v[5 * stride + c] = start[6]
            step[c] = change[0]
            step[stride + c] = change[1]
            step[2 * stride + c] = change[2]
            step[3 * stride + c] = change[4]
            step[4 * stride + c] = change[5]
            step[5 * stride + c] = change[6]
        }
        let weights = SIMD4<Float>(ws.channelWeights)
        let luma = SIMD4<Float>(ws.lumaWeights)
        for fy in 0..<4 {
            if fy > 0 {
                for n in 0..<channels * stride { v[n] &+= step[n] }
            }
            let y = wrapped(4 * t + 2 + fy, ws.height)
            let row = y * width
            for c0 in Swift.stride(from: 0, to: padded, by: 4) {
                @inline(__always) func left(_ n: Int) -> SIMD4<Int32> {
                    UnsafeRawPointer(v + n * stride + c0).loadUnaligned(as: SIMD4<Int32>.self)
                }
                @inline(__always) func right(_ n: Int) -> SIMD4<Int32> {
                    UnsafeRawPointer(v + n * stride + c0 + 1).loadUnaligned(as: SIMD4<Int32>.self)
                }
                // Horizontal sums at offset 0 past the left centre, and their step per pixel.
                var h0 = left(0) &<< 2
                var h1 = left(1) &<< 2
                var h2 = left(2) &<< 2
                var h3 = left(3) &<< 2
                var h4 = left(4) &<< 2
                var h5 = left(5) &<< 2
                let d0 = right(0) &- left(0)
                let d1 = right(1) &- left(1)
                let d2 = right(2) &- left(2)
                let d3 = right(3) &- left(3)
                let d4 = right(4) &- left(4)
                let d5 = right(5) &- left(5)
                for xr in 0..<4 {
                    if xr > 0 {
                        h0 &+= d0
                        h1 &+= d1
                        h2 &+= d2
                        h3 &+= d3
                        h4 &+= d4
                        h5 &+= d5
                    }
                    let x = 4 * c0 + 2 + xr
                    let x0 = wrapped(x, gridWidth)
                    let x1 = wrapped(x + 4, gridWidth)
                    let x2 = wrapped(x + 8, gridWidth)
                    let x3 = wrapped(x + 12, gridWidth)
                    let p0 = source[row + x0]
                    let p1 = source[row + x1]
                    let p2 = source[row + x2]
                    let p3 = source[row + x3]
                    let sr = SIMD4(p0[0], p1[0], p2[0], p3[0])
                    let sg = SIMD4(p0[1], p1[1], p2[1], p3[1])
                    let sb = SIMD4(p0[2], p1[2], p2[2], p3[2])
                    let bits = best(
                        a: (eightBit(h0), eightBit(h1), eightBit(h2)), b: (eightBit(h3), eightBit(h4), eightBit(h5)),
                        target: (sr, sg, sb), weights: weights, luma: luma)
                    modulation[row + x0] = UInt8(truncatingIfNeeded: bits[0])
                    modulation[row + x1] = UInt8(truncatingIfNeeded: bits[1])
                    if c0 + 2 < bw {
                        modulation[row + x2] = UInt8(truncatingIfNeeded: bits[2])
                        modulation[row + x3] = UInt8(truncatingIfNeeded: bits[3])
                    }
                }
            }
        }
    }

    /// The exact 8-bit value of a 4555 RGB bilinear sum (reference A.3 step 4: `C/2 + C/64`).
    @inline(__always)
    static func eightBit(_ c: SIMD4<Int32>) -> SIMD4<Int32> {
        (c &>> 1) &+ (c &>> 6)
    }

    /// Per lane, the lowest-numbered cheapest standard modulation value for 8-bit endpoints `a`, `b`
    /// and the pixel `target` (R, G, B each a vector of four pixels).
    @inline(__always)
    static func best(
        a: (SIMD4<Int32>, SIMD4<Int32>, SIMD4<Int32>), b: (SIMD4<Int32>, SIMD4<Int32>, SIMD4<Int32>),
        target: (SIMD4<Int32>, SIMD4<Int32>, SIMD4<Int32>), weights: SIMD4<Float>, luma: SIMD4<Float>
    ) -> SIMD4<Int32> {
        let (r1, r2) = middle(a.0, b.0)
        let (g1, g2) = middle(a.1, b.1)
        let (b1, b2) = middle(a.2, b.2)
        @inline(__always) func cost(_ r: SIMD4<Int32>, _ g: SIMD4<Int32>, _ b: SIMD4<Int32>) -> SIMD4<Float> {
            let dr = SIMD4<Float>(r &- target.0)
            let dg = SIMD4<Float>(g &- target.1)
            let db = SIMD4<Float>(b &- target.2)
            let y = dr * luma[0] + dg * luma[1] + db * luma[2]
            return dr * dr * weights[0] + dg * dg * weights[1] + db * db * weights[2] + y * y
        }
        let c0 = cost(a.0, a.1, a.2)
        let c1 = cost(r1, g1, b1)
        let c2 = cost(r2, g2, b2)
        let c3 = cost(b.0, b.1, b.2)
        let lower01 = c1 .< c0
        let index01 = SIMD4<Int32>(repeating: 0).replacing(with: 1, where: lower01)
        let min01 = c0.replacing(with: c1, where: lower01)
        let lower23 = c3 .< c2
        let index23 = SIMD4<Int32>(repeating: 2).replacing(with: 3, where: lower23)
        let min23 = c2.replacing(with: c3, where: lower23)
        return index01.replacing(with: index23, where: min23 .< min01)
    }

    /// The two middle values of endpoints `a` and `b`, lane by lane: value m decodes as
    /// ⌊(wa·A + wb·B) / 8⌋ with (wa, wb) = (8, 0), (5, 3), (3, 5), (0, 8).
    @inline(__always)
    static func middle(_ a: SIMD4<Int32>, _ b: SIMD4<Int32>) -> (SIMD4<Int32>, SIMD4<Int32>) {
        let sum = a &+ b
        let three = sum &+ (sum &<< 1)
        return ((three &+ (a &<< 1)) &>> 3, (three &+ (b &<< 1)) &>> 3)
    }
}
